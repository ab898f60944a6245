// SPDX-License-Identifier: GPL-3.0-or-later
// The Damage chapter and the states it leads to (v1.2.2 core rules: Damage, Critical Hit;
// States: Crippled, Catastrophic Damage Table, Explosion, Destroyed; RULINGS.md 1 and 2):
// each worked example is a test, the tables are data-driven.
#include "attacktestutil.h"

#include "geometry/measure.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::Catastrophe)

namespace {

DamageSource attackBy(int player, std::optional<WeaponClass> c = std::nullopt, bool precise = false)
{
    return DamageSource {player, QStringLiteral("test"), c, precise};
}

QStringList kindsAsked(const Run &r)
{
    QStringList kinds;
    for (const DecisionRequest &q : r.asked)
        kinds << q.kind;
    return kinds;
}

// A capital ship with every rating at 0, no Marines, no System Trait, no weapon left.
Unit strippedCard()
{
    Unit u = capitalCard(QStringLiteral("hulk"), 4, 2, 2, 2, 0);
    u.marines = Track {};
    return u;
}

} // namespace

class TestDamage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A question of nobody's (the defence of a UIO or a Mine, player -1) takes its
    // default: nobody can answer it, and a game waiting for it could not be saved (found
    // tracking Scavenger Hunt on a physical table). A recorded answer still comes first.
    void nobodysQuestionTakesItsDefault()
    {
        DecisionRequest r;
        r.player = -1;
        r.kind = QStringLiteral("diminish");
        r.optionMessages
            = {Message::plain(QStringLiteral("Diminish")), Message::plain(QStringLiteral("Keep"))};
        r.defaultOption = 1;
        Chooser live({}, false);
        QCOMPARE(live.ask(r), 1);
        QCOMPARE(live.answersUsed(), std::vector<int> {1});
        Chooser recorded({0}, false);
        QCOMPARE(recorded.ask(r), 0);
        r.player = 0;
        Chooser player({}, false);
        bool asked = false;
        try {
            (void)player.ask(r);
        } catch (const DecisionNeeded &) {
            asked = true;
        }
        QVERIFY(asked);
    }
    void squadronDamage_data();
    void squadronDamage();
    void wyvernExample();
    void capitalDamage_data();
    void capitalDamage();
    void lowestFirst();
    void tenguRandomisation_data();
    void tenguRandomisation();
    void noRatingLeft();
    void redundantBoxes_data();
    void redundantBoxes();
    void particleCannonTriple();
    void criticalHitOptions();
    void criticalHitNonePossible();
    void precise();
    void massDriverExample();
    void shield();
    void countermeasuresAtDefenseZero();
    void catastrophicExample();
    void catastrophicTable_data();
    void catastrophicTable();
    void crippledAndBelowZero();
    void explosionV122();
    void explosionV123();
    void explosionCascade();
};

void TestDamage::squadronDamage_data()
{
    QTest::addColumn<QString>("rules");
    QTest::addColumn<QString>("result");
    QTest::addColumn<int>("lost");
    QTest::addColumn<bool>("destroyed");
    // "The Uller rolls a [D2,T3] ... The Pathfinders suffer a total of 3 damage".
    QTest::newRow("Pathfinder [D2,T3]") << "v1.2.2"
                                        << "[D2,T3]" << 3 << false;
    QTest::newRow("[N]") << "v1.2.2"
                         << "[N]" << 0 << false;
    QTest::newRow("[D1]") << "v1.2.2"
                          << "[D1]" << 1 << false;
    // RULINGS.md 2, Squadron [Q+]: Destroyed in v1.2.2, -3 Structure in v1.2.4.
    QTest::newRow("[Q1] v1.2.2") << "v1.2.2"
                                 << "[Q1]" << 0 << true;
    QTest::newRow("[Q1] v1.2.4") << "v1.2.4"
                                 << "[Q1]" << 3 << false;
    QTest::newRow("[D1,Q2] v1.2.4") << "v1.2.4"
                                    << "[D1,Q2]" << 4 << false;
    QTest::newRow("[T1,T2,T3]: 0 Structure") << "v1.2.2"
                                             << "[T1,T2,T3]" << 6 << true;
}

void TestDamage::squadronDamage()
{
    QFETCH(QString, rules);
    QFETCH(QString, result);
    QFETCH(int, lost);
    QFETCH(bool, destroyed);
    Table t(rules);
    const int pathfinder = t.add(QStringLiteral("pathfinder"), 0, {24, 24});
    const Run r = damage(t, pathfinder, result, attackBy(1));
    const ModelState &m = r.state.models[std::size_t(pathfinder)];
    QCOMPARE(m.structureLost, lost);
    QCOMPARE(m.location == Location::Destroyed, destroyed);
    QCOMPARE(r.eventsOf(QStringLiteral("destroyed")).size(), destroyed ? 1u : 0u);
}

// "The Wyvern's Mass Driver has a AC:2 rating. The CEGA player rolls 2D6 for the attack
// rolling [2, 2]. The [D2] results reduces the target's point defense system rating by 1".
void TestDamage::wyvernExample()
{
    Table t;
    const int target = t.add(capitalCard(QStringLiteral("target")), 1, {24, 24});
    // A Mass Driver's [D] also causes a Critical Hit: here on the Marines.
    const Run r
        = damage(t, target, QStringLiteral("[D2]"), attackBy(0, WeaponClass::MassDriver), {}, {3});
    QCOMPARE(kindsAsked(r), QStringList {QStringLiteral("critical")});
    QCOMPARE(r.asked[0].option(3), QStringLiteral("Marines (2 -> 1)"));
    const ModelView v(t.unitOf(target), r.state.models[std::size_t(target)]);
    QCOMPARE(v.rating(Rating::Defense), 3);
    QCOMPARE(v.rating(Rating::Marines), 1);
}

void TestDamage::capitalDamage_data()
{
    QTest::addColumn<QString>("result");
    QTest::addColumn<int>("defense");
    QTest::addColumn<int>("sensors");
    QTest::addColumn<int>("thrusters");
    QTest::addColumn<int>("structure");
    QTest::addColumn<int>("criticals");
    // RULINGS.md 1, Capital Ship Damage. Critical Hits answered by default (the highest
    // rating: Defense first).
    QTest::newRow("[N]") << "[N]" << 0 << 0 << 0 << 0 << 0;
    QTest::newRow("[D1]: Defense") << "[D1]" << 1 << 0 << 0 << 0 << 0;
    QTest::newRow("[D2]: Defense") << "[D2]" << 1 << 0 << 0 << 0 << 0;
    QTest::newRow("[D3]: Sensors") << "[D3]" << 0 << 1 << 0 << 0 << 0;
    QTest::newRow("[D4]: Sensors") << "[D4]" << 0 << 1 << 0 << 0 << 0;
    QTest::newRow("[D5]: Thrusters") << "[D5]" << 0 << 0 << 1 << 0 << 0;
    QTest::newRow("[D6]: Thrusters") << "[D6]" << 0 << 0 << 1 << 0 << 0;
    QTest::newRow("[D3,D6]") << "[D3,D6]" << 0 << 1 << 1 << 0 << 0;
    QTest::newRow("[T4]: -1 Structure, 1 Critical") << "[T4]" << 1 << 0 << 0 << 1 << 1;
    QTest::newRow("[Q5]: -2 Structure, 2 Criticals") << "[Q5]" << 2 << 0 << 0 << 2 << 2;
    QTest::newRow("[D1,T2]") << "[D1,T2]" << 2 << 0 << 0 << 1 << 1;
}

void TestDamage::capitalDamage()
{
    QFETCH(QString, result);
    QFETCH(int, defense);
    QFETCH(int, sensors);
    QFETCH(int, thrusters);
    QFETCH(int, structure);
    QFETCH(int, criticals);
    Table t;
    const int ship = t.add(capitalCard(QStringLiteral("ship"), 4, 4, 3, 3, 2), 1, {24, 24});
    const Run r = damage(t, ship, result, attackBy(0));
    const ModelState &m = r.state.models[std::size_t(ship)];
    QCOMPARE(m.defenseLost, defense);
    QCOMPARE(m.sensorsLost, sensors);
    QCOMPARE(m.thrustersLost, thrusters);
    QCOMPARE(m.structureLost, structure);
    QCOMPARE(int(r.eventsOf(QStringLiteral("critical")).size()), criticals);
    QCOMPARE(r.diceLeft, 0u);
}

// "Lowest Magnitude first ... the lowest Value, i.e. [D1] before [D4]."
void TestDamage::lowestFirst()
{
    Table t;
    const int ship = t.add(capitalCard(QStringLiteral("ship")), 1, {24, 24});
    const Run r = damage(t, ship, QStringLiteral("[T6,D5,D1]"), attackBy(0));
    const auto damage = r.eventsOf(QStringLiteral("damage"));
    QVERIFY(damage.size() >= 3u);
    QCOMPARE(damage[0]->data.value(QLatin1String("rating")).toString(), QStringLiteral("defense"));
    QCOMPARE(damage[1]->data.value(QLatin1String("rating")).toString(),
             QStringLiteral("thrusters"));
    QCOMPARE(damage[2]->data.value(QLatin1String("rating")).toString(),
             QStringLiteral("structure"));
}

void TestDamage::tenguRandomisation_data()
{
    QTest::addColumn<int>("die");
    QTest::addColumn<int>("defenseLost");
    QTest::addColumn<int>("sensorsLost");
    // House ruling on Random Selection between two ratings: 1-3 the first (Defense), 4-6 the
    // second (Sensors).
    QTest::newRow("1: Defense") << 1 << 1 << 0;
    QTest::newRow("3: Defense") << 3 << 1 << 0;
    QTest::newRow("4: Sensors") << 4 << 0 << 1;
    QTest::newRow("6: Sensors") << 6 << 0 << 1;
}

// "A damaged CEGA Tengu has Defense:4, Sensors: 3, and Thrusters: 1. It suffers a [D5,D6]
// hit ... the second hit must be randomized to either the Defense or Sensors rating."
void TestDamage::tenguRandomisation()
{
    QFETCH(int, die);
    QFETCH(int, defenseLost);
    QFETCH(int, sensorsLost);
    Table t;
    const int tengu = t.add(QStringLiteral("tengu"), 1, {24, 24});
    t.model(tengu).thrustersLost = 2; // Thrusters 1 2 3 -> 1
    const ModelView before = t.view(tengu);
    QCOMPARE(before.rating(Rating::Defense), 4);
    QCOMPARE(before.rating(Rating::Sensors), 3);
    QCOMPARE(before.rating(Rating::Thrusters), 1);
    const Run r = damage(t, tengu, QStringLiteral("[D5,D6]"), attackBy(0), {die});
    QCOMPARE(r.diceLeft, 0u);
    const ModelState &m = r.state.models[std::size_t(tengu)];
    QCOMPARE(m.thrustersLost, 3);
    QCOMPARE(m.defenseLost, defenseLost);
    QCOMPARE(m.sensorsLost, sensorsLost);
}

// "If there are no remaining Ratings, apply a damage to Structure instead"; one rating left
// takes it without a die.
void TestDamage::noRatingLeft()
{
    Table t;
    const int ship = t.add(capitalCard(QStringLiteral("ship"), 4, 2, 2, 2), 1, {24, 24});
    t.model(ship).thrustersLost = 2;
    t.model(ship).defenseLost = 2;
    const Run one = damage(t, ship, QStringLiteral("[D6]"), attackBy(0));
    QCOMPARE(one.diceLeft, 0u);
    QCOMPARE(one.state.models[std::size_t(ship)].sensorsLost, 1);
    t.model(ship).sensorsLost = 2;
    const Run none = damage(t, ship, QStringLiteral("[D6]"), attackBy(0));
    QCOMPARE(none.state.models[std::size_t(ship)].structureLost, 1);
}

void TestDamage::redundantBoxes_data()
{
    QTest::addColumn<int>("defenseLost");
    QTest::addColumn<bool>("particle");
    QTest::addColumn<int>("marked");
    QTest::addColumn<int>("rating");
    // Shan-Yu Defense 1 2 3 4 4 5 5 (UNITS.md).
    QTest::newRow("redundant 5: one box, still 5") << 0 << false << 1 << 5;
    QTest::newRow("second 5: 4") << 1 << false << 1 << 4;
    // "Capital ships hit with a D damage a system twice if that system damage point is
    // redundant."
    QTest::newRow("Particle Cannon on 5 5: 4") << 0 << true << 2 << 4;
    QTest::newRow("Particle Cannon on 4 4: 3") << 2 << true << 2 << 3;
    QTest::newRow("Particle Cannon on 3: 2") << 4 << true << 1 << 2;
    QTest::newRow("Particle Cannon on the last 5: 4") << 1 << true << 1 << 4;
}

void TestDamage::redundantBoxes()
{
    QFETCH(int, defenseLost);
    QFETCH(bool, particle);
    QFETCH(int, marked);
    QFETCH(int, rating);
    Table t;
    const int shanyu = t.add(QStringLiteral("shan-yu"), 1, {24, 24});
    t.model(shanyu).defenseLost = defenseLost;
    const Run r
        = damage(t, shanyu, QStringLiteral("[D1]"),
                 attackBy(0, particle ? std::optional(WeaponClass::ParticleCannon) : std::nullopt));
    const ModelState &m = r.state.models[std::size_t(shanyu)];
    QCOMPARE(m.defenseLost, defenseLost + marked);
    QCOMPARE(ModelView(t.unitOf(shanyu), m).rating(Rating::Defense), rating);
}

// Particle Cannon: "[T+] ... also suffer one damage to the appropriate system as determined
// by the Value of the result."
void TestDamage::particleCannonTriple()
{
    Table t;
    const int ship = t.add(capitalCard(QStringLiteral("ship")), 1, {24, 24});
    const Run r = damage(t, ship, QStringLiteral("[T3]"), attackBy(0, WeaponClass::ParticleCannon),
                         {}, {2}); // the Critical Hit on Thrusters
    const ModelState &m = r.state.models[std::size_t(ship)];
    QCOMPARE(m.structureLost, 1);
    QCOMPARE(m.thrustersLost, 1);
    QCOMPARE(m.sensorsLost, 1);
}

// Critical Hit: the attacker's choice of a Rating (not at 0), a System Trait, a weapon or a
// Marine.
void TestDamage::criticalHitOptions()
{
    Unit card = capitalCard(QStringLiteral("carrier"), 4, 3, 3, 3, 2);
    card.traits = {systemTrait(QStringLiteral("Hangers"), 2), trait(QStringLiteral("Sluggish"))};
    card.weapons = {weapon(QStringLiteral("Beam Projector"), WeaponClass::BeamProjector, 3, 3, 1,
                           ArcTurret, {QStringLiteral("Link")}, 2),
                    weapon(QStringLiteral("Missiles"), WeaponClass::Missile, 4, 1, 1, ArcFore)};
    Table t;
    const int ship = t.add(card, 1, {24, 24});
    t.model(ship).sensorsLost = 3; // Sensors 0: not an option
    const Run r = damage(t, ship, QStringLiteral("[T6]"), attackBy(0));
    const DecisionRequest *q = r.question(QStringLiteral("critical"));
    QVERIFY(q);
    QCOMPARE(q->player, 0);
    QCOMPARE(q->options(),
             (QStringList {"Rating Damage: Defense (3 -> 2)", "Rating Damage: Thrusters (3 -> 2)",
                           "System Trait Damage: Hangers: 2 (2 of 2 boxes left)",
                           "Weapon Damage: Beam Projector (2 of 2 left)", "Weapon Damage: Missiles",
                           "Marines (2 -> 1)"}));
    // Default: the weapon line with the most dice.
    QCOMPARE(q->defaultOption, 4);
    struct Pick
    {
        int option;
        std::function<bool(const ModelState &)> check;
    };
    const std::vector<Pick> picks {
        {0,
         [](const ModelState &m) {
             return m.defenseLost == 1;
         }},
        {1,
         [](const ModelState &m) {
             return m.thrustersLost == 1;
         }},
        {2,
         [](const ModelState &m) {
             return m.traitsDamaged.size() == 2 && m.traitsDamaged[0] == 1;
         }},
        {3,
         [](const ModelState &m) {
             return m.weaponsDamaged == std::vector<int> {1, 0};
         }},
        {4,
         [](const ModelState &m) {
             return m.weaponsDamaged == std::vector<int> {0, 1};
         }},
        {5,
         [](const ModelState &m) {
             return m.marinesLost == 1;
         }},
    };
    for (const Pick &p : picks) {
        const Run c = damage(t, ship, QStringLiteral("[T6]"), attackBy(0), {}, {p.option});
        QVERIFY2(p.check(c.state.models[std::size_t(ship)]), qPrintable(c.log()));
        QCOMPARE(c.state.models[std::size_t(ship)].structureLost, 1);
    }
}

// "If none of the above options can be chosen, inflict an additional Structure Damage".
void TestDamage::criticalHitNonePossible()
{
    Table t;
    const int ship = t.add(strippedCard(), 1, {24, 24});
    t.model(ship).defenseLost = 2;
    t.model(ship).sensorsLost = 2;
    t.model(ship).thrustersLost = 2;
    const Run r = damage(t, ship, QStringLiteral("[T1]"), attackBy(0));
    QVERIFY(r.asked.empty());
    QCOMPARE(r.state.models[std::size_t(ship)].structureLost, 2);
    QCOMPARE(r.eventsOf(QStringLiteral("critical"))
                 .front()
                 ->data.value(QLatin1String("option"))
                 .toString(),
             QStringLiteral("structure"));
}

// Precise: "Damage from D results may be applied to any System Trait or to Defense,
// Sensors, or Thrusters as chosen by the attacker"; "[T+] Results are resolved normally".
void TestDamage::precise()
{
    Table t;
    const int shanyu = t.add(QStringLiteral("shan-yu"), 1, {24, 24});
    const Run r
        = damage(t, shanyu, QStringLiteral("[D2]"), attackBy(0, WeaponClass::Missile, true));
    const DecisionRequest *q = r.question(QStringLiteral("precise"));
    QVERIFY(q);
    QCOMPARE(q->defaultOption, 0); // Defense, where a [D2] goes
    // Countermeasures, Drones, Hangers: 2, Catapult after the three ratings.
    QCOMPARE(q->optionCount(), 7);
    const int catapult = optionIndex(q, QStringLiteral("Catapult"));
    QVERIFY(catapult > 0);
    const Run c = damage(t, shanyu, QStringLiteral("[D2]"), attackBy(0, WeaponClass::Missile, true),
                         {}, {catapult});
    const ModelState &m = c.state.models[std::size_t(shanyu)];
    QCOMPARE(m.defenseLost, 0);
    const ModelView v(t.unitOf(shanyu), m);
    QVERIFY(!v.traitWorks(QStringLiteral("Catapult")));
    QCOMPARE(v.systemsAtZero(), 1);
}

// Mass Driver: "A target is hit with a [D2, D6] result. In addition to damaging the Defense
// and Thrusters ratings of the target, the attacker may choose to apply a Critical Hit with
// either a Value of 2 or 6, but not both."
void TestDamage::massDriverExample()
{
    Table t;
    const int ship = t.add(capitalCard(QStringLiteral("ship")), 1, {24, 24});
    const Run r = damage(t, ship, QStringLiteral("[D2,D6]"), attackBy(0, WeaponClass::MassDriver),
                         {}, {1, 3}); // the [D6]; the Critical Hit on the Marines
    QCOMPARE(kindsAsked(r), (QStringList {"mass-driver", "critical"}));
    QCOMPARE(r.asked[0].options(), (QStringList {"[D2]", "[D6]"}));
    const ModelState &m = r.state.models[std::size_t(ship)];
    QCOMPARE(m.defenseLost, 1);
    QCOMPARE(m.thrustersLost, 1);
    QCOMPARE(m.marinesLost, 1);
    const auto crits = r.eventsOf(QStringLiteral("critical"));
    QCOMPARE(crits.size(), 2u); // "the [D6] causes a Critical Hit", then which one
    QCOMPARE(crits[0]->data.value(QLatin1String("value")).toInt(), 6);
    // One [D]: no choice of Value to make.
    const Run one = damage(t, ship, QStringLiteral("[D3]"), attackBy(0, WeaponClass::MassDriver));
    QCOMPARE(kindsAsked(one), QStringList {QStringLiteral("critical")});
    // Squadrons take no Critical Hits.
    const int squadron = t.add(QStringLiteral("pathfinder"), 1, {10, 10});
    const Run sq
        = damage(t, squadron, QStringLiteral("[D3]"), attackBy(0, WeaponClass::MassDriver));
    QVERIFY(sq.asked.empty());
    QCOMPARE(sq.state.models[std::size_t(squadron)].structureLost, 1);
}

// Shield: "[D+] Results with values of [1] or [2] do one less damage."
void TestDamage::shield()
{
    Unit card = capitalCard(QStringLiteral("shielded"));
    card.traits = {trait(QStringLiteral("Shield"))};
    Table t;
    const int ship = t.add(card, 1, {24, 24});
    const Run d = damage(t, ship, QStringLiteral("[D1,D3]"), attackBy(0));
    QCOMPARE(d.state.models[std::size_t(ship)].defenseLost, 0);
    QCOMPARE(d.state.models[std::size_t(ship)].sensorsLost, 1);
    const Run tr = damage(t, ship, QStringLiteral("[T2]"), attackBy(0));
    QCOMPARE(tr.state.models[std::size_t(ship)].structureLost, 0);
    QCOMPARE(tr.eventsOf(QStringLiteral("critical")).size(), 1u);
    const Run q = damage(t, ship, QStringLiteral("[Q1]"), attackBy(0));
    QCOMPARE(q.state.models[std::size_t(ship)].structureLost, 1);
    Unit sq = squadronCard(QStringLiteral("shielded-squadron"));
    sq.traits = {trait(QStringLiteral("Shield"))};
    const int squadron = t.add(sq, 1, {10, 10});
    const Run s = damage(t, squadron, QStringLiteral("[D2,T1]"), attackBy(0));
    QCOMPARE(s.state.models[std::size_t(squadron)].structureLost, 1);
}

// Countermeasures: "When a model reaches 0 Defense rating, this System Trait is assumed to be
// damaged and must be Repaired."
void TestDamage::countermeasuresAtDefenseZero()
{
    Unit card = capitalCard(QStringLiteral("ship"), 4, 1);
    card.traits = {systemTrait(QStringLiteral("Countermeasures"))};
    Table t;
    const int ship = t.add(card, 1, {24, 24});
    const Run r = damage(t, ship, QStringLiteral("[D1]"), attackBy(0));
    const ModelView v(t.unitOf(ship), r.state.models[std::size_t(ship)]);
    QCOMPARE(v.rating(Rating::Defense), 0);
    QVERIFY(!v.traitWorks(QStringLiteral("Countermeasures")));
    QCOMPARE(v.systemsAtZero(), 2); // Defense and its Countermeasures

    // A ship already at Defense 0 (a scripted start: no box was marked) is the
    // same (issue 15): no Countermeasures re-roll, no Critical Hit option on
    // them, and they count as a System at 0 on the Catastrophic Damage Table.
    Table u;
    const int other = u.add(card, 1, {24, 24});
    u.model(other).defenseLost = 1;
    const ModelView w(u.unitOf(other), u.model(other));
    QVERIFY(!w.traitWorks(QStringLiteral("Countermeasures")));
    QCOMPARE(w.systemsAtZero(), 2);
    const Run crit = damage(u, other, QStringLiteral("[T6]"), attackBy(0));
    const DecisionRequest *q = crit.question(QStringLiteral("critical"));
    QVERIFY(q);
    for (const QString &o : q->options())
        QVERIFY2(!o.contains(QStringLiteral("Countermeasures")), qPrintable(o));
}

// "An Uller Capital ship is reduced to 0 Structure rating and Crippled. It has zero point
// defense and thrusters. The attacker rolls 1D6 and gets a [5]. Adding 2 for the system
// ratings at zero gives a result of 7 and a result of "Dead". The Ullers owner removes it
// from the table and replaces it with a 2" diameter Wreck marker." Embarked models are
// placed within 1".
void TestDamage::catastrophicExample()
{
    Table t;
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 24});
    t.model(uller).structureLost = 3; // Structure 1
    t.model(uller).defenseLost = 4;
    t.model(uller).thrustersLost = 3;
    const int other = t.add(QStringLiteral("pathfinder"), 0, {24, 22.5}); // touching the fore
    const int passenger = t.embark(shipped(QStringLiteral("wyvern")), 1, uller);
    const Run r
        = run(t,
              [&](GameState &s, DiceSource &d, Chooser &c, std::vector<GameEvent> &e) {
                  DamageContext ctx {t.setup, s, d, c, e};
                  applyStructureDamage(ctx, uller, 1, DamageSource {0, QStringLiteral("test")});
                  return std::optional<Rejection>();
              },
              {5});
    QCOMPARE(r.diceLeft, 0u);
    const auto cat = r.eventsOf(QStringLiteral("catastrophic"));
    QCOMPARE(cat.size(), 1u);
    QCOMPARE(cat[0]->data.value(QLatin1String("total")).toInt(), 7);
    QCOMPARE(cat[0]->data.value(QLatin1String("outcome")).toString(), QStringLiteral("dead"));
    const ModelState &u = r.state.models[std::size_t(uller)];
    QVERIFY(u.has(FlagCrippled));
    QCOMPARE(u.location, Location::Destroyed);
    QCOMPARE(r.state.wrecks.size(), 1u);
    QCOMPARE(r.state.wrecks[0].diameter, 2.0);
    QCOMPARE(r.state.wrecks[0].centre, QPointF(24, 24));
    const ModelState &p = r.state.models[std::size_t(passenger)];
    QCOMPARE(p.location, Location::Table);
    const BaseShape ship(t.unitOf(uller).base, t.model(uller).placement);
    const BaseShape placed(t.unitOf(passenger).base, p.placement);
    QVERIFY(distance(ship, placed) <= 1.0 + 1e-9);
    QVERIFY(!touching(placed, BaseShape(t.unitOf(other).base, t.model(other).placement)));
    QVERIFY(distance(placed, r.state.wrecks[0].centre) >= 1.0 - 1e-9);
}

void TestDamage::catastrophicTable_data()
{
    QTest::addColumn<int>("die");
    QTest::addColumn<int>("ratingsAtZero");
    QTest::addColumn<bool>("traitAtZero");
    QTest::addColumn<Catastrophe>("outcome");
    QTest::newRow("1") << 1 << 0 << false << Catastrophe::NoEffect;
    QTest::newRow("5") << 5 << 0 << false << Catastrophe::NoEffect;
    QTest::newRow("6") << 6 << 0 << false << Catastrophe::Dead;
    QTest::newRow("4 + 2") << 4 << 2 << false << Catastrophe::Dead;
    QTest::newRow("5 + 2 (the Uller)") << 5 << 2 << false << Catastrophe::Dead;
    QTest::newRow("6 + 1") << 6 << 1 << false << Catastrophe::Dead;
    QTest::newRow("6 + 2") << 6 << 2 << false << Catastrophe::Explode;
    QTest::newRow("4 + 3 + System Trait") << 4 << 3 << true << Catastrophe::Explode;
    QTest::newRow("1 + 3 + System Trait") << 1 << 3 << true << Catastrophe::NoEffect;
}

void TestDamage::catastrophicTable()
{
    QFETCH(int, die);
    QFETCH(int, ratingsAtZero);
    QFETCH(bool, traitAtZero);
    QFETCH(Catastrophe, outcome);
    Unit card = capitalCard(QStringLiteral("ship"), 4, 2, 2, 2);
    card.traits = {systemTrait(QStringLiteral("Catapult"))};
    Table t;
    const int ship = t.add(card, 1, {24, 24});
    ModelState &m = t.model(ship);
    m.structureLost = 4;
    m.set(FlagCrippled);
    int *lost[] = {&m.defenseLost, &m.sensorsLost, &m.thrustersLost};
    for (int i = 0; i < ratingsAtZero; ++i)
        *lost[i] = 2;
    if (traitAtZero)
        m.traitsDamaged = {1};
    std::optional<Catastrophe> got;
    // Alone on the table: an explosion rolls its 1d6" and finds nobody.
    const Run r = run(t,
                      [&](GameState &s, DiceSource &d, Chooser &c, std::vector<GameEvent> &e) {
                          got = rollCatastrophicDamage(t.setup, s, ship, d, c, e);
                          return std::optional<Rejection>();
                      },
                      {die, 3});
    QCOMPARE(*got, outcome);
    QCOMPARE(r.diceLeft, outcome == Catastrophe::Explode ? 0u : 1u);
    QCOMPARE(r.state.models[std::size_t(ship)].location,
             outcome == Catastrophe::NoEffect ? Location::Table : Location::Destroyed);
    QCOMPARE(r.state.wrecks.size(), outcome == Catastrophe::Dead ? 1u : 0u);
}

// "The ship would lose another point of Structure (ships cannot be reduced below zero
// Structure)": roll again.
void TestDamage::crippledAndBelowZero()
{
    Table t;
    const int ship = t.add(capitalCard(QStringLiteral("ship"), 2), 1, {24, 24});
    // [Q1]: Structure 2 -> 1 -> 0 (Crippled, roll: 2, No Effect), then two Critical Hits.
    const Run r = damage(t, ship, QStringLiteral("[Q1]"), attackBy(0), {2});
    QCOMPARE(r.diceLeft, 0u);
    QVERIFY(r.state.models[std::size_t(ship)].has(FlagCrippled));
    QCOMPARE(r.eventsOf(QStringLiteral("catastrophic")).size(), 1u);
    QCOMPARE(r.eventsOf(QStringLiteral("critical")).size(), 2u);
    QCOMPARE(r.eventsOf(QStringLiteral("state")).size(), 1u);
    // Crippled, [T1]: below 0, roll again (3: No Effect); the Critical Hit still applies.
    Table c = t;
    c.state = r.state;
    const Run again = damage(c, ship, QStringLiteral("[T1]"), attackBy(0), {3});
    QCOMPARE(again.diceLeft, 0u);
    QCOMPARE(again.state.models[std::size_t(ship)].structureLost, 2);
    QCOMPARE(again.eventsOf(QStringLiteral("catastrophic")).size(), 1u);
    QCOMPARE(again.eventsOf(QStringLiteral("state")).size(), 0u); // already Crippled
}

namespace {

// A crippled 2" x 2" ship at (24, 24) with Structure 4 and Defense, Sensors and Thrusters at
// 0: a 5 on the Catastrophic Damage Table explodes it.
int addBomb(Table &t, const QString &name, QPointF centre)
{
    Unit card = capitalCard(QStringLiteral("bomb"), 4, 2, 2, 2);
    const int id = t.add(card, 1, centre, 0, name);
    ModelState &m = t.model(id);
    m.structureLost = 4;
    m.defenseLost = m.sensorsLost = m.thrustersLost = 2;
    m.set(FlagCrippled);
    return id;
}

Run explode(const Table &t, int ship, const std::vector<int> &dice)
{
    return run(
        t,
        [&](GameState &s, DiceSource &d, Chooser &c, std::vector<GameEvent> &e) {
            rollCatastrophicDamage(t.setup, s, ship, d, c, e);
            return std::optional<Rejection>();
        },
        dice);
}

} // namespace

// v1.2.2 Explosion: "All models within 3\" ... AC/AS attack with Base Pool equal to the
// starting Structure rating of the ship +1. All models within 3\" + 1d6\" ... half of the
// ship's starting Structure Rating." Embarked models are lost.
void TestDamage::explosionV122()
{
    Table t;
    const int bomb = addBomb(t, QStringLiteral("Bomb"), {24, 24});
    const int inner
        = t.add(QStringLiteral("pathfinder"), 0, {24, 20.5}, 0, QStringLiteral("A")); // 2"
    const int outer
        = t.add(QStringLiteral("pathfinder"), 0, {24, 30.5}, 0, QStringLiteral("B")); // 5"
    const int far
        = t.add(QStringLiteral("pathfinder"), 0, {24, 15.5}, 0, QStringLiteral("C")); // 7"
    const int aboard = t.embark(shipped(QStringLiteral("wyvern")), 1, bomb);
    // Table 5 + 3 = 8: Explode; 1d6" = 3 (reach 6"); A: 5B misses; B: 2B [D6].
    const Run r = explode(t, bomb, {5, 3, 1, 2, 3, 4, 5, 6, 6});
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(r.state.models[std::size_t(bomb)].location, Location::Destroyed);
    QCOMPARE(r.state.models[std::size_t(aboard)].location, Location::Destroyed);
    QVERIFY(r.state.wrecks.empty());
    const auto attacks = r.eventsOf(QStringLiteral("attack"));
    QCOMPARE(attacks.size(), 2u);
    QCOMPARE(attacks[0]->data.value(QLatin1String("target")).toInt(), inner);
    QCOMPARE(attacks[0]->data.value(QLatin1String("pool")).toString(), QStringLiteral("5B"));
    QCOMPARE(attacks[1]->data.value(QLatin1String("target")).toInt(), outer);
    QCOMPARE(attacks[1]->data.value(QLatin1String("pool")).toString(), QStringLiteral("2B"));
    QCOMPARE(r.state.models[std::size_t(outer)].structureLost, 1);
    QCOMPARE(r.state.models[std::size_t(far)].structureLost, 0);
}

// v1.2.3 Explosion: "All models within 6\" ... suffer a Particle Cannon attack as if the
// exploding ship was armed with Turret arc Particle Cannons ... <= 3\": AC/AS Structure,
// Macro 2; > 3: Structure, Macro 0".
void TestDamage::explosionV123()
{
    Table t(QStringLiteral("v1.2.3"));
    const int bomb = addBomb(t, QStringLiteral("Bomb"), {24, 24});
    const int inner
        = t.add(QStringLiteral("pathfinder"), 0, {24, 20.5}, 0, QStringLiteral("A")); // 2"
    const int outer
        = t.add(QStringLiteral("pathfinder"), 0, {24, 30.5}, 0, QStringLiteral("B")); // 5"
    const int far
        = t.add(QStringLiteral("pathfinder"), 0, {24, 15.5}, 0, QStringLiteral("C")); // 7"
    const int ship = t.add(QStringLiteral("uller"), 0, {29, 24}, 0, QStringLiteral("D")); // 3", P/S
    // Table 5 + 3 = 8; A 4B+1F+2M; D (Port arc, short AC range) 4B+2F+2M-1M; B 4B [D4]:
    // a Particle Cannon hit Disrupts the squadron.
    const Run r = explode(t, bomb, {5, 1, 2, 3, 4, 5, 6, 6, 1, 2, 3, 4, 5, 6, 5, 4, 4, 1, 2});
    QCOMPARE(r.diceLeft, 0u);
    const auto attacks = r.eventsOf(QStringLiteral("attack"));
    QCOMPARE(attacks.size(), 3u);
    QCOMPARE(attacks[0]->data.value(QLatin1String("target")).toInt(), inner);
    QCOMPARE(attacks[0]->data.value(QLatin1String("pool")).toString(), QStringLiteral("4B+1F+2M"));
    QCOMPARE(attacks[1]->data.value(QLatin1String("target")).toInt(), ship);
    QCOMPARE(attacks[1]->data.value(QLatin1String("pool")).toString(), QStringLiteral("4B+2F+1M"));
    QCOMPARE(attacks[2]->data.value(QLatin1String("target")).toInt(), outer);
    QCOMPARE(attacks[2]->data.value(QLatin1String("pool")).toString(), QStringLiteral("4B"));
    QCOMPARE(r.state.models[std::size_t(outer)].structureLost, 1);
    QVERIFY(r.state.models[std::size_t(outer)].has(FlagDisrupted));
    QCOMPARE(r.state.models[std::size_t(far)].structureLost, 0);
}

// An explosion may cripple or destroy a neighbour, which may explode in turn.
void TestDamage::explosionCascade()
{
    Table t;
    const int first = addBomb(t, QStringLiteral("First"), {24, 24});
    const int second = addBomb(t, QStringLiteral("Second"), {28, 24}); // 2" to starboard
    // First: 5 + 3 = 8, reach 3" + 1; Second takes 5B [D1]: Defense at 0, no rating left,
    // Structure below 0, so a roll: 5 + 3 = 8 again; its explosion finds nobody (reach 4").
    const Run r = explode(t, first, {5, 1, 1, 1, 2, 3, 4, 5, 1});
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(r.eventsOf(QStringLiteral("explosion")).size(), 2u);
    QCOMPARE(r.state.models[std::size_t(first)].location, Location::Destroyed);
    QCOMPARE(r.state.models[std::size_t(second)].location, Location::Destroyed);
}

QTEST_GUILESS_MAIN(TestDamage)
#include "tst_damage.moc"
