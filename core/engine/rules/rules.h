// Private to core/engine: the rule modules, free functions of the per-command Context
// (rules/context.h) or, for queries, of the engine and a state. Engine (engine.h) is
// their facade.
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void applyCommand(Context &ctx, const Command &command);
void deploy(Context &ctx, const DeployCommand &c);
void embark(Context &ctx, const EmbarkCommand &c);
void decline(Context &ctx);
[[nodiscard]] std::optional<Rejection> activationRefusal(const Engine &engine, const GameState &s,
                                                         int player, const ActivateCommand &c);
void activate(Context &ctx, const ActivateCommand &c);
void moveCapital(Context &ctx, const MoveCapitalCommand &c);
void moveSquadron(Context &ctx, const MoveSquadronCommand &c);
[[nodiscard]] bool minimumMoveForced(const Engine &engine, const GameState &s, int model,
                                     double need);
[[nodiscard]] CapitalMovePlan stopShortOfPlanet(const Engine &engine, const GameState &s, int model,
                                                const CapitalMovePlan &plan);
bool placeAfterCapitalMove(Context &ctx, int model, const Placement &to, bool mandatory);
void completeOverlappingMove(Context &ctx, int model);
[[nodiscard]] std::optional<Placement> clearCapitalSpot(const Engine &engine, const GameState &s,
                                                        int model, const BaseShape &from);
void withdrawModel(Context &ctx, int model, const Message &text);
void attack(Context &ctx, const AttackCommand &c);
void endActivation(Context &ctx);
void launch(Context &ctx, const LaunchCommand &c);
void repair(Context &ctx, int model);
void resolveEngagePointDefense(Context &ctx);
void resolveBombing(Context &ctx, int target);
void resolveRamming(Context &ctx, int target);
void resolveInterception(Context &ctx, int target);
std::vector<int> dogfight(Context &ctx, int first, int second, const Message &carryOn);
[[nodiscard]] std::vector<int> reactiveInterceptors(const Engine &engine, const GameState &s,
                                                    int squadron, int exclude);
bool reactiveInterception(Context &ctx, int squadron, const Message &trigger, int exclude = -1);
void freeMovement(Context &ctx, int model, const std::vector<QPointF> &path, double limit,
                  const QString &rule);
void placeAwayFrom(Context &ctx, int model, int ship);
void assaultingIntercepted(Context &ctx, int squadron);
[[nodiscard]] std::optional<QPointF> contactSpot(const Engine &engine, const GameState &s,
                                                 int mover, int target);
void checkReach(const Engine &engine, const GameState &s, int model, int target,
                const QString &rule);
void moveIntoContact(Context &ctx, int model, int target, const QString &rule);
[[nodiscard]] bool hasFuelPods(const Engine &engine, const GameState &s, int model);
void fuelPods(Context &ctx, int model);
bool sparedReturnToBase(Context &ctx, int model);
void resolveVectorAttack(Context &ctx, int model);
void resolveTug(Context &ctx, int target);
// Tender Transfer: what the Tender `model` could give `target` now: (-1: a
// Marine, else the Tender's trait index, the target's trait index).
[[nodiscard]] std::vector<std::pair<int, int>>
tenderTransfers(const Engine &engine, const GameState &s, int model, int target);
void resolveTenderTransfer(Context &ctx, int target);
void attackWindow(Context &ctx, int attacker, int target, AttackWindow window, const QString &kind,
                  const Message &what);
void checkLand(const Engine &engine, const GameState &s, const LandCommand &c);
void land(Context &ctx, const LandCommand &c);

[[nodiscard]] int carrierRoom(const Engine &engine, const GameState &s, int carrier, bool squadron);
void declareAction(Context &ctx, int model, ActionId action);
void resolveDeclaredAction(Context &ctx, const ResolveActionCommand &c);
void resolveWithdraw(Context &ctx);
void resolveAssault(Context &ctx, int target);
void resolveBoarding(Context &ctx, int target);

[[nodiscard]] std::vector<int> deployableModels(const Engine &engine, const GameState &state,
                                                int player);
[[nodiscard]] std::vector<int> activatableModels(const GameState &state, int player,
                                                 bool embarked = false);
[[nodiscard]] std::optional<Rejection> checkPlacement(const Engine &engine, const GameState &state,
                                                      int model, const Placement &p,
                                                      bool deploying);
void advanceDeployment(Context &ctx, bool afterAction);
void startDeploymentPhase(Context &ctx);
void startActivationPhase(Context &ctx);
void nextActivation(Context &ctx);
void endPhase(Context &ctx);
void returnToBase(Context &ctx, int model);
void assaultingAtActivation(Context &ctx, int model);
void boardedFirefight(Context &ctx, int model);
void finishGame(Context &ctx);
void revealAndMaskSecrets(Context &ctx);
// Scenarios (enginescenario.cpp).
void scenarioSetup(Context &ctx);
void placeBeacon(Context &ctx, const PlaceBeaconCommand &c);
void advanceBeacons(Context &ctx);
void endDeploymentPhase(Context &ctx);
[[nodiscard]] std::vector<QPointF> beaconSpots(const GameState &s, double step);
[[nodiscard]] int uncoveredBeacons(const Engine &engine, const GameState &s, int player);
[[nodiscard]] bool beaconCoverageApplies(const Engine &engine, const GameState &s);
void checkBeaconCoverage(const Engine &engine, const GameState &s, int player, int uncoveredBefore);
[[nodiscard]] QString deploymentTypeRule(const Engine &engine);
[[nodiscard]] Message whyNotDeployable(const Engine &engine, const GameState &s,
                                       const ModelState &m);
void scoreObjectives(Context &ctx, bool final);
[[nodiscard]] std::array<int, 2> objectiveNow(const Engine &engine, const GameState &s,
                                              const Objective &o, bool final = false);
[[nodiscard]] int modelPoints(const Engine &engine, const ModelState &m);
void afterCommand(Context &ctx, const Command &command, std::optional<ActionId> declared);
// The hooks of the scenario modules in play (scenarios/scenariomodule.h).
void scenarioScriptedStart(Context &ctx);
void scenarioEndPhase(Context &ctx);
void scenarioLaunched(Context &ctx, int squadron, int carrier);
void scenarioLanded(Context &ctx, int squadron, int carrier);
[[nodiscard]] std::optional<Rejection> scenarioWithdrawRefusal(const Engine &engine,
                                                               const GameState &s,
                                                               const ModelState &m,
                                                               const BaseShape &base);

// Water Raid (enginewater.cpp).
[[nodiscard]] QString waterRule(const Engine &engine, const QString &part);
[[nodiscard]] bool cometPending(const Engine &engine, const GameState &s);
[[nodiscard]] std::vector<PlaceCometCommand> cometSpots(const Engine &engine, const GameState &s);
void placeComet(Context &ctx, const PlaceCometCommand &c);
void waterAtDeployment(Context &ctx, int model, std::optional<int> water);
void checkWaterReserves(const Engine &engine, const GameState &s, int player);
void mineComet(Context &ctx, int piece);
[[nodiscard]] bool mayMineComet(const Engine &engine, const GameState &s, int model, int piece);
void waterForFuelPods(Context &ctx, int model);
void waterOnLand(Context &ctx, int model, int carrier);
void waterOnLaunch(Context &ctx, int model, int carrier);
void placeTerrain(Context &ctx);
[[nodiscard]] bool activatesAsModel(const GameState &s, const ModelState &m);
int addTerrainModel(const Engine &engine, GameState &s, int piece);
void terrainAtActivation(Context &ctx);
[[nodiscard]] std::vector<QPolygonF> sweptCapital(const Engine &engine, const GameState &s,
                                                  int model, const CapitalMovePlan &plan);
void checkTerrainMove(const Engine &engine, const GameState &s, int model,
                      const std::vector<QPolygonF> &swept);
void terrainAfterMove(Context &ctx, int model, const std::vector<QPolygonF> &swept);
void terrainAtEndOfMovement(Context &ctx, int model);
bool avoidTerrain(Context &ctx, int model, const Message &pieceName,
                  const std::vector<std::pair<int, TerrainPiece>> &pieces);
void moveComets(Context &ctx);
void layMine(Context &ctx, QPointF at);
void placeUios(Context &ctx);
[[nodiscard]] const UioSearch *uioSearch(const GameState &s, int model);
void checkLandOnUio(const Engine &engine, const GameState &s, int squadron, int uio);
void boardUio(Context &ctx, int uio, int player, int marines);

} // namespace jw::rules
