// SPDX-License-Identifier: GPL-3.0-or-later
#include "companion/dicekeypad.h"

#include "companion/touchbutton.h"
#include "dice/odds.h"
#include "table/attackpreview.h"
#include "table/dicewidget.h"

#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

namespace jw {

namespace {
constexpr int kSlot = 44; // a die's side, in pixels
constexpr int kSlotGap = 8;

QString percent(double p)
{
    return QStringLiteral("%1%").arg(p * 100.0, 0, 'f', p > 0 && p < 0.1 ? 1 : 0);
}
} // namespace

// The dice to type, as empty slots that fill with faces; the next one outlined.
class DiceKeypad::Slots : public QWidget
{
public:
    explicit Slots(DiceKeypad *pad)
        : QWidget(pad)
        , m_pad(pad)
    {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    [[nodiscard]] QSize sizeHint() const override
    {
        return {std::max(1, m_pad->diceCount()) * (kSlot + kSlotGap) + 3 * kSlotGap,
                heightForWidth(400)};
    }
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override
    {
        const int perRow = std::max(1, (width - 2 * kSlotGap) / (kSlot + kSlotGap));
        const DicePool eff = m_pad->pool().effective();
        const bool macro = m_pad->hasPool() && eff.macroDice() > 0; // on a row of its own
        const int rows = std::max(1, (m_pad->diceCount() + perRow - 1) / perRow) + (macro ? 1 : 0);
        return rows * (kSlot + kSlotGap + fontMetrics().height());
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const DicePool eff
            = m_pad->hasPool() ? m_pad->pool().effective() : DicePool {m_pad->diceCount(), 0, 0};
        const int total = m_pad->diceCount();
        const int rolled = std::min(eff.rolledDice(), total);
        const QColor text = palette().color(QPalette::WindowText);
        int x = 0, y = fontMetrics().height();
        const int lineH = kSlot + kSlotGap + fontMetrics().height();
        for (int i = 0; i < total; ++i) {
            // Groups: Base, Flex, then Macro on a line of its own.
            const bool newGroup = i == 0 || i == eff.base || i == rolled;
            if (i == rolled && i > 0) {
                x = 0;
                y += lineH;
            } else if (newGroup && i > 0) {
                x += kSlotGap * 2;
            }
            if (x + kSlot > width()) {
                x = 0;
                y += lineH;
            }
            if (newGroup) {
                const QString label = !m_pad->hasPool() ? DiceKeypad::tr("Dice")
                    : i < eff.base                      ? DiceKeypad::tr("Base")
                    : i < rolled                        ? DiceKeypad::tr("Flex")
                    : eff.macro > 0                     ? DiceKeypad::tr("Macro (escalating)")
                                                        : DiceKeypad::tr("Macro (diminishing)");
                p.setPen(text);
                p.drawText(QPointF(x, y - 4), label);
            }
            const QRectF r(x, y, kSlot, kSlot);
            const std::size_t k = std::size_t(i);
            if (k < m_pad->faces().size()) {
                const QColor fill = i >= rolled ? QColor(eff.macro > 0 ? "#fed7aa" : "#bfdbfe")
                    : i >= eff.base             ? QColor("#e9d5ff")
                                                : QColor("#f8fafc");
                paintDie(p, r, m_pad->faces()[k], fill, QColor("#111827"), QColor("#111827"));
            } else {
                QPen pen(i == int(m_pad->faces().size()) ? palette().color(QPalette::Highlight)
                                                         : palette().color(QPalette::Mid),
                         i == int(m_pad->faces().size()) ? 3 : 1.5, Qt::DashLine);
                p.setPen(pen);
                p.setBrush(Qt::NoBrush);
                p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 6, 6);
            }
            x += kSlot + kSlotGap;
        }
        if (m_pad->hasFocus()) {
            // The keypad has the keyboard: a frame round the dice it types.
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 6, 6);
        }
    }

private:
    DiceKeypad *m_pad;
};

DiceKeypad::DiceKeypad(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("diceKeypad"));
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Dice keypad"));
    setAccessibleDescription(tr("Type the faces rolled with the keys 1 to 6; Backspace takes "
                                "back the last die, Enter enters the roll."));
    auto *l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    m_what = new QLabel;
    m_what->setWordWrap(true);
    QFont big = m_what->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_what->setFont(big);
    l->addWidget(m_what);
    m_poolLabel = new QLabel;
    m_poolLabel->setObjectName(QStringLiteral("rollPool"));
    m_poolLabel->setWordWrap(true);
    QFont mid = font();
    mid.setPointSizeF(mid.pointSizeF() * 1.2);
    m_poolLabel->setFont(mid);
    l->addWidget(m_poolLabel);
    m_bar = new OddsBar;
    l->addWidget(m_bar);
    m_oddsLabel = new QLabel;
    m_oddsLabel->setObjectName(QStringLiteral("rollOdds"));
    m_oddsLabel->setWordWrap(true);
    l->addWidget(m_oddsLabel);
    m_slots = new Slots(this);
    l->addWidget(m_slots);
    auto *keys = new QGridLayout;
    keys->setSpacing(6);
    for (int f = 1; f <= 6; ++f) {
        auto *b = new TouchButton(QString::number(f));
        b->setObjectName(QStringLiteral("face%1").arg(f));
        b->setMinimumSize(56, 56);
        b->setFocusPolicy(Qt::NoFocus);
        QFont kf = b->font();
        kf.setPointSizeF(kf.pointSizeF() * 1.4);
        kf.setBold(true);
        b->setFont(kf);
        connect(b, &QPushButton::clicked, this, [this, f] { type(f); });
        keys->addWidget(b, (f - 1) / 3, (f - 1) % 3);
        m_keys[std::size_t(f - 1)] = b;
    }
    m_erase = new TouchButton(tr("⌫ Back"));
    m_erase->setObjectName(QStringLiteral("faceErase"));
    m_erase->setFocusPolicy(Qt::NoFocus);
    m_erase->setToolTip(tr("Take back the last die typed (Backspace)"));
    connect(m_erase, &QPushButton::clicked, this, &DiceKeypad::erase);
    keys->addWidget(m_erase, 0, 3);
    m_enter = new TouchButton(tr("Enter the Roll"));
    m_enter->setObjectName(QStringLiteral("rollEnter"));
    m_enter->setFocusPolicy(Qt::NoFocus);
    m_enter->setToolTip(tr("The dice are typed in (Enter)"));
    connect(m_enter, &QPushButton::clicked, this, &DiceKeypad::enter);
    keys->addWidget(m_enter, 1, 3);
    l->addLayout(keys);
    m_rollForMe = new TouchButton(tr("Roll for Me"));
    m_rollForMe->setObjectName(QStringLiteral("rollForMe"));
    m_rollForMe->setFocusPolicy(Qt::NoFocus);
    m_rollForMe->setToolTip(tr("The app rolls these dice"));
    connect(m_rollForMe, &QPushButton::clicked, this, &DiceKeypad::rollForMe);
    l->addWidget(m_rollForMe);
    updateState();
}

void DiceKeypad::setPool(const DicePool &pool, const QString &what)
{
    const DicePool eff = pool.effective();
    setRoll(pool, eff.rolledDice() + eff.macroDice(), what);
}

void DiceKeypad::setRoll(const std::optional<DicePool> &pool, int count, const QString &what)
{
    m_hasPool = pool.has_value();
    m_pool = pool.value_or(DicePool {count, 0, 0});
    m_count = std::clamp(count, 0, 64);
    m_faces.clear();
    m_what->setText(what);
    m_what->setVisible(!what.isEmpty());
    std::array<double, 4> shares {1, 0, 0, 0};
    m_oddsLabel->clear();
    if (m_hasPool) {
        const DicePool eff = m_pool.effective();
        QStringList dice;
        dice << tr("%1 Base").arg(eff.base);
        if (eff.flex > 0)
            dice << tr("%1 Flex").arg(eff.flex);
        if (eff.macro > 0)
            dice << tr("%1 escalating Macro").arg(eff.macro);
        else if (eff.macro < 0)
            dice << tr("%1 diminishing Macro").arg(-eff.macro);
        m_poolLabel->setText(
            tr("Roll %1 dice (%2)").arg(dice.join(QStringLiteral(", ")), m_pool.toString()));
        // The exact odds of the best result, before the dice are thrown.
        if (eff.rolledDice() <= kMaxOddsDice && eff.macroDice() <= kMaxOddsMacroDice) {
            const DiceOdds odds = computeOdds(m_pool);
            const auto &a = odds.pAtLeast;
            shares = {std::max(0.0, 1.0 - a[0]), std::max(0.0, a[0] - a[1]),
                      std::max(0.0, a[1] - a[2]), a[2]};
            m_oddsLabel->setText(
                tr("Before the roll: no success %1 · best [D] %2 · [T] %3 · [Q+] %4")
                    .arg(percent(shares[0]), percent(shares[1]), percent(shares[2]),
                         percent(shares[3])));
        }
    } else {
        m_poolLabel->setText(m_count == 1 ? tr("Roll one die") : tr("Roll %1 dice").arg(m_count));
    }
    m_bar->setShares(shares);
    m_bar->setVisible(m_hasPool);
    m_oddsLabel->setVisible(!m_oddsLabel->text().isEmpty());
    m_slots->updateGeometry();
    updateState();
}

void DiceKeypad::type(int face)
{
    if (face < 1 || face > 6 || complete())
        return;
    m_faces.push_back(face);
    updateState();
}

void DiceKeypad::erase()
{
    if (!m_faces.empty())
        m_faces.pop_back();
    updateState();
}

void DiceKeypad::enter()
{
    if (complete())
        Q_EMIT entered(m_faces);
}

void DiceKeypad::updateState()
{
    for (QPushButton *k : m_keys)
        k->setEnabled(!complete());
    m_erase->setEnabled(!m_faces.empty());
    m_enter->setEnabled(complete() && diceCount() > 0);
    m_enter->setText(complete()
                         ? tr("Enter the Roll")
                         : tr("Dice left to type: %1").arg(diceCount() - int(m_faces.size())));
    m_slots->update();
}

void DiceKeypad::focusInEvent(QFocusEvent *event)
{
    m_slots->update();
    QWidget::focusInEvent(event);
}

void DiceKeypad::focusOutEvent(QFocusEvent *event)
{
    m_slots->update();
    QWidget::focusOutEvent(event);
}

QList<KeyHelp> DiceKeypad::keyHelp()
{
    return {{tr("1 … 6"), tr("Type the face of the next die")},
            {tr("Backspace"), tr("Take back the last die")},
            {tr("Enter"), tr("Enter the roll")}};
}

void DiceKeypad::keyPressEvent(QKeyEvent *event)
{
    const int k = event->key();
    if (k >= Qt::Key_1 && k <= Qt::Key_6)
        type(k - Qt::Key_0);
    else if (k == Qt::Key_Backspace)
        erase();
    else if (k == Qt::Key_Return || k == Qt::Key_Enter)
        enter();
    else
        return QWidget::keyPressEvent(event);
    event->accept();
}

} // namespace jw
