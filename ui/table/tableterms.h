// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/action.h"
#include "engine/gamestate.h"
#include "engine/modelstate.h"
#include "geometry/sensorrange.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <utility>

namespace jw {

// The rules terms the table shows, translated: the engine names its phases,
// Actions, ratings and ranges in English ids and words; the table shows them
// in the user's language (translations/jwfleet_*.ts), in one place so that a
// term reads the same everywhere.
class TableTerms
{
    Q_DECLARE_TR_FUNCTIONS(jw::TableTerms)
public:
    [[nodiscard]] static QString phaseName(Phase phase); // "Activation Phase"
    // An Action (ActionId::InitiateBoarding -> "Initiate Boarding"); nullopt:
    // "No Action".
    [[nodiscard]] static QString actionName(std::optional<ActionId> id);
    [[nodiscard]] static QString ratingName(Rating rating);
    // A rating by the engine's English name ("Thrusters"); unknown names as they are.
    [[nodiscard]] static QString ratingName(const QString &englishName);
    // A state by its id ("crippled" -> "Crippled"), and its short form for the
    // label under a model ("Crip").
    [[nodiscard]] static QString stateName(const QString &id);
    [[nodiscard]] static QString stateShort(const QString &id);
    [[nodiscard]] static QString sensorRangeName(SensorRange band);
    // A Critical Hit option of the engine, from the decision's data (one of
    // "choices": {kind: rating, rating: thrusters, from: 3, to: 2}, ...), as its
    // heading and its line ("Thrusters: 3 → 2"), translated; nullopt for a kind
    // this table does not know.
    [[nodiscard]] static std::optional<std::pair<QString, QString>>
    criticalOption(const QJsonObject &choice);
    // A log event kind ("roll", "damage", ...), for the log filter.
    [[nodiscard]] static QString eventKindName(const QString &kind);
};

} // namespace jw
