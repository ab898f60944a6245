// SPDX-License-Identifier: GPL-3.0-or-later
#include "companion/companioncard.h"

#include "engine/engine.h"
#include "render/cardpainter.h"
#include "table/modelcard.h"
#include "table/tableterms.h"

#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

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
    setAccessibleDescription(QTextDocumentFragment::fromHtml(m_status->text()).toPlainText());
    setEnabled(true);
    m_face->update();
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
    return {{tr("Tab"), tr("Go to the next card")}, {tr("Space"), tr("Select the card's model")}};
}

void CompanionCard::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && event->modifiers() == Qt::NoModifier) {
        Q_EMIT selected(m_model);
        event->accept();
        return;
    }
    QFrame::keyPressEvent(event); // the companion's keys (1-9, Enter) are its shortcuts
}

} // namespace jw
