// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/tableterms.h"

#include "engine/engine.h"

namespace jw {

QString TableTerms::phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Deployment:
        return tr("Deployment Phase");
    case Phase::Activation:
        return tr("Activation Phase");
    case Phase::End:
        return tr("End Phase");
    case Phase::Over:
        return tr("Game over");
    }
    return {};
}

QString TableTerms::actionName(std::optional<ActionId> id)
{
    if (!id)
        return tr("No Action");
    switch (*id) {
    case ActionId::ConcentratedFire:
        return tr("Concentrated Fire");
    case ActionId::Evade:
        return tr("Evade");
    case ActionId::InitiateBoarding:
        return tr("Initiate Boarding");
    case ActionId::Land:
        return tr("Land");
    case ActionId::Launch:
        return tr("Launch");
    case ActionId::LockOn:
        return tr("Lock On");
    case ActionId::RammingSpeed:
        return tr("Ramming Speed");
    case ActionId::VectorAttack:
        return tr("Vector Attack");
    case ActionId::Withdraw:
        return tr("Withdraw");
    case ActionId::Boost:
        return tr("Boost");
    case ActionId::InitiateAssault:
        return tr("Initiate Assault");
    case ActionId::InitiateBombing:
        return tr("Initiate Bombing");
    case ActionId::Interception:
        return tr("Interception");
    case ActionId::DamageControl:
        return tr("Damage Control");
    case ActionId::EngagePointDefense:
        return tr("Engage Point Defense");
    case ActionId::LongRangeSensors:
        return tr("Long Range Sensors");
    case ActionId::LayMines:
        return tr("Lay Mines");
    case ActionId::PurgeAirlocks:
        return tr("Purge Airlocks");
    case ActionId::Reorient:
        return tr("Reorient");
    case ActionId::SilentRunning:
        return tr("Silent Running");
    case ActionId::StationKeep:
        return tr("Station Keep");
    case ActionId::Tug:
    case ActionId::TenderTransfer:
    case ActionId::SearchEscapePods:
        // Not in the translations yet: the engine's English name.
        break;
    }
    return jw::actionName(*id);
}

QString TableTerms::ratingName(Rating rating)
{
    switch (rating) {
    case Rating::Structure:
        return tr("Structure");
    case Rating::Defense:
        return tr("Defense");
    case Rating::Sensors:
        return tr("Sensors");
    case Rating::Thrusters:
        return tr("Thrusters");
    case Rating::Marines:
        return tr("Marines");
    case Rating::Fuel:
        return tr("Fuel");
    }
    return {};
}

QString TableTerms::ratingName(const QString &englishName)
{
    for (Rating r : {Rating::Structure, Rating::Defense, Rating::Sensors, Rating::Thrusters,
                     Rating::Marines, Rating::Fuel}) {
        if (jw::ratingName(r) == englishName)
            return ratingName(r);
    }
    return englishName;
}

namespace {
struct StateTerm
{
    const char *id;
    const char *name;
    struct
    {
        const char *source;
        const char *comment;
    } shortName;
};
const StateTerm kStates[] = {
    {"crippled", QT_TRANSLATE_NOOP("jw::TableTerms", "Crippled"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Crip", "short for Crippled")},
    {"captured", QT_TRANSLATE_NOOP("jw::TableTerms", "Captured"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Capt", "short for Captured")},
    {"disrupted", QT_TRANSLATE_NOOP("jw::TableTerms", "Disrupted"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Disr", "short for Disrupted")},
    {"evading", QT_TRANSLATE_NOOP("jw::TableTerms", "Evading"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Evad", "short for Evading")},
    {"station-keeping", QT_TRANSLATE_NOOP("jw::TableTerms", "Station Keeping"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Keep", "short for Station Keeping")},
    {"stealthed", QT_TRANSLATE_NOOP("jw::TableTerms", "Stealthed"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Stlth", "short for Stealthed")},
    {"return-to-base", QT_TRANSLATE_NOOP("jw::TableTerms", "Return to Base"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "RTB", "short for Return to Base")},
    {"assaulting", QT_TRANSLATE_NOOP("jw::TableTerms", "Assaulting"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Aslt", "short for Assaulting")},
    {"boarded", QT_TRANSLATE_NOOP("jw::TableTerms", "Boarded"),
     QT_TRANSLATE_NOOP3("jw::TableTerms", "Brd", "short for Boarded")},
};
} // namespace

QString TableTerms::stateName(const QString &id)
{
    for (const StateTerm &t : kStates)
        if (id == QLatin1String(t.id))
            return tr(t.name);
    return id;
}

QString TableTerms::stateShort(const QString &id)
{
    for (const StateTerm &t : kStates)
        if (id == QLatin1String(t.id))
            return tr(t.shortName.source, t.shortName.comment);
    return id.left(4);
}

QString TableTerms::sensorRangeName(SensorRange band)
{
    switch (band) {
    case SensorRange::Short:
        return tr("Short");
    case SensorRange::Long:
        return tr("Long");
    case SensorRange::OutOfRange:
        return tr("Out of range");
    }
    return {};
}

std::optional<std::pair<QString, QString>> TableTerms::criticalOption(const QJsonObject &choice)
{
    // The engine's data (core/engine/damage.cpp, applyCriticalHit): no sentence is read.
    const QString kind = choice.value(QStringLiteral("kind")).toString();
    const QString from = QString::number(choice.value(QStringLiteral("from")).toInt());
    const QString to = QString::number(choice.value(QStringLiteral("to")).toInt());
    const QString left = QString::number(choice.value(QStringLiteral("left")).toInt());
    const int of = choice.value(QStringLiteral("of")).toInt();
    if (kind == QLatin1String("rating")) {
        const QString id = choice.value(QStringLiteral("rating")).toString();
        std::optional<Rating> rating;
        for (const Rating r : {Rating::Structure, Rating::Defense, Rating::Sensors,
                               Rating::Thrusters, Rating::Marines, Rating::Fuel})
            if (ratingId(r) == id)
                rating = r;
        if (!rating)
            return std::nullopt;
        // A redundant box repeats the value: marked, the rating stays.
        const QString text = from == to ? tr("%1: %2 → %3 (redundant box)") : tr("%1: %2 → %3");
        return std::pair(tr("Rating Damage"), text.arg(ratingName(*rating), from, to));
    }
    if (kind == QLatin1String("trait"))
        return std::pair(
            tr("System Trait Damage"),
            tr("%1 (%2 of %3 boxes left)")
                .arg(choice.value(QStringLiteral("trait")).toString(), left, QString::number(of)));
    if (kind == QLatin1String("weapon")) {
        const QString weapon = choice.value(QStringLiteral("weapon")).toString();
        if (of > 1)
            return std::pair(tr("Weapon Damage"),
                             tr("%1 (%2 of %3 left)").arg(weapon, left, QString::number(of)));
        return std::pair(tr("Weapon Damage"), weapon);
    }
    if (kind == QLatin1String("marines"))
        return std::pair(tr("Marines"), tr("%1: %2 → %3").arg(tr("Marines"), from, to));
    return std::nullopt;
}

QString TableTerms::eventKindName(const QString &kind)
{
    static const std::pair<const char *, const char *> names[] = {
        {"roll", QT_TR_NOOP("Rolls")},
        {"attack", QT_TR_NOOP("Attacks")},
        {"hit", QT_TR_NOOP("Hits")},
        {"damage", QT_TR_NOOP("Damage")},
        {"critical", QT_TR_NOOP("Critical Hits")},
        {"catastrophic", QT_TR_NOOP("Catastrophic Damage")},
        {"explosion", QT_TR_NOOP("Explosions")},
        {"destroyed", QT_TR_NOOP("Destroyed")},
        {"repaired", QT_TR_NOOP("Repairs")},
        {"state", QT_TR_NOOP("States")},
        {"state-ended", QT_TR_NOOP("States ended")},
        {"action", QT_TR_NOOP("Actions")},
        {"boarding", QT_TR_NOOP("Boarding")},
        {"activated", QT_TR_NOOP("Activations")},
        {"activation-ended", QT_TR_NOOP("Activations ended")},
        {"moved", QT_TR_NOOP("Moves")},
        {"withdrawn", QT_TR_NOOP("Withdrawals")},
        {"launched", QT_TR_NOOP("Launches")},
        {"embarked", QT_TR_NOOP("Embarked")},
        {"deployed", QT_TR_NOOP("Deployment")},
        {"placed", QT_TR_NOOP("Placed")},
        {"decision", QT_TR_NOOP("Decisions")},
        {"initiative", QT_TR_NOOP("Initiative")},
        {"turn", QT_TR_NOOP("Turns")},
        {"phase", QT_TR_NOOP("Phases")},
        {"game-over", QT_TR_NOOP("Game over")},
    };
    for (const auto &[key, name] : names) {
        if (kind == QLatin1String(key))
            return tr(name);
    }
    return kind;
}

} // namespace jw
