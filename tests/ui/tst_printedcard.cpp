// SPDX-License-Identifier: GPL-3.0-or-later
// Enter Printed Card Values…: the dialog, the user data file it writes, the
// whole window showing the values (details, fleet totals), Edit › Undo.
#include "dice/dicesource.h"
#include "engine/engine.h"
#include "engine/gamefile.h"
#include "fleet/upgrade.h"
#include "fleetbuilder/fleetbuilder.h"
#include "fleetbuilder/fleetdocument.h"
#include "fleetbuilder/validationpanel.h"
#include "mainwindow.h"
#include "modaldriver.h"
#include "printedcarddialog.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/modelcard.h"
#include "tabletestutil.h"
#include "theme.h"
#include "unitbrowser.h"
#include "unitdetailview.h"

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

using namespace jw;

class TestPrintedCard : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_shipped = UnitDatabase::loadShipped();

private Q_SLOTS:
    // Autosaves and settings in a test location, never the tester's.
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Issue 20.6: a model's card on the table (the dock, the strip, the Companion)
    // names its upgrades and shows its TV with theirs, as the fleet's printed card
    // does; a model without upgrades keeps the unit's TV.
    void tableCardShowsUpgrades()
    {
        GameSetup setup = test::duelSetup({QStringLiteral("Dave"), QStringLiteral("venusian"),
                                           QStringLiteral("kirin"), 24, 32, 0});
        setup.rules = QStringLiteral("v1.2.3");
        setup.players[0].fleet.entries[0].upgrades = {QStringLiteral("ace-pilot")};
        const Engine engine(setup);
        SeededDiceSource dice(1);
        const ApplyResult started = engine.start(dice);
        QVERIFY(started.ok());
        const CardOptions kirin = modelCardOptions(engine, started.state, 0);
        QCOMPARE(kirin.upgrades, QStringList {QStringLiteral("Ace Pilot")});
        QCOMPARE(kirin.upgradeTv, Upgrade::byId(Upgrade::kAcePilot)->tv);
        const CardLayout l = CardLayout::compute(*setup.unit(QStringLiteral("kirin")), kirin);
        const Unit &u = *setup.unit(QStringLiteral("kirin"));
        QCOMPARE(l.field(QStringLiteral("tv"))->text,
                 QStringLiteral("%1%2 TV")
                     .arg(u.tv + kirin.upgradeTv)
                     .arg(u.tvIsEstimate() ? QStringLiteral("*") : QString()));
        const CardOptions shanyu = modelCardOptions(engine, started.state, 1);
        QVERIFY(shanyu.upgrades.isEmpty());
        QCOMPARE(shanyu.upgradeTv, 0);
    }

    void dialogEditsAndReverts()
    {
        const Unit *alexander = m_shipped.unit(QStringLiteral("alexander"));
        QVERIFY(alexander);
        PrintedCardDialog d(*alexander, nullptr, m_shipped);
        QVERIFY(d.result().isEmpty());
        QVERIFY(d.spinBox(QStringLiteral("turns"))); // a capital ship
        QVERIFY(!d.trackEdit(QStringLiteral("fuel")));
        d.cardEdit()->setText(QStringLiteral("v1.2.3 printed card"));
        d.spinBox(QStringLiteral("tv"))->setValue(85); // differs: ticked by itself
        QVERIFY(d.fromCard(QStringLiteral("tv"))->isChecked());
        d.fromCard(QStringLiteral("speed"))->setChecked(true); // same value, the card's
        d.trackEdit(QStringLiteral("defense"))->setText(QStringLiteral("1 2 3 4"));
        d.fromCard(QStringLiteral("defense"))->setChecked(true);
        UnitOverride o = d.result();
        QCOMPARE(o.card, QStringLiteral("v1.2.3 printed card"));
        QCOMPARE(o.fields(),
                 (QStringList {QStringLiteral("tv"), QStringLiteral("speed"),
                               QStringLiteral("defense")}));
        QCOMPARE(o.values[QStringLiteral("tv")], 85);
        QCOMPARE(o.values[QStringLiteral("speed")], alexander->speed);
        QCOMPARE(o.tracks[QStringLiteral("defense")].boxes, (std::vector<int> {1, 2, 3, 4}));
        QVERIFY(d.problemLabel()->isHidden());
        // JW_SCREENSHOT_DIR=DIR: the dialog as a PNG, to look at.
        if (const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR"); !dir.isEmpty()) {
            d.adjustSize();
            QVERIFY(d.grab().save(dir + QStringLiteral("/printedcard-capital.png")));
            const Unit *pathfinder = m_shipped.unit(QStringLiteral("pathfinder"));
            PrintedCardDialog sq(*pathfinder, nullptr, m_shipped);
            sq.trackEdit(QStringLiteral("fuel"))->setText(QStringLiteral("1 x"));
            sq.fromCard(QStringLiteral("fuel"))->setChecked(true);
            sq.adjustSize();
            QVERIFY(sq.grab().save(dir + QStringLiteral("/printedcard-squadron.png")));
        }

        // A track that is no track: refused with the file's own message.
        d.trackEdit(QStringLiteral("defense"))->setText(QStringLiteral("2 3"));
        QVERIFY(!d.problemLabel()->text().isEmpty());
        QVERIFY2(d.problemLabel()->text().contains(QStringLiteral("must start at box 1")),
                 qPrintable(d.problemLabel()->text()));
        d.trackEdit(QStringLiteral("defense"))->setText(QStringLiteral("1 x"));
        QVERIFY(d.problemLabel()->text().contains(QStringLiteral("\"1 2 3 3\"")));

        // Revert one value, then all.
        d.revertButton(QStringLiteral("defense"))->click();
        QVERIFY(!d.fromCard(QStringLiteral("defense"))->isChecked());
        QCOMPARE(d.trackEdit(QStringLiteral("defense"))->text(), alexander->defense.toString());
        QVERIFY(d.problemLabel()->isHidden());
        d.revertAllButton()->click();
        QVERIFY(d.result().isEmpty());
        QCOMPARE(d.spinBox(QStringLiteral("tv"))->value(), alexander->tv);

        // Opened on the user's values.
        PrintedCardDialog again(*alexander, &o, m_shipped);
        QCOMPARE(again.spinBox(QStringLiteral("tv"))->value(), 85);
        QVERIFY(again.fromCard(QStringLiteral("speed"))->isChecked());
        QVERIFY(!again.fromCard(QStringLiteral("skill"))->isChecked());
        QVERIFY(again.result() == o);
    }

    // The weapons section: a weapon ticked is the card's, all its ratings.
    void dialogWeapons()
    {
        const Unit *alexander = m_shipped.unit(QStringLiteral("alexander"));
        const QString kc = QStringLiteral("Kinetic Cannon");
        PrintedCardDialog d(*alexander, nullptr, m_shipped);
        QVERIFY(d.weaponFromCard(kc));
        QVERIFY(d.weaponFromCard(QStringLiteral("Beam Projector")));
        QVERIFY(!d.weaponFromCard(QStringLiteral("Plasma Lance")));
        QCOMPARE(d.weaponArcs(kc)->text(), QStringLiteral("T"));
        QCOMPARE(d.weaponSpin(kc, QStringLiteral("as"))->value(), 3);
        d.weaponFromCard(kc)->setChecked(true);
        d.weaponSpin(kc, QStringLiteral("ac"))->setValue(2);
        d.weaponArcs(kc)->setText(QStringLiteral("F/P"));
        UnitOverride o = d.result();
        QCOMPARE(o.fields(), QStringList {QStringLiteral("weapons.Kinetic Cannon")});
        QCOMPARE(o.weapons.size(), std::size_t(1));
        QCOMPARE(o.weapons[0].ac, std::optional<int>(2));
        QCOMPARE(o.weapons[0].as, std::optional<int>(3)); // every rating of a weapon ticked
        QCOMPARE(o.weapons[0].arcs, std::optional<quint8>(ArcFore | ArcPort));
        QCOMPARE(o.weapons[0].count, std::optional<int>(1));
        QVERIFY(d.problemLabel()->isHidden());
        // Arcs that are no arcs: refused.
        d.weaponArcs(kc)->setText(QStringLiteral("F/X"));
        QVERIFY(!d.problemLabel()->isHidden());
        QVERIFY2(d.problemLabel()->text().contains(kc), qPrintable(d.problemLabel()->text()));
        d.weaponArcs(kc)->setText(QStringLiteral("F/P"));
        QVERIFY(d.problemLabel()->isHidden());
        // The dialog's override, read back from the file, gives the unit those ratings.
        UserOverlay ov;
        ov.set(o);
        const UserOverlay back
            = UserOverlay::parse(ov.toYaml(), QStringLiteral("units.yaml"), m_shipped);
        QVERIFY(!back.hasErrors());
        QVERIFY(back.units.front() == o);
        // Opened on the user's values.
        PrintedCardDialog again(*alexander, &o, m_shipped);
        QVERIFY(again.weaponFromCard(kc)->isChecked());
        QVERIFY(!again.weaponFromCard(QStringLiteral("Beam Projector"))->isChecked());
        QCOMPARE(again.weaponArcs(kc)->text(), QStringLiteral("F/P"));
        QCOMPARE(again.weaponSpin(kc, QStringLiteral("ac"))->value(), 2);
        QVERIFY(again.result() == o);
        // Revert.
        again.weaponRevertButton(kc)->click();
        QVERIFY(!again.weaponFromCard(kc)->isChecked());
        QCOMPARE(again.weaponSpin(kc, QStringLiteral("ac"))->value(), 1);
        QCOMPARE(again.weaponArcs(kc)->text(), QStringLiteral("T"));
        QVERIFY(again.result().weapons.empty());

        // A squadron's Lance: no arcs; its dice may stay the model's Skill.
        const Unit *pathfinder = m_shipped.unit(QStringLiteral("pathfinder"));
        const QString lance = QStringLiteral("Plasma Lance");
        PrintedCardDialog sq(*pathfinder, nullptr, m_shipped);
        QVERIFY(!sq.weaponArcs(lance));
        QCOMPARE(sq.weaponSpin(lance, QStringLiteral("ac"))->text(), QStringLiteral("Skill"));
        sq.weaponFromCard(lance)->setChecked(true);
        sq.weaponSpin(lance, QStringLiteral("as"))->setValue(3);
        const UnitOverride p = sq.result();
        QCOMPARE(p.weapons.size(), std::size_t(1));
        QCOMPARE(p.weapons[0].ac, std::optional<int>(WeaponOverride::kSkillDice));
        QCOMPARE(p.weapons[0].as, std::optional<int>(3));
        QVERIFY(!p.weapons[0].arcs);
        QVERIFY(sq.problemLabel()->isHidden());
        const Unit applied = UserOverlay::applied(*pathfinder, p);
        QCOMPARE(applied.weapons[1].ac, std::optional<int>());
        QCOMPARE(applied.weapons[1].as, std::optional<int>(3));
        QVERIFY(applied.sourceOf(QStringLiteral("weapons.Plasma Lance")).userEntered);
        if (const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR"); !dir.isEmpty()) {
            again.weaponFromCard(kc)->setChecked(true);
            again.adjustSize();
            QVERIFY(again.grab().save(dir + QStringLiteral("/printedcard-weapons.png")));
        }
    }

    // A game on the table keeps the unit cards it started with (the engine's
    // setup holds copies), and so do its saved files: an edit of printed-card
    // values changes the unit database and the games started after it only.
    void runningGameKeepsItsValues()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("units.yaml"));
        MainWindow w(m_shipped);
        w.setUserDataFile(path);
        GameController *c = w.gameTable()->controller();
        c->setAutosaveEnabled(false); // never the tester's own autosave
        GameSetup s = jw::test::duelSetup();
        QVERIFY(!GameSetup::fillUnits(s, w.database()));
        c->startGame(s);
        QVERIFY(c->hasGame());
        const Unit before = *c->engine().setup().unit(QStringLiteral("alexander"));
        QCOMPARE(before.tv, 80);
        const QString savedBefore = dir.filePath(QStringLiteral("before.jwgame"));
        QVERIFY(c->saveGame(savedBefore).isEmpty());
        const QByteArray stateBefore = GameFile::serialize(*c->game());

        jwtest::ModalDriver driver([](QWidget *top) {
            auto *d = qobject_cast<PrintedCardDialog *>(top);
            if (!d)
                return false;
            d->spinBox(QStringLiteral("tv"))->setValue(85);
            d->weaponFromCard(QStringLiteral("Kinetic Cannon"))->setChecked(true);
            d->weaponSpin(QStringLiteral("Kinetic Cannon"), QStringLiteral("ac"))->setValue(4);
            d->accept();
            return true;
        });
        w.enterPrintedCard(QStringLiteral("alexander"));
        QCOMPARE(driver.unexpected(), QStringList());
        const Unit *edited = w.database().unit(QStringLiteral("alexander"));
        QCOMPARE(edited->tv, 85);
        QCOMPARE(edited->weapons[2].ac, std::optional<int>(4));

        // The game on the table: unchanged, model by model.
        QVERIFY(*c->engine().setup().unit(QStringLiteral("alexander")) == before);
        for (const ModelState &m : c->state().models) {
            if (m.unitId == QLatin1String("alexander"))
                QCOMPARE(c->engine().unitOf(m).tv, 80);
        }
        QCOMPARE(GameFile::serialize(*c->game()), stateBefore);
        // Saved now, and saved before: both read back with the values it started with.
        const QString savedAfter = dir.filePath(QStringLiteral("after.jwgame"));
        QVERIFY(c->saveGame(savedAfter).isEmpty());
        for (const QString &file : {savedBefore, savedAfter}) {
            const GameFile::Loaded l = GameFile::read(file);
            QVERIFY2(l.game, qPrintable(l.error));
            const Unit *u = l.game->setup().unit(QStringLiteral("alexander"));
            QCOMPARE(u->tv, 80);
            QVERIFY(u->weapons == before.weapons);
            QVERIFY(u->userEnteredFields().isEmpty());
        }
        // A game started now uses the values entered, and saves them.
        GameSetup next = jw::test::duelSetup();
        QVERIFY(!GameSetup::fillUnits(next, w.database()));
        c->startGame(next);
        QCOMPARE(c->engine().setup().unit(QStringLiteral("alexander"))->tv, 85);
        const QString savedNew = dir.filePath(QStringLiteral("new.jwgame"));
        QVERIFY(c->saveGame(savedNew).isEmpty());
        const GameFile::Loaded l = GameFile::read(savedNew);
        QVERIFY2(l.game, qPrintable(l.error));
        const Unit *u = l.game->setup().unit(QStringLiteral("alexander"));
        QCOMPARE(u->weapons[2].ac, std::optional<int>(4));
        QVERIFY(u->sourceOf(QStringLiteral("weapons.Kinetic Cannon")).userEntered);
        QVERIFY(u->sourceOf(QStringLiteral("tv")).userEntered);
        // Undo of the edit leaves that game alone too.
        w.tabs()->setCurrentWidget(w.unitBrowser());
        w.undoAction()->trigger();
        QCOMPARE(w.database().unit(QStringLiteral("alexander"))->tv, 80);
        QCOMPARE(c->engine().setup().unit(QStringLiteral("alexander"))->tv, 85);
        c->closeGame();
    }

    // The ✎ mark reads in both themes: a contrast of at least 4.5 with the
    // page (it was the palette's Mid, 2.0 on the dark page).
    void markLegibleInBothThemes()
    {
        MainWindow w(m_shipped);
        QTemporaryDir dir;
        w.setUserDataFile(dir.filePath(QStringLiteral("units.yaml")));
        UserOverlay ov;
        UnitOverride o;
        o.unitId = QStringLiteral("alexander");
        o.values[QStringLiteral("tv")] = 85;
        o.weapons.push_back(WeaponOverride {QStringLiteral("Kinetic Cannon"), {}, 2, {}, {}, {}});
        ov.set(o);
        QVERIFY(w.applyUserData(ov));
        w.unitBrowser()->selectUnit(QStringLiteral("alexander"));
        for (const QString &id : {QStringLiteral("light"), QStringLiteral("dark")}) {
            theme::apply(id);
            QCoreApplication::processEvents();
            const QPalette pal = w.unitBrowser()->detailView()->palette();
            const QColor mark = theme::markColor(pal);
            const double c = theme::contrast(mark, pal.color(QPalette::Base));
            QVERIFY2(c >= 4.5, qPrintable(QStringLiteral("%1: %2").arg(id).arg(c)));
            // Still a mark, not the text itself.
            QVERIFY(mark != pal.color(QPalette::Text));
            const QString html = w.unitBrowser()->detailView()->toHtml();
            QVERIFY2(html.contains(mark.name(), Qt::CaseInsensitive), qPrintable(id));
            // The weapon entered is marked in the weapons table too.
            const QString text = w.unitBrowser()->detailView()->toPlainText();
            QVERIFY2(text.contains(QStringLiteral("Kinetic Cannon ✎")), qPrintable(text));
            if (const QString shots = qEnvironmentVariable("JW_SCREENSHOT_DIR"); !shots.isEmpty()) {
                w.resize(1280, 720);
                w.tabs()->setCurrentWidget(w.unitBrowser());
                QVERIFY(w.grab().save(shots + QStringLiteral("/printedcard-mark-%1.png").arg(id)));
            }
        }
        theme::apply(QStringLiteral("light"));
    }

    void windowShowsAndUndoes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("units.yaml"));
        MainWindow w(m_shipped);
        w.setUserDataFile(path);
        QVERIFY(!w.unitBrowser()->enterCardButton()->isHidden());
        w.fleetDocument()->addUnit(QStringLiteral("alexander"));
        QCOMPARE(w.fleetDocument()->report().totals.total, 80);
        w.unitBrowser()->selectUnit(QStringLiteral("alexander"));
        QVERIFY(!w.unitBrowser()->detailView()->toPlainText().contains(QStringLiteral("✎")));

        // Through the button and the dialog, as a user would.
        jwtest::ModalDriver driver([](QWidget *top) {
            auto *d = qobject_cast<PrintedCardDialog *>(top);
            if (!d)
                return false;
            d->cardEdit()->setText(QStringLiteral("v1.2.3 printed card"));
            d->spinBox(QStringLiteral("tv"))->setValue(85);
            d->accept();
            return true;
        });
        w.unitBrowser()->enterCardButton()->click();
        QCOMPARE(driver.unexpected(), QStringList());
        QCOMPARE(w.database().unit(QStringLiteral("alexander"))->tv, 85);
        QVERIFY(w.database()
                    .unit(QStringLiteral("alexander"))
                    ->sourceOf(QStringLiteral("tv"))
                    .userEntered);
        QCOMPARE(w.fleetDocument()->report().totals.total, 85);
        const QString details = w.unitBrowser()->detailView()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("85 TV ✎")), qPrintable(details));
        QVERIFY(details.contains(QStringLiteral("v1.2.3 printed card")));
        QVERIFY(w.fleetDocument()->report().has(QStringLiteral("user-entered-values")));
        // The builder's fix names the dialog, not an environment variable.
        QStringList problems;
        for (int i = 0; i < w.fleetBuilder()->validationPanel()->list()->count(); ++i)
            problems << w.fleetBuilder()->validationPanel()->list()->item(i)->text();
        QVERIFY2(
            problems.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("Fix: check these values against the printed "
                                             "cards (Enter Printed Card Values…"))
                && !problems.join(QLatin1Char('\n')).contains(QStringLiteral("JW_NO_USER_DATA")),
            qPrintable(problems.join(QLatin1Char('\n'))));
        // Written to the file, which reads back the same.
        const UserOverlay saved = UserOverlay::load(path, m_shipped);
        QVERIFY(saved.issues.empty());
        QVERIFY(saved.units == w.userData().units);
        QCOMPARE(saved.units.size(), std::size_t(1));

        // Edit › Undo on the Unit Database tab.
        w.tabs()->setCurrentWidget(w.unitBrowser());
        QVERIFY(w.undoAction()->isEnabled());
        QVERIFY2(w.undoAction()->text().contains(QStringLiteral("Alexander")),
                 qPrintable(w.undoAction()->text()));
        w.undoAction()->trigger();
        QCOMPARE(w.database().unit(QStringLiteral("alexander"))->tv, 80);
        QCOMPARE(w.fleetDocument()->report().totals.total, 80);
        QVERIFY(!w.fleetDocument()->report().has(QStringLiteral("user-entered-values")));
        QVERIFY(UserOverlay::load(path, m_shipped).isEmpty());
        QVERIFY(!w.unitBrowser()->detailView()->toPlainText().contains(QStringLiteral("✎")));
        w.redoAction()->trigger();
        QCOMPARE(w.database().unit(QStringLiteral("alexander"))->tv, 85);
        QCOMPARE(UserOverlay::load(path, m_shipped).units.size(), std::size_t(1));
    }

    void badFileIsIgnored()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("units.yaml"));
        const QByteArray bad = "schema_version: 1\nunits:\n  alexander:\n    tv: 85\n"
                               "  valiant:\n    speed: 100\n";
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bad);
        }
        MainWindow w(m_shipped);
        w.setUserDataFile(path);
        QCOMPARE(w.database().unit(QStringLiteral("alexander"))->tv, 80); // all or nothing
        QVERIFY(w.userData().isEmpty());
        bool reported = false;
        jwtest::ModalDriver driver([&](QWidget *top) {
            auto *box = qobject_cast<QDialog *>(top);
            if (!box)
                return false;
            const QString text
                = top->findChild<QLabel *>(QStringLiteral("qt_msgbox_label"))->text();
            reported = text.contains(path);
            box->accept();
            return true;
        });
        w.reportDataIssues();
        QVERIFY(reported);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bad); // left for the user to fix
    }
};

QTEST_MAIN(TestPrintedCard)
#include "tst_printedcard.moc"
