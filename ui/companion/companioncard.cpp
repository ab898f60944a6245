// SPDX-License-Identifier: GPL-3.0-or-later
#include "companion/companioncard.h"

#include "engine/engine.h"
#include "render/cardpainter.h"
#include "table/modelcard.h"
#include "table/tableterms.h"

#include <QAccessible>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace jw {

namespace {
constexpr int kFaceGap = 8;
} // namespace

int boxesAfterClick(CardBoxOwner owner, int boxIndex, int boxCount, bool marked)
{
    if (owner == CardBoxOwner::Weapon) // from the first box
        return marked ? boxIndex : boxIndex + 1;
    // From the top (the last box printed)
    return marked ? boxCount - 1 - boxIndex : boxCount - boxIndex;
}

// The card's faces (front, and a back when the card continues there), one under
// the other, as wide as the widget.
class CompanionCard::Face : public QWidget
{
public:
    explicit Face(CompanionCard *card)
        : QWidget(card)
        , m_card(card)
    {
        QSizePolicy p(QSizePolicy::Expanding, QSizePolicy::Preferred);
        p.setHeightForWidth(true);
        setSizePolicy(p);
        setMinimumWidth(280);
    }
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override
    {
        const CardLayout *l = m_card->cardLayout();
        if (!l || l->size().isEmpty())
            return 0;
        const int one = int(width * l->size().height() / l->size().width());
        return one * l->faceCount() + kFaceGap * (l->faceCount() - 1);
    }
    [[nodiscard]] QSize sizeHint() const override { return {520, heightForWidth(520)}; }
    // Where face `face` is drawn.
    [[nodiscard]] QRectF faceRect(int face) const
    {
        const CardLayout *l = m_card->cardLayout();
        const qreal h = width() * l->size().height() / l->size().width();
        return {0, face * (h + kFaceGap), qreal(width()), h};
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        const CardLayout *l = m_card->cardLayout();
        if (!l)
            return;
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const CardPainter painter(*l);
        for (int f = 0; f < l->faceCount(); ++f) {
            const QRectF r = faceRect(f);
            p.fillRect(r, Qt::white);
            painter.paint(&p, r, m_card->marks(), f);
        }
        // The keyboard's box: a thick frame in the focus colour (and a white one inside it,
        // so that it shows on the card's white whatever the palette).
        if (m_card->hasFocus() && m_card->m_box) {
            if (const CardField *b = m_card->boxField(*m_card->m_box)) {
                const QRectF r
                    = painter.transform(faceRect(b->face)).mapRect(b->rect).adjusted(-3, -3, 3, 3);
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(Qt::white, 5));
                p.drawRect(r);
                p.setPen(QPen(m_card->palette().color(QPalette::Highlight), 3));
                p.drawRect(r);
            }
        }
    }
    void mousePressEvent(QMouseEvent *event) override
    {
        m_card->faceClicked(event->position());
        event->accept();
    }

private:
    CompanionCard *m_card;
};

CompanionCard::CompanionCard(int model, QWidget *parent)
    : QFrame(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("companionCard%1").arg(model));
    setFrameShape(QFrame::StyledPanel);
    setLineWidth(3);
    setFocusPolicy(Qt::StrongFocus);
    auto *l = new QVBoxLayout(this);
    l->setContentsMargins(8, 8, 8, 8);
    auto *top = new QHBoxLayout;
    m_title = new QLabel;
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.5);
    f.setBold(true);
    m_title->setFont(f);
    m_title->setWordWrap(true);
    top->addWidget(m_title, 1);
    m_states = new QToolButton;
    m_states->setObjectName(QStringLiteral("statesButton"));
    m_states->setText(tr("States"));
    m_states->setToolTip(tr("Set or clear a state of this model (a correction)"));
    m_states->setPopupMode(QToolButton::InstantPopup);
    m_states->setMinimumSize(48, 48);
    m_states->setMenu(new QMenu(m_states));
    m_states->setVisible(false);
    connect(m_states->menu(), &QMenu::aboutToShow, this, [this] {
        QMenu *menu = m_states->menu();
        menu->clear();
        QAction *activated = menu->addAction(tr("Activated this turn"));
        activated->setCheckable(true);
        activated->setChecked(m_activated);
        connect(activated, &QAction::triggered, this, [this] {
            Q_EMIT stateToggled(m_model, QStringLiteral("activated"), !m_activated);
        });
        menu->addSeparator();
        const QStringList all = flagIds(0xffffffffu);
        for (const QString &id : all) {
            QAction *a = menu->addAction(TableTerms::stateName(id));
            a->setCheckable(true);
            const bool on = (m_flags & flagFromId(id)) != 0;
            a->setChecked(on);
            connect(a, &QAction::triggered, this,
                    [this, id, on] { Q_EMIT stateToggled(m_model, id, !on); });
        }
    });
    top->addWidget(m_states, 0, Qt::AlignTop);
    l->addLayout(top);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    QFont sf = m_status->font();
    sf.setPointSizeF(sf.pointSizeF() * 1.2);
    m_status->setFont(sf);
    l->addWidget(m_status);
    m_face = new Face(this);
    l->addWidget(m_face);
}

void CompanionCard::setCorrectable(bool on)
{
    m_correctable = on;
    if (!on)
        m_box.reset();
    m_states->setVisible(on);
    m_face->setCursor(on ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void CompanionCard::setNumber(int number, int of)
{
    m_number = number;
    m_numberOf = of;
}

void CompanionCard::showModel(const Engine &engine, const GameState &state, bool active,
                              bool isSelected, bool asked)
{
    const ModelState *m = state.model(m_model);
    if (!m)
        return;
    const Unit &unit = engine.unitOf(*m);
    const CardOptions options = modelCardOptions(engine, state, m_model);
    const QString key = unit.id + QLatin1Char('\n') + options.modelName;
    if (key != m_layoutKey) {
        m_layout = CardLayout::compute(unit, options);
        m_layoutKey = key;
        m_face->updateGeometry();
    }
    m_marks = modelCardMarks(*m);
    m_flags = m->flags;
    m_activated = m->activated;
    m_title->setText(m_numberOf > 1 ? tr("%1 (%2 of %3)")
                                          .arg(engine.modelName(state, m_model))
                                          .arg(m_number)
                                          .arg(m_numberOf)
                                    : engine.modelName(state, m_model));

    // What the card does not show: where the model is, what it has done this turn,
    // its States and tokens.
    const ModelView v = engine.view(state, m_model);
    QStringList parts;
    switch (m->location) {
    case Location::Reserve:
        parts << tr("In Reserve");
        break;
    case Location::Embarked:
        parts << tr("Embarked on %1").arg(engine.modelName(state, m->carrier).toHtmlEscaped());
        break;
    case Location::Table:
        break;
    case Location::Destroyed:
        parts << QStringLiteral("<b>%1</b>").arg(tr("Destroyed"));
        break;
    case Location::Withdrawn:
        parts << QStringLiteral("<b>%1</b>").arg(tr("Withdrawn"));
        break;
    }
    if (m->inPlay()) {
        if (active)
            parts << QStringLiteral("<b>%1</b>").arg(tr("Activating"));
        else if (m->activated)
            parts << tr("Activated");
        else if (m->location == Location::Table)
            parts << tr("Not activated yet");
        const int fc = v.fireControl();
        if (m->onTable() && (fc > 0 || m->fireControlSpent > 0))
            parts << tr("Fire Control: %1 of %2 used").arg(m->fireControlSpent).arg(fc);
        if (v.starting(Rating::Fuel) > 0)
            parts << tr("Fuel: %1 of %2").arg(v.fuel()).arg(v.starting(Rating::Fuel));
        for (const QString &id : flagIds(m->flags))
            parts << QStringLiteral("<b>%1</b>").arg(TableTerms::stateName(id).toHtmlEscaped());
        if (m->boarders > 0)
            parts << tr("Enemy Marines aboard: %1").arg(m->boarders);
        if (m->escapePods > 0)
            parts << tr("Escape Pods: %1").arg(m->escapePods);
        if (m->water > 0)
            parts << tr("Water: %1").arg(m->water);
        if (m->intelligence > 0)
            parts << tr("Intelligence Tokens: %1").arg(m->intelligence);
        if (m->catastrophicPending)
            parts << tr("Catastrophic Damage pending");
    }
    if (asked)
        parts.prepend(QStringLiteral("<b>%1</b>").arg(tr("In the question")));
    m_status->setText(parts.join(QStringLiteral(" · ")));
    m_status->setVisible(!parts.isEmpty());

    // The active model stands out; the selected one is outlined; the models a question is
    // about are outlined in amber (dashed), so that the players find them on the table.
    const QPalette &pal = palette();
    const bool dark = pal.color(QPalette::Window).lightness() < 128;
    const QColor border = active ? pal.color(QPalette::Highlight)
        : asked                  ? QColor(dark ? 0xfbbf24 : 0xb45309)
        : isSelected             ? pal.color(QPalette::Link)
                                 : pal.color(QPalette::Mid);
    // The keyboard's card: a double border in the focus colour (the Link colour when
    // the highlight is already the active model's border).
    const QColor focus = active ? pal.color(QPalette::Link) : pal.color(QPalette::Highlight);
    setStyleSheet(QStringLiteral("QFrame#%1 { border: %2px %3 %4; border-radius: 8px; }"
                                 "QFrame#%1:focus { border: 6px double %5; }")
                      .arg(objectName())
                      .arg(active || isSelected || asked ? 4 : 1)
                      .arg(asked && !active ? QStringLiteral("dashed") : QStringLiteral("solid"))
                      .arg(border.name(), focus.name()));
    setAccessibleName(m_title->text());
    m_statusText = QTextDocumentFragment::fromHtml(m_status->text()).toPlainText();
    if (m_box && !boxField(*m_box))
        m_box.reset();
    updateDescription();
    setEnabled(true);
    m_face->update();
}

std::vector<std::vector<const CardField *>> CompanionCard::boxGroups() const
{
    std::vector<std::vector<const CardField *>> groups;
    if (!m_layout || !m_correctable)
        return groups;
    for (const CardField &f : m_layout->fields()) {
        if (f.kind != CardFieldKind::Box || f.owner == CardBoxOwner::None)
            continue;
        auto it = std::find_if(groups.begin(), groups.end(), [&f](const auto &g) {
            return g.front()->owner == f.owner && g.front()->ownerIndex == f.ownerIndex;
        });
        if (it == groups.end())
            groups.push_back({&f});
        else
            it->push_back(&f);
    }
    for (auto &g : groups)
        std::sort(g.begin(), g.end(),
                  [](const CardField *a, const CardField *b) { return a->boxIndex < b->boxIndex; });
    return groups;
}

const CardField *CompanionCard::boxField(const BoxKey &key) const
{
    if (!m_layout)
        return nullptr;
    for (const CardField &f : m_layout->fields())
        if (f.kind == CardFieldKind::Box && f.owner == key.owner && f.ownerIndex == key.ownerIndex
            && f.boxIndex == key.boxIndex)
            return &f;
    return nullptr;
}

void CompanionCard::moveBox(int groupStep, int boxStep)
{
    const auto groups = boxGroups();
    if (groups.empty())
        return;
    int g = 0;
    int b = 0;
    if (m_box) {
        for (std::size_t i = 0; i < groups.size(); ++i)
            for (std::size_t j = 0; j < groups[i].size(); ++j)
                if (groups[i][j]->owner == m_box->owner
                    && groups[i][j]->ownerIndex == m_box->ownerIndex
                    && groups[i][j]->boxIndex == m_box->boxIndex) {
                    g = int(i);
                    b = int(j);
                }
        g = std::clamp(g + groupStep, 0, int(groups.size()) - 1);
        b = std::clamp(b + boxStep, 0, int(groups[std::size_t(g)].size()) - 1);
    }
    const CardField *f = groups[std::size_t(g)][std::size_t(b)];
    m_box = BoxKey {f->owner, f->ownerIndex, f->boxIndex};
    updateDescription();
    m_face->update();
    // The box in view: the cards scroll (a long fleet, a card taller than the screen).
    for (QWidget *p = parentWidget(); p; p = p->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(p); area && area->widget()) {
            const QRect r = boxRect(f->owner, f->ownerIndex, f->boxIndex);
            const QPoint at = mapTo(area->widget(), r.center());
            area->ensureVisible(at.x(), at.y(), r.width() / 2 + 24, r.height() / 2 + 24);
            break;
        }
    }
}

int CompanionCard::markedOnTrackOf(const CardField &box) const
{
    int marked = 0;
    for (const CardField &o : m_layout->fields())
        if (o.kind == CardFieldKind::Box && o.owner == box.owner && o.ownerIndex == box.ownerIndex
            && CardLayout::isMarked(o, m_marks))
            ++marked;
    return marked;
}

QString CompanionCard::keyboardBoxText() const
{
    const CardField *f = m_box ? boxField(*m_box) : nullptr;
    if (!f)
        return {};
    // The track (weapon line, trait) as the card prints it: the card stays English, as
    // printed, so that it matches the rules (docs/translations.md).
    const QString prefix = f->id.left(f->id.lastIndexOf(QLatin1String(".box.")));
    const CardField *nameField = m_layout->field(
        f->owner == CardBoxOwner::Weapon ? prefix + QStringLiteral(".name") : prefix);
    const QString name = nameField ? nameField->text.simplified() : prefix;
    const int marked = markedOnTrackOf(*f);
    const QString box = f->owner == CardBoxOwner::Track
        ? tr("%1, box %2 of %3 (%4)").arg(name).arg(f->boxIndex + 1).arg(f->boxCount).arg(f->text)
        : tr("%1, box %2 of %3").arg(name).arg(f->boxIndex + 1).arg(f->boxCount);
    return tr("%1: %2; %3 of %4 marked")
        .arg(box, CardLayout::isMarked(*f, m_marks) ? tr("marked") : tr("not marked"))
        .arg(marked)
        .arg(f->boxCount);
}

void CompanionCard::updateDescription()
{
    const QString box = keyboardBoxText();
    const QString description = box.isEmpty() ? m_statusText
        : m_statusText.isEmpty()              ? box
                                              : box + QStringLiteral(". ") + m_statusText;
    if (description == accessibleDescription())
        return;
    setAccessibleDescription(description);
    QAccessibleEvent e(this, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&e);
}

QRect CompanionCard::boxRect(CardBoxOwner owner, int ownerIndex, int boxIndex) const
{
    if (!m_layout)
        return {};
    const CardPainter painter(*m_layout);
    for (int f = 0; f < m_layout->faceCount(); ++f) {
        const QTransform t = painter.transform(m_face->faceRect(f));
        for (const CardField *field : m_layout->fieldsOn(f)) {
            if (field->kind == CardFieldKind::Box && field->owner == owner
                && field->ownerIndex == ownerIndex && field->boxIndex == boxIndex)
                return t.mapRect(field->rect).toAlignedRect().translated(m_face->pos());
        }
    }
    return {};
}

void CompanionCard::faceClicked(QPointF at)
{
    if (m_layout && m_correctable) {
        const CardPainter painter(*m_layout);
        for (int f = 0; f < m_layout->faceCount(); ++f) {
            const QTransform t = painter.transform(m_face->faceRect(f));
            for (const CardField *field : m_layout->fieldsOn(f)) {
                if (field->kind != CardFieldKind::Box || field->owner == CardBoxOwner::None)
                    continue;
                // A finger is wider than a box: a little slack around it.
                const QRectF r = t.mapRect(field->rect).adjusted(-2, -2, 2, 2);
                if (r.contains(at)) {
                    Q_EMIT boxClicked(m_model, field->owner, field->ownerIndex,
                                      boxesAfterClick(field->owner, field->boxIndex,
                                                      field->boxCount,
                                                      CardLayout::isMarked(*field, m_marks)));
                    return;
                }
            }
        }
    }
    Q_EMIT selected(m_model);
}

void CompanionCard::mousePressEvent(QMouseEvent *event)
{
    Q_EMIT selected(m_model);
    event->accept();
}

QList<KeyHelp> CompanionCard::keyHelp()
{
    return {{tr("Tab"), tr("Go to the next card")},
            {tr("Space"), tr("Select the card's model")},
            {tr("Arrow keys"),
             tr("Physical table: go to a damage box (Left/Right along a track, Up/Down to the "
                "next track, weapon line or trait)")},
            {tr("Home / End"), tr("On a damage box: the first / last box of its track")},
            {tr("Space / Enter"), tr("On a damage box: mark or clear it, as a click does")},
            {tr("+ / -"), tr("On a damage box: mark one more or one fewer box of its track")},
            {tr("Esc"), tr("Leave the damage boxes")}};
}

bool CompanionCard::event(QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride && m_box && m_correctable) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter
             || key->key() == Qt::Key_Escape)
            && key->modifiers() == Qt::NoModifier) {
            event->accept();
            return true;
        }
    }
    return QFrame::event(event);
}

void CompanionCard::focusInEvent(QFocusEvent *event)
{
    QFrame::focusInEvent(event);
    m_face->update();
}

void CompanionCard::focusOutEvent(QFocusEvent *event)
{
    QFrame::focusOutEvent(event);
    m_face->update();
}

void CompanionCard::keyPressEvent(QKeyEvent *event)
{
    const bool plain = (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
    const CardField *box = m_box && m_correctable ? boxField(*m_box) : nullptr;
    if (plain && m_correctable && m_layout) {
        switch (event->key()) {
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_Up:
        case Qt::Key_Down:
            if (boxGroups().empty())
                break;
            moveBox(event->key() == Qt::Key_Up         ? -1
                        : event->key() == Qt::Key_Down ? 1
                                                       : 0,
                    event->key() == Qt::Key_Left        ? -1
                        : event->key() == Qt::Key_Right ? 1
                                                        : 0);
            event->accept();
            return;
        case Qt::Key_Home:
        case Qt::Key_End:
            if (!box)
                break;
            // The first or the last box of the track, as printed (a track's last is its top).
            moveBox(0, event->key() == Qt::Key_Home ? -box->boxCount : box->boxCount);
            event->accept();
            return;
        case Qt::Key_Space:
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (!box)
                break;
            // As a click on the box: the engine takes the correction (or says why not).
            Q_EMIT boxClicked(m_model, box->owner, box->ownerIndex,
                              boxesAfterClick(box->owner, box->boxIndex, box->boxCount,
                                              CardLayout::isMarked(*box, m_marks)));
            event->accept();
            return;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
        case Qt::Key_Minus: {
            if (!box)
                break;
            const int next = markedOnTrackOf(*box) + (event->key() == Qt::Key_Minus ? -1 : 1);
            if (next >= 0 && next <= box->boxCount)
                Q_EMIT boxClicked(m_model, box->owner, box->ownerIndex, next);
            event->accept();
            return;
        }
        case Qt::Key_Escape:
            if (!m_box)
                break;
            m_box.reset();
            updateDescription();
            m_face->update();
            event->accept();
            return;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Space && event->modifiers() == Qt::NoModifier) {
        Q_EMIT selected(m_model);
        event->accept();
        return;
    }
    QFrame::keyPressEvent(event); // the companion's keys (1-9, Enter) are its shortcuts
}

} // namespace jw
