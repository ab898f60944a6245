// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace jw {

enum class UnitType {
    Capital,
    ExoArmor,
    Fighter
};

[[nodiscard]] QString unitTypeId(UnitType t); // "capital", "exo-armor", "fighter"
[[nodiscard]] QString unitTypeName(UnitType t); // "Capital Ship", "Exo-Armor", "Fighter"
[[nodiscard]] std::optional<UnitType> unitTypeFromId(const QString &id);
[[nodiscard]] inline bool isSquadron(UnitType t)
{
    return t != UnitType::Capital;
}

enum class WeaponClass {
    BeamProjector,
    KineticCannon,
    Lance,
    MassDriver,
    Missile,
    ParticleCannon
};

[[nodiscard]] QString weaponClassId(WeaponClass c); // "beam-projector", ...
[[nodiscard]] QString weaponClassName(WeaponClass c); // "Beam Projector", ...
[[nodiscard]] std::optional<WeaponClass> weaponClassFromId(const QString &id);
[[nodiscard]] const std::vector<WeaponClass> &allWeaponClasses();

// Capital ship arcs (Attack: Model Arcs). Turret = every arc.
enum Arc : quint8 {
    ArcNone = 0,
    ArcFore = 1,
    ArcPort = 2,
    ArcStarboard = 4,
    ArcAft = 8,
    ArcTurret = ArcFore | ArcPort | ArcStarboard | ArcAft
};
// Card notation: "F", "P", "S", "A", "T", combinations joined by "/" ("F/P").
[[nodiscard]] QString arcsToString(quint8 arcs);
// The card notation read back (case and spaces ignored); nullopt when a part
// is not one of F, P, S, A, T.
[[nodiscard]] std::optional<quint8> arcsFromString(const QString &text);

// A rating track: the boxes printed on the card, lowest first. Redundant boxes
// repeat a value (Defense 1 2 3 4 4 5 5). The current rating is the highest
// unmarked box (Damage: Rating Damage); marking always takes the highest unmarked box.
struct Track
{
    std::vector<int> boxes;

    [[nodiscard]] int start() const { return boxes.empty() ? 0 : boxes.back(); }
    [[nodiscard]] int size() const { return int(boxes.size()); }
    [[nodiscard]] bool isEmpty() const { return boxes.empty(); }
    // The rating with `marked` boxes marked off (from the top).
    [[nodiscard]] int valueAfter(int marked) const;
    // Box i is redundant when another box has the same value.
    [[nodiscard]] bool isRedundant(int index) const;
    [[nodiscard]] QString toString() const; // "1 2 3 4 4 5 5"
    // Boxes 1..n: a plain rating written as a number.
    [[nodiscard]] static Track ofRating(int n);

    friend bool operator==(const Track &, const Track &) = default;
};

// A trait on a model or weapon, with its parameter ("Hangers: 2", "Stealth: 1").
struct TraitRef
{
    QString name; // canonical name from the trait catalog
    std::optional<int> value; // the X of "Trait: X"
    bool system = false; // a System Trait (damaged by critical hits)
    int boxes = 0; // damage boxes when system (value, or 1)

    [[nodiscard]] QString toString() const; // "Hangers: 2"
    friend bool operator==(const TraitRef &, const TraitRef &) = default;
};

struct Weapon
{
    QString name; // "Missiles: AC"
    WeaponClass weaponClass = WeaponClass::BeamProjector;
    quint8 arcs = ArcNone; // capital ships; squadrons have none
    std::optional<int> ac; // nullopt: Skill (Lance)
    std::optional<int> as; // nullopt: Skill (Lance)
    int macro = 0;
    int count = 1; // instances, one damage box each
    std::vector<TraitRef> traits;

    [[nodiscard]] bool hasTrait(const QString &name) const;
    [[nodiscard]] QString ratingText(std::optional<int> r) const; // "4" or "Skill"
    friend bool operator==(const Weapon &, const Weapon &) = default;
};

struct Armor
{
    int fore = 0;
    int sides = 0; // Port and Starboard
    int aft = 0;
    friend bool operator==(const Armor &, const Armor &) = default;
};

// Base size: squadrons stand on 1" hexes; capital ships on rectangles.
struct BaseSize
{
    bool hex = true;
    double width = 1.0; // inches, across the ship (Port-Starboard)
    double length = 1.0; // inches, along the ship (Fore-Aft)
    [[nodiscard]] QString toString() const; // "1\" hex", "2\" x 3\""
    friend bool operator==(const BaseSize &, const BaseSize &) = default;
};

// Where a unit was read from, for messages.
struct SourceLocation
{
    QString file;
    int line = 0; // 1-based
    int column = 0; // 1-based
    friend bool operator==(const SourceLocation &, const SourceLocation &) = default;
};

// Where one value of a unit comes from (data/factions/README.md, `sources`):
// the rules text (and where in it), a printed unit card (which one), or
// jwfleet's own estimate. What a tournament organiser needs to know before
// trusting a verdict built on the value.
struct ValueSource
{
    enum class Kind {
        Rules, // stated by the rules text (a worked example, a figure)
        Card, // printed on a published unit card
        Estimate // jwfleet's own: not published anywhere
    };

    Kind kind = Kind::Estimate;
    QString where; // "v1.2.2 Figure 1", "UNITS.md: worked examples"; may be empty
    // Entered by the user from a printed card (the user data overlay,
    // units/useroverlay.h), not shipped with jwfleet: a verdict says so.
    bool userEntered = false;

    [[nodiscard]] bool isPublished() const { return kind != Kind::Estimate; }
    [[nodiscard]] QString kindId() const; // "rules", "card", "estimate"
    // "rules (UNITS.md: worked examples)", "printed card (v1.2.3)", "jwfleet's estimate"
    [[nodiscard]] QString toString() const;
    [[nodiscard]] static std::optional<Kind> kindFromId(const QString &id);

    friend bool operator==(const ValueSource &, const ValueSource &) = default;
};

// The values a source can be given for (the keys of `sources`). Sub-keys:
// "armor.fore", "armor.sides", "armor.aft", and "weapons.NAME" for one weapon.
[[nodiscard]] const QStringList &sourceFields();

// One unit card (UNITS.md: Figure 1 legend and the squadron card legend).
struct Unit
{
    QString id; // slug of the name: "shan-yu"
    QString name;
    QString faction; // faction id: "venusian"
    UnitType type = UnitType::Capital;
    QString shipClass; // descriptive ("Destroyer"); may be empty
    int tv = 0;
    int unitCap = 0; // UC, 0 = none given
    int speed = 0;
    int turns = 0; // capital ships
    int fireControl = 0;
    int skill = 0;
    Armor armor; // capital ships
    Track structure;
    Track defense;
    Track sensors;
    Track thrusters; // capital ships
    Track marines; // capital ships (may be empty)
    Track fuel; // squadrons
    std::vector<Weapon> weapons;
    std::vector<TraitRef> traits;
    BaseSize base;
    QString rulesVersion; // "v1.2.2"
    bool provisional = false;
    QString provenance; // the summary in words
    // Where each value comes from: `sources` per field (sourceFields()), else
    // `defaultSource` (an estimate for a provisional unit, else a printed card).
    ValueSource defaultSource;
    std::map<QString, ValueSource> sources;
    QString description;
    SourceLocation source;

    [[nodiscard]] bool isCapital() const { return type == UnitType::Capital; }
    [[nodiscard]] bool isSquadron() const { return type != UnitType::Capital; }
    [[nodiscard]] const TraitRef *trait(const QString &name) const;
    [[nodiscard]] bool hasTrait(const QString &name) const { return trait(name) != nullptr; }
    [[nodiscard]] int weaponInstances() const;
    // The source of `field` ("tv", "armor.fore", "weapons.Missiles: AC"): its
    // own entry, else its parent's ("armor", "weapons"), else the default.
    [[nodiscard]] ValueSource sourceOf(const QString &field) const;
    // The Threat Value / the Unit Cap is jwfleet's estimate (no UC: false).
    [[nodiscard]] bool tvIsEstimate() const
    {
        return !sourceOf(QStringLiteral("tv")).isPublished();
    }
    [[nodiscard]] bool unitCapIsEstimate() const
    {
        return unitCap > 0 && !sourceOf(QStringLiteral("uc")).isPublished();
    }
    // The fields this card has, as sources names them ("armor.fore", one
    // "weapons.NAME" per weapon; "uc" only when it has one), in card order.
    [[nodiscard]] QStringList valueFields() const;
    // Those of valueFields() whose value is jwfleet's estimate.
    [[nodiscard]] QStringList estimatedFields() const;
    // Those of valueFields() whose value the user entered from a printed card.
    [[nodiscard]] QStringList userEnteredFields() const;

    friend bool operator==(const Unit &, const Unit &) = default;
};

// "Shan-Yu" -> "shan-yu", "Missiles: AC" -> "missiles-ac".
[[nodiscard]] QString slugify(const QString &name);

} // namespace jw
