// SPDX-License-Identifier: GPL-3.0-or-later
// nearestClearCentre() and nearestContactCentre() skip the pairs of regions that
// cannot cross and the tests that cannot matter, and try the candidates nearest
// first. Their answers must be exactly those of the plain algorithms (every
// candidate, every region), kept here as the reference, on crowded random tables.
#include "geometry/convex.h"
#include "geometry/measure.h"
#include "geometry/overlapresolution.h"

#include "geometrytestutil.h"

#include <QTest>

#include <limits>
#include <random>

using namespace jw;
using namespace jw::test;

namespace {

constexpr double kOnBoundary = 1e-9;

QPolygonF forbiddenCentres(const BaseShape &mover, const QPolygonF &obstacle)
{
    QPolygonF mirrored;
    const QPointF c = mover.centre();
    for (const QPointF &p : mover.outline())
        mirrored.append(c - p);
    return convex::minkowskiSum(convex::oriented(obstacle), mirrored);
}

void addCrossings(const QPolygonF &a, const QPolygonF &b, QPolygonF &out)
{
    for (qsizetype i = 0; i < a.size(); ++i)
        for (qsizetype j = 0; j < b.size(); ++j) {
            const QPointF p = a[i], q = a[(i + 1) % a.size()];
            const QPointF c = b[j], d = b[(j + 1) % b.size()];
            const QPointF r = q - p, s = d - c;
            const double denom = convex::cross(r, s);
            if (std::abs(denom) < 1e-15)
                continue;
            const double t = convex::cross(c - p, s) / denom;
            const double u = convex::cross(c - p, r) / denom;
            if (t < -kOnBoundary || t > 1.0 + kOnBoundary || u < -kOnBoundary
                || u > 1.0 + kOnBoundary)
                continue;
            out.append(p + t * r);
        }
}

void addOutline(const QPolygonF &polygon, QPointF p, QPolygonF &out)
{
    for (qsizetype i = 0; i < polygon.size(); ++i) {
        out.append(convex::closestPointOnSegment(p, polygon[i], polygon[(i + 1) % polygon.size()]));
        out.append(polygon[i]);
    }
}

// The plain algorithm: every crossing of every pair, every candidate against
// every region, the nearest free one (the first of equally near ones).
std::optional<QPointF> reference(const BaseShape &mover, const std::vector<BaseShape> &obstacles,
                                 double gap, const QRectF &area)
{
    const QPointF c0 = mover.centre();
    std::vector<QPolygonF> forbidden;
    for (const BaseShape &o : obstacles)
        forbidden.push_back(convex::grown(forbiddenCentres(mover, o.outline()), gap));
    const QRectF box = mover.boundingRect();
    const QRectF centres(
        QPointF(area.left() + (c0.x() - box.left()), area.top() + (c0.y() - box.top())),
        QPointF(area.right() - (box.right() - c0.x()), area.bottom() - (box.bottom() - c0.y())));
    const QPolygonF allowed(
        {centres.topLeft(), centres.topRight(), centres.bottomRight(), centres.bottomLeft()});
    QPolygonF candidates {c0};
    for (size_t i = 0; i < forbidden.size(); ++i) {
        addOutline(forbidden[i], c0, candidates);
        for (size_t j = i + 1; j < forbidden.size(); ++j)
            addCrossings(forbidden[i], forbidden[j], candidates);
        addCrossings(forbidden[i], allowed, candidates);
    }
    addOutline(allowed, c0, candidates);
    std::optional<QPointF> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const QPointF &p : candidates) {
        if (std::any_of(forbidden.begin(), forbidden.end(),
                        [&](const QPolygonF &f) { return convex::depthOf(f, p) > kOnBoundary; }))
            continue;
        if (!convex::contains(allowed, p, kOnBoundary))
            continue;
        const double d = convex::length(p - c0);
        if (d < bestDistance) {
            bestDistance = d;
            best = p;
        }
    }
    return best;
}

// nearestContactCentre's plain algorithm: the contact outline's candidates
// against every obstacle.
std::optional<QPointF> contactReference(const BaseShape &mover, const BaseShape &target,
                                        QPointF desired, const std::vector<BaseShape> &obstacles)
{
    const QPolygonF contact = forbiddenCentres(mover, target.outline());
    std::vector<QPolygonF> forbidden;
    for (const BaseShape &o : obstacles)
        forbidden.push_back(forbiddenCentres(mover, o.outline()));
    QPolygonF candidates;
    addOutline(contact, desired, candidates);
    for (const QPolygonF &f : forbidden)
        addCrossings(contact, f, candidates);
    std::optional<QPointF> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const QPointF &p : candidates) {
        if (std::any_of(forbidden.begin(), forbidden.end(),
                        [&](const QPolygonF &f) { return convex::depthOf(f, p) > kOnBoundary; }))
            continue;
        const double d = convex::length(p - desired);
        if (d < bestDistance) {
            bestDistance = d;
            best = p;
        }
    }
    return best;
}

} // namespace

class TestGeometryClearCentre : public QObject
{
    Q_OBJECT
    int m_moved = 0; // cases where the base had to move (the search mattered)
    int m_contacts = 0; // contact spots found

private Q_SLOTS:
    void cleanupTestCase()
    {
        QVERIFY2(m_moved >= 20, qPrintable(QString::number(m_moved)));
        QVERIFY2(m_contacts >= 20, qPrintable(QString::number(m_contacts)));
    }

    void sameAsPlainAlgorithm_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("bases");
        for (int seed = 1; seed <= 40; ++seed)
            QTest::addRow("%d", seed) << seed << (seed % 4 + 1) * 20;
    }

    // Ships and squadrons in rows (touching, overlapping, far apart), a base
    // dropped among them: the same answer, to the bit.
    void sameAsPlainAlgorithm()
    {
        QFETCH(int, seed);
        QFETCH(int, bases);
        std::mt19937_64 rng {std::uint64_t(seed)};
        const auto uniform = [&](double lo, double hi) {
            return std::uniform_real_distribution<double>(lo, hi)(rng);
        };
        std::vector<BaseShape> obstacles;
        for (int i = 0; i < bases; ++i) {
            const double x = 2 + (i % 12) * uniform(1.6, 2.4);
            const double y = 2 + (i / 12) * uniform(2.0, 3.5);
            if (i % 3 == 0)
                obstacles.push_back(hexAt(x, y));
            else
                obstacles.push_back(shipAt(i % 2 ? 1.5 : 2.0, i % 2 ? 3.0 : 2.0, x, y,
                                           i % 5 == 0 ? uniform(0, 360) : 0.0));
        }
        const bool squadron = seed % 2 == 0;
        const QPointF at(uniform(2, 22), uniform(2, 2 + (bases / 12) * 2.5));
        const BaseShape mover = squadron ? hexAt(at.x(), at.y()) : shipAt(1.5, 3, at.x(), at.y());
        const QRectF table = tableRect();
        const auto expected = reference(mover, obstacles, kBreakContactGap, table);
        const auto got = jw::nearestClearCentre(mover, obstacles, kBreakContactGap, table);
        QCOMPARE(got.has_value(), expected.has_value());
        if (got) {
            m_moved += *got != mover.centre() ? 1 : 0;
            QCOMPARE(got->x(), expected->x());
            QCOMPARE(got->y(), expected->y());
        }
        // A squadron into contact with one of them (an interception), clear of the rest.
        const BaseShape &target = obstacles[std::size_t(seed) % obstacles.size()];
        std::vector<BaseShape> others;
        for (const BaseShape &o : obstacles)
            if (&o != &target)
                others.push_back(o);
        const BaseShape squadronBase = hexAt(at.x(), at.y());
        const auto contactExpected = contactReference(squadronBase, target, at, others);
        const auto contactGot = jw::nearestContactCentre(squadronBase, target, at, others);
        QCOMPARE(contactGot.has_value(), contactExpected.has_value());
        if (contactGot) {
            ++m_contacts;
            QCOMPARE(contactGot->x(), contactExpected->x());
            QCOMPARE(contactGot->y(), contactExpected->y());
        }
    }
};

QTEST_GUILESS_MAIN(TestGeometryClearCentre)
#include "tst_geometryclearcentre.moc"
