// The unit browser, driven through its widgets (offscreen).
#include "mainwindow.h"
#include "unitbrowser.h"
#include "unitdetailview.h"

#include <QComboBox>
#include <QFile>
#include <QIcon>
#include <QLineEdit>
#include <QTableView>
#include <QTest>

using namespace jw;

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
};

QTEST_MAIN(TestUnitBrowser)
#include "tst_unitbrowser.moc"
