// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace jw {

// Every trait of the Traits chapter (v1.2.2 core rules), with what the unit
// database needs to know about it. Game effects live in the engine.
struct TraitInfo
{
    enum class Scope {
        Model,
        Weapon,
        Both
    };
    enum class Parameter {
        None,
        Required
    }; // "Stealth: X" requires X

    QString name; // canonical: "Hangers"
    Scope scope = Scope::Model;
    Parameter parameter = Parameter::None;
    bool systemTrait = false; // System Trait by default (RULINGS.md 1)
    QString summary; // one line, for tooltips and cards
    QStringList aliases; // spellings seen on cards: "Hanger", "Counters"
};

class TraitCatalog
{
public:
    // The catalog of the rules this program implements.
    [[nodiscard]] static const TraitCatalog &rules();

    [[nodiscard]] const std::vector<TraitInfo> &traits() const { return m_traits; }
    // By canonical name or alias, case-insensitive; nullptr when unknown.
    [[nodiscard]] const TraitInfo *find(const QString &name) const;

private:
    TraitCatalog();
    std::vector<TraitInfo> m_traits;
};

} // namespace jw
