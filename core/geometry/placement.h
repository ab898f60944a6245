// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointF>
#include <QString>

namespace jw {

// Where a model stands: the centre of its base and its facing (degrees clockwise from up,
// always in [0, 360)). Squadrons have no facing; theirs is kept but means nothing.
class Placement
{
public:
    Placement() = default;
    Placement(QPointF centre, double facing = 0.0);

    [[nodiscard]] QPointF centre() const { return m_centre; }
    void setCentre(QPointF centre) { m_centre = centre; }
    [[nodiscard]] double facing() const { return m_facing; }
    void setFacing(double facing);

    // Unit vectors toward the Fore and toward Starboard (the right hand when facing Fore).
    [[nodiscard]] QPointF forward() const;
    [[nodiscard]] QPointF starboard() const;

    // Moved `inches` straight ahead (backward when negative), facing unchanged.
    [[nodiscard]] Placement advanced(double inches) const;
    // Turned in place (about the base centre) by `degrees`, clockwise (to starboard)
    // when positive.
    [[nodiscard]] Placement turned(double degrees) const;
    [[nodiscard]] Placement translated(QPointF offset) const;

    // A point given in the model's frame (x to starboard, y toward the aft, origin at the
    // base centre) on the table, and back. At facing 0 the frames are parallel.
    [[nodiscard]] QPointF mapToTable(QPointF local) const;
    [[nodiscard]] QPointF mapFromTable(QPointF table) const;

    [[nodiscard]] QString toString() const; // "(12, 30.5) facing 45"

    friend bool operator==(const Placement &, const Placement &) = default;

private:
    QPointF m_centre;
    double m_facing = 0.0;
};

} // namespace jw
