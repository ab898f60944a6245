// The fleet builder driven through its widgets, as a new player would:
// pick units, add them, watch the totals and the problems, undo, save.
#include "fleetbuilder/fleetbuilder.h"
#include "fleetbuilder/fleetdocument.h"
#include "fleetbuilder/fleetlistmodel.h"
#include "fleetbuilder/rulegaugewidget.h"
#include "fleetbuilder/validationpanel.h"
#include "mainwindow.h"
#include "unitbrowser.h"

#include "dice/dicepool.h"
#include "fleet/fleetfile.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
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
        QCOMPARE(b->fleetView()->model()->index(1, 0).data(FleetListModel::SeverityRole).toInt(),
                 2);
        QCOMPARE(b->fleetView()->model()->index(3, 0).data(FleetListModel::SeverityRole).toInt(),
                 0);
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
        QCOMPARE(b->fleetView()->model()->index(2, FleetListModel::StartColumn).data().toString(),
                 QStringLiteral("embarked on Valiant"));

        // Rename inline.
        QAbstractItemModel *m = b->fleetView()->model();
        QVERIFY(
            m->setData(m->index(0, FleetListModel::NameColumn), QStringLiteral("JCS Vigilant")));
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
        // Reorder by dragging row 1 above row 0.
        QMimeData move;
        move.setData(QStringLiteral("application/x-jwfleet-fleet-entry"), "1");
        model.dropMimeData(&move, Qt::MoveAction, 0, 0, {});
        QCOMPARE(doc.fleet().entries[0].unitId, QStringLiteral("pathfinder"));
        doc.undoStack()->undo();
        QCOMPARE(doc.fleet().entries[0].unitId, QStringLiteral("alexander"));
    }
};

QTEST_MAIN(TestFleetBuilder)
#include "tst_fleetbuilder.moc"
