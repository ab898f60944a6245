// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/attackpreview.h"

#include "engine/engine.h"
#include "engine/poolsteprule.h"
#include "help/rulelink.h"
#include "table/tableterms.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cmath>

namespace jw {

namespace {

// The colours of the three parts of a pool, the same in the pool line and the modifiers.
const QColor kBase(37, 99, 235);
const QColor kFlex(22, 163, 74);
const QColor kMacroUp(147, 51, 234);
const QColor kMacroDown(220, 38, 38);

// A coloured chip: its words never broken across lines ("+1 Macro" wrapped in a narrow dock
// left "Macro" alone on the next line).
QString chip(const QString &text, const QColor &c)
{
    return QStringLiteral("<span style=\"background-color:%1; color:#ffffff; white-space:nowrap;\">"
                          "&nbsp;%2&nbsp;</span>")
        .arg(c.name(), text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
}

QString percent(double p)
{
    if (p > 0 && p < 0.005)
        return QStringLiteral("<1%");
    if (p < 1 && p > 0.995)
        return QStringLiteral(">99%");
    return QStringLiteral("%1%").arg(std::round(p * 100.0), 0, 'f', 0);
}

QString number(double x)
{
    return QLocale().toString(x, 'f', x < 10 ? 1 : 0);
}

QString stepDice(const PoolStep &s)
{
    const QString letter = s.part == PoolStep::Base ? QStringLiteral("B")
        : s.part == PoolStep::Flex                  ? QStringLiteral("F")
                                                    : QStringLiteral("M");
    if (s.sets)
        return QStringLiteral("%1%2").arg(s.dice).arg(letter);
    return QStringLiteral("%1%2%3")
        .arg(s.dice >= 0 ? QStringLiteral("+") : QStringLiteral("−"))
        .arg(std::abs(s.dice))
        .arg(letter);
}

QColor stepColour(const PoolStep &s)
{
    switch (s.part) {
    case PoolStep::Base:
        return kBase;
    case PoolStep::Flex:
        return kFlex;
    case PoolStep::Macro:
        return s.dice >= 0 ? kMacroUp : kMacroDown;
    }
    return kBase;
}

} // namespace

OddsBar::OddsBar(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Odds of the best result"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void OddsBar::setShares(const std::array<double, 4> &shares)
{
    m_shares = shares;
    setToolTip(
        tr("Best result: miss %1, [D] %2, [T] %3, [Q+] %4")
            .arg(percent(shares[0]), percent(shares[1]), percent(shares[2]), percent(shares[3])));
    setAccessibleDescription(toolTip());
    update();
}

QSize OddsBar::sizeHint() const
{
    return {240, fontMetrics().height() + 10};
}

QSize OddsBar::minimumSizeHint() const
{
    return {120, fontMetrics().height() + 10};
}

void OddsBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    static const QColor colours[4]
        = {QColor(120, 120, 128), QColor(234, 179, 8), QColor(249, 115, 22), QColor(220, 38, 38)};
    static const char *const names[4] = {"miss", "D", "T", "Q+"};
    double x = r.left();
    QFont f = font();
    f.setBold(true);
    p.setFont(f);
    const QFontMetrics fm(f);
    for (int i = 0; i < 4; ++i) {
        const double w = r.width() * m_shares[std::size_t(i)];
        if (w <= 0)
            continue;
        const QRectF seg(x, r.top(), w, r.height());
        p.setPen(Qt::NoPen);
        p.setBrush(colours[i]);
        p.drawRect(seg);
        const QString label = QStringLiteral("%1 %2").arg(QLatin1String(names[i]),
                                                          percent(m_shares[std::size_t(i)]));
        if (fm.horizontalAdvance(label) + 6 <= w) {
            p.setPen(i == 1 ? QColor(30, 30, 30) : QColor(255, 255, 255));
            p.drawText(seg, Qt::AlignCenter, label);
        }
        x += w;
    }
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r);
}

AttackPreviewPanel::AttackPreviewPanel(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("attackPreview"));
    setFrameShape(QFrame::StyledPanel);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 6, 8, 6);
    outer->setSpacing(4);
    const auto label = [](QBoxLayout *into, const char *name) {
        auto *x = new QLabel;
        x->setObjectName(QLatin1String(name));
        x->setWordWrap(true);
        x->setTextFormat(Qt::RichText);
        into->addWidget(x);
        return x;
    };
    // The title and the buttons always show; what is between scrolls when the panel is
    // short (a 1280x720 screen): first what is rolled, the odds and the damage, then why.
    m_title = label(outer, "previewTitle");
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.1);
    m_title->setFont(big);
    auto *area = new QScrollArea;
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *content = new QWidget;
    auto *l = new QVBoxLayout(content);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(4);
    m_where = label(l, "previewWhere");
    m_pool = label(l, "previewPool");
    m_pool->setToolTip(
        tr("Base dice are rolled and kept. Flex dice are rolled with them, then you drop as many "
           "dice as there are Flex dice, your choice. Two or more dice of one value are a "
           "success: a Double [D], a Triple [T], a Quadruple+ [Q]. Macro dice are rolled apart: "
           "each one showing a success's value Escalates it (+ Macro) or Diminishes it (− "
           "Macro)."));
    auto *oddsTitle = new QLabel(tr("<b>Odds of the best result</b>"));
    l->addWidget(oddsTitle);
    m_bar = new OddsBar;
    l->addWidget(m_bar);
    m_odds = label(l, "previewOdds");
    m_damage = label(l, "previewDamage");
    m_modifiers = label(l, "previewModifiers");
    m_defences = label(l, "previewDefences");
    m_rules = label(l, "previewRules");
    // A reason (of the pool, of a defence roll) and a rule after the roll link their section
    // of the rules.
    help::followRuleLinks(m_modifiers);
    help::followRuleLinks(m_defences);
    help::followRuleLinks(m_rules);
    l->addStretch();
    area->setWidget(content);
    outer->addWidget(area, 1);
    auto *buttons = new QHBoxLayout;
    m_roll = new QPushButton(tr("Roll the dice (Enter)"));
    m_roll->setObjectName(QStringLiteral("rollAttack"));
    m_roll->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel (Esc)"));
    m_cancel->setObjectName(QStringLiteral("cancelAttack"));
    buttons->addWidget(m_roll, 1);
    buttons->addWidget(m_cancel);
    outer->addLayout(buttons);
    connect(m_roll, &QPushButton::clicked, this, &AttackPreviewPanel::rollRequested);
    connect(m_cancel, &QPushButton::clicked, this, &AttackPreviewPanel::cancelled);
}

void AttackPreviewPanel::setPreview(const AttackPreview &p, const Engine &engine,
                                    const GameState &state)
{
    m_preview = p;
    m_state = state;
    const AttackCheck &c = p.check;
    const QString attacker = engine.modelName(state, p.attacker);
    const QString target = engine.modelName(state, p.target);
    QString weapon;
    if (const ModelState *m = state.model(p.attacker)) {
        const Unit &u = engine.unitOf(*m);
        if (p.weapon >= 0 && p.weapon < int(u.weapons.size()))
            weapon = u.weapons[std::size_t(p.weapon)].name;
    }
    m_title->setText(
        tr("%1's %2 → %3")
            .arg(attacker.toHtmlEscaped(), weapon.toHtmlEscaped(), target.toHtmlEscaped()));
    QString where = tr("%1 range, %2\"")
                        .arg(TableTerms::sensorRangeName(c.band))
                        .arg(QLocale().toString(c.distance, 'f', 1));
    if (c.arcs != 0)
        where += tr(", from its %1 arc").arg(arcName(c.arcs));
    if (p.shots > 1)
        where += tr(". Link: %1 rolls, one after the other").arg(p.shots);
    if (!p.secondaryTargets.empty()) {
        QStringList names;
        for (int id : p.secondaryTargets)
            names << engine.modelName(state, id).toHtmlEscaped();
        where += tr(". Also on the Kinetic Cannon's line (−1B each): %1")
                     .arg(names.join(QStringLiteral(", ")));
    }
    if (p.cloakTest)
        where += tr(". %1 is Cloaked: a Skill Test [D+] comes first").arg(target.toHtmlEscaped());
    if (p.mayBeIntercepted)
        where += tr(". Enemy squadrons may intercept first");
    m_where->setText(where + u'.');

    // The pool: its three parts apart.
    const DicePool &pool = c.pool;
    QStringList parts;
    parts << chip(tr("%n Base", nullptr, pool.base), kBase);
    if (pool.flex != 0)
        parts << chip(tr("%n Flex", nullptr, pool.flex), kFlex);
    if (pool.macro != 0)
        parts << chip(pool.macro > 0 ? tr("+%n Macro", nullptr, pool.macro)
                                     : tr("−%n Macro", nullptr, -pool.macro),
                      pool.macro > 0 ? kMacroUp : kMacroDown);
    QString poolText = tr("<b>Pool %1:</b> %2").arg(pool.toString(), parts.join(u' '));
    const DicePool rolled = pool.effective();
    QStringList explain;
    if (!(rolled == pool)) {
        explain << tr("fewer than 2 Base dice: it rolls 2 dice, no Flex, no Macro (Dice System: "
                      "Base Pool of 1)");
    } else {
        explain << tr("roll %1 dice").arg(rolled.rolledDice());
        if (rolled.flex == 1)
            explain << tr("then drop 1 of them (Flex)");
        else if (rolled.flex > 1)
            explain << tr("then drop %1 of them (Flex)").arg(rolled.flex);
        if (rolled.macro == 1)
            explain << tr("1 macro die Escalates a match of its value");
        else if (rolled.macro > 1)
            explain << tr("%1 macro dice Escalate a match of their value").arg(rolled.macro);
        else if (rolled.macro == -1)
            explain << tr("1 macro die Diminishes a match of its value");
        else if (rolled.macro < -1)
            explain << tr("%1 macro dice Diminish a match of their value").arg(-rolled.macro);
    }
    m_pool->setText(poolText + QStringLiteral("<br><small>") + explain.join(QStringLiteral("; "))
                    + QStringLiteral(".</small>"));

    // Each modifier with its reason.
    QString rows = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    for (const PoolStep &s : c.steps) {
        rows += QStringLiteral("<tr><td align=\"right\"><span style=\"color:%1;\"><b>%2</b></span>"
                               "&nbsp;</td><td>%3</td></tr>")
                    .arg(stepColour(s).name(), stepDice(s),
                         help::ruleLink(poolStepRule(s),
                                        s.sets ? tr("%1 (its rating)").arg(s.translatedWhy())
                                               : s.translatedWhy()));
    }
    rows += QStringLiteral("</table>");
    m_modifiers->setText(tr("<b>Why this pool</b>") + rows);

    // The defences: ECM and Armor (already in the pool), then what may oppose a hit.
    QStringList def;
    if (c.ecmRemoved > 0)
        def << tr("ECM removes %n Flex dice of the Attack Bonus", nullptr, c.ecmRemoved);
    if (c.armor > 0)
        def << tr("%1 Armor %2: −%2 Macro").arg(arcName(c.arcs)).arg(c.armor);
    for (const AttackDefence &d : p.defences) {
        const QString who = engine.modelName(state, d.model).toHtmlEscaped();
        def << (d.kind == AttackDefence::Barrier
                    ? tr("%1's Barrier may oppose a hit: %2, succeeds %3 (each success Diminishes "
                         "the hit)")
                    : tr("%1's Point Defense may oppose a hit: %2, succeeds %3 (each success "
                         "Diminishes the hit)"))
                   .arg(who, d.pool.toString(), percent(d.pSuccess));
        // Its pool's reasons, each a link to the section it comes from.
        QStringList why;
        for (const PoolStep &s : d.steps)
            why << QStringLiteral("<span style=\"color:%1;\"><b>%2</b></span>&nbsp;%3")
                       .arg(stepColour(s).name(), stepDice(s),
                            help::ruleLink(defenceStepRule(d, s), s.translatedWhy()));
        if (!why.isEmpty())
            def.last() += QStringLiteral("<br><small>&nbsp;&nbsp;") + why.join(QStringLiteral(", "))
                + QStringLiteral("</small>");
    }
    m_defences->setVisible(!def.isEmpty());
    m_defences->setText(tr("<b>Defences</b><br>") + def.join(QStringLiteral("<br>")));

    QStringList rules;
    for (const ResultRule &r : p.resultRules)
        rules << tr("%1: %2").arg(help::ruleLink(resultRuleSection(r), r.translatedRule()),
                                  r.translatedEffect().toHtmlEscaped());
    m_rules->setVisible(!rules.isEmpty());
    m_rules->setText(tr("<b>After the roll</b><br>") + rules.join(QStringLiteral("<br>")));

    // Exact odds of the best result, and the expected damage now.
    const auto &a = p.odds.pAtLeast;
    const std::array<double, 4> shares {std::max(0.0, 1.0 - a[0]), std::max(0.0, a[0] - a[1]),
                                        std::max(0.0, a[1] - a[2]), a[2]};
    m_bar->setShares(shares);
    QString odds = tr("Miss %1 · [D] %2 · [T] %3 · [Q+] %4<br>A hit (at least [D]): %5")
                       .arg(percent(shares[0]), percent(shares[1]), percent(shares[2]),
                            percent(shares[3]), percent(a[0]));
    if (!p.defences.empty())
        odds += tr("<br><small>before the defence rolls</small>");
    m_odds->setText(odds);
    const Unit *tu = state.model(p.target) ? &engine.unitOf(*state.model(p.target)) : nullptr;
    QString damage;
    if (tu && tu->isSquadron()) {
        damage = tr("<b>Expected damage:</b> %1 of its %2 Structure lost.<br>Chance to "
                    "destroy it: %3")
                     .arg(number(p.structure))
                     .arg(p.structureLeft)
                     .arg(percent(p.pDestroyed));
    } else {
        damage = tr("<b>Expected damage:</b> %1 Rating Damage, %2 Structure, %3 Critical "
                    "Hits.<br>Chance to bring it to Structure 0 (Crippled): %4 (it has %5 "
                    "Structure left)")
                     .arg(number(p.rating), number(p.structure), number(p.criticals),
                          percent(p.pDestroyed))
                     .arg(p.structureLeft);
    }
    if (p.shots > 1)
        damage += tr("<br><small>per roll; %n rolls</small>", nullptr, p.shots);
    m_damage->setText(damage);
}

} // namespace jw
