// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/ruleslibrary.h"

#include "fleet/fleetreport.h"
#include "fleet/rulesprofile.h"

#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace jw {

namespace {

// The shipped texts, in the order the reference lists them.
struct ShippedText
{
    const char *file;
    bool houseRulings;
};
constexpr ShippedText kShipped[] = {
    {"core-rules-v1.2.2", false},
    {"states-v1.2.3", false},
    {"states-v1.2.4", false},
    {"dice-system-v1.2.4", false},
    {"RULINGS", false},
    {"house-rulings", true},
    {"UNITS", false},
};

QString readResource(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// "Actions" and "Action", "Hangers:X" and "Hangers", "Traits" and "Trait".
QString normalized(QString name)
{
    static const QRegularExpression x(QStringLiteral(":\\s*x$"));
    name = name.trimmed().toLower();
    name.remove(x);
    name.remove(QStringLiteral("*"));
    if (name.endsWith(QLatin1Char('s')) && name.size() > 3)
        name.chop(1);
    return name.simplified();
}

int headingLevel(const QString &line)
{
    int n = 0;
    while (n < line.size() && line.at(n) == QLatin1Char('#'))
        ++n;
    if (n == 0 || n > 6 || n >= line.size() || line.at(n) != QLatin1Char(' '))
        return 0;
    return n;
}

QString yesNo(bool on)
{
    return on ? RulesLibrary::tr("yes") : RulesLibrary::tr("no");
}

// The rules profiles as the engine has them (core/fleet/rulesprofile.h): one
// table, a column per profile, so the page can never disagree with the games.
QString profilesPage()
{
    const auto &all = RulesProfile::all();
    QString md = QStringLiteral("# %1\n\n%2\n\n## %3\n\n")
                     .arg(RulesLibrary::tr("Rules profiles"),
                          RulesLibrary::tr("The rules versions differ in a few places. jwfleet "
                                           "plays each version as a rules profile, chosen for a "
                                           "fleet, a game and a campaign; v1.2.2, the only "
                                           "complete text, is the default. This table is what "
                                           "the engine applies; RULINGS.md, section 2, quotes "
                                           "the texts."),
                          RulesLibrary::tr("What differs"));
    md += QStringLiteral("| %1 |").arg(RulesLibrary::tr("switch"));
    for (const RulesProfile &p : all)
        md += QStringLiteral(" %1 |").arg(p.id);
    md += QStringLiteral("\n|---|");
    for (size_t i = 0; i < all.size(); ++i)
        md += QStringLiteral("---|");
    md += QLatin1Char('\n');
    auto row = [&](const QString &name, auto cell) {
        md += QStringLiteral("| %1 |").arg(name);
        for (const RulesProfile &p : all)
            md += QStringLiteral(" %1 |").arg(cell(p));
        md += QLatin1Char('\n');
    };
    row(RulesLibrary::tr("Game sizes (points)"), [](const RulesProfile &p) {
        QStringList s;
        for (const GameSize &g : p.gameSizes)
            s << QStringLiteral("%1 %2").arg(g.name).arg(g.points);
        return s.join(QStringLiteral(", "));
    });
    row(RulesLibrary::tr("Unit Cap"), [](const RulesProfile &p) { return yesNo(p.unitCap); });
    row(RulesLibrary::tr("Upgrades"), [](const RulesProfile &p) {
        if (p.upgradeCardsMissing)
            return RulesLibrary::tr("cards not published");
        return p.upgrades.isEmpty() ? RulesLibrary::tr("none")
                                    : p.upgrades.join(QStringLiteral(", "));
    });
    row(RulesLibrary::tr("Explosion"), [](const RulesProfile &p) {
        return p.explosion == ExplosionRule::StructurePools
            ? RulesLibrary::tr("pools from the starting Structure")
            : RulesLibrary::tr("Particle Cannon attack within 6\"");
    });
    row(RulesLibrary::tr("Assaulting state"), [](const RulesProfile &p) {
        return p.assaulting == AssaultingRule::AssaultAction
            ? RulesLibrary::tr("after an Assault")
            : RulesLibrary::tr("after a Bombing Run");
    });
    row(RulesLibrary::tr("A Boarded ship may Initiate Boarding"),
        [](const RulesProfile &p) { return yesNo(p.boardedMayBoard); });
    row(RulesLibrary::tr("Withdrawn by leaving play"),
        [](const RulesProfile &p) { return yesNo(p.withdrawnByLeavingPlay); });
    row(RulesLibrary::tr("Secret deployment and unit cards"),
        [](const RulesProfile &p) { return yesNo(p.secretDeployment); });
    row(RulesLibrary::tr("Squadron [Q+] damage"), [](const RulesProfile &p) {
        return p.squadronQPlus == SquadronQPlusRule::Destroyed ? RulesLibrary::tr("Destroyed")
                                                               : RulesLibrary::tr("-3 Structure");
    });
    md += QLatin1Char('\n');
    for (const RulesProfile &p : all)
        md += QStringLiteral("## %1\n\n%2\n\n")
                  .arg(p.title,
                       p.id == RulesProfile::defaultId()
                           ? RulesLibrary::tr("The default profile.")
                           : RulesLibrary::tr("Its texts: the States and Dice System chapters of "
                                              "this version, where they are among jwfleet's "
                                              "texts; everything else as in v1.2.2."));
    return md;
}

// The fleet rules that are ours (FleetRule::houseRuling), from the validator's table.
QString fleetHouseRulings()
{
    QString md = QStringLiteral("\n## %1\n\n").arg(RulesLibrary::tr("Fleet building"));
    for (const FleetRule &r : FleetRule::all())
        if (r.houseRuling)
            md += QStringLiteral("- **%1** (%2): %3\n").arg(r.title, r.id, r.source);
    return md;
}

} // namespace

QString RulesLibrary::slug(const QString &title)
{
    QString s = title.toLower();
    s.replace(QRegularExpression(QStringLiteral("[^a-z0-9.]+")), QStringLiteral("-"));
    s.remove(QRegularExpression(QStringLiteral("^[-.]+|[-.]+$")));
    return s;
}

RulesLibrary::RulesLibrary(const std::vector<Document> &documents)
{
    QStringList used;
    for (int d = 0; d < int(documents.size()); ++d) {
        const Document &doc = documents[d];
        const QStringList lines = doc.markdown.split(QLatin1Char('\n'));
        // The first heading is the document; the fewest '#' after it is a chapter.
        int minLevel = 6;
        bool first = true;
        for (const QString &l : lines) {
            const int h = headingLevel(l);
            if (h == 0)
                continue;
            if (!first)
                minLevel = std::min(minLevel, h);
            first = false;
        }
        int docIndex = -1;
        int chapterIndex = -1;
        RulesSection *current = nullptr;
        for (const QString &l : lines) {
            const int h = headingLevel(l);
            if (h == 0) {
                if (current)
                    current->markdown += l + QLatin1Char('\n');
                continue;
            }
            RulesSection s;
            s.title = l.mid(h + 1).trimmed();
            s.title.remove(QStringLiteral("**"));
            s.documentIndex = d;
            s.houseRuling = doc.houseRulings;
            if (docIndex < 0) {
                s.level = 0;
                s.document = s.title;
                s.id = doc.id;
            } else {
                const RulesSection &top = m_sections[docIndex];
                s.document = top.title;
                s.level = (h <= minLevel || chapterIndex < 0) ? 1 : 2;
                s.parent = s.level == 1 ? docIndex : chapterIndex;
                s.chapter = s.level == 1 ? s.title : m_sections[chapterIndex].title;
                // The v1.2.2 rulebook's ids are the plain headings ("states/crippled");
                // the other texts' carry their document ("states-v1.2.4/crippled").
                const QString prefix = d == 0 ? QString() : doc.id + QLatin1Char('/');
                s.id = prefix
                    + (s.level == 1 ? slug(s.title)
                                    : slug(s.chapter) + QLatin1Char('/') + slug(s.title));
            }
            QString id = s.id;
            for (int n = 2; used.contains(id); ++n)
                id = s.id + QLatin1Char('-') + QString::number(n);
            s.id = id;
            used << id;
            s.markdown = l + QLatin1Char('\n');
            m_sections.push_back(s);
            const int index = int(m_sections.size()) - 1;
            if (s.level == 0)
                docIndex = index;
            else if (s.level == 1)
                chapterIndex = index;
            current = &m_sections.back();
        }
    }
    for (RulesSection &s : m_sections)
        if (s.markdown.contains(QStringLiteral("house ruling"), Qt::CaseInsensitive))
            s.houseRuling = true;
}

const RulesLibrary &RulesLibrary::shipped()
{
    static const RulesLibrary library = [] {
        std::vector<Document> docs;
        for (const ShippedText &t : kShipped) {
            const QString id = QString::fromLatin1(t.file);
            QString md = readResource(QStringLiteral(":/rules/%1.md").arg(id));
            if (t.houseRulings)
                md += fleetHouseRulings();
            docs.push_back(
                {id == QLatin1String("RULINGS") ? QStringLiteral("rulings") : id.toLower(), md,
                 t.houseRulings});
            // The profiles page after the rulings it puts in a table.
            if (id == QLatin1String("RULINGS"))
                docs.push_back({QStringLiteral("profiles"), profilesPage(), false});
        }
        return RulesLibrary(docs);
    }();
    return library;
}

int RulesLibrary::indexOfId(const QString &id) const
{
    for (int i = 0; i < int(m_sections.size()); ++i)
        if (m_sections[i].id == id)
            return i;
    return -1;
}

int RulesLibrary::find(const QString &ruleRef) const
{
    const QString ref = ruleRef.trimmed();
    if (ref.isEmpty())
        return -1;
    if (const int i = indexOfId(ref); i >= 0)
        return i;
    auto document = [&](const QString &id) {
        return indexOfId(id);
    };
    if (ref.startsWith(QLatin1String("House ruling"), Qt::CaseInsensitive))
        return document(QStringLiteral("house-rulings"));
    // "RULINGS.md 2 (v1.2.3 and later): ..." -> the part numbered 2.
    static const QRegularExpression rulings(QStringLiteral("^RULINGS(?:\\.md)?\\s*(\\d+)?"));
    if (const auto m = rulings.match(ref); m.hasMatch()) {
        const int doc = document(QStringLiteral("rulings"));
        if (!m.captured(1).isEmpty())
            for (int i = doc + 1; i < int(m_sections.size()) && m_sections[i].level > 0; ++i)
                if (m_sections[i].title.startsWith(m.captured(1) + QLatin1Char('.')))
                    return i;
        return doc;
    }
    if (ref.startsWith(QLatin1String("rules/UNITS.md"))
        || ref.startsWith(QLatin1String("UNITS.md")))
        return document(QStringLiteral("units"));
    // "Terrain › Comets: Tail AC/AS:2" names "Terrain › Comets".
    QString names = ref;
    static const QRegularExpression particulars(QStringLiteral(":(\\s|$)"));
    if (const auto m = particulars.match(names); m.hasMatch())
        names = names.left(m.capturedStart());
    QStringList parts = names.split(QChar(0x203A), Qt::SkipEmptyParts); // ›
    for (QString &p : parts)
        p = normalized(p);
    for (int k = int(parts.size()) - 1; k >= 0; --k) {
        int best = -1;
        int bestScore = -1;
        for (int i = 0; i < int(m_sections.size()); ++i) {
            const RulesSection &s = m_sections[i];
            if (s.level == 0 || normalized(s.title) != parts[k])
                continue;
            // The named chapter first, then the v1.2.2 rulebook, then chapters over sections.
            int score = 0;
            if (k > 0 && s.level == 2 && normalized(s.chapter) == parts[0])
                score += 4;
            if (s.documentIndex == 0)
                score += 2;
            if (s.level == 1)
                score += 1;
            if (score > bestScore) {
                best = i;
                bestScore = score;
            }
        }
        if (best >= 0)
            return best;
    }
    return -1;
}

QString RulesLibrary::markdownWithSubsections(int index) const
{
    if (index < 0 || index >= int(m_sections.size()))
        return {};
    QString md = m_sections[index].markdown;
    const int level = m_sections[index].level;
    for (int i = index + 1; i < int(m_sections.size()) && m_sections[i].level > level; ++i)
        md += QLatin1Char('\n') + m_sections[i].markdown;
    return md;
}

std::vector<RulesLibrary::Hit> RulesLibrary::search(const QString &text, int limit) const
{
    std::vector<Hit> hits;
    const QString needle = text.simplified();
    if (needle.isEmpty())
        return hits;
    for (int i = 0; i < int(m_sections.size()) && int(hits.size()) < limit; ++i) {
        const QString &md = m_sections[i].markdown;
        const int at = md.indexOf(needle, 0, Qt::CaseInsensitive);
        if (at < 0)
            continue;
        const int from = std::max(0, at - 40);
        QString snippet = md.mid(from, needle.size() + 80).simplified();
        snippet.remove(QStringLiteral("**"));
        snippet.remove(QRegularExpression(QStringLiteral("^#+ ")));
        if (from > 0)
            snippet.prepend(QChar(0x2026));
        hits.push_back({i, snippet + QChar(0x2026)});
    }
    // The sections named so first ("Sensor Range" for "sensor range"), then those whose
    // heading has the words, then the rest, each in the texts' order.
    const QString words = normalized(needle);
    auto rank = [&](const Hit &h) {
        const QString title = normalized(m_sections[std::size_t(h.section)].title);
        return title == words ? 0 : title.contains(words) ? 1 : 2;
    };
    std::stable_sort(hits.begin(), hits.end(),
                     [&](const Hit &a, const Hit &b) { return rank(a) < rank(b); });
    return hits;
}

std::vector<int> RulesLibrary::versionsOf(int index) const
{
    std::vector<int> out;
    if (index < 0 || index >= int(m_sections.size()) || m_sections[index].level == 0)
        return out;
    const RulesSection &s = m_sections[index];
    // Only the rulebook's texts have versions (the first four documents).
    if (s.documentIndex > 3)
        return out;
    for (int i = 0; i < int(m_sections.size()); ++i) {
        const RulesSection &o = m_sections[i];
        if (i == index || o.documentIndex == s.documentIndex || o.documentIndex > 3 || o.level == 0)
            continue;
        if (normalized(o.title) == normalized(s.title)
            && (s.level == 1 || normalized(o.chapter) == normalized(s.chapter) || o.level == 1
                || s.documentIndex != 0))
            out.push_back(i);
    }
    return out;
}

QString RulesLibrary::path(int index) const
{
    QStringList parts;
    for (int i = index; i >= 0; i = m_sections[i].parent)
        parts.prepend(m_sections[i].title);
    return parts.join(QStringLiteral(" › "));
}

} // namespace jw
