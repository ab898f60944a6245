// The catalogue of the engine's sentences: one line per message, its MsgId and its
// English template (%1, %2, ... are its arguments, in order). Included by
// message.h/.cpp with JW_MESSAGE defined (no include guard: an X-macro list), and
// read by lupdate (QT_TRANSLATE_NOOP) into translations/*.ts.
//
// Keep each template exactly the English of the sentence the engine wrote before
// it was typed: `play` output, its --json and the scripts' expectations read it.
// Group by the rulebook's chapter; names say what happened (events) or why a
// command is refused (refusals, "...Refused" is not needed: the context says it).

// clang-format off: one sentence per line

// Rules engine, general.
JW_MESSAGE(NoModelActivating, QT_TRANSLATE_NOOP("jw::Engine", "no model is activating: activate one first"))

// Movement.
JW_MESSAGE(EmbarkedLaunchFirst, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Embarked: Launch it first"))
JW_MESSAGE(SquadronMovesAlongPath, QT_TRANSLATE_NOOP("jw::Engine", "%1 is a Squadron: it moves along a path"))
JW_MESSAGE(StaticMayNotMove, QT_TRANSLATE_NOOP("jw::Engine", "%1 may not move"))
JW_MESSAGE(CapitalMovesForward, QT_TRANSLATE_NOOP("jw::Engine", "Capital Ships move by advancing directly forward"))
JW_MESSAGE(TurnUpTo45, QT_TRANSLATE_NOOP("jw::Engine", "each turn changes direction by up to 45 degrees"))
JW_MESSAGE(SluggishTurnsAtEnd, QT_TRANSLATE_NOOP("jw::Engine", "%1 only makes turns at the end of a move"))
JW_MESSAGE(OverlapMustStop, QT_TRANSLATE_NOOP("jw::Engine", "%1 overlaps a Capital Ship and must stop: it is repositioned when its activation ends"))
JW_MESSAGE(StationKeepingNoMove, QT_TRANSLATE_NOOP("jw::Engine", "%1 is Station Keeping (Speed 0): it may not move this activation"))
JW_MESSAGE(CapitalMoveTooFar, QT_TRANSLATE_NOOP("jw::Engine", "%1 may move at most %2 (Speed %3 + Thrusters %4); this move would make %5"))
JW_MESSAGE(CapitalTooManyTurns, QT_TRANSLATE_NOOP("jw::Engine", "%1 may turn %2 time(s) this activation (the lower of Turns %3 and Thrusters %4); %5 already made"))
JW_MESSAGE(ThrustersZeroTurnTest, QT_TRANSLATE_NOOP("jw::Engine", "%1 has Thrusters 0 and makes a Skill Test to turn: %2."))
JW_MESSAGE(ThrustersZeroTurnFailed, QT_TRANSLATE_NOOP("jw::Engine", "%1 fails the Skill Test and cannot turn; it moves %2 straight ahead."))
JW_MESSAGE(MandatoryMoveStopsAtPlanet, QT_TRANSLATE_NOOP("jw::Engine", "%1's mandatory movement stops at the edge of %2 after %3 (its minimum counts as made)."))
JW_MESSAGE(CapitalMoved, QT_TRANSLATE_NOOP("jw::Engine", "%1 moves %2%3 (%4 of at most %5 this activation)."))
JW_MESSAGE(WithTurns, QT_TRANSLATE_NOOP("jw::Engine", " with %1 turn(s)"))

// Movement (squadrons, placement, Launch, Land: enginemove.cpp).
JW_MESSAGE(WouldLeaveTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 would leave the 48\" x 48\" table"))
JW_MESSAGE(OverlappedMovesAway, QT_TRANSLATE_NOOP("jw::Engine", "%1 is overlapped by %2 and moves out of its way."))
JW_MESSAGE(MandatoryMoveEndsOnStation, QT_TRANSLATE_NOOP("jw::Engine", "%1's mandatory move ends overlapping %2 (Terrain › Space Stations: Overlap AC/AS:2)."))
JW_MESSAGE(MandatoryMoveStopsOnModel, QT_TRANSLATE_NOOP("jw::Engine", "%1's mandatory move ends on %2: it stops, and is repositioned behind it when its activation ends."))
JW_MESSAGE(OverlappedRepositioned, QT_TRANSLATE_NOOP("jw::Engine", "%1 is overlapped by %2 and is repositioned with the back of its base touching it."))
JW_MESSAGE(OverlapCompleted, QT_TRANSLATE_NOOP("jw::Engine", "%1 completes its overlapping movement: the back of its base touches the model it overlapped."))
JW_MESSAGE(CapitalMovesForwardAndTurns, QT_TRANSLATE_NOOP("jw::Engine", "%1 is a Capital Ship: it moves forward and turns"))
JW_MESSAGE(PathEmpty, QT_TRANSLATE_NOOP("jw::Engine", "the path is empty"))
JW_MESSAGE(SquadronMoveTooFar, QT_TRANSLATE_NOOP("jw::Engine", "%1 may move up to its Speed, %2; this path would make %3"))
JW_MESSAGE(SquadronMoved, QT_TRANSLATE_NOOP("jw::Engine", "%1 moves %2 (%3 of %4)."))
JW_MESSAGE(AttackDoesNotHappen, QT_TRANSLATE_NOOP("jw::Engine", "%1's attack on %2 does not happen: %3."))
JW_MESSAGE(NotEmbarked, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not Embarked"))
JW_MESSAGE(LaunchNotWithLand, QT_TRANSLATE_NOOP("jw::Engine", "Launch may not be declared in the same activation as Land"))
JW_MESSAGE(LaunchTooFar, QT_TRANSLATE_NOOP("jw::Engine", "%1 must be placed within %2 of %3; this is %4 away"))
JW_MESSAGE(Launched, QT_TRANSLATE_NOOP("jw::Engine", "%1 launches from %2."))
JW_MESSAGE(TakesEscapePod, QT_TRANSLATE_NOOP("jw::Engine", "%1 takes an escape pod from %2."))
JW_MESSAGE(NotOnTable, QT_TRANSLATE_NOOP("jw::Engine", "%1 is not on the table"))
JW_MESSAGE(LandNotWithLaunch, QT_TRANSLATE_NOOP("jw::Engine", "Land may not be declared in the same activation as Launch"))
JW_MESSAGE(LandOnFriendly, QT_TRANSLATE_NOOP("jw::Engine", "land on a friendly model on the table"))
JW_MESSAGE(NoWorkingTrait, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no working %2"))
JW_MESSAGE(NoRoomLeft, QT_TRANSLATE_NOOP("jw::Engine", "%1 has no room left"))
JW_MESSAGE(LandOutOfReach, QT_TRANSLATE_NOOP("jw::Engine", "%1 must reach base contact with %2: it is %3 away, %4 of movement left"))
JW_MESSAGE(Lands, QT_TRANSLATE_NOOP("jw::Engine", "%1 lands on %2."))
JW_MESSAGE(TransfersEscapePods, QT_TRANSLATE_NOOP("jw::Engine", "%1 transfers %2 escape pod(s) to %3 (%4 aboard)."))

// Procedures (engineprocedures.cpp).

// Damage (damage.cpp).

// Terrain (engineterrain.cpp).

// Unidentified Orbital Objects (engineuio.cpp).

// Water world scenarios (enginewater.cpp).
