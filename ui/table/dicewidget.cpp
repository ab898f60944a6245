// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/dicewidget.h"

#include "dice/dicepool.h"
#include "engine/engine.h"

#include <QJsonArray>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace jw {

namespace {

std::vector<int> intsOf(const QJsonValue &v)
{
    std::vector<int> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toInt());
    return out;
}

QString magnitudeWord(Magnitude m)
{
    switch (m) {
    case Magnitude::D:
        return AttackResultView::tr("a Double");
    case Magnitude::T:
        return AttackResultView::tr("a Triple");
    case Magnitude::Q:
        return AttackResultView::tr("a Quadruple");
    case Magnitude::N:
        break;
    }
    return {};
}

// "a Triple of 6s and a Double of 2s"
QString resultWords(const DiceResult &r)
{
    QStringList parts;
    for (auto it = r.successes().rbegin(); it != r.successes().rend(); ++it)
        parts << AttackResultView::tr("%1 of %2s").arg(magnitudeWord(it->magnitude)).arg(it->value);
    if (parts.size() > 1) {
        const QString last = parts.takeLast();
        return AttackResultView::tr("%1 and %2").arg(parts.join(QStringLiteral(", ")), last);
    }
    return parts.join(QString());
}

QString joinAnd(const QStringList &parts)
{
    if (parts.size() < 2)
        return parts.join(QString());
    QStringList head = parts;
    const QString last = head.takeLast();
    return AttackResultView::tr("%1 and %2").arg(head.join(QStringLiteral(", ")), last);
}

bool isDefence(const QString &purpose)
{
    return purpose.startsWith(QLatin1String("point-defense"))
        || purpose.startsWith(QLatin1String("barrier"));
}

} // namespace

bool RollFaces::read(const GameEvent &event)
{
    if (event.kind != QLatin1String("roll") || !event.data.contains(QStringLiteral("dice")))
        return false;
    purpose = event.data.value(QStringLiteral("purpose")).toString();
    dice = intsOf(event.data.value(QStringLiteral("dice")));
    macro = intsOf(event.data.value(QStringLiteral("macro")));
    removed = intsOf(event.data.value(QStringLiteral("removed")));
    const auto rolled = DicePool::parse(event.data.value(QStringLiteral("rolled")).toString());
    macroSign = rolled && rolled->macro != 0 ? (rolled->macro > 0 ? 1 : -1) : 0;
    matched = DiceResult::fromFaces(kept());
    result = DiceResult::parse(event.data.value(QStringLiteral("result")).toString())
                 .value_or(DiceResult());
    return true;
}

std::vector<int> RollFaces::kept() const
{
    std::vector<int> out = dice;
    for (int r : removed)
        if (auto it = std::find(out.begin(), out.end(), r); it != out.end())
            out.erase(it);
    return out;
}

bool RollFaces::macroHits(int face) const
{
    return std::any_of(matched.successes().begin(), matched.successes().end(),
                       [face](const Success &s) { return s.value == face; });
}

void paintDie(QPainter &p, const QRectF &r, int face, const QColor &fill, const QColor &pips,
              const QColor &edge, qreal edgeWidth)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(edge, edgeWidth));
    p.setBrush(fill);
    const qreal radius = r.width() * 0.18;
    p.drawRoundedRect(r, radius, radius);
    static const char *const layouts[6]
        = {"....x....", "x.......x", "x...x...x", "x.x...x.x", "x.x.x.x.x", "x.xx.xx.x"};
    const char *l = layouts[std::clamp(face, 1, 6) - 1];
    const qreal cell = r.width() / 4;
    const qreal dot = r.width() * 0.1;
    p.setPen(Qt::NoPen);
    p.setBrush(pips);
    for (int i = 0; i < 9; ++i) {
        if (l[i] == 'x')
            p.drawEllipse(QPointF(r.left() + cell * (1 + i % 3), r.top() + cell * (1 + i / 3)), dot,
                          dot);
    }
    p.restore();
}

QColor matchColour(int n)
{
    // Saturated enough to read on a light and a dark panel, with dark pips.
    static const QColor colours[]
        = {QColor(250, 204, 21),  QColor(74, 222, 128), QColor(96, 165, 250),
           QColor(244, 114, 182), QColor(251, 146, 60), QColor(45, 212, 191)};
    return colours[std::size_t(n) % std::size(colours)];
}

DiceWidget::DiceWidget(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Dice rolled"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void DiceWidget::setRoll(const RollFaces &roll)
{
    m_roll = roll;
    QStringList tip;
    tip << tr("Rolled: %1").arg([&] {
        QStringList f;
        for (int d : roll.dice)
            f << QString::number(d);
        return f.join(u' ');
    }());
    if (!roll.removed.empty())
        tip << tr("Flex dice dropped: %1").arg(roll.removed.size());
    if (!roll.macro.empty())
        tip << (roll.macroSign > 0 ? tr("Macro dice escalate a match of the same value")
                                   : tr("Macro dice diminish a match of the same value"));
    tip << tr("Result: %1").arg(roll.result.toString());
    setToolTip(tip.join(u'\n'));
    setAccessibleDescription(tip.join(QStringLiteral("; ")));
    updateGeometry();
    update();
}

int DiceWidget::dieSide() const
{
    return std::max(26, fontMetrics().height() * 2);
}

std::vector<DiceWidget::Slot> DiceWidget::layout(int width) const
{
    std::vector<Slot> slots;
    // Matching sets first, biggest first, each in its own colour.
    std::vector<int> kept = m_roll.kept();
    std::map<int, int> count;
    for (int f : kept)
        ++count[f];
    std::vector<std::pair<int, int>> sets; // (count, face)
    for (const auto &[face, n] : count)
        if (n >= 2)
            sets.emplace_back(n, face);
    std::sort(sets.begin(), sets.end(), std::greater<>());
    for (std::size_t g = 0; g < sets.size(); ++g)
        for (int i = 0; i < sets[g].first; ++i)
            slots.push_back({sets[g].second, int(g), false, false, {}});
    std::vector<int> single;
    for (int f : kept)
        if (count[f] < 2)
            single.push_back(f);
    std::sort(single.begin(), single.end(), std::greater<>());
    for (int f : single)
        slots.push_back({f, -1, false, false, {}});
    for (int f : m_roll.removed)
        slots.push_back({f, -1, true, false, {}});
    for (int f : m_roll.macro)
        slots.push_back({f, -1, false, true, {}});

    // Flow left to right; a wider gap between a set and what follows, and before the
    // macro dice; a new line when the width is used up.
    const int side = dieSide();
    const int gap = side / 6;
    const int lineHeight = side + fontMetrics().height() + 2 + gap;
    QFont bold = font(); // the captions' font (paintEvent)
    bold.setBold(true);
    const QFontMetrics captionMetrics(bold);
    int x = 0;
    int y = 0;
    int runEnd = 0; // where the caption of the run under way ends
    for (std::size_t i = 0; i < slots.size(); ++i) {
        bool newRun = i == 0;
        if (i > 0) {
            const Slot &prev = slots[i - 1];
            newRun = prev.group != slots[i].group || prev.dropped != slots[i].dropped
                || prev.macro != slots[i].macro;
            x += newRun ? gap * 4 : gap;
            // A caption wider than its dice keeps the next run off it.
            if (newRun)
                x = std::max(x, runEnd + gap * 2);
        }
        if (x + side > width && x > 0) {
            x = 0;
            y += lineHeight;
            runEnd = 0;
        }
        slots[i].rect = QRectF(x, y, side, side);
        if (newRun || x == 0)
            runEnd = x + captionMetrics.horizontalAdvance(caption(slots[i])) + 4;
        x += side;
    }
    return slots;
}

QString DiceWidget::caption(const Slot &s) const
{
    if (s.group >= 0) {
        for (const Success &x : m_roll.matched.successes())
            if (x.value == s.face) {
                const QString before
                    = QStringLiteral("[%1%2]").arg(magnitudeLetter(x.magnitude)).arg(x.value);
                // The macro dice changed it: "[D3] → [T3]" ("→ [N]" when diminished away).
                Magnitude after = Magnitude::N;
                for (const Success &y : m_roll.result.successes())
                    if (y.value == x.value)
                        after = std::max(after, y.magnitude);
                if (after == x.magnitude)
                    return before;
                return after == Magnitude::N ? QStringLiteral("%1 → [N]").arg(before)
                                             : QStringLiteral("%1 → [%2%3]")
                                                   .arg(before, magnitudeLetter(after))
                                                   .arg(x.value);
            }
    } else if (s.dropped) {
        return tr("dropped");
    } else if (s.macro) {
        return m_roll.macroSign > 0 ? tr("macro +") : tr("macro −");
    }
    return {};
}

std::vector<int> DiceWidget::drawnOrder() const
{
    std::vector<int> out;
    for (const Slot &s : layout(10000))
        out.push_back(s.face);
    return out;
}

int DiceWidget::groupCount() const
{
    int n = 0;
    for (const Slot &s : layout(10000))
        n = std::max(n, s.group + 1);
    return n;
}

QSize DiceWidget::sizeHint() const
{
    const auto slots = layout(10000);
    const int w = slots.empty() ? 0 : int(slots.back().rect.right()) + 4;
    return {w, heightForWidth(w)};
}

QSize DiceWidget::minimumSizeHint() const
{
    // One row; a narrower widget wraps and asks for its height by heightForWidth().
    return {dieSide() * 3, dieSide() + fontMetrics().height() + 6};
}

int DiceWidget::heightForWidth(int width) const
{
    const auto slots = layout(std::max(width - 4, dieSide()));
    const int side = dieSide();
    const int bottom = slots.empty() ? 0 : int(slots.back().rect.top());
    return bottom + side + fontMetrics().height() + 6;
}

void DiceWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const auto slots = layout(width() - 4);
    const QColor ink = palette().color(QPalette::WindowText);
    const QColor plainFace(235, 235, 230);
    const QColor pipColour(30, 30, 34);
    const QFontMetrics fm = fontMetrics();
    QFont small = font();
    small.setBold(true);
    p.setFont(small);
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const Slot &s = slots[i];
        const QRectF r = s.rect.translated(2, 2).adjusted(1, 1, -1, -1);
        if (s.macro) {
            const bool hit = m_roll.macroHits(s.face);
            const QColor fill = m_roll.macroSign > 0 ? QColor(251, 191, 36) : QColor(167, 139, 250);
            paintDie(p, r, s.face, fill, pipColour, hit ? ink : fill.darker(150), hit ? 3.0 : 1.5);
        } else if (s.dropped) {
            paintDie(p, r, s.face, QColor(90, 92, 98), QColor(160, 162, 168),
                     QColor(110, 112, 118));
            QPen strike(QColor(239, 68, 68), 2.5);
            strike.setCapStyle(Qt::RoundCap);
            p.setPen(strike);
            p.drawLine(r.topLeft() + QPointF(4, 4), r.bottomRight() - QPointF(4, 4));
            p.drawLine(r.topRight() + QPointF(-4, 4), r.bottomLeft() + QPointF(4, -4));
        } else if (s.group >= 0) {
            const QColor c = matchColour(s.group);
            paintDie(p, r, s.face, c, pipColour, c.darker(170), 2.0);
        } else {
            // A die that matches nothing: plain and a little faded.
            p.setOpacity(0.7);
            paintDie(p, r, s.face, plainFace, pipColour, QColor(150, 150, 150));
            p.setOpacity(1.0);
        }
        // A caption under the first die of each run: the set's result, "dropped", "macro".
        const bool first = i == 0 || slots[i - 1].group != s.group
            || slots[i - 1].dropped != s.dropped || slots[i - 1].macro != s.macro
            || slots[i - 1].rect.top() != s.rect.top();
        if (!first)
            continue;
        const QString text = caption(s);
        if (text.isEmpty())
            continue;
        p.setPen(ink);
        p.drawText(QPointF(r.left(), r.bottom() + fm.ascent() + 3), text);
    }
}

AttackResultView::AttackResultView(QWidget *parent)
    : QWidget(parent)
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);
    setAccessibleName(tr("Attack result"));
}

void AttackResultView::clear()
{
    while (QLayoutItem *it = m_layout->takeAt(0)) {
        delete it->widget();
        delete it;
    }
    m_sentences.clear();
    m_dice.clear();
}

bool AttackResultView::setEvents(const std::vector<GameEvent> &events, const Engine &engine,
                                 const GameState &state)
{
    clear();
    const auto name = [&](int id) {
        return id >= 0 && id < int(state.models.size()) ? engine.modelName(state, id) : QString();
    };
    const auto addLabel = [&](const QString &text, bool bold = false) {
        auto *l = new QLabel(text);
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);
        if (bold) {
            QFont f = l->font();
            f.setBold(true);
            l->setFont(f);
        }
        m_layout->addWidget(l);
        return l;
    };

    // One section per attack roll at one target: from its "attack" event to its "hit".
    int attacker = -1;
    int target = -1;
    QString weapon;
    bool open = false;
    int sectionStart = 0; // where the sentence of the section under way goes
    bool rolledSuccess = false;
    QString stoppedBy;
    QString diminishedFrom; // the attack's result before the defence diminished it
    for (std::size_t i = 0; i < events.size(); ++i) {
        const GameEvent &e = events[i];
        const QJsonObject &d = e.data;
        if (e.kind == QLatin1String("attack") && d.contains(QStringLiteral("pool"))
            && d.contains(QStringLiteral("weapon"))) {
            attacker = d.value(QStringLiteral("attacker")).toInt(-1);
            target = d.value(QStringLiteral("target")).toInt(-1);
            const int w = d.value(QStringLiteral("weapon")).toInt(-1);
            weapon.clear();
            if (const ModelState *m = state.model(attacker)) {
                const Unit &u = engine.unitOf(*m);
                if (w >= 0 && w < int(u.weapons.size()))
                    weapon = u.weapons[std::size_t(w)].name;
            }
            open = true;
            rolledSuccess = false;
            stoppedBy.clear();
            diminishedFrom.clear();
            addLabel(tr("%1's %2 at %3: %4")
                         .arg(name(attacker), weapon, name(target),
                              d.value(QStringLiteral("pool")).toString()),
                     false);
            sectionStart = m_layout->count();
            continue;
        }
        if (!open)
            continue;
        RollFaces roll;
        if (roll.read(e)) {
            const bool defence = isDefence(roll.purpose);
            if (!defence && !roll.purpose.startsWith(QLatin1String("attack")))
                continue;
            QString caption;
            if (defence) {
                const QString who = name(d.value(QStringLiteral("model")).toInt(-1));
                caption = roll.purpose.startsWith(QLatin1String("barrier"))
                    ? tr("%1's Barrier opposes it:").arg(who)
                    : tr("%1's Point Defense opposes it:").arg(who);
                if (roll.purpose.endsWith(QLatin1String("-reroll")))
                    caption = tr("%1 re-rolls its defence:").arg(who);
                if (roll.result.isSuccess())
                    stoppedBy = roll.purpose.startsWith(QLatin1String("barrier"))
                        ? tr("%1's Barrier").arg(who)
                        : tr("%1's Point Defense").arg(who);
            } else {
                caption = roll.purpose == QLatin1String("attack-reroll") ? tr("Re-roll:")
                                                                         : tr("Attack roll:");
                rolledSuccess = roll.result.isSuccess();
            }
            addLabel(caption + u' ' + roll.result.toString());
            auto *dice = new DiceWidget;
            dice->setRoll(roll);
            m_layout->addWidget(dice);
            m_dice.push_back(dice);
            continue;
        }
        if (e.kind == QLatin1String("roll")
            && d.value(QStringLiteral("purpose")).toString() == QLatin1String("opposed")) {
            diminishedFrom = d.value(QStringLiteral("primary")).toString();
            addLabel(tr("%1 diminishes %2 to %3")
                         .arg(stoppedBy.isEmpty() ? tr("The defence") : stoppedBy, diminishedFrom,
                              d.value(QStringLiteral("result")).toString()));
            continue;
        }
        if (e.kind == QLatin1String("roll")
            && d.value(QStringLiteral("purpose")).toString() == QLatin1String("modifier")) {
            addLabel(tr("%1: %2 becomes %3")
                         .arg(d.value(QStringLiteral("why")).toString(),
                              d.value(QStringLiteral("before")).toString(),
                              d.value(QStringLiteral("result")).toString()));
            continue;
        }
        if (e.kind != QLatin1String("hit"))
            continue;
        // The result, and what it did to the target: the damage events that follow, up to
        // the next attack.
        open = false;
        const auto result = DiceResult::parse(d.value(QStringLiteral("result")).toString())
                                .value_or(DiceResult());
        QString sentence;
        const QString by = tr("%1's %2").arg(name(attacker), weapon);
        if (!result.isSuccess()) {
            if (rolledSuccess && !stoppedBy.isEmpty())
                sentence = tr("%1 stops the hit: %2 misses %3.").arg(stoppedBy, by, name(target));
            else if (rolledSuccess)
                sentence
                    = tr("%1 misses %2: the hit is Diminished to nothing.").arg(by, name(target));
            else
                sentence = tr("%1 misses %2: no two dice match.").arg(by, name(target));
        } else {
            std::map<QString, int> lost;
            bool destroyed = false;
            for (std::size_t k = i + 1; k < events.size(); ++k) {
                const GameEvent &x = events[k];
                if (x.kind == QLatin1String("attack"))
                    break;
                if (x.data.value(QStringLiteral("model")).toInt(-1) != target)
                    continue;
                if (x.kind == QLatin1String("destroyed"))
                    destroyed = true;
                if (x.kind == QLatin1String("damage") && x.data.contains(QStringLiteral("rating")))
                    lost[x.data.value(QStringLiteral("rating")).toString()]
                        += x.data.value(QStringLiteral("from")).toInt()
                        - x.data.value(QStringLiteral("to")).toInt();
            }
            QStringList parts;
            for (const auto &[rating, n] : lost)
                if (n > 0)
                    parts << tr("%1 %2").arg(n).arg(rating.left(1).toUpper() + rating.mid(1));
            QString effect;
            if (!parts.isEmpty())
                effect = tr("%1 loses %2").arg(name(target), joinAnd(parts));
            if (destroyed)
                effect = effect.isEmpty() ? tr("%1 is Destroyed").arg(name(target))
                                          : tr("%1 and is Destroyed").arg(effect);
            sentence = tr("%1 hits %2 with %3 (%4)")
                           .arg(by, name(target), resultWords(result), result.toString());
            if (!diminishedFrom.isEmpty() && !stoppedBy.isEmpty())
                sentence += tr(", diminished from %1 by %2").arg(diminishedFrom, stoppedBy);
            sentence += effect.isEmpty() ? tr(".") : tr(": %1.").arg(effect);
        }
        m_sentences << sentence;
        // The sentence first, under the attack's line: what happened, then the dice.
        auto *l = new QLabel(sentence);
        l->setObjectName(QStringLiteral("attackSentence"));
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);
        QFont bold = l->font();
        bold.setBold(true);
        l->setFont(bold);
        m_layout->insertWidget(sectionStart, l);
    }
    m_layout->addStretch();
    setVisible(!m_dice.empty());
    return !m_dice.empty();
}

} // namespace jw
