// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "units/closestunit.h"
#include "units/traitcatalog.h"
#include "units/unitjson.h"

#include <QHash>
#include <QJsonArray>

namespace jw::cli {

namespace {

int runUnits(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption faction(QStringLiteral("faction"),
                                     QStringLiteral("Only the units of faction ID."),
                                     QStringLiteral("ID"));
    const QCommandLineOption type(
        QStringLiteral("type"), QStringLiteral("Only units of TYPE: capital, exo-armor, fighter."),
        QStringLiteral("TYPE"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOptions({faction, type, json});
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (!p.positionalArguments().isEmpty())
        return ctx.usageError(
            cmd.name,
            QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first()));
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    if (p.isSet(faction) && !db->faction(p.value(faction))) {
        QStringList ids;
        for (const FactionInfo &f : db->factions())
            ids << f.id;
        return ctx.usageError(cmd.name,
                              QStringLiteral("unknown faction '%1' (known: %2)")
                                  .arg(p.value(faction), ids.join(QStringLiteral(", "))));
    }
    std::optional<UnitType> onlyType;
    if (p.isSet(type)) {
        onlyType = unitTypeFromId(p.value(type));
        if (!onlyType)
            return ctx.usageError(cmd.name,
                                  QStringLiteral("unknown type '%1' (capital, exo-armor, fighter)")
                                      .arg(p.value(type)));
    }
    std::vector<const Unit *> units;
    for (const Unit &u : db->units()) {
        if (p.isSet(faction) && u.faction != p.value(faction))
            continue;
        if (onlyType && u.type != *onlyType)
            continue;
        units.push_back(&u);
    }
    if (p.isSet(json)) {
        QJsonArray a;
        for (const Unit *u : units)
            a.append(unitSummaryJson(*u));
        printJson(ctx, a);
        return ExitOk;
    }
    int idW = 2, nameW = 4;
    for (const Unit *u : units) {
        idW = std::max(idW, int(u->id.size()));
        nameW = std::max(nameW, int(u->name.size()));
    }
    ctx.out << QStringLiteral("ID").leftJustified(idW) << "  "
            << QStringLiteral("NAME").leftJustified(nameW) << "  FACTION   TYPE        TV   UC\n";
    bool anyProvisional = false;
    for (const Unit *u : units) {
        anyProvisional |= u->provisional;
        ctx.out
            << u->id.leftJustified(idW) << "  " << u->name.leftJustified(nameW) << "  "
            << u->faction.leftJustified(8) << "  " << unitTypeId(u->type).leftJustified(9) << "  "
            << QString::number(u->tv).rightJustified(4) << "  "
            << (u->unitCap ? QString::number(u->unitCap) : QStringLiteral("-")).rightJustified(3)
            << (u->provisional ? QStringLiteral(" *") : QString()) << '\n';
    }
    if (anyProvisional)
        ctx.out << "\n* provisional: values not from the rules (see data/factions/README.md)\n";
    return ExitOk;
}

QString trackLine(const QString &label, const Track &t)
{
    QString s = QStringLiteral("  %1 %2").arg(label.leftJustified(10)).arg(t.start());
    if (t.size() != t.start() || t.isEmpty()) {
        s += QStringLiteral("   boxes: ") + (t.isEmpty() ? QStringLiteral("-") : t.toString());
    }
    QStringList redundant;
    for (int i = 0; i < t.size(); ++i) {
        if (t.isRedundant(i) && !redundant.contains(QString::number(t.boxes[std::size_t(i)])))
            redundant << QString::number(t.boxes[std::size_t(i)]);
    }
    if (!redundant.isEmpty())
        s += QStringLiteral(" (redundant: %1)").arg(redundant.join(QStringLiteral(", ")));
    return s + QLatin1Char('\n');
}

QString traitsText(const std::vector<TraitRef> &traits)
{
    QStringList parts;
    for (const TraitRef &t : traits) {
        QString s = t.toString();
        if (t.system)
            s += QStringLiteral(" [system, %1 box%2]").arg(t.boxes).arg(t.boxes == 1 ? "" : "es");
        parts << s;
    }
    return parts.join(QStringLiteral(", "));
}

// "armor.fore" -> "Fore Armor", "weapons.Missiles: AC" -> "Missiles: AC".
QString fieldLabel(const QString &field)
{
    static const QHash<QString, QString> labels {
        {QStringLiteral("type"), QStringLiteral("Type")},
        {QStringLiteral("tv"), QStringLiteral("TV")},
        {QStringLiteral("uc"), QStringLiteral("UC")},
        {QStringLiteral("speed"), QStringLiteral("Speed")},
        {QStringLiteral("turns"), QStringLiteral("Turns")},
        {QStringLiteral("fire_control"), QStringLiteral("Fire Control")},
        {QStringLiteral("skill"), QStringLiteral("Skill")},
        {QStringLiteral("armor.fore"), QStringLiteral("Fore Armor")},
        {QStringLiteral("armor.sides"), QStringLiteral("Side Armor")},
        {QStringLiteral("armor.aft"), QStringLiteral("Aft Armor")},
        {QStringLiteral("structure"), QStringLiteral("Structure")},
        {QStringLiteral("defense"), QStringLiteral("Defense")},
        {QStringLiteral("sensors"), QStringLiteral("Sensors")},
        {QStringLiteral("thrusters"), QStringLiteral("Thrusters")},
        {QStringLiteral("marines"), QStringLiteral("Marines")},
        {QStringLiteral("fuel"), QStringLiteral("Fuel")},
        {QStringLiteral("traits"), QStringLiteral("Traits")},
        {QStringLiteral("base"), QStringLiteral("Base")},
    };
    if (field.startsWith(QLatin1String("weapons.")))
        return field.mid(8);
    return labels.value(field, field);
}

int runUnit(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("ID"), QStringLiteral("The unit's id (shan-yu)."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one unit id"));
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    const QString id = p.positionalArguments().first();
    const Unit *u = db->unit(id);
    if (!u) {
        ctx.err << "jwfleet-cli unit: no unit '" << id << "'";
        if (const Unit *guess = closestUnit(*db, id))
            ctx.err << " (did you mean '" << guess->id << "'?)";
        ctx.err << Qt::endl;
        return ExitBadInput;
    }
    if (p.isSet(json)) {
        printJson(ctx, unitToJson(*u));
        return ExitOk;
    }
    QTextStream &o = ctx.out;
    const FactionInfo *f = db->faction(u->faction);
    o << u->name << (u->shipClass.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(u->shipClass))
      << " - " << (f ? f->name : u->faction) << ", " << unitTypeName(u->type) << '\n';
    if (u->provisional)
        o << "PROVISIONAL: some values are not from the rules (" << u->provenance << ")\n";
    o << "  id         " << u->id << '\n';
    o << "  TV         " << u->tv << '\n';
    o << "  UC         " << (u->unitCap ? QString::number(u->unitCap) : QStringLiteral("-"))
      << '\n';
    o << "  Speed      " << u->speed << "\"\n";
    if (u->isCapital())
        o << "  Turns      " << u->turns << '\n';
    o << "  Fire Ctrl  " << u->fireControl << '\n';
    o << "  Skill      " << u->skill << '\n';
    if (u->isCapital())
        o << "  Armor      Fore " << u->armor.fore << ", P/S " << u->armor.sides << ", Aft "
          << u->armor.aft << '\n';
    o << trackLine(QStringLiteral("Structure"), u->structure);
    o << trackLine(QStringLiteral("Defense"), u->defense);
    o << trackLine(QStringLiteral("Sensors"), u->sensors);
    if (u->isCapital()) {
        o << trackLine(QStringLiteral("Thrusters"), u->thrusters);
        o << trackLine(QStringLiteral("Marines"), u->marines);
    } else {
        o << trackLine(QStringLiteral("Fuel"), u->fuel);
    }
    o << "  Base       " << u->base.toString() << '\n';
    o << "  Rules      " << u->rulesVersion << '\n';
    o << "Weapons:\n";
    if (u->weapons.empty())
        o << "  (none)\n";
    for (const Weapon &w : u->weapons) {
        QString name = w.name + (w.count > 1 ? QStringLiteral(" (x%1)").arg(w.count) : QString());
        o << "  " << name.leftJustified(24) << ' '
          << weaponClassName(w.weaponClass).leftJustified(15);
        if (u->isCapital())
            o << " arc " << arcsToString(w.arcs).leftJustified(7);
        o << " AC " << w.ratingText(w.ac).leftJustified(5) << " AS "
          << w.ratingText(w.as).leftJustified(5) << " Ma "
          << (w.macro ? QStringLiteral("+%1").arg(w.macro) : QStringLiteral("0"));
        if (!w.traits.empty())
            o << "  " << traitsText(w.traits);
        o << '\n';
    }
    o << "Traits: " << (u->traits.empty() ? QStringLiteral("none") : traitsText(u->traits)) << '\n';
    if (!u->description.isEmpty())
        o << u->description << '\n';
    if (!u->provisional)
        o << "Source: " << u->provenance << '\n';
    // Per value, grouped by source: what a player checks against a printed card.
    o << "Where the values come from:\n";
    QStringList order;
    QHash<QString, QStringList> bySource;
    for (const QString &field : u->valueFields()) {
        const QString source = u->sourceOf(field).toString();
        if (!bySource.contains(source))
            order << source;
        bySource[source] << fieldLabel(field);
    }
    for (const QString &source : order)
        o << "  " << source << ": " << bySource.value(source).join(QStringLiteral(", ")) << '\n';
    return ExitOk;
}

} // namespace

void registerUnitCommands(std::vector<Command> &commands)
{
    commands.push_back({QStringLiteral("units"),
                        QStringLiteral("units [--faction ID] [--type TYPE] [--json]"),
                        QStringLiteral("List the units of the database."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runUnits(ctx, c, a);
    };
    commands.push_back({QStringLiteral("unit"), QStringLiteral("unit ID [--json]"),
                        QStringLiteral("Show one unit, every field."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runUnit(ctx, c, a);
    };
}

} // namespace jw::cli
