// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/cardlayout.h"

#include "render/textmetrics.h"
#include "units/traitcatalog.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <utility>

namespace jw {

const std::vector<CardSizeInfo> &cardSizes()
{
    static const std::vector<CardSizeInfo> sizes {
        {CardSize::Standard, QStringLiteral("standard"), QStringLiteral("Standard, 5 x 3.5 in"),
         QSizeF(127.0, 88.9), 8.5},
        {CardSize::Large, QStringLiteral("large"), QStringLiteral("Large, 6 x 4 in"),
         QSizeF(152.4, 101.6), 9.5},
        {CardSize::Jumbo, QStringLiteral("jumbo"), QStringLiteral("Jumbo, 7 x 5 in"),
         QSizeF(177.8, 127.0), 12.0},
    };
    return sizes;
}

const CardSizeInfo &cardSizeInfo(CardSize size)
{
    for (const CardSizeInfo &i : cardSizes()) {
        if (i.size == size)
            return i;
    }
    return cardSizes().front();
}

std::optional<CardSize> cardSizeFromId(const QString &id)
{
    for (const CardSizeInfo &i : cardSizes()) {
        if (i.id.compare(id, Qt::CaseInsensitive) == 0)
            return i.size;
    }
    return std::nullopt;
}

namespace {

constexpr qreal kEps = 1e-3; // mm
constexpr qreal kRuleWidth = 0.25; // mm: header, footer and column rules
constexpr qreal kThinRule = 0.15; // mm: table rows
constexpr qreal kBodyStep = 0.25; // points: how the layout shrinks text
constexpr int kMinPerRow = 4; // fewest boxes in a row of a rating track
constexpr int kWeaponBoxesPerRow = 4;

QFont roleFont(const QStringList &families, qreal body, qreal title, CardTextRole role)
{
    switch (role) {
    case CardTextRole::Title:
        return TextMetrics::font(families, title, true);
    case CardTextRole::Subtitle:
        return TextMetrics::font(families, body * 0.9);
    case CardTextRole::Mark:
        return TextMetrics::font(families, body * 0.8, true);
    case CardTextRole::Label:
        return TextMetrics::font(families, body * 0.78);
    case CardTextRole::Stat:
        return TextMetrics::font(families, body * 1.3, true);
    case CardTextRole::Heading:
        return TextMetrics::font(families, body * 0.95, true);
    case CardTextRole::Body:
        return TextMetrics::font(families, body);
    case CardTextRole::Small:
        return TextMetrics::font(families, body * 0.8);
    case CardTextRole::BoxValue:
        return TextMetrics::font(families, body * 0.72);
    }
    return TextMetrics::font(families, body);
}

bool overlapping(const QRectF &a, const QRectF &b)
{
    const QRectF i = a.intersected(b);
    return i.width() > kEps && i.height() > kEps;
}

bool inside(const QRectF &outer, const QRectF &inner)
{
    return inner.left() >= outer.left() - kEps && inner.top() >= outer.top() - kEps
        && inner.right() <= outer.right() + kEps && inner.bottom() <= outer.bottom() + kEps;
}

QString ratingText(int v)
{
    return v > 0 ? QString::number(v) : QStringLiteral("-");
}

// A row of the left column (stats, a weapon, a line of traits): fields relative
// to the row's top-left. Rows are atomic: a row never straddles two faces.
struct Row
{
    std::vector<CardField> fields;
    qreal height = 0;
    qreal gapBefore = 0; // space above, dropped at the top of a face
    bool weapon = false; // repeats the table header when continued on a back
};

struct TrackSpec
{
    CardTrack track;
    const Track *boxes;
    QString hint; // "1-2" on Defense, Sensors and Thrusters of capital ships
};

} // namespace

class CardLayoutBuilder
{
public:
    CardLayoutBuilder(const Unit &unit, const CardOptions &options)
        : m_unit(unit)
        , m_options(options)
        , m_families(options.style.families.isEmpty() ? TextMetrics::defaultFamilies()
                                                      : options.style.families)
    {
        m_size = cardSizeInfo(options.size).mm;
        m_estimated = unit.estimatedFields();
        m_estimated.removeAll(QStringLiteral("type")); // the card marks no type
        if (unit.isCapital()) {
            m_tracks = {{CardTrack::Structure, &unit.structure, {}},
                        {CardTrack::Defense, &unit.defense, QStringLiteral("1-2")},
                        {CardTrack::Sensors, &unit.sensors, QStringLiteral("3-4")},
                        {CardTrack::Thrusters, &unit.thrusters, QStringLiteral("5-6")},
                        {CardTrack::Marines, &unit.marines, {}}};
        } else {
            m_tracks
                = {{CardTrack::Structure, &unit.structure, {}}, {CardTrack::Fuel, &unit.fuel, {}}};
        }
    }

    CardLayout build()
    {
        const qreal base = m_options.style.bodyPoints > 0 ? m_options.style.bodyPoints
                                                          : cardSizeInfo(m_options.size).bodyPoints;
        const qreal floor = std::min(base, std::max(1.0, m_options.style.minBodyPoints));
        int longest = 1;
        for (const TrackSpec &t : m_tracks)
            longest = std::max(longest, t.boxes->size());
        const int fewest = std::min(longest, kMinPerRow);

        // Largest text first; at each size the widest track rows (fewest rows) first.
        for (qreal body = base; body >= floor - kEps; body -= kBodyStep) {
            for (int perRow = longest; perRow >= fewest; --perRow) {
                CardLayout l = attempt(body, perRow, false);
                if (l.m_problems.isEmpty())
                    return l;
            }
        }
        // At the floor: continue on the card back.
        for (int perRow = longest; perRow >= fewest; --perRow) {
            CardLayout l = attempt(floor, perRow, true);
            if (l.m_problems.isEmpty())
                return l;
        }
        return attempt(floor, fewest, true); // best effort; problems() says what is wrong
    }

private:
    QFont font(CardTextRole role) const { return roleFont(m_families, m_body, m_title, role); }
    qreal lineH(CardTextRole role) const { return TextMetrics::lineHeight(font(role)); }
    // Widths are measured again in every attempt of build() (each text size,
    // each width of the track column): keep them, by font size and text.
    qreal textW(CardTextRole role, const QString &s) const
    {
        const QFont f = font(role);
        const auto key = std::make_pair(f.pixelSize() * 2 + int(f.bold()), s);
        const auto it = m_widths.constFind(key);
        if (it != m_widths.cend())
            return *it;
        const qreal w = TextMetrics::width(f, s);
        m_widths.insert(key, w);
        return w;
    }

    static CardField text(const QString &id, const QRectF &r, const QString &t, CardTextRole role,
                          Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
    {
        CardField f;
        f.id = id;
        f.kind = CardFieldKind::Text;
        f.rect = r;
        f.text = t;
        f.role = role;
        f.align = align;
        return f;
    }

    static CardField box(const QString &id, const QRectF &r, CardBoxOwner owner, int ownerIndex,
                         int index, int count)
    {
        CardField f;
        f.id = id;
        f.kind = CardFieldKind::Box;
        f.rect = r;
        f.role = CardTextRole::BoxValue;
        f.align = Qt::AlignCenter;
        f.owner = owner;
        f.ownerIndex = ownerIndex;
        f.boxIndex = index;
        f.boxCount = count;
        return f;
    }

    static CardField rule(const QString &id, const QRectF &r)
    {
        CardField f;
        f.id = id;
        f.kind = CardFieldKind::Rule;
        f.rect = r;
        return f;
    }

    static CardField frame(const QString &id, const QRectF &r)
    {
        CardField f;
        f.id = id;
        f.kind = CardFieldKind::Frame;
        f.rect = r;
        return f;
    }

    void add(CardField f, const QString &container, int face = 0)
    {
        f.container = container;
        f.face = face;
        m_out.m_fields.push_back(std::move(f));
    }

    void problem(const QString &what) { m_out.m_problems << what; }

    CardLayout attempt(qreal body, int perRow, bool allowBack)
    {
        m_body = body;
        m_out = CardLayout();
        m_out.m_size = m_size;
        m_out.m_cardSize = m_options.size;
        m_out.m_families = m_families;
        m_out.m_bodyPoints = body;
        m_out.m_unitId = m_unit.id;
        m_out.m_unitName = m_unit.name;
        m_out.m_provisional = m_unit.provisional;

        const qreal W = m_size.width();
        const qreal H = m_size.height();
        m_margin = std::max(2.5, H * 0.034);
        m_lb = lineH(CardTextRole::Body);
        m_gap = 0.5 * m_lb;
        m_trackBox = 1.5 * m_lb;
        m_weaponBox = 1.05 * m_lb;

        // Header: name and threat value; faction, type and PROVISIONAL below.
        // The model's TV, upgrades included; "*": jwfleet's estimate, not published.
        const QString tvText = QStringLiteral("%1%2 TV")
                                   .arg(m_unit.tv + m_options.upgradeTv)
                                   .arg(m_unit.tvIsEstimate() ? QStringLiteral("*") : QString());
        m_title = body * 1.8;
        for (;;) {
            const qreal avail = W - 2 * m_margin - textW(CardTextRole::Title, tvText) - 2 * m_gap;
            if (textW(CardTextRole::Title, displayName()) <= avail)
                break;
            if (m_title - kBodyStep < body * 1.25) {
                problem(QStringLiteral("name: '%1' does not fit").arg(displayName()));
                break;
            }
            m_title -= kBodyStep;
        }
        m_out.m_titlePoints = m_title;
        const qreal bodyTop = layoutHeader(0, displayName(), tvText);
        const qreal bodyBottom = layoutFooter();

        // Tracks column on the right, the rest on the left.
        const qreal tracksW = tracksWidth(perRow);
        const qreal colGap = 2 * m_gap;
        const qreal tracksX = W - m_margin - tracksW;
        m_leftX = m_margin;
        m_leftW = tracksX - colGap - m_margin;
        layoutTracks(QRectF(tracksX, bodyTop, tracksW, bodyBottom - bodyTop), perRow);
        add(rule(QStringLiteral("column.rule"),
                 QRectF(tracksX - colGap / 2 - kRuleWidth / 2, bodyTop, kRuleWidth,
                        bodyBottom - bodyTop)),
            {});
        add(frame(QStringLiteral("left"), QRectF(m_leftX, bodyTop, m_leftW, bodyBottom - bodyTop)),
            {});

        std::vector<Row> rows;
        rows.push_back(statsRow());
        if (!m_unit.weapons.empty())
            weaponRows(rows);
        if (!m_unit.traits.empty() || !m_options.upgrades.isEmpty())
            traitRows(rows);
        const qreal end = placeRows(rows, bodyTop, bodyBottom, allowBack);
        if (m_options.style.reminders && m_out.m_faceCount == 1 && m_out.m_problems.isEmpty())
            addReminders(end, bodyBottom);
        return m_out;
    }

    // Returns the top of the body (below the header rule).
    qreal layoutHeader(int face, const QString &name, const QString &tvText)
    {
        const qreal W = m_size.width();
        const QString p = facePrefix(face);
        qreal y = m_margin;
        const qreal titleH = lineH(CardTextRole::Title);
        const qreal nameW = textW(CardTextRole::Title, name);
        add(text(p + QStringLiteral("name"), QRectF(m_margin, y, nameW, titleH), name,
                 CardTextRole::Title),
            p + QStringLiteral("header"), face);
        if (!tvText.isEmpty()) {
            const qreal tvW = textW(CardTextRole::Title, tvText);
            add(text(QStringLiteral("tv"), QRectF(W - m_margin - tvW, y, tvW, titleH), tvText,
                     CardTextRole::Title, Qt::AlignRight | Qt::AlignVCenter),
                QStringLiteral("header"), face);
        }
        y += titleH;

        // Faction and type; PROVISIONAL on the right.
        const qreal subH = lineH(CardTextRole::Subtitle);
        const qreal markPadX = 0.25 * m_lb;
        const qreal markPadY = 0.08 * m_lb;
        const qreal markH = lineH(CardTextRole::Mark) + 2 * markPadY;
        const qreal lineHeight = std::max(subH, markH);
        qreal x = m_margin;
        qreal right = W - m_margin;
        if (m_unit.provisional) {
            const QString mark = QStringLiteral("PROVISIONAL");
            const qreal w = textW(CardTextRole::Mark, mark) + 2 * markPadX;
            CardField f = text(p + QStringLiteral("provisional"),
                               QRectF(right - w, y + (lineHeight - markH) / 2, w, markH), mark,
                               CardTextRole::Mark, Qt::AlignCenter);
            f.boxed = true;
            add(f, p + QStringLiteral("header"), face);
            right -= w + m_gap;
        }
        QStringList parts;
        QStringList ids;
        if (face == 0) {
            parts << factionName();
            ids << QStringLiteral("faction");
            if (displayName() != m_unit.name) {
                parts << m_unit.name;
                ids << QStringLiteral("unit");
            }
            parts << typeText();
            ids << QStringLiteral("type");
        } else {
            parts << QStringLiteral("continued (card back)"); // counted in placeRows()
            ids << p + QStringLiteral("continued");
        }
        const QString sep = QStringLiteral("\u00b7");
        for (int i = 0; i < parts.size(); ++i) {
            if (i > 0) {
                const qreal sw = textW(CardTextRole::Subtitle, sep);
                x += 0.4 * m_lb;
                add(text(ids.at(i) + QStringLiteral(".sep"),
                         QRectF(x, y + (lineHeight - subH) / 2, sw, subH), sep,
                         CardTextRole::Subtitle),
                    p + QStringLiteral("header"), face);
                x += sw + 0.4 * m_lb;
            }
            const QString &id = ids.at(i);
            const qreal w = textW(CardTextRole::Subtitle, parts.at(i));
            add(text(id, QRectF(x, y + (lineHeight - subH) / 2, w, subH), parts.at(i),
                     CardTextRole::Subtitle),
                p + QStringLiteral("header"), face);
            x += w;
        }
        if (x > right + kEps)
            problem(QStringLiteral("faction and type do not fit"));
        y += lineHeight;
        add(frame(p + QStringLiteral("header"),
                  QRectF(m_margin, m_margin, W - 2 * m_margin, y - m_margin)),
            {}, face);
        y += m_gap / 2;
        add(rule(p + QStringLiteral("header.rule"),
                 QRectF(m_margin, y - kRuleWidth / 2, W - 2 * m_margin, kRuleWidth)),
            {}, face);
        return y + m_gap / 2;
    }

    // Unit Cap bottom-left (as v1.2.3 cards print it), rules version, base size;
    // the redundant-box legend on the right. Returns the bottom of the body.
    qreal layoutFooter()
    {
        const qreal W = m_size.width();
        const qreal H = m_size.height();
        const qreal smallH = lineH(CardTextRole::Small);
        const qreal legendBox = smallH;
        const qreal footH = std::max(smallH, legendBox);
        const qreal top = H - m_margin - footH;
        const QString container = QStringLiteral("footer");
        qreal x = m_margin;
        auto put = [&](const QString &id, const QString &t) {
            const qreal w = textW(CardTextRole::Small, t);
            add(text(id, QRectF(x, top + (footH - smallH) / 2, w, smallH), t, CardTextRole::Small),
                container);
            x += w + 1.5 * m_gap;
        };
        if (m_unit.unitCap > 0)
            put(QStringLiteral("uc"),
                QStringLiteral("UC %1%2")
                    .arg(m_unit.unitCap)
                    .arg(m_unit.unitCapIsEstimate() ? QStringLiteral("*") : QString()));
        put(QStringLiteral("rules"),
            QStringLiteral("Rules %1")
                .arg(m_unit.rulesVersion.isEmpty() ? QStringLiteral("-") : m_unit.rulesVersion));
        put(QStringLiteral("base"),
            QStringLiteral("Base %1%2").arg(m_unit.base.toString(), est(QStringLiteral("base"))));
        if (m_unit.tvIsEstimate() || m_unit.unitCapIsEstimate() || !m_estimated.isEmpty())
            put(QStringLiteral("estimate"), QStringLiteral("* estimate"));
        // Values the user entered from a printed card (the user data file): a
        // card printed for an event says it is not the shipped data.
        if (!m_unit.userEnteredFields().isEmpty())
            put(QStringLiteral("user-entered"), QStringLiteral("values from your card"));

        bool anyRedundant = false;
        for (const TrackSpec &t : m_tracks) {
            for (int i = 0; i < t.boxes->size(); ++i)
                anyRedundant |= t.boxes->isRedundant(i);
        }
        if (anyRedundant) {
            const QString legend = QStringLiteral("redundant box: repeats a rating");
            const qreal lw = textW(CardTextRole::Small, legend);
            const qreal lx = W - m_margin - lw;
            add(text(QStringLiteral("legend"), QRectF(lx, top + (footH - smallH) / 2, lw, smallH),
                     legend, CardTextRole::Small),
                container);
            CardField b = box(QStringLiteral("legend.box"),
                              QRectF(lx - 0.5 * m_gap - legendBox, top + (footH - legendBox) / 2,
                                     legendBox, legendBox),
                              CardBoxOwner::None, -1, 0, 1);
            b.redundant = true;
            add(b, container);
            if (b.rect.left() < x - 1.5 * m_gap + m_gap)
                problem(QStringLiteral("footer does not fit"));
        } else if (x - 1.5 * m_gap > W - m_margin + kEps) {
            problem(QStringLiteral("footer does not fit"));
        }
        add(frame(container, QRectF(m_margin, top, W - 2 * m_margin, footH)), {});
        const qreal ruleY = top - m_gap / 2;
        add(rule(QStringLiteral("footer.rule"),
                 QRectF(m_margin, ruleY - kRuleWidth / 2, W - 2 * m_margin, kRuleWidth)),
            {});
        return ruleY - m_gap / 2;
    }

    // Issue 20.2, a discreet mark per value: "*" after the label of a value that is
    // jwfleet's estimate, as the TV and UC have it; "* estimate" in the footer says
    // what it means. A value the rules, a printed card or the user gave is unmarked.
    QString est(const QString &field) const
    {
        for (const QString &f : m_estimated) {
            if (f == field || f.startsWith(field + QLatin1Char('.')))
                return QStringLiteral("*");
        }
        return {};
    }
    QString trackLabel(CardTrack t) const { return cardTrackName(t) + est(cardTrackId(t)); }

    qreal trackLabelWidth(const TrackSpec &t) const
    {
        qreal w = textW(CardTextRole::Heading, trackLabel(t.track));
        if (!t.hint.isEmpty())
            w += textW(CardTextRole::Small, t.hint + QLatin1Char(':')) + 0.3 * m_lb;
        if (t.boxes->isEmpty())
            w += 0.6 * m_lb + textW(CardTextRole::Small, QStringLiteral("none"));
        return w;
    }

    qreal tracksWidth(int perRow) const
    {
        const qreal g = 0.28 * m_trackBox;
        qreal w = 0;
        for (const TrackSpec &t : m_tracks) {
            const int n = std::min(perRow, t.boxes->size());
            if (n > 0)
                w = std::max(w, n * (m_trackBox + g) - g);
            w = std::max(w, trackLabelWidth(t));
        }
        return w;
    }

    void layoutTracks(const QRectF &area, int perRow)
    {
        const QString container = QStringLiteral("tracks");
        add(frame(container, area), {});
        const qreal S = m_trackBox;
        const qreal g = 0.28 * S;
        const qreal headH = lineH(CardTextRole::Heading);
        const qreal smallH = lineH(CardTextRole::Small);
        const qreal labelH = std::max(headH, smallH);
        qreal y = area.top();
        for (std::size_t ti = 0; ti < m_tracks.size(); ++ti) {
            const TrackSpec &t = m_tracks[ti];
            const QString id = QStringLiteral("track.") + cardTrackId(t.track);
            if (ti > 0)
                y += 0.8 * m_gap;
            qreal x = area.left();
            if (!t.hint.isEmpty()) {
                const QString hint = t.hint + QLatin1Char(':');
                const qreal w = textW(CardTextRole::Small, hint);
                add(text(id + QStringLiteral(".hint"),
                         QRectF(x, y + (labelH - smallH) / 2, w, smallH), hint,
                         CardTextRole::Small),
                    container);
                x += w + 0.3 * m_lb;
            }
            const QString name = trackLabel(t.track);
            const qreal nw = textW(CardTextRole::Heading, name);
            add(text(id, QRectF(x, y + (labelH - headH) / 2, nw, headH), name,
                     CardTextRole::Heading),
                container);
            x += nw;
            if (t.boxes->isEmpty()) {
                const QString none = QStringLiteral("none");
                x += 0.6 * m_lb;
                add(text(id + QStringLiteral(".none"),
                         QRectF(x, y + (labelH - smallH) / 2, textW(CardTextRole::Small, none),
                                smallH),
                         none, CardTextRole::Small),
                    container);
                y += labelH;
                continue;
            }
            y += labelH + 0.2 * m_gap;
            const int n = t.boxes->size();
            const int cols = std::min(perRow, n);
            const int rows = (n + cols - 1) / cols;
            for (int i = 0; i < n; ++i) {
                const int r = i / cols;
                const int c = i % cols;
                CardField b = box(id + QStringLiteral(".box.%1").arg(i),
                                  QRectF(area.left() + c * (S + g), y + r * (S + g), S, S),
                                  CardBoxOwner::Track, int(t.track), i, n);
                b.text = QString::number(t.boxes->boxes[std::size_t(i)]);
                b.redundant = t.boxes->isRedundant(i);
                add(b, container);
            }
            y += rows * (S + g) - g;
        }
        if (y > area.bottom() + kEps)
            problem(QStringLiteral("rating tracks do not fit (%1 mm needed, %2 mm available)")
                        .arg(y - area.top(), 0, 'f', 1)
                        .arg(area.height(), 0, 'f', 1));
    }

    Row statsRow()
    {
        struct Cell
        {
            QString id;
            QString label;
            QString value;
            bool armor = false;
        };
        std::vector<Cell> cells;
        cells.push_back({QStringLiteral("stat.speed"),
                         QStringLiteral("Speed") + est(QStringLiteral("speed")),
                         QStringLiteral("%1\"").arg(m_unit.speed)});
        cells.push_back({QStringLiteral("stat.fc"),
                         QStringLiteral("Fire Ctrl") + est(QStringLiteral("fire_control")),
                         QString::number(m_unit.fireControl)});
        if (m_unit.isCapital())
            cells.push_back({QStringLiteral("stat.turns"),
                             QStringLiteral("Turns") + est(QStringLiteral("turns")),
                             QString::number(m_unit.turns)});
        cells.push_back({QStringLiteral("stat.skill"),
                         QStringLiteral("Skill") + est(QStringLiteral("skill")),
                         QString::number(m_unit.skill)});
        if (m_unit.isCapital()) {
            cells.push_back({QStringLiteral("armor.fore"),
                             QStringLiteral("Fore") + est(QStringLiteral("armor.fore")),
                             ratingText(m_unit.armor.fore), true});
            cells.push_back({QStringLiteral("armor.sides"),
                             QStringLiteral("P/S") + est(QStringLiteral("armor.sides")),
                             ratingText(m_unit.armor.sides), true});
            cells.push_back({QStringLiteral("armor.aft"),
                             QStringLiteral("Aft") + est(QStringLiteral("armor.aft")),
                             ratingText(m_unit.armor.aft), true});
        } else {
            cells.push_back({QStringLiteral("stat.defense"),
                             QStringLiteral("Defense") + est(QStringLiteral("defense")),
                             QString::number(m_unit.defense.start())});
            cells.push_back({QStringLiteral("stat.sensors"),
                             QStringLiteral("Sensors") + est(QStringLiteral("sensors")),
                             QString::number(m_unit.sensors.start())});
        }

        const qreal pad = 0.5 * m_lb;
        const qreal groupGap = m_unit.isCapital() ? 1.2 * m_lb : 0;
        std::vector<qreal> widths;
        qreal total = groupGap;
        for (const Cell &c : cells) {
            widths.push_back(
                std::max(textW(CardTextRole::Label, c.label), textW(CardTextRole::Stat, c.value)));
            total += widths.back();
        }
        total += pad * qreal(cells.size() - 1);
        if (total > m_leftW + kEps)
            problem(QStringLiteral("stats do not fit"));
        // Spread the cells over the column, within reason.
        const qreal spread = cells.size() > 1
            ? std::clamp((m_leftW - total) / qreal(cells.size() - 1), 0.0, 1.5 * m_lb)
            : 0.0;

        // Capital ships: "Armor" over the three arcs, with a bracket rule under it.
        const qreal captionTextH = m_unit.isCapital() ? lineH(CardTextRole::Label) : 0;
        const qreal captionH = m_unit.isCapital() ? captionTextH + 0.3 * m_lb : 0;
        const qreal labelH = lineH(CardTextRole::Label);
        const qreal statH = lineH(CardTextRole::Stat);
        Row row;
        qreal x = 0;
        qreal armorLeft = -1;
        qreal armorRight = 0;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const Cell &c = cells[i];
            if (c.armor && armorLeft < 0) {
                x += groupGap;
                armorLeft = x;
            }
            const qreal w = widths[i];
            row.fields.push_back(text(c.id + QStringLiteral(".label"),
                                      QRectF(x, captionH, w, labelH), c.label, CardTextRole::Label,
                                      Qt::AlignCenter));
            row.fields.push_back(text(c.id, QRectF(x, captionH + labelH, w, statH), c.value,
                                      CardTextRole::Stat, Qt::AlignCenter));
            if (c.armor)
                armorRight = x + w;
            x += w + pad + spread;
        }
        if (armorLeft >= 0) {
            const QString caption = QStringLiteral("Armor");
            const qreal w = std::max(textW(CardTextRole::Label, caption), armorRight - armorLeft);
            row.fields.push_back(text(QStringLiteral("armor.label"),
                                      QRectF((armorLeft + armorRight - w) / 2, 0, w, captionTextH),
                                      caption, CardTextRole::Label, Qt::AlignCenter));
            row.fields.push_back(rule(
                QStringLiteral("armor.rule"),
                QRectF(armorLeft, captionTextH + 0.1 * m_lb, armorRight - armorLeft, kThinRule)));
        }
        row.height = captionH + labelH + statH;
        return row;
    }

    void weaponRows(std::vector<Row> &rows)
    {
        const bool capital = m_unit.isCapital();
        const qreal cp = 0.5 * m_lb; // column padding
        const qreal Sw = m_weaponBox;
        const qreal gw = 0.3 * Sw;
        const qreal lb = m_lb;
        const qreal rowPad = 0.22 * lb;

        auto names = [&](const Weapon &w) -> QString { // not a QStringBuilder of temporaries
            return (w.count > 1 ? QStringLiteral("%1 (x%2)").arg(w.name).arg(w.count) : w.name)
                + est(QStringLiteral("weapons.") + w.name);
        };
        auto traitsOf = [&](const Weapon &w) {
            QStringList t;
            for (const TraitRef &r : w.traits)
                t << r.toString();
            return t.join(QStringLiteral(", "));
        };
        auto macroText = [](int m) {
            return m > 0 ? QStringLiteral("+%1").arg(m) : QStringLiteral("0");
        };

        auto colWidth = [&](const QString &header, auto cellText) {
            qreal w = textW(CardTextRole::Label, header);
            for (const Weapon &wp : m_unit.weapons)
                w = std::max(w, textW(CardTextRole::Body, cellText(wp)));
            return w;
        };
        const qreal nameW = colWidth(QStringLiteral("Weapon"), names);
        const qreal arcW = capital
            ? colWidth(QStringLiteral("Arc"), [](const Weapon &w) { return arcsToString(w.arcs); })
            : 0;
        const qreal acW
            = colWidth(QStringLiteral("AC"), [](const Weapon &w) { return w.ratingText(w.ac); });
        const qreal asW
            = colWidth(QStringLiteral("AS"), [](const Weapon &w) { return w.ratingText(w.as); });
        const qreal maW
            = colWidth(QStringLiteral("Ma"), [&](const Weapon &w) { return macroText(w.macro); });
        int maxCount = 0;
        for (const Weapon &w : m_unit.weapons)
            maxCount = std::max(maxCount, w.count);
        const int boxCols = std::min(maxCount, kWeaponBoxesPerRow);
        const qreal boxesW = capital ? boxCols * (Sw + gw) - gw : 0;

        // Columns, left to right; Traits takes what is left.
        const qreal nameX = 0;
        qreal x = nameW + cp;
        const qreal arcX = x;
        if (capital)
            x += arcW + cp;
        const qreal acX = x;
        x += acW + cp;
        const qreal asX = x;
        x += asW + cp;
        const qreal maX = x;
        x += maW + cp;
        const qreal traitsX = x;
        const qreal boxesX = capital ? m_leftW - boxesW : m_leftW;
        const qreal traitsW = (capital ? boxesX - cp : m_leftW) - traitsX;
        qreal minTraitsW = textW(CardTextRole::Label, QStringLiteral("Traits"));
        for (const Weapon &w : m_unit.weapons) {
            for (const TraitRef &t : w.traits) {
                for (const QString &word : t.toString().split(QLatin1Char(' ')))
                    minTraitsW
                        = std::max(minTraitsW, textW(CardTextRole::Body, word + QLatin1Char(',')));
            }
        }
        if (traitsW < minTraitsW - kEps)
            problem(QStringLiteral("weapon table does not fit"));

        // Header row.
        {
            Row header;
            header.gapBefore = m_gap;
            const qreal lh = lineH(CardTextRole::Label);
            auto h = [&](const QString &key, const QString &t, qreal cx, qreal cw,
                         Qt::Alignment a) {
                header.fields.push_back(text(QStringLiteral("weapons.header.") + key,
                                             QRectF(cx, 0, cw, lh), t, CardTextRole::Label, a));
            };
            const Qt::Alignment left = Qt::AlignLeft | Qt::AlignVCenter;
            h(QStringLiteral("name"), QStringLiteral("Weapon"), nameX, nameW, left);
            if (capital)
                h(QStringLiteral("arc"), QStringLiteral("Arc"), arcX, arcW, Qt::AlignCenter);
            h(QStringLiteral("ac"), QStringLiteral("AC"), acX, acW, Qt::AlignCenter);
            h(QStringLiteral("as"), QStringLiteral("AS"), asX, asW, Qt::AlignCenter);
            h(QStringLiteral("macro"), QStringLiteral("Ma"), maX, maW, Qt::AlignCenter);
            h(QStringLiteral("traits"), QStringLiteral("Traits"), traitsX,
              std::max(traitsW, textW(CardTextRole::Label, QStringLiteral("Traits"))), left);
            header.fields.push_back(rule(QStringLiteral("weapons.header.rule"),
                                         QRectF(0, lh + rowPad - kThinRule, m_leftW, kThinRule)));
            header.height = lh + rowPad;
            rows.push_back(std::move(header));
        }

        for (std::size_t i = 0; i < m_unit.weapons.size(); ++i) {
            const Weapon &w = m_unit.weapons[i];
            const QString id = QStringLiteral("weapon.%1.").arg(i);
            Row row;
            row.weapon = true;
            const QStringList traitLines = w.traits.empty()
                ? QStringList()
                : TextMetrics::wrap(font(CardTextRole::Body), traitsOf(w),
                                    std::max(traitsW, minTraitsW));
            const int boxRows
                = capital ? (w.count + kWeaponBoxesPerRow - 1) / kWeaponBoxesPerRow : 0;
            const qreal firstH = capital ? std::max(lb, Sw) : lb;
            const qreal textTop = rowPad + (firstH - lb) / 2;
            const Qt::Alignment left = Qt::AlignLeft | Qt::AlignVCenter;
            auto cell
                = [&](const QString &key, const QString &t, qreal cx, qreal cw, Qt::Alignment a) {
                      row.fields.push_back(
                          text(id + key, QRectF(cx, textTop, cw, lb), t, CardTextRole::Body, a));
                  };
            cell(QStringLiteral("name"), names(w), nameX, nameW, left);
            if (capital)
                cell(QStringLiteral("arc"), arcsToString(w.arcs), arcX, arcW, Qt::AlignCenter);
            cell(QStringLiteral("ac"), w.ratingText(w.ac), acX, acW, Qt::AlignCenter);
            cell(QStringLiteral("as"), w.ratingText(w.as), asX, asW, Qt::AlignCenter);
            cell(QStringLiteral("macro"), macroText(w.macro), maX, maW, Qt::AlignCenter);
            qreal contentH = firstH;
            if (!traitLines.isEmpty()) {
                const QString t = traitLines.join(QLatin1Char('\n'));
                const QSizeF s = TextMetrics::size(font(CardTextRole::Body), t);
                row.fields.push_back(
                    text(id + QStringLiteral("traits"),
                         QRectF(traitsX, textTop, std::max(traitsW, s.width()), s.height()), t,
                         CardTextRole::Body, Qt::AlignLeft | Qt::AlignTop));
                contentH = std::max(contentH, textTop - rowPad + s.height());
            }
            for (int b = 0; capital && b < w.count; ++b) {
                const int r = b / kWeaponBoxesPerRow;
                const int c = b % kWeaponBoxesPerRow;
                row.fields.push_back(box(id + QStringLiteral("box.%1").arg(b),
                                         QRectF(boxesX + c * (Sw + gw),
                                                rowPad + (firstH - Sw) / 2 + r * (Sw + gw), Sw, Sw),
                                         CardBoxOwner::Weapon, int(i), b, w.count));
            }
            if (boxRows > 1)
                contentH = std::max(contentH, (firstH - Sw) / 2 + boxRows * (Sw + gw) - gw);
            if (i > 0)
                row.fields.push_back(
                    rule(id + QStringLiteral("rule"), QRectF(0, 0, m_leftW, kThinRule)));
            row.height = contentH + 2 * rowPad;
            rows.push_back(std::move(row));
        }
    }

    void traitRows(std::vector<Row> &rows)
    {
        const qreal lb = m_lb;
        const qreal Sw = m_weaponBox;
        const qreal gw = 0.3 * Sw;
        const qreal pad = 0.12 * lb;
        const qreal lineContent = std::max(lb, Sw);
        const qreal lineHeight = lineContent + 2 * pad;
        const QString sep = QStringLiteral("\u00b7");
        const qreal sepW = textW(CardTextRole::Body, sep);
        const qreal sepGap = 0.35 * lb;
        const qreal headH = lineH(CardTextRole::Heading);

        Row line;
        line.gapBefore = m_gap;
        line.height = lineHeight;
        const QString label = QStringLiteral("Traits%1:").arg(est(QStringLiteral("traits")));
        const qreal labelW = textW(CardTextRole::Heading, label);
        line.fields.push_back(text(QStringLiteral("traits.label"),
                                   QRectF(0, pad + (lineContent - headH) / 2, labelW, headH), label,
                                   CardTextRole::Heading));
        // Model traits with their System Trait boxes, then the upgrades fitted.
        struct Item
        {
            QString id;
            QString text;
            int traitIndex = -1;
            int boxes = 0;
        };
        std::vector<Item> items;
        for (std::size_t i = 0; i < m_unit.traits.size(); ++i) {
            const TraitRef &t = m_unit.traits[i];
            items.push_back({QStringLiteral("trait.%1").arg(i), t.toString(), int(i),
                             t.system ? std::max(1, t.boxes) : 0});
        }
        for (int i = 0; i < m_options.upgrades.size(); ++i)
            items.push_back({QStringLiteral("upgrade.%1").arg(i),
                             QStringLiteral("%1 (upgrade)").arg(m_options.upgrades.at(i)), -1, 0});

        qreal x = labelW + sepGap;
        bool lineHasItem = false;
        QString previous;
        for (const Item &item : items) {
            const qreal tw = textW(CardTextRole::Body, item.text);
            const qreal itemW = tw + (item.boxes > 0 ? 0.3 * lb + item.boxes * (Sw + gw) - gw : 0);
            if (itemW > m_leftW + kEps)
                problem(QStringLiteral("trait '%1' does not fit").arg(item.text));
            const qreal withSep = lineHasItem ? 2 * sepGap + sepW : 0;
            if (lineHasItem && x + withSep + itemW > m_leftW + kEps) {
                rows.push_back(std::move(line));
                line = Row();
                line.height = lineHeight;
                x = 0;
                lineHasItem = false;
            } else if (lineHasItem) {
                line.fields.push_back(
                    text(previous + QStringLiteral(".sep"),
                         QRectF(x + sepGap, pad + (lineContent - lb) / 2, sepW, lb), sep,
                         CardTextRole::Body, Qt::AlignCenter));
                x += withSep;
            }
            line.fields.push_back(text(item.id, QRectF(x, pad + (lineContent - lb) / 2, tw, lb),
                                       item.text, CardTextRole::Body));
            x += tw;
            for (int b = 0; b < item.boxes; ++b) {
                x += b == 0 ? 0.3 * lb : gw;
                line.fields.push_back(box(item.id + QStringLiteral(".box.%1").arg(b),
                                          QRectF(x, pad + (lineContent - Sw) / 2, Sw, Sw),
                                          CardBoxOwner::Trait, item.traitIndex, b, item.boxes));
                x += Sw;
            }
            lineHasItem = true;
            previous = item.id;
        }
        rows.push_back(std::move(line));
    }

    // Returns where the content ends on the front (when it has no back).
    qreal placeRows(std::vector<Row> &rows, qreal top, qreal bottom, bool allowBack)
    {
        int face = 0;
        qreal y = top;
        qreal faceTop = top;
        QString container = QStringLiteral("left");
        const Row *weaponHeader = nullptr;
        for (const Row &row : rows) {
            if (!row.weapon && row.fields.size() > 0
                && row.fields.front().id.startsWith(QStringLiteral("weapons.header.")))
                weaponHeader = &row;
            const qreal gap = y > faceTop + kEps ? row.gapBefore : 0;
            if (y + gap + row.height > bottom + kEps) {
                if (!allowBack) {
                    problem(QStringLiteral("card content does not fit (%1 mm over)")
                                .arg(y + gap + row.height - bottom, 0, 'f', 1));
                    return y;
                }
                ++face;
                const QString p = facePrefix(face);
                faceTop = layoutHeader(face, displayName(), {});
                bottom = m_size.height() - m_margin;
                container = p + QStringLiteral("left");
                add(frame(container, QRectF(m_leftX, faceTop, m_leftW, bottom - faceTop)), {},
                    face);
                y = faceTop;
                if (row.weapon && weaponHeader) {
                    for (CardField f : weaponHeader->fields) {
                        f.id = p + f.id;
                        f.rect.translate(m_leftX, y);
                        add(f, container, face);
                    }
                    y += weaponHeader->height;
                }
                if (y + row.height > bottom + kEps)
                    problem(QStringLiteral("a row is taller than the card"));
            } else {
                y += gap;
            }
            for (CardField f : row.fields) {
                f.rect.translate(m_leftX, y);
                add(f, container, face);
            }
            y += row.height;
        }
        m_out.m_faceCount = face + 1;
        // The backs are counted once all are laid out.
        for (CardField &f : m_out.m_fields) {
            if (f.face > 0 && f.id.endsWith(QStringLiteral("continued"))) {
                f.text = m_out.m_faceCount == 2 ? QStringLiteral("continued (card back)")
                                                : QStringLiteral("continued (card back %1 of %2)")
                                                      .arg(f.face)
                                                      .arg(m_out.m_faceCount - 1);
                f.rect.setWidth(TextMetrics::width(font(f.role), f.text));
            }
        }
        return y;
    }

    // One line of rules text per trait on the card (TraitCatalog summaries, X
    // replaced by the card's value), under the traits, in card order: as many
    // as fit on the front, so that a busy card explains what it can rather than
    // nothing; the traits left over are named on a last line ("More in the
    // rules: ...") when it fits too. They never make the text smaller or the
    // card longer.
    void addReminders(qreal top, qreal bottom)
    {
        const TraitCatalog &catalog = TraitCatalog::rules();
        QStringList lines;
        QStringList names; // the trait as the card prints it, per line
        QStringList seen;
        auto take = [&](const TraitRef &t) {
            if (seen.contains(t.name))
                return;
            seen << t.name;
            const TraitInfo *info = catalog.find(t.name);
            if (!info || info->summary.isEmpty())
                return;
            QString summary = info->summary;
            if (t.value)
                summary.replace(QRegularExpression(QStringLiteral("\\bX\\b")),
                                QString::number(*t.value));
            lines << t.toString() + QStringLiteral(": ") + summary;
            names << t.toString();
        };
        for (const TraitRef &t : m_unit.traits)
            take(t);
        for (const Weapon &w : m_unit.weapons) {
            for (const TraitRef &t : w.traits)
                take(t);
        }
        if (lines.isEmpty())
            return;
        const QFont small = font(CardTextRole::Small);
        const qreal gap = m_gap;
        const qreal ruleGap = 0.4 * m_gap;
        const qreal lineGap = 0.15 * m_lb;
        const qreal first = top + gap + kThinRule + ruleGap;
        // Each reminder wrapped to the column; one too wide (a word longer than
        // the column) ends the reminders there.
        std::vector<std::pair<QString, QSizeF>> wrapped;
        for (const QString &line : lines) {
            const QString t = TextMetrics::wrap(small, line, m_leftW).join(QLatin1Char('\n'));
            const QSizeF sz = TextMetrics::size(small, t);
            if (sz.width() > m_leftW + kEps)
                break;
            wrapped.emplace_back(t, sz);
        }
        const auto rest = [&](int shown) -> std::optional<std::pair<QString, QSizeF>> {
            if (shown >= lines.size())
                return std::pair<QString, QSizeF> {};
            const QString t = TextMetrics::wrap(small,
                                                QStringLiteral("More in the rules: ")
                                                    + names.mid(shown).join(QStringLiteral(", ")),
                                                m_leftW)
                                  .join(QLatin1Char('\n'));
            const QSizeF sz = TextMetrics::size(small, t);
            if (sz.width() > m_leftW + kEps)
                return std::nullopt;
            return std::pair {t, sz};
        };
        // The most reminders that fit, in card order; then the line naming the
        // rest when it fits too (the card names every trait above anyway).
        const qreal room = bottom + kEps + lineGap; // every line adds its gap
        int shown = 0;
        qreal y0 = first;
        while (shown < int(wrapped.size())
               && y0 + wrapped[std::size_t(shown)].second.height() + lineGap <= room) {
            y0 += wrapped[std::size_t(shown)].second.height() + lineGap;
            ++shown;
        }
        auto more = rest(shown);
        if (more && !more->first.isEmpty() && y0 + more->second.height() + lineGap > room)
            more.reset();
        if (shown == 0)
            return; // not one fits: the traits are named on the card already
        add(rule(QStringLiteral("reminders.rule"), QRectF(m_leftX, top + gap, m_leftW, kThinRule)),
            QStringLiteral("left"));
        qreal y = first;
        for (int i = 0; i < shown; ++i) {
            const auto &[t, sz] = wrapped[std::size_t(i)];
            add(text(QStringLiteral("reminder.%1").arg(i),
                     QRectF(m_leftX, y, sz.width(), sz.height()), t, CardTextRole::Small,
                     Qt::AlignLeft | Qt::AlignTop),
                QStringLiteral("left"));
            y += sz.height() + lineGap;
        }
        if (more && !more->first.isEmpty())
            add(text(QStringLiteral("reminders.more"),
                     QRectF(m_leftX, y, more->second.width(), more->second.height()), more->first,
                     CardTextRole::Small, Qt::AlignLeft | Qt::AlignTop),
                QStringLiteral("left"));
    }

    static QString facePrefix(int face)
    {
        if (face == 0)
            return {};
        if (face == 1)
            return QStringLiteral("back.");
        return QStringLiteral("back%1.").arg(face);
    }

    QString displayName() const
    {
        return m_options.modelName.isEmpty() ? m_unit.name : m_options.modelName;
    }

    QString factionName() const
    {
        if (!m_options.factionName.isEmpty())
            return m_options.factionName;
        QString f = m_unit.faction;
        if (!f.isEmpty())
            f[0] = f[0].toUpper();
        return f;
    }

    QString typeText() const
    {
        QString t = m_unit.isCapital() ? unitTypeName(m_unit.type)
                                       : unitTypeName(m_unit.type) + QStringLiteral(" Squadron");
        if (!m_unit.shipClass.isEmpty())
            t += QStringLiteral(", ") + m_unit.shipClass;
        return t;
    }

    const Unit &m_unit;
    const CardOptions &m_options;
    // The fields of m_unit that are jwfleet's estimates (sources), each marked "*"
    // after its label (est()); empty for a card with every value published.
    QStringList m_estimated;
    QStringList m_families;
    mutable QHash<std::pair<int, QString>, qreal> m_widths; // textW()
    QSizeF m_size;
    std::vector<TrackSpec> m_tracks;
    CardLayout m_out;
    qreal m_body = 0;
    qreal m_title = 0;
    qreal m_margin = 0;
    qreal m_lb = 0; // body line height
    qreal m_gap = 0;
    qreal m_trackBox = 0;
    qreal m_weaponBox = 0;
    qreal m_leftX = 0;
    qreal m_leftW = 0;
};

CardLayout CardLayout::compute(const Unit &unit, const CardOptions &options)
{
    return CardLayoutBuilder(unit, options).build();
}

const CardField *CardLayout::field(const QString &id) const
{
    for (const CardField &f : m_fields) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

std::vector<const CardField *> CardLayout::fieldsOn(int face) const
{
    std::vector<const CardField *> out;
    for (const CardField &f : m_fields) {
        if (f.face == face)
            out.push_back(&f);
    }
    return out;
}

QFont CardLayout::font(CardTextRole role) const
{
    return roleFont(m_families, m_bodyPoints, m_titlePoints, role);
}

bool CardLayout::isMarked(const CardField &box, const CardMarks &marks)
{
    if (box.kind != CardFieldKind::Box || box.boxIndex < 0)
        return false;
    switch (box.owner) {
    case CardBoxOwner::None:
        return false;
    case CardBoxOwner::Track:
        return box.boxIndex >= box.boxCount - marks.marked(CardTrack(box.ownerIndex));
    case CardBoxOwner::Weapon:
        return box.boxIndex < marks.weaponDamaged(box.ownerIndex);
    case CardBoxOwner::Trait:
        return box.boxIndex >= box.boxCount - marks.traitMarked(box.ownerIndex);
    }
    return false;
}

QStringList CardLayout::overlaps() const
{
    QStringList out;
    for (int face = 0; face < m_faceCount; ++face) {
        const std::vector<const CardField *> fs = fieldsOn(face);
        for (std::size_t i = 0; i < fs.size(); ++i) {
            for (std::size_t j = i + 1; j < fs.size(); ++j) {
                const CardField &a = *fs[i];
                const CardField &b = *fs[j];
                // Frames are compared with frames, content with content.
                if ((a.kind == CardFieldKind::Frame) != (b.kind == CardFieldKind::Frame))
                    continue;
                if (overlapping(a.rect, b.rect))
                    out << QStringLiteral("%1 overlaps %2").arg(a.id, b.id);
            }
        }
    }
    return out;
}

QStringList CardLayout::clipped() const
{
    QStringList out;
    const QRectF card = rect();
    for (const CardField &f : m_fields) {
        if (!inside(card, f.rect))
            out << QStringLiteral("%1 is outside the card").arg(f.id);
        if (f.face < 0 || f.face >= m_faceCount)
            out << QStringLiteral("%1 is on no face").arg(f.id);
        if (!f.container.isEmpty()) {
            const CardField *c = field(f.container);
            if (!c || c->kind != CardFieldKind::Frame || c->face != f.face)
                out << QStringLiteral("%1: no frame '%2'").arg(f.id, f.container);
            else if (!inside(c->rect, f.rect))
                out << QStringLiteral("%1 sticks out of %2").arg(f.id, f.container);
        }
        if ((f.kind == CardFieldKind::Text || f.kind == CardFieldKind::Box) && !f.text.isEmpty()) {
            const QSizeF s = TextMetrics::size(font(f.role), f.text);
            if (s.width() > f.rect.width() + kEps || s.height() > f.rect.height() + kEps)
                out << QStringLiteral("%1: text '%2' (%3 x %4 mm) does not fit %5 x %6 mm")
                           .arg(f.id, f.text)
                           .arg(s.width(), 0, 'f', 2)
                           .arg(s.height(), 0, 'f', 2)
                           .arg(f.rect.width(), 0, 'f', 2)
                           .arg(f.rect.height(), 0, 'f', 2);
        }
    }
    return out;
}

} // namespace jw
