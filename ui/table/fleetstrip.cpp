// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/fleetstrip.h"

#include "table/modelcard.h"
#include "table/tablescene.h"
#include "table/tableterms.h"

#include "engine/engine.h"
#include "engine/maskedview.h"
#include "engine/modelstate.h"
#include "render/cardpainter.h"

#include <QPainter>
#include <QScrollBar>
#include <QStyledItemDelegate>

namespace jw {

namespace {
constexpr int kModelRole = Qt::UserRole + 1; // the model's id; -1 on a fleet's heading
constexpr int kPlayerRole = Qt::UserRole + 2;
constexpr int kMargin = 4;
constexpr int kHeading = 20; // a fleet's heading: a narrow column (a row when vertical)
constexpr double kCardRatio = 127.0 / 88.9; // a standard card, landscape
} // namespace

// Paints a thumbnail, the name and Structure under it, or a fleet's heading.
class FleetStripDelegate : public QStyledItemDelegate
{
public:
    explicit FleetStripDelegate(FleetStrip *strip)
        : QStyledItemDelegate(strip)
        , m_strip(strip)
    { }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const QSize t = m_strip->thumbnailSize();
        if (index.data(kModelRole).toInt() < 0)
            return m_strip->vertical()
                ? QSize(t.width() + 2 * kMargin, kHeading)
                : QSize(kHeading, t.height() + textHeight(option) + 3 * kMargin);
        return {t.width() + 2 * kMargin, t.height() + textHeight(option) + 3 * kMargin};
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        const int model = index.data(kModelRole).toInt();
        const QColor color = TableScene::playerColor(index.data(kPlayerRole).toInt());
        const QRect r = option.rect;
        painter->save();
        if (model < 0) {
            // The fleet's heading: the player's name on the player's colour.
            painter->fillRect(r.adjusted(1, 1, -1, -1), color);
            painter->setPen(Qt::white);
            QFont f = option.font;
            f.setBold(true);
            painter->setFont(f);
            if (m_strip->vertical()) {
                painter->drawText(r.adjusted(kMargin, 0, -kMargin, 0), Qt::AlignVCenter,
                                  index.data(Qt::DisplayRole).toString());
            } else {
                painter->translate(r.center());
                painter->rotate(-90);
                const QRect turned(-r.height() / 2, -r.width() / 2, r.height(), r.width());
                painter->drawText(turned, Qt::AlignCenter, index.data(Qt::DisplayRole).toString());
            }
            painter->restore();
            return;
        }
        const bool selected = option.state & QStyle::State_Selected;
        painter->fillRect(r,
                          selected ? option.palette.color(QPalette::Highlight)
                                   : option.palette.color(QPalette::Base));
        const FleetStrip::Card *card
            = m_strip->m_cards.contains(model) ? &m_strip->m_cards[model] : nullptr;
        const QSize t = m_strip->thumbnailSize();
        const QRect thumb(r.left() + kMargin, r.top() + kMargin, t.width(), t.height());
        if (card) {
            const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
            painter->setOpacity(card->dimmed || card->gone ? 0.45 : 1.0);
            painter->drawImage(thumb, m_strip->thumbnailOf(model, dpr));
            painter->setOpacity(1.0);
            // The player's colour along the top of the card.
            painter->fillRect(QRect(thumb.left(), thumb.top(), thumb.width(), 3), color);
            if (card->gone) {
                painter->setRenderHint(QPainter::Antialiasing);
                painter->setPen(QPen(QColor(220, 38, 38), 3));
                painter->drawLine(thumb.topLeft(), thumb.bottomRight());
                painter->drawLine(thumb.topRight(), thumb.bottomLeft());
            }
            const QColor text
                = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
            QFont f = option.font;
            f.setBold(true);
            painter->setFont(f);
            painter->setPen(text);
            const QFontMetrics fm(f);
            const QRect nameRect(thumb.left(), thumb.bottom() + kMargin, thumb.width(),
                                 fm.height());
            painter->drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
                              fm.elidedText(card->name, Qt::ElideRight, nameRect.width()));
            painter->setFont(option.font);
            const QFontMetrics sm(option.font);
            const QRect statusRect = nameRect.translated(0, fm.height());
            painter->drawText(statusRect, Qt::AlignLeft | Qt::AlignVCenter,
                              sm.elidedText(card->status, Qt::ElideRight, statusRect.width()));
        }
        if (option.state & QStyle::State_HasFocus) {
            painter->setPen(QPen(option.palette.color(QPalette::Highlight), 1, Qt::DotLine));
            painter->drawRect(r.adjusted(0, 0, -1, -1));
        }
        painter->restore();
    }

private:
    static int textHeight(const QStyleOptionViewItem &option)
    {
        QFont bold = option.font;
        bold.setBold(true);
        return QFontMetrics(bold).height() + QFontMetrics(option.font).height();
    }
    FleetStrip *m_strip;
};

FleetStrip::FleetStrip(QWidget *parent)
    : QListWidget(parent)
{
    setObjectName(QStringLiteral("fleetStrip"));
    setAccessibleName(tr("Fleets"));
    setItemDelegate(new FleetStripDelegate(this));
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setUniformItemSizes(false);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setWrapping(false);
    setFlow(QListView::LeftToRight);
    setSpacing(2);
    setMinimumSize(120, 90);
    // The scroll bar along the strip always shown: the strip's thickness, which
    // sizes the cards, then never changes when it comes and goes.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        if (const int m = modelOf(item); m >= 0)
            Q_EMIT modelChosen(m);
    });
    connect(this, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        if (const int m = modelOf(item); m >= 0)
            Q_EMIT modelOpened(m);
    });
}

void FleetStrip::setVertical(bool vertical)
{
    if (vertical == m_vertical)
        return;
    m_vertical = vertical;
    setFlow(vertical ? QListView::TopToBottom : QListView::LeftToRight);
    setHorizontalScrollBarPolicy(vertical ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(vertical ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff);
    updateThumbnailSize();
}

QSize FleetStrip::thumbnailSize() const
{
    return {int(m_thumbHeight * kCardRatio), m_thumbHeight};
}

void FleetStrip::updateThumbnailSize()
{
    // The card fills the strip's height (its width when vertical), within bounds.
    const QFontMetrics fm(font());
    const int text = 2 * fm.height() + 4;
    int h = m_vertical ? int((viewport()->width() - 2 * kMargin - 6) / kCardRatio)
                       : viewport()->height() - text - 3 * kMargin - 6;
    h = std::clamp(h, 48, 360);
    if (h == m_thumbHeight)
        return;
    m_thumbHeight = h;
    for (Card &c : m_cards)
        c.image = {};
    doItemsLayout();
    viewport()->update();
}

void FleetStrip::resizeEvent(QResizeEvent *event)
{
    QListWidget::resizeEvent(event);
    // Later, not from inside a layout pass (laying out the items resizes the viewport).
    if (!m_resizePending) {
        m_resizePending = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_resizePending = false;
                updateThumbnailSize();
            },
            Qt::QueuedConnection);
    }
}

void FleetStrip::setState(const Engine &engine, const GameState &state, int selected, int viewer)
{
    // The items: both fleets in model order, each under its heading; rebuilt
    // only when the models change (a Launch adds squadrons), else updated.
    std::vector<std::pair<int, int>> wanted; // (player, model or -1)
    for (int p = 0; p < 2; ++p) {
        wanted.emplace_back(p, -1);
        for (const ModelState &m : state.models)
            if (m.owner == p && m.terrain < 0)
                wanted.emplace_back(p, m.id);
    }
    bool same = count() == int(wanted.size());
    for (int i = 0; same && i < count(); ++i)
        same = item(i)->data(kModelRole).toInt() == wanted[std::size_t(i)].second
            && item(i)->data(kPlayerRole).toInt() == wanted[std::size_t(i)].first;
    if (!same) {
        clear();
        m_cards.clear();
        for (const auto &[player, model] : wanted) {
            auto *it = new QListWidgetItem(this);
            it->setData(kModelRole, model);
            it->setData(kPlayerRole, player);
            if (model < 0) {
                it->setText(engine.setup().players[std::size_t(player)].name);
                it->setFlags(Qt::ItemIsEnabled);
            }
        }
    }
    for (int i = 0; i < count(); ++i) {
        QListWidgetItem *it = item(i);
        const int id = modelOf(it);
        const ModelState *m = state.model(id);
        if (!m)
            continue;
        Card &c = m_cards[id];
        if (isKeptFrom(engine, state, id, viewer)) {
            // The rules keep it secret: which unit, where (In Reserve or Embarked), its state.
            if (!c.hidden) {
                c = Card {};
                c.hidden = true;
            }
            c.name
                = tr("Hidden", "a model kept secret: its name under its card in the fleet strip");
            c.status = tr("secret", "a model kept secret, under its card in the fleet strip");
            c.color = TableScene::playerColor(m->controller);
            it->setData(Qt::AccessibleTextRole, QString(c.name + QStringLiteral(", ") + c.status));
            it->setToolTip(tr("A hidden model of %1: the rules keep it secret (In Reserve or "
                              "Embarked) until it is revealed")
                               .arg(engine.setup().players[std::size_t(m->owner)].name));
            if (id == selected && currentItem() != it) {
                setCurrentItem(it);
                scrollToItem(it);
            }
            continue;
        }
        if (c.hidden) { // revealed
            c = Card {};
        }
        const Unit &unit = engine.unitOf(*m);
        const CardOptions options = modelCardOptions(engine, state, id);
        const CardMarks marks = modelCardMarks(*m);
        if (c.unit != &unit || c.options.modelName != options.modelName) {
            c.unit = &unit;
            c.options = options;
            c.layout = CardLayout::compute(unit, options);
            c.image = {};
        }
        if (!(c.marks == marks)) {
            c.marks = marks;
            c.image = {};
        }
        c.name = engine.modelName(state, id);
        const ModelView v = engine.view(state, id);
        QStringList parts {
            tr("S %1/%2", "Structure left / printed, under a card of the fleet strip")
                .arg(v.structure())
                .arg(v.starting(Rating::Structure))};
        for (const QString &f : flagIds(m->flags))
            parts << TableTerms::stateShort(f);
        switch (m->location) {
        case Location::Reserve:
            parts << tr("reserve", "a model not yet on the table, under its card");
            break;
        case Location::Embarked:
            parts << tr("embarked", "under a card of the fleet strip");
            break;
        case Location::Destroyed:
            parts << tr("destroyed", "under a card of the fleet strip");
            break;
        case Location::Withdrawn:
            parts << tr("withdrawn", "under a card of the fleet strip");
            break;
        case Location::Table:
            if (m->activated)
                parts << tr("done", "activated this turn, under a card of the fleet strip");
            break;
        }
        c.status = parts.join(QStringLiteral(" · "));
        c.color = TableScene::playerColor(m->controller);
        c.dimmed = m->activated;
        c.gone = !m->inPlay();
        it->setData(Qt::AccessibleTextRole, QString(c.name + QStringLiteral(", ") + c.status));
        it->setToolTip(tr("%1 (%2)\n%3\nClick to select it, double-click for its card")
                           .arg(c.name, unit.name, c.status));
        if (id == selected && currentItem() != it) {
            setCurrentItem(it);
            scrollToItem(it);
        }
    }
    if (selected < 0 || !itemOf(selected))
        clearSelection();
    viewport()->update();
}

void FleetStrip::clearCards()
{
    clear();
    m_cards.clear();
}

QListWidgetItem *FleetStrip::itemOf(int model) const
{
    if (model < 0)
        return nullptr;
    for (int i = 0; i < count(); ++i)
        if (item(i)->data(kModelRole).toInt() == model)
            return item(i);
    return nullptr;
}

int FleetStrip::modelOf(const QListWidgetItem *item) const
{
    return item ? item->data(kModelRole).toInt() : -1;
}

const CardMarks *FleetStrip::marks(int model) const
{
    const auto it = m_cards.constFind(model);
    return it == m_cards.cend() ? nullptr : &it->marks;
}

const QImage &FleetStrip::thumbnailOf(int model, qreal dpr)
{
    Card &c = m_cards[model];
    const QSize size = thumbnailSize();
    if (c.image.isNull() || c.image.devicePixelRatio() != dpr
        || c.image.deviceIndependentSize().toSize() != size) {
        c.image = QImage(size * dpr, QImage::Format_ARGB32_Premultiplied);
        c.image.setDevicePixelRatio(dpr);
        c.image.fill(Qt::white); // the card is paper, whatever the theme
        if (c.hidden) {
            // The back of a card: nothing of the unit, a question mark.
            QPainter p(&c.image);
            p.setRenderHint(QPainter::Antialiasing);
            const QRectF r(QPointF(0, 0), QSizeF(size));
            p.fillRect(r, QColor(71, 85, 105));
            p.setPen(QPen(QColor(148, 163, 184), 2));
            p.drawRect(r.adjusted(4, 4, -4, -4));
            QFont f = font();
            f.setBold(true);
            f.setPixelSize(std::max(12, size.height() / 2));
            p.setFont(f);
            p.setPen(Qt::white);
            p.drawText(r, Qt::AlignCenter, QStringLiteral("?"));
        } else if (c.layout) {
            QPainter p(&c.image);
            p.setRenderHint(QPainter::Antialiasing);
            CardPainter(*c.layout).paint(&p, QRectF(QPointF(0, 0), QSizeF(size)), c.marks);
        }
    }
    return c.image;
}

QImage FleetStrip::thumbnail(int model)
{
    if (!m_cards.contains(model))
        return {};
    return thumbnailOf(model, devicePixelRatioF());
}

} // namespace jw
