// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gamejson.h"
#include "engine/scenarios/scenariomodule.h"

namespace jw {

QJsonObject decisionToJson(const DecisionRequest &r)
{
    QJsonArray options;
    for (const QString &o : r.options())
        options.append(o);
    QJsonObject o {
        {QStringLiteral("player"), r.player},         {QStringLiteral("kind"), r.kind},
        {QStringLiteral("question"), r.question()},   {QStringLiteral("options"), options},
        {QStringLiteral("default"), r.defaultOption}, {QStringLiteral("data"), r.data}};
    // Options answered with a movement: which model, how far.
    QJsonArray paths;
    for (const DecisionRequest::PathOption &p : r.paths)
        paths.append(QJsonObject {{QStringLiteral("option"), p.option},
                                  {QStringLiteral("model"), p.model},
                                  {QStringLiteral("distance"), p.distance}});
    if (!paths.isEmpty())
        o.insert(QStringLiteral("paths"), paths);
    return o;
}

QJsonObject eventToJson(const GameEvent &e, int viewer)
{
    const bool masked = viewer >= 0 && viewer == e.secretFrom;
    QJsonObject o {{QStringLiteral("kind"), masked ? QStringLiteral("secret") : e.kind},
                   {QStringLiteral("text"), e.textFor(viewer)}};
    if (!e.data.isEmpty() && !masked)
        o.insert(QStringLiteral("data"), e.data);
    if (e.player >= 0)
        o.insert(QStringLiteral("player"), e.player);
    return o;
}

QJsonObject rejectionToJson(const Rejection &r)
{
    return QJsonObject {{QStringLiteral("rule"), r.rule}, {QStringLiteral("message"), r.message()}};
}

QJsonObject legalToJson(const LegalCommands &l)
{
    QJsonArray commands;
    for (const Command &c : l.commands)
        commands.append(commandToJson(c));
    QJsonArray deployable;
    for (int m : l.deployable)
        deployable.append(m);
    QJsonArray beacons;
    for (const QPointF &p : l.deploymentBeacons)
        beacons.append(QJsonArray {p.x(), p.y()});
    QJsonArray refused;
    for (const auto &[command, rejection] : l.refused)
        refused.append(QJsonObject {{QStringLiteral("command"), commandToJson(command)},
                                    {QStringLiteral("rule"), rejection.rule},
                                    {QStringLiteral("message"), rejection.message()}});
    const QRectF &z = l.deploymentZone;
    return QJsonObject {
        {QStringLiteral("player"), l.player},
        {QStringLiteral("commands"), commands},
        {QStringLiteral("deployable"), deployable},
        {QStringLiteral("deployment_zone"),
         z.isNull() ? QJsonValue()
                    : QJsonObject {{QStringLiteral("x"), z.x()},
                                   {QStringLiteral("y"), z.y()},
                                   {QStringLiteral("width"), z.width()},
                                   {QStringLiteral("height"), z.height()}}},
        {QStringLiteral("deployment_beacons"), beacons},
        {QStringLiteral("move"),
         l.move ? QJsonObject {{QStringLiteral("model"), l.move->model},
                               {QStringLiteral("moved"), l.move->moved},
                               {QStringLiteral("minimum"), l.move->minimum},
                               {QStringLiteral("maximum"), l.move->maximum},
                               {QStringLiteral("turns_left"), l.move->turnsLeft},
                               {QStringLiteral("needs_skill_test_to_turn"),
                                l.move->needsSkillTestToTurn}}
                : QJsonValue()},
        {QStringLiteral("launch"),
         l.launch ? QJsonObject {{QStringLiteral("model"), l.launch->model},
                                 {QStringLiteral("carrier"), l.launch->carrier},
                                 {QStringLiteral("reach"), l.launch->reach}}
                  : QJsonValue()},
        {QStringLiteral("refused"), refused},
        {QStringLiteral("decision"), l.decision ? decisionToJson(*l.decision) : QJsonValue()}};
}

QJsonObject modelToJson(const Engine &engine, const GameState &state, int id)
{
    const ModelState &m = state.models[std::size_t(id)];
    const ModelView v = engine.view(state, id);
    const Unit &u = v.unit();
    QJsonObject ratings;
    QJsonObject lost;
    std::vector<Rating> tracks {Rating::Structure, Rating::Defense, Rating::Sensors};
    if (u.isCapital()) {
        tracks.push_back(Rating::Thrusters);
        tracks.push_back(Rating::Marines);
    } else {
        tracks.push_back(Rating::Fuel);
    }
    for (Rating r : tracks) {
        ratings.insert(
            ratingId(r),
            QJsonObject {{QStringLiteral("current"), r == Rating::Fuel ? v.fuel() : v.rating(r)},
                         {QStringLiteral("start"), v.starting(r)}});
        if (v.lost(r))
            lost.insert(ratingId(r), v.lost(r));
    }
    ratings.insert(QStringLiteral("fire_control"), v.fireControl());
    ratings.insert(QStringLiteral("skill"), v.skill());
    ratings.insert(QStringLiteral("speed"), v.speed());
    QJsonObject o {{QStringLiteral("id"), m.id},
                   {QStringLiteral("name"), m.name},
                   {QStringLiteral("unit"), m.unitId},
                   {QStringLiteral("type"), unitTypeId(u.type)},
                   {QStringLiteral("owner"), m.owner},
                   {QStringLiteral("controller"), m.controller},
                   {QStringLiteral("location"), locationId(m.location)},
                   {QStringLiteral("ratings"), ratings},
                   {QStringLiteral("states"), QJsonArray::fromStringList(flagIds(m.flags))},
                   {QStringLiteral("activated"), m.activated}};
    if (!lost.isEmpty())
        o.insert(QStringLiteral("lost"), lost);
    if (m.onTable())
        o.insert(QStringLiteral("position"),
                 QJsonObject {{QStringLiteral("x"), m.placement.centre().x()},
                              {QStringLiteral("y"), m.placement.centre().y()},
                              {QStringLiteral("facing"), m.placement.facing()}});
    if (m.location == Location::Embarked)
        o.insert(QStringLiteral("carrier"), m.carrier);
    QJsonArray weapons;
    bool anyWeaponDamage = false;
    for (int w = 0; w < int(u.weapons.size()); ++w) {
        const int d = w < int(m.weaponsDamaged.size()) ? m.weaponsDamaged[std::size_t(w)] : 0;
        anyWeaponDamage |= d > 0;
        weapons.append(d);
    }
    if (anyWeaponDamage)
        o.insert(QStringLiteral("weapons_damaged"), weapons);
    QJsonObject traits;
    for (int t = 0; t < int(u.traits.size()) && t < int(m.traitsDamaged.size()); ++t)
        if (m.traitsDamaged[std::size_t(t)] > 0)
            traits.insert(u.traits[std::size_t(t)].name, m.traitsDamaged[std::size_t(t)]);
    if (!traits.isEmpty())
        o.insert(QStringLiteral("traits_damaged"), traits);
    if (m.boarders > 0)
        o.insert(QStringLiteral("boarders"), m.boarders);
    if (m.assaultTarget >= 0)
        o.insert(QStringLiteral("assaulting"), m.assaultTarget);
    if (m.escapePods > 0)
        o.insert(QStringLiteral("escape_pods"), m.escapePods);
    // Water Raid: the units of water aboard (every model of the fleets, 0 included).
    if (engine.scenario().switches.water && m.terrain < 0)
        o.insert(QStringLiteral("water"), m.water);
    if (m.terrain >= 0)
        o.insert(QStringLiteral("terrain"), m.terrain);
    // Scavenger Hunt: Intelligence Tokens aboard; a UIO's search.
    if (m.intelligence > 0)
        o.insert(QStringLiteral("intelligence"), m.intelligence);
    for (const UioSearch &us : state.uios)
        if (us.model == id)
            o.insert(QStringLiteral("uio"),
                     QJsonObject {
                         {QStringLiteral("marines"), QJsonArray {us.marines[0], us.marines[1]}},
                         {QStringLiteral("search_tokens"), QJsonArray {us.tokens[0], us.tokens[1]}},
                         {QStringLiteral("searched_by"), us.searchedBy}});
    return o;
}

QJsonObject stateToJson(const Engine &engine, const GameState &s, int viewer)
{
    QJsonArray models;
    for (int i = 0; i < int(s.models.size()); ++i) {
        if (engine.isHidden(s, i, viewer)) {
            models.append(QJsonObject {{QStringLiteral("id"), i},
                                       {QStringLiteral("owner"), s.models[std::size_t(i)].owner},
                                       {QStringLiteral("hidden"), true}});
            continue;
        }
        models.append(modelToJson(engine, s, i));
    }
    const auto vp = engine.victoryPoints(s);
    QJsonObject o {{QStringLiteral("turn"), s.turn},
                   {QStringLiteral("phase"), phaseId(s.phase)},
                   {QStringLiteral("initiative"), s.initiative},
                   {QStringLiteral("to_act"), s.toAct},
                   {QStringLiteral("models"), models},
                   {QStringLiteral("victory_points"), QJsonArray {vp[0], vp[1]}},
                   {QStringLiteral("objective_points"),
                    QJsonArray {s.objectivePoints[0], s.objectivePoints[1]}},
                   {QStringLiteral("commands"), s.commands}};
    if (s.activation) {
        o.insert(QStringLiteral("activation"),
                 QJsonObject {{QStringLiteral("model"), s.activation->model},
                              {QStringLiteral("action"),
                               s.activation->action ? actionKey(*s.activation->action) : QString()},
                              {QStringLiteral("moved"), s.activation->moved},
                              {QStringLiteral("turns_used"), s.activation->turnsUsed},
                              {QStringLiteral("weapons_used"),
                               [&] {
                                   QJsonArray a;
                                   for (int w : s.activation->weaponsUsed)
                                       a.append(w);
                                   return a;
                               }()},
                              {QStringLiteral("action_test"),
                               s.activation->actionTest ? magnitudeLetter(*s.activation->actionTest)
                                                        : QString()}});
    }
    if (s.pending)
        o.insert(QStringLiteral("decision"), decisionToJson(s.pending->request));
    QJsonArray wrecks;
    for (const Wreck &w : s.wrecks)
        wrecks.append(QJsonObject {{QStringLiteral("x"), w.centre.x()},
                                   {QStringLiteral("y"), w.centre.y()},
                                   {QStringLiteral("diameter"), w.diameter},
                                   {QStringLiteral("of"), w.of}});
    if (!wrecks.isEmpty())
        o.insert(QStringLiteral("wrecks"), wrecks);
    QJsonArray terrain;
    for (const TerrainPiece &t : s.terrain)
        terrain.append(terrainToJson(t));
    if (!terrain.isEmpty())
        o.insert(QStringLiteral("terrain"), terrain);
    if (s.winner)
        o.insert(QStringLiteral("winner"), *s.winner);
    // The scenario: its id, its choices so far, each objective's points.
    const Scenario &sc = engine.scenario();
    o.insert(QStringLiteral("scenario"), sc.id);
    if (s.phase == Phase::Deployment)
        o.insert(QStringLiteral("deployment_step"), deploymentStepId(s.deploymentStep));
    if (s.attacker >= 0)
        o.insert(QStringLiteral("attacker"), s.attacker);
    if (engine.setup().physical() && (!s.beacons[0].empty() || !s.beacons[1].empty())) {
        // Where the players put their markers is theirs to see: how many, and how many of
        // them have a model within 3" (Fleet Deployment), as the players said.
        o.insert(QStringLiteral("beacon_markers"),
                 QJsonArray {int(s.beacons[0].size()), int(s.beacons[1].size())});
        o.insert(QStringLiteral("beacons_covered"),
                 QJsonArray {s.beaconsCovered[0], s.beaconsCovered[1]});
    } else if (!s.beacons[0].empty() || !s.beacons[1].empty()) {
        QJsonArray beacons;
        for (const auto &mine : s.beacons) {
            QJsonArray a;
            for (const QPointF &p : mine)
                a.append(QJsonArray {p.x(), p.y()});
            beacons.append(a);
        }
        o.insert(QStringLiteral("beacons"), beacons);
    }
    static const char *const corners[] = {"top-left", "top-right", "bottom-right", "bottom-left"};
    if (s.corners[0] >= 0)
        o.insert(QStringLiteral("quadrants"),
                 QJsonArray {QLatin1String(corners[s.corners[0]]),
                             QLatin1String(corners[s.corners[1]])});
    for (const ScenarioModule *module : scenarioModulesFor(sc))
        module->writeJson(s, o); // the scenario modules' own state
    if (s.firstAttacker >= 0)
        o.insert(QStringLiteral("first_attacker"), s.firstAttacker);
    QJsonArray objectives;
    for (std::size_t i = 0; i < sc.objectives.size(); ++i) {
        const std::array<int, 2> pts
            = i < s.objectiveScores.size() ? s.objectiveScores[i] : std::array<int, 2> {0, 0};
        objectives.append(
            QJsonObject {{QStringLiteral("kind"), objectiveKindId(sc.objectives[i].kind)},
                         {QStringLiteral("text"), sc.objectives[i].text},
                         {QStringLiteral("points"), QJsonArray {pts[0], pts[1]}},
                         {QStringLiteral("final"),
                          i < s.objectivesSettled.size() && bool(s.objectivesSettled[i])}});
    }
    o.insert(QStringLiteral("objectives"), objectives);
    return o;
}

} // namespace jw
