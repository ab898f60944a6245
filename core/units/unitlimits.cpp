// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/unitlimits.h"

#include "io/textcheck.h"

namespace jw {

namespace {

DataText outOfRange(const QString &key, IntRange range, long long n)
{
    return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be from %2 to %3, not %4"),
                        {key, range.min, range.max, n});
}

DataText trackProblem(const QString &key, const Track &t)
{
    if (t.size() > unitlimits::kMaxTrackBoxes)
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' has %2 boxes, at most %3"),
                            {key, t.size(), unitlimits::kMaxTrackBoxes});
    for (int i = 0; i < t.size(); ++i) {
        const int b = t.boxes[std::size_t(i)];
        if (!unitlimits::kBox.contains(b))
            return outOfRange(key + QStringLiteral(" box"), unitlimits::kBox, b);
        const int before = i == 0 ? 0 : t.boxes[std::size_t(i - 1)];
        if (b < before || b > before + 1)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "'%1' boxes must start at 1 and go up by 0 or 1"),
                {key});
    }
    return {};
}

DataText traitsProblem(const std::vector<TraitRef> &traits, const DataText &owner, int max)
{
    if (int(traits.size()) > max)
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 has %2 traits, at most %3"),
                            {owner, traits.size(), max});
    for (const TraitRef &t : traits) {
        if (const DataText p = io::nameProblemText(t.name); !p.isEmpty())
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a trait name %1"), {p});
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
    return unitLimitProblemText(u).english();
}

DataText unitLimitProblemText(const Unit &u)
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
        const DataText p = t.name ? io::nameProblemText(t.text, t.maxLength)
                                  : io::textProblemText(t.text, t.maxLength);
        if (!p.isEmpty())
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' %2"),
                                {QString::fromLatin1(t.key), p});
    }
    if (u.sources.size() > std::size_t(kMaxSources))
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'sources' has %1 entries, at most %2"),
                            {u.sources.size(), kMaxSources});
    for (const auto &[field, source] : u.sources) {
        if (const DataText p = io::nameProblemText(field, io::kMaxNameLength + 8); !p.isEmpty())
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'sources' key %1"), {p});
        if (const DataText p = io::textProblemText(source.where, kMaxNoteLength); !p.isEmpty())
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'sources' of '%1': %2"), {field, p});
    }
    if (const DataText p = io::textProblemText(u.defaultSource.where, kMaxNoteLength); !p.isEmpty())
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'sources' default: %1"), {p});

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
            return outOfRange(QString::fromLatin1(n.key), n.range, n.value);
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
        if (const DataText p = trackProblem(QString::fromLatin1(t.key), t.track); !p.isEmpty())
            return p;
    }

    if (int(u.weapons.size()) > kMaxWeapons)
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 weapons, at most %2"),
                            {u.weapons.size(), kMaxWeapons});
    for (const Weapon &w : u.weapons) {
        if (const DataText p = io::nameProblemText(w.name); !p.isEmpty())
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a weapon's 'name' %1"), {p});
        if (w.ac && !kDice.contains(*w.ac))
            return outOfRange(QStringLiteral("ac"), kDice, *w.ac);
        if (w.as && !kDice.contains(*w.as))
            return outOfRange(QStringLiteral("as"), kDice, *w.as);
        if (!kMacro.contains(w.macro))
            return outOfRange(QStringLiteral("macro"), kMacro, w.macro);
        if (!kWeaponCount.contains(w.count))
            return outOfRange(QStringLiteral("count"), kWeaponCount, w.count);
        if (const DataText p = traitsProblem(
                w.traits, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "weapon '%1'"), {w.name}),
                kMaxWeaponTraits);
            !p.isEmpty())
            return p;
    }
    if (const DataText p = traitsProblem(
            u.traits, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the unit")), kMaxTraits);
        !p.isEmpty())
        return p;

    // NaN fails both comparisons: refused too.
    if (!u.base.hex
        && !(u.base.width > 0 && u.base.width <= kMaxBaseInches && u.base.length > 0
             && u.base.length <= kMaxBaseInches))
        return DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "'base' must be at most %1 inches a side"),
            {QString::number(kMaxBaseInches)});
    return {};
}

} // namespace jw
