// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/table/tablequestions.h"

#include "engine/rules/context.h"
#include "geometry/measure.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace jw::rules {

Placement physicalSpot(int model)
{
    // 1,000" apart, a million inches off the table: farther than any range, aura or move.
    return Placement(QPointF(1.0e6 + 1000.0 * model, 1.0e6), 0.0);
}

QPointF physicalBeaconSpot(int player, int index)
{
    // Below the models' spots (physicalSpot), 1,000" apart.
    return QPointF(1.0e6 + 1000.0 * (4 * player + index), -1.0e6);
}

QPointF physicalCometSpot()
{
    return QPointF(-1.0e6, 1.0e6);
}

double reachDistance(const Engine &engine, const GameState &state, int a, int b)
{
    if (engine.setup().physical())
        return 0.0;
    return distance(engine.view(state, a).base(), engine.view(state, b).base());
}

int TableQuestions::askOnce(const DecisionRequest &request)
{
    const QString key = request.kind + request.question()
        + QString::fromUtf8(QJsonDocument(request.data).toJson(QJsonDocument::Compact));
    if (const auto it = m_memo.find(key); it != m_memo.end())
        return it->second;
    const int answer = m_chooser->ask(request);
    m_memo.emplace(key, answer);
    return answer;
}

QString TableQuestions::name(int model) const
{
    const ModelState *m = m_state.model(model);
    return m ? m->name : QString::number(model);
}

// "Fore", or "Fore/Port" for several arcs.
static Message arcsMessage(quint8 arcs)
{
    switch (arcs) {
    case ArcFore:
        return Message(MsgId::ArcFore);
    case ArcPort:
        return Message(MsgId::ArcPort);
    case ArcStarboard:
        return Message(MsgId::ArcStarboard);
    case ArcAft:
        return Message(MsgId::ArcAft);
    default:
        return Message::plain(arcsToString(arcs));
    }
}

bool TableQuestions::yesNo(int player, const QString &kind, const Message &question,
                           QJsonObject data, bool byDefault)
{
    return askOnce(DecisionRequest::typed(player, kind, question,
                                          {Message(MsgId::YesOption), Message(MsgId::TableNo)},
                                          byDefault ? 0 : 1, std::move(data)))
        == 0;
}

SensorRange TableQuestions::range(int player, int attacker, int target, const QString &weapon,
                                  double shortRange, double maxRange, bool longAllowed)
{
    if (!m_chooser)
        return SensorRange::Short;
    std::vector<Message> options {Message(MsgId::TableRangeShort, {detail::inches(shortRange)})};
    std::vector<SensorRange> bands {SensorRange::Short};
    if (longAllowed && maxRange > shortRange) {
        options.push_back(Message(MsgId::TableRangeLong, {detail::inches(maxRange)}));
        bands.push_back(SensorRange::Long);
    }
    const double reach = bands.back() == SensorRange::Long ? maxRange : shortRange;
    options.push_back(Message(MsgId::TableRangeOut, {detail::inches(reach)}));
    bands.push_back(SensorRange::OutOfRange);
    const int a = askOnce(DecisionRequest::typed(
        player, QStringLiteral("table-range"),
        Message(MsgId::TableRangeQuestion, {name(target), name(attacker), weapon}),
        std::move(options), 0,
        QJsonObject {{QStringLiteral("attacker"), attacker},
                     {QStringLiteral("target"), target},
                     {QStringLiteral("short"), shortRange},
                     {QStringLiteral("max"), reach}}));
    return bands[std::size_t(a)];
}

bool TableQuestions::inArcs(int player, int model, quint8 arcs, int target, const Message &what)
{
    if (!m_chooser)
        return true;
    return yesNo(player, QStringLiteral("table-arc"),
                 Message(MsgId::TableArcQuestion, {name(target), arcsMessage(arcs), what}),
                 {{QStringLiteral("model"), model},
                  {QStringLiteral("target"), target},
                  {QStringLiteral("arcs"), int(arcs)}},
                 true);
}

Arc TableQuestions::facing(int player, int target, int attacker)
{
    if (!m_chooser)
        return ArcFore;
    static constexpr Arc arcs[] {ArcFore, ArcPort, ArcStarboard, ArcAft};
    const int a = askOnce(DecisionRequest::typed(
        player, QStringLiteral("table-facing"),
        Message(MsgId::TableFacingQuestion, {name(target), name(attacker)}),
        {Message(MsgId::ArcFore), Message(MsgId::ArcPort), Message(MsgId::ArcStarboard),
         Message(MsgId::ArcAft)},
        0, QJsonObject {{QStringLiteral("target"), target}, {QStringLiteral("model"), attacker}}));
    return arcs[a];
}

bool TableQuestions::near(int player, int model, double inches, const Message &what,
                          const QString &effect)
{
    if (!m_chooser)
        return false;
    return yesNo(player, QStringLiteral("table-near"),
                 inches <= 0.0 ? Message(MsgId::TableInQuestion, {name(model), what})
                               : Message(MsgId::TableNearQuestion,
                                         {name(model), detail::inches(inches), what}),
                 {{QStringLiteral("model"), model},
                  {QStringLiteral("inches"), inches},
                  {QStringLiteral("effect"), effect}},
                 false);
}

bool TableQuestions::nearModel(int player, int model, double inches, int other)
{
    if (!m_chooser)
        return false;
    return yesNo(player, QStringLiteral("table-near"),
                 Message(MsgId::TableNearQuestion,
                         {name(model), detail::inches(inches), Message::plain(name(other))}),
                 {{QStringLiteral("model"), model},
                  {QStringLiteral("inches"), inches},
                  {QStringLiteral("other"), other}},
                 false);
}

std::vector<int> TableQuestions::pick(int player, const QString &kind, const Message &question,
                                      std::vector<int> candidates, QJsonObject data)
{
    std::vector<int> out;
    if (!m_chooser)
        return out;
    while (!candidates.empty()) {
        std::vector<Message> options {Message(MsgId::TableNoOtherModel)};
        QJsonArray ids;
        for (int c : candidates) {
            options.push_back(Message::plain(name(c)));
            ids.append(c);
        }
        data.insert(QStringLiteral("candidates"), ids);
        const int a
            = askOnce(DecisionRequest::typed(player, kind, question, std::move(options), 0, data));
        if (a == 0)
            break;
        out.push_back(candidates[std::size_t(a - 1)]);
        candidates.erase(candidates.begin() + (a - 1));
    }
    return out;
}

std::vector<int> TableQuestions::whoNear(int player, int model, double inches,
                                         std::vector<int> candidates, const Message &what)
{
    return pick(player, QStringLiteral("table-who"),
                Message(MsgId::TableWhoNearQuestion, {detail::inches(inches), name(model), what}),
                std::move(candidates),
                QJsonObject {{QStringLiteral("model"), model}, {QStringLiteral("inches"), inches}});
}

std::vector<int> TableQuestions::onLine(int player, int attacker, int target,
                                        std::vector<int> candidates)
{
    return pick(
        player, QStringLiteral("table-who"),
        Message(MsgId::TableOnLineQuestion, {name(attacker), name(target)}), std::move(candidates),
        QJsonObject {{QStringLiteral("model"), attacker}, {QStringLiteral("target"), target}});
}

bool TableQuestions::through(int player, int attacker, int target, const Message &what)
{
    if (!m_chooser)
        return false;
    return yesNo(player, QStringLiteral("table-through"),
                 Message(MsgId::TableThroughQuestion, {name(attacker), name(target), what}),
                 {{QStringLiteral("model"), attacker}, {QStringLiteral("target"), target}}, false);
}

bool TableQuestions::movedThrough(int player, int model, const Message &what, double inches,
                                  int terrain)
{
    if (!m_chooser)
        return false;
    const bool within = inches > 0.0;
    return yesNo(
        player, QStringLiteral("table-move"),
        within
            ? Message(MsgId::TableMovedWithinQuestion, {name(model), detail::inches(inches), what})
            : Message(MsgId::TableMovedThroughQuestion, {name(model), what}),
        {{QStringLiteral("model"), model},
         {QStringLiteral("terrain"), terrain},
         {QStringLiteral("test"), within ? QStringLiteral("within") : QStringLiteral("through")},
         {QStringLiteral("inches"), inches}},
        false);
}

std::vector<int> TableQuestions::sweptBy(int player, const Message &what, double inches,
                                         int terrain, std::vector<int> candidates)
{
    return pick(player, QStringLiteral("table-move"),
                Message(MsgId::TableSweptQuestion, {what, detail::inches(inches)}),
                std::move(candidates),
                QJsonObject {{QStringLiteral("terrain"), terrain},
                             {QStringLiteral("test"), QStringLiteral("swept")},
                             {QStringLiteral("inches"), inches}});
}

bool TableQuestions::endsOn(int player, int model, const Message &what, int terrain)
{
    if (!m_chooser)
        return false;
    return yesNo(player, QStringLiteral("table-move"),
                 Message(MsgId::TableEndsOnQuestion, {name(model), what}),
                 {{QStringLiteral("model"), model},
                  {QStringLiteral("terrain"), terrain},
                  {QStringLiteral("test"), QStringLiteral("ends")}},
                 false);
}

bool TableQuestions::startsIn(int player, int model, const Message &what, int terrain)
{
    if (!m_chooser)
        return false;
    return yesNo(player, QStringLiteral("table-move"),
                 Message(MsgId::TableStartsInQuestion, {name(model), what}),
                 {{QStringLiteral("model"), model},
                  {QStringLiteral("terrain"), terrain},
                  {QStringLiteral("test"), QStringLiteral("starts")}},
                 false);
}

bool TableQuestions::planetInArc(int player, int model, const Message &planet, Arc arc, int terrain)
{
    if (!m_chooser)
        return false;
    return yesNo(
        player, QStringLiteral("table-move"),
        Message(MsgId::TablePlanetArcQuestion, {planet, arcsMessage(arc), name(model)}),
        {{QStringLiteral("model"), model},
         {QStringLiteral("terrain"), terrain},
         {QStringLiteral("test"), arc == ArcAft ? QStringLiteral("aft") : QStringLiteral("fore")}},
        false);
}

int TableQuestions::beaconsCovered(int player, const QString &who, int model, int open)
{
    if (open <= 0)
        return 0;
    if (!m_chooser)
        return 1;
    std::vector<Message> options {Message(MsgId::TableNoBeaconMarker)};
    for (int n = 1; n <= open; ++n)
        options.push_back(Message(MsgId::TableBeaconMarkers, {n}));
    return askOnce(DecisionRequest::typed(
        player, QStringLiteral("table-beacons"),
        Message(MsgId::TableBeaconQuestion, {name(model), who, open}), std::move(options), 1,
        QJsonObject {{QStringLiteral("model"), model},
                     {QStringLiteral("player"), player},
                     {QStringLiteral("open"), open},
                     {QStringLiteral("inches"), 3}}));
}

bool TableQuestions::nearEscapeEdge(int player, int model, double inches, int edge,
                                    const Message &edgeName, const QString &who)
{
    if (!m_chooser)
        return true;
    return yesNo(player, QStringLiteral("table-near"),
                 Message(MsgId::TableEscapeEdgeQuestion,
                         {name(model), detail::inches(inches), edgeName, who}),
                 {{QStringLiteral("model"), model},
                  {QStringLiteral("inches"), inches},
                  {QStringLiteral("edge"), edge}},
                 true);
}

} // namespace jw::rules
