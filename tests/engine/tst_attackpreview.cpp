// SPDX-License-Identifier: GPL-3.0-or-later
// The attack preview (Engine::previewAttack, attack.h previewAttack): the pool it shows is
// the pool the attack then rolls, with the same modifiers (compared with the events'
// data), over hand-laid situations and the attacks of seeded random games; its odds are
// those of the resolution (re-rolls, Swarm, Nuke, "all Diminished") and its expected
// damage is that of the target as it is now.
#include "attacktestutil.h"

#include "dice/dicesource.h"
#include "dice/odds.h"
#include "engine/engine.h"
#include "engine/randomplayer.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace jw;
using namespace jw::test;

namespace {

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

// The pool the steps add up to: what the preview lists must explain the pool it shows.
DicePool poolOfSteps(const std::vector<PoolStep> &steps)
{
    DicePool p;
    for (const PoolStep &s : steps) {
        int &part = s.part == PoolStep::Base ? p.base : s.part == PoolStep::Flex ? p.flex : p.macro;
        part = s.sets ? s.dice : part + s.dice;
    }
    return p;
}

// The first roll of an attack in `events`: its "attack" event (the one with a pool, not a
// failed Cloak test) and its "roll" event; nullptr when there is none.
struct AttackEvents
{
    const GameEvent *attack = nullptr;
    const GameEvent *roll = nullptr;
    int before = 0; // events before the attack event other than a Cloak test's roll
};

AttackEvents firstAttack(const std::vector<GameEvent> &events, int attacker)
{
    AttackEvents out;
    for (const GameEvent &e : events) {
        if (!out.attack) {
            if (e.kind == QLatin1String("attack") && e.data.contains(QStringLiteral("pool"))
                && e.data.value(QStringLiteral("attacker")).toInt() == attacker
                && !e.data.value(QStringLiteral("secondary")).toBool()) {
                out.attack = &e;
                continue;
            }
            // A decision asked (the command came back pending) and the Cloak test are no
            // events of another command.
            // Spending Fire Control ends Stealthed: part of the attack too.
            if (e.kind != QLatin1String("decision")
                && e.data.value(QStringLiteral("state")).toString() != QLatin1String("stealthed")
                && !(e.kind == QLatin1String("roll")
                     && e.data.value(QStringLiteral("purpose")).toString()
                         == QLatin1String("cloak")))
                ++out.before;
        } else if (e.kind == QLatin1String("roll")
                   && e.data.value(QStringLiteral("purpose")).toString()
                       == QLatin1String("attack")) {
            out.roll = &e;
            break;
        }
    }
    return out;
}

// The preview against what the attack logged: pool, modifiers, range band and arc, the
// pool rolled, and the defence rolled (one the preview listed).
QString mismatch(const AttackPreview &p, const std::vector<GameEvent> &events)
{
    const AttackEvents a = firstAttack(events, p.attacker);
    if (!a.attack)
        return QStringLiteral("no attack event");
    const QJsonObject &d = a.attack->data;
    if (d.value(QStringLiteral("pool")).toString() != p.check.pool.toString())
        return QStringLiteral("pool %1, previewed %2")
            .arg(d.value(QStringLiteral("pool")).toString(), p.check.pool.toString());
    if (strings(d.value(QStringLiteral("modifiers"))) != p.check.modifiers)
        return QStringLiteral("modifiers %1, previewed %2")
            .arg(strings(d.value(QStringLiteral("modifiers"))).join(u'|'),
                 p.check.modifiers.join(u'|'));
    if (d.value(QStringLiteral("band")).toString() != sensorRangeName(p.check.band))
        return QStringLiteral("range band differs");
    if (d.value(QStringLiteral("arc")).toString() != arcsToString(p.check.arcs))
        return QStringLiteral("arc differs");
    if (poolOfSteps(p.check.steps) != p.check.pool)
        return QStringLiteral("the steps add up to %1, not %2")
            .arg(poolOfSteps(p.check.steps).toString(), p.check.pool.toString());
    if (!a.roll)
        return QStringLiteral("no attack roll");
    if (a.roll->data.value(QStringLiteral("rolled")).toString()
        != p.check.pool.effective().toString())
        return QStringLiteral("rolled %1, previewed %2")
            .arg(a.roll->data.value(QStringLiteral("rolled")).toString(),
                 p.check.pool.effective().toString());
    for (const GameEvent &e : events) {
        if (e.kind == QLatin1String("hit"))
            break; // the primary target's result: what follows is another roll's
        const QString purpose = e.data.value(QStringLiteral("purpose")).toString();
        if (e.kind != QLatin1String("roll")
            || (purpose != QLatin1String("point-defense") && purpose != QLatin1String("barrier")))
            continue;
        bool listed = false;
        for (const AttackDefence &def : p.defences)
            listed
                = listed || def.pool.toString() == e.data.value(QStringLiteral("pool")).toString();
        if (!listed)
            return QStringLiteral("a defence %1 the preview did not list")
                .arg(e.data.value(QStringLiteral("pool")).toString());
        break;
    }
    return {};
}

Fleet sample(const char *file)
{
    const FleetFileResult r
        = FleetFile::read(qEnvironmentVariable("JW_SOURCE_DIR") + QStringLiteral("/data/fleets/")
                          + QLatin1String(file));
    if (!r.ok())
        qFatal("cannot read sample fleet %s", file);
    return *r.fleet;
}

std::vector<int> manyDice(int seed)
{
    SeededDiceSource s {std::uint64_t(seed)};
    std::vector<int> out;
    for (int i = 0; i < 400; ++i)
        out.push_back(s.rollD6());
    return out;
}

// Every weapon of `attacker` at every enemy: previewed, then resolved with dice; each
// allowed one must roll what it previewed. Returns how many were compared.
int compareAll(const Table &t, int attacker, int seed)
{
    int compared = 0;
    const Unit &u = t.unitOf(attacker);
    for (int w = 0; w < int(u.weapons.size()); ++w) {
        for (const ModelState &m : t.state.models) {
            if (m.controller == t.state.models[std::size_t(attacker)].controller)
                continue;
            const AttackPreview p = previewAttack(t.setup, t.state, attacker, w, m.id);
            const AttackCheck c = checkAttack(t.setup, t.state, attacker, w, m.id);
            if (p.check.rejection) {
                if (!c.rejection || c.rejection->rule != p.check.rejection->rule)
                    qWarning("preview refuses %s, checkAttack does not",
                             qPrintable(p.check.rejection->toString()));
                if (!c.rejection)
                    return -1;
                continue;
            }
            const Run r = attack(t, attacker, w, m.id, manyDice(seed + compared));
            if (r.rejection)
                return -1;
            // A failed Cloak test rolls no attack: nothing to compare.
            if (!r.eventsOf(QStringLiteral("attack")).empty()
                && !r.eventsOf(QStringLiteral("attack"))
                        .front()
                        ->data.contains(QStringLiteral("pool")))
                continue;
            const QString why = mismatch(p, r.events);
            if (!why.isEmpty()) {
                qWarning("%s's %s at %s: %s\n%s",
                         qPrintable(t.state.models[std::size_t(attacker)].name),
                         qPrintable(u.weapons[std::size_t(w)].name), qPrintable(m.name),
                         qPrintable(why), qPrintable(r.log()));
                return -1;
            }
            ++compared;
        }
    }
    return compared;
}

double pNoneOf(const DiceOdds &odds)
{
    double p = 0;
    for (const DiceOdds::Outcome &o : odds.outcomes)
        p += o.d + o.t + o.q == 0 ? o.p : 0;
    return p;
}

} // namespace

class TestAttackPreview : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Hand-laid tables that reach the rules random games seldom do: armor by arc, Evasive,
    // ECM and Cloak, Point Defense with support, a Barrier, Swarm, Link, a Kinetic
    // Cannon's line, Concentrated Fire, Station Keeping, an Aft arc.
    void poolsMatchScriptedSituations()
    {
        int compared = 0;
        {
            Table t; // Rulebook Armor example: Wyvern at an Alexander's Fore.
            t.add(QStringLiteral("alexander"), 1, {24, 24});
            const int wyvern = t.add(QStringLiteral("wyvern"), 0, {24, 12});
            t.activate(wyvern);
            compared += compareAll(t, wyvern, 1);
            // From the Aft arc, the Alexander Station Keeping.
            t.model(wyvern).placement = Placement({24, 34}, 0);
            t.model(0).set(FlagStationKeeping);
            compared += compareAll(t, wyvern, 2);
        }
        {
            Unit evader = capitalCard(QStringLiteral("evader"), 2);
            evader.traits
                = {trait(QStringLiteral("Evasive")), trait(QStringLiteral("ECM"), 1),
                   trait(QStringLiteral("Energy Armor")), trait(QStringLiteral("Shield"))};
            Unit laser = capitalCard(QStringLiteral("laser"));
            laser.weapons
                = {weapon(QStringLiteral("Beam Projector"), WeaponClass::BeamProjector, 5, 3, 0),
                   weapon(QStringLiteral("Missiles"), WeaponClass::Missile, 5, 3, 0),
                   weapon(QStringLiteral("Swarm Missiles"), WeaponClass::Missile, 4, 4, 0,
                          ArcTurret, {QStringLiteral("Swarm")}),
                   weapon(QStringLiteral("Particle Cannon"), WeaponClass::ParticleCannon, 4, 2, 1)};
            Table t;
            t.add(evader, 1, {24, 24});
            const int attacker = t.add(laser, 0, {24, 10}, 180);
            t.activate(attacker);
            compared += compareAll(t, attacker, 3);
            t.model(1).placement = Placement({24, 18}, 180); // short range
            t.model(0).set(FlagEvading);
            compared += compareAll(t, attacker, 4);
        }
        {
            // Missiles at a frigate with an escort (Point Defense +1F) and a Barrier nearby.
            Unit frigate = capitalCard(QStringLiteral("frigate"), 4, 4, 3, 3, 2);
            frigate.traits = {systemTrait(QStringLiteral("Drones")),
                              systemTrait(QStringLiteral("Countermeasures"))};
            Unit wall = capitalCard(QStringLiteral("wall"), 4, 3);
            wall.traits = {trait(QStringLiteral("Barrier"))};
            Unit striker = squadronCard(QStringLiteral("striker"));
            striker.weapons
                = {weapon(QStringLiteral("Missiles: AC"), WeaponClass::Missile, 4, 0, 0),
                   weapon(QStringLiteral("Cannon"), WeaponClass::KineticCannon, 3, 3, 0, ArcNone),
                   weapon(QStringLiteral("Linked Lasers"), WeaponClass::BeamProjector, 2, 2, 0,
                          ArcNone, {QStringLiteral("Link")}, 3)};
            Table t;
            t.add(frigate, 1, {24, 24});
            t.add(squadronCard(QStringLiteral("escort")), 1, {27.5, 24});
            t.add(wall, 1, {20, 24});
            const int attacker = t.add(striker, 0, {24, 33});
            t.activate(attacker);
            compared += compareAll(t, attacker, 5);
        }
        {
            Table t; // Cloak and ECM: a Kitsune at short and long range.
            const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40});
            t.add(QStringLiteral("kitsune"), 1, {24, 38.5 - 5.0 - 1.5}, 180);
            t.activate(alexander, ActionId::ConcentratedFire, Magnitude::D);
            compared += compareAll(t, alexander, 6);
            t.model(1).placement = Placement({24, 38.5 - 8.0 - 1.5}, 180);
            t.activate(alexander);
            compared += compareAll(t, alexander, 7);
        }
        {
            Table t; // A Kinetic Cannon with a model on its line.
            const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40});
            t.add(QStringLiteral("wyvern"), 1, {24, 26}, 180);
            t.add(squadronCard(QStringLiteral("screen")), 1, {24, 33});
            t.activate(alexander);
            compared += compareAll(t, alexander, 8);
        }
        QVERIFY2(compared >= 20, qPrintable(QString::number(compared)));
    }

    // The attacks of seeded random games (four scenarios, three rules versions): at each
    // step where the active model may attack, every offered attack is previewed, then
    // applied (answering every decision with its default); the attack must roll what the
    // preview showed. A squadron's attack that an interception came before is re-checked
    // by the engine in the new state, so it is left out.
    void poolsMatchRandomGames_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<int>("seed");
        const char *rows[][3]
            = {{"introductory", "v1.2.2", "11"},     {"introductory", "v1.2.3", "12"},
               {"introductory", "v1.2.4", "13"},     {"introductory", "v1.2.2", "14"},
               {"fleet-engagement", "v1.2.2", "15"}, {"ambush", "v1.2.2", "16"},
               {"solar-storm", "v1.2.2", "17"}};
        for (const auto &r : rows)
            QTest::addRow("%s %s %s", r[0], r[1], r[2])
                << QString::fromLatin1(r[0]) << QString::fromLatin1(r[1])
                << QByteArray(r[2]).toInt();
    }
    void poolsMatchRandomGames()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, rules);
        QFETCH(int, seed);
        static const ScenarioLibrary library = ScenarioLibrary::loadShipped();
        GameSetup setup;
        setup.setScenario(*library.byId(scenario));
        setup.rules = rules;
        setup.seed = std::uint64_t(seed);
        const char *fleets[][2] = {{"io-patrol.jwfleet", "venus-strike.jwfleet"},
                                   {"jovian-battle-group.jwfleet", "cega-fortress.jwfleet"},
                                   {"europa-picket.jwfleet", "cega-carrier-group.jwfleet"}};
        const auto &pair = fleets[std::size_t(seed) % 3];
        setup.players[0] = PlayerSetup {QStringLiteral("A"), sample(pair[0])};
        setup.players[1] = PlayerSetup {QStringLiteral("B"), sample(pair[1])};
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        const Engine engine(setup);
        SeededDiceSource dice(setup.seed);
        const ApplyResult started = engine.start(dice);
        QVERIFY(started.ok());
        GameState state = started.state;
        RandomPlayer player(std::uint64_t(seed) * 7919);
        int compared = 0;
        int intercepted = 0;
        std::uint64_t probe = std::uint64_t(seed) * 1000003;
        for (int step = 0; step < 400 && state.phase != Phase::Over; ++step) {
            if (state.activation && !state.pending) {
                const LegalCommands legal = engine.legalCommands(state);
                for (const Command &c : legal.commands) {
                    const auto *a = std::get_if<AttackCommand>(&c);
                    if (!a)
                        continue;
                    const AttackPreview p = engine.previewAttack(state, *a);
                    QVERIFY2(
                        p.ok(),
                        qPrintable(p.check.rejection ? p.check.rejection->toString() : QString()));
                    // The offered attack, with every decision answered by default.
                    SeededDiceSource d(++probe);
                    ApplyResult r = engine.apply(state, c, d);
                    QVERIFY(r.ok());
                    std::vector<GameEvent> events = r.events;
                    for (int guard = 0; guard < 50 && r.state.pending; ++guard) {
                        r = engine.apply(r.state, AnswerCommand {}, d);
                        QVERIFY(r.ok());
                        events.insert(events.end(), r.events.begin(), r.events.end());
                    }
                    const AttackEvents found = firstAttack(events, p.attacker);
                    const bool cloakFailed
                        = std::any_of(events.begin(), events.end(), [](const GameEvent &e) {
                              return e.data.value(QStringLiteral("cloak")) == QJsonValue(false);
                          });
                    if (!found.attack && cloakFailed)
                        continue; // a failed Cloak test rolls no attack
                    if (p.mayBeIntercepted && (found.before > 0 || !found.attack)) {
                        ++intercepted;
                        continue;
                    }
                    if (found.before > 0) {
                        QStringList kinds;
                        for (const GameEvent &e : events)
                            kinds << e.kind + u':' + e.text();
                        QFAIL(qPrintable(kinds.join(u'\n')));
                    }
                    const QString why = mismatch(p, events);
                    if (!why.isEmpty())
                        for (const GameEvent &e : events)
                            qWarning("%s: %s", qPrintable(e.kind), qPrintable(e.text()));
                    QVERIFY2(why.isEmpty(),
                             qPrintable(QStringLiteral("step %1: %2").arg(step).arg(why)));
                    ++compared;
                }
            }
            const auto c = player.choose(engine, state);
            if (!c)
                break;
            const ApplyResult r = engine.apply(state, *c, dice);
            if (r.ok())
                state = r.state;
        }
        qInfo("%d attacks compared, %d intercepted first", compared, intercepted);
        QVERIFY2(compared >= 5, qPrintable(QString::number(compared)));
    }

    // The odds are the resolution's: an [N] re-rolled (Beam Projector) is [N] twice, with
    // the re-roll the default answer; checked against many resolutions with seeded dice.
    void oddsMatchTheResolution_data()
    {
        QTest::addColumn<int>("weapon");
        QTest::newRow("Beam Projector (re-roll an [N])") << 0;
        QTest::newRow("Mass Driver with a macro die") << 1;
        QTest::newRow("Swarm") << 2;
    }
    void oddsMatchTheResolution()
    {
        QFETCH(int, weapon);
        Unit target = capitalCard(QStringLiteral("target"), 30, 6, 6, 6);
        Unit laser = capitalCard(QStringLiteral("laser"));
        laser.fireControl = 1;
        laser.weapons
            = {jw::test::weapon(QStringLiteral("Laser"), WeaponClass::BeamProjector, 3, 3, 0),
               jw::test::weapon(QStringLiteral("Driver"), WeaponClass::MassDriver, 4, 3, 1),
               jw::test::weapon(QStringLiteral("Swarm"), WeaponClass::KineticCannon, 5, 5, 0,
                                ArcTurret, {QStringLiteral("Swarm")})};
        Table t;
        const int tid = t.add(target, 1, {24, 24});
        const int aid = t.add(laser, 0, {24, 12}, 180); // Long range, Fore arc, no armor
        t.activate(aid);
        const AttackPreview p = previewAttack(t.setup, t.state, aid, weapon, tid);
        QVERIFY(p.ok());
        if (weapon == 0) {
            const double raw = pNoneOf(computeOdds(p.check.pool));
            QVERIFY(std::abs(p.pNone - raw * raw) < 1e-12);
        }
        double sum = 0;
        for (const DiceOdds::Outcome &o : p.odds.outcomes)
            sum += o.p;
        QVERIFY(std::abs(sum - 1.0) < 1e-9);
        // Many resolutions: the share of misses and of a [T+] as the odds say.
        const int n = 3000;
        int none = 0;
        int tPlus = 0;
        for (int i = 0; i < n; ++i) {
            GameState s = t.state;
            SeededDiceSource d {std::uint64_t(1000 + i)};
            Chooser chooser({}, true);
            std::vector<GameEvent> events;
            QVERIFY(!resolveAttack(t.setup, s, aid, weapon, tid, d, chooser, events));
            for (const GameEvent &e : events) {
                if (e.kind != QLatin1String("hit"))
                    continue;
                const auto r = DiceResult::parse(e.data.value(QStringLiteral("result")).toString());
                QVERIFY(r);
                none += r->isSuccess() ? 0 : 1;
                tPlus += r->best() >= Magnitude::T ? 1 : 0;
                break;
            }
        }
        // Three standard deviations of a share of n.
        const auto near = [&](double share, double p) {
            return std::abs(share - p) <= 3.0 * std::sqrt(p * (1 - p) / n) + 1e-9;
        };
        QVERIFY2(near(double(none) / n, p.pNone),
                 qPrintable(QStringLiteral("[N] %1 of %2, odds %3").arg(none).arg(n).arg(p.pNone)));
        QVERIFY2(near(double(tPlus) / n, p.odds.pAtLeast[1]),
                 qPrintable(QStringLiteral("[T+] %1 of %2, odds %3")
                                .arg(tPlus)
                                .arg(n)
                                .arg(p.odds.pAtLeast[1])));
    }

    // Expected damage against the target as it is now: a squadron with 1 Structure left is
    // destroyed by any success, and loses at most that 1.
    void expectedDamageOfThisTarget()
    {
        Unit gunship = capitalCard(QStringLiteral("gunship"));
        gunship.weapons
            = {jw::test::weapon(QStringLiteral("Flak"), WeaponClass::KineticCannon, 3, 4, 0)};
        Table t;
        const int sq = t.add(squadronCard(QStringLiteral("wing"), 4), 1, {24, 24});
        const int aid = t.add(gunship, 0, {24, 14}, 180);
        t.activate(aid);
        const AttackPreview whole = previewAttack(t.setup, t.state, aid, 0, sq);
        QVERIFY(whole.ok());
        QCOMPARE(whole.structureLeft, 4);
        QVERIFY(whole.structure > 0);
        t.model(sq).structureLost = 3;
        const AttackPreview last = previewAttack(t.setup, t.state, aid, 0, sq);
        QCOMPARE(last.structureLeft, 1);
        QVERIFY(std::abs(last.pDestroyed - (1.0 - last.pNone)) < 1e-12);
        QVERIFY(std::abs(last.structure - last.pDestroyed) < 1e-12);
        QVERIFY(last.structure < whole.structure);
        // Capital ship target: rating damage from [D], Structure and Critical Hits from [T+].
        Table c;
        const int ship = c.add(capitalCard(QStringLiteral("hulk"), 2), 1, {24, 24});
        const int gun = c.add(gunship, 0, {24, 14}, 180);
        c.activate(gun);
        const AttackPreview cp = previewAttack(c.setup, c.state, gun, 0, ship);
        QVERIFY(cp.ok());
        QVERIFY(std::abs(cp.rating - cp.odds.expected[0]) < 1e-12);
        QVERIFY(std::abs(cp.criticals - (cp.odds.expected[1] + 2 * cp.odds.expected[2])) < 1e-12);
    }

    // Defences listed: Point Defense against a Missile (with the support of a friend within
    // 3"), a Barrier against a Kinetic Cannon; none against a Beam Projector.
    void defencesListed()
    {
        Unit frigate = capitalCard(QStringLiteral("frigate"), 4, 4);
        Unit wall = capitalCard(QStringLiteral("wall"), 4, 3);
        wall.traits = {trait(QStringLiteral("Barrier"))};
        Unit striker = squadronCard(QStringLiteral("striker"));
        striker.weapons
            = {jw::test::weapon(QStringLiteral("Missiles"), WeaponClass::Missile, 4, 0, 0),
               jw::test::weapon(QStringLiteral("Cannon"), WeaponClass::KineticCannon, 3, 3, 0,
                                ArcNone),
               jw::test::weapon(QStringLiteral("Laser"), WeaponClass::BeamProjector, 3, 3, 0,
                                ArcNone)};
        Table t;
        const int tid = t.add(frigate, 1, {24, 24});
        const int wid = t.add(wall, 1, {28, 24});
        const int sid = t.add(striker, 0, {24, 33});
        t.activate(sid);
        const AttackPreview missile = previewAttack(t.setup, t.state, sid, 0, tid);
        QCOMPARE(int(missile.defences.size()), 2);
        QCOMPARE(missile.defences[0].kind, AttackDefence::PointDefense);
        QCOMPARE(missile.defences[0].model, tid);
        QCOMPARE(missile.defences[0].pool, pointDefensePool(t.setup, t.state, tid));
        QCOMPARE(missile.defences[0].pool, (DicePool {4, 1, 0})); // the wall within 3"
        QVERIFY(missile.defences[0].pSuccess > 0.5 && missile.defences[0].pSuccess < 1);
        QCOMPARE(missile.defences[1].kind, AttackDefence::Barrier);
        QCOMPARE(missile.defences[1].model, wid);
        const AttackPreview cannon = previewAttack(t.setup, t.state, sid, 1, tid);
        QCOMPARE(int(cannon.defences.size()), 1);
        QCOMPARE(cannon.defences[0].kind, AttackDefence::Barrier);
        QVERIFY(previewAttack(t.setup, t.state, sid, 2, tid).defences.empty());
    }

    // Each modifier as data, with its reason; ECM and armor named.
    void stepsCarryTheReasons()
    {
        Table t;
        const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40});
        const int kitsune = t.add(QStringLiteral("kitsune"), 1, {24, 38.5 - 5.0 - 1.5}, 180);
        t.activate(alexander);
        const AttackPreview p = previewAttack(t.setup, t.state, alexander, 0, kitsune);
        QVERIFY(p.ok());
        QCOMPARE(p.check.ecmRemoved, 1);
        QCOMPARE(int(p.check.steps.size()), p.check.modifiers.size());
        QVERIFY(p.check.steps.front().sets);
        bool ecm = false;
        bool shortRange = false;
        for (const PoolStep &s : p.check.steps) {
            ecm = ecm || (s.part == PoolStep::Flex && s.dice == -1 && s.why == "Kitsune's ECM");
            shortRange = shortRange
                || (s.part == PoolStep::Flex && s.dice == 1 && s.bonus && s.why == "short range");
        }
        QVERIFY(ecm);
        QVERIFY(shortRange);
        QCOMPARE(poolOfSteps(p.check.steps), p.check.pool);
    }

    // The Engine's query: the active model's attack, refused with the rule like apply().
    void engineQuery()
    {
        GameSetup setup;
        setup.rules = QStringLiteral("v1.2.2");
        setup.players[0].fleet.faction = QStringLiteral("jovian");
        setup.players[0].fleet.entries = {FleetEntry {QStringLiteral("alexander"), {}, {}}};
        setup.players[1].fleet.faction = QStringLiteral("venusian");
        setup.players[1].fleet.entries = {FleetEntry {QStringLiteral("shan-yu"), {}, {}}};
        setup.initiative = 0;
        ModelStart a;
        a.player = 0;
        a.x = 24;
        a.y = 32;
        ModelStart b;
        b.player = 1;
        b.x = 24;
        b.y = 22;
        b.facing = 180;
        setup.starts = {a, b};
        setup.startPhase = QStringLiteral("activation");
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        const Engine engine(setup);
        SeededDiceSource dice(3);
        const ApplyResult started = engine.start(dice);
        QVERIFY(started.ok());
        // Nobody activating yet: refused.
        QVERIFY(!engine.previewAttack(started.state, AttackCommand {0, 1}).ok());
        const ApplyResult active = engine.apply(started.state, ActivateCommand {0, {}}, dice);
        QVERIFY(active.ok());
        const AttackPreview p = engine.previewAttack(active.state, AttackCommand {0, 1});
        QVERIFY2(p.ok(), qPrintable(p.check.rejection ? p.check.rejection->toString() : QString()));
        QCOMPARE(p.attacker, 0);
        QCOMPARE(p.check.pool, checkAttack(setup, active.state, 0, 0, 1).pool);
        // Its own side: refused with the rule apply() names.
        const AttackPreview self = engine.previewAttack(active.state, AttackCommand {0, 0});
        QVERIFY(!self.ok());
        const ApplyResult refused = engine.apply(active.state, AttackCommand {0, 0}, dice);
        QVERIFY(!refused.ok());
        QCOMPARE(self.check.rejection->rule, refused.rejection->rule);
    }
};

QTEST_GUILESS_MAIN(TestAttackPreview)
#include "tst_attackpreview.moc"
