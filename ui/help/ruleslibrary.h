// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace jw {

// One heading of the rules texts and the text under it (up to the next heading).
struct RulesSection
{
    QString id; // "states/crippled", "states-v1.2.4/crippled", "rulings"
    QString title; // "Crippled"
    QString document; // "Jovian Wars Rules v1.2.2"
    int documentIndex = 0;
    int level = 0; // 0 the document, 1 a chapter, 2 a section
    int parent = -1; // index of the enclosing heading; -1 for a document
    QString chapter; // title of the enclosing chapter (level 1); its own title for a chapter
    QString markdown; // the heading line and its own text
    bool houseRuling = false; // ours, not the rulebook's (the page of house rulings)
    bool mentionsHouseRuling = false; // its text gives a house ruling ("house ruling: ...")
};

// The rules texts jwfleet ships (resources/rules, made by scripts/rules-to-markdown.py)
// and the pages it writes from the engine's own tables (the rules profiles, the
// fleet rules that are house rulings), as one tree of sections: what Help ›
// Rules Reference browses and searches, and what a refusal's rule ("Attack ›
// Sensor Range") is looked up in.
class RulesLibrary
{
    Q_DECLARE_TR_FUNCTIONS(RulesLibrary)

public:
    struct Document
    {
        QString id; // "core-rules-v1.2.2"
        QString markdown;
        bool houseRulings = false; // every section of it is a house ruling
    };
    struct Hit
    {
        int section = -1;
        QString snippet; // the words around the match, plain text
    };

    explicit RulesLibrary(const std::vector<Document> &documents);
    // The shipped texts plus the generated pages, in the application's language.
    [[nodiscard]] static const RulesLibrary &shipped();

    [[nodiscard]] const std::vector<RulesSection> &sections() const { return m_sections; }
    [[nodiscard]] int indexOfId(const QString &id) const; // -1 when unknown
    // The section a rule reference names: an id, "Chapter › Section", "Action ›
    // Land: the reason", "RULINGS.md 2 ...", "House ruling (jwfleet): ...". The
    // last name that is a heading wins (a chapter when the section is not one);
    // the v1.2.2 rulebook before the later versions' chapters. -1 when none.
    [[nodiscard]] int find(const QString &ruleRef) const;
    // The section and every section under it, as Markdown.
    [[nodiscard]] QString markdownWithSubsections(int index) const;
    // Sections whose own text contains `text` (case-insensitive), in order.
    [[nodiscard]] std::vector<Hit> search(const QString &text, int limit = 500) const;
    // The same heading in the other versions' texts ("Crippled" of States v1.2.4).
    [[nodiscard]] std::vector<int> versionsOf(int index) const;
    // "Jovian Wars Rules v1.2.2 › States › Crippled"
    [[nodiscard]] QString path(int index) const;

    [[nodiscard]] static QString slug(const QString &title);

private:
    std::vector<RulesSection> m_sections;
};

} // namespace jw
