// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/cardmarks.h"
#include "units/unit.h"

#include <QFont>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace jw {

// Card sizes, landscape (the rulebook's cards are wider than tall). A poker
// card (63.5 x 88.9 mm) cannot hold a capital ship's weapon table and five
// tracks at a readable size, so the smallest is an index card:
//   Standard 5 x 3.5 in (127 x 88.9 mm): 4 per page (2 x 2, landscape A4/Letter)
//   Large    6 x 4 in (152.4 x 101.6 mm): 2 per page (stacked, portrait)
//   Jumbo    7 x 5 in (177.8 x 127 mm):   1 per page (portrait)
// Each fits A4 and Letter with 10 mm margins (render/cardsheet.h).
enum class CardSize {
    Standard,
    Large,
    Jumbo
};

struct CardSizeInfo
{
    CardSize size = CardSize::Standard;
    QString id; // "standard"
    QString name; // "Standard, 5 x 3.5 in"
    QSizeF mm; // width x height, landscape
    qreal bodyPoints = 0; // default body text size
};

[[nodiscard]] const std::vector<CardSizeInfo> &cardSizes();
[[nodiscard]] const CardSizeInfo &cardSizeInfo(CardSize size);
[[nodiscard]] std::optional<CardSize> cardSizeFromId(const QString &id);

struct CardStyle
{
    QStringList families; // empty: TextMetrics::defaultFamilies()
    qreal bodyPoints = 0; // 0: the card size's default
    qreal minBodyPoints = 5.5; // the layout shrinks text down to this, never below
    bool reminders = true; // one line of rules text per trait, when there is room
};

struct CardOptions
{
    CardSize size = CardSize::Standard;
    CardStyle style;
    QString factionName; // printed; empty: the unit's faction id
    // A fleet's model: its own name ("JCS Vigilant") heads the card, the unit's
    // name goes next to the faction; empty or equal to the unit's name: no change.
    QString modelName;
    QStringList upgrades; // upgrade cards fitted ("Ace Pilot"), listed after the traits
    int upgradeTv = 0; // their TV: the card prints the model's TV with them
};

enum class CardFieldKind {
    Text, // text in a rect; `boxed` draws a thin frame around it
    Box, // a damage box (rating track, weapon instance, System Trait) or a legend sample
    Rule, // a thin line along the rect's long side
    Frame // a region (not drawn) that contains other fields: see CardField::container
};

enum class CardTextRole {
    Title, // name, threat value
    Subtitle, // faction and type
    Mark, // PROVISIONAL
    Label, // stat labels, table header
    Stat, // stat values
    Heading, // track names, "Traits:"
    Body, // weapon rows, traits
    Small, // footer, legend, track hints
    BoxValue // the rating printed in a track box
};

enum class CardBoxOwner {
    None, // legend sample
    Track,
    Weapon,
    Trait
};

// One field of a card. Ids (indices are 0-based, as in Unit::weapons and
// Unit::traits; boxes in printed order, lowest rating first):
//   name tv faction unit type provisional uc rules base legend legend.box
//   stat.speed stat.speed.label stat.fc stat.turns stat.skill stat.defense stat.sensors
//   armor.label armor.fore armor.fore.label armor.sides armor.aft
//   weapons.header.name (.arc .ac .as .macro .traits), weapon.2.name (.arc .ac .as
//   .macro .traits), weapon.1.box.3, weapon.1.rule
//   traits.label trait.4 trait.4.box.0 trait.4.sep upgrade.0 upgrade.0.sep
//   reminders.rule reminder.0 (trait rules text, in card order, as many as fit)
//   reminders.more (the traits whose rules text did not fit, by name)
//   track.defense track.defense.hint track.defense.box.5 track.marines.none
//   frames: header left tracks footer (front), back.header back.left (card back)
//   rules: header.rule footer.rule column.rule weapons.header.rule
// Containment: every field but a Frame lies inside the Frame named by `container`;
// Text, Box and Rule fields of one face never overlap one another; Frames of one
// face never overlap one another.
struct CardField
{
    QString id;
    CardFieldKind kind = CardFieldKind::Text;
    QRectF rect; // millimetres, card coordinates (top-left of the card at 0,0)
    QString text; // lines separated by '\n'; a Box's text is its printed rating
    CardTextRole role = CardTextRole::Body;
    Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter;
    int face = 0; // 0 front, 1.. card back (continued)
    QString container;
    bool boxed = false;

    // Boxes
    CardBoxOwner owner = CardBoxOwner::None;
    int ownerIndex = -1; // int(CardTrack), weapon index or trait index
    int boxIndex = -1;
    int boxCount = 0; // boxes of the owner
    bool redundant = false; // repeats a rating (Damage: Rating Damage)
};

// Where every field of a unit card goes, and what it says: computed once, then
// painted onto any device by CardPainter, and checked by tests. Text is measured
// with the fonts the painter uses. When the content does not fit, the layout
// shrinks the text (down to CardStyle::minBodyPoints), narrows the track column
// (more rows of boxes) and at the floor continues the weapon table and traits
// on a card back (face 1). Anything that still does not fit is in problems().
class CardLayout
{
public:
    CardLayout() = default;

    [[nodiscard]] static CardLayout compute(const Unit &unit, const CardOptions &options = {});

    [[nodiscard]] QSizeF size() const { return m_size; } // mm
    [[nodiscard]] QRectF rect() const { return QRectF(QPointF(0, 0), m_size); }
    [[nodiscard]] CardSize cardSize() const { return m_cardSize; }
    [[nodiscard]] int faceCount() const { return m_faceCount; }
    [[nodiscard]] qreal bodyPoints() const { return m_bodyPoints; } // the size chosen
    [[nodiscard]] const QString &unitId() const { return m_unitId; }
    [[nodiscard]] const QString &unitName() const { return m_unitName; }
    [[nodiscard]] bool isProvisional() const { return m_provisional; }

    [[nodiscard]] const std::vector<CardField> &fields() const { return m_fields; }
    [[nodiscard]] const CardField *field(const QString &id) const;
    [[nodiscard]] std::vector<const CardField *> fieldsOn(int face) const;

    // The font a text role is painted with (TextMetrics: sized in twips).
    [[nodiscard]] QFont font(CardTextRole role) const;
    // Whether `marks` cross out this box.
    [[nodiscard]] static bool isMarked(const CardField &box, const CardMarks &marks);

    // Checks, one message per problem; all empty for a good layout.
    [[nodiscard]] QStringList overlaps() const; // fields that overlap
    [[nodiscard]] QStringList clipped() const; // outside the card or container, or text too big
    [[nodiscard]] const QStringList &problems() const { return m_problems; } // did not fit

private:
    friend class CardLayoutBuilder;

    QSizeF m_size;
    CardSize m_cardSize = CardSize::Standard;
    int m_faceCount = 1;
    qreal m_bodyPoints = 0;
    qreal m_titlePoints = 0;
    QStringList m_families;
    QString m_unitId;
    QString m_unitName;
    bool m_provisional = false;
    std::vector<CardField> m_fields;
    QStringList m_problems;
};

} // namespace jw
