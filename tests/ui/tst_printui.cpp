// SPDX-License-Identifier: GPL-3.0-or-later
// The card view and the print layout dialog (the sheets themselves are tested in core).
#include "modaldriver.h"
#include "print/cardview.h"
#include "print/printing.h"

#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "render/cardsheet.h"
#include "render/fleetprint.h"
#include "units/unitdatabase.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QPrintPreviewDialog>
#include <QPrintPreviewWidget>
#include <QPrinter>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace jw;

namespace {

// The layout dialog: two cards per page, with or without the roster page.
bool answerLayout(QWidget *w, bool roster)
{
    auto *d = qobject_cast<PrintOptionsDialog *>(w);
    if (!d)
        return false;
    QComboBox *perPage = d->findChildren<QComboBox *>().value(0);
    perPage->setCurrentIndex(perPage->findData(2));
    d->findChildren<QComboBox *>().value(2)->setCurrentIndex(0); // best for the layout
    d->findChild<QCheckBox *>(QStringLiteral("rosterFirst"))->setChecked(roster);
    d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    return true;
}

// Pages of a PDF file: its /Type /Page objects (not /Pages).
int pdfPages(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QString text = QString::fromLatin1(f.readAll());
    return int(text.count(QRegularExpression(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"))));
}

} // namespace

class TestPrintUi : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

private:
    static QString sourceFleet()
    {
        return QString::fromLocal8Bit(qgetenv("JW_SOURCE_DIR"))
            + QStringLiteral("/data/fleets/io-patrol.jwfleet");
    }

private Q_SLOTS:

    void cardViewPaintsTheUnit()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        CardView view;
        view.resize(600, 450);
        QVERIFY(!view.layout());
        view.setUnit(db.unit(QStringLiteral("shan-yu")));
        QVERIFY(view.layout());
        QCOMPARE(view.layout()->unitId(), QStringLiteral("shan-yu"));
        // Proportions follow the card.
        const QSizeF mm = view.layout()->size();
        QVERIFY(qAbs(view.heightForWidth(500) - (500 * mm.height() / mm.width() + 8)) <= 1);
        // Something dark is painted where the card is.
        const QImage img = view.grab().toImage();
        int dark = 0;
        for (int y = 0; y < img.height(); y += 3)
            for (int x = 0; x < img.width(); x += 3)
                dark += qGray(img.pixel(x, y)) < 80;
        QVERIFY(dark > 50);
        view.setUnit(nullptr);
        QVERIFY(!view.layout());
    }

    // The print path through QPrinter (what the preview and the printer get):
    // a roster page and ceil(7 / 4) card pages for a fleet of seven models.
    void printPreviewOfAFleet()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        const FleetFileResult file = FleetFile::read(sourceFleet());
        QVERIFY(file.ok());
        const FleetCards cards = FleetPrint::cards(*file.fleet, db);
        const RosterData roster
            = FleetPrint::roster(*file.fleet, validateFleet(*file.fleet, db), db);
        QCOMPARE(int(cards.layouts.size()), file.fleet->size());
        SheetOptions options;
        options.cardsPerPage = 2;
        const CardSheet sheet(options);
        QPrinter printer(QPrinter::HighResolution);
        QPrintPreviewWidget preview(&printer);
        connect(&preview, &QPrintPreviewWidget::paintRequested, this,
                [&](QPrinter *p) { QVERIFY(sheet.print(p, cards.layouts, &roster).ok); });
        preview.resize(900, 700);
        preview.show();
        preview.updatePreview();
        QCOMPARE(preview.pageCount(), 1 + (file.fleet->size() + 1) / 2);
        const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            preview.setViewMode(QPrintPreviewWidget::AllPagesView);
            preview.grab().save(dir + QStringLiteral("/print-preview.png"));
        }
    }

    // Issue 16.8: File › Print Fleet and Export Fleet Cards to PDF honour "Roster
    // page first" (the dialog used to test the check box's visibility after it
    // had closed, so the roster was never printed). Four models at two per
    // page: two card pages, and the roster page when asked for.
    void printFleetHonoursRosterFirst_data()
    {
        QTest::addColumn<bool>("roster");
        QTest::newRow("roster first") << true;
        QTest::newRow("cards only") << false;
    }
    void printFleetHonoursRosterFirst()
    {
        QFETCH(bool, roster);
        const UnitDatabase db = UnitDatabase::loadShipped();
        const FleetFileResult file = FleetFile::read(sourceFleet());
        QVERIFY(file.ok());
        QCOMPARE(file.fleet->size(), 4);
        int pages = -1;
        jwtest::ModalDriver driver([&](QWidget *w) {
            if (answerLayout(w, roster))
                return true;
            auto *preview = qobject_cast<QPrintPreviewDialog *>(w);
            if (!preview)
                return false;
            pages = preview->findChild<QPrintPreviewWidget *>()->pageCount();
            preview->reject();
            return true;
        });
        QWidget window; // what the main window passes: the preview's owner
        printing::printFleet(&window, *file.fleet, db);
        QVERIFY2(driver.unexpected().isEmpty(), qPrintable(driver.unexpected().join(u' ')));
        QCOMPARE(driver.dialogs(), 2);
        QCOMPARE(pages, 2 + (roster ? 1 : 0));
    }

    void exportFleetPdfHonoursRosterFirst_data() { printFleetHonoursRosterFirst_data(); }
    void exportFleetPdfHonoursRosterFirst()
    {
        QFETCH(bool, roster);
        const UnitDatabase db = UnitDatabase::loadShipped();
        const FleetFileResult file = FleetFile::read(sourceFleet());
        QVERIFY(file.ok());
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("cards.pdf"));
        jwtest::ModalDriver driver([&](QWidget *w) {
            if (answerLayout(w, roster))
                return true;
            auto *save = qobject_cast<QFileDialog *>(w);
            if (!save)
                return false;
            save->selectFile(pdf);
            QMetaObject::invokeMethod(save, "accept");
            return true;
        });
        QWidget window;
        printing::exportFleetPdf(&window, *file.fleet, db, QStringLiteral("cards"));
        QVERIFY2(driver.unexpected().isEmpty(), qPrintable(driver.unexpected().join(u' ')));
        QCOMPARE(driver.dialogs(), 2);
        QCOMPARE(pdfPages(pdf), 2 + (roster ? 1 : 0));
    }

    void layoutDialogRefusesWhatDoesNotFit()
    {
        PrintOptionsDialog dialog(true);
        auto combos = dialog.findChildren<QComboBox *>();
        QCOMPARE(combos.size(), 3);
        QComboBox *perPage = combos[0];
        QComboBox *size = combos[2];
        QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        perPage->setCurrentIndex(perPage->findData(4));
        size->setCurrentIndex(size->findData(QStringLiteral("jumbo")));
        QVERIFY(!ok->isEnabled()); // four 7x5 cards do not fit a page
        QVERIFY(!CardSheet(dialog.sheetOptions()).isValid());
        size->setCurrentIndex(0); // best for the layout
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.sheetOptions().cardsPerPage, 4);
        QVERIFY(!dialog.sheetOptions().cardSize.has_value());
    }
};

QTEST_MAIN(TestPrintUi)
#include "tst_printui.moc"
