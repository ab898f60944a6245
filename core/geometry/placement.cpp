// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/placement.h"

#include "geometry/geometry.h"

namespace jw {

Placement::Placement(QPointF centre, double facing)
    : m_centre(centre)
    , m_facing(normalizedFacing(facing))
{ }

void Placement::setFacing(double facing)
{
    m_facing = normalizedFacing(facing);
}

QPointF Placement::forward() const
{
    return facingVector(m_facing);
}

QPointF Placement::starboard() const
{
    return facingVector(m_facing + 90.0);
}

Placement Placement::advanced(double inches) const
{
    return {m_centre + inches * forward(), m_facing};
}

Placement Placement::turned(double degrees) const
{
    return {m_centre, m_facing + degrees};
}

Placement Placement::translated(QPointF offset) const
{
    return {m_centre + offset, m_facing};
}

QPointF Placement::mapToTable(QPointF local) const
{
    return m_centre + local.x() * starboard() - local.y() * forward();
}

QPointF Placement::mapFromTable(QPointF table) const
{
    const QPointF d = table - m_centre;
    const QPointF f = forward();
    const QPointF s = starboard();
    return {d.x() * s.x() + d.y() * s.y(), -(d.x() * f.x() + d.y() * f.y())};
}

QString Placement::toString() const
{
    return QStringLiteral("(%1, %2) facing %3")
        .arg(m_centre.x(), 0, 'g', 6)
        .arg(m_centre.y(), 0, 'g', 6)
        .arg(m_facing, 0, 'g', 6);
}

} // namespace jw
