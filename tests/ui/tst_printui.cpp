// The card view and the print layout dialog (the sheets themselves are tested in core).
#include "print/cardview.h"
#include "print/printing.h"

#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "render/cardsheet.h"
#include "render/fleetprint.h"
#include "units/unitdatabase.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QPrintPreviewWidget>
#include <QPrinter>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

using namespace jw;

class TestPrintUi : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

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
        const FleetFileResult file
            = FleetFile::read(QString::fromLocal8Bit(qgetenv("JW_SOURCE_DIR"))
                              + QStringLiteral("/data/fleets/io-patrol.jwfleet"));
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
