// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue of the engine's sentences: one entry per message, its MsgId and its
// English template (%1, %2, ... are its arguments, in order). Included by
// message.h/.cpp with JW_MESSAGE defined (no include guard: an X-macro list), and
// read by lupdate (QT_TRANSLATE_NOOP) into translations/*.ts.
//
// Keep each template exactly the English of the sentence the engine wrote before
// it was typed: `play` output, its --json and the scripts' expectations read it.
// Group by the rulebook's chapter; names say what happened (events) or why a
// command is refused (refusals, "...Refused" is not needed: the context says it).

// Rules engine, general.
JW_MESSAGE(NoModelActivating,
           QT_TRANSLATE_NOOP("jw::Engine", "no model is activating: activate one first"))
// A model id the state does not have (Engine::modelMessage).
JW_MESSAGE(ModelNumber, QT_TRANSLATE_NOOP("jw::Engine", "model %1"))
// A scenario command no scenario module plays (enginescenario.cpp: unreachable).
JW_MESSAGE(NoScenarioPlaysIt, QT_TRANSLATE_NOOP("jw::Engine", "No scenario plays it."))

// Movement.
JW_MESSAGE(EmbarkedLaunchFirst, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Embarked: Launch it first"))
JW_MESSAGE(SquadronMovesAlongPath,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is a Squadron: it moves along a path"))
JW_MESSAGE(StaticMayNotMove, QT_TRANSLATE_NOOP("jw::Engine", "%1 may not move"))
JW_MESSAGE(CapitalMovesForward,
           QT_TRANSLATE_NOOP("jw::Engine", "Capital Ships move by advancing directly forward"))
JW_MESSAGE(TurnUpTo45,
           QT_TRANSLATE_NOOP("jw::Engine", "each turn changes direction by up to 45 degrees"))
JW_MESSAGE(SluggishTurnsAtEnd,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 only makes turns at the end of a move"))
JW_MESSAGE(
    OverlapMustStop,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "%1 overlaps a Capital Ship and must stop: it is repositioned when its activation ends"))
JW_MESSAGE(StationKeepingNoMove,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is Station Keeping (Speed 0): it may not move this activation"))
JW_MESSAGE(
    CapitalMoveTooFar,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 may move at most %2 (Speed %3 + Thrusters %4); this move would make %5"))
JW_MESSAGE(CapitalTooManyTurns,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 may turn %2 time(s) this activation (the lower of Turns %3 and "
                             "Thrusters %4); %5 already made"))
JW_MESSAGE(ThrustersZeroTurnTest,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 has Thrusters 0 and makes a Skill Test to turn: %2."))
JW_MESSAGE(
    ThrustersZeroTurnFailed,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 fails the Skill Test and cannot turn; it moves %2 straight ahead."))
JW_MESSAGE(
    MandatoryMoveStopsAtPlanet,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "%1's mandatory movement stops at the edge of %2 after %3 (its minimum counts as made)."))
JW_MESSAGE(CapitalMoved,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 moves %2%3 (%4 of at most %5 this activation)."))
JW_MESSAGE(WithTurns, QT_TRANSLATE_NOOP("jw::Engine", " with %1 turn(s)"))

// Movement (squadrons, placement, Launch, Land: movement/movement.cpp, movement/contact.cpp,
// actions/launchland.cpp).
JW_MESSAGE(WouldLeaveTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 would leave the 48\" x 48\" table"))
JW_MESSAGE(OverlappedMovesAway,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is overlapped by %2 and moves out of its way."))
JW_MESSAGE(
    MandatoryMoveEndsOnStation,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "%1's mandatory move ends overlapping %2 (Terrain › Space Stations: Overlap AC/AS:2)."))
JW_MESSAGE(MandatoryMoveStopsOnModel,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1's mandatory move ends on %2: it stops, and is repositioned behind "
                             "it when its activation ends."))
JW_MESSAGE(OverlappedRepositioned,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "%1 is overlapped by %2 and is repositioned with the back of its base touching it."))
JW_MESSAGE(OverlapCompleted,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 completes its overlapping movement: the back of its base touches "
                             "the model it overlapped."))
JW_MESSAGE(CapitalMovesForwardAndTurns,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is a Capital Ship: it moves forward and turns"))
JW_MESSAGE(PathEmpty, QT_TRANSLATE_NOOP("jw::Engine", "the path is empty"))
JW_MESSAGE(SquadronMoveTooFar,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 may move up to its Speed, %2; this path would make %3"))
JW_MESSAGE(SquadronMoved, QT_TRANSLATE_NOOP("jw::Engine", "%1 moves %2 (%3 of %4)."))
JW_MESSAGE(AttackDoesNotHappen,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's attack on %2 does not happen: %3."))
JW_MESSAGE(NotEmbarked, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not Embarked"))
JW_MESSAGE(LaunchNotWithLand,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Launch may not be declared in the same activation as Land"))
JW_MESSAGE(LaunchTooFar,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must be placed within %2 of %3; this is %4 away"))
JW_MESSAGE(Launched, QT_TRANSLATE_NOOP("jw::Engine", "%1 launches from %2."))
JW_MESSAGE(TakesEscapePod, QT_TRANSLATE_NOOP("jw::Engine", "%1 takes an escape pod from %2."))
JW_MESSAGE(NotOnTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not on the table"))
JW_MESSAGE(LandNotWithLaunch,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Land may not be declared in the same activation as Launch"))
JW_MESSAGE(LandOnFriendly, QT_TRANSLATE_NOOP("jw::Engine", "land on a friendly model on the table"))
JW_MESSAGE(NoWorkingTrait, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no working %2"))
JW_MESSAGE(NoRoomLeft, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no room left"))
JW_MESSAGE(
    LandOutOfReach,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 must reach base contact with %2: it is %3 away, %4 of movement left"))
JW_MESSAGE(Lands, QT_TRANSLATE_NOOP("jw::Engine", "%1 lands on %2."))
JW_MESSAGE(TransfersEscapePods,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 transfers %2 escape pod(s) to %3 (%4 aboard)."))

// Procedures and the states they lead to (procedures/, states/states.cpp).
JW_MESSAGE(InItsRam, QT_TRANSLATE_NOOP("jw::Engine", "in its ram"))
JW_MESSAGE(FailingItsRam, QT_TRANSLATE_NOOP("jw::Engine", "failing its ram"))
JW_MESSAGE(AllExoSuitsBoard, QT_TRANSLATE_NOOP("jw::Engine", "all its Exo-Suits board %1"))
JW_MESSAGE(StopsAssaulting, QT_TRANSLATE_NOOP("jw::Engine", "%1 stops Assaulting."))
JW_MESSAGE(BombingBegins, QT_TRANSLATE_NOOP("jw::Engine", "%1 begins a Bombing on %2."))
JW_MESSAGE(SingleBombingRun,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 may make a single Bombing Run with Fire Control 1."))
JW_MESSAGE(BombingRun, QT_TRANSLATE_NOOP("jw::Engine", "%1's Bombing Run %2 on %3."))
JW_MESSAGE(NoRoomToAssault,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "%1 finds no room in base contact with %2: it may not enter the Assaulting state."))
JW_MESSAGE(IsAssaulting, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Assaulting %2."))
JW_MESSAGE(BombingEndsReturnToBase,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 ends its Bombing and Returns to Base."))
JW_MESSAGE(
    ReturnToBaseNoInterception,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "Squadrons in the Return to Base state may not declare an Interception"))
JW_MESSAGE(NeedsFuel1, QT_TRANSLATE_NOOP("jw::Engine", "%1 needs Fuel 1+"))
JW_MESSAGE(InterceptionDoesNotHappen,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Interception of %2 does not happen."))
JW_MESSAGE(InterceptsDogfight, QT_TRANSLATE_NOOP("jw::Engine", "%1 intercepts %2: Dogfight!"))
JW_MESSAGE(InterceptedStopsAssaulting,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is intercepted and stops Assaulting."))
JW_MESSAGE(TriesToBreakOff, QT_TRANSLATE_NOOP("jw::Engine", "%1 tries to Break Off: %2: %3: %4."))
JW_MESSAGE(BreaksOff, QT_TRANSLATE_NOOP("jw::Engine", "%1 breaks off."))
JW_MESSAGE(DogfightOver, QT_TRANSLATE_NOOP("jw::Engine", "The Dogfight is over."))
JW_MESSAGE(ReturnsToBase, QT_TRANSLATE_NOOP("jw::Engine", "%1 Returns to Base."))
JW_MESSAGE(CapitalMayNotRamSquadron,
           QT_TRANSLATE_NOOP("jw::Engine", "a Capital Ship may not ram a Squadron"))
JW_MESSAGE(RammingNoAttacks,
           QT_TRANSLATE_NOOP("jw::Engine", "the ramming model may not declare any attacks"))
JW_MESSAGE(RamForeArc, QT_TRANSLATE_NOOP("jw::Engine", "%1 must bring its Fore arc onto %2"))
JW_MESSAGE(CannotReach,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 cannot reach %2: it is %3 away, %4 of movement left"))
JW_MESSAGE(RamSkillTest,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 makes a Skill Test to ram: %2: %3: %4."))
JW_MESSAGE(RamRoll, QT_TRANSLATE_NOOP("jw::Engine", "%1 rolls %2 for the ram: %3: %4%5."))
JW_MESSAGE(EscalatedTo, QT_TRANSLATE_NOOP("jw::Engine", ", escalated to %1"))
JW_MESSAGE(RamFails, QT_TRANSLATE_NOOP("jw::Engine", "%1's ram fails."))
JW_MESSAGE(NoRoomToMeet, QT_TRANSLATE_NOOP("jw::Engine", "there is no room for %1 to meet %2"))
JW_MESSAGE(NoRoomNextTo, QT_TRANSLATE_NOOP("jw::Engine", "there is no room next to %1"))
JW_MESSAGE(AssaultAfterAttack,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 has attacked already this activation: the Assault's Attack Window "
                             "is its Attack Window"))
JW_MESSAGE(AssaultsShip, QT_TRANSLATE_NOOP("jw::Engine", "%1 Assaults %2."))
JW_MESSAGE(AssaultBrokenUp, QT_TRANSLATE_NOOP("jw::Engine", "%1's Assault on %2 is broken up."))
JW_MESSAGE(DrivenOffByPointDefense,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is driven off by %2's Point Defense."))
JW_MESSAGE(BoardingWithin1,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must be within 1\" of %2 (%3 away)"))
JW_MESSAGE(NoMarinesLeft, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no Marines left"))
JW_MESSAGE(SendsMarinesToBoard, QT_TRANSLATE_NOOP("jw::Engine", "%1 sends %2 Marines to board %3."))
JW_MESSAGE(PointDefenseAgainstBoarders,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Point Defense %2 against the boarders: %3: %4."))
JW_MESSAGE(GrapplersDiminish, QT_TRANSLATE_NOOP("jw::Engine", "%1's Grapplers diminish it to %2."))
JW_MESSAGE(NoPointDefenseAtDefense0,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 has no Point Defense (Defense 0)."))
JW_MESSAGE(NoMarineReaches, QT_TRANSLATE_NOOP("jw::Engine", "No Marine of %1 reaches %2."))
JW_MESSAGE(MarinesBoard,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 Marines board %2: it is Boarded (Boarders %3)."))
JW_MESSAGE(StopsAssaultingPlacedAway,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 stops Assaulting: it is placed 1\" away and Returns to Base."))
JW_MESSAGE(StopsAssaultingDisengages,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 stops Assaulting %2 and disengages."))
JW_MESSAGE(StopsAssaultingReturnsToBase,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 stops Assaulting and Returns to Base."))
JW_MESSAGE(FirefightChoices,
           QT_TRANSLATE_NOOP("jw::Engine", "Firefight on %1: the Marines %2, the Boarders %3."))
JW_MESSAGE(FirefightDefend, QT_TRANSLATE_NOOP("jw::Engine", "Defend"))
JW_MESSAGE(FirefightEngage, QT_TRANSLATE_NOOP("jw::Engine", "Engage"))
JW_MESSAGE(FirefightSabotage, QT_TRANSLATE_NOOP("jw::Engine", "Sabotage"))
JW_MESSAGE(FirefightRoll, QT_TRANSLATE_NOOP("jw::Engine", "%1 roll %2: %3: %4."))
JW_MESSAGE(MarinesOf, QT_TRANSLATE_NOOP("jw::Engine", "%1's Marines"))
JW_MESSAGE(TheBoarders, QT_TRANSLATE_NOOP("jw::Engine", "The Boarders"))
JW_MESSAGE(TheBoardersSabotage, QT_TRANSLATE_NOOP("jw::Engine", "The Boarders' sabotage"))
JW_MESSAGE(FirefightCosts,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "The firefight costs the Boarders %1 and %2's Marines %3."))
JW_MESSAGE(NoLongerBoarded, QT_TRANSLATE_NOOP("jw::Engine", "%1 is no longer Boarded."))
JW_MESSAGE(CapturedBy, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Captured by %2."))
JW_MESSAGE(ReturnsToBaseToward,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 returns to base: %2 toward %3."))
JW_MESSAGE(ItsTableEdge, QT_TRANSLATE_NOOP("jw::Engine", "its table edge"))
JW_MESSAGE(LeavesTableWithdrawn,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 leaves the table and is Withdrawn."))
JW_MESSAGE(NotSquadronOnTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not a Squadron on the table"))
JW_MESSAGE(FreeMoveTooFar,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 may move up to %2 here; this path would make %3"))
JW_MESSAGE(FreeMovement, QT_TRANSLATE_NOOP("jw::Engine", "%1 makes a free Movement of %2 (%3)."))
JW_MESSAGE(RamBy, QT_TRANSLATE_NOOP("jw::Engine", "%1's ram"))
JW_MESSAGE(CollisionWith, QT_TRANSLATE_NOOP("jw::Engine", "the collision with %1"))
JW_MESSAGE(BoardersSabotageBy, QT_TRANSLATE_NOOP("jw::Engine", "the Boarders' sabotage"))

// Damage (damage/damage.cpp).
JW_MESSAGE(InParentheses, QT_TRANSLATE_NOOP("jw::Engine", " (%1)"))
JW_MESSAGE(BoxesCount, QT_TRANSLATE_NOOP("jw::Engine", ", %1 boxes"))
JW_MESSAGE(RatingDamaged, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 %3 -> %4%5%6."))
JW_MESSAGE(CountermeasuresDamagedAtDefense0,
           QT_TRANSLATE_NOOP("jw::Engine", "%1: Defense 0, its Countermeasures are damaged."))
JW_MESSAGE(RandomSelectionRollAgain,
           QT_TRANSLATE_NOOP("jw::Engine", "Random Selection (%1): a %2, rolled again."))
JW_MESSAGE(RandomSelectionResult,
           QT_TRANSLATE_NOOP("jw::Engine", "Random Selection (%1): a %2 -> %3."))
JW_MESSAGE(RatingAtZeroOn, QT_TRANSLATE_NOOP("jw::Engine", "%1 is at 0 on %2"))
JW_MESSAGE(SystemTraitDamaged,
           QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 damaged, %3 of %4 boxes left (%5)."))
JW_MESSAGE(PreciseCause, QT_TRANSLATE_NOOP("jw::Engine", "Precise [D%1]%2"))
JW_MESSAGE(MassDriverCausesCritical,
           QT_TRANSLATE_NOOP("jw::Engine", "%1: the Mass Driver's [D%2] causes a Critical Hit."))
JW_MESSAGE(ShieldTakesOneDamage,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Shield takes one damage off the %2%3."))
JW_MESSAGE(QResultCause, QT_TRANSLATE_NOOP("jw::Engine", "a [Q%1] result%2"))
JW_MESSAGE(ModelDestroyed, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Destroyed (%2)."))
JW_MESSAGE(NoRatingLeftToStructure,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 has no %2 and no rating left: the damage goes to Structure."))
JW_MESSAGE(ParticleCannonRedundantBox,
           QT_TRANSLATE_NOOP("jw::Engine", "Particle Cannon on a redundant box"))
JW_MESSAGE(StructureZero, QT_TRANSLATE_NOOP("jw::Engine", "Structure 0"))
JW_MESSAGE(CrippledAtStructureZero,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is Crippled (Structure 0)."))
JW_MESSAGE(StructureBelowZero,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 would lose Structure below 0%2."))
JW_MESSAGE(CriticalRatingOption, QT_TRANSLATE_NOOP("jw::Engine", "Rating Damage: %1 (%2 -> %3)"))
JW_MESSAGE(CriticalTraitOption,
           QT_TRANSLATE_NOOP("jw::Engine", "System Trait Damage: %1 (%2 of %3 boxes left)"))
JW_MESSAGE(CriticalWeaponsOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Weapon Damage: %1 (%2 of %3 left)"))
JW_MESSAGE(CriticalWeaponOption, QT_TRANSLATE_NOOP("jw::Engine", "Weapon Damage: %1"))
JW_MESSAGE(CriticalMarinesOption, QT_TRANSLATE_NOOP("jw::Engine", "Marines (%1 -> %2)"))
JW_MESSAGE(CriticalNothingLeft,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "Critical Hit on %1: nothing left to damage, one more Structure damage instead."))
JW_MESSAGE(CriticalHitChosen, QT_TRANSLATE_NOOP("jw::Engine", "Critical Hit on %1: %2."))
JW_MESSAGE(CriticalHit, QT_TRANSLATE_NOOP("jw::Engine", "Critical Hit"))
JW_MESSAGE(WeaponDamaged, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 damaged."))
JW_MESSAGE(DisruptedByParticleCannon,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is Disrupted (hit by a Particle Cannon)."))
JW_MESSAGE(CatastropheExplode, QT_TRANSLATE_NOOP("jw::Engine", "Explode"))
JW_MESSAGE(CatastropheDead, QT_TRANSLATE_NOOP("jw::Engine", "Dead"))
JW_MESSAGE(CatastropheNoEffect, QT_TRANSLATE_NOOP("jw::Engine", "No Effect"))
JW_MESSAGE(
    CatastrophicRoll,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 rolls on the Catastrophic Damage Table: %2 + %3 systems at 0 = %4, %5."))
JW_MESSAGE(EmbarkedPlacedNearDead,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 was embarked on %2 and is placed at (%3, %4)."))
JW_MESSAGE(ReplacedWithWreck, QT_TRANSLATE_NOOP("jw::Engine", "%1 is replaced with a %2\" Wreck."))
JW_MESSAGE(LostInExplosionOf, QT_TRANSLATE_NOOP("jw::Engine", "lost in the explosion of %1"))

// Terrain (terrain/terrainrules.cpp, terrain/terraineffects.cpp, terrain/terrain.cpp).
JW_MESSAGE(TerrainOnTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 is on the table%2."))
JW_MESSAGE(SpaceStationDetails,
           QT_TRANSLATE_NOOP("jw::Engine",
                             " (Structure %1, Defense %2, Marines %3, Hangers %4, 2x %5%6)"))
JW_MESSAGE(PossessiveOf, QT_TRANSLATE_NOOP("jw::Engine", ", %1's"))
JW_MESSAGE(UioStructure, QT_TRANSLATE_NOOP("jw::Engine", " (Structure %1)"))
JW_MESSAGE(StartsMovementWithSpeed,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 starts its Movement with Speed %2%3 (%4)."))
JW_MESSAGE(PlanetNotOverlapped,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 may not move into %2 (beyond the %3 table edge): a planet may not "
                             "be overlapped or moved through"))
JW_MESSAGE(MovesWithin3Of, QT_TRANSLATE_NOOP("jw::Engine", "%1 moves within 3\" of %2 (%3)."))
JW_MESSAGE(MovesThrough, QT_TRANSLATE_NOOP("jw::Engine", "%1 moves through %2 (%3)."))
JW_MESSAGE(EndsMovementOverlapping,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 ends its movement overlapping %2 (Terrain › %3: AC:6)."))
JW_MESSAGE(NoClearSpotToAvoid,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 finds no clear spot to avoid %2."))
JW_MESSAGE(AvoidsTerrain,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 avoids %2 (Terrain): it is repositioned clear of it."))
JW_MESSAGE(
    MineTokenContact,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "the Mine token must be placed in base contact with %1 (it is %2 away%3)"))
JW_MESSAGE(Overlapping, QT_TRANSLATE_NOOP("jw::Engine", ", overlapping"))
JW_MESSAGE(MineTokenOnTable, QT_TRANSLATE_NOOP("jw::Engine", "the Mine token must be on the table"))
JW_MESSAGE(MineTokensApart,
           QT_TRANSLATE_NOOP("jw::Engine", "Mine tokens must be at least 2\" apart; %1 is %2 away"))
JW_MESSAGE(LaysMinesAt, QT_TRANSLATE_NOOP("jw::Engine", "%1 lays %2 at (%3, %4)."))
JW_MESSAGE(CometMoves,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 moves 2d6 = %2 + %3 = %4\" (Terrain › Comets)."))
JW_MESSAGE(MovedOutOfTheWay, QT_TRANSLATE_NOOP("jw::Engine", "%1 is moved out of the way of %2."))
// The kinds of terrain (terrain/terrain.cpp: the name of a piece that has none of its own).
JW_MESSAGE(TerrainAsteroidField, QT_TRANSLATE_NOOP("jw::Engine", "Asteroid Field"))
JW_MESSAGE(TerrainAtmosphere, QT_TRANSLATE_NOOP("jw::Engine", "Atmosphere"))
JW_MESSAGE(TerrainComet, QT_TRANSLATE_NOOP("jw::Engine", "Comet"))
JW_MESSAGE(TerrainLargeAsteroid, QT_TRANSLATE_NOOP("jw::Engine", "Large Asteroid"))
JW_MESSAGE(TerrainMines, QT_TRANSLATE_NOOP("jw::Engine", "Mines"))
JW_MESSAGE(TerrainParticleCloud, QT_TRANSLATE_NOOP("jw::Engine", "Particle Cloud"))
JW_MESSAGE(TerrainPlanet, QT_TRANSLATE_NOOP("jw::Engine", "Planet"))
JW_MESSAGE(TerrainSmallMoon, QT_TRANSLATE_NOOP("jw::Engine", "Small Moon"))
JW_MESSAGE(TerrainSpaceStation, QT_TRANSLATE_NOOP("jw::Engine", "Space Station"))
JW_MESSAGE(TerrainWreck, QT_TRANSLATE_NOOP("jw::Engine", "Wreck"))
JW_MESSAGE(TerrainUio, QT_TRANSLATE_NOOP("jw::Engine", "Unidentified Object"))
// The Wreck a Dead ship leaves (terrain/terraineffects.cpp: currentTerrain).
JW_MESSAGE(WreckOf, QT_TRANSLATE_NOOP("jw::Engine", "Wreck of %1"))
// What terrain does where a model stands (terrain/terraineffects.cpp): the piece behind a
// Defense +1 (in the pool's reasons), a Stealth +1, and the Speed changes at the start
// of a Movement (listed in StartsMovementWithSpeed).
JW_MESSAGE(InTheTailOf, QT_TRANSLATE_NOOP("jw::Engine", "in the Tail of %1"))
JW_MESSAGE(InPiece, QT_TRANSLATE_NOOP("jw::Engine", "in %1"))
JW_MESSAGE(Within3Of, QT_TRANSLATE_NOOP("jw::Engine", "within 3\" of %1"))
JW_MESSAGE(SpeedStartingOn, QT_TRANSLATE_NOOP("jw::Engine", "+2 starting on %1"))
JW_MESSAGE(SpeedInAtmosphere, QT_TRANSLATE_NOOP("jw::Engine", "-1 in %1"))
JW_MESSAGE(SpeedPlanetAhead, QT_TRANSLATE_NOOP("jw::Engine", "+2 with %1 in the Fore arc"))
JW_MESSAGE(SpeedPlanetBehind, QT_TRANSLATE_NOOP("jw::Engine", "-1 with %1 in the Aft arc"))

// Unidentified Orbital Objects (scenarios/scavengerhunt.cpp, enginescenario.cpp).
JW_MESSAGE(QuadrantTopLeft, QT_TRANSLATE_NOOP("jw::Engine", "the top left quadrant"))
JW_MESSAGE(QuadrantTopRight, QT_TRANSLATE_NOOP("jw::Engine", "the top right quadrant"))
JW_MESSAGE(QuadrantBottomRight, QT_TRANSLATE_NOOP("jw::Engine", "the bottom right quadrant"))
JW_MESSAGE(QuadrantBottomLeft, QT_TRANSLATE_NOOP("jw::Engine", "the bottom left quadrant"))
JW_MESSAGE(CentreOfTable, QT_TRANSLATE_NOOP("jw::Engine", "the centre of the table"))
JW_MESSAGE(CentreOf, QT_TRANSLATE_NOOP("jw::Engine", "the centre of %1"))
JW_MESSAGE(
    UioPlaced,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 is placed at %2 (%3): %4\" across (1d6), Structure %5 (1d6), Hangers 2."))
JW_MESSAGE(UioEmbarkNeedsMarines,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Squadrons may be Embarked on %1 only while their player has Marines "
                             "aboard it; %2 has none"))
JW_MESSAGE(
    UioBoardedUnopposed,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 Marines of %2 board %3 unopposed (%4): Marines aboard %5 %6, %7 %8."))
JW_MESSAGE(LaunchesWithIntelligence,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 launches from %2, searched: it carries an Intelligence Token "
                             "(Scavenger Hunt › Retrieve Intelligence)."))
JW_MESSAGE(TransfersIntelligence,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 transfers its Intelligence Token to %2 (%3 aboard; Scavenger Hunt "
                             "› Retrieve Intelligence)."))
JW_MESSAGE(UioFirefight,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Firefight on %1: %2's %3 Marines and %4's %5 Engage (%6)."))
JW_MESSAGE(UioMarinesRoll, QT_TRANSLATE_NOOP("jw::Engine", "%1's Marines on %2 roll %3: %4: %5."))
JW_MESSAGE(UioFirefightCosts,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "The firefight on %1 costs %2 %3 Marines and %4 %5: %6 and %7 left."))
JW_MESSAGE(UioSearchTokens,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "%1 has %2 more Marines aboard %3: %4 (%5 in all; Scavenger Hunt › Search a UIO)."))
JW_MESSAGE(SearchToken, QT_TRANSLATE_NOOP("jw::Engine", "%1 Search token"))
JW_MESSAGE(SearchTokens, QT_TRANSLATE_NOOP("jw::Engine", "%1 Search tokens"))
JW_MESSAGE(
    UioSearched,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 has searched %2: a Squadron launching from it carries Intelligence."))
JW_MESSAGE(MustLaunchNoRoom,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 must Launch from %2 but finds no room: it stays Embarked."))
JW_MESSAGE(UioFreeLaunch,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 has no Marines aboard %2: %3 takes a free Launch (%4)."))
JW_MESSAGE(IntelligenceLost,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Intelligence Token is lost with it."))

// Water world scenarios (scenarios/waterraid.cpp).
JW_MESSAGE(NoCometToPlace, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no Comet to place"))
JW_MESSAGE(CometFirstDeployment,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "the Defender places the Comet in the first Deployment Phase, before "
                             "any model is deployed"))
JW_MESSAGE(DefenderPlacesComet,
           QT_TRANSLATE_NOOP("jw::Engine", "the Defender (%1) places the Comet"))
JW_MESSAGE(CometBodySize,
           QT_TRANSLATE_NOOP("jw::Engine", "the Body of a Comet is 2-4\" across, not %1"))
JW_MESSAGE(CometInDeploymentZone,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "the Defender deploys the Comet in their deployment zone: its Body at (%1, %2) is "
               "not wholly within %3's Deployment Zone (the 12\" strip along the %4 edge)"))
JW_MESSAGE(EdgeBottom, QT_TRANSLATE_NOOP("jw::Engine", "bottom"))
JW_MESSAGE(EdgeTop, QT_TRANSLATE_NOOP("jw::Engine", "top"))
JW_MESSAGE(TailPolygon,
           QT_TRANSLATE_NOOP("jw::Engine", "the Tail is a polygon of at least 3 points"))
JW_MESSAGE(TailTouchesBody, QT_TRANSLATE_NOOP("jw::Engine", "place the Tail touching the Body"))
JW_MESSAGE(TailOnTable, QT_TRANSLATE_NOOP("jw::Engine", "the Tail must stay on the table"))
JW_MESSAGE(PlacesStationaryComet,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 places the Stationary Comet at (%2, %3), %4 across (%5)."))
JW_MESSAGE(NoWaterToCarry, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no water to carry"))
JW_MESSAGE(WaterCountedFrom0, QT_TRANSLATE_NOOP("jw::Engine", "units of water are counted from 0"))
JW_MESSAGE(WaterFirstDeployment,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "water is distributed during the first Deployment Phase; %1 deploys in turn %2"))
JW_MESSAGE(OnlyDefenderDistributesWater,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "only the Defender distributes water across their Fleet"))
JW_MESSAGE(NoWaterForModel,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "%1 may not be issued water: only Capital Ships and Exo-Armor squadrons carry it"))
JW_MESSAGE(CapitalWaterMax,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Capital Ships may be issued a max of 5 water units; %1 is given %2"))
JW_MESSAGE(ExoArmorWaterMax,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "Exo-Armor Squadrons may be issued 1 water unit if not Embarked; %1 is given %2"))
JW_MESSAGE(
    WaterTenUnits,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "the Defender distributes 10 units of water: %1 are issued already, %2 more would make %3"))
JW_MESSAGE(CarriesWater, QT_TRANSLATE_NOOP("jw::Engine", "%1 carries %2 unit(s) of water."))
JW_MESSAGE(
    WaterReservesRequired,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "the Defender must distribute %1 units of water across their Fleet when "
                      "deploying it: %2 issued, and the models left to deploy could carry only %3 "
                      "more (Capital Ships 5, Exo-Armor squadrons 1 if not Embarked)"))
JW_MESSAGE(
    OnlyCometMined,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "only Water Raid's Comet may be mined; the target of an Assault is an enemy Capital Ship"))
JW_MESSAGE(TerrainNotComet, QT_TRANSLATE_NOOP("jw::Engine", "terrain %1 is not the Comet"))
JW_MESSAGE(DefenderMinesComet,
           QT_TRANSLATE_NOOP("jw::Engine", "the Defender mines the Comet, not %1"))
JW_MESSAGE(CannotReachComet,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 cannot reach the Comet: it is %2 away, %3 of movement left"))
JW_MESSAGE(ExoArmorCarryMax,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Exo-Armor Squadrons may carry a max of 3 water units; %1 carries %2"))
JW_MESSAGE(OnlyLanceOnComet,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "the Exo-Armor Squadron may only use its Lance to attack: %1 has no working Lance"))
JW_MESSAGE(NoFireControlLeft, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no Fire Control left"))
JW_MESSAGE(AssaultsComet, QT_TRANSLATE_NOOP("jw::Engine", "%1 Assaults the Comet to mine it."))
JW_MESSAGE(CometMiningBrokenUp,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's mining of the Comet is broken up."))
JW_MESSAGE(CometHazards,
           QT_TRANSLATE_NOOP("jw::Engine", "The Comet's hazards (Defense %1) on %2: %3 -> %4."))
JW_MESSAGE(DrivenOffByCometHazards,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is driven off by the Comet's hazards."))
JW_MESSAGE(MinesCometWith,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 mines the Comet with its %2: %3: %4 -> %5."))
JW_MESSAGE(MinesWater, QT_TRANSLATE_NOOP("jw::Engine", "%1 mines %2 unit(s) of water (%3 aboard)."))
JW_MESSAGE(MinesNoWater, QT_TRANSLATE_NOOP("jw::Engine", "%1 mines no water."))
JW_MESSAGE(
    ForfeitsWaterForFuelPods,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 forfeits a unit of water and gains the Fuel Pods trait (%2 aboard)."))
JW_MESSAGE(TransfersWater,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 transfers %2 unit(s) of water to %3 (%4 aboard)."))
JW_MESSAGE(TakesWater,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 takes %2 unit(s) of water from %3 (%4 aboard, %5 left on %3)."))
JW_MESSAGE(WaterLost, QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 unit(s) of water are lost with it."))
JW_MESSAGE(CometHazardsBy, QT_TRANSLATE_NOOP("jw::Engine", "the Comet's hazards"))

// Game flow, activation, End Phase (engine.cpp, sequence/activation.cpp,
// sequence/endphase.cpp).
JW_MESSAGE(ScriptedDiceRanOutBeforeStart,
           QT_TRANSLATE_NOOP("jw::Engine", "the scripted dice ran out before the game could start"))
JW_MESSAGE(ScriptedDiceRanOut, QT_TRANSLATE_NOOP("jw::Engine", "the scripted dice ran out"))
JW_MESSAGE(
    InitiativeAttacker,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "Random Selection for Attacker and Defender: a %1, %2 is the Attacker and has Initiative."))
JW_MESSAGE(InitiativeRandom,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Random Selection for Initiative: a %1, %2 has Initiative."))
JW_MESSAGE(GameTurnBegins, QT_TRANSLATE_NOOP("jw::Engine", "Game Turn %1 begins."))
JW_MESSAGE(GameIsOver, QT_TRANSLATE_NOOP("jw::Engine", "the game is over"))
JW_MESSAGE(AnswerFirst, QT_TRANSLATE_NOOP("jw::Engine", "answer first: %1"))
JW_MESSAGE(OptionDoesNotExist,
           QT_TRANSLATE_NOOP("jw::Engine", "option %1 does not exist (0 to %2)"))
JW_MESSAGE(OptionNeedsPath, QT_TRANSLATE_NOOP("jw::Engine", "\"%1\" needs the path %2 moves along"))
JW_MESSAGE(OptionNotMovement, QT_TRANSLATE_NOOP("jw::Engine", "\"%1\" is not a movement: no path"))
JW_MESSAGE(NoDecisionWaiting, QT_TRANSLATE_NOOP("jw::Engine", "no decision is waiting"))
JW_MESSAGE(ActivationPhaseOfTurn, QT_TRANSLATE_NOOP("jw::Engine", "Activation Phase of turn %1."))
JW_MESSAGE(ActivateInActivationPhase,
           QT_TRANSLATE_NOOP("jw::Engine", "models activate in the Activation Phase"))
JW_MESSAGE(CompleteActivationFirst,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must complete its activation first"))
JW_MESSAGE(NoModelNumber, QT_TRANSLATE_NOOP("jw::Engine", "no model %1"))
JW_MESSAGE(NotUnderCommand, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not under %2's command"))
JW_MESSAGE(TerrainDoesNotActivate,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is terrain: it does not activate"))
JW_MESSAGE(AlreadyActivated, QT_TRANSLATE_NOOP("jw::Engine", "%1 has already activated this turn"))
JW_MESSAGE(NoSuchAction, QT_TRANSLATE_NOOP("jw::Engine", "no action '%1'"))
JW_MESSAGE(Activates, QT_TRANSLATE_NOOP("jw::Engine", "%1 activates %2."))
JW_MESSAGE(ActivatesAndDeclares,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 activates %2 and declares %3."))
JW_MESSAGE(SensorDroneQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Which arc does %1's Sensor Drone support (Sensors +1)?"))
JW_MESSAGE(ArcFore, QT_TRANSLATE_NOOP("jw::Engine", "Fore"))
JW_MESSAGE(ArcPort, QT_TRANSLATE_NOOP("jw::Engine", "Port"))
JW_MESSAGE(ArcStarboard, QT_TRANSLATE_NOOP("jw::Engine", "Starboard"))
JW_MESSAGE(ArcAft, QT_TRANSLATE_NOOP("jw::Engine", "Aft"))
JW_MESSAGE(NoArc, QT_TRANSLATE_NOOP("jw::Engine", "None"))
JW_MESSAGE(SensorDroneArc,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Sensor Drone: Sensors +1 in its %2 arc."))
JW_MESSAGE(ActionLostToInterception,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 is lost to the Interception."))
JW_MESSAGE(FuelPodsQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "Does %1 use its Fuel Pods (once per game: +2 Fuel)?"))
JW_MESSAGE(FuelPodsNotNow, QT_TRANSLATE_NOOP("jw::Engine", "Not now"))
JW_MESSAGE(FuelPodsBoost, QT_TRANSLATE_NOOP("jw::Engine", "Use them: +2 Fuel and a Boost"))
JW_MESSAGE(FuelPodsAvoidReturn,
           QT_TRANSLATE_NOOP("jw::Engine", "Use them: +2 Fuel and avoid Return to Base once"))
JW_MESSAGE(UsesFuelPods, QT_TRANSLATE_NOOP("jw::Engine", "%1 uses its Fuel Pods: +2 Fuel."))
JW_MESSAGE(BoostQuestion, QT_TRANSLATE_NOOP("jw::Engine", "How hard does %1 boost?"))
JW_MESSAGE(FuelPodsDoubleSpeed, QT_TRANSLATE_NOOP("jw::Engine", "Double Speed (1 Fuel)"))
JW_MESSAGE(FuelPodsTripleSpeed, QT_TRANSLATE_NOOP("jw::Engine", "Triple Speed (2 Fuel)"))
JW_MESSAGE(BoostsSpeed, QT_TRANSLATE_NOOP("jw::Engine", "%1 boosts: Speed x%2."))
JW_MESSAGE(FuelPodsSpareReturn,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Fuel Pods spare it the Return to Base."))
JW_MESSAGE(OutOfSight,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 does something out of sight (secret information)."))
JW_MESSAGE(MustMoveAtLeast,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 must move at least %2 (Speed %3 - Thrusters %4); it moved %5"))
JW_MESSAGE(KeepsAssaulting,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 keeps Assaulting %2: placed in base contact again."))
JW_MESSAGE(NoRoomReturnsToBase,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 finds no room on %2 and Returns to Base."))
JW_MESSAGE(EndsActivation, QT_TRANSLATE_NOOP("jw::Engine", "%1 ends its activation."))
JW_MESSAGE(EndPhaseOfTurn, QT_TRANSLATE_NOOP("jw::Engine", "End Phase of turn %1."))
JW_MESSAGE(NoLongerDisrupted, QT_TRANSLATE_NOOP("jw::Engine", "%1 is no longer Disrupted."))
JW_MESSAGE(NoLongerEvading, QT_TRANSLATE_NOOP("jw::Engine", "%1 is no longer Evading."))
JW_MESSAGE(NoLongerStationKeeping,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is no longer Station Keeping."))
JW_MESSAGE(NoLongerStealthed, QT_TRANSLATE_NOOP("jw::Engine", "%1 is no longer Stealthed."))
JW_MESSAGE(
    GameOverAfterTurn,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "The game is over after turn %1: %2 (Objective Points %3–%4, Victory Points %5–%6)."))
JW_MESSAGE(ResultDraw, QT_TRANSLATE_NOOP("jw::Engine", "a draw"))
JW_MESSAGE(PlayerWins, QT_TRANSLATE_NOOP("jw::Engine", "%1 wins"))

// Deployment, reserves, embarking (sequence/deployment.cpp).
JW_MESSAGE(WithinBeaconMarkers,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must be within 3\" of one of %2's Beacon markers"))
JW_MESSAGE(WhollyWithinQuadrant,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must be wholly within %2's quadrant"))
JW_MESSAGE(WhollyWithinDeploymentZone,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "%1 must be wholly within %2's Deployment Zone (the 12\" strip along the %3 edge)"))
JW_MESSAGE(NoContactOrOverlap,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 may not end in base contact with or overlapping %2"))
JW_MESSAGE(DeployInDeploymentPhase,
           QT_TRANSLATE_NOOP("jw::Engine", "models are deployed in the Deployment Phase"))
JW_MESSAGE(NotYoursToDeploy, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not %2's to deploy"))
JW_MESSAGE(CometBeforeAnyModel,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "the Defender places the Comet before any model is deployed"))
JW_MESSAGE(NotInReserve, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not In Reserve"))
JW_MESSAGE(Deploys, QT_TRANSLATE_NOOP("jw::Engine", "%1 deploys %2 at (%3, %4) facing %5°."))
JW_MESSAGE(EmbarkInDeploymentPhase,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "models are deployed Embarked in the Deployment Phase; later, with the Land action"))
JW_MESSAGE(NoSuchModel, QT_TRANSLATE_NOOP("jw::Engine", "no such model"))
JW_MESSAGE(MayNotDeployNow, QT_TRANSLATE_NOOP("jw::Engine", "%1 may not be deployed now"))
JW_MESSAGE(CapitalNotEmbarked,
           QT_TRANSLATE_NOOP("jw::Engine", "Capital Ships may not be Embarked at deployment"))
JW_MESSAGE(NoEmbarkInFirstPhase,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Squadrons may not be Embarked in the first Deployment Phase"))
JW_MESSAGE(
    EmbarkOnNewCapitalShips,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "Squadrons may be Embarked only on Capital Ships deployed in this Phase; %1 was not"))
JW_MESSAGE(EmbarkOnFriendly,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must embark on a friendly model on the table"))
JW_MESSAGE(HangersFull, QT_TRANSLATE_NOOP("jw::Engine", "%1's Hangers are full (%2 of %3)"))
JW_MESSAGE(DeploysEmbarked, QT_TRANSLATE_NOOP("jw::Engine", "%1 deploys %2 Embarked on %3."))
JW_MESSAGE(NothingToDecline, QT_TRANSLATE_NOOP("jw::Engine", "there is nothing to decline"))
JW_MESSAGE(BeaconMarkersFirst,
           QT_TRANSLATE_NOOP("jw::Engine", "the Beacon markers are placed first"))
JW_MESSAGE(AllCapitalShipsFirst,
           QT_TRANSLATE_NOOP("jw::Engine", "players deploy all their Capital Ships first"))
JW_MESSAGE(OneCapitalShipEachFirst,
           QT_TRANSLATE_NOOP("jw::Engine", "players deploy one Capital Ship each first"))
JW_MESSAGE(BeaconsWithoutModel,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "with Fleet Deployment at least one model must be deployed within 3\" "
                             "of each Beacon marker: %1 of %2's have none"))
JW_MESSAGE(DeclinesToDeploy, QT_TRANSLATE_NOOP("jw::Engine", "%1 declines to deploy."))
JW_MESSAGE(DeploymentPhaseOfTurn, QT_TRANSLATE_NOOP("jw::Engine", "Deployment Phase of turn %1."))
JW_MESSAGE(EscortDeploysWithSquadrons,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is an Escort: it deploys with the Squadrons (Traits › Escort)"))
JW_MESSAGE(SetupAndBeaconsFirst,
           QT_TRANSLATE_NOOP("jw::Engine", "the scenario's set-up and Beacon markers come first"))
JW_MESSAGE(DeclinedUntilNextPhase,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 declined to deploy until the next Deployment Phase"))
JW_MESSAGE(OneCapitalShipEachFirstPhase,
           QT_TRANSLATE_NOOP("jw::Engine", "one Capital Ship each in the first Deployment Phase"))
JW_MESSAGE(NotNowOneCapitalThenSquadrons,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "%1 may not be deployed now: one Capital Ship each first, then two Squadrons each"))
JW_MESSAGE(
    NotNowCapitalShipsDeployed,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "%1 may not be deployed now: the Capital Ships of the first Deployment Phase are deployed"))
JW_MESSAGE(TwoSquadronsEachFirstPhase,
           QT_TRANSLATE_NOOP("jw::Engine", "two Squadrons each in the first Deployment Phase"))
JW_MESSAGE(
    NotNowCapitalShipsFirst,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 may not be deployed now: all Capital Ships deploy first, then Squadrons"))
JW_MESSAGE(
    BeaconsWouldHaveNone,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "with Fleet Deployment at least one model must be deployed within 3\" of "
                      "each Beacon marker: %1 marker(s) would have none and %2 model(s) are left"))
JW_MESSAGE(CapitalShipsDeployedNowSquadrons,
           QT_TRANSLATE_NOOP("jw::Engine", "The Capital Ships are deployed; now the Squadrons."))

// Actions: declaring them (actions/action.cpp).
// The Actions' names, as sentences name them (the keys stay the wire format).
JW_MESSAGE(ActionConcentratedFire, QT_TRANSLATE_NOOP("jw::Engine", "Concentrated Fire"))
JW_MESSAGE(ActionEvade, QT_TRANSLATE_NOOP("jw::Engine", "Evade"))
JW_MESSAGE(ActionInitiateBoarding, QT_TRANSLATE_NOOP("jw::Engine", "Initiate Boarding"))
JW_MESSAGE(ActionLand, QT_TRANSLATE_NOOP("jw::Engine", "Land"))
JW_MESSAGE(ActionLaunch, QT_TRANSLATE_NOOP("jw::Engine", "Launch"))
JW_MESSAGE(ActionLockOn, QT_TRANSLATE_NOOP("jw::Engine", "Lock On"))
JW_MESSAGE(ActionRammingSpeed, QT_TRANSLATE_NOOP("jw::Engine", "Ramming Speed"))
JW_MESSAGE(ActionVectorAttack, QT_TRANSLATE_NOOP("jw::Engine", "Vector Attack"))
JW_MESSAGE(ActionWithdraw, QT_TRANSLATE_NOOP("jw::Engine", "Withdraw"))
JW_MESSAGE(ActionBoost, QT_TRANSLATE_NOOP("jw::Engine", "Boost"))
JW_MESSAGE(ActionInitiateAssault, QT_TRANSLATE_NOOP("jw::Engine", "Initiate Assault"))
JW_MESSAGE(ActionInitiateBombing, QT_TRANSLATE_NOOP("jw::Engine", "Initiate Bombing"))
JW_MESSAGE(ActionInterception, QT_TRANSLATE_NOOP("jw::Engine", "Interception"))
JW_MESSAGE(ActionDamageControl, QT_TRANSLATE_NOOP("jw::Engine", "Damage Control"))
JW_MESSAGE(ActionEngagePointDefense, QT_TRANSLATE_NOOP("jw::Engine", "Engage Point Defense"))
JW_MESSAGE(ActionLongRangeSensors, QT_TRANSLATE_NOOP("jw::Engine", "Long Range Sensors"))
JW_MESSAGE(ActionLayMines, QT_TRANSLATE_NOOP("jw::Engine", "Lay Mines"))
JW_MESSAGE(ActionPurgeAirlocks, QT_TRANSLATE_NOOP("jw::Engine", "Purge Airlocks"))
JW_MESSAGE(ActionReorient, QT_TRANSLATE_NOOP("jw::Engine", "Reorient"))
JW_MESSAGE(ActionSilentRunning, QT_TRANSLATE_NOOP("jw::Engine", "Silent Running"))
JW_MESSAGE(ActionStationKeep, QT_TRANSLATE_NOOP("jw::Engine", "Station Keep"))
JW_MESSAGE(ActionTug, QT_TRANSLATE_NOOP("jw::Engine", "Tug"))
JW_MESSAGE(ActionTenderTransfer, QT_TRANSLATE_NOOP("jw::Engine", "Tender Transfer"))
JW_MESSAGE(ActionSearchEscapePods, QT_TRANSLATE_NOOP("jw::Engine", "Search for Escape Pods"))
// Why an Action may not be declared.
JW_MESSAGE(OnlySquadronsMayDeclare,
           QT_TRANSLATE_NOOP("jw::Engine", "only Squadrons may declare %1"))
JW_MESSAGE(OnlyCapitalShipsMayDeclare,
           QT_TRANSLATE_NOOP("jw::Engine", "only Capital Ships may declare %1"))
JW_MESSAGE(OnlyRepairOrWithdraw,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 may only declare Damage Control (Repair) or Withdraw"))
JW_MESSAGE(
    ReturningToBaseDeclares,
    QT_TRANSLATE_NOOP(
        "jw::Engine",
        "%1 is Returning to Base: it may only declare Boost, Evade, Withdraw or Vector Attack"))
JW_MESSAGE(HasNoTrait, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no %2 trait"))
JW_MESSAGE(VectorAttackWho,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "only Capital Ships or Squadrons with the Comms trait may declare Vector Attack"))
JW_MESSAGE(RequiresSensors1, QT_TRANSLATE_NOOP("jw::Engine", "requires Sensors 1+"))
JW_MESSAGE(SluggishMayNotEvade,
           QT_TRANSLATE_NOOP("jw::Engine", "a model with the Sluggish trait may not Evade"))
JW_MESSAGE(RequiresThrustersOrFuel,
           QT_TRANSLATE_NOOP("jw::Engine", "requires Thrusters 1+ or Fuel 2+"))
JW_MESSAGE(RequiresThrusters1, QT_TRANSLATE_NOOP("jw::Engine", "requires Thrusters 1+"))
JW_MESSAGE(RamOnlyOneStructure,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must have only 1 Structure left to ram (it has %2)"))
JW_MESSAGE(RequiresDefense1, QT_TRANSLATE_NOOP("jw::Engine", "requires Defense 1+"))
JW_MESSAGE(RequiresMinelayer, QT_TRANSLATE_NOOP("jw::Engine", "requires a working Minelayer trait"))
JW_MESSAGE(RequiresFireControl2, QT_TRANSLATE_NOOP("jw::Engine", "requires Fire Control 2+"))
JW_MESSAGE(RequiresFuel1, QT_TRANSLATE_NOOP("jw::Engine", "requires Fuel 1+"))
JW_MESSAGE(RequiresDefenseSensorsThrusters,
           QT_TRANSLATE_NOOP("jw::Engine", "requires Defense 1+, Sensors 1+ and Thrusters 1+"))
JW_MESSAGE(OnlyExoArmorAssaults, QT_TRANSLATE_NOOP("jw::Engine", "only an Exo-Armor may Assault"))
JW_MESSAGE(RequiresMarines1, QT_TRANSLATE_NOOP("jw::Engine", "requires Marines 1+"))
JW_MESSAGE(NoBoardingUntilTurn,
           QT_TRANSLATE_NOOP("jw::Engine", "Boarding actions may not be attempted until turn %1"))
JW_MESSAGE(BoardedMayNotBoard,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is Boarded: a Boarded ship may not Initiate Boarding (%2)"))
JW_MESSAGE(ActionOfAnotherScenario,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is an action of another scenario, not of %2"))
JW_MESSAGE(SearchesFromTable,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 searches from the table, not Embarked"))
JW_MESSAGE(
    WithdrawAtStructure,
    QT_TRANSLATE_NOOP("jw::Engine",
                      "%1 may not Withdraw until reduced to Structure %2 or less (it has %3)"))
JW_MESSAGE(DefenderWithdrawFromTurn,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "the Defender may not withdraw Capital Ships until turn %1"))
JW_MESSAGE(NotBoarded, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not Boarded"))
JW_MESSAGE(AssaultingMustBomb,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is Assaulting: it must declare Initiate Bombing (rules %2)"))

// Actions: resolving them (actions/actions.cpp, procedures/repair.cpp).
JW_MESSAGE(ActionSkillTest,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 makes a Skill Test for %2: %3: %4."))
JW_MESSAGE(BombingAfterInterception,
           QT_TRANSLATE_NOOP("jw::Engine", "Bombing after an Interception"))
JW_MESSAGE(IsEvading, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Evading."))
JW_MESSAGE(IsStationKeeping, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Station Keeping (Speed 0)."))
JW_MESSAGE(IsStealthed, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Stealthed."))
JW_MESSAGE(FailsToGoSilent, QT_TRANSLATE_NOOP("jw::Engine", "%1 fails to go silent."))
JW_MESSAGE(SluggishReorient,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is Sluggish: it makes two Reorient turns at the end of its move "
                             "instead of one."))
JW_MESSAGE(ReorientAnyDirection,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 may turn to face any direction this activation."))
JW_MESSAGE(ReorientOneMoreTurn,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 may make one turn more than its Turns rating."))
JW_MESSAGE(BoostDouble, QT_TRANSLATE_NOOP("jw::Engine", "Double Speed (%1\", 1 Fuel)"))
JW_MESSAGE(BoostTriple, QT_TRANSLATE_NOOP("jw::Engine", "Triple Speed (%1\", 2 Fuel)"))
JW_MESSAGE(Boosts, QT_TRANSLATE_NOOP("jw::Engine", "%1 boosts: Speed x%2 for %3 Fuel."))
JW_MESSAGE(PurgesAirlocks,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 purges its airlocks: Boarders %2 -> %3."))
JW_MESSAGE(FindsNoEscapePods, QT_TRANSLATE_NOOP("jw::Engine", "%1 finds no escape pods."))
JW_MESSAGE(FindsEscapePods,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 finds %2 escape pod(s) and takes them aboard (%3 aboard)."))
JW_MESSAGE(RepairTest, QT_TRANSLATE_NOOP("jw::Engine", "Repair of %1: %2: %3: %4."))
JW_MESSAGE(RepairRatingOption, QT_TRANSLATE_NOOP("jw::Engine", "%1 (%2 now)"))
JW_MESSAGE(RepairRatingQuestion, QT_TRANSLATE_NOOP("jw::Engine", "Which Rating of %1 is repaired?"))
JW_MESSAGE(RatingRepaired, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 repaired (%3)."))
JW_MESSAGE(RepairTwoRatings, QT_TRANSLATE_NOOP("jw::Engine", "Two Rating repairs"))
JW_MESSAGE(RepairWeaponOption, QT_TRANSLATE_NOOP("jw::Engine", "Weapon: %1"))
JW_MESSAGE(RepairTraitOption, QT_TRANSLATE_NOOP("jw::Engine", "System Trait: %1"))
JW_MESSAGE(RepairQuestion, QT_TRANSLATE_NOOP("jw::Engine", "What does the Repair fix on %1?"))
JW_MESSAGE(SystemRepaired, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 repaired."))
JW_MESSAGE(RepairDockedQuestion, QT_TRANSLATE_NOOP("jw::Engine", "How is %1 repaired?"))
JW_MESSAGE(RepairTwoD, QT_TRANSLATE_NOOP("jw::Engine", "Two [D] repairs"))
JW_MESSAGE(RepairOneStructure, QT_TRANSLATE_NOOP("jw::Engine", "One Structure"))
JW_MESSAGE(OneStructureRepaired, QT_TRANSLATE_NOOP("jw::Engine", "%1: one Structure repaired."))
JW_MESSAGE(NoLongerCrippled, QT_TRANSLATE_NOOP("jw::Engine", "%1 is no longer Crippled."))
JW_MESSAGE(StructureRepaired, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 Structure repaired (%3)."))
JW_MESSAGE(TakesNoField, QT_TRANSLATE_NOOP("jw::Engine", "%1 takes no %2"))
JW_MESSAGE(ThisActivation, QT_TRANSLATE_NOOP("jw::Engine", "this activation"))
JW_MESSAGE(FieldPoint, QT_TRANSLATE_NOOP("jw::Engine", "point (at)"))
JW_MESSAGE(FieldTarget, QT_TRANSLATE_NOOP("jw::Engine", "target"))
JW_MESSAGE(FieldTerrain, QT_TRANSLATE_NOOP("jw::Engine", "terrain"))
JW_MESSAGE(OffTableUntilLaunch,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is off the table until it Launches"))
JW_MESSAGE(LayMinesWhere,
           QT_TRANSLATE_NOOP("jw::Engine", "give where the Mine token goes (at: [x, y])"))
JW_MESSAGE(DeclaredNoAction, QT_TRANSLATE_NOOP("jw::Engine", "%1 declared no Action"))
JW_MESSAGE(ResolvedWhenDeclared,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is resolved when it is declared"))
JW_MESSAGE(ActionResolvedAlready,
           QT_TRANSLATE_NOOP("jw::Engine", "the %1 has been resolved already"))
JW_MESSAGE(NeedsTargetCapital, QT_TRANSLATE_NOOP("jw::Engine", "%1 needs a target Capital Ship"))
JW_MESSAGE(TargetEnemySquadron,
           QT_TRANSLATE_NOOP("jw::Engine", "the target must be an enemy Squadron on the table"))
JW_MESSAGE(TargetEnemyModel,
           QT_TRANSLATE_NOOP("jw::Engine", "the target must be an enemy model on the table"))
JW_MESSAGE(TargetEnemyCapital,
           QT_TRANSLATE_NOOP("jw::Engine", "the target must be an enemy Capital Ship on the table"))
JW_MESSAGE(EngagesPointDefense,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 engages its Point Defense against %2 squadron(s) within 3\"."))
JW_MESSAGE(WithdrawTooClose,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 must be 6\" from enemy models; %2 is %3 away"))
JW_MESSAGE(WithdrawEscapeEdge,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 may only Withdraw within %2 of the escape edge; it is %3 away"))
JW_MESSAGE(FailsToWithdraw, QT_TRANSLATE_NOOP("jw::Engine", "%1 fails to Withdraw."))
JW_MESSAGE(Withdraws, QT_TRANSLATE_NOOP("jw::Engine", "%1 Withdraws."))
JW_MESSAGE(WithdrawsWithIt, QT_TRANSLATE_NOOP("jw::Engine", "%1 Withdraws with it."))
JW_MESSAGE(CannotMakeMinimumMoveWithdrawn,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 cannot make its minimum move on the table: it leaves the table "
                             "and is Withdrawn."))
JW_MESSAGE(Vectors,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 vectors %2 Squadron(s) (%3 in Sensor Range)."))
JW_MESSAGE(VectorQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Vector Attack: which Squadron moves up to 3\" (%1 "
                             "more)?"))
JW_MESSAGE(MoveModelOption, QT_TRANSLATE_NOOP("jw::Engine", "Move %1"))
JW_MESSAGE(DoneOption, QT_TRANSLATE_NOOP("jw::Engine", "Done"))
JW_MESSAGE(TugMovesStatic,
           QT_TRANSLATE_NOOP("jw::Engine", "the Tug moves a friendly model with the Static trait"))
JW_MESSAGE(TugTooFar, QT_TRANSLATE_NOOP("jw::Engine", "%1 must be within 3\" of %2 (%3 away)"))
JW_MESSAGE(TowedAlready, QT_TRANSLATE_NOOP("jw::Engine", "%1 has been moved 3\" this turn already"))
JW_MESSAGE(Tows, QT_TRANSLATE_NOOP("jw::Engine", "%1 tows %2 %3 towards itself."))
JW_MESSAGE(TenderTransfersToShip,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "the Tender transfers to another friendly ship on the table"))
JW_MESSAGE(TenderNothing,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 has nothing %2 can transfer: no lost Marines, no damaged trait "
                             "that %2 has boxes of"))
JW_MESSAGE(TenderMarineOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Marines: 1 (%1 has %2, %3 has %4 of %5)"))
JW_MESSAGE(TenderBoxOption, QT_TRANSLATE_NOOP("jw::Engine", "%1: a box"))
JW_MESSAGE(TenderQuestion, QT_TRANSLATE_NOOP("jw::Engine", "What does %1 transfer to %2?"))
JW_MESSAGE(AMarine, QT_TRANSLATE_NOOP("jw::Engine", "a Marine"))
JW_MESSAGE(ATraitBox, QT_TRANSLATE_NOOP("jw::Engine", "a %1 box"))
JW_MESSAGE(Transfers, QT_TRANSLATE_NOOP("jw::Engine", "%1 transfers %2 to %3."))

// Attacks: checks, pools, point defense (attack/attack.cpp, attack/attackpool.cpp).
JW_MESSAGE(PoolLanceSkill, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2's Skill"))
JW_MESSAGE(PoolAsAsAc, QT_TRANSLATE_NOOP("jw::Engine", "%1 AS as AC (Assault)"))
JW_MESSAGE(PoolWeaponAc, QT_TRANSLATE_NOOP("jw::Engine", "%1 AC"))
JW_MESSAGE(PoolWeaponAs, QT_TRANSLATE_NOOP("jw::Engine", "%1 AS"))
JW_MESSAGE(PoolShortRange, QT_TRANSLATE_NOOP("jw::Engine", "short range"))
JW_MESSAGE(PoolStationKeeping, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Station Keeping"))
JW_MESSAGE(PoolAce, QT_TRANSLATE_NOOP("jw::Engine", "Ace"))
JW_MESSAGE(PoolSniper, QT_TRANSLATE_NOOP("jw::Engine", "Sniper"))
JW_MESSAGE(PoolDogfight, QT_TRANSLATE_NOOP("jw::Engine", "Dogfight"))
JW_MESSAGE(PoolAssault, QT_TRANSLATE_NOOP("jw::Engine", "Assault"))
JW_MESSAGE(PoolBombing, QT_TRANSLATE_NOOP("jw::Engine", "Bombing"))
JW_MESSAGE(PoolInPortArc, QT_TRANSLATE_NOOP("jw::Engine", "in %1's Port arc"))
JW_MESSAGE(PoolInStarboardArc, QT_TRANSLATE_NOOP("jw::Engine", "in %1's Starboard arc"))
JW_MESSAGE(PoolInAftArc, QT_TRANSLATE_NOOP("jw::Engine", "in %1's Aft arc"))
JW_MESSAGE(PoolForeArmor, QT_TRANSLATE_NOOP("jw::Engine", "Fore armor"))
JW_MESSAGE(PoolPortArmor, QT_TRANSLATE_NOOP("jw::Engine", "Port armor"))
JW_MESSAGE(PoolStarboardArmor, QT_TRANSLATE_NOOP("jw::Engine", "Starboard armor"))
JW_MESSAGE(PoolAftArmor, QT_TRANSLATE_NOOP("jw::Engine", "Aft armor"))
JW_MESSAGE(PoolArmor, QT_TRANSLATE_NOOP("jw::Engine", "%1 armor"))
JW_MESSAGE(PoolWeaponMacro, QT_TRANSLATE_NOOP("jw::Engine", "%1 Macro"))
JW_MESSAGE(PoolEcm, QT_TRANSLATE_NOOP("jw::Engine", "%1's ECM"))
JW_MESSAGE(PoolKineticSecondary, QT_TRANSLATE_NOOP("jw::Engine", "Kinetic Cannon secondary target"))
JW_MESSAGE(PoolMineSweeper, QT_TRANSLATE_NOOP("jw::Engine", "Mine Sweeper Array"))
JW_MESSAGE(PoolTender, QT_TRANSLATE_NOOP("jw::Engine", "Tender (%1)"))
JW_MESSAGE(PoolEvasive, QT_TRANSLATE_NOOP("jw::Engine", "Evasive %1"))
JW_MESSAGE(PoolDefense, QT_TRANSLATE_NOOP("jw::Engine", "%1's Defense"))
JW_MESSAGE(PoolDefenseTerrain, QT_TRANSLATE_NOOP("jw::Engine", "Defense +%1 %2"))
JW_MESSAGE(PoolFriendWithin3, QT_TRANSLATE_NOOP("jw::Engine", "%1 within 3\""))
JW_MESSAGE(PoolDrones, QT_TRANSLATE_NOOP("jw::Engine", "Drones"))
JW_MESSAGE(PoolExplosionInner,
           QT_TRANSLATE_NOOP("jw::Engine", "starting Structure + 1, within 3\""))
JW_MESSAGE(PoolExplosionOuter, QT_TRANSLATE_NOOP("jw::Engine", "half the starting Structure"))
JW_MESSAGE(PoolStartingStructure, QT_TRANSLATE_NOOP("jw::Engine", "starting Structure"))
JW_MESSAGE(PoolWithin3, QT_TRANSLATE_NOOP("jw::Engine", "within 3\""))
JW_MESSAGE(PoolTerrainAc, QT_TRANSLATE_NOOP("jw::Engine", "%1 AC:%2"))
JW_MESSAGE(PoolTerrainAs, QT_TRANSLATE_NOOP("jw::Engine", "%1 AS:%2"))
JW_MESSAGE(NoModelWithId, QT_TRANSLATE_NOOP("jw::Engine", "there is no model %1"))
JW_MESSAGE(UnitCardMissing, QT_TRANSLATE_NOOP("jw::Engine", "%1's unit card is missing"))
JW_MESSAGE(NoWeaponIndex, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no weapon %2"))
JW_MESSAGE(NotOnTableAt, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not on the table (%2)"))
JW_MESSAGE(CannotAttackItself, QT_TRANSLATE_NOOP("jw::Engine", "%1 cannot attack itself"))
JW_MESSAGE(IsFriendlyModel, QT_TRANSLATE_NOOP("jw::Engine", "%1 is a friendly model"))
JW_MESSAGE(NotActivating, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not activating"))
JW_MESSAGE(WeaponIsDamaged, QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 is damaged"))
JW_MESSAGE(WeaponUsedThisWindow,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 has already been used in this Attack Window%3"))
JW_MESSAGE(ArrayTwice, QT_TRANSLATE_NOOP("jw::Engine", " (Array: twice)"))
JW_MESSAGE(FireControlSpent,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 has no Fire Control left (%2 of %3 spent)"))
JW_MESSAGE(LanceOnlyIn,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "a Lance can only be used in an Assault, Bombing, or Dogfight"))
JW_MESSAGE(NukeNotInDogfightAssault,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 may not be used in a Dogfight or Assault"))
JW_MESSAGE(BombNotInDogfight, QT_TRANSLATE_NOOP("jw::Engine", "%1 may not be used in a Dogfight"))
JW_MESSAGE(AssaultAttacksOnCapital,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "the attacks of an Assault are made on the Capital Ship"))
JW_MESSAGE(BombingAttacksOnCapital,
           QT_TRANSLATE_NOOP("jw::Engine", "the attacks of a Bombing are made on the Capital Ship"))
JW_MESSAGE(DogfightAttacksOnSquadron,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "the attacks of a Dogfight are made on the other Squadron"))
JW_MESSAGE(WeaponAcZero,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 has AC 0: it cannot attack Capital Ships"))
JW_MESSAGE(WeaponAsZero,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 has AS 0: it cannot attack Squadrons"))
JW_MESSAGE(LongRangeSensorsSameTarget,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "all attacks of %1 this activation must target the same Capital Ship"))
JW_MESSAGE(SensorsShortUntilTurn,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is %2 away; sensors reach Short Range only (%3) until turn %4"))
JW_MESSAGE(OutOfRangeCapital,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is %2 away; %3 reaches %4 against capital ships%5"))
JW_MESSAGE(OutOfRangeSquadron,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is %2 away; %3 reaches %4 against squadrons%5"))
JW_MESSAGE(RangeStealth, QT_TRANSLATE_NOOP("jw::Engine", "Stealth %1"))
JW_MESSAGE(RangeEmissions, QT_TRANSLATE_NOOP("jw::Engine", "Emissions %1"))
JW_MESSAGE(RangeSensorsDamaged, QT_TRANSLATE_NOOP("jw::Engine", "Sensors damaged to %1"))
JW_MESSAGE(ListPair, QT_TRANSLATE_NOOP("jw::Engine", "%1, %2"))
JW_MESSAGE(NotInWeaponArc, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not in the %2 arc of %3's %4"))
JW_MESSAGE(OnlyCapitalThisActivation,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 may only attack a Capital Ship this activation"))
JW_MESSAGE(SingleTargetChosen,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 has chosen %2 as its single target"))
JW_MESSAGE(CloakTestFailedThisTurn,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 failed its Skill Test to target %2 this turn"))
JW_MESSAGE(AssaultingMacroZeroOnly,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "an Assaulting squadron may only be targeted by weapons with a 0 "
                             "Macro Rating; %1 has Macro %2"))
JW_MESSAGE(DecisionPending, QT_TRANSLATE_NOOP("jw::Engine", "a decision is pending"))
JW_MESSAGE(AttackBy, QT_TRANSLATE_NOOP("jw::Engine", "%1's %2"))
JW_MESSAGE(TargetIsAssaulting, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Assaulting"))
JW_MESSAGE(LongRangeSensorsTestN,
           QT_TRANSLATE_NOOP("jw::Engine", "Long Range Sensors Skill Test [N]"))
JW_MESSAGE(RerollTd, QT_TRANSLATE_NOOP("jw::Engine", "TD (%1)"))
JW_MESSAGE(FlexRemoveOption, QT_TRANSLATE_NOOP("jw::Engine", "Remove %1: %2"))
JW_MESSAGE(FlexQuestionDie,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 rolled %2: which Flex die to remove?"))
JW_MESSAGE(FlexQuestionDice,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 rolled %2: which Flex dice to remove?"))
JW_MESSAGE(RollMacroFaces, QT_TRANSLATE_NOOP("jw::Engine", ", macro %1"))
JW_MESSAGE(RollRemovesFaces, QT_TRANSLATE_NOOP("jw::Engine", ", removes %1"))
JW_MESSAGE(Rolls, QT_TRANSLATE_NOOP("jw::Engine", "%1 rolls %2: %3%4%5: %6."))
JW_MESSAGE(RerollQuestion, QT_TRANSLATE_NOOP("jw::Engine", "%1 rolled %2: re-roll (%3)?"))
JW_MESSAGE(KeepResult, QT_TRANSLATE_NOOP("jw::Engine", "Keep %1"))
JW_MESSAGE(Reroll, QT_TRANSLATE_NOOP("jw::Engine", "Re-roll"))
JW_MESSAGE(PointDefenseOption, QT_TRANSLATE_NOOP("jw::Engine", "%1's Point Defense (%2)"))
JW_MESSAGE(BarrierOption, QT_TRANSLATE_NOOP("jw::Engine", "%1's Barrier (%2)"))
JW_MESSAGE(DefenceQuestion, QT_TRANSLATE_NOOP("jw::Engine", "Which defence opposes %1's %2 on %3?"))
JW_MESSAGE(BecomesOption, QT_TRANSLATE_NOOP("jw::Engine", "%1 becomes %2"))
JW_MESSAGE(DiminishQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 diminishes %3: which results?"))
JW_MESSAGE(Diminishes, QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 diminishes %3 to %4."))
JW_MESSAGE(ResultChanged, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 becomes %3."))
JW_MESSAGE(ShortRangeSuffix, QT_TRANSLATE_NOOP("jw::Engine", ", short range"))
JW_MESSAGE(LongRangeSuffix, QT_TRANSLATE_NOOP("jw::Engine", ", long range"))
JW_MESSAGE(SecondaryTarget,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is a secondary target of %2: %3%4."))
JW_MESSAGE(AttacksWith, QT_TRANSLATE_NOOP("jw::Engine", "%1 attacks %2 with %3: %4%5."))
JW_MESSAGE(BeamProjector, QT_TRANSLATE_NOOP("jw::Engine", "Beam Projector"))
JW_MESSAGE(Countermeasures, QT_TRANSLATE_NOOP("jw::Engine", "Countermeasures"))
JW_MESSAGE(Swarm, QT_TRANSLATE_NOOP("jw::Engine", "Swarm"))
JW_MESSAGE(Nuke, QT_TRANSLATE_NOOP("jw::Engine", "Nuke"))
JW_MESSAGE(LockOnValueQuestion, QT_TRANSLATE_NOOP("jw::Engine", "Lock On: which Value for the %1?"))
JW_MESSAGE(EnergyArmorOf, QT_TRANSLATE_NOOP("jw::Engine", "%1's Energy Armor"))
JW_MESSAGE(ReactiveArmorOf, QT_TRANSLATE_NOOP("jw::Engine", "%1's Reactive Armor"))
JW_MESSAGE(Hits, QT_TRANSLATE_NOOP("jw::Engine", "%1 hits %2: %3."))
JW_MESSAGE(Misses, QT_TRANSLATE_NOOP("jw::Engine", "%1 misses %2."))
JW_MESSAGE(CloakTargetFailed,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 fails to target the Cloaked %2: its Fire Control is not spent."))
JW_MESSAGE(LockOnQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "Lock On with %1's %2 (one more Fire Control)?"))
JW_MESSAGE(LockOnOption,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "Lock On: spend 2 Fire Control, re-roll an [N], choose the Values of [D] and [T]"))
JW_MESSAGE(AttackWithoutLockOn, QT_TRANSLATE_NOOP("jw::Engine", "Attack without Lock On"))
JW_MESSAGE(SpendNoFuel, QT_TRANSLATE_NOOP("jw::Engine", "Spend no Fuel"))
JW_MESSAGE(SpendFuel, QT_TRANSLATE_NOOP("jw::Engine", "Spend %1 Fuel: +%1B"))
JW_MESSAGE(LanceFuelQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "How much Fuel does %1 spend on its %2?"))
JW_MESSAGE(ExpendsFireControlNoLongerStealthed,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 expends Fire Control: no longer Stealthed."))
JW_MESSAGE(TargetGoneHoldFire,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is gone: %2's remaining %3 hold fire."))
JW_MESSAGE(PointDefenseOf, QT_TRANSLATE_NOOP("jw::Engine", "%1's Point Defense"))
JW_MESSAGE(TerrainAttacks, QT_TRANSLATE_NOOP("jw::Engine", "%1 attacks %2: %3."))
JW_MESSAGE(ExplosionOf, QT_TRANSLATE_NOOP("jw::Engine", "the explosion of %1"))
JW_MESSAGE(Explodes,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 explodes: %2B within 3\", %3B within 3\" + %4\"."))
JW_MESSAGE(ExplodesParticle,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 explodes: a Particle Cannon attack on every model within 6\"."))
JW_MESSAGE(ExplosionAttacks,
           QT_TRANSLATE_NOOP("jw::Engine", "The explosion of %1 attacks %2 (%3\"): %4."))
JW_MESSAGE(RuleBeamReroll,
           QT_TRANSLATE_NOOP("jw::Engine", "may re-roll the attack once (the odds re-roll an [N])"))
JW_MESSAGE(RuleRerollN, QT_TRANSLATE_NOOP("jw::Engine", "may re-roll an [N] once"))
JW_MESSAGE(RuleLockOn,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "you may spend one more Fire Control to re-roll an [N] and choose the "
                             "Values of [D] and [T] (not in the odds)"))
JW_MESSAGE(RuleSwarm, QT_TRANSLATE_NOOP("jw::Engine", "[T] and [Q+] results are Diminished"))
JW_MESSAGE(RuleDiminishAll, QT_TRANSLATE_NOOP("jw::Engine", "every result is Diminished"))
JW_MESSAGE(RuleOddDiminished,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "results with an odd Value are Diminished (not in the odds)"))
JW_MESSAGE(RuleNuke, QT_TRANSLATE_NOOP("jw::Engine", "every result is Escalated"))
JW_MESSAGE(ShieldOf, QT_TRANSLATE_NOOP("jw::Engine", "%1's Shield"))
JW_MESSAGE(RuleShield,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "results with Value 1 or 2 do one less damage (not in the odds)"))
JW_MESSAGE(Precise, QT_TRANSLATE_NOOP("jw::Engine", "Precise"))
JW_MESSAGE(RulePrecise, QT_TRANSLATE_NOOP("jw::Engine", "you choose the rating each [D] damages"))
JW_MESSAGE(ParticleCannon, QT_TRANSLATE_NOOP("jw::Engine", "Particle Cannon"))
JW_MESSAGE(RuleParticleSquadron,
           QT_TRANSLATE_NOOP("jw::Engine", "a hit leaves the squadron Disrupted"))
JW_MESSAGE(RuleParticleCapital, QT_TRANSLATE_NOOP("jw::Engine", "[T+] also damages a rating"))
JW_MESSAGE(MassDriver, QT_TRANSLATE_NOOP("jw::Engine", "Mass Driver"))
JW_MESSAGE(RuleMassDriver, QT_TRANSLATE_NOOP("jw::Engine", "[D] results add a Critical Hit"))

// Scenarios (enginescenario.cpp, scenario modules).
JW_MESSAGE(ScenarioSetUpAlready,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "the scenario is set up already (the engine sends this "
                             "command itself when a game starts)"))
JW_MESSAGE(DeployInQuadrant, QT_TRANSLATE_NOOP("jw::Engine", "Deploy in %1"))
JW_MESSAGE(WhichQuadrant,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Which quadrant does %1 deploy in? (The opponent "
                             "deploys in the diagonally opposite one.)"))
JW_MESSAGE(DeploysInQuadrants, QT_TRANSLATE_NOOP("jw::Engine", "%1 deploys in %2, %3 in %4."))
JW_MESSAGE(BeaconsPlacedFirst,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Beacon markers are placed at the start of the first "
                             "Deployment Phase, before any model"))
JW_MESSAGE(NoBeaconMarkers, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no Beacon markers"))
JW_MESSAGE(AllBeaconsPlaced,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 has placed all four Beacon markers"))
JW_MESSAGE(BeaconOnTable, QT_TRANSLATE_NOOP("jw::Engine", "a Beacon marker is placed on the table"))
JW_MESSAGE(BeaconsApart,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Markers must be at least 12\" from any other Beacon "
                             "marker: %1's at (%2, %3) is %4 away"))
JW_MESSAGE(PlacesBeacon, QT_TRANSLATE_NOOP("jw::Engine", "%1 places Beacon marker %2 at (%3, %4)."))
JW_MESSAGE(NoBeaconSpotLeft,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "No spot on the table is 12\" from every Beacon "
                             "marker: the players place no more."))
JW_MESSAGE(NamedEdgeTop, QT_TRANSLATE_NOOP("jw::Engine", "the top edge"))
JW_MESSAGE(NamedEdgeRight, QT_TRANSLATE_NOOP("jw::Engine", "the right edge"))
JW_MESSAGE(NamedEdgeBottom, QT_TRANSLATE_NOOP("jw::Engine", "the bottom edge"))
JW_MESSAGE(NamedEdgeLeft, QT_TRANSLATE_NOOP("jw::Engine", "the left edge"))
JW_MESSAGE(EscapeThroughEdge, QT_TRANSLATE_NOOP("jw::Engine", "Escape through %1"))
JW_MESSAGE(WhichEscapeEdge,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Which table edge must %1 (the Defender) escape through?"))
JW_MESSAGE(MustEscapeThrough, QT_TRANSLATE_NOOP("jw::Engine", "%1 must escape through %2."))
JW_MESSAGE(ObjectiveScored, QT_TRANSLATE_NOOP("jw::Engine", "%1 %2 (%3)"))
JW_MESSAGE(ObjectivesList, QT_TRANSLATE_NOOP("jw::Engine", "%1; %2"))
JW_MESSAGE(StandingObjectivePoints,
           QT_TRANSLATE_NOOP("jw::Engine", "Standing Objective Points: %1 %2, %3 %4."))
JW_MESSAGE(StandingObjectivePointsScored,
           QT_TRANSLATE_NOOP("jw::Engine", "Standing Objective Points: %1 %2, %3 %4: %5"))
JW_MESSAGE(FinalObjectivePoints,
           QT_TRANSLATE_NOOP("jw::Engine", "Final Objective Points: %1 %2, %3 %4."))
JW_MESSAGE(FinalObjectivePointsScored,
           QT_TRANSLATE_NOOP("jw::Engine", "Final Objective Points: %1 %2, %3 %4: %5"))
JW_MESSAGE(FirstPlayerToAttack,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is the first player to attack."))
JW_MESSAGE(EscapePodsLost,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 Escape Pod(s) are lost with it."))
JW_MESSAGE(LanceSpendFuel, QT_TRANSLATE_NOOP("jw::Engine", "Spend %1 Fuel (+%1d6)"))
JW_MESSAGE(WaterForFuelPodsQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Does %1 forfeit a unit of water to gain the Fuel Pods "
                             "trait (once per game)?"))
JW_MESSAGE(KeepTheWater, QT_TRANSLATE_NOOP("jw::Engine", "Keep the water"))
JW_MESSAGE(ForfeitWaterForFuelPods,
           QT_TRANSLATE_NOOP("jw::Engine", "Forfeit 1 unit of water: gain the Fuel Pods trait"))
JW_MESSAGE(LeaveWaterAboard, QT_TRANSLATE_NOOP("jw::Engine", "None: leave them aboard %1"))
JW_MESSAGE(TakeWaterUnits, QT_TRANSLATE_NOOP("jw::Engine", "Take %1 unit(s) of water"))
JW_MESSAGE(HowMuchWaterTaken,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "How many of %1's %2 unit(s) of water does %3 take with it?"))

// Decisions: questions and options (procedures/, states/, damage/, movement/, terrain/,
// scenarios/).
// Attack Windows, Bombing, Assault (procedures/bombing.cpp, procedures/assault.cpp,
// states/states.cpp).
JW_MESSAGE(WhichWeaponFires, QT_TRANSLATE_NOOP("jw::Engine", "%1: which weapon does it fire?"))
JW_MESSAGE(FireWeaponOption, QT_TRANSLATE_NOOP("jw::Engine", "Fire %1 (%2)"))
JW_MESSAGE(StopAttackingOption, QT_TRANSLATE_NOOP("jw::Engine", "Stop attacking"))
JW_MESSAGE(BombingRunWindow, QT_TRANSLATE_NOOP("jw::Engine", "%1's Bombing Run on %2"))
JW_MESSAGE(EngagesWindow, QT_TRANSLATE_NOOP("jw::Engine", "%1 engages %2"))
JW_MESSAGE(AssaultsWindow, QT_TRANSLATE_NOOP("jw::Engine", "%1 Assaults %2"))
JW_MESSAGE(AnotherBombingRun,
           QT_TRANSLATE_NOOP("jw::Engine", "Does %1 make another Bombing Run on %2 (%3)?"))
JW_MESSAGE(BombingRunFree, QT_TRANSLATE_NOOP("jw::Engine", "free"))
JW_MESSAGE(BombingRunFuel, QT_TRANSLATE_NOOP("jw::Engine", "1 Fuel of %1"))
JW_MESSAGE(YesOption, QT_TRANSLATE_NOOP("jw::Engine", "Yes"))
JW_MESSAGE(NoReturnToBaseOption, QT_TRANSLATE_NOOP("jw::Engine", "No: Return to Base"))
JW_MESSAGE(BombingOverWhatNow,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Bombing on %2 is over: what does it do?"))
JW_MESSAGE(AssaultOverWhatNow,
           QT_TRANSLATE_NOOP("jw::Engine", "%1's Assault on %2 is over: what does it do?"))
JW_MESSAGE(ReturnToBaseOption, QT_TRANSLATE_NOOP("jw::Engine", "Return to Base"))
JW_MESSAGE(EnterAssaultingOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Enter the Assaulting state (stay on %1)"))
JW_MESSAGE(KeepAssaultingQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 activates: does %2 keep Assaulting it?"))
JW_MESSAGE(KeepAssaultingOption,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Keep Assaulting (placed in base contact again after %1 moves)"))
JW_MESSAGE(DisengageOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Disengage: a 4\" move away from %1 now"))
JW_MESSAGE(StopAssaultingOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Stop: Return to Base (stay here as %1 moves away)"))
// Interception and Dogfight (procedures/dogfight.cpp; the triggers: procedures/,
// movement/movement.cpp, attack/attack.cpp): what the active squadron does, as the reactive
// interception's question names it ("%1 ... %2: intercept it?").
JW_MESSAGE(TriggerBeginsBombing, QT_TRANSLATE_NOOP("jw::Engine", "begins a Bombing on %1"))
JW_MESSAGE(TriggerDeclaresAction, QT_TRANSLATE_NOOP("jw::Engine", "declares %1"))
JW_MESSAGE(TriggerDeclaresInterception, QT_TRANSLATE_NOOP("jw::Engine", "declares an Interception"))
JW_MESSAGE(TriggerAssaults, QT_TRANSLATE_NOOP("jw::Engine", "Assaults %1"))
JW_MESSAGE(TriggerEndsMovement, QT_TRANSLATE_NOOP("jw::Engine", "ends a Movement"))
JW_MESSAGE(TriggerMinesComet, QT_TRANSLATE_NOOP("jw::Engine", "mines the Comet"))
JW_MESSAGE(TriggerAttacks, QT_TRANSLATE_NOOP("jw::Engine", "attacks %1"))
JW_MESSAGE(InterceptItQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 (within 3\" of your squadrons) %2: intercept it?"))
JW_MESSAGE(InterceptWithOption, QT_TRANSLATE_NOOP("jw::Engine", "Intercept with %1 (%2 away)"))
JW_MESSAGE(NoInterceptionOption, QT_TRANSLATE_NOOP("jw::Engine", "No interception"))
JW_MESSAGE(DogfightWhatDoes, QT_TRANSLATE_NOOP("jw::Engine", "Dogfight: what does %1 do?"))
JW_MESSAGE(EngageOption, QT_TRANSLATE_NOOP("jw::Engine", "Engage: attack %1 (1 Fuel)"))
JW_MESSAGE(BreakOffOption, QT_TRANSLATE_NOOP("jw::Engine", "Break Off (1 Fuel, Skill Test)"))
JW_MESSAGE(StayOnTargetOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Stay on Target: Point Defense on %1"))
JW_MESSAGE(MayEndDogfight, QT_TRANSLATE_NOOP("jw::Engine", "%1 may end the Dogfight: does it?"))
JW_MESSAGE(MayEndDogfightAllFuel,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 may end the Dogfight by spending all its Fuel: does it?"))
JW_MESSAGE(EndDogfightOption, QT_TRANSLATE_NOOP("jw::Engine", "Yes, end the Dogfight"))
JW_MESSAGE(FightOnOption, QT_TRANSLATE_NOOP("jw::Engine", "No, fight on"))
JW_MESSAGE(SurvivesDogfightWhatNow,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 survives the Dogfight with Fuel: what now?"))
JW_MESSAGE(StayOption, QT_TRANSLATE_NOOP("jw::Engine", "Stay"))
JW_MESSAGE(CarryOnOption, QT_TRANSLATE_NOOP("jw::Engine", "Carry on"))
JW_MESSAGE(FreeMovementOption, QT_TRANSLATE_NOOP("jw::Engine", "Free Movement (up to %1)"))
// Boarding, Boarded, Return to Base (procedures/boarding.cpp, states/states.cpp).
JW_MESSAGE(HowManyMarinesBoard,
           QT_TRANSLATE_NOOP("jw::Engine", "How many Marines does %1 send to board %2?"))
JW_MESSAGE(CommitOneMarine, QT_TRANSLATE_NOOP("jw::Engine", "Commit %1 Marine"))
JW_MESSAGE(CommitMarines, QT_TRANSLATE_NOOP("jw::Engine", "Commit %1 Marines"))
JW_MESSAGE(BoardersHowFight,
           QT_TRANSLATE_NOOP("jw::Engine", "Boarders on %1: how do its Marines fight?"))
JW_MESSAGE(MarinesEngageOption, QT_TRANSLATE_NOOP("jw::Engine", "Engage: attack the Boarders"))
JW_MESSAGE(MarinesDefendOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Defend: secure the ship's systems"))
JW_MESSAGE(BoardersWhatDo, QT_TRANSLATE_NOOP("jw::Engine", "%1's Boarders on %2: what do they do?"))
JW_MESSAGE(BoardersEngageOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Engage: attack the defending Marines"))
JW_MESSAGE(BoardersSabotageOption, QT_TRANSLATE_NOOP("jw::Engine", "Sabotage: damage a system"))
JW_MESSAGE(WhereReturnToBase, QT_TRANSLATE_NOOP("jw::Engine", "Where does %1 return to base?"))
JW_MESSAGE(TowardTableEdgeOption, QT_TRANSLATE_NOOP("jw::Engine", "Toward %1's table edge"))
JW_MESSAGE(TowardHangersOption,
           QT_TRANSLATE_NOOP("jw::Engine", "Toward %1, the nearest model with Hangers (%2)"))
JW_MESSAGE(SpendFuelDoubleSpeed,
           QT_TRANSLATE_NOOP("jw::Engine", "Does %1 spend 1 Fuel to double its Speed?"))
JW_MESSAGE(NoMoveOption, QT_TRANSLATE_NOOP("jw::Engine", "No: move %1"))
JW_MESSAGE(YesMoveOption, QT_TRANSLATE_NOOP("jw::Engine", "Yes: move %1"))
// Damage (damage/damage.cpp).
JW_MESSAGE(PreciseWhere, QT_TRANSLATE_NOOP("jw::Engine", "Precise: where does the [D%1] on %2 go?"))
JW_MESSAGE(PreciseRatingOption, QT_TRANSLATE_NOOP("jw::Engine", "%1 (%2 -> %3)"))
JW_MESSAGE(PreciseTraitOption, QT_TRANSLATE_NOOP("jw::Engine", "%1 (%2 of %3 boxes left)"))
JW_MESSAGE(MassDriverWhich,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Mass Driver: which [D] result causes the Critical Hit on %1?"))
JW_MESSAGE(CriticalWhich, QT_TRANSLATE_NOOP("jw::Engine", "Critical Hit on %1: which one?"))
// Escape pods at Launch (scenarios/breakthetruce.cpp).
JW_MESSAGE(TakeEscapePod,
           QT_TRANSLATE_NOOP("jw::Engine", "Does %1 take one of %2's %3 escape pod(s) with it?"))
JW_MESSAGE(LeaveEscapePodsOption, QT_TRANSLATE_NOOP("jw::Engine", "No: leave them aboard %1"))
JW_MESSAGE(TakeEscapePodOption, QT_TRANSLATE_NOOP("jw::Engine", "Yes: take one escape pod"))
// Avoiding terrain (terrain/terrainrules.cpp); the names of pieces that are fragments.
JW_MESSAGE(TheWreckOf, QT_TRANSLATE_NOOP("jw::Engine", "the Wreck of %1"))
JW_MESSAGE(TheTailOf, QT_TRANSLATE_NOOP("jw::Engine", "the Tail of %1"))
JW_MESSAGE(AvoidTerrainQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 ends its movement overlapping %2: does it avoid it?"))
JW_MESSAGE(StayOnTerrainOption, QT_TRANSLATE_NOOP("jw::Engine", "Stay on %1 (AC:6 attack)"))
JW_MESSAGE(AvoidTerrainOption,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Avoid %1: repositioned clear of it, as if it were a larger ship"))
// Physical table: the questions the rules ask of the table (table/tablequestions.cpp), and
// the commands without coordinates (docs/physical-table.md).
JW_MESSAGE(TableRangeQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "On the table: how far is %1 from %2 (for its %3)?"))
JW_MESSAGE(TableRangeShort, QT_TRANSLATE_NOOP("jw::Engine", "Short range: within %1"))
JW_MESSAGE(TableRangeLong, QT_TRANSLATE_NOOP("jw::Engine", "Long range: within %1"))
JW_MESSAGE(TableRangeOut, QT_TRANSLATE_NOOP("jw::Engine", "Out of range: farther than %1"))
JW_MESSAGE(TableArcQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "On the table: is %1 in the %2 arc of %3?"))
JW_MESSAGE(TableFacingQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "On the table: in which arc of %1 is %2?"))
JW_MESSAGE(TableNearQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "On the table: is %1 within %2 of %3?"))
JW_MESSAGE(TableInQuestion, QT_TRANSLATE_NOOP("jw::Engine", "On the table: is %1 in %2?"))
JW_MESSAGE(TableWhoNearQuestion,
           QT_TRANSLATE_NOOP(
               "jw::Engine",
               "On the table: which other model is within %1 of %2 (%3; the nearest first)?"))
JW_MESSAGE(TableOnLineQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: which other model does the Kinetic Cannon's 1\" line "
                             "from %1 to %2 touch (the farthest from %1 first)?"))
JW_MESSAGE(TableNoOtherModel, QT_TRANSLATE_NOOP("jw::Engine", "No other model"))
JW_MESSAGE(TableThroughQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: does the line of fire from %1 to %2 cross %3, or is "
                             "%2 in it?"))
JW_MESSAGE(TableMovedThroughQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: did the move of %1 cross %2, or end in it?"))
JW_MESSAGE(TableMovedWithinQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: did the move of %1 come within %2 of %3?"))
JW_MESSAGE(TableEndsOnQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: does %1 end its movement overlapping %2?"))
JW_MESSAGE(TableStartsInQuestion,
           QT_TRANSLATE_NOOP("jw::Engine", "On the table: does %1 start its movement in %2?"))
JW_MESSAGE(TablePlanetArcQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: is the table edge of %1 wholly in the %2 arc of %3?"))
// A moving Comet (Terrain › Comets): the models its Tail swept, one at a time.
JW_MESSAGE(TableSweptQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: which model did %1 overlap or pass over as the Comet "
                             "moved %2 (one at a time)?"))
JW_MESSAGE(TableNo, QT_TRANSLATE_NOOP("jw::Engine", "No"))
JW_MESSAGE(TableOutOfRange,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is out of %2's Sensor Range on the table (farther than %3)"))
JW_MESSAGE(TableNotInArc,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is not in the %2 arc of %3's %4 on the table"))
JW_MESSAGE(TablePointDefenseSupport, QT_TRANSLATE_NOOP("jw::Engine", "Point Defense support"))
JW_MESSAGE(TableExplosionReach, QT_TRANSLATE_NOOP("jw::Engine", "the explosion"))
JW_MESSAGE(ExplosionAttacksWithin,
           QT_TRANSLATE_NOOP("jw::Engine", "The explosion of %1 attacks %2 (within %3): %4."))
JW_MESSAGE(InterceptWithinOnTable,
           QT_TRANSLATE_NOOP("jw::Engine", "Intercept with %1 (within 3\" on the table)"))
JW_MESSAGE(TowardNearestHangersOnTable,
           QT_TRANSLATE_NOOP("jw::Engine", "Towards %1 (the nearest with Hangers)"))
JW_MESSAGE(TableReachQuestion, QT_TRANSLATE_NOOP("jw::Engine", "On the table: does %1 reach %2?"))
JW_MESSAGE(EmbarkedPlacedNearDeadOnTable,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is placed within 1\" of %2 on the table."))
JW_MESSAGE(TableNotDone, QT_TRANSLATE_NOOP("jw::Engine", "Not done: %1."))
JW_MESSAGE(LaysMinesOnTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 lays %2 on the table."))
JW_MESSAGE(DeploysOnTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 deploys %2."))
JW_MESSAGE(PlacesBeaconOnTable,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 places Beacon marker %2 on the table."))
JW_MESSAGE(TableBeaconQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: %1 is deployed. Of %2's %3 Beacon marker(s) with no "
                             "model within 3\" yet, how many is it within 3\" of?"))
JW_MESSAGE(TableNoBeaconMarker, QT_TRANSLATE_NOOP("jw::Engine", "None of them"))
JW_MESSAGE(TableBeaconMarkers, QT_TRANSLATE_NOOP("jw::Engine", "%1 of them"))
JW_MESSAGE(TableEscapeEdgeQuestion,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "On the table: is %1 within %2 of %3, the table edge %4 escapes "
                             "through?"))
JW_MESSAGE(TableNotNearEscapeEdge,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is not within %2 of %3 on the table: it may not Withdraw"))
JW_MESSAGE(PlacesStationaryCometOnTable,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 places the Stationary Comet on the table, %2 across (%3)."))

// Physical table: typed dice, corrections (engine.cpp Engine::apply, table/corrections.cpp).
JW_MESSAGE(RollPoolQuestion, QT_TRANSLATE_NOOP("jw::Engine", "Roll %1 dice (%2) for %3"))
JW_MESSAGE(RollDiceQuestion, QT_TRANSLATE_NOOP("jw::Engine", "Roll %1 dice for %2"))
JW_MESSAGE(RollOneDieQuestion, QT_TRANSLATE_NOOP("jw::Engine", "Roll 1 die for %1"))
JW_MESSAGE(RollForAttack, QT_TRANSLATE_NOOP("jw::Engine", "%1's %2 attack on %3"))
JW_MESSAGE(RollForActivation, QT_TRANSLATE_NOOP("jw::Engine", "%1's activation"))
JW_MESSAGE(RollForDeployment, QT_TRANSLATE_NOOP("jw::Engine", "the Deployment Phase"))
JW_MESSAGE(RollForEndPhase, QT_TRANSLATE_NOOP("jw::Engine", "the End Phase"))
JW_MESSAGE(AppRollsOption, QT_TRANSLATE_NOOP("jw::Engine", "Let the app roll them"))
JW_MESSAGE(NoRollWaiting, QT_TRANSLATE_NOOP("jw::Engine", "no roll is waiting"))
JW_MESSAGE(RollWrongCount,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 face(s) given: roll exactly %2 (%3)"))
JW_MESSAGE(RollFaceOutOfRange,
           QT_TRANSLATE_NOOP("jw::Engine", "a die shows 1 to 6: %1 is not a face"))
JW_MESSAGE(CorrectionDigitalTable,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "corrections by hand are for a physical table: on the digital table "
                             "the engine keeps the cards"))
JW_MESSAGE(CorrectionUnknownField,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "no field '%1' to correct (structure, defense, sensors, thrusters, "
                             "marines, fuel, weapon, trait, state, activated, fire-control, "
                             "location, objective-points)"))
JW_MESSAGE(CorrectionNoModel, QT_TRANSLATE_NOOP("jw::Engine", "no model %1 to correct"))
JW_MESSAGE(CorrectionGameField,
           QT_TRANSLATE_NOOP("jw::Engine", "'%1' is corrected on the game (model -1), not on %2"))
JW_MESSAGE(CorrectionModelField,
           QT_TRANSLATE_NOOP("jw::Engine", "'%1' is corrected on a model: name one"))
JW_MESSAGE(CorrectionOutOfRange,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 of %2 is from %3 to %4, not %5"))
JW_MESSAGE(CorrectionNoWeapon, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no weapon line %2"))
JW_MESSAGE(CorrectionNoTrait, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no trait %2 with boxes"))
JW_MESSAGE(CorrectionNoPlayer, QT_TRANSLATE_NOOP("jw::Engine", "no player %1 (0 or 1)"))
JW_MESSAGE(CorrectionUnknownState, QT_TRANSLATE_NOOP("jw::Engine", "no state '%1' (%2)"))
JW_MESSAGE(CorrectionUnknownLocation,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "no location '%1' (table, reserve, embarked, destroyed, withdrawn)"))
JW_MESSAGE(CorrectionNoCarrier,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 cannot be Embarked on model %2"))
JW_MESSAGE(CorrectionNoChange,
           QT_TRANSLATE_NOOP("jw::Engine", "nothing to correct: %1 is already %2"))
JW_MESSAGE(CorrectionBoxes,
           QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1's %2: %3 box(es) marked (was %4)."))
JW_MESSAGE(CorrectionSpent,
           QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1's %2: %3 spent (was %4)."))
JW_MESSAGE(CorrectionWeapon,
           QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1's %2: %3 instance(s) damaged (was %4)."))
JW_MESSAGE(CorrectionStateOn, QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1 is %2."))
JW_MESSAGE(CorrectionStateOff, QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1 is no longer %2."))
JW_MESSAGE(CorrectionActivated,
           QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1 has activated this turn."))
JW_MESSAGE(CorrectionNotActivated,
           QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1 has not activated this turn."))
JW_MESSAGE(CorrectionLocation,
           QT_TRANSLATE_NOOP("jw::Engine", "Correction: %1 is now %2 (was %3)."))
JW_MESSAGE(CorrectionObjectivePoints,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Correction: player %1's objective points: %2 (was %3)."))
JW_MESSAGE(CorrectionDestroyed,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 has no Structure left and is Destroyed."))
JW_MESSAGE(LocationOnTable, QT_TRANSLATE_NOOP("jw::Engine", "on the table"))
JW_MESSAGE(LocationInReserve, QT_TRANSLATE_NOOP("jw::Engine", "In Reserve"))
JW_MESSAGE(LocationEmbarkedOn, QT_TRANSLATE_NOOP("jw::Engine", "Embarked on %1"))
JW_MESSAGE(LocationDestroyed, QT_TRANSLATE_NOOP("jw::Engine", "Destroyed"))
JW_MESSAGE(LocationWithdrawn, QT_TRANSLATE_NOOP("jw::Engine", "Withdrawn"))

// The computer opponent's reasons (AiPlayer::describe, AiPlayer::choose): the game log's
// line for a command it chose, and its Hint. English as the saved game's `reason` keeps it.
JW_MESSAGE(AiDeploysModel, QT_TRANSLATE_NOOP("jw::Engine", "deploys a model"))
JW_MESSAGE(AiDeploys, QT_TRANSLATE_NOOP("jw::Engine", "deploys %1"))
JW_MESSAGE(AiEmbarksSquadron, QT_TRANSLATE_NOOP("jw::Engine", "embarks a squadron"))
JW_MESSAGE(AiEmbarks, QT_TRANSLATE_NOOP("jw::Engine", "embarks %1 on %2"))
JW_MESSAGE(AiDeploysNothingMore, QT_TRANSLATE_NOOP("jw::Engine", "deploys nothing more now"))
JW_MESSAGE(AiActivatesTo, QT_TRANSLATE_NOOP("jw::Engine", "activates %1 to %2"))
JW_MESSAGE(AiActivates, QT_TRANSLATE_NOOP("jw::Engine", "activates %1"))
JW_MESSAGE(AiMoves, QT_TRANSLATE_NOOP("jw::Engine", "moves %1 %2\""))
JW_MESSAGE(AiAWeapon, QT_TRANSLATE_NOOP("jw::Engine", "a weapon"))
JW_MESSAGE(AiFires, QT_TRANSLATE_NOOP("jw::Engine", "%1 fires %2 at %3"))
JW_MESSAGE(AiAnswers, QT_TRANSLATE_NOOP("jw::Engine", "answers"))
JW_MESSAGE(AiAnswersWith, QT_TRANSLATE_NOOP("jw::Engine", "answers \"%1\" with \"%2\""))
JW_MESSAGE(AiLaunches, QT_TRANSLATE_NOOP("jw::Engine", "launches a squadron"))
JW_MESSAGE(AiLands, QT_TRANSLATE_NOOP("jw::Engine", "lands %1 on %2"))
JW_MESSAGE(AiResolvesOn, QT_TRANSLATE_NOOP("jw::Engine", "resolves the Action of %1 on %2"))
JW_MESSAGE(AiResolves, QT_TRANSLATE_NOOP("jw::Engine", "resolves the Action of %1"))
JW_MESSAGE(AiEndsActivation, QT_TRANSLATE_NOOP("jw::Engine", "ends the activation of %1"))
JW_MESSAGE(AiPlacesBeacon, QT_TRANSLATE_NOOP("jw::Engine", "places a beacon"))
JW_MESSAGE(AiSetsUpScenario, QT_TRANSLATE_NOOP("jw::Engine", "sets up the scenario"))
JW_MESSAGE(AiPlacesComet, QT_TRANSLATE_NOOP("jw::Engine", "places the comet"))
JW_MESSAGE(AiRolls, QT_TRANSLATE_NOOP("jw::Engine", "rolls"))
JW_MESSAGE(AiCorrects, QT_TRANSLATE_NOOP("jw::Engine", "corrects a card"))
JW_MESSAGE(AiRandomChoice, QT_TRANSLATE_NOOP("jw::Engine", "%1: a random choice"))
JW_MESSAGE(AiNoBetterChoice, QT_TRANSLATE_NOOP("jw::Engine", "%1: no better choice"))
JW_MESSAGE(AiAttackReason,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1: %2% for a hit, %3 expected Structure damage; "
                             "the best of %4 choices"))
JW_MESSAGE(AiMoveReason,
           QT_TRANSLATE_NOOP("jw::Engine", "%1, %2\" from %3: the best of %4 choices"))
JW_MESSAGE(AiBestOf, QT_TRANSLATE_NOOP("jw::Engine", "%1: the best of %2 choices"))
JW_MESSAGE(AiBestWeighed, QT_TRANSLATE_NOOP("jw::Engine", "%1: the best of %2 choices it weighed"))
// A computer's command whose reason is empty (never expected: the log still says whose).
JW_MESSAGE(AiItsChoice, QT_TRANSLATE_NOOP("jw::Engine", "its choice"))

// The luck report's verdict (luckreport.cpp, LuckReport::verdictMessage): "Dave rolled 18%
// above expectation: 13 successes in 9 attack rolls (11.02 expected); damage 7 (5.61 expected)."
JW_MESSAGE(LuckNoAttackRolls, QT_TRANSLATE_NOOP("jw::Engine", "%1 made no attack rolls."))
JW_MESSAGE(LuckVerdict,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 %2: %3 in %4 (%5 expected); damage %6 (%7 expected)."))
JW_MESSAGE(LuckAsExpected, QT_TRANSLATE_NOOP("jw::Engine", "rolled as expected"))
JW_MESSAGE(LuckAbove, QT_TRANSLATE_NOOP("jw::Engine", "rolled %1% above expectation"))
JW_MESSAGE(LuckBelow, QT_TRANSLATE_NOOP("jw::Engine", "rolled %1% below expectation"))
// Counted words, chosen by the count: one, else many.
JW_MESSAGE(LuckSuccessOne, QT_TRANSLATE_NOOP("jw::Engine", "%1 success"))
JW_MESSAGE(LuckSuccessMany, QT_TRANSLATE_NOOP("jw::Engine", "%1 successes"))
JW_MESSAGE(LuckAttackRollOne, QT_TRANSLATE_NOOP("jw::Engine", "%1 attack roll"))
JW_MESSAGE(LuckAttackRollMany, QT_TRANSLATE_NOOP("jw::Engine", "%1 attack rolls"))

// Fleet rules (fleet/fleetvalidator.cpp, fleet/fleetreport.cpp): the validator's problems and
// fixes, and the rule lines (RuleGauge). Keep each template the English the CLI, --json, the
// exports and the roster print. Unit names, faction names, ids and numbers are plain arguments.
// A unit of the list, counted from 1.
JW_MESSAGE(FleetUnitNamed, QT_TRANSLATE_NOOP("jw::Engine", "%1 (%2, unit %3)"))
JW_MESSAGE(FleetUnitNumbered, QT_TRANSLATE_NOOP("jw::Engine", "%1 (unit %2)"))
// What a rule line counts.
JW_MESSAGE(FleetTotal, QT_TRANSLATE_NOOP("jw::Engine", "Total"))
JW_MESSAGE(FleetSquadrons, QT_TRANSLATE_NOOP("jw::Engine", "Squadrons"))
JW_MESSAGE(FleetCapitalShips, QT_TRANSLATE_NOOP("jw::Engine", "Capital Ships"))
JW_MESSAGE(FleetUpgradesStatic, QT_TRANSLATE_NOOP("jw::Engine", "Upgrades and static defenses"))
// A rule line: the label, the points, the limit, the share ("22%"), the threshold, the
// arithmetic where rounding decides (InParentheses or nothing), and the headroom. Lists
// of units nest ListPair.
JW_MESSAGE(FleetGaugeAtLeast,
           QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 of %3 points (%4), at least %5 needed%6: %7"))
JW_MESSAGE(FleetGaugeAtMost,
           QT_TRANSLATE_NOOP("jw::Engine", "%1: %2 of %3 points (%4), at most %5 allowed%6: %7"))
JW_MESSAGE(FleetGaugeSpare, QT_TRANSLATE_NOOP("jw::Engine", "%1 to spare"))
JW_MESSAGE(FleetGaugeMore, QT_TRANSLATE_NOOP("jw::Engine", "%1 more"))
JW_MESSAGE(FleetGaugeOver, QT_TRANSLATE_NOOP("jw::Engine", "%1 over"))
JW_MESSAGE(FleetGaugeRounded, QT_TRANSLATE_NOOP("jw::Engine", "%1% of %2 = %3, rounded up: %4"))
JW_MESSAGE(FleetGaugeExact, QT_TRANSLATE_NOOP("jw::Engine", "%1% of %2 = %3"))
// Problems and their fixes.
JW_MESSAGE(FleetRulesUnknown,
           QT_TRANSLATE_NOOP("jw::Engine", "unknown rules profile '%1' (known: %2)"))
JW_MESSAGE(FleetRulesFix, QT_TRANSLATE_NOOP("jw::Engine", "set the rules to one of %1"))
JW_MESSAGE(FleetFactionUnknown,
           QT_TRANSLATE_NOOP("jw::Engine", "no faction '%1' in the unit database (known: %2)"))
JW_MESSAGE(FleetFactionFix,
           QT_TRANSLATE_NOOP("jw::Engine", "set the faction to one of the known ids"))
JW_MESSAGE(FleetUnitUnknown,
           QT_TRANSLATE_NOOP("jw::Engine", "unit %1: no unit '%2' in the unit database"))
JW_MESSAGE(FleetUnitUnknownGuess,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "unit %1: no unit '%2' in the unit database (did you mean '%3'?)"))
JW_MESSAGE(FleetUnitUnknownFix,
           QT_TRANSLATE_NOOP("jw::Engine", "remove it, or name a unit of the database"))
JW_MESSAGE(FleetUnitWrite, QT_TRANSLATE_NOOP("jw::Engine", "write '%1' (%2, %3)"))
JW_MESSAGE(FleetOtherFaction,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is a unit of the %2, not of this %3 fleet"))
// "remove Pathfinder (unit 3) (-30)"
JW_MESSAGE(FleetRemoveWorth, QT_TRANSLATE_NOOP("jw::Engine", "remove %1 (-%2)"))
JW_MESSAGE(FleetLimitNotPositive,
           QT_TRANSLATE_NOOP("jw::Engine", "the points limit must be a positive number, not %1"))
JW_MESSAGE(FleetLimitFix,
           QT_TRANSLATE_NOOP("jw::Engine", "set the limit to the agreed points (100, 250, 500)"))
JW_MESSAGE(FleetUnspent,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "Total: %1 of %2 points: %3 unspent (under %4% of the limit)"))
JW_MESSAGE(FleetRemoveUnitsWorth, QT_TRANSLATE_NOOP("jw::Engine", "remove units worth %1 points"))
JW_MESSAGE(FleetOrRaiseLimit, QT_TRANSLATE_NOOP("jw::Engine", "%1, or raise the limit to %2"))
JW_MESSAGE(FleetRemovePointsOf, QT_TRANSLATE_NOOP("jw::Engine", "remove %1 points of %2"))
JW_MESSAGE(FleetAddPointsOf,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "add at least %1 points of %2 (%3 points are left under the limit)"))
JW_MESSAGE(FleetAddPointsOfAndRemove,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "add at least %1 points of %2, and remove %3 points of "
                             "other units to stay within the limit"))
JW_MESSAGE(FleetUnitCapOlderCard,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "its %1 card prints no Unit Cap and the Unit Cap of "
                             "its %2 card is not published"))
JW_MESSAGE(FleetUnitCapNoData,
           QT_TRANSLATE_NOOP("jw::Engine", "it has no Unit Cap in the unit data"))
JW_MESSAGE(FleetUnitCapMissing,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1: %2: its copies are not limited (check the printed card)"))
JW_MESSAGE(FleetUnitCapOver,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1: %2, at most %3 allowed (UC %4 x %5 of %6 points): "
                             "%7 too many"))
// Counted words, chosen by the count: one, else many.
JW_MESSAGE(FleetCopy, QT_TRANSLATE_NOOP("jw::Engine", "%1 copy"))
JW_MESSAGE(FleetCopies, QT_TRANSLATE_NOOP("jw::Engine", "%1 copies"))
JW_MESSAGE(FleetBlock, QT_TRANSLATE_NOOP("jw::Engine", "%1 block"))
JW_MESSAGE(FleetBlocks, QT_TRANSLATE_NOOP("jw::Engine", "%1 blocks"))
JW_MESSAGE(FleetUnitCapBlock, QT_TRANSLATE_NOOP("jw::Engine", "%1 Unit Cap block"))
JW_MESSAGE(FleetUnitCapBlocks, QT_TRANSLATE_NOOP("jw::Engine", "%1 Unit Cap blocks"))
JW_MESSAGE(FleetUnitCount, QT_TRANSLATE_NOOP("jw::Engine", "%1 unit"))
JW_MESSAGE(FleetUnitsCount, QT_TRANSLATE_NOOP("jw::Engine", "%1 units"))
JW_MESSAGE(FleetSquadronCount, QT_TRANSLATE_NOOP("jw::Engine", "%1 Squadron"))
JW_MESSAGE(FleetSquadronsCount, QT_TRANSLATE_NOOP("jw::Engine", "%1 Squadrons"))
JW_MESSAGE(FleetUnitCapFix,
           QT_TRANSLATE_NOOP("jw::Engine", "remove %1 %2 (-%3), or raise the limit to %4 for %5"))
JW_MESSAGE(FleetUpgradeUnknown, QT_TRANSLATE_NOOP("jw::Engine", "%1: no upgrade '%2' (known: %3)"))
JW_MESSAGE(FleetRemoveFrom, QT_TRANSLATE_NOOP("jw::Engine", "remove '%1' from %2"))
JW_MESSAGE(FleetUpgradeTwice, QT_TRANSLATE_NOOP("jw::Engine", "%1 takes %2 more than once"))
JW_MESSAGE(FleetRemoveSecond, QT_TRANSLATE_NOOP("jw::Engine", "remove the second %1"))
JW_MESSAGE(FleetUpgradeCardMissing,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 on %2: jwfleet does not have the %3 upgrade cards, so it cannot "
                             "check this upgrade (its %4 TV is the v1.2.3 card's): check the "
                             "printed %3 card"))
JW_MESSAGE(FleetNoUpgrades, QT_TRANSLATE_NOOP("jw::Engine", "it has no upgrades"))
JW_MESSAGE(FleetOffers, QT_TRANSLATE_NOOP("jw::Engine", "it offers %1"))
JW_MESSAGE(FleetUpgradeNotInRules,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 on %2: not in rules %3 (%4)"))
JW_MESSAGE(FleetUpgradeNotInRulesFix,
           QT_TRANSLATE_NOOP("jw::Engine", "remove %1 (-%2), or build to rules v1.2.3"))
// The unit, then why the upgrade does not fit it (upgrade.cpp: still English).
JW_MESSAGE(FleetUpgradeMisfit, QT_TRANSLATE_NOOP("jw::Engine", "%1: %2"))
JW_MESSAGE(FleetRemoveUpgradeFrom, QT_TRANSLATE_NOOP("jw::Engine", "remove %1 from %2"))
JW_MESSAGE(FleetUpgradeRedundant,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 already has %2: %3 adds nothing"))
JW_MESSAGE(FleetUpgradeOnce,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is taken %2 times, once per fleet allowed: %3"))
JW_MESSAGE(FleetUpgradeOnceFix, QT_TRANSLATE_NOOP("jw::Engine", "keep %1 on one unit only"))
JW_MESSAGE(FleetCarrierOutside,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is embarked on unit %2, but the list has %3"))
JW_MESSAGE(FleetCarrierOutsideFix,
           QT_TRANSLATE_NOOP("jw::Engine", "embark it on a unit of the list, or deploy it"))
JW_MESSAGE(FleetCarrierSelf, QT_TRANSLATE_NOOP("jw::Engine", "%1 is embarked on itself"))
JW_MESSAGE(FleetCarrierSelfFix,
           QT_TRANSLATE_NOOP("jw::Engine", "embark it on a carrier, or deploy it"))
JW_MESSAGE(FleetDockEmbarked,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 has Dock and may not start Embarked (on %2)"))
JW_MESSAGE(FleetDeployOnTable, QT_TRANSLATE_NOOP("jw::Engine", "deploy %1 on the table"))
// %3: FleetASquadron or FleetACapitalShip; %4: the trait (Hangers, Dock).
JW_MESSAGE(FleetNotACarrier,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 cannot embark on %2: a %3 embarks only on a model "
                             "with %4, and %5 has none"))
JW_MESSAGE(FleetASquadron, QT_TRANSLATE_NOOP("jw::Engine", "Squadron"))
JW_MESSAGE(FleetACapitalShip, QT_TRANSLATE_NOOP("jw::Engine", "Capital Ship"))
JW_MESSAGE(FleetNotACarrierFix,
           QT_TRANSLATE_NOOP("jw::Engine", "embark %1 on a model with %2, or deploy it"))
JW_MESSAGE(FleetDockedCapital,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 starts docked on %2: only if the scenario allows it"))
JW_MESSAGE(FleetNestedAllowed,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is embarked on %2, itself embarked on %3: only if "
                             "the scenario allows it"))
JW_MESSAGE(FleetNestedRefused,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 is embarked on %2, itself embarked on %3: only "
                             "Squadrons may be on an Embarked Capital Ship"))
JW_MESSAGE(FleetDeployEitherOnTable,
           QT_TRANSLATE_NOOP("jw::Engine", "deploy %1 or %2 on the table"))
JW_MESSAGE(FleetHangersFull,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 carries %2, Hangers: %3 allows %3: %4 too many (%5)"))
JW_MESSAGE(FleetHangersFullFix,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "deploy %1 of them on the table, or embark them elsewhere"))
JW_MESSAGE(FleetDockFull,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "%1 docks %2 Capital Ships, Dock allows 1: %3 too many (%4)"))
JW_MESSAGE(FleetDockFullFix, QT_TRANSLATE_NOOP("jw::Engine", "deploy %1 of them on the table"))
// Unpublished values: %1 lists them (FleetTvOf, FleetUcOf, joined by FleetAnd).
JW_MESSAGE(FleetTvOf, QT_TRANSLATE_NOOP("jw::Engine", "the Threat Value of %1"))
JW_MESSAGE(FleetUcOf, QT_TRANSLATE_NOOP("jw::Engine", "the Unit Cap of %1"))
JW_MESSAGE(FleetAnd, QT_TRANSLATE_NOOP("jw::Engine", "%1 and %2"))
JW_MESSAGE(FleetEstimate,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "this verdict rests on values that are not published: "
                             "%1 is jwfleet's estimate, not the printed card's"))
JW_MESSAGE(FleetEstimates,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "this verdict rests on values that are not published: "
                             "%1 are jwfleet's estimates, not the printed card's"))
JW_MESSAGE(FleetEstimatesFix,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "check these values against the printed cards "
                             "(`jwfleet-cli unit ID` says where each value comes from)"))
JW_MESSAGE(FleetUserEntered,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "this verdict uses values entered by the user from a "
                             "printed card, not shipped with jwfleet: %1"))
JW_MESSAGE(FleetUserEnteredFix,
           QT_TRANSLATE_NOOP("jw::Engine",
                             "check these values against the printed cards, or set "
                             "JW_NO_USER_DATA=1 to check with the shipped values only"))
// Why an upgrade does not fit a unit (Upgrade::refusal), inside FleetUpgradeMisfit.
JW_MESSAGE(UpgradeForSquadrons,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is for squadrons; %2 is a Capital Ship"))
JW_MESSAGE(UpgradeForNonDrones,
           QT_TRANSLATE_NOOP("jw::Engine", "%1 is for non-Drone squadrons; %2 is a Drone"))
