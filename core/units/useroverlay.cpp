// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/useroverlay.h"

#include "io/outputfile.h"
#include "units/unitdatabase.h"
#include "units/unitloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace jw {

namespace {

// A YAML double-quoted scalar: any text reads back as itself. Escapes are added to the
// text and it is encoded once at the end, so that a character outside the BMP (a UTF-16
// surrogate pair) stays whole.
QByteArray quoted(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + c;
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() < 0xa0))
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return (out + QLatin1Char('"')).toUtf8();
}

int *scalarOf(Unit &u, const QString &field)
{
    static const std::pair<const char *, int Unit::*> fields[] = {
        {"tv", &Unit::tv},
        {"uc", &Unit::unitCap},
        {"speed", &Unit::speed},
        {"turns", &Unit::turns},
        {"fire_control", &Unit::fireControl},
        {"skill", &Unit::skill},
    };
    for (const auto &[name, member] : fields) {
        if (field == QLatin1String(name))
            return &(u.*member);
    }
    if (field == QLatin1String("armor.fore"))
        return &u.armor.fore;
    if (field == QLatin1String("armor.sides"))
        return &u.armor.sides;
    if (field == QLatin1String("armor.aft"))
        return &u.armor.aft;
    return nullptr;
}

Track *trackOf(Unit &u, const QString &field)
{
    static const std::pair<const char *, Track Unit::*> fields[] = {
        {"structure", &Unit::structure}, {"defense", &Unit::defense}, {"sensors", &Unit::sensors},
        {"thrusters", &Unit::thrusters}, {"marines", &Unit::marines}, {"fuel", &Unit::fuel},
    };
    for (const auto &[name, member] : fields) {
        if (field == QLatin1String(name))
            return &(u.*member);
    }
    return nullptr;
}

} // namespace

const QStringList &UserOverlay::valueFields()
{
    static const QStringList f {
        QStringLiteral("tv"),         QStringLiteral("uc"),           QStringLiteral("speed"),
        QStringLiteral("turns"),      QStringLiteral("fire_control"), QStringLiteral("skill"),
        QStringLiteral("armor.fore"), QStringLiteral("armor.sides"),  QStringLiteral("armor.aft")};
    return f;
}

const QStringList &UserOverlay::trackFields()
{
    static const QStringList f {QStringLiteral("structure"), QStringLiteral("defense"),
                                QStringLiteral("sensors"),   QStringLiteral("thrusters"),
                                QStringLiteral("marines"),   QStringLiteral("fuel")};
    return f;
}

QStringList UnitOverride::fields() const
{
    QStringList out;
    for (const QString &f : UserOverlay::valueFields()) {
        if (values.count(f))
            out << f;
    }
    for (const QString &f : UserOverlay::trackFields()) {
        if (tracks.count(f))
            out << f;
    }
    for (const WeaponOverride &w : weapons)
        out << QStringLiteral("weapons.") + w.name;
    return out;
}

const WeaponOverride *UnitOverride::weapon(const QString &name) const
{
    auto it = std::find_if(weapons.begin(), weapons.end(),
                           [&](const WeaponOverride &w) { return w.name == name; });
    return it == weapons.end() ? nullptr : &*it;
}

bool UserOverlay::hasErrors() const
{
    return std::any_of(issues.begin(), issues.end(),
                       [](const DataIssue &i) { return i.isError(); });
}

const UnitOverride *UserOverlay::unit(const QString &id) const
{
    auto it = std::find_if(units.begin(), units.end(),
                           [&](const UnitOverride &o) { return o.unitId == id; });
    return it == units.end() ? nullptr : &*it;
}

void UserOverlay::set(const UnitOverride &o)
{
    auto it = std::find_if(units.begin(), units.end(),
                           [&](const UnitOverride &x) { return x.unitId == o.unitId; });
    if (o.isEmpty()) {
        if (it != units.end())
            units.erase(it);
    } else if (it != units.end()) {
        *it = o;
    } else {
        units.push_back(o);
    }
}

UserOverlay UserOverlay::load(const QString &path, const UnitDatabase &db)
{
    QFile f(path);
    if (!f.exists()) {
        UserOverlay out;
        out.file = path;
        return out;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        UserOverlay out;
        out.file = path;
        out.issues.push_back(DataIssue {path, 0, 0,
                                        QStringLiteral("cannot read: %1").arg(f.errorString()),
                                        DataIssue::Severity::Error});
        return out;
    }
    // The YAML reader refuses what is too big; never read much more than that.
    return parse(f.read(64 * 1024 * 1024), path, db);
}

QByteArray UserOverlay::toYaml() const
{
    QByteArray y = "# jwfleet: unit values entered from printed cards (data/factions/README.md,\n"
                   "# \"Values from a printed card\"). Each replaces the shipped value.\n";
    y += "schema_version: " + QByteArray::number(kUnitSchemaVersion) + "\n";
    if (units.empty())
        return y + "units: {}\n";
    y += "units:\n";
    for (const UnitOverride &o : units) {
        y += "  " + o.unitId.toUtf8() + ":\n";
        if (!o.card.isEmpty())
            y += "    card: " + quoted(o.card) + "\n";
        QByteArrayList armor;
        for (const QString &f : valueFields()) {
            const auto it = o.values.find(f);
            if (it == o.values.end())
                continue;
            if (f.startsWith(QLatin1String("armor.")))
                armor << f.mid(6).toUtf8() + ": " + QByteArray::number(it->second);
            else
                y += "    " + f.toUtf8() + ": " + QByteArray::number(it->second) + "\n";
        }
        if (!armor.isEmpty())
            y += "    armor: {" + armor.join(", ") + "}\n";
        for (const QString &f : trackFields()) {
            const auto it = o.tracks.find(f);
            if (it == o.tracks.end())
                continue;
            QByteArrayList boxes;
            for (int b : it->second.boxes)
                boxes << QByteArray::number(b);
            y += "    " + f.toUtf8() + ": [" + boxes.join(", ") + "]\n";
        }
        if (!o.weapons.empty()) {
            y += "    weapons:\n";
            const auto dice = [](int n) {
                return n == WeaponOverride::kSkillDice ? QByteArray("skill")
                                                       : QByteArray::number(n);
            };
            for (const WeaponOverride &w : o.weapons) {
                QByteArrayList r;
                if (w.arcs)
                    r << "arcs: " + quoted(arcsToString(*w.arcs));
                if (w.ac)
                    r << "ac: " + dice(*w.ac);
                if (w.as)
                    r << "as: " + dice(*w.as);
                if (w.macro)
                    r << "macro: " + QByteArray::number(*w.macro);
                if (w.count)
                    r << "count: " + QByteArray::number(*w.count);
                y += "      " + quoted(w.name) + ": {" + r.join(", ") + "}\n";
            }
        }
    }
    return y;
}

std::optional<QString> UserOverlay::save(const QString &path) const
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return QStringLiteral("cannot create the folder %1").arg(info.absolutePath());
    const QString problem = io::writeFile(path, toYaml());
    if (problem.isEmpty())
        return std::nullopt;
    return problem;
}

Unit UserOverlay::applied(const Unit &shipped, const UnitOverride &o)
{
    Unit u = shipped;
    const ValueSource card {ValueSource::Kind::Card, o.card, true};
    for (const auto &[field, value] : o.values) {
        if (int *v = scalarOf(u, field)) {
            *v = value;
            u.sources[field] = card;
        }
    }
    for (const auto &[field, track] : o.tracks) {
        if (Track *t = trackOf(u, field)) {
            *t = track;
            u.sources[field] = card;
        }
    }
    for (const WeaponOverride &wo : o.weapons) {
        auto w = std::find_if(u.weapons.begin(), u.weapons.end(),
                              [&](const Weapon &x) { return x.name == wo.name; });
        if (w == u.weapons.end())
            continue;
        const auto dice = [](int n) {
            return n == WeaponOverride::kSkillDice ? std::optional<int>() : std::optional<int>(n);
        };
        if (wo.arcs && u.isCapital())
            w->arcs = *wo.arcs;
        if (wo.ac)
            w->ac = dice(*wo.ac);
        if (wo.as)
            w->as = dice(*wo.as);
        if (wo.macro)
            w->macro = *wo.macro;
        if (wo.count)
            w->count = *wo.count;
        u.sources[QStringLiteral("weapons.") + wo.name] = card;
    }
    u.provisional = !u.estimatedFields().isEmpty();
    return u;
}

UnitDatabase UserOverlay::applyTo(const UnitDatabase &db) const
{
    UnitDatabase out = db;
    if (hasErrors())
        return out;
    for (const UnitOverride &o : units) {
        if (const Unit *u = db.unit(o.unitId))
            out.replaceUnit(applied(*u, o));
    }
    return out;
}

QString UserOverlay::defaultPath()
{
    const QByteArray off = qgetenv("JW_NO_USER_DATA");
    if (!off.isEmpty() && off != "0")
        return {};
    const QString dir = qEnvironmentVariable("JW_USER_DATA");
    if (!dir.isEmpty())
        return QDir(dir).filePath(QStringLiteral("units.yaml"));
    // Not AppDataLocation: that is named after the program, and jwfleet and
    // jwfleet-cli must read the same file.
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return data.isEmpty() ? QString() : QDir(data).filePath(QStringLiteral("jwfleet/units.yaml"));
}

} // namespace jw
