// Enter Printed Card Values…: the dialog, the user data file it writes, the
// whole window showing the values (details, fleet totals), Edit › Undo.
#include "fleetbuilder/fleetdocument.h"
#include "mainwindow.h"
#include "modaldriver.h"
#include "printedcarddialog.h"
#include "unitbrowser.h"
#include "unitdetailview.h"

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
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
