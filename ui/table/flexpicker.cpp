// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/flexpicker.h"

#include <QBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QPainter>
#include <QPushButton>

#include <algorithm>

namespace jw {

namespace {

std::vector<int> intsOf(const QJsonValue &v)
{
    std::vector<int> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toInt());
    return out;
}

void clearRow(QHBoxLayout *row)
{
    while (QLayoutItem *it = row->takeAt(0)) {
        delete it->widget();
        delete it;
    }
}

} // namespace

DieButton::DieButton(int face, Kind kind, QWidget *parent)
    : QAbstractButton(parent)
    , m_face(face)
    , m_kind(kind)
{
    setFocusPolicy(kind == Rolled ? Qt::StrongFocus : Qt::NoFocus);
    setAccessibleName(tr("Die showing %1").arg(face));
    setCursor(kind == Rolled ? Qt::PointingHandCursor : Qt::ArrowCursor);
    setText(QString::number(face)); // for accessibility and tests
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void DieButton::setDropped(bool on)
{
    if (m_dropped == on)
        return;
    m_dropped = on;
    setToolTip(on ? tr("%1: dropped (click to keep it)").arg(m_face)
                  : tr("%1: kept (click to drop it)").arg(m_face));
    update();
}

QSize DieButton::sizeHint() const
{
    const int side = std::max(34, fontMetrics().height() * 2 + 6);
    return {side, side};
}

void DieButton::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(rect()).adjusted(2.5, 2.5, -2.5, -2.5);
    QColor face(245, 245, 240);
    QColor pip(30, 30, 34);
    QColor edge(150, 150, 150);
    switch (m_kind) {
    case Rolled:
        if (m_dropped) {
            face = QColor(90, 92, 98);
            pip = QColor(160, 162, 168);
            edge = QColor(110, 112, 118);
        }
        break;
    case MacroPlus: // escalates: warm
        face = QColor(251, 191, 36);
        edge = QColor(180, 120, 10);
        break;
    case MacroMinus: // diminishes: cold
        face = QColor(167, 139, 250);
        edge = QColor(100, 70, 190);
        break;
    }
    if (underMouse() && isEnabled() && m_kind == Rolled)
        edge = palette().color(QPalette::Highlight);
    p.setPen(QPen(edge, 1.5));
    p.setBrush(face);
    const qreal radius = r.width() * 0.18;
    p.drawRoundedRect(r, radius, radius);

    // Pips on a 3 x 3 grid.
    static const char *const layouts[6]
        = {"....x....", "x.......x", "x...x...x", "x.x...x.x", "x.x.x.x.x", "x.xx.xx.x"};
    const char *l = layouts[std::clamp(m_face, 1, 6) - 1];
    const qreal cell = r.width() / 4;
    const qreal dot = r.width() * 0.1;
    p.setPen(Qt::NoPen);
    p.setBrush(pip);
    for (int i = 0; i < 9; ++i) {
        if (l[i] != 'x')
            continue;
        const QPointF c(r.left() + cell * (1 + i % 3), r.top() + cell * (1 + i / 3));
        p.drawEllipse(c, dot, dot);
    }
    if (m_dropped) {
        QPen strike(QColor(239, 68, 68), 2.5);
        strike.setCapStyle(Qt::RoundCap);
        p.setPen(strike);
        p.drawLine(r.topLeft() + QPointF(3, 3), r.bottomRight() - QPointF(3, 3));
        p.drawLine(r.topRight() + QPointF(-3, 3), r.bottomLeft() + QPointF(3, -3));
    }
    if (hasFocus()) {
        QPen focus(palette().color(QPalette::Highlight), 1, Qt::DotLine);
        p.setPen(focus);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    }
}

FlexPicker::FlexPicker(QWidget *parent)
    : QWidget(parent)
{
    auto *l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    setAccessibleName(tr("Flex dice"));
    m_poolLabel = new QLabel;
    m_poolLabel->setWordWrap(true);
    m_poolLabel->setTextFormat(Qt::RichText);
    l->addWidget(m_poolLabel);
    m_rolledLabel = new QLabel;
    m_rolledLabel->setWordWrap(true);
    l->addWidget(m_rolledLabel);
    m_rolledRow = new QHBoxLayout;
    m_rolledRow->setSpacing(4);
    auto *rolled = new QHBoxLayout;
    rolled->addLayout(m_rolledRow);
    rolled->addStretch();
    l->addLayout(rolled);
    m_macroLabel = new QLabel;
    m_macroLabel->setWordWrap(true);
    l->addWidget(m_macroLabel);
    m_macroRow = new QHBoxLayout;
    m_macroRow->setSpacing(4);
    auto *macro = new QHBoxLayout;
    macro->addLayout(m_macroRow);
    macro->addStretch();
    l->addLayout(macro);
    auto *rh = new QHBoxLayout;
    m_result = new QLabel;
    m_result->setObjectName(QStringLiteral("flexResult"));
    m_result->setTextFormat(Qt::RichText);
    m_result->setWordWrap(true);
    QFont f = m_result->font();
    f.setPointSizeF(f.pointSizeF() * 1.25);
    m_result->setFont(f);
    m_best = new QPushButton(tr("Best"));
    m_best->setToolTip(tr("Drop the dice that give the best result"));
    connect(m_best, &QPushButton::clicked, this, &FlexPicker::selectBest);
    rh->addWidget(m_result, 1);
    rh->addWidget(m_best);
    l->addLayout(rh);
}

bool FlexPicker::setRequest(const DecisionRequest &request)
{
    if (request.kind != QLatin1String("flex"))
        return false;
    if (request == m_request && !m_choices.empty())
        return true; // the same question: keep the player's selection
    const std::optional<DicePool> pool
        = DicePool::parse(request.data.value(QStringLiteral("pool")).toString());
    if (!pool)
        return false;
    const RolledDice faces {intsOf(request.data.value(QStringLiteral("dice"))),
                            intsOf(request.data.value(QStringLiteral("macro")))};
    const DicePool rolled = pool->effective();
    if (rolled.flex <= 0 || int(faces.dice.size()) != rolled.rolledDice()
        || int(faces.macroDice.size()) != rolled.macroDice())
        return false;
    std::vector<FlexChoice> choices;
    try {
        choices = flexChoices(*pool, faces);
    } catch (const std::exception &) {
        return false;
    }
    // Option i is the one whose removed faces the engine lists as choices[i]
    // (the decision's data, not the order of an enumeration or its sentences):
    // anything else is a decision this picker does not understand.
    const QJsonArray listed = request.data.value(QStringLiteral("choices")).toArray();
    if (listed.size() != request.optionCount() || int(choices.size()) != listed.size()
        || request.defaultOption < 0 || request.defaultOption >= int(choices.size()))
        return false;
    std::vector<FlexChoice> ordered;
    for (const QJsonValue &v : listed) {
        std::vector<int> removed = intsOf(v.toObject().value(QStringLiteral("removed")));
        std::sort(removed.begin(), removed.end());
        const auto it = std::find_if(choices.begin(), choices.end(), [&](const FlexChoice &c) {
            std::vector<int> mine = c.removed;
            std::sort(mine.begin(), mine.end());
            return mine == removed;
        });
        if (it == choices.end())
            return false;
        ordered.push_back(*it);
    }
    choices = std::move(ordered);

    m_request = request;
    m_pool = *pool;
    m_choices = std::move(choices);
    m_default = request.defaultOption;
    m_flex = rolled.flex;
    m_dropOrder.clear();
    clearRow(m_rolledRow);
    clearRow(m_macroRow);
    m_dice.clear();
    m_macro.clear();
    for (std::size_t i = 0; i < faces.dice.size(); ++i) {
        auto *d = new DieButton(faces.dice[i], DieButton::Rolled);
        d->setObjectName(QStringLiteral("die%1").arg(i));
        d->setDropped(true);
        d->setDropped(false); // sets the tooltip
        connect(d, &DieButton::clicked, this, [this, i] { toggleDie(int(i)); });
        m_rolledRow->addWidget(d);
        d->show();
        m_dice.push_back(d);
    }
    const bool plus = rolled.macro >= 0;
    for (int f : faces.macroDice) {
        auto *d = new DieButton(f, plus ? DieButton::MacroPlus : DieButton::MacroMinus);
        d->setToolTip(plus ? tr("Macro die %1: escalates a success of Value %1").arg(f)
                           : tr("Macro die %1: diminishes a success of Value %1").arg(f));
        m_macroRow->addWidget(d);
        d->show();
        m_macro.push_back(d);
    }
    m_poolLabel->setText(tr("Pool <b>%1</b>").arg(rolled.toString()));
    // Base and flex dice are not told apart once rolled: any of them may be dropped.
    m_rolledLabel->setText(
        (m_flex == 1 ? tr("Base and flex dice, rolled together (%1 base + 1 flex): click the die "
                          "to drop.")
                           .arg(rolled.base)
                     : tr("Base and flex dice, rolled together (%1 base + %2 flex): click the %2 "
                          "dice to drop.")
                           .arg(rolled.base)
                           .arg(rolled.flex)));
    m_macroLabel->setText(plus ? tr("Macro dice (+): each escalates a success of its Value.")
                               : tr("Macro dice (−): each diminishes a success of its Value."));
    m_macroLabel->setVisible(!m_macro.empty());
    selectBest();
    return true;
}

std::vector<int> FlexPicker::droppedFaces() const
{
    std::vector<int> out;
    for (const DieButton *d : m_dice)
        if (d->isDropped())
            out.push_back(d->face());
    std::sort(out.begin(), out.end());
    return out;
}

void FlexPicker::setDropped(int index, bool dropped)
{
    m_dice[std::size_t(index)]->setDropped(dropped);
    std::erase(m_dropOrder, index);
    if (dropped)
        m_dropOrder.push_back(index);
}

void FlexPicker::toggleDie(int index)
{
    if (index < 0 || index >= dieCount())
        return;
    if (m_dice[std::size_t(index)]->isDropped()) {
        setDropped(index, false);
    } else {
        // As many dropped as the pool has flex dice: the oldest drop is kept again.
        if (int(m_dropOrder.size()) >= m_flex)
            setDropped(m_dropOrder.front(), false);
        setDropped(index, true);
    }
    refresh();
}

void FlexPicker::selectBest()
{
    if (m_choices.empty())
        return;
    for (int i = 0; i < dieCount(); ++i)
        setDropped(i, false);
    // The faces of the default choice, each on the last die that shows it (the
    // dice keep their rolled order; which of two equal faces is dropped does not matter).
    for (int face : m_choices[std::size_t(m_default)].removed) {
        for (int i = dieCount() - 1; i >= 0; --i) {
            if (!m_dice[std::size_t(i)]->isDropped() && m_dice[std::size_t(i)]->face() == face) {
                setDropped(i, true);
                break;
            }
        }
    }
    refresh();
}

void FlexPicker::refresh()
{
    const std::vector<int> dropped = droppedFaces();
    int option = -1;
    for (std::size_t i = 0; i < m_choices.size(); ++i)
        if (m_choices[i].removed == dropped)
            option = int(i);
    if (option >= 0) {
        const DiceResult &r = m_choices[std::size_t(option)].result;
        QString text = tr("Result: <b>%1</b>").arg(r.toString());
        if (option == m_default)
            text += QStringLiteral(" <span style=\"color:#22c55e\">%1</span>").arg(tr("(best)"));
        else
            text += QStringLiteral(" <span style=\"color:#9ca3af\">%1</span>")
                        .arg(tr("(best: %1)")
                                 .arg(m_choices[std::size_t(m_default)].result.toString()));
        m_result->setText(text);
    } else {
        const int missing = m_flex - int(dropped.size());
        m_result->setText(missing == 1 ? tr("Drop one more die.")
                                       : tr("Drop %1 more dice.").arg(missing));
    }
    m_best->setEnabled(option != m_default);
    if (option != m_option) {
        m_option = option;
        Q_EMIT optionChanged(option);
    }
}

} // namespace jw
