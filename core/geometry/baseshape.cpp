// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/baseshape.h"

#include "geometry/convex.h"
#include "geometry/geometry.h"

#include <cmath>

namespace jw {

namespace {

const double kHexCorner = 1.0 / std::sqrt(3.0); // circumradius of a 1" (flat to flat) hex
constexpr double kHexFlat = 0.5;

} // namespace

BaseShape::BaseShape(const BaseSize &size, const Placement &placement)
    : m_size(size)
    , m_placement(placement)
{ }

BaseShape BaseShape::hex(QPointF centre)
{
    return {BaseSize {true, 1.0, 1.0}, Placement(centre)};
}

BaseShape BaseShape::rectangle(double width, double length, QPointF centre, double facing)
{
    return {BaseSize {false, width, length}, Placement(centre, facing)};
}

BaseShape BaseShape::placedAt(const Placement &placement) const
{
    return {m_size, placement};
}

double BaseShape::halfWidth() const
{
    return m_size.hex ? kHexCorner : m_size.width / 2.0;
}

double BaseShape::halfLength() const
{
    return m_size.hex ? kHexFlat : m_size.length / 2.0;
}

QPolygonF BaseShape::outline() const
{
    const QPointF c = centre();
    if (m_size.hex) {
        const double r = kHexCorner;
        return QPolygonF({c + QPointF(-r, 0.0), c + QPointF(-r / 2.0, -kHexFlat),
                          c + QPointF(r / 2.0, -kHexFlat), c + QPointF(r, 0.0),
                          c + QPointF(r / 2.0, kHexFlat), c + QPointF(-r / 2.0, kHexFlat)});
    }
    const double w = halfWidth();
    const double l = halfLength();
    // Placement::mapToTable() of each corner, with the two unit vectors (a sine and a
    // cosine each) computed once instead of once a corner.
    const QPointF s = m_placement.starboard();
    const QPointF f = m_placement.forward();
    const auto toTable = [&](double x, double y) {
        return c + x * s - y * f;
    };
    return QPolygonF({toTable(-w, -l), toTable(w, -l), toTable(w, l), toTable(-w, l)});
}

QRectF BaseShape::boundingRect() const
{
    return outline().boundingRect();
}

double BaseShape::area() const
{
    return convex::area(outline());
}

bool BaseShape::contains(QPointF point) const
{
    return convex::contains(outline(), point, kContactTolerance);
}

QLineF BaseShape::foreEdge() const
{
    if (m_size.hex)
        return {};
    const QPolygonF o = outline();
    return {o[0], o[1]};
}

QLineF BaseShape::aftEdge() const
{
    if (m_size.hex)
        return {};
    const QPolygonF o = outline();
    return {o[3], o[2]};
}

QLineF BaseShape::portEdge() const
{
    if (m_size.hex)
        return {};
    const QPolygonF o = outline();
    return {o[0], o[3]};
}

QLineF BaseShape::starboardEdge() const
{
    if (m_size.hex)
        return {};
    const QPolygonF o = outline();
    return {o[1], o[2]};
}

QTransform BaseShape::transform() const
{
    QTransform t;
    t.translate(centre().x(), centre().y());
    if (!m_size.hex)
        t.rotate(facing());
    return t;
}

QString BaseShape::toString() const
{
    return m_size.toString() + QStringLiteral(" at ") + m_placement.toString();
}

} // namespace jw
