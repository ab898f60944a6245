// SPDX-License-Identifier: GPL-3.0-or-later
// Card painting, checked on images: ink where the layout says, black on white
// with no large filled areas, and marks that change exactly the marked boxes.
#include "render/cardlayout.h"
#include "render/cardpainter.h"
#include "units/unitdatabase.h"

#include "rendertesthelpers.h"

#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace jw;

Q_DECLARE_METATYPE(jw::CardSize)

namespace {

bool dark(QRgb p)
{
    return qGray(p) < 128;
}

int darkPixels(const QImage &img, const QRect &r)
{
    int n = 0;
    const QRect c = r.intersected(img.rect());
    for (int y = c.top(); y <= c.bottom(); ++y) {
        for (int x = c.left(); x <= c.right(); ++x)
            n += dark(img.pixel(x, y));
    }
    return n;
}

// The bounding box of dark pixels inside r.
QRect inkBox(const QImage &img, const QRect &r)
{
    QRect box;
    const QRect c = r.intersected(img.rect());
    for (int y = c.top(); y <= c.bottom(); ++y) {
        for (int x = c.left(); x <= c.right(); ++x) {
            if (dark(img.pixel(x, y)))
                box |= QRect(x, y, 1, 1);
        }
    }
    return box;
}

QRect toPixels(const CardPainter &painter, const QImage &img, const QRectF &mm)
{
    return painter.transform(QRectF(img.rect())).mapRect(mm).toAlignedRect();
}

} // namespace

class TestCardPainter : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

private Q_SLOTS:
    void initTestCase()
    {
        m_db = UnitDatabase::loadShipped();
        QVERIFY(!m_db.hasErrors());
    }

    void imageSize()
    {
        const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")));
        const QImage img = CardPainter(l).toImage(300);
        QCOMPARE(img.size(), QSize(1500, 1050)); // 5 x 3.5 in
        QCOMPARE(img.dotsPerMeterX(), int(std::lround(300 / 0.0254)));
        QCOMPARE(CardPainter(l).toImage(100).size(), QSize(500, 350));
    }

    void everyUnit_data()
    {
        QTest::addColumn<QString>("unitId");
        QTest::addColumn<CardSize>("size");
        for (const Unit &u : m_db.units())
            QTest::addRow("%s", qPrintable(u.id)) << u.id << CardSize::Standard;
        QTest::addRow("poseidon/jumbo") << QStringLiteral("poseidon") << CardSize::Jumbo;
        QTest::addRow("wyvern/large") << QStringLiteral("wyvern") << CardSize::Large;
    }
    void everyUnit()
    {
        QFETCH(QString, unitId);
        QFETCH(CardSize, size);
        CardOptions o;
        o.size = size;
        const CardLayout l = CardLayout::compute(*m_db.unit(unitId), o);
        const CardPainter painter(l);
        const QImage img = painter.toImage(150);
        const int total = img.width() * img.height();

        // Not blank, but mostly paper: printer-friendly.
        const int ink = darkPixels(img, img.rect());
        QVERIFY2(ink > total / 100, qPrintable(QString::number(ink)));
        QVERIFY2(ink < total / 8, qPrintable(QString::number(ink)));

        // Greyscale only: black on white and its antialiasing.
        for (int y = 0; y < img.height(); y += 3) {
            for (int x = 0; x < img.width(); ++x) {
                const QRgb p = img.pixel(x, y);
                if (qRed(p) != qGreen(p) || qGreen(p) != qBlue(p))
                    QFAIL(qPrintable(QStringLiteral("colour at %1,%2").arg(x).arg(y)));
            }
        }

        // No large filled areas: no 15 x 15 mm square is a third ink (the bold
        // title of a Jumbo card is the densest thing on a card).
        const int k = int(std::lround(15.0 / 25.4 * 150));
        std::vector<int> sum(std::size_t((img.width() + 1) * (img.height() + 1)), 0);
        auto at = [&](int x, int y) -> int & {
            return sum[std::size_t(y * (img.width() + 1) + x)];
        };
        for (int y = 0; y < img.height(); ++y) {
            for (int x = 0; x < img.width(); ++x)
                at(x + 1, y + 1)
                    = at(x, y + 1) + at(x + 1, y) - at(x, y) + (dark(img.pixel(x, y)) ? 1 : 0);
        }
        for (int y = 0; y + k <= img.height(); y += 2) {
            for (int x = 0; x + k <= img.width(); x += 2) {
                const int n = at(x + k, y + k) - at(x, y + k) - at(x + k, y) + at(x, y);
                if (n > k * k / 3)
                    QFAIL(qPrintable(QStringLiteral("filled area at %1,%2").arg(x).arg(y)));
            }
        }

        // The name is drawn where the layout puts it, and spans its field.
        const CardField *name = l.field(QStringLiteral("name"));
        const QRect nameRect = toPixels(painter, img, name->rect);
        const QRect box = inkBox(img, nameRect.adjusted(-2, -2, 2, 2));
        QVERIFY(!box.isEmpty());
        QVERIFY(nameRect.adjusted(-2, -2, 2, 2).contains(box));
        const int slack = int(std::lround(1.0 / 25.4 * 150)); // 1 mm
        QVERIFY2(box.left() - nameRect.left() <= slack, qPrintable(unitId));
        QVERIFY2(nameRect.right() - box.right() <= slack, qPrintable(unitId));
        QVERIFY(darkPixels(img, nameRect) > nameRect.width() * nameRect.height() / 20);

        // Every text and box field has ink; frames and the empty space have none
        // except the fields' own: ink outside all fields is only the card edge.
        QImage rest = img;
        {
            QPainter p(&rest);
            p.setTransform(painter.transform(QRectF(img.rect())));
            for (const CardField &f : l.fields()) {
                if (f.kind != CardFieldKind::Frame)
                    p.fillRect(f.rect.adjusted(-0.1, -0.1, 0.1, 0.1), Qt::white);
            }
        }
        const int edge = int(std::lround(0.4 / 25.4 * 150)) + 1;
        const QRect stray = inkBox(rest, rest.rect().adjusted(edge, edge, -edge, -edge));
        QVERIFY2(stray.isEmpty(),
                 qPrintable(QStringLiteral("ink outside the fields at %1,%2 %3x%4 px")
                                .arg(stray.x())
                                .arg(stray.y())
                                .arg(stray.width())
                                .arg(stray.height())));
        for (const CardField &f : l.fields()) {
            if (f.kind == CardFieldKind::Text || f.kind == CardFieldKind::Box)
                QVERIFY2(darkPixels(img, toPixels(painter, img, f.rect)) > 0, qPrintable(f.id));
        }
    }

    // A marked card differs from the fresh one inside the marked boxes, and only there.
    void marksChangeOnlyMarkedBoxes_data()
    {
        QTest::addColumn<QString>("unitId");
        QTest::addColumn<int>("dpi");
        QTest::addRow("shan-yu") << QStringLiteral("shan-yu") << 200;
        QTest::addRow("poseidon") << QStringLiteral("poseidon") << 150;
        QTest::addRow("wyvern") << QStringLiteral("wyvern") << 200;
    }
    void marksChangeOnlyMarkedBoxes()
    {
        QFETCH(QString, unitId);
        QFETCH(int, dpi);
        const Unit &u = *m_db.unit(unitId);
        const CardLayout l = CardLayout::compute(u);
        CardMarks m;
        m.structure = 2;
        m.defense = 3;
        m.sensors = 1;
        m.thrusters = 1;
        m.marines = 1;
        m.fuel = 1;
        if (u.isCapital())
            m.weapons[0] = 1;
        for (std::size_t i = 0; i < u.traits.size(); ++i) {
            if (u.traits[i].system)
                m.traits[int(i)] = 1;
        }
        const CardPainter painter(l);
        const QImage fresh = painter.toImage(dpi);
        const QImage marked = painter.toImage(dpi, m);
        QCOMPARE(fresh.size(), marked.size());

        std::vector<QRect> boxes;
        for (const CardField &f : l.fields()) {
            if (CardLayout::isMarked(f, m))
                boxes.push_back(toPixels(painter, fresh, f.rect).adjusted(-1, -1, 1, 1));
        }
        QVERIFY(boxes.size() >= 3);
        std::vector<int> changed(boxes.size(), 0);
        for (int y = 0; y < fresh.height(); ++y) {
            for (int x = 0; x < fresh.width(); ++x) {
                if (fresh.pixel(x, y) == marked.pixel(x, y))
                    continue;
                bool inside = false;
                for (std::size_t b = 0; b < boxes.size(); ++b) {
                    if (boxes[b].contains(x, y)) {
                        inside = true;
                        ++changed[b];
                    }
                }
                if (!inside)
                    QFAIL(qPrintable(QStringLiteral("pixel %1,%2 changed outside the marked boxes")
                                         .arg(x)
                                         .arg(y)));
            }
        }
        for (std::size_t b = 0; b < boxes.size(); ++b)
            QVERIFY2(changed[b] > boxes[b].width(), qPrintable(QString::number(b)));
    }

    // One code path: painting into part of a bigger device lands in the target.
    void paintsIntoTarget()
    {
        const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("corsair")));
        QImage img(1000, 1000, QImage::Format_RGB32);
        img.fill(Qt::white);
        const QRectF target(100, 300, 635, 444.5);
        {
            QPainter p(&img);
            CardPainter(l).paint(&p, target);
        }
        const QRect ink = inkBox(img, img.rect());
        QVERIFY(target.toAlignedRect().adjusted(-1, -1, 1, 1).contains(ink));
        QVERIFY(ink.width() > 600);
    }

    void backFace()
    {
        const Unit u = test::monsterUnit();
        const CardLayout l = CardLayout::compute(u);
        QVERIFY(l.faceCount() > 1);
        const CardPainter painter(l);
        const QImage front = painter.toImage(100, {}, 0);
        const QImage back = painter.toImage(100, {}, 1);
        QVERIFY(darkPixels(back, back.rect()) > back.width() * back.height() / 100);
        QVERIFY(front != back);
    }

    void writePng()
    {
        QTemporaryDir dir;
        const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")));
        const QString path = dir.filePath(QStringLiteral("card.png"));
        const RenderResult r = CardPainter(l).writePng(path, 120);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QImage img(path);
        QCOMPARE(img.size(), QSize(600, 420));
        const RenderResult bad
            = CardPainter(l).writePng(dir.filePath(QStringLiteral("no/such/dir/card.png")));
        QVERIFY(!bad.ok);
        QVERIFY(!bad.error.isEmpty());
    }
};

QTEST_MAIN(TestCardPainter)
#include "tst_render_cardpainter.moc"
