// SPDX-License-Identifier: GPL-3.0-or-later
// The user data overlay: values entered from a printed card, read over the
// shipped database, all or nothing, with located errors.
#include "units/unitdatabase.h"
#include "units/useroverlay.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace jw;

class TestUserOverlay : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

    static QString issuesText(const UserOverlay &ov)
    {
        QStringList out;
        for (const DataIssue &i : ov.issues)
            out << i.toString();
        return out.join(QLatin1Char('\n'));
    }

    static QByteArray doc(const QByteArray &units) { return "schema_version: 1\nunits:\n" + units; }

private Q_SLOTS:
    void initTestCase()
    {
        m_db = UnitDatabase::loadShipped();
        QVERIFY(!m_db.hasErrors());
        QVERIFY(m_db.unit(QStringLiteral("alexander")));
        QVERIFY(m_db.unit(QStringLiteral("pathfinder")));
    }

    void mergesAndMarksCard()
    {
        const UserOverlay ov = UserOverlay::parse(doc("  alexander:\n"
                                                      "    card: \"v1.2.3 printed card\"\n"
                                                      "    tv: 85\n"
                                                      "    uc: 4\n"
                                                      "    armor: {aft: 1}\n"
                                                      "    structure: [1, 2, 3, 4, 5]\n"),
                                                  QStringLiteral("units.yaml"), m_db);
        QVERIFY2(ov.issues.empty(), qPrintable(issuesText(ov)));
        QCOMPARE(ov.units.size(), std::size_t(1));
        const UnitDatabase db = ov.applyTo(m_db);
        const Unit *u = db.unit(QStringLiteral("alexander"));
        const Unit *shipped = m_db.unit(QStringLiteral("alexander"));
        QCOMPARE(u->tv, 85);
        QCOMPARE(u->unitCap, 4);
        QCOMPARE(u->armor.aft, 1);
        QCOMPARE(u->armor.fore, shipped->armor.fore);
        QCOMPARE(u->structure.boxes, (std::vector<int> {1, 2, 3, 4, 5}));
        QCOMPARE(u->speed, shipped->speed);
        const ValueSource tv = u->sourceOf(QStringLiteral("tv"));
        QCOMPARE(tv.kind, ValueSource::Kind::Card);
        QCOMPARE(tv.where, QStringLiteral("v1.2.3 printed card"));
        QVERIFY(tv.userEntered);
        QVERIFY(!u->tvIsEstimate());
        QVERIFY(u->sourceOf(QStringLiteral("armor.aft")).userEntered);
        QVERIFY(!u->sourceOf(QStringLiteral("armor.fore")).userEntered);
        QVERIFY(!u->sourceOf(QStringLiteral("speed")).isPublished()); // still the estimate
        QVERIFY(u->userEnteredFields().contains(QStringLiteral("structure")));
        QVERIFY(u->provisional); // Speed is still jwfleet's
        QCOMPARE(tv.toString(),
                 QStringLiteral("printed card (v1.2.3 printed card), entered by the user"));
        // The shipped database is left as it was.
        QCOMPARE(shipped->tv, 80);
    }

    void weaponRatingsFromACard()
    {
        // Written in another order than the card's: read back in the card's.
        const UserOverlay ov = UserOverlay::parse(doc("  alexander:\n"
                                                      "    card: v1.2.3\n"
                                                      "    weapons:\n"
                                                      "      Kinetic Cannon: {as: 4}\n"
                                                      "      \"Missiles: AC\": {arcs: F/P, ac: 5, "
                                                      "macro: 2, count: 2}\n"
                                                      "  pathfinder:\n"
                                                      "    weapons:\n"
                                                      "      Plasma Lance: {ac: 3, as: skill}\n"),
                                                  QStringLiteral("units.yaml"), m_db);
        QVERIFY2(ov.issues.empty(), qPrintable(issuesText(ov)));
        const UnitOverride *o = ov.unit(QStringLiteral("alexander"));
        QVERIFY(o);
        QCOMPARE(o->weapons.size(), std::size_t(2));
        QCOMPARE(o->weapons[0].name, QStringLiteral("Missiles: AC"));
        QCOMPARE(o->fields(),
                 (QStringList {QStringLiteral("weapons.Missiles: AC"),
                               QStringLiteral("weapons.Kinetic Cannon")}));
        const UnitDatabase db = ov.applyTo(m_db);
        const Unit *u = db.unit(QStringLiteral("alexander"));
        const Unit *shipped = m_db.unit(QStringLiteral("alexander"));
        const auto weapon = [](const Unit *unit, const char *name) {
            for (const Weapon &w : unit->weapons) {
                if (w.name == QLatin1String(name))
                    return w;
            }
            return Weapon {};
        };
        const Weapon missiles = weapon(u, "Missiles: AC");
        QCOMPARE(missiles.arcs, quint8(ArcFore | ArcPort));
        QCOMPARE(missiles.ac, std::optional<int>(5));
        QCOMPARE(missiles.as, weapon(shipped, "Missiles: AC").as); // not given: as shipped
        QCOMPARE(missiles.macro, 2);
        QCOMPARE(missiles.count, 2);
        QCOMPARE(missiles.traits, weapon(shipped, "Missiles: AC").traits);
        QCOMPARE(weapon(u, "Kinetic Cannon").as, std::optional<int>(4));
        QCOMPARE(weapon(u, "Beam Projector"), weapon(shipped, "Beam Projector"));
        const ValueSource src = u->sourceOf(QStringLiteral("weapons.Missiles: AC"));
        QCOMPARE(src.kind, ValueSource::Kind::Card);
        QVERIFY(src.userEntered);
        QCOMPARE(src.where, QStringLiteral("v1.2.3"));
        QVERIFY(!u->sourceOf(QStringLiteral("weapons.Beam Projector")).userEntered);
        QVERIFY(u->userEnteredFields().contains(QStringLiteral("weapons.Kinetic Cannon")));
        // A Lance may keep (or be given) the model's Skill.
        const Unit *pf = db.unit(QStringLiteral("pathfinder"));
        QCOMPARE(weapon(pf, "Plasma Lance").ac, std::optional<int>(3));
        QCOMPARE(weapon(pf, "Plasma Lance").as, std::optional<int>());
        // Written and read back the same.
        const UserOverlay back
            = UserOverlay::parse(ov.toYaml(), QStringLiteral("units.yaml"), m_db);
        QVERIFY2(back.issues.empty(), qPrintable(issuesText(back)));
        QVERIFY(back.units == ov.units);
    }

    void locatedErrorsChangeNothing_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong type")
            << doc("  alexander:\n    tv: lots\n") << 4 << 9 << "'tv' must be a whole number";
        QTest::newRow("unknown unit") << doc("  alexandre:\n    tv: 85\n") << 3 << 3
                                      << "unknown unit 'alexandre' (did you mean 'alexander'?)";
        QTest::newRow("unknown field") << doc("  alexander:\n    tv: 85\n    colour: red\n") << 5
                                       << 5 << "unknown key 'colour'";
        QTest::newRow("out of range") << doc("  alexander:\n    speed: 100\n") << 4 << 12
                                      << "'speed' must be from 0 to 99, not 100";
        QTest::newRow("capital field on a squadron")
            << doc("  pathfinder:\n    turns: 2\n") << 4 << 5 << "unknown key 'turns'";
        QTest::newRow("bad track")
            << doc("  alexander:\n    defense: [2, 3]\n") << 4 << 15 << "must start at box 1";
        QTest::newRow("unknown weapon")
            << doc("  alexander:\n    weapons:\n      Kinetic Canon: {ac: 2}\n") << 5 << 7
            << "Alexander has no weapon 'Kinetic Canon' (it has: Beam Projector, Missiles: AC, "
               "Kinetic Cannon)";
        QTest::newRow("weapon dice out of range")
            << doc("  alexander:\n    weapons:\n      Kinetic Cannon: {ac: 21}\n") << 5 << 28
            << "'ac' must be from 0 to 20, not 21";
        QTest::newRow("weapon macro out of range")
            << doc("  alexander:\n    weapons:\n      Kinetic Cannon: {macro: 11}\n") << 5 << 31
            << "'macro' must be from 0 to 10, not 11";
        QTest::newRow("weapon unknown rating")
            << doc("  alexander:\n    weapons:\n      Kinetic Cannon: {range: 12}\n") << 5 << 24
            << "unknown key 'range'";
        QTest::newRow("arcs on a squadron's weapon")
            << doc("  pathfinder:\n    weapons:\n      Beam Projector: {arcs: F}\n") << 5 << 24
            << "unknown key 'arcs'";
        QTest::newRow("bad arcs") << doc(
            "  alexander:\n    weapons:\n      Kinetic Cannon: {arcs: X}\n")
                                  << 5 << 30 << "'arcs' must be F, P, S, A or T";
        QTest::newRow("skill on a weapon not a Lance")
            << doc("  pathfinder:\n    weapons:\n      Beam Projector: {ac: skill}\n") << 5 << 28
            << "only a Lance rolls the model's Skill";
        QTest::newRow("weapons not a map") << doc("  alexander:\n    weapons: [Kinetic Cannon]\n")
                                           << 4 << 14 << "'weapons' must be a map";
        QTest::newRow("not yaml") << QByteArray("units: [\n") << 0 << 0 << "";
    }
    void locatedErrorsChangeNothing()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        // A good entry before the bad one is dropped too: all or nothing.
        const QByteArray withGood = yaml.startsWith("schema_version")
            ? QByteArray(yaml).replace("units:\n", "units:\n  valiant:\n    tv: 1\n")
            : yaml;
        const int shift = withGood == yaml ? 0 : 2;
        const UserOverlay ov = UserOverlay::parse(withGood, QStringLiteral("units.yaml"), m_db);
        QVERIFY(ov.hasErrors());
        QVERIFY(ov.units.empty());
        const DataIssue &e = ov.issues.front();
        QCOMPARE(e.file, QStringLiteral("units.yaml"));
        if (line) {
            QCOMPARE(e.line, line + shift);
            QCOMPARE(e.column, column);
            QVERIFY2(e.message.contains(message), qPrintable(e.toString()));
        }
        const UnitDatabase db = ov.applyTo(m_db);
        QCOMPARE(db.unit(QStringLiteral("alexander"))->tv, 80);
        QCOMPARE(*db.unit(QStringLiteral("valiant")), *m_db.unit(QStringLiteral("valiant")));
    }

    void saveRoundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        UserOverlay ov;
        UnitOverride o;
        o.unitId = QStringLiteral("alexander");
        o.card = QStringLiteral("v1.2.3 card: \"Alexander\" \\ back\nside");
        o.values[QStringLiteral("tv")] = 85;
        o.values[QStringLiteral("armor.sides")] = 2;
        o.tracks[QStringLiteral("sensors")] = Track {{1, 2, 3}};
        ov.set(o);
        UnitOverride p;
        p.unitId = QStringLiteral("pathfinder");
        p.values[QStringLiteral("skill")] = 3;
        p.tracks[QStringLiteral("fuel")] = Track {{1, 2, 2}};
        ov.set(p);
        const QString path = dir.filePath(QStringLiteral("sub/units.yaml"));
        const auto problem = ov.save(path);
        QVERIFY2(!problem, qPrintable(problem.value_or(QString())));
        const UserOverlay back = UserOverlay::load(path, m_db);
        QVERIFY2(back.issues.empty(), qPrintable(issuesText(back)));
        QCOMPARE(back.units.size(), std::size_t(2));
        QVERIFY(back.units[0] == o);
        QVERIFY(back.units[1] == p);
        // Nothing is left beside the file (QSaveFile's temporary is renamed).
        QCOMPARE(QDir(dir.filePath(QStringLiteral("sub"))).entryList(QDir::Files),
                 QStringList {QStringLiteral("units.yaml")});
        // Removing the last value removes the unit; an empty overlay reads back empty.
        ov.set(UnitOverride {QStringLiteral("alexander"), {}, {}, {}, {}, {}});
        ov.set(UnitOverride {QStringLiteral("pathfinder"), {}, {}, {}, {}, {}});
        QVERIFY(ov.isEmpty());
        QVERIFY(!ov.save(path));
        const UserOverlay empty = UserOverlay::load(path, m_db);
        QVERIFY(empty.issues.empty());
        QVERIFY(empty.isEmpty());
    }

    void missingFileIsEmpty()
    {
        const UserOverlay ov = UserOverlay::load(QStringLiteral("/nonexistent/units.yaml"), m_db);
        QVERIFY(ov.issues.empty());
        QVERIFY(ov.isEmpty());
    }

    void defaultPathFollowsEnvironment()
    {
        qputenv("JW_USER_DATA", "/tmp/jw-user");
        QCOMPARE(UserOverlay::defaultPath(), QStringLiteral("/tmp/jw-user/units.yaml"));
        qputenv("JW_NO_USER_DATA", "1");
        QVERIFY(UserOverlay::defaultPath().isEmpty());
        qunsetenv("JW_NO_USER_DATA");
        qunsetenv("JW_USER_DATA");
        QVERIFY(UserOverlay::defaultPath().endsWith(QStringLiteral("/units.yaml")));
    }
};

QTEST_GUILESS_MAIN(TestUserOverlay)
#include "tst_useroverlay.moc"
