// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/unitlimits.h"

#include "io/textcheck.h"

namespace jw {

namespace {

QString outOfRange(const QString &key, IntRange range, long long n)
{
    return QStringLiteral("'%1' must be from %2 to %3, not %4")
        .arg(key)
        .arg(range.min)
        .arg(range.max)
        .arg(n);
}

QString trackProblem(const QString &key, const Track &t)
{
    if (t.size() > unitlimits::kMaxTrackBoxes)
        return QStringLiteral("'%1' has %2 boxes, at most %3")
            .arg(key)
            .arg(t.size())
            .arg(unitlimits::kMaxTrackBoxes);
    for (int i = 0; i < t.size(); ++i) {
        const int b = t.boxes[std::size_t(i)];
        if (!unitlimits::kBox.contains(b))
            return outOfRange(key + QStringLiteral(" box"), unitlimits::kBox, b);
        const int before = i == 0 ? 0 : t.boxes[std::size_t(i - 1)];
        if (b < before || b > before + 1)
            return QStringLiteral("'%1' boxes must start at 1 and go up by 0 or 1").arg(key);
    }
    return {};
}

QString traitsProblem(const std::vector<TraitRef> &traits, const QString &owner, int max)
{
    if (int(traits.size()) > max)
        return QStringLiteral("%1 has %2 traits, at most %3")
            .arg(owner)
            .arg(traits.size())
            .arg(max);
    for (const TraitRef &t : traits) {
        if (const QString p = io::nameProblem(t.name); !p.isEmpty())
            return QStringLiteral("a trait name %1").arg(p);
        if (t.value && !unitlimits::kTraitValue.contains(*t.value))
            return outOfRange(t.name, unitlimits::kTraitValue, *t.value);
        if (!unitlimits::kTraitBoxes.contains(t.boxes))
            return outOfRange(t.name + QStringLiteral(" boxes"), unitlimits::kTraitBoxes, t.boxes);
    }
    return {};
}

} // namespace

QString unitLimitProblem(const Unit &u)
{
    using namespace unitlimits;
    const struct
    {
        const char *key;
        const QString &text;
        int maxLength;
        bool name;
    } texts[] = {
        {"id", u.id, io::kMaxNameLength, true},
        {"name", u.name, io::kMaxNameLength, true},
        {"faction", u.faction, io::kMaxNameLength, true},
        {"class", u.shipClass, io::kMaxNameLength, true},
        {"rules_version", u.rulesVersion, io::kMaxNameLength, true},
        {"provenance", u.provenance, kMaxNoteLength, false},
        {"description", u.description, kMaxNoteLength, false},
    };
    for (const auto &t : texts) {
        const QString p
            = t.name ? io::nameProblem(t.text, t.maxLength) : io::textProblem(t.text, t.maxLength);
        if (!p.isEmpty())
            return QStringLiteral("'%1' %2").arg(QLatin1String(t.key), p);
    }
    if (u.sources.size() > std::size_t(kMaxSources))
        return QStringLiteral("'sources' has %1 entries, at most %2")
            .arg(u.sources.size())
            .arg(kMaxSources);
    for (const auto &[field, source] : u.sources) {
        if (const QString p = io::nameProblem(field, io::kMaxNameLength + 8); !p.isEmpty())
            return QStringLiteral("'sources' key %1").arg(p);
        if (const QString p = io::textProblem(source.where, kMaxNoteLength); !p.isEmpty())
            return QStringLiteral("'sources' of '%1': %2").arg(field, p);
    }
    if (const QString p = io::textProblem(u.defaultSource.where, kMaxNoteLength); !p.isEmpty())
        return QStringLiteral("'sources' default: %1").arg(p);

    const struct
    {
        const char *key;
        int value;
        IntRange range;
    } numbers[] = {
        {"tv", u.tv, kTv},
        // 0: no Unit Cap printed.
        {"uc", u.unitCap, IntRange {0, kUnitCap.max}},
        {"speed", u.speed, kSpeed},
        {"turns", u.turns, kTurns},
        {"fire_control", u.fireControl, kFireControl},
        {"skill", u.skill, kSkill},
        {"armor fore", u.armor.fore, kArmor},
        {"armor sides", u.armor.sides, kArmor},
        {"armor aft", u.armor.aft, kArmor},
    };
    for (const auto &n : numbers) {
        if (!n.range.contains(n.value))
            return outOfRange(QLatin1String(n.key), n.range, n.value);
    }

    const struct
    {
        const char *key;
        const Track &track;
    } tracks[] = {
        {"structure", u.structure}, {"defense", u.defense}, {"sensors", u.sensors},
        {"thrusters", u.thrusters}, {"marines", u.marines}, {"fuel", u.fuel},
    };
    for (const auto &t : tracks) {
        if (const QString p = trackProblem(QLatin1String(t.key), t.track); !p.isEmpty())
            return p;
    }

    if (int(u.weapons.size()) > kMaxWeapons)
        return QStringLiteral("%1 weapons, at most %2").arg(u.weapons.size()).arg(kMaxWeapons);
    for (const Weapon &w : u.weapons) {
        if (const QString p = io::nameProblem(w.name); !p.isEmpty())
            return QStringLiteral("a weapon's 'name' %1").arg(p);
        if (w.ac && !kDice.contains(*w.ac))
            return outOfRange(QStringLiteral("ac"), kDice, *w.ac);
        if (w.as && !kDice.contains(*w.as))
            return outOfRange(QStringLiteral("as"), kDice, *w.as);
        if (!kMacro.contains(w.macro))
            return outOfRange(QStringLiteral("macro"), kMacro, w.macro);
        if (!kWeaponCount.contains(w.count))
            return outOfRange(QStringLiteral("count"), kWeaponCount, w.count);
        if (const QString p
            = traitsProblem(w.traits, QStringLiteral("weapon '%1'").arg(w.name), kMaxWeaponTraits);
            !p.isEmpty())
            return p;
    }
    if (const QString p = traitsProblem(u.traits, QStringLiteral("the unit"), kMaxTraits);
        !p.isEmpty())
        return p;

    // NaN fails both comparisons: refused too.
    if (!u.base.hex
        && !(u.base.width > 0 && u.base.width <= kMaxBaseInches && u.base.length > 0
             && u.base.length <= kMaxBaseInches))
        return QStringLiteral("'base' must be at most %1 inches a side").arg(kMaxBaseInches);
    return {};
}

} // namespace jw
