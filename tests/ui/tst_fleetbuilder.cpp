// SPDX-License-Identifier: GPL-3.0-or-later
// The fleet builder driven through its widgets, as a new player would:
// pick units, add them, watch the totals and the problems, undo, save.
#include "fleetbuilder/fleetbuilder.h"
#include "fleetbuilder/fleetclipboard.h"
#include "fleetbuilder/fleetdocument.h"
#include "fleetbuilder/fleetlistmodel.h"
#include "fleetbuilder/fleetworkspace.h"
#include "fleetbuilder/rulegaugewidget.h"
#include "fleetbuilder/validationpanel.h"
#include "mainwindow.h"
#include "modaldriver.h"
#include "print/cardview.h"
#include "unitbrowser.h"

#include "dice/dicepool.h"
#include "fleet/fleetfile.h"
#include "fleet/upgrade.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

using namespace jw;

namespace {

// Types a search in the catalogue and double-clicks the first hit.
void addBySearch(FleetBuilder *b, const QString &name)
{
    QLineEdit *search = b->catalogue()->searchEdit();
    search->clear();
    QTest::keyClicks(search, name);
    QVERIFY2(b->catalogue()->visibleUnitCount() >= 1, qPrintable(name));
    QTableView *view = b->catalogue()->view();
    const QModelIndex first = view->model()->index(0, 0);
    view->setCurrentIndex(first);
    const QRect r = view->visualRect(first);
    // A real double-click arrives as press, release, double-click press, release.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, r.center());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, r.center());
}

// With JW_SCREENSHOT_DIR set, saves what the user would see at this step.
void shot(QWidget *w, const char *name)
{
    const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        w->grab().save(dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
}

QStringList problemTexts(FleetBuilder *b)
{
    QStringList out;
    QListWidget *list = b->validationPanel()->list();
    for (int i = 0; i < list->count(); ++i)
        out << list->item(i)->text();
    return out;
}

} // namespace

class TestFleetBuilder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings (recent files) in a test location
    }

    // (That the main window fits 1024x640 on every tab is tst_layout's.)
    void buildAFleetThroughTheWidgets()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        FleetBuilder *b = w.fleetBuilder();
        FleetDocument *doc = w.fleetDocument();

        // A new Jovian fleet of 250 points.
        b->factionCombo()->setCurrentIndex(b->factionCombo()->findData(QStringLiteral("jovian")));
        Q_EMIT b->factionCombo()->activated(b->factionCombo()->currentIndex());
        QCOMPARE(doc->fleet().faction, QStringLiteral("jovian"));
        // The catalogue follows the fleet's faction.
        QCOMPARE(b->catalogue()->factionCombo()->currentData().toString(),
                 QStringLiteral("jovian"));
        QCOMPARE(doc->fleet().points, 250);
        QVERIFY(b->validationPanel()->statusText().contains(QStringLiteral("Not legal")));
        shot(&w, "builder-empty");

        // Two capital ships, by double-click; a squadron by the Add button.
        addBySearch(b, QStringLiteral("Valiant"));
        addBySearch(b, QStringLiteral("Alexander"));
        QCOMPARE(doc->fleet().size(), 2);
        b->catalogue()->searchEdit()->clear();
        QTest::keyClicks(b->catalogue()->searchEdit(), QStringLiteral("Pathfinder"));
        b->catalogue()->view()->setCurrentIndex(b->catalogue()->view()->model()->index(0, 0));
        QTest::mouseClick(b->addButton(), Qt::LeftButton);
        QCOMPARE(doc->fleet().size(), 3);
        QCOMPARE(doc->fleet().entries[2].unitId, QStringLiteral("pathfinder"));

        // Valiant 105 + Alexander 80 + Pathfinder 30 = 215: squadrons 30 < 63.
        QCOMPARE(doc->report().totals.total, 215);
        QVERIFY(b->totalLabel()->text().contains(QStringLiteral("215")));
        QStringList problems = problemTexts(b);
        QVERIFY2(problems.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("Squadrons: 30 of 250 points (12%), at least 63 "
                                              "needed: 33 more")),
                 qPrintable(problems.join(QLatin1Char('\n'))));
        // Each error with its fix, as the CLI gives it; the verdict says it rests on
        // jwfleet's estimated values (the shipped Threat Values are estimates).
        const FleetProblem *share = nullptr;
        for (const FleetProblem &p : doc->report().problems)
            if (p.rule == QLatin1String("squadron-share"))
                share = &p;
        QVERIFY(share && !share->fix().isEmpty());
        QVERIFY2(problems.join(QLatin1Char('\n')).contains(QStringLiteral("Fix: ") + share->fix()),
                 qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(doc->report().restsOnEstimates());
        // Its fix says where the program shows the values, not a command line.
        const QString all = problems.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("Fix: check these values against the printed cards "
                                             "(a unit's Details on the Unit Database tab"))
                     && !all.contains(QStringLiteral("jwfleet-cli")),
                 qPrintable(all));
        QVERIFY2(b->validationPanel()->statusText().contains(
                     QStringLiteral("on jwfleet's estimated values")),
                 qPrintable(b->validationPanel()->statusText()));
        RuleGaugeWidget *squadrons = nullptr;
        for (RuleGaugeWidget *g : b->gauges())
            if (g->gauge().rule == QLatin1String("squadron-share"))
                squadrons = g;
        QVERIFY(squadrons);
        QVERIFY(!squadrons->gauge().holds());
        QCOMPARE(squadrons->gauge().headroom(), -33);

        // A Godfire (34) brings squadrons to 64: legal, 249 of 250.
        addBySearch(b, QStringLiteral("Godfire"));
        QCOMPARE(doc->report().totals.total, 249);
        QVERIFY(doc->report().legal());
        QVERIFY(squadrons->gauge().holds());
        QVERIFY(b->validationPanel()->statusText().contains(QStringLiteral("Legal fleet")));
        b->findChild<QTabWidget *>(QStringLiteral("builderTabs"))->setCurrentIndex(1);
        shot(&w, "builder-legal-odds");

        // Lowering the limit makes it illegal at once, naming the numbers.
        b->pointsSpin()->setValue(240);
        QCOMPARE(doc->fleet().points, 240);
        QVERIFY(!doc->report().legal());
        QVERIFY(problemTexts(b).join(QLatin1Char('\n')).contains(QStringLiteral("249")));
        // A unit in a bad place is marked in the list: the Alexander cannot start
        // inside the Valiant (no Dock).
        doc->setEmbarkedOn(1, 0);
        QCOMPARE(b->fleetModel()->indexOfEntry(1).data(FleetListModel::SeverityRole).toInt(), 2);
        // The Godfire has no error, only the warning that its values are jwfleet's
        // estimate (every shipped unit's Threat Value is).
        QCOMPARE(b->fleetModel()->indexOfEntry(3).data(FleetListModel::SeverityRole).toInt(), 1);
        for (const FleetProblem *p : doc->report().problemsOf(3))
            QCOMPARE(p->rule, QStringLiteral("unpublished-values"));
        doc->undoStack()->undo();

        // Undo goes back one edit at a time.
        doc->undoStack()->undo();
        QCOMPARE(doc->fleet().points, 250);
        QVERIFY(doc->report().legal());
        doc->undoStack()->undo();
        QCOMPARE(doc->fleet().size(), 3);
        doc->undoStack()->redo();
        QCOMPARE(doc->fleet().size(), 4);

        // Embark the Pathfinder on the Valiant (Hangers: 2) through the "Starts" box.
        b->selectEntries({2});
        QCOMPARE(doc->possibleCarriers(2), std::vector<int> {0});
        auto *embark = b->findChild<QComboBox *>(QStringLiteral("embarkCombo"));
        QVERIFY(embark && embark->isEnabled());
        embark->setCurrentIndex(embark->findData(0));
        Q_EMIT embark->activated(embark->currentIndex());
        QCOMPARE(doc->fleet().entries[2].embarkedOn, std::optional<int>(0));
        QVERIFY(doc->report().legal());
        QCOMPARE(b->fleetModel()->indexOfEntry(2, FleetListModel::StartColumn).data().toString(),
                 QStringLiteral("embarked"));
        // It is shown under its carrier now (which says where it starts), and stays selected.
        QCOMPARE(b->fleetModel()->indexOfEntry(2).parent(), b->fleetModel()->indexOfEntry(0));
        QCOMPARE(b->selectedEntries(), QList<int> {2});

        // Rename inline.
        FleetListModel *m = b->fleetModel();
        QVERIFY(m->setData(m->indexOfEntry(0, FleetListModel::NameColumn),
                           QStringLiteral("JCS Vigilant")));
        QCOMPARE(doc->fleet().entries[0].name, QStringLiteral("JCS Vigilant"));

        // Remove with the button.
        b->selectEntries({1});
        QTest::mouseClick(b->findChild<QPushButton *>(QStringLiteral("removeUnit")),
                          Qt::LeftButton);
        QCOMPARE(doc->fleet().size(), 3);
        QCOMPARE(doc->fleet().entries[1].unitId, QStringLiteral("pathfinder"));

        // Save, and the file reads back the same fleet.
        QVERIFY(doc->isModified());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("io.jwfleet"));
        QVERIFY(!doc->save(path).has_value());
        QVERIFY(!doc->isModified());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("io.jwfleet")));
        const FleetFileResult r = FleetFile::read(path);
        QVERIFY(r.ok());
        QCOMPARE(*r.fleet, doc->fleet());
    }

    // Issue 15: the odds of a fleet entry are the engine's pool for that entry, so its
    // Ace Pilot upgrade (Ace: +1 Flex) shows at once, and goes when the upgrade is dropped.
    void weaponOddsFollowAcePilot()
    {
        MainWindow w(UnitDatabase::loadShipped());
        FleetBuilder *b = w.fleetBuilder();
        FleetDocument *doc = w.fleetDocument();
        doc->addUnit(QStringLiteral("pathfinder"));
        b->selectEntries({0});
        auto *odds = b->findChild<QTableWidget *>(QStringLiteral("weaponOdds"));
        QVERIFY(odds);
        // Row 2: the Beam Projector (AS 3); column 4: against a squadron at long range.
        auto cell = [odds] {
            return odds->item(2, 4)->toolTip().section(QLatin1Char(' '), 1, 1);
        };
        const DicePool plain {3, 0, 0};
        QCOMPARE(cell(), plain.toString());
        doc->setUpgrades(0, {QStringLiteral("ace-pilot")});
        QCOMPARE(cell(), (DicePool {3, 1, 0}).toString());
        doc->setUpgrades(0, {});
        QCOMPARE(cell(), plain.toString());
    }

    // Issue 20.6: the selected model's card shows its TV with its upgrades' (as the
    // printed card does), and follows an upgrade taken or dropped.
    void cardShowsTheUpgradedTv()
    {
        MainWindow w(UnitDatabase::loadShipped());
        FleetBuilder *b = w.fleetBuilder();
        FleetDocument *doc = w.fleetDocument();
        doc->setRules(QStringLiteral("v1.2.3"));
        doc->addUnit(QStringLiteral("kirin"));
        b->selectEntries({0});
        auto *card = b->findChild<CardView *>(QStringLiteral("entryCard"));
        QVERIFY(card && card->layout());
        const Unit &kirin = *w.database().unit(QStringLiteral("kirin"));
        const QString star = kirin.tvIsEstimate() ? QStringLiteral("*") : QString();
        const auto tv = [card] {
            return card->layout()->field(QStringLiteral("tv"))->text;
        };
        QCOMPARE(tv(), QStringLiteral("%1%2 TV").arg(kirin.tv).arg(star));
        doc->setUpgrades(0, {QStringLiteral("ace-pilot")});
        const int ace = Upgrade::byId(Upgrade::kAcePilot)->tv;
        QCOMPARE(tv(), QStringLiteral("%1%2 TV").arg(kirin.tv + ace).arg(star));
        QVERIFY(card->layout()->field(QStringLiteral("upgrade.0")));
        doc->setUpgrades(0, {});
        QCOMPARE(tv(), QStringLiteral("%1%2 TV").arg(kirin.tv).arg(star));
    }

    void openingABrokenFileChangesNothing()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        FleetDocument doc(db);
        doc.addUnit(QStringLiteral("alexander"));
        const Fleet before = doc.fleet();
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("bad.jwfleet")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("faction: jovian\nunits: [\n");
        f.close();
        const auto error = doc.load(f.fileName());
        QVERIFY(error.has_value());
        QVERIFY(error->contains(QStringLiteral("bad.jwfleet:")));
        QCOMPARE(doc.fleet(), before);
        QVERIFY(doc.isModified());
    }

    void dropUnitsFromTheCatalogue()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        FleetDocument doc(db);
        FleetListModel model(&doc);
        QMimeData mime;
        mime.setData(QStringLiteral("application/x-jwfleet-unit-ids"), "alexander\npathfinder");
        QVERIFY(model.canDropMimeData(&mime, Qt::CopyAction, 0, 0, {}));
        model.dropMimeData(&mime, Qt::CopyAction, -1, -1, {});
        QCOMPARE(doc.fleet().size(), 2);
        QCOMPARE(doc.fleet().entries[1].unitId, QStringLiteral("pathfinder"));
        // Reorder by dragging entry 1 onto entry 0.
        doc.addUnit(QStringLiteral("godfire"));
        QMimeData move;
        move.setData(QStringLiteral("application/x-jwfleet-fleet-entry"), "2");
        const QModelIndex squadrons = model.categoryIndex(QStringLiteral("squadron"));
        QVERIFY(squadrons.isValid());
        // Dropped between the squadrons, before the Pathfinder (row 0 under "Squadrons").
        model.dropMimeData(&move, Qt::MoveAction, 0, 0, squadrons);
        QCOMPARE(doc.fleet().entries[1].unitId, QStringLiteral("godfire"));
        QCOMPARE(model.index(0, 0, squadrons).data(FleetListModel::EntryRole).toInt(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.fleet().entries[1].unitId, QStringLiteral("pathfinder"));
    }

    // Issue 20.9: the list grouped by category, each with its subtotal; a squadron embarked on
    // a carrier under that carrier (and still counted among the Squadrons).
    void groupedByCategoryWithSubtotals()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        FleetDocument doc(db);
        doc.setFaction(QStringLiteral("jovian"));
        FleetBuilder b(&doc);
        b.resize(1280, 720);
        b.show();
        QVERIFY(QTest::qWaitForWindowExposed(&b));
        doc.addUnits({QStringLiteral("pathfinder"), QStringLiteral("valiant"),
                      QStringLiteral("godfire"), QStringLiteral("alexander")});
        doc.setEmbarkedOn(0, 1); // the Pathfinder in the Valiant's Hangers
        FleetListModel *m = b.fleetModel();
        QCOMPARE(m->rowCount(), 2);
        const QModelIndex capitals = m->index(0, 0);
        const QModelIndex squadrons = m->index(1, 0);
        QCOMPARE(capitals.data(FleetListModel::CategoryRole).toString(), QStringLiteral("capital"));
        QCOMPARE(squadrons.data(FleetListModel::CategoryRole).toString(),
                 QStringLiteral("squadron"));
        QVERIFY(capitals.data().toString().startsWith(QStringLiteral("Capital Ships (2)")));
        QVERIFY(squadrons.data().toString().startsWith(QStringLiteral("Squadrons (2)")));
        // The subtotals are the validator's.
        const FleetTotals &t = doc.report().totals;
        QCOMPARE(m->index(0, FleetListModel::TvColumn).data().toInt(), t.capitalShips);
        QCOMPARE(m->index(1, FleetListModel::TvColumn).data().toInt(), t.squadrons);
        QCOMPARE(t.squadrons, 30 + 34);
        QCOMPARE(squadrons.data().toString(),
                 QStringLiteral("Squadrons (2) · 64 TV · %1% of the points")
                     .arg(std::lround(100.0 * t.squadrons / doc.fleet().points)));
        QVERIFY(b.fleetView()->isFirstColumnSpanned(0, {}));
        // Valiant and Alexander under Capital Ships, in fleet order; the Pathfinder under the
        // Valiant; the Godfire alone under Squadrons.
        QCOMPARE(m->rowCount(capitals), 2);
        QCOMPARE(m->entryOf(m->index(0, 0, capitals)), 1);
        QCOMPARE(m->entryOf(m->index(1, 0, capitals)), 3);
        const QModelIndex valiant = m->indexOfEntry(1);
        QCOMPARE(m->rowCount(valiant), 1);
        QCOMPARE(m->entryOf(m->index(0, 0, valiant)), 0);
        QCOMPARE(m->rowCount(squadrons), 1);
        QCOMPARE(m->entryOf(m->index(0, 0, squadrons)), 2);
        QCOMPARE(m->entriesInViewOrder(), (std::vector<int> {1, 0, 3, 2}));
        // Categories are headings, not models: they cannot be selected.
        QVERIFY(!(m->flags(capitals) & Qt::ItemIsSelectable));
        QVERIFY(b.fleetView()->isExpanded(valiant));
        shot(&b, "builder-grouped");

        // Move Down moves among the same category: the Valiant after the Alexander.
        b.selectEntries({1});
        b.moveSelected(+1);
        QCOMPARE(doc.fleet().entries[3].unitId, QStringLiteral("valiant"));
        QCOMPARE(b.selectedEntries(), QList<int> {3});
        QCOMPARE(m->entryOf(m->index(1, 0, m->index(0, 0))), 3);
        // Disembarked, the Pathfinder joins the Squadrons; the subtotal stays.
        doc.setEmbarkedOn(0, std::nullopt);
        QCOMPARE(m->rowCount(m->index(1, 0)), 2);
        QCOMPARE(m->index(1, FleetListModel::TvColumn).data().toInt(), 64);
        // An empty category has no row; a Static Defense has one of its own (counted apart by
        // the fleet rules).
        doc.removeEntries({0, 1});
        QCOMPARE(m->rowCount(), 1);
        QVERIFY(!m->categoryIndex(QStringLiteral("squadron")).isValid());
        doc.addUnit(QStringLiteral("bastion"));
        QVERIFY(db.unit(QStringLiteral("bastion"))->hasTrait(QStringLiteral("Static")));
        const QModelIndex statics = m->categoryIndex(QStringLiteral("static"));
        QVERIFY(statics.isValid());
        QCOMPARE(m->rowCount(statics), 1);
        QCOMPARE(m->index(statics.row(), FleetListModel::TvColumn).data().toInt(),
                 doc.report().totals.staticDefences);
    }

    // Copy and paste of entries between two fleets (our own clipboard type and plain text);
    // the carrier and what it carries stay together; one undo step.
    void copyAndPasteBetweenFleets()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        FleetDocument from(db), to(db);
        FleetBuilder a(&from), b(&to);
        a.show();
        QVERIFY(QTest::qWaitForWindowExposed(&a));
        from.addUnits(
            {QStringLiteral("valiant"), QStringLiteral("pathfinder"), QStringLiteral("alexander")});
        from.setEmbarkedOn(1, 0);
        from.renameEntry(0, QStringLiteral("JCS Vigilant"));
        from.setRules(QStringLiteral("v1.2.3"));
        from.setUpgrades(1, {QStringLiteral("ace-pilot")});
        to.addUnit(QStringLiteral("godfire"));
        a.selectEntries({0, 1});
        a.fleetView()->setFocus();
        QVERIFY(a.copyAction()->isEnabled());
        QTest::keySequence(a.fleetView(), QKeySequence::Copy);
        const QMimeData *clip = QApplication::clipboard()->mimeData();
        QVERIFY(clip->hasFormat(QStringLiteral("application/x-jwfleet-entries")));
        QVERIFY2(clip->text().contains(QStringLiteral("JCS Vigilant (Valiant)")),
                 qPrintable(clip->text()));
        QVERIFY2(clip->text().contains(QStringLiteral("embarked on JCS Vigilant")),
                 qPrintable(clip->text()));

        b.show();
        QVERIFY(QTest::qWaitForWindowExposed(&b));
        QVERIFY(b.pasteAction()->isEnabled());
        b.fleetView()->setFocus();
        QTest::keySequence(b.fleetView(), QKeySequence::Paste);
        QCOMPARE(to.fleet().size(), 3);
        QCOMPARE(to.fleet().entries[1].unitId, QStringLiteral("valiant"));
        QCOMPARE(to.fleet().entries[1].name, QStringLiteral("JCS Vigilant"));
        QCOMPARE(to.fleet().entries[2].unitId, QStringLiteral("pathfinder"));
        QCOMPARE(to.fleet().entries[2].embarkedOn, std::optional<int>(1));
        QCOMPARE(to.fleet().entries[2].upgrades, QStringList {QStringLiteral("ace-pilot")});
        QCOMPARE(b.selectedEntries(), (QList<int> {1, 2}));
        QCOMPARE(to.undoStack()->undoText(), QStringLiteral("Paste 2 models"));
        to.undoStack()->undo();
        QCOMPARE(to.fleet().size(), 1);
        QCOMPARE(from.fleet().size(), 3); // the source is untouched

        // Only the squadron: it starts on the table (its carrier was not copied).
        a.selectEntries({1});
        a.copySelected();
        QVERIFY(b.paste());
        QCOMPARE(to.fleet().size(), 2);
        QVERIFY(!to.fleet().entries[1].embarkedOn);

        // Plain text, or our type badly formed: nothing is pasted.
        auto *text = new QMimeData;
        text->setText(QStringLiteral("Valiant"));
        QApplication::clipboard()->setMimeData(text);
        QVERIFY(!b.pasteAction()->isEnabled());
        QVERIFY(!b.paste());
        auto *bad = new QMimeData;
        bad->setData(QStringLiteral("application/x-jwfleet-entries"),
                     R"({"version":1,"units":[{"unit":"bad\u202eid"},{"unit":7},
                         {"unit":"valiant","embarked_on":0}]})");
        QApplication::clipboard()->setMimeData(bad);
        QVERIFY(b.paste());
        QCOMPARE(to.fleet().size(), 3); // only the Valiant, on the table
        QCOMPARE(to.fleet().entries[2].unitId, QStringLiteral("valiant"));
        QVERIFY(!to.fleet().entries[2].embarkedOn);
    }

    // Issue 20.9: Copy and Paste of models are in the Edit menu too, those of the fleet
    // shown (several may be open), while the Fleet Builder is the tab; from the menu,
    // models copied in one fleet are pasted into another.
    void copyAndPasteInTheEditMenu()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMenu *edit = nullptr;
        for (QAction *a : w.menuBar()->actions()) {
            if (a->menu() && a->text() == QStringLiteral("&Edit"))
                edit = a->menu();
        }
        QVERIFY(edit);
        const auto shown = [edit] {
            Q_EMIT edit->aboutToShow();
            return edit->actions();
        };
        FleetBuilder *first = w.fleetBuilder();
        QVERIFY(shown().contains(first->copyAction()));
        QVERIFY(shown().contains(first->pasteAction()));
        first->document()->addUnits({QStringLiteral("valiant"), QStringLiteral("pathfinder")});
        first->selectEntries({0, 1});
        first->copyAction()->trigger();

        QTest::keySequence(&w, QKeySequence::New);
        FleetBuilder *second = w.fleetBuilder();
        QVERIFY(second != first);
        const QList<QAction *> now = shown();
        QVERIFY(now.contains(second->pasteAction()) && !now.contains(first->pasteAction()));
        QVERIFY(second->pasteAction()->isEnabled());
        second->pasteAction()->trigger();
        QCOMPARE(second->document()->fleet().size(), 2);

        // Another tab: no model actions in Edit.
        w.tabs()->setCurrentWidget(w.unitBrowser());
        QVERIFY(!shown().contains(second->copyAction()));
        // A fleet closed: its actions go with it, and the menu still opens.
        w.tabs()->setCurrentIndex(0);
        QVERIFY(shown().contains(second->copyAction()));
        w.fleetWorkspace()->setCloseGuard([](FleetDocument *) { return true; }); // no question
        QVERIFY(w.fleetWorkspace()->closeFleet(1));
        QVERIFY(shown().contains(w.fleetBuilder()->copyAction()));
    }

    // Several fleets open at once, each with its own undo; File › Save acts on the one shown;
    // entries copied in one are pasted into another with Ctrl+C, Ctrl+V.
    void severalFleetsOpen()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        FleetWorkspace *ws = w.fleetWorkspace();
        QCOMPARE(ws->count(), 1);
        QVERIFY(!ws->tabs()->tabBar()->isVisible()); // one fleet: no tab bar
        FleetDocument *first = w.fleetDocument();
        first->setName(QStringLiteral("First"));
        first->addUnits({QStringLiteral("valiant"), QStringLiteral("pathfinder")});
        first->setEmbarkedOn(1, 0);

        QTest::keySequence(&w, QKeySequence::New);
        QCOMPARE(ws->count(), 2);
        QVERIFY(ws->tabs()->tabBar()->isVisible());
        FleetDocument *second = w.fleetDocument();
        QVERIFY(second != first);
        QCOMPARE(second->fleet().faction, first->fleet().faction); // the same faction and points
        QCOMPARE(second->fleet().size(), 0);
        QCOMPARE(w.fleetBuilder()->document(), second);
        QCOMPARE(w.undoAction()->text(), QStringLiteral("Nothing to Undo in the fleet"));
        QVERIFY(ws->tabs()->tabText(0).startsWith(QStringLiteral("First")));
        // The window still fits a small screen with the tab bar shown.
        QVERIFY2(w.minimumSizeHint().width() <= 1024 && w.minimumSizeHint().height() <= 640,
                 qPrintable(QStringLiteral("%1x%2")
                                .arg(w.minimumSizeHint().width())
                                .arg(w.minimumSizeHint().height())));

        // Copy in the first, paste into the second, through the keyboard.
        ws->setCurrentIndex(0);
        QCOMPARE(w.fleetDocument(), first);
        QCOMPARE(w.undoAction()->text(), QStringLiteral("&Undo Embark Pathfinder on Valiant"));
        w.fleetBuilder()->selectEntries({0, 1});
        w.fleetBuilder()->fleetView()->setFocus();
        QTest::keySequence(w.fleetBuilder()->fleetView(), QKeySequence::Copy);
        ws->setCurrentIndex(1);
        w.fleetBuilder()->fleetView()->setFocus();
        QTest::keySequence(w.fleetBuilder()->fleetView(), QKeySequence::Paste);
        QCOMPARE(second->fleet().size(), 2);
        QCOMPARE(second->fleet().entries[1].embarkedOn, std::optional<int>(0));
        QCOMPARE(first->fleet().size(), 2);
        shot(&w, "builder-two-fleets");
        // Undo in the second leaves the first alone.
        QCOMPARE(w.undoAction()->text(), QStringLiteral("&Undo Paste 2 models"));
        w.undoAction()->trigger();
        QCOMPARE(second->fleet().size(), 0);
        QCOMPARE(first->fleet().size(), 2);
        w.redoAction()->trigger();

        // Save acts on the fleet shown.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("second.jwfleet"));
        QVERIFY(!second->save(path).has_value());
        second->setPoints(300);
        QVERIFY(second->isModified() && first->isModified());
        QVERIFY(w.saveFleet());
        QVERIFY(!second->isModified());
        QVERIFY(first->isModified());
        QCOMPARE(FleetFile::read(path).fleet->points, 300);
        // Opening a fleet open already shows it, and opens no other tab.
        ws->setCurrentIndex(0);
        QVERIFY(w.openFleet(path));
        QCOMPARE(ws->count(), 2);
        QCOMPARE(w.fleetDocument(), second);
        first->reset(Fleet {}); // no question at the end
    }

    // Closing a fleet with unsaved changes asks; Cancel keeps it, Discard closes it.
    void closingAnUnsavedFleetAsks()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        FleetWorkspace *ws = w.fleetWorkspace();
        w.newFleet();
        QCOMPARE(ws->count(), 1); // the untouched empty fleet was reused
        w.fleetDocument()->addUnit(QStringLiteral("valiant"));
        w.newFleet();
        QCOMPARE(ws->count(), 2);
        FleetDocument *untouched = w.fleetDocument();

        // An unchanged fleet closes without a question.
        {
            jwtest::ModalDriver driver([](QWidget *) { return false; });
            QTest::keySequence(&w, QKeySequence::Close);
            QCOMPARE(driver.dialogs(), 0);
        }
        QCOMPARE(ws->count(), 1);
        QVERIFY(w.fleetDocument() != untouched);
        QCOMPARE(w.fleetDocument()->fleet().size(), 1);

        w.newFleet();
        ws->setCurrentIndex(0);
        QString asked;
        const auto answer = [&asked](QMessageBox::StandardButton button) {
            return [&asked, button](QWidget *dialog) {
                auto *box = qobject_cast<QMessageBox *>(dialog);
                if (!box)
                    return false;
                asked = box->text();
                box->button(button)->click();
                return true;
            };
        };
        {
            jwtest::ModalDriver driver(answer(QMessageBox::Cancel));
            QVERIFY(!w.closeFleet());
            QCOMPARE(driver.dialogs(), 1);
        }
        QVERIFY2(asked.contains(QStringLiteral("has changes that are not saved")),
                 qPrintable(asked));
        QCOMPARE(ws->count(), 2);
        // The tab's close button asks the same.
        {
            jwtest::ModalDriver driver(answer(QMessageBox::Discard));
            Q_EMIT ws->tabs()->tabCloseRequested(0);
            QCOMPARE(driver.dialogs(), 1);
        }
        QCOMPARE(ws->count(), 1);
        QCOMPARE(w.fleetDocument()->fleet().size(), 0);

        // Quitting asks for each fleet with changes.
        w.fleetDocument()->addUnit(QStringLiteral("alexander"));
        w.newFleet();
        w.fleetDocument()->addUnit(QStringLiteral("godfire"));
        int questions = 0;
        {
            jwtest::ModalDriver driver([&questions](QWidget *dialog) {
                auto *box = qobject_cast<QMessageBox *>(dialog);
                if (!box)
                    return false;
                ++questions;
                box->button(questions == 1 ? QMessageBox::Discard : QMessageBox::Cancel)->click();
                return true;
            });
            QVERIFY(!w.close());
        }
        QCOMPARE(questions, 2);
        for (int i = 0; i < ws->count(); ++i)
            ws->document(i)->reset(Fleet {});
    }
};

QTEST_MAIN(TestFleetBuilder)
#include "tst_fleetbuilder.moc"
