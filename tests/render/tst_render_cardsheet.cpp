// SPDX-License-Identifier: GPL-3.0-or-later
// Pages of cards and the roster: where cards go on A4 and Letter, how many
// pages a PDF gets, and that a card is never split.
#include "render/cardsheet.h"
#include "units/unitdatabase.h"

#include "rendertesthelpers.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace jw;

Q_DECLARE_METATYPE(jw::PageFormat)

class TestCardSheet : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

    std::vector<CardLayout> cards(int n, CardSize size) const
    {
        std::vector<CardLayout> out;
        CardOptions o;
        o.size = size;
        for (int i = 0; i < n; ++i)
            out.push_back(
                CardLayout::compute(m_db.units()[std::size_t(i) % m_db.units().size()], o));
        return out;
    }

    static RosterData roster(int rows)
    {
        RosterData r;
        r.fleetName = QStringLiteral("Second Venusian Strike Group");
        r.factionName = QStringLiteral("Venusian Republic");
        r.points = 245;
        r.limit = 250;
        r.rules = QStringLiteral("v1.2.2");
        r.legal = false;
        r.problems << QStringLiteral("Fleet Construction: at most 2 Capital Ships of one class.");
        for (int i = 0; i < rows; ++i)
            r.rows.push_back({QStringLiteral("Ship %1").arg(i + 1), QStringLiteral("Shan-Yu"),
                              QStringLiteral("Capital Ship"), 111,
                              i % 3 == 1 ? QStringLiteral("Ship 1") : QString(), i % 4 == 0});
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db = UnitDatabase::loadShipped();
        QVERIFY(!m_db.hasErrors());
    }

    void geometry_data()
    {
        QTest::addColumn<int>("perPage");
        QTest::addColumn<PageFormat>("page");
        for (int n : {1, 2, 4}) {
            QTest::addRow("%d/a4", n) << n << PageFormat::A4;
            QTest::addRow("%d/letter", n) << n << PageFormat::Letter;
        }
    }
    void geometry()
    {
        QFETCH(int, perPage);
        QFETCH(PageFormat, page);
        SheetOptions o;
        o.cardsPerPage = perPage;
        o.page = page;
        const CardSheet sheet(o);
        QVERIFY2(sheet.isValid(), qPrintable(sheet.error()));
        const SheetGeometry &g = sheet.geometry();
        QCOMPARE(int(g.slots.size()), perPage);
        QCOMPARE(g.cardSize, CardSheet::defaultCardSize(perPage));
        const QSizeF paper = pageFormatMm(page);
        QCOMPARE(g.pageMm, g.landscape ? paper.transposed() : paper);
        const QRectF printable = sheet.contentRect();
        const QSizeF card = cardSizeInfo(g.cardSize).mm;
        if (perPage == 1) {
            // The page used: the card scaled up, proportions kept, touching the
            // margins on two sides, centred.
            const QRectF slot = g.slots.front();
            QVERIFY(slot.width() > card.width() * 1.3);
            QVERIFY(qAbs(slot.width() / slot.height() - card.width() / card.height()) < 1e-9);
            QVERIFY(qAbs(slot.width() - printable.width()) < 1e-6
                    || qAbs(slot.height() - printable.height()) < 1e-6);
            QVERIFY(qAbs(slot.center().x() - printable.center().x()) < 1e-6);
            QVERIFY(qAbs(slot.center().y() - printable.center().y()) < 1e-6);
            QVERIFY(printable.adjusted(-1e-6, -1e-6, 1e-6, 1e-6).contains(slot));
            // Landscape: a 7 x 5 in card is wider than tall.
            QVERIFY(g.landscape);
            return;
        }
        for (std::size_t i = 0; i < g.slots.size(); ++i) {
            QCOMPARE(g.slots[i].size(), card);
            QVERIFY(printable.contains(g.slots[i]));
            for (std::size_t j = i + 1; j < g.slots.size(); ++j)
                QVERIFY(!g.slots[i].intersects(g.slots[j]));
        }
    }

    // One card to a page, painted as the sheet paints it: the card's ink
    // reaches the margins (it fills the page, proportions kept), and the
    // busiest card keeps its trait reminder. JW_SCREENSHOT_DIR=DIR: the page
    // as a PNG, to look at.
    void oneUpPageUsesThePage()
    {
        SheetOptions o;
        o.cardsPerPage = 1;
        const CardSheet sheet(o);
        CardOptions co;
        co.size = sheet.cardSize();
        const CardLayout card = CardLayout::compute(*m_db.unit(QStringLiteral("poseidon")), co);
        QVERIFY(card.field(QStringLiteral("reminder.0")));
        const qreal pxPerMm = 4;
        const QSizeF page = sheet.geometry().pageMm;
        QImage img(int(std::lround(page.width() * pxPerMm)),
                   int(std::lround(page.height() * pxPerMm)), QImage::Format_RGB32);
        img.fill(Qt::lightGray); // the paper; the card is white
        {
            QPainter p(&img);
            p.scale(pxPerMm, pxPerMm);
            CardPainter(card).paint(&p, sheet.geometry().slots.front(), CardMarks {}, 0);
        }
        if (const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(img.save(dir + QStringLiteral("/cardsheet-1up.png")));
        // The card's extent on the page: every pixel that is not paper.
        int left = img.width(), right = -1, top = img.height(), bottom = -1;
        const QRgb paper = QColor(Qt::lightGray).rgb();
        for (int y = 0; y < img.height(); ++y) {
            const auto *line = reinterpret_cast<const QRgb *>(img.constScanLine(y));
            for (int x = 0; x < img.width(); ++x) {
                if (line[x] != paper) {
                    left = std::min(left, x);
                    right = std::max(right, x);
                    top = std::min(top, y);
                    bottom = std::max(bottom, y);
                }
            }
        }
        const QRectF ink(left / pxPerMm, top / pxPerMm, (right - left + 1) / pxPerMm,
                         (bottom - top + 1) / pxPerMm);
        const QRectF printable = sheet.contentRect();
        // Touches the margins on two opposite sides, within a pixel.
        const qreal px = 1.0 / pxPerMm + 1e-6;
        const bool fillsWidth = qAbs(ink.left() - printable.left()) <= px
            && qAbs(ink.right() - printable.right()) <= px;
        const bool fillsHeight = qAbs(ink.top() - printable.top()) <= px
            && qAbs(ink.bottom() - printable.bottom()) <= px;
        QVERIFY2(fillsWidth || fillsHeight,
                 qPrintable(QStringLiteral("ink %1,%2 %3x%4 mm, printable %5,%6 %7x%8 mm")
                                .arg(ink.x())
                                .arg(ink.y())
                                .arg(ink.width())
                                .arg(ink.height())
                                .arg(printable.x())
                                .arg(printable.y())
                                .arg(printable.width())
                                .arg(printable.height())));
        // Proportions kept.
        const QSizeF mm = cardSizeInfo(sheet.cardSize()).mm;
        QVERIFY(qAbs(ink.width() / ink.height() - mm.width() / mm.height()) < 0.01);
    }

    void invalidSheets()
    {
        SheetOptions o;
        o.cardsPerPage = 3;
        QVERIFY(!CardSheet(o).isValid());
        o.cardsPerPage = 4;
        o.cardSize = CardSize::Jumbo;
        const CardSheet tooBig(o);
        QVERIFY(!tooBig.isValid());
        QVERIFY(tooBig.error().contains(QStringLiteral("do not fit")));
        QTemporaryDir dir;
        const RenderResult r
            = tooBig.writePdf(dir.filePath(QStringLiteral("x.pdf")), cards(1, CardSize::Jumbo));
        QVERIFY(!r.ok);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.pdf"))));
    }

    // ceil(N / L) card pages, plus the roster.
    void pdfPages_data()
    {
        QTest::addColumn<int>("cards");
        QTest::addColumn<int>("perPage");
        QTest::addColumn<bool>("withRoster");
        QTest::addColumn<PageFormat>("page");
        for (int n : {1, 3, 4, 5, 9}) {
            for (int l : {1, 2, 4}) {
                QTest::addRow("%d cards/%d per page", n, l) << n << l << false << PageFormat::A4;
                QTest::addRow("%d cards/%d per page/roster/letter", n, l)
                    << n << l << true << PageFormat::Letter;
            }
        }
    }
    void pdfPages()
    {
        QFETCH(int, cards);
        QFETCH(int, perPage);
        QFETCH(bool, withRoster);
        QFETCH(PageFormat, page);
        SheetOptions o;
        o.cardsPerPage = perPage;
        o.page = page;
        const CardSheet sheet(o);
        const std::vector<CardLayout> cs = this->cards(cards, sheet.cardSize());
        const RosterData r = roster(7);
        const int expected = (cards + perPage - 1) / perPage + (withRoster ? 1 : 0);
        QCOMPARE(sheet.pageCount(cs, withRoster ? &r : nullptr), expected);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cards.pdf"));
        const RenderResult res
            = sheet.writePdf(path, cs, withRoster ? &r : nullptr, QStringLiteral("Test"));
        QVERIFY2(res.ok, qPrintable(res.error));
        QCOMPARE(res.pages, expected);
        QCOMPARE(test::pdfPageCount(path), expected);
    }

    // A card with a back keeps both faces on one page.
    void neverSplitsACard()
    {
        SheetOptions o;
        o.cardsPerPage = 2;
        const CardSheet sheet(o);
        CardOptions co;
        co.size = sheet.cardSize();
        std::vector<CardLayout> cs;
        cs.push_back(CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")), co));
        cs.push_back(CardLayout::compute(test::monsterUnit(), co));
        QCOMPARE(cs.back().faceCount(), 2);
        cs.push_back(CardLayout::compute(*m_db.unit(QStringLiteral("wyvern")), co));
        const auto pages = sheet.paginate(cs);
        // shan-yu | monster front + back | wyvern
        QCOMPARE(int(pages.size()), 3);
        QCOMPARE(int(pages[0].size()), 1);
        QCOMPARE(pages[1][0].card, 1);
        QCOMPARE(pages[1][0].face, 0);
        QCOMPARE(pages[1][1].card, 1);
        QCOMPARE(pages[1][1].face, 1);
        QCOMPARE(pages[2][0].card, 2);
        for (const auto &page : pages) {
            QVERIFY(int(page.size()) <= 2);
            for (const SheetPlacement &p : page)
                QVERIFY(p.slot >= 0 && p.slot < 2);
        }
    }

    void longRosterContinues()
    {
        const RosterData r = roster(120);
        const CardSheet sheet;
        const int rosterPages = RosterPainter(r).pageCount(sheet.contentRect().size());
        QVERIFY(rosterPages > 1);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("roster.pdf"));
        const RenderResult res = sheet.writePdf(path, cards(2, sheet.cardSize()), &r);
        QVERIFY2(res.ok, qPrintable(res.error));
        QCOMPARE(test::pdfPageCount(path), rosterPages + 1);
    }

    void rosterOnImage()
    {
        const RosterData r = roster(5);
        QImage img(int(std::lround(210 / 25.4 * 100)), int(std::lround(297 / 25.4 * 100)),
                   QImage::Format_RGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            p.scale(100 / 25.4, 100 / 25.4);
            RosterPainter(r).paint(&p, QRectF(10, 10, 190, 277), 0);
        }
        int ink = 0;
        for (int y = 0; y < img.height(); ++y) {
            for (int x = 0; x < img.width(); ++x)
                ink += qGray(img.pixel(x, y)) < 128;
        }
        QVERIFY(ink > 1000);
        QVERIFY(ink < img.width() * img.height() / 10);
        // Nothing lands in the margins.
        for (int y = 0; y < img.height(); ++y) {
            for (int x = 0; x < int(10 / 25.4 * 100) - 1; ++x)
                QVERIFY(qGray(img.pixel(x, y)) >= 128);
        }
    }

    void singleCardPdf()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("card.pdf"));
        const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")));
        const RenderResult r = CardSheet::writeCardPdf(path, l);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(test::pdfPageCount(path), 1);
        const CardLayout monster = CardLayout::compute(test::monsterUnit());
        QVERIFY(CardSheet::writeCardPdf(path, monster).ok);
        QCOMPARE(test::pdfPageCount(path), monster.faceCount());
    }

    // A painter lays the roster out once per area and paints its pages from
    // that (a roster of thousands of models was laid out again for each page):
    // the pages are those a fresh painter gives, whatever the order of areas.
    void rosterPagesFromOneLayout()
    {
        const RosterData r = roster(150);
        const QSizeF a4 = CardSheet().contentRect().size();
        SheetOptions letterOptions;
        letterOptions.page = PageFormat::Letter;
        letterOptions.cardsPerPage = 1;
        const QSizeF letter = CardSheet(letterOptions).contentRect().size();
        QVERIFY(a4 != letter);
        auto image = [](const RosterPainter &painter, const QSizeF &area, int page) {
            QImage img(int(std::lround(area.width() / 25.4 * 40)),
                       int(std::lround(area.height() / 25.4 * 40)), QImage::Format_RGB32);
            img.fill(Qt::white);
            QPainter p(&img);
            p.scale(40 / 25.4, 40 / 25.4);
            painter.paint(&p, QRectF(QPointF(0, 0), area), page);
            return img;
        };
        const RosterPainter shared(r);
        for (const QSizeF &area : {a4, letter, a4}) {
            const int pages = shared.pageCount(area);
            QCOMPARE(pages, RosterPainter(r).pageCount(area));
            QVERIFY(pages >= 4);
            for (int page = 0; page < pages; ++page)
                QCOMPARE(image(shared, area, page), image(RosterPainter(r), area, page));
        }
    }

    // Output goes through io::OutputFile: a FIFO is written in place (and stays
    // a FIFO), a folder is refused with a clear error and left alone.
    void fifoAndFolder()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("cards.pdf"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const CardSheet sheet;
        for (int round = 0; round < 2; ++round) {
            // Our own reader, and a writer that keeps it from seeing the end
            // until the write is over: a FIFO replaced by a regular file then
            // reads as empty instead of hanging the test.
            const QByteArray name = QFile::encodeName(fifo);
            const int rfd = ::open(name.constData(), O_RDONLY | O_NONBLOCK);
            QVERIFY(rfd >= 0);
            QCOMPARE(::fcntl(rfd, F_SETFL, 0), 0);
            const int hold = ::open(name.constData(), O_WRONLY);
            QVERIFY(hold >= 0);
            QByteArray read;
            std::thread reader([&] {
                char buf[65536];
                for (ssize_t n; (n = ::read(rfd, buf, sizeof buf)) > 0;)
                    read.append(buf, n);
            });
            RenderResult res;
            if (round == 0) {
                res = sheet.writePdf(fifo, cards(5, sheet.cardSize()));
            } else {
                const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")));
                res = CardPainter(l).writePng(fifo, 50);
            }
            ::close(hold);
            reader.join();
            ::close(rfd);
            QVERIFY2(res.ok, qPrintable(res.error));
            if (round == 0) {
                QVERIFY(read.startsWith("%PDF-"));
                QVERIFY(read.trimmed().endsWith("%%EOF"));
                QCOMPARE(test::pdfPageCount(read), 2);
            } else {
                QImage png;
                QVERIFY(png.loadFromData(read, "PNG"));
                QCOMPARE(png.width(), 250);
            }
            QVERIFY(QFileInfo(fifo).exists() && !QFileInfo(fifo).isFile());
        }

        const QString folder = dir.filePath(QStringLiteral("folder.pdf"));
        QVERIFY(QDir().mkdir(folder));
        const RenderResult pdf = sheet.writePdf(folder, cards(1, sheet.cardSize()));
        QVERIFY(!pdf.ok);
        QCOMPARE(pdf.error, QStringLiteral("cannot write %1: it is a folder").arg(folder));
        const RenderResult one = CardSheet::writeCardPdf(
            folder, CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu"))));
        QVERIFY(!one.ok);
        QVERIFY(one.error.endsWith(QStringLiteral("it is a folder")));
        const RenderResult png
            = CardPainter(CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu"))))
                  .writePng(folder);
        QVERIFY(!png.ok);
        QVERIFY(png.error.endsWith(QStringLiteral("it is a folder")));
        QVERIFY(QFileInfo(folder).isDir());
    }

    void pageFormats()
    {
        QCOMPARE(pageFormatFromId(QStringLiteral("A4")), std::optional<PageFormat>(PageFormat::A4));
        QCOMPARE(pageFormatFromId(QStringLiteral("letter")),
                 std::optional<PageFormat>(PageFormat::Letter));
        QVERIFY(!pageFormatFromId(QStringLiteral("legal")));
        QCOMPARE(pageFormatId(PageFormat::Letter), QStringLiteral("letter"));
    }
};

QTEST_MAIN(TestCardSheet)
#include "tst_render_cardsheet.moc"
