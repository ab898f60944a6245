// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetfile.h"

#include "fleet/rulesprofile.h"
#include "io/inputfile.h"
#include "io/outputfile.h"
#include "io/safeyaml.h"
#include "io/textcheck.h"
#include "units/yamlreader.h"

#include <QFile>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <utility>

namespace jw {

namespace {

QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

using Reader = YamlReader;

const QStringList kRootKeys {QStringLiteral("schema_version"), QStringLiteral("name"),
                             QStringLiteral("faction"),        QStringLiteral("points"),
                             QStringLiteral("rules"),          QStringLiteral("units")};
const QStringList kEntryKeys {QStringLiteral("unit"), QStringLiteral("name"),
                              QStringLiteral("embarked_on"), QStringLiteral("upgrades")};

// Far above any real fleet (a 1000-point fleet has a few dozen units), low
// enough that a mistaken file cannot make the program work for minutes.
constexpr std::size_t kMaxUnits = 10'000;
constexpr std::size_t kMaxUpgrades = 16;
constexpr int kMaxPoints = 1'000'000;

// A name (or id) the user typed: no control characters, not absurdly long.
void checkName(Reader &r, const YAML::Node &map, const char *key, const QString &value)
{
    if (const DataText why = io::nameProblemText(value); !why.isEmpty())
        r.error(Reader::value(map, key),
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' %2"),
                             {QString::fromLatin1(key), why}));
}

std::optional<FleetEntry> readEntry(Reader &r, const YAML::Node &node, std::size_t index)
{
    const DataText what = QStringLiteral("units[%1]").arg(index);
    if (!r.checkMap(node, kEntryKeys, what))
        return std::nullopt;
    const std::size_t before = r.issues.size();
    FleetEntry e;
    e.unitId = r.text(node, "unit", what, true, false).value_or(QString());
    checkName(r, node, "unit", e.unitId);
    e.name = r.text(node, "name", what, false, true).value_or(QString());
    checkName(r, node, "name", e.name);
    e.embarkedOn = r.integer(node, "embarked_on", what, false, Reader::kAnyInt);
    const YAML::Node upgrades = Reader::value(node, "upgrades");
    if (upgrades.IsDefined() && !upgrades.IsNull()) {
        if (!upgrades.IsSequence()) {
            r.error(upgrades,
                    DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "'upgrades' must be a list of upgrade ids")));
        } else {
            if (upgrades.size() > kMaxUpgrades)
                r.error(upgrades,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "'upgrades' lists %1 upgrades, at most %2"),
                                     {upgrades.size(), kMaxUpgrades}));
            for (std::size_t i = 0; i < upgrades.size() && i < kMaxUpgrades; ++i) {
                const YAML::Node u = upgrades[i];
                if (!u.IsScalar() || u.Scalar().empty()) {
                    r.error(u,
                            DataText::of(QT_TRANSLATE_NOOP(
                                "jw::Data", "an upgrade must be an upgrade id (ace-pilot)")));
                } else {
                    e.upgrades << str(u.Scalar());
                    if (const DataText why = io::nameProblemText(e.upgrades.last()); !why.isEmpty())
                        r.error(u,
                                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the upgrade id %1"),
                                             {why}));
                }
            }
        }
    }
    if (r.issues.size() != before)
        return std::nullopt;
    return e;
}

// A YAML scalar that reads back as `s`: plain when it is unambiguous, else
// double-quoted.
QString scalar(const QString &s)
{
    static const QRegularExpression plain(
        QStringLiteral(R"(^[\p{L}\p{N}](?:[\p{L}\p{N} ._'()/+-]*[\p{L}\p{N}._'()/+-])?$)"));
    static const QRegularExpression special(QStringLiteral("^(null|true|false|yes|no|on|off|y|n)$"),
                                            QRegularExpression::CaseInsensitiveOption);
    if (plain.match(s).hasMatch() && !special.match(s).hasMatch())
        return s;
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + c;
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

// A comment naming an entry, when its name is safe on one line.
QString comment(const QString &s)
{
    for (const QChar c : s) {
        if (c.unicode() < 0x20)
            return QString();
    }
    return s.isEmpty() ? QString() : QStringLiteral(" # ") + s;
}

} // namespace

QString FleetFileResult::errorText() const
{
    return issuesText(issues, false);
}

QString FleetFileResult::localErrorText() const
{
    return issuesText(issues, true);
}

FleetFileResult FleetFile::parse(const QByteArray &yaml, const QString &displayName)
{
    Reader r(displayName);
    const std::optional<YAML::Node> loaded = r.load(yaml);
    if (!loaded) {
        FleetFileResult out;
        out.issues = std::move(r.issues);
        return out;
    }
    return fromNode(*loaded, displayName);
}

FleetFileResult FleetFile::fromNode(const YAML::Node &root, const QString &displayName)
{
    FleetFileResult out;
    Reader r(displayName);
    const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a fleet file"));
    if (!r.checkMap(root, kRootKeys, what)) {
        out.issues = std::move(r.issues);
        return out;
    }

    Fleet fleet;
    const YAML::Node schema = Reader::value(root, "schema_version");
    if (auto v = r.integer(root, "schema_version", what, false, Reader::kAnyInt)) {
        if (*v < 1)
            r.error(schema,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "'schema_version' must be at least 1, not %1"),
                                 {*v}));
        else if (*v > kFleetSchemaVersion)
            r.error(schema,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "schema_version %1 is newer than this program "
                                                   "reads (%2): update jwfleet"),
                                 {*v, kFleetSchemaVersion}));
    }
    fleet.name = r.text(root, "name", what, false, true).value_or(QString());
    checkName(r, root, "name", fleet.name);
    fleet.faction = r.text(root, "faction", what, true, false).value_or(QString());
    checkName(r, root, "faction", fleet.faction);
    fleet.points = r.integer(root, "points", what, true, Reader::kAnyInt).value_or(0);
    if (fleet.points > kMaxPoints)
        r.error(Reader::value(root, "points"),
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'points' must be at most %1, not %2"),
                             {kMaxPoints, fleet.points}));
    fleet.rules = r.text(root, "rules", what, false, false).value_or(RulesProfile::defaultId());
    checkName(r, root, "rules", fleet.rules);

    const YAML::Node units = Reader::value(root, "units");
    if (!units.IsDefined()) {
        r.missing(root, "units", what);
    } else if (!units.IsNull()) { // "units:" with nothing under it: no units yet
        if (!units.IsSequence()) {
            r.error(units,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'units' must be a list of units")));
        } else if (units.size() > kMaxUnits) {
            r.error(
                units,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'units' lists %1 units, at most %2"),
                             {units.size(), kMaxUnits}));
        } else {
            for (std::size_t i = 0; i < units.size(); ++i) {
                if (auto e = readEntry(r, units[i], i))
                    fleet.entries.push_back(std::move(*e));
            }
        }
    }

    // In the order of the file, as an editor lists them.
    std::stable_sort(r.issues.begin(), r.issues.end(), [](const DataIssue &x, const DataIssue &y) {
        return std::pair(x.line, x.column) < std::pair(y.line, y.column);
    });
    out.issues = std::move(r.issues);
    if (out.issues.empty())
        out.fleet = std::move(fleet);
    return out;
}

FleetFileResult FleetFile::read(const QString &path)
{
    const io::InputFile in = io::readFile(path, io::YamlLimits {}.maxBytes);
    if (!in.ok()) {
        FleetFileResult out;
        out.issues.push_back(DataIssue {path, 0, 0, in.error, DataIssue::Severity::Error});
        return out;
    }
    return parse(in.bytes, path);
}

QByteArray FleetFile::serialize(const Fleet &fleet)
{
    QString s;
    s += QStringLiteral("# Jovian Wars fleet list (jwfleet)\n");
    s += QStringLiteral("schema_version: %1\n").arg(kFleetSchemaVersion);
    if (!fleet.name.isEmpty())
        s += QStringLiteral("name: %1\n").arg(scalar(fleet.name));
    s += QStringLiteral("faction: %1\n").arg(scalar(fleet.faction));
    s += QStringLiteral("points: %1\n").arg(fleet.points);
    s += QStringLiteral("rules: %1\n").arg(scalar(fleet.rules));
    if (fleet.entries.empty()) {
        s += QStringLiteral("units: []\n");
        return s.toUtf8();
    }
    s += QStringLiteral("units:\n");
    for (const FleetEntry &e : fleet.entries) {
        s += QStringLiteral("  - unit: %1\n").arg(scalar(e.unitId));
        if (!e.name.isEmpty())
            s += QStringLiteral("    name: %1\n").arg(scalar(e.name));
        if (e.embarkedOn) {
            s += QStringLiteral("    embarked_on: %1").arg(*e.embarkedOn);
            const int c = *e.embarkedOn;
            if (c >= 0 && c < fleet.size()) {
                const FleetEntry &carrier = fleet.entries[std::size_t(c)];
                s += comment(carrier.name.isEmpty() ? carrier.unitId : carrier.name);
            }
            s += QLatin1Char('\n');
        }
        if (!e.upgrades.isEmpty()) {
            QStringList ids;
            for (const QString &u : e.upgrades)
                ids << scalar(u);
            s += QStringLiteral("    upgrades: [%1]\n").arg(ids.join(QStringLiteral(", ")));
        }
    }
    return s.toUtf8();
}

FleetWriteResult FleetFile::write(const Fleet &fleet, const QString &path)
{
    return {io::writeFile(path, serialize(fleet))};
}

} // namespace jw
