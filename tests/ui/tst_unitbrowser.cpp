// SPDX-License-Identifier: GPL-3.0-or-later
// The unit browser, driven through its widgets (offscreen).
#include "fleetbuilder/fleetbuilder.h"
#include "fleetbuilder/fleetdocument.h"
#include "mainwindow.h"
#include "unitbrowser.h"
#include "unitcomparedialog.h"
#include "unitdetailview.h"
#include "unitlistmodel.h"

#include "units/traitcatalog.h"

#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTextDocument>
#include <QUndoStack>

using namespace jw;

namespace {

QStringList shownIds(UnitBrowser *b)
{
    QStringList ids;
    const QAbstractItemModel *m = b->view()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        ids << m->index(r, 0).data(UnitListModel::UnitIdRole).toString();
    return ids;
}

void search(UnitBrowser *b, const QString &text)
{
    b->searchEdit()->clear();
    QTest::keyClicks(b->searchEdit(), text);
}

// Selects the units (Ctrl+click on their rows, as a person would).
void selectUnits(UnitBrowser *b, const QStringList &ids)
{
    b->view()->clearSelection();
    const QAbstractItemModel *m = b->view()->model();
    for (const QString &id : ids) {
        for (int r = 0; r < m->rowCount(); ++r) {
            const QModelIndex i = m->index(r, 0);
            if (i.data(UnitListModel::UnitIdRole).toString() != id)
                continue;
            b->view()->scrollTo(i);
            QTest::mouseClick(b->view()->viewport(), Qt::LeftButton, Qt::ControlModifier,
                              b->view()->visualRect(i).center());
        }
    }
}

} // namespace

class TestUnitBrowser : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The application icon is compiled in and registered in every program that links
    // the UI library (a static library's resources are easily dropped by the linker).
    void iconIsRegistered()
    {
        QVERIFY(QFile::exists(QStringLiteral(":/icons/jwfleet.svg")));
        QVERIFY(!QIcon(QStringLiteral(":/icons/jwfleet.svg")).pixmap(32, 32).isNull());
    }

    void filtersAndDetail()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        UnitBrowser *b = w.unitBrowser();
        const int all = b->visibleUnitCount();
        QCOMPARE(all, int(w.database().units().size()));
        QVERIFY(all >= 24);

        // Faction filter.
        b->factionCombo()->setCurrentIndex(b->factionCombo()->findData(QStringLiteral("venusian")));
        QCOMPARE(b->visibleUnitCount(),
                 int(w.database().unitsOf(QStringLiteral("venusian")).size()));
        // Type filter on top.
        b->typeCombo()->setCurrentIndex(b->typeCombo()->findData(QStringLiteral("capital")));
        int venusCapitals = 0;
        for (const Unit *u : w.database().unitsOf(QStringLiteral("venusian")))
            venusCapitals += u->isCapital();
        QCOMPARE(b->visibleUnitCount(), venusCapitals);

        // Search by typing.
        QTest::keyClicks(b->searchEdit(), QStringLiteral("shan"));
        QCOMPARE(b->visibleUnitCount(), 1);
        b->view()->setCurrentIndex(b->view()->model()->index(0, 0));
        QVERIFY(b->currentUnit());
        QCOMPARE(b->currentUnit()->id, QStringLiteral("shan-yu"));
        const QString page = b->detailView()->toPlainText();
        QVERIFY(page.contains(QStringLiteral("Shan-Yu")));
        QVERIFY(page.contains(QStringLiteral("Particle Cannon")));
        QVERIFY(page.contains(QStringLiteral("Hangers: 2")));
        QVERIFY(page.contains(QStringLiteral("111")));
        QVERIFY(!page.contains(QStringLiteral("Provisional")));

        // Nothing matches: the empty state.
        QTest::keyClicks(b->searchEdit(), QStringLiteral("zzz"));
        QCOMPARE(b->visibleUnitCount(), 0);

        // Clear everything.
        b->searchEdit()->clear();
        b->factionCombo()->setCurrentIndex(0);
        b->typeCombo()->setCurrentIndex(0);
        QCOMPARE(b->visibleUnitCount(), all);

        // A provisional unit says so.
        b->selectUnit(QStringLiteral("alexander"));
        QCOMPARE(b->currentUnit()->id, QStringLiteral("alexander"));
        QVERIFY(b->detailView()->toPlainText().contains(QStringLiteral("Provisional")));
    }

    // Issue 20.2: the details say, value by value, where each comes from. The
    // Alexander's Skill 2, Sensors 3 and Fore Armor 1 are the rules'; its TV 80, UC 3
    // and Speed 7 are jwfleet's estimates ("*", explained under the ratings). The
    // Ryu's Unit Cap is its v1.2.4 card's. The Shan-Yu, every value published, has
    // no marks.
    void detailsMarkWhereEachValueComesFrom()
    {
        UnitDatabase db = UnitDatabase::loadShipped();
        const auto text = [&](const char *id) {
            QTextDocument doc;
            doc.setHtml(UnitDetailView::html(*db.unit(QLatin1String(id)), nullptr, QPalette()));
            return doc.toPlainText();
        };
        const QString alexander = text("alexander");
        for (const char *expected : {"80* TV", "7\"*", "Fore 1 rules · Port/Starboard 1* · Aft 0*",
                                     "* jwfleet's estimate, not published"}) {
            QVERIFY2(alexander.contains(QString::fromUtf8(expected)),
                     qPrintable(QString::fromUtf8(expected) + QLatin1String(" in ") + alexander));
        }
        const QStringList lines = alexander.split(QLatin1Char('\n'));
        const auto valueAfter = [&](const QString &label) {
            const qsizetype i = lines.indexOf(label);
            return i >= 0 && i + 1 < lines.size() ? lines.at(i + 1) : QString();
        };
        QCOMPARE(valueAfter(QStringLiteral("Skill")), QStringLiteral("2 rules"));
        QCOMPARE(valueAfter(QStringLiteral("Unit Cap")), QStringLiteral("3*"));
        QVERIFY2(valueAfter(QStringLiteral("Sensors (3–4)")).endsWith(QStringLiteral("] rules")),
                 qPrintable(valueAfter(QStringLiteral("Sensors (3–4)"))));
        QVERIFY2(valueAfter(QStringLiteral("Structure")).endsWith(QStringLiteral("]*")),
                 qPrintable(valueAfter(QStringLiteral("Structure"))));

        const QString ryu = text("ryu");
        QVERIFY2(ryu.contains(QStringLiteral("4 card v1.2.4")), qPrintable(ryu));

        const QString shanyu = text("shan-yu");
        QVERIFY2(!shanyu.contains(QLatin1Char('*')) && shanyu.contains(QStringLiteral("\n111 TV\n"))
                     && shanyu.contains(QStringLiteral("\nSkill\n2\n"))
                     && shanyu.contains(QStringLiteral("Fore 1 · Port/Starboard 1 · Aft 0")),
                 qPrintable(shanyu));
    }

    // Issue 20.8: the search finds weapons, traits and the traits' rules text, in any case;
    // several words must all match.
    void searchFindsWeaponsTraitsAndRules()
    {
        MainWindow w(UnitDatabase::loadShipped());
        UnitBrowser *b = w.unitBrowser();
        const UnitDatabase &db = w.database();
        const auto hasTrait = [](const Unit &u, const QString &name) {
            return u.hasTrait(name);
        };

        // A weapon name: the Spinal Laser; "laser" found nothing before.
        search(b, QStringLiteral("laser"));
        QVERIFY(b->visibleUnitCount() > 0);
        for (const Unit &u : db.units()) {
            for (const Weapon &wp : u.weapons) {
                if (wp.name.contains(QStringLiteral("laser"), Qt::CaseInsensitive))
                    QVERIFY2(shownIds(b).contains(u.id), qPrintable(u.id));
            }
        }

        // A trait, in any case: exactly the units with Hangers.
        QStringList carriers;
        for (const Unit &u : db.units()) {
            if (hasTrait(u, QStringLiteral("Hangers")))
                carriers << u.id;
        }
        QVERIFY(carriers.size() >= 2);
        for (const QString &text : {QStringLiteral("hangers"), QStringLiteral("HANGERS")}) {
            search(b, text);
            QStringList shown = shownIds(b);
            shown.sort();
            carriers.sort();
            QCOMPARE(shown, carriers);
        }

        // Two words: both must match (a carrier with a laser, not every laser ship).
        search(b, QStringLiteral("laser hangers"));
        QVERIFY(b->visibleUnitCount() >= 1);
        QVERIFY(b->visibleUnitCount() < carriers.size() + 1);
        for (const QString &id : shownIds(b))
            QVERIFY2(carriers.contains(id), qPrintable(id));

        // The rules text of a trait: Stealth "Reduces the Sensors of any model attacking it".
        QStringList stealthy;
        for (const Unit &u : db.units()) {
            if (hasTrait(u, QStringLiteral("Stealth")))
                stealthy << u.id;
        }
        QVERIFY(!stealthy.isEmpty());
        search(b, QStringLiteral("reduces sensors attacking"));
        for (const QString &id : stealthy)
            QVERIFY2(shownIds(b).contains(id), qPrintable(id));
        search(b, QStringLiteral("hangers zzz"));
        QCOMPARE(b->visibleUnitCount(), 0);
    }

    // The rating columns sort as numbers (105 after 80), a provisional unit carries the mark
    // and the legend says what it means.
    void ratingColumnsAndLegend()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.tabs()->setCurrentWidget(w.unitBrowser());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        UnitBrowser *b = w.unitBrowser();
        const QAbstractItemModel *m = b->view()->model();
        QCOMPARE(m->headerData(UnitListModel::SpeedColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Speed"));
        for (int c : {int(UnitListModel::SpeedColumn), int(UnitListModel::ArmorColumn),
                      int(UnitListModel::SensorsColumn), int(UnitListModel::TvPerStructureColumn)})
            QVERIFY(!b->view()->isColumnHidden(c));
        for (int c : {int(UnitListModel::TvColumn), int(UnitListModel::SpeedColumn),
                      int(UnitListModel::SensorsColumn), int(UnitListModel::TvPerStructureColumn),
                      int(UnitListModel::ArmorColumn)}) {
            b->view()->sortByColumn(c, Qt::AscendingOrder);
            double last = -1;
            for (int r = 0; r < m->rowCount(); ++r) {
                const double v = m->index(r, c).data(UnitListModel::SortRole).toDouble();
                QVERIFY2(v >= last, qPrintable(QStringLiteral("column %1 row %2").arg(c).arg(r)));
                last = v;
            }
        }
        // TV 105 sorts after TV 80 (as text it would not).
        b->view()->sortByColumn(UnitListModel::TvColumn, Qt::AscendingOrder);
        QVERIFY(m->index(0, UnitListModel::TvColumn).data().toInt()
                < m->index(m->rowCount() - 1, UnitListModel::TvColumn).data().toInt());

        // The Valiant's ratings in its row.
        search(b, QStringLiteral("valiant"));
        QCOMPARE(b->visibleUnitCount(), 1);
        const Unit *valiant = w.database().unit(QStringLiteral("valiant"));
        QCOMPARE(m->index(0, UnitListModel::SpeedColumn).data().toString(),
                 QStringLiteral("%1\"").arg(valiant->speed));
        QCOMPARE(m->index(0, UnitListModel::ArmorColumn).data().toString(),
                 QStringLiteral("%1/%2/%3")
                     .arg(valiant->armor.fore)
                     .arg(valiant->armor.sides)
                     .arg(valiant->armor.aft));
        QCOMPARE(m->index(0, UnitListModel::SensorsColumn).data().toInt(),
                 valiant->sensors.start());
        QCOMPARE(m->index(0, UnitListModel::TvPerStructureColumn)
                     .data(UnitListModel::SortRole)
                     .toDouble(),
                 double(valiant->tv) / valiant->structure.size());

        // The mark and its legend.
        search(b, QStringLiteral("alexander"));
        QVERIFY(w.database().unit(QStringLiteral("alexander"))->provisional);
        QCOMPARE(m->index(0, UnitListModel::NameColumn).data().toString(),
                 QStringLiteral("Alexander *"));
        QVERIFY(b->legendLabel()->isVisible());
        QVERIFY(b->legendLabel()->text().startsWith(QStringLiteral("* provisional")));
        QVERIFY(b->legendLabel()->text().contains(QStringLiteral("estimate")));
        // The fleet builder's narrow catalogue has no rating columns.
        QVERIFY(w.fleetBuilder()->catalogue()->view()->isColumnHidden(UnitListModel::SpeedColumn));
    }

    // Two or three units side by side; the rows where they differ are highlighted.
    void compareShowsTheChosenUnits()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.tabs()->setCurrentWidget(w.unitBrowser());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        UnitBrowser *b = w.unitBrowser();
        selectUnits(b, {QStringLiteral("valiant")});
        QVERIFY(!b->compareButton()->isEnabled());
        selectUnits(b, {QStringLiteral("valiant"), QStringLiteral("alexander")});
        QCOMPARE(b->selectedUnitIds().size(), 2);
        QVERIFY(b->compareButton()->isEnabled());
        QTest::mouseClick(b->compareButton(), Qt::LeftButton);
        auto *dialog = b->findChild<UnitCompareDialog *>();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QTableWidget *t = dialog->table();
        QCOMPARE(t->columnCount(), 2);
        const Unit *valiant = w.database().unit(QStringLiteral("valiant"));
        const Unit *alexander = w.database().unit(QStringLiteral("alexander"));
        const auto head = [](const Unit *u) -> QString {
            return u->name + (u->provisional ? QStringLiteral(" *") : QString());
        };
        const int vc = t->horizontalHeaderItem(0)->text() == head(valiant) ? 0 : 1;
        QCOMPARE(t->horizontalHeaderItem(vc)->text(), head(valiant));
        QCOMPARE(t->horizontalHeaderItem(1 - vc)->text(), head(alexander));
        const int tv = dialog->rowOf(QStringLiteral("Threat Value"));
        QVERIFY(tv >= 0);
        // Issue 20.2: a value that is jwfleet's estimate is marked "*"; the rows
        // differ by value, not by mark.
        const auto star = [](bool estimate) {
            return estimate ? QStringLiteral("*") : QString();
        };
        QCOMPARE(t->item(tv, vc)->text(),
                 QString::number(valiant->tv) + star(valiant->tvIsEstimate()));
        QCOMPARE(t->item(tv, 1 - vc)->text(),
                 QString::number(alexander->tv) + star(alexander->tvIsEstimate()));
        QCOMPARE(t->item(tv, 0)->data(UnitCompareDialog::DiffersRole).toBool(),
                 valiant->tv != alexander->tv);
        // The Alexander's Skill 2 and Fore Armor 1 are the rules'; the Valiant's Skill is
        // jwfleet's. Both Skill 2: the same value, not highlighted.
        const int skill = dialog->rowOf(QStringLiteral("Skill"));
        QCOMPARE(valiant->skill, alexander->skill);
        QCOMPARE(t->item(skill, 1 - vc)->text(), QString::number(alexander->skill));
        QCOMPARE(t->item(skill, vc)->text(), QString::number(valiant->skill) + QStringLiteral("*"));
        QVERIFY(!t->item(skill, 0)->data(UnitCompareDialog::DiffersRole).toBool());
        QCOMPARE(t->item(dialog->rowOf(QStringLiteral("Armor")), 1 - vc)->text(),
                 QStringLiteral("Fore 1 · Sides 1* · Aft 0*"));
        // The same faction: not highlighted.
        const int faction = dialog->rowOf(QStringLiteral("Faction"));
        QVERIFY(!t->item(faction, 0)->data(UnitCompareDialog::DiffersRole).toBool());
        // Every weapon of both, in its own row; the other unit shows "–" where it has none.
        for (const Unit *u : {valiant, alexander}) {
            for (const Weapon &wp : u->weapons)
                QVERIFY2(dialog->rowOf(wp.name) >= 0, qPrintable(wp.name));
            for (const TraitRef &tr : u->traits) {
                const int r = dialog->rowOf(tr.name);
                QVERIFY2(r >= 0, qPrintable(tr.name));
                const int col = u == valiant ? vc : 1 - vc;
                QCOMPARE(t->item(r, col)->text(),
                         tr.toString()
                             + star(!u->sourceOf(QStringLiteral("traits")).isPublished()));
            }
        }
        const int hangers = dialog->rowOf(QStringLiteral("Hangers"));
        QVERIFY(hangers >= 0);
        QCOMPARE(t->item(hangers, vc)->text(), QStringLiteral("Hangers: 2*"));
        QCOMPARE(t->item(hangers, 1 - vc)->text(), QStringLiteral("–"));
        QVERIFY(t->item(hangers, 0)->data(UnitCompareDialog::DiffersRole).toBool());
        dialog->close();

        // Four selected: no comparison.
        selectUnits(b,
                    {QStringLiteral("valiant"), QStringLiteral("alexander"),
                     QStringLiteral("pathfinder"), QStringLiteral("godfire")});
        QCOMPARE(b->selectedUnitIds().size(), 4);
        QVERIFY(!b->compareButton()->isEnabled());
        QVERIFY(!b->compareSelected());
    }

    // Add to Fleet from the database tab: into the fleet open in the builder, undoable there.
    void addToFleetFromTheDatabase()
    {
        MainWindow w(UnitDatabase::loadShipped());
        w.tabs()->setCurrentWidget(w.unitBrowser());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        UnitBrowser *b = w.unitBrowser();
        FleetDocument *doc = w.fleetDocument();
        QCOMPARE(doc->fleet().size(), 0);
        selectUnits(b, {QStringLiteral("pathfinder")});
        QVERIFY(b->addToFleetButton()->isEnabled());
        QTest::mouseClick(b->addToFleetButton(), Qt::LeftButton);
        QCOMPARE(doc->fleet().size(), 1);
        QCOMPARE(doc->fleet().entries[0].unitId, QStringLiteral("pathfinder"));
        selectUnits(b, {QStringLiteral("valiant"), QStringLiteral("godfire")});
        QTest::mouseClick(b->addToFleetButton(), Qt::LeftButton);
        QCOMPARE(doc->fleet().size(), 3);
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Add 2 units"));
        doc->undoStack()->undo();
        QCOMPARE(doc->fleet().size(), 1);
        doc->undoStack()->undo();
        QCOMPARE(doc->fleet().size(), 0);
        QVERIFY(!doc->isModified());
        // A search selects the first unit it finds: Add to Fleet takes it without a click.
        search(b, QStringLiteral("resolute"));
        QCOMPARE(b->selectedUnitIds(), QStringList {QStringLiteral("resolute")});
        QVERIFY(b->addToFleetButton()->isEnabled());
        QTest::mouseClick(b->addToFleetButton(), Qt::LeftButton);
        QCOMPARE(doc->fleet().entries.back().unitId, QStringLiteral("resolute"));
        doc->undoStack()->undo();
    }
};

QTEST_MAIN(TestUnitBrowser)
#include "tst_unitbrowser.moc"
