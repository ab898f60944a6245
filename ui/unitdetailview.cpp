// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitdetailview.h"
#include "unittypetext.h"

#include "theme.h"

#include "units/traitcatalog.h"
#include "units/unitloader.h"

#include <QEvent>
#include <QRegularExpression>

#include <optional>

namespace jw {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

// Boxes of a track; redundant boxes underlined and marked.
QString trackHtml(const Track &t)
{
    if (t.isEmpty())
        return QStringLiteral("–");
    QStringList parts;
    for (int i = 0; i < t.size(); ++i) {
        const QString v = QString::number(t.boxes[std::size_t(i)]);
        parts << (t.isRedundant(i) ? QStringLiteral("<u>%1</u>").arg(v) : v);
    }
    return QStringLiteral("<b>%1</b> &nbsp;<span style='font-family:monospace'>[%2]</span>")
        .arg(t.start())
        .arg(parts.join(QLatin1Char(' ')));
}

QString traitHtml(const TraitRef &t)
{
    const TraitInfo *info = TraitCatalog::rules().find(t.name);
    QString s = QStringLiteral("<b>%1</b>").arg(esc(t.toString()));
    if (t.system)
        s += t.boxes == 1 ? QObject::tr(" <i>(System Trait, 1 box)</i>")
                          : QObject::tr(" <i>(System Trait, %1 boxes)</i>").arg(t.boxes);
    if (info) {
        QString summary = info->summary;
        if (t.value) // "Up to X Squadrons" -> "Up to 2 Squadrons"
            summary.replace(QRegularExpression(QStringLiteral("\\bX\\b")),
                            QString::number(*t.value));
        s += QStringLiteral(" – ") + esc(summary);
    }
    return s;
}

} // namespace

UnitDetailView::UnitDetailView(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setObjectName(QStringLiteral("unitDetail"));
    setAccessibleName(tr("Unit details"));
    showUnit(nullptr, nullptr);
}

void UnitDetailView::showUnit(const Unit *unit, const FactionInfo *faction)
{
    m_unit = unit;
    m_faction = faction;
    if (!unit) {
        setHtml(QStringLiteral("<p style='color:%1'>%2</p>")
                    .arg(palette().color(QPalette::PlaceholderText).name(),
                         tr("Select a unit to see its ratings, weapons and traits.")));
        return;
    }
    setHtml(html(*unit, faction, palette()));
}

void UnitDetailView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        showUnit(m_unit, m_faction); // the page uses palette colours
}

QString UnitDetailView::html(const Unit &u, const FactionInfo *faction, const QPalette &pal)
{
    const QString mid = pal.color(QPalette::Mid).name();
    QString h;
    h += QStringLiteral("<h2 style='margin-bottom:0'>%1</h2>").arg(esc(u.name));
    QString sub = unitTypeText(u.type);
    if (!u.shipClass.isEmpty())
        sub += QStringLiteral(" · ") + esc(u.shipClass);
    sub += QStringLiteral(" · ") + esc(faction ? faction->name : u.faction);
    h += QStringLiteral("<p style='margin-top:2px'>%1</p>").arg(sub);
    if (u.provisional) {
        h += QStringLiteral("<table width='100%' cellpadding='6' style='border:1px solid %1'>"
                            "<tr><td><b>%2</b> %3</td></tr></table>")
                 .arg(
                     pal.color(QPalette::Highlight).name(), tr("Provisional."),
                     esc(tr("Some values are ours, not the printed card's: %1").arg(u.provenance)));
    }
    // Where each value comes from, a discreet mark after it (issue 20, item 2): a value
    // the user entered from a printed card "✎ your card"; on a unit whose values are not
    // all published, jwfleet's estimate "*" (as on the roster and the card) and a
    // published value "rules" or "card v1.2.3". A unit with every value published
    // (the Shan-Yu) carries no marks.
    const QStringList userEntered = u.userEnteredFields();
    const bool mixed = !u.estimatedFields().isEmpty();
    const QString markColor = theme::markColor(pal).name();
    const QString quiet = pal.color(QPalette::PlaceholderText).name();
    const auto markOf = [&](const QStringList &fields) {
        for (const QString &f : fields) {
            if (userEntered.contains(f))
                return QStringLiteral(" <span style='color:%1'><small>✎ %2</small></span>")
                    .arg(markColor, esc(tr("your card")));
        }
        if (!mixed || fields.isEmpty())
            return QString();
        bool estimate = false;
        std::optional<ValueSource> published;
        for (const QString &f : fields) {
            const ValueSource src = u.sourceOf(f);
            if (!src.isPublished())
                estimate = true;
            else if (!published)
                published = src;
        }
        if (estimate)
            return QStringLiteral("<span style='color:%1'>*</span>").arg(quiet);
        const QString tag = published->kind == ValueSource::Kind::Card
            ? (published->where.isEmpty() ? tr("card") : tr("card %1").arg(esc(published->where)))
            : tr("rules");
        return QStringLiteral(" <span style='color:%1'><small>%2</small></span>").arg(quiet, tag);
    };
    const auto mark = [&](std::initializer_list<const char *> fields) {
        QStringList f;
        for (const char *x : fields)
            f << QLatin1String(x);
        return markOf(f);
    };
    if (!userEntered.isEmpty()) {
        const QString where = u.sourceOf(userEntered.front()).where;
        h += QStringLiteral("<p><small>%1</small></p>")
                 .arg(esc(where.isEmpty()
                              ? tr("✎ Values you entered from a printed card (Enter Printed "
                                   "Card Values… changes or reverts them).")
                              : tr("✎ Values you entered from a printed card: %1 (Enter "
                                   "Printed Card Values… changes or reverts them).")
                                    .arg(where)));
    }
    const QString row
        = QStringLiteral("<tr><td style='padding-right:16px'>%1</td><td>%2</td></tr>");
    h += QStringLiteral("<h3>%1</h3><table cellspacing='0' cellpadding='2'>").arg(tr("Ratings"));
    // The TV's estimate mark where the card and the roster put it: "80* TV".
    const QString tvMark = mark({"tv"});
    h += row.arg(tr("Threat Value"),
                 tvMark.contains(QLatin1Char('*')) && !tvMark.contains(QStringLiteral("✎"))
                     ? QStringLiteral("<b>%1</b>%2 TV").arg(u.tv).arg(tvMark)
                     : QStringLiteral("<b>%1</b> TV").arg(u.tv) + tvMark);
    h += row.arg(tr("Unit Cap"),
                 (u.unitCap ? QString::number(u.unitCap) : QStringLiteral("–")) + mark({"uc"}));
    h += row.arg(tr("Speed"), QStringLiteral("%1\"").arg(u.speed) + mark({"speed"}));
    if (u.isCapital())
        h += row.arg(tr("Turns"), QString::number(u.turns) + mark({"turns"}));
    h += row.arg(tr("Fire Control"), QString::number(u.fireControl) + mark({"fire_control"}));
    h += row.arg(tr("Skill"), QString::number(u.skill) + mark({"skill"}));
    if (u.isCapital())
        h += row.arg(tr("Armor"),
                     tr("Fore %1 · Port/Starboard %2 · Aft %3")
                         .arg(QString::number(u.armor.fore) + mark({"armor.fore"}),
                              QString::number(u.armor.sides) + mark({"armor.sides"}),
                              QString::number(u.armor.aft) + mark({"armor.aft"})));
    h += row.arg(tr("Structure"), trackHtml(u.structure) + mark({"structure"}));
    h += row.arg(u.isCapital() ? tr("Defense (1–2)") : tr("Defense"),
                 trackHtml(u.defense) + mark({"defense"}));
    h += row.arg(u.isCapital() ? tr("Sensors (3–4)") : tr("Sensors"),
                 trackHtml(u.sensors) + mark({"sensors"}));
    if (u.isCapital()) {
        h += row.arg(tr("Thrusters (5–6)"), trackHtml(u.thrusters) + mark({"thrusters"}));
        h += row.arg(tr("Marines"), trackHtml(u.marines) + mark({"marines"}));
    } else {
        h += row.arg(tr("Fuel"), trackHtml(u.fuel) + mark({"fuel"}));
    }
    h += row.arg(tr("Base"), esc(u.base.toString()) + mark({"base"}));
    h += row.arg(tr("Rules version"), esc(u.rulesVersion));
    h += QStringLiteral("</table>");
    h += QStringLiteral("<p style='color:%1'><small>%2</small></p>")
             .arg(pal.color(QPalette::PlaceholderText).name(),
                  (mixed ? tr("* jwfleet's estimate, not published: check it against the "
                              "printed card. ")
                         : QString())
                      + tr("Underlined boxes are redundant: the rating falls only when all of "
                           "them are marked."));

    h += QStringLiteral("<h3>%1</h3>").arg(tr("Weapons"));
    if (u.weapons.empty()) {
        h += tr("<p>None.</p>");
    } else {
        h += QStringLiteral(
                 "<table cellspacing='0' cellpadding='3' style='border-collapse:collapse'>"
                 "<tr style='background:%1'>")
                 .arg(mid);
        QStringList heads {tr("Weapon"), tr("Class")};
        if (u.isCapital())
            heads << tr("Arc");
        heads << tr("AC") << tr("AS") << tr("Ma") << tr("Traits");
        for (const QString &hd : heads)
            h += QStringLiteral("<th align='left'>%1</th>").arg(hd);
        h += QStringLiteral("</tr>");
        for (const Weapon &w : u.weapons) {
            QStringList traits;
            for (const TraitRef &t : w.traits)
                traits << esc(t.toString());
            h += QStringLiteral("<tr><td>%1%2%3</td><td>%4</td>")
                     .arg(esc(w.name),
                          w.count > 1 ? QStringLiteral(" (x%1)").arg(w.count) : QString(),
                          markOf({QStringLiteral("weapons.") + w.name}),
                          weaponClassName(w.weaponClass));
            if (u.isCapital())
                h += QStringLiteral("<td>%1</td>").arg(arcsToString(w.arcs));
            h += QStringLiteral("<td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                     .arg(w.ratingText(w.ac), w.ratingText(w.as),
                          w.macro ? QStringLiteral("+%1").arg(w.macro) : QStringLiteral("0"),
                          traits.join(QStringLiteral(", ")));
        }
        h += QStringLiteral("</table>");
    }

    h += QStringLiteral("<h3>%1</h3>").arg(tr("Traits"));
    if (u.traits.empty()) {
        h += tr("<p>None.</p>");
    } else {
        h += QStringLiteral("<ul style='margin-left:-20px'>");
        for (const TraitRef &t : u.traits)
            h += QStringLiteral("<li>%1</li>").arg(traitHtml(t));
        h += QStringLiteral("</ul>");
    }
    // Weapon traits explained once each.
    QStringList seen;
    QString weaponTraits;
    for (const Weapon &w : u.weapons) {
        for (const TraitRef &t : w.traits) {
            if (seen.contains(t.name))
                continue;
            seen << t.name;
            weaponTraits += QStringLiteral("<li>%1</li>").arg(traitHtml(t));
        }
    }
    if (!weaponTraits.isEmpty())
        h += QStringLiteral("<h3>%1</h3><ul style='margin-left:-20px'>%2</ul>")
                 .arg(tr("Weapon traits"), weaponTraits);
    if (!u.description.isEmpty())
        h += QStringLiteral("<p><i>%1</i></p>").arg(esc(u.description));
    h += QStringLiteral("<p style='color:%1'><small>%2 · id <code>%3</code></small></p>")
             .arg(pal.color(QPalette::PlaceholderText).name(), esc(u.provenance), esc(u.id));
    return h;
}

} // namespace jw
