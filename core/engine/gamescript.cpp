// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gamescript.h"

#include "engine/engine.h"
#include "engine/gamejson.h"
#include "engine/modelstate.h"
#include "fleet/fleetfile.h"
#include "io/inputfile.h"
#include "io/safeyaml.h"
#include "io/textcheck.h"
#include "units/unitdatabase.h"
#include "units/yamlreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>

namespace jw {

bool GameScript::ok() const
{
    return std::none_of(issues.begin(), issues.end(),
                        [](const DataIssue &i) { return i.isError(); });
}

namespace {

QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

// Bounds far above any real game, so that a mistyped number is an error, not
// minutes of work.
constexpr int kMaxTurns = 99;
constexpr int kMaxBoxes = 100;
constexpr std::size_t kMaxWeapons = 32;
constexpr int kMaxLaidMines = 1000;

// The shared YAML reader, plus a game script's own shapes.
class ScriptParser : public YamlReader
{
public:
    ScriptParser(GameScript &out, QString file, QString baseDir, const UnitDatabase &db)
        : YamlReader(std::move(file))
        , m_out(out)
        , m_baseDir(std::move(baseDir))
        , m_db(db)
    { }

    // Hands the problems found to the script (call once, after parse()).
    void finish() { m_out.issues = std::move(issues); }

    // Distances, coordinates and angles: far beyond any table, but finite.
    static constexpr double kMaxNumber = 10'000;

    std::optional<double> number(const YAML::Node &n, const QString &what)
    {
        if (!n.IsScalar()) {
            error(n, QStringLiteral("%1 must be a number").arg(what));
            return std::nullopt;
        }
        bool ok = false;
        const double d = str(n.Scalar()).toDouble(&ok);
        if (!ok || !std::isfinite(d)) {
            error(n, QStringLiteral("%1 must be a number, not '%2'").arg(what, str(n.Scalar())));
            return std::nullopt;
        }
        if (std::abs(d) > kMaxNumber) {
            error(n,
                  QStringLiteral("%1 must be between -%2 and %2, not %3")
                      .arg(what)
                      .arg(kMaxNumber)
                      .arg(str(n.Scalar())));
            return std::nullopt;
        }
        return d;
    }

    std::optional<int> integer(const YAML::Node &n, const QString &what, int min = -1'000'000,
                               int max = 1'000'000)
    {
        if (n.IsScalar()) {
            bool ok = false;
            const int v = str(n.Scalar()).toInt(&ok);
            if (ok && v >= min && v <= max)
                return v;
            if (ok) {
                error(n,
                      QStringLiteral("%1 must be from %2 to %3, not %4")
                          .arg(what)
                          .arg(min)
                          .arg(max)
                          .arg(v));
                return std::nullopt;
            }
        }
        error(n, QStringLiteral("%1 must be a whole number").arg(what));
        return std::nullopt;
    }

    void parse(const QByteArray &yaml)
    {
        const std::optional<YAML::Node> loaded = load(yaml);
        if (!loaded)
            return;
        const YAML::Node root = *loaded;
        if (!checkMap(root,
                      {QStringLiteral("rules"), QStringLiteral("scenario"), QStringLiteral("seed"),
                       QStringLiteral("dice"), QStringLiteral("initiative"),
                       QStringLiteral("turns"), QStringLiteral("players"), QStringLiteral("start"),
                       QStringLiteral("auto"), QStringLiteral("commands"),
                       QStringLiteral("description"), QStringLiteral("expect"),
                       QStringLiteral("attacker"), QStringLiteral("corner"),
                       QStringLiteral("escape_edge"), QStringLiteral("terrain"),
                       QStringLiteral("table"), QStringLiteral("typed_dice")},
                      QStringLiteral("a game script")))
            return;
        GameSetup &setup = m_out.setup;
        if (root["rules"])
            setup.rules = str(root["rules"].as<std::string>(""));
        if (!RulesProfile::byId(setup.rules))
            error(root["rules"],
                  QStringLiteral("unknown rules profile '%1' (known: %2)")
                      .arg(setup.rules, RulesProfile::ids().join(QStringLiteral(", "))));
        if (root["scenario"])
            scenario(root["scenario"]);
        if (root["seed"]) {
            bool ok = false;
            setup.seed = str(root["seed"].as<std::string>("")).toULongLong(&ok);
            if (!ok)
                error(root["seed"], QStringLiteral("'seed' must be a whole number >= 0"));
        }
        if (root["turns"])
            if (auto t = integer(root["turns"], QStringLiteral("'turns'"), 1, kMaxTurns))
                setup.turns = *t;
        if (root["initiative"]) {
            const QString v = str(root["initiative"].as<std::string>(""));
            if (v == QLatin1String("random"))
                setup.initiative.reset();
            else if (v == QLatin1String("0") || v == QLatin1String("1"))
                setup.initiative = v.toInt();
            else
                error(root["initiative"], QStringLiteral("'initiative' must be 0, 1 or random"));
        }
        // The scenario's choices, given in advance.
        const Scenario &sc = setup.scenarioRules;
        if (root["attacker"]) {
            // The Attacker has Initiative: the same choice, by its scenario name.
            const QString v = str(root["attacker"].as<std::string>(""));
            if (!sc.hasAttacker())
                error(root["attacker"],
                      QStringLiteral("%1 has no Attacker and Defender (use 'initiative')")
                          .arg(sc.name));
            else if (v == QLatin1String("random"))
                setup.initiative.reset();
            else if (v == QLatin1String("0") || v == QLatin1String("1"))
                setup.initiative = v.toInt();
            else
                error(root["attacker"], QStringLiteral("'attacker' must be 0, 1 or random"));
        }
        if (root["corner"]) {
            static const QStringList corners {
                QStringLiteral("top-left"), QStringLiteral("top-right"),
                QStringLiteral("bottom-right"), QStringLiteral("bottom-left")};
            const QString v = str(root["corner"].as<std::string>(""));
            if (sc.zone != DeploymentZoneKind::Corner)
                error(root["corner"],
                      QStringLiteral("%1 has no Corner Deployment Zone").arg(sc.name));
            else if (!corners.contains(v))
                error(root["corner"],
                      QStringLiteral("'corner' (the Initiative player's quadrant) is one of %1")
                          .arg(corners.join(QStringLiteral(", "))));
            else
                setup.corner = TableCorner(corners.indexOf(v));
        }
        if (root["escape_edge"]) {
            static const QStringList edges {QStringLiteral("top"), QStringLiteral("right"),
                                            QStringLiteral("bottom"), QStringLiteral("left")};
            const QString v = str(root["escape_edge"].as<std::string>(""));
            if (sc.switches.escapeEdge <= 0)
                error(root["escape_edge"], QStringLiteral("%1 has no escape edge").arg(sc.name));
            else if (!edges.contains(v))
                error(root["escape_edge"],
                      QStringLiteral("'escape_edge' is one of %1")
                          .arg(edges.join(QStringLiteral(", "))));
            else
                setup.escapeEdge = TableEdge(edges.indexOf(v));
        }
        if (root["table"]) {
            const QString v = str(root["table"].as<std::string>(""));
            if (auto t = tableKindFromId(v))
                setup.table = *t;
            else
                error(root["table"], QStringLiteral("'table' is digital or physical"));
        }
        if (root["typed_dice"]) {
            const QString v = str(root["typed_dice"].as<std::string>(""));
            if (v != QLatin1String("true") && v != QLatin1String("false"))
                error(root["typed_dice"], QStringLiteral("'typed_dice' is true or false"));
            else if (v == QLatin1String("true") && !setup.physical())
                error(root["typed_dice"],
                      QStringLiteral("typed dice are for a physical table ('table: physical')"));
            else
                setup.typedDice = v == QLatin1String("true");
        }
        if (root["auto"])
            m_out.autoAnswer = root["auto"].as<std::string>("") == "true";
        if (root["dice"]) {
            const YAML::Node d = root["dice"];
            std::vector<int> faces;
            if (!d.IsSequence())
                error(d, QStringLiteral("'dice' must be a list of faces 1-6"));
            else
                for (std::size_t i = 0; i < d.size(); ++i)
                    if (auto f = integer(d[i], QStringLiteral("a die")); f && *f >= 1 && *f <= 6)
                        faces.push_back(*f);
                    else
                        error(d[i], QStringLiteral("a die shows 1 to 6"));
            m_out.dice = faces;
        }
        const YAML::Node players = root["players"];
        if (!players || !players.IsSequence() || players.size() != 2) {
            error(players ? players.Mark() : root.Mark(),
                  QStringLiteral("'players' must list the two players"));
            return;
        }
        const std::size_t before = issues.size();
        for (std::size_t p = 0; p < 2; ++p)
            player(players[p], int(p));
        if (issues.size() != before) // the rest names the players' models
            return;
        if (auto err = GameSetup::fillUnits(setup, m_db))
            error(players.Mark(), *err);
        for (const auto &[id, u] : setup.units)
            m_minelayer = m_minelayer || u.hasTrait(QStringLiteral("Minelayer"));
        if (root["terrain"])
            terrain(root["terrain"]);
        scenarioUioNames();
        if (root["start"])
            start(root["start"]);
        if (root["commands"] && !root["commands"].IsNull())
            commands(root["commands"]);
        if (root["expect"]) {
            if (!root["expect"].IsMap())
                error(root["expect"],
                      QStringLiteral("'expect' must be a map (a part of the state)"));
            else
                m_out.expect = toJson(root["expect"]).toObject();
        }
    }

    // Also bounded by io::loadYaml: no aliases, so the walk is linear in the file.
    static QJsonValue toJson(const YAML::Node &n)
    {
        if (n.IsMap()) {
            QJsonObject o;
            for (auto it = n.begin(); it != n.end(); ++it)
                o.insert(str(it->first.as<std::string>("")), toJson(it->second));
            return o;
        }
        if (n.IsSequence()) {
            QJsonArray a;
            for (std::size_t i = 0; i < n.size(); ++i)
                a.append(toJson(n[i]));
            return a;
        }
        if (n.IsNull())
            return QJsonValue();
        const QString s = str(n.Scalar());
        bool ok = false;
        const int i = s.toInt(&ok);
        if (ok)
            return i;
        const double d = s.toDouble(&ok);
        if (ok)
            return d;
        if (s == QLatin1String("true") || s == QLatin1String("false"))
            return s == QLatin1String("true");
        return s;
    }

    // A shipped scenario by id, or a scenario file (a group's own), relative to the script.
    void scenario(const YAML::Node &n)
    {
        const QString v = n.IsScalar() ? str(n.Scalar()) : QString();
        std::optional<Scenario> found;
        if (v.endsWith(QLatin1String(".yaml")) || v.endsWith(QLatin1String(".yml"))) {
            const ScenarioFile f = ScenarioLoader::parseFile(QDir(m_baseDir).filePath(v));
            for (const DataIssue &i : f.issues)
                error(n, i.toString());
            found = f.scenario;
        } else {
            const ScenarioLibrary lib = ScenarioLibrary::loadShipped();
            if (const Scenario *sc = lib.byId(v))
                found = *sc;
            else
                error(n,
                      QStringLiteral("unknown scenario '%1' (known: %2; or a scenario file, "
                                     "*.yaml)")
                          .arg(v, lib.ids().join(QStringLiteral(", "))));
        }
        if (!found)
            return;
        m_out.setup.setScenario(*found);
    }

    void player(const YAML::Node &n, int index)
    {
        if (!checkMap(n, {QStringLiteral("name"), QStringLiteral("fleet")},
                      QStringLiteral("a player")))
            return;
        PlayerSetup &p = m_out.setup.players[std::size_t(index)];
        p.name = n["name"] ? str(n["name"].as<std::string>(""))
                           : QStringLiteral("Player %1").arg(index + 1);
        if (const QString why = io::nameProblem(p.name); !why.isEmpty())
            error(n["name"], QStringLiteral("'name' %1").arg(why));
        const YAML::Node f = n["fleet"];
        if (!f) {
            error(n, QStringLiteral("a player needs a 'fleet' (a file or the fleet inline)"));
            return;
        }
        FleetFileResult r;
        if (f.IsScalar()) {
            const QString path = QDir(m_baseDir).filePath(str(f.Scalar()));
            r = FleetFile::read(path);
            if (!r.ok()) {
                // The fleet file's own problems, each with its own place,
                // under the script's line that names it.
                for (const DataIssue &i : r.issues)
                    error(f, i.toString());
                return;
            }
        } else {
            // Inline: the problems are at their lines and columns of this script.
            r = FleetFile::fromNode(f, file());
            if (!r.ok()) {
                issues.insert(issues.end(), r.issues.begin(), r.issues.end());
                return;
            }
        }
        p.fleet = *r.fleet;
        for (const FleetEntry &e : p.fleet.entries)
            m_names.push_back({index, int(&e - &p.fleet.entries.front())});
    }

    // A path: [[x, y], ...].
    std::optional<std::vector<QPointF>> points(const YAML::Node &path)
    {
        if (!path.IsSequence()) {
            error(path, QStringLiteral("a path is a list of [x, y] points"));
            return std::nullopt;
        }
        std::vector<QPointF> out;
        for (std::size_t k = 0; k < path.size(); ++k) {
            const YAML::Node p = path[k];
            if (!p.IsSequence() || p.size() != 2) {
                error(p, QStringLiteral("a path point is [x, y]"));
                return std::nullopt;
            }
            auto x = number(p[0], QStringLiteral("x"));
            auto y = number(p[1], QStringLiteral("y"));
            if (!x || !y)
                return std::nullopt;
            out.push_back(QPointF(*x, *y));
        }
        return out;
    }

    // "JCS Vigilant", "1:Uller" (player:name or player:entry), or a model id.
    std::optional<int> model(const YAML::Node &n)
    {
        if (!n.IsScalar()) {
            error(n, QStringLiteral("a model is an id, a name, or player:name"));
            return std::nullopt;
        }
        const QString v = str(n.Scalar());
        bool isNumber = false;
        const int id = v.toInt(&isNumber);
        const int total = int(m_names.size());
        if (isNumber) {
            // Ids past the fleets: terrain models, and Mine tokens laid in the
            // game (their number is known only in play: the engine checks them).
            const int known = total + int(m_terrainNames.size());
            if (id >= 0 && (id < known || (m_minelayer && id < known + kMaxLaidMines)))
                return id;
            error(n, QStringLiteral("no model %1 (0 to %2)").arg(id).arg(known - 1));
            return std::nullopt;
        }
        int player = -1;
        QString name = v;
        if (v.size() > 2 && (v[0] == QLatin1Char('0') || v[0] == QLatin1Char('1'))
            && v[1] == QLatin1Char(':')) {
            player = v[0].digitValue();
            name = v.mid(2);
        }
        std::vector<int> matches;
        for (int i = 0; i < total; ++i) {
            const auto [pl, entry] = m_names[std::size_t(i)];
            if (player >= 0 && pl != player)
                continue;
            const FleetEntry &e
                = m_out.setup.players[std::size_t(pl)].fleet.entries[std::size_t(entry)];
            const Unit *u = m_out.setup.unit(e.unitId);
            const QString shown = e.name.isEmpty() ? (u ? u->name : e.unitId) : e.name;
            bool entryNumber = false;
            const int entryIndex = name.toInt(&entryNumber);
            if ((entryNumber && entryIndex == entry)
                || shown.compare(name, Qt::CaseInsensitive) == 0 || e.unitId == name)
                matches.push_back(i);
        }
        if (matches.empty())
            for (const auto &[terrainName, id] : m_terrainNames)
                if (player < 0 && terrainName.compare(name, Qt::CaseInsensitive) == 0)
                    matches.push_back(id);
        if (matches.size() == 1)
            return matches.front();
        error(n,
              matches.empty() ? QStringLiteral("no model named '%1'").arg(v)
                              : QStringLiteral("'%1' names %2 models: write player:name or the "
                                               "model id")
                                    .arg(v)
                                    .arg(matches.size()));
        return std::nullopt;
    }

    // terrain: [{kind: large-asteroid, x: 24, y: 24, diameter: 3}, {kind: asteroid-field,
    // outline: [[x, y], ...]}, {kind: comet, x, y, diameter, tail: [[x, y], ...]},
    // {kind: planet, edge: left}, {kind: atmosphere, edge: left, depth: 4}, ...]
    void terrain(const YAML::Node &list)
    {
        if (!list.IsSequence()) {
            error(list, QStringLiteral("'terrain' must be a list of terrain pieces"));
            return;
        }
        int models = int(m_names.size());
        for (std::size_t i = 0; i < list.size(); ++i) {
            const YAML::Node n = list[i];
            if (!checkMap(n,
                          {QStringLiteral("kind"), QStringLiteral("name"), QStringLiteral("x"),
                           QStringLiteral("y"), QStringLiteral("diameter"),
                           QStringLiteral("outline"), QStringLiteral("tail"),
                           QStringLiteral("edge"), QStringLiteral("depth"), QStringLiteral("owner"),
                           QStringLiteral("stationary"), QStringLiteral("of"),
                           QStringLiteral("structure"), QStringLiteral("hangers"),
                           QStringLiteral("weapons")},
                          QStringLiteral("a terrain piece")))
                continue;
            const QString kindId = n["kind"] ? str(n["kind"].as<std::string>("")) : QString();
            const auto kind = terrainKindFromId(kindId);
            if (!kind) {
                QStringList known;
                for (TerrainKind k : allTerrainKinds())
                    known << terrainKindId(k);
                error(n["kind"] ? n["kind"] : n,
                      QStringLiteral("unknown terrain kind '%1' (known: %2)")
                          .arg(kindId, known.join(QStringLiteral(", "))));
                continue;
            }
            QJsonObject o = toJson(n).toObject();
            o.remove(QStringLiteral("depth"));
            QJsonObject shape;
            for (const char *key : {"x", "y", "diameter", "outline"})
                if (o.contains(QLatin1String(key)))
                    shape.insert(QLatin1String(key), o.take(QLatin1String(key)));
            if (*kind == TerrainKind::Mines && !shape.contains(QStringLiteral("diameter")))
                shape.insert(QStringLiteral("diameter"), kMineTokenDiameter);
            if (*kind == TerrainKind::Atmosphere) {
                const double depth
                    = n["depth"] ? number(n["depth"], QStringLiteral("'depth'")).value_or(3) : 3.0;
                const QString edge = o.value(QStringLiteral("edge")).toString();
                const std::optional<TableEdge> e = tableEdgeFromId(edge);
                if (!e) {
                    error(n,
                          QStringLiteral("an atmosphere needs 'edge': top, right, bottom or "
                                         "left"));
                    continue;
                }
                shape = shapeToJson(atmosphereBand(*e, depth));
            }
            o.insert(QStringLiteral("shape"), shape);
            if (o.contains(QStringLiteral("tail")))
                o.insert(
                    QStringLiteral("tail"),
                    QJsonObject {{QStringLiteral("outline"), o.value(QStringLiteral("tail"))}});
            QString why;
            auto piece = terrainFromJson(o, &why);
            if (!piece) {
                error(n, why);
                continue;
            }
            if ((piece->kind == TerrainKind::Mines || piece->kind == TerrainKind::SpaceStation)
                && piece->owner != 0 && piece->owner != 1) {
                error(n,
                      QStringLiteral("%1 needs 'owner': 0 or 1").arg(terrainKindName(piece->kind)));
                continue;
            }
            if (piece->isModel())
                m_terrainNames.push_back({piece->kind == TerrainKind::Mines
                                              ? QStringLiteral("Mines %1").arg(++m_mines)
                                              : piece->displayName(),
                                          models++});
            m_out.setup.terrain.push_back(*piece);
        }
    }

    // Scavenger Hunt: the engine places three UIOs after the quadrants ("UIO 1" at the
    // centre, "UIO 2" and "UIO 3"), numbered after the setup's terrain models, unless the
    // script's terrain has UIOs of its own.
    void scenarioUioNames()
    {
        const GameSetup &setup = m_out.setup;
        if (!setup.scenarioRules.switches.uios)
            return;
        int models = int(m_names.size());
        for (const TerrainPiece &p : setup.terrain) {
            if (p.kind == TerrainKind::Uio)
                return;
            models += p.isModel() ? 1 : 0;
        }
        for (int k = 1; k <= 3; ++k)
            m_terrainNames.push_back({QStringLiteral("UIO %1").arg(k), models++});
    }

    void start(const YAML::Node &n)
    {
        if (!checkMap(n,
                      {QStringLiteral("turn"), QStringLiteral("phase"), QStringLiteral("models")},
                      QStringLiteral("'start'")))
            return;
        GameSetup &setup = m_out.setup;
        if (n["turn"])
            if (auto t = integer(n["turn"], QStringLiteral("'turn'"), 1, setup.turns))
                setup.startTurn = *t;
        if (n["phase"]) {
            setup.startPhase = str(n["phase"].as<std::string>(""));
            if (setup.startPhase != QLatin1String("deployment")
                && setup.startPhase != QLatin1String("activation"))
                error(n["phase"], QStringLiteral("'phase' must be deployment or activation"));
        }
        const YAML::Node models = n["models"];
        if (!models || !models.IsSequence()) {
            error(n, QStringLiteral("'start' needs 'models': a list of placed models"));
            return;
        }
        for (std::size_t i = 0; i < models.size(); ++i) {
            const YAML::Node m = models[i];
            if (!checkMap(m,
                          {QStringLiteral("model"), QStringLiteral("x"), QStringLiteral("y"),
                           QStringLiteral("facing"), QStringLiteral("location"),
                           QStringLiteral("carrier"), QStringLiteral("lost"),
                           QStringLiteral("weapons_damaged"), QStringLiteral("traits_damaged"),
                           QStringLiteral("states"), QStringLiteral("activated"),
                           QStringLiteral("boarders"), QStringLiteral("assaulting")},
                          QStringLiteral("a start model")))
                continue;
            const auto id = m["model"] ? model(m["model"]) : std::nullopt;
            if (!id) {
                if (!m["model"])
                    error(m, QStringLiteral("a start model needs 'model'"));
                continue;
            }
            if (*id >= int(m_names.size())) {
                error(m["model"],
                      QStringLiteral("a start model is one of the fleets' models (0 to "
                                     "%1), not %2")
                          .arg(int(m_names.size()) - 1)
                          .arg(*id));
                continue;
            }
            ModelStart st;
            st.player = m_names[std::size_t(*id)].first;
            st.entry = m_names[std::size_t(*id)].second;
            if (m["x"])
                st.x = number(m["x"], QStringLiteral("'x'")).value_or(0);
            if (m["y"])
                st.y = number(m["y"], QStringLiteral("'y'")).value_or(0);
            if (m["facing"])
                st.facing = number(m["facing"], QStringLiteral("'facing'")).value_or(0);
            if (m["location"]) {
                st.location = str(m["location"].as<std::string>(""));
                if (!locationFromId(st.location))
                    error(m["location"], QStringLiteral("unknown location '%1'").arg(st.location));
            }
            if (m["carrier"])
                if (auto c = model(m["carrier"]))
                    st.carrier = *c;
            if (const YAML::Node lost = m["lost"]) {
                if (checkMap(lost,
                             {QStringLiteral("structure"), QStringLiteral("defense"),
                              QStringLiteral("sensors"), QStringLiteral("thrusters"),
                              QStringLiteral("marines"), QStringLiteral("fuel")},
                             QStringLiteral("'lost'")))
                    for (auto it = lost.begin(); it != lost.end(); ++it)
                        if (auto v
                            = integer(it->second, QStringLiteral("boxes lost"), 0, kMaxBoxes))
                            st.lost[str(it->first.Scalar())] = *v;
            }
            if (const YAML::Node t = m["traits_damaged"]) {
                if (!t.IsMap())
                    error(t,
                          QStringLiteral("'traits_damaged' maps a trait's name to the boxes "
                                         "marked"));
                else
                    for (auto it = t.begin(); it != t.end(); ++it) {
                        const QString name = str(it->first.Scalar());
                        const Unit *u = m_out.setup.unit(m_out.setup.players[std::size_t(st.player)]
                                                             .fleet.entries[std::size_t(st.entry)]
                                                             .unitId);
                        const TraitRef *tr = u ? u->trait(name) : nullptr;
                        if (!tr || tr->boxes <= 0)
                            error(it->first,
                                  QStringLiteral("the model has no trait '%1' with "
                                                 "damage boxes")
                                      .arg(name));
                        else if (auto v = integer(it->second, QStringLiteral("boxes marked"), 0,
                                                  tr->boxes))
                            st.traitsDamaged[name] = *v;
                    }
            }
            if (const YAML::Node w = m["weapons_damaged"]) {
                if (!w.IsSequence())
                    error(w, QStringLiteral("'weapons_damaged' is a list, one number a weapon"));
                for (std::size_t k = 0; w.IsSequence() && k < w.size() && k < kMaxWeapons; ++k)
                    st.weaponsDamaged.push_back(
                        integer(w[k], QStringLiteral("a weapon's damage"), 0, kMaxBoxes)
                            .value_or(0));
            }
            if (const YAML::Node states = m["states"]) {
                if (!states.IsSequence())
                    error(states, QStringLiteral("'states' is a list of states"));
                for (std::size_t k = 0; states.IsSequence() && k < states.size(); ++k) {
                    const QString s = str(states[k].as<std::string>(""));
                    if (!flagFromId(s))
                        error(states[k],
                              QStringLiteral("unknown state '%1' (known: %2)")
                                  .arg(s, flagIds(0xffffffffu).join(QStringLiteral(", "))));
                    st.states << s;
                }
            }
            if (m["activated"])
                st.activated = m["activated"].as<std::string>("") == "true";
            if (m["boarders"])
                st.boarders = integer(m["boarders"], QStringLiteral("'boarders'"), 0, kMaxBoxes)
                                  .value_or(0);
            if (m["assaulting"])
                if (auto t = model(m["assaulting"]))
                    st.assaultTarget = *t;
            setup.starts.push_back(st);
        }
    }

    void commands(const YAML::Node &list)
    {
        if (!list.IsSequence()) {
            error(list, QStringLiteral("'commands' must be a list"));
            return;
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const YAML::Node c = list[i];
            QString name;
            YAML::Node args;
            const int line = c.Mark().line + 1;
            // The JSON form of saved games and `play --legal` ({command: id, ...}):
            // pasted from --legal's output, read by the one command<->JSON code.
            if (c.IsMap() && c["command"]) {
                QString why;
                if (auto cmd = commandFromJson(toJson(c).toObject(), &why))
                    m_out.commands.push_back(ScriptCommand {*cmd, line});
                else
                    error(c, QStringLiteral("command in JSON form: %1").arg(why));
                continue;
            }
            if (c.IsScalar()) {
                name = str(c.Scalar());
            } else if (c.IsMap() && c.size() == 1) {
                name = str(c.begin()->first.as<std::string>(""));
                args.reset(c.begin()->second);
            } else {
                error(c, QStringLiteral("a command is 'name' or 'name: {arguments}'"));
                continue;
            }
            if (auto cmd = command(name, args, c))
                m_out.commands.push_back(ScriptCommand {*cmd, line});
        }
    }

    std::optional<Command> command(const QString &name, const YAML::Node &args,
                                   const YAML::Node &at)
    {
        auto need = [&](const char *key) -> YAML::Node {
            if (!args || !args.IsMap() || !args[key]) {
                error(at, QStringLiteral("'%1' needs '%2'").arg(name, QLatin1String(key)));
                return YAML::Node(YAML::NodeType::Undefined);
            }
            return args[key];
        };
        if (name == QLatin1String("deploy")) {
            if (!checkMap(args,
                          {QStringLiteral("model"), QStringLiteral("x"), QStringLiteral("y"),
                           QStringLiteral("facing"), QStringLiteral("water")},
                          QStringLiteral("deploy")))
                return std::nullopt;
            // A physical table: the players place it; no coordinates (docs/physical-table.md).
            const bool where = !m_out.setup.physical() || (args && args.IsMap() && args["x"]);
            const YAML::Node mn = need("model");
            const YAML::Node xn = where ? need("x") : YAML::Node(0.0);
            const YAML::Node yn = where ? need("y") : YAML::Node(0.0);
            if (!mn || !xn || !yn)
                return std::nullopt;
            auto id = model(mn);
            auto x = number(xn, QStringLiteral("'x'"));
            auto y = number(yn, QStringLiteral("'y'"));
            const double facing = args["facing"]
                ? number(args["facing"], QStringLiteral("'facing'")).value_or(0)
                : 0;
            // Water Raid › Water Reserves: the units of water the model carries.
            std::optional<int> water;
            if (args["water"] && !(water = integer(args["water"], QStringLiteral("'water'"))))
                return std::nullopt;
            if (!id || !x || !y)
                return std::nullopt;
            return DeployCommand {*id, Placement(QPointF(*x, *y), facing), water};
        }
        if (name == QLatin1String("embark")) {
            if (!checkMap(args, {QStringLiteral("model"), QStringLiteral("carrier")},
                          QStringLiteral("embark")))
                return std::nullopt;
            const YAML::Node mn = need("model"), cn = need("carrier");
            if (!mn || !cn)
                return std::nullopt;
            auto id = model(mn);
            auto carrier = model(cn);
            if (!id || !carrier)
                return std::nullopt;
            return EmbarkCommand {*id, *carrier};
        }
        if (name == QLatin1String("decline"))
            return DeclineCommand {};
        if (name == QLatin1String("place-beacon")) {
            if (!checkMap(args, {QStringLiteral("x"), QStringLiteral("y")},
                          QStringLiteral("place-beacon")))
                return std::nullopt;
            // The players place it; a spot given (both coordinates) is checked as usual.
            if (m_out.setup.physical() && !(args && args.IsMap() && (args["x"] || args["y"])))
                return PlaceBeaconCommand {};
            const YAML::Node xn = need("x"), yn = need("y");
            if (!xn || !yn)
                return std::nullopt;
            auto x = number(xn, QStringLiteral("'x'"));
            auto y = number(yn, QStringLiteral("'y'"));
            if (!x || !y)
                return std::nullopt;
            return PlaceBeaconCommand {QPointF(*x, *y)};
        }
        if (name == QLatin1String("place-comet"))
            return placeComet(args, at);
        if (name == QLatin1String("end-activation"))
            return EndActivationCommand {};
        if (name == QLatin1String("launch")) {
            if (!checkMap(args,
                          {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("facing")},
                          QStringLiteral("launch")))
                return std::nullopt;
            if (m_out.setup.physical() && !(args && args.IsMap() && args["x"]))
                return LaunchCommand {}; // the players place it
            const YAML::Node xn = need("x"), yn = need("y");
            if (!xn || !yn)
                return std::nullopt;
            auto x = number(xn, QStringLiteral("'x'"));
            auto y = number(yn, QStringLiteral("'y'"));
            const double facing = args["facing"]
                ? number(args["facing"], QStringLiteral("'facing'")).value_or(0)
                : 0;
            if (!x || !y)
                return std::nullopt;
            return LaunchCommand {Placement(QPointF(*x, *y), facing)};
        }
        if (name == QLatin1String("land")) {
            if (!checkMap(args, {QStringLiteral("carrier")}, QStringLiteral("land")))
                return std::nullopt;
            const YAML::Node cn = need("carrier");
            if (!cn)
                return std::nullopt;
            auto c = model(cn);
            if (!c)
                return std::nullopt;
            return LandCommand {*c};
        }
        if (name == QLatin1String("resolve-action")) {
            ResolveActionCommand r;
            if (args && args.IsMap() && args["target"]) {
                auto t = model(args["target"]);
                if (!t)
                    return std::nullopt;
                r.target = *t;
            }
            if (args && args.IsMap() && args["at"]) {
                const YAML::Node at = args["at"];
                auto x = at.IsSequence() && at.size() == 2 ? number(at[0], QStringLiteral("x"))
                                                           : std::nullopt;
                auto y = at.IsSequence() && at.size() == 2 ? number(at[1], QStringLiteral("y"))
                                                           : std::nullopt;
                if (!x || !y) {
                    error(at, QStringLiteral("'at' is [x, y]"));
                    return std::nullopt;
                }
                r.at = QPointF(*x, *y);
            }
            // Water Raid › Mine the Comet: the Comet's index in the terrain.
            if (args && args.IsMap() && args["terrain"]) {
                auto t = integer(args["terrain"], QStringLiteral("'terrain' (a terrain index)"));
                if (!t)
                    return std::nullopt;
                r.terrain = *t;
            }
            return r;
        }
        if (name == QLatin1String("activate")) {
            if (args.IsScalar()) {
                auto id = model(args);
                return id ? std::optional<Command>(ActivateCommand {*id, {}}) : std::nullopt;
            }
            if (!checkMap(args, {QStringLiteral("model"), QStringLiteral("action")},
                          QStringLiteral("activate")))
                return std::nullopt;
            const YAML::Node mn = need("model");
            if (!mn)
                return std::nullopt;
            auto id = model(mn);
            if (!id)
                return std::nullopt;
            return ActivateCommand::fromKey(
                *id, args["action"] ? str(args["action"].as<std::string>("")) : QString());
        }
        if (name == QLatin1String("move")) {
            if (!checkMap(args,
                          {QStringLiteral("legs"), QStringLiteral("forward"),
                           QStringLiteral("turn"), QStringLiteral("path")},
                          QStringLiteral("move")))
                return std::nullopt;
            if (args["path"]) {
                auto path = points(args["path"]);
                if (!path)
                    return std::nullopt;
                return MoveSquadronCommand {*path};
            }
            MoveCapitalCommand m;
            if (args["legs"]) {
                const YAML::Node legs = args["legs"];
                if (!legs.IsSequence()) {
                    error(legs, QStringLiteral("'legs' is a list of {forward, turn}"));
                    return std::nullopt;
                }
                for (std::size_t k = 0; k < legs.size(); ++k) {
                    const YAML::Node l = legs[k];
                    if (!checkMap(l, {QStringLiteral("forward"), QStringLiteral("turn")},
                                  QStringLiteral("a leg")))
                        return std::nullopt;
                    MoveLeg leg;
                    if (l["forward"])
                        leg.distance
                            = number(l["forward"], QStringLiteral("'forward'")).value_or(0);
                    if (l["turn"])
                        leg.turn = number(l["turn"], QStringLiteral("'turn'")).value_or(0);
                    m.legs.push_back(leg);
                }
            } else {
                MoveLeg leg;
                if (args["forward"])
                    leg.distance = number(args["forward"], QStringLiteral("'forward'")).value_or(0);
                if (args["turn"])
                    leg.turn = number(args["turn"], QStringLiteral("'turn'")).value_or(0);
                m.legs.push_back(leg);
            }
            return m;
        }
        if (name == QLatin1String("attack")) {
            if (!checkMap(args, {QStringLiteral("weapon"), QStringLiteral("target")},
                          QStringLiteral("attack")))
                return std::nullopt;
            const YAML::Node wn = need("weapon"), tn = need("target");
            if (!wn || !tn)
                return std::nullopt;
            auto w = integer(wn, QStringLiteral("'weapon' (the weapon line, from 0)"));
            auto t = model(tn);
            if (!w || !t)
                return std::nullopt;
            return AttackCommand {*w, *t};
        }
        if (name == QLatin1String("answer")) {
            if (!args || (args.IsScalar() && args.Scalar() == "default"))
                return AnswerCommand {};
            if (args.IsMap()) { // {option: N, path: [[x, y], ...]}: a movement
                if (!checkMap(args, {QStringLiteral("option"), QStringLiteral("path")},
                              QStringLiteral("answer")))
                    return std::nullopt;
                const YAML::Node on = need("option"), pn = need("path");
                if (!on || !pn)
                    return std::nullopt;
                auto o = integer(on, QStringLiteral("'option'"));
                auto path = points(pn);
                if (!o || !path)
                    return std::nullopt;
                return AnswerCommand {*o, *path};
            }
            auto o = integer(args, QStringLiteral("'answer' (an option number or default)"));
            return o ? std::optional<Command>(AnswerCommand {*o, {}}) : std::nullopt;
        }
        if (name == QLatin1String("roll")) { // roll: [3, 5, 6]; roll: [] or roll: the app rolls
            RollCommand r;
            if (!args || args.IsNull() || (args.IsScalar() && args.Scalar().empty()))
                return r;
            if (!args.IsSequence() || args.size() > std::size_t(kMaxRollFaces)) {
                error(
                    args,
                    QStringLiteral("'roll' is a list of at most %1 die faces").arg(kMaxRollFaces));
                return std::nullopt;
            }
            for (std::size_t k = 0; k < args.size(); ++k) {
                auto f = integer(args[k], QStringLiteral("a die face"), 1, 6);
                if (!f)
                    return std::nullopt;
                r.faces.push_back(*f);
            }
            return r;
        }
        if (name == QLatin1String("correct")) // correct: {model, field, index, key, value}
            return correct(args, at);
        error(at,
              QStringLiteral("unknown command '%1' (place-beacon, place-comet, deploy, embark, "
                             "decline, activate, move, attack, answer, resolve-action, launch, "
                             "land, end-activation, roll, correct)")
                  .arg(name));
        return std::nullopt;
    }

    // Physical table: correct: {model: 3, field: structure, value: 2}; model omitted: the game
    // (objective-points); index and key where the field has them.
    std::optional<Command> correct(const YAML::Node &args, const YAML::Node &at)
    {
        if (!checkMap(args,
                      {QStringLiteral("model"), QStringLiteral("field"), QStringLiteral("index"),
                       QStringLiteral("key"), QStringLiteral("value")},
                      QStringLiteral("correct")))
            return std::nullopt;
        CorrectCommand c;
        const auto text = [&](const char *key, QString *out) {
            const YAML::Node n = args[key];
            if (!n)
                return true;
            const QString v = n.IsScalar() ? str(n.Scalar()) : QString();
            if (v.isEmpty() || v.size() > kMaxCorrectText) {
                error(n,
                      QStringLiteral("'%1' must be a name of at most %2 characters")
                          .arg(QLatin1String(key))
                          .arg(kMaxCorrectText));
                return false;
            }
            *out = v;
            return true;
        };
        if (!args["field"]) {
            error(at, QStringLiteral("'correct' needs 'field'"));
            return std::nullopt;
        }
        if (!text("field", &c.field) || !text("key", &c.key))
            return std::nullopt;
        if (args["model"]) {
            const YAML::Node mn = args["model"];
            if (mn.IsScalar() && mn.Scalar() == "-1") {
                c.model = -1;
            } else {
                auto id = model(mn);
                if (!id)
                    return std::nullopt;
                c.model = *id;
            }
        }
        if (args["index"]) {
            auto i = integer(args["index"], QStringLiteral("'index'"), 0, kMaxCorrectValue);
            if (!i)
                return std::nullopt;
            c.index = *i;
        }
        if (args["value"]) {
            auto v = integer(args["value"], QStringLiteral("'value'"), -kMaxCorrectValue,
                             kMaxCorrectValue);
            if (!v)
                return std::nullopt;
            c.value = *v;
        }
        return c;
    }

    // Water Raid: place-comet: {x, y, diameter, tail: [[x, y], ...]} (diameter 3 and a
    // default tail when not given).
    std::optional<Command> placeComet(const YAML::Node &args, const YAML::Node &at)
    {
        if (!checkMap(args,
                      {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("diameter"),
                       QStringLiteral("tail")},
                      QStringLiteral("place-comet")))
            return std::nullopt;
        // A physical table: the players place it (`place-comet: {}`, `diameter` optional).
        const bool placedByPlayers
            = m_out.setup.physical() && !(args && args.IsMap() && (args["x"] || args["y"]));
        if (!placedByPlayers && (!args || !args.IsMap() || !args["x"] || !args["y"])) {
            error(at, QStringLiteral("'place-comet' needs 'x' and 'y'"));
            return std::nullopt;
        }
        PlaceCometCommand c;
        if (!placedByPlayers) {
            auto x = number(args["x"], QStringLiteral("'x'"));
            auto y = number(args["y"], QStringLiteral("'y'"));
            if (!x || !y)
                return std::nullopt;
            c.at = QPointF(*x, *y);
        }
        if (args && args.IsMap() && args["diameter"]) {
            auto d = number(args["diameter"], QStringLiteral("'diameter'"));
            if (!d)
                return std::nullopt;
            c.diameter = *d;
        }
        if (args && args.IsMap() && args["tail"]) {
            auto tail = points(args["tail"]);
            if (!tail)
                return std::nullopt;
            c.tail = *tail;
        }
        return c;
    }

private:
    GameScript &m_out;
    QString m_baseDir;
    const UnitDatabase &m_db;
    std::vector<std::pair<int, int>> m_names; // model id -> (player, entry)
    std::vector<std::pair<QString, int>> m_terrainNames; // terrain model name -> model id
    int m_mines = 0;
    bool m_minelayer = false;
};

// `expected` is a part of `actual`: every key of an object matches, arrays match
// element by element, numbers to 1e-6.
void compare(const QJsonValue &expected, const QJsonValue &actual, const QString &path,
             QStringList &failures)
{
    if (expected.isObject()) {
        const QJsonObject e = expected.toObject();
        const QJsonObject a = actual.toObject();
        for (auto it = e.begin(); it != e.end(); ++it) {
            // An absent count is zero ("lost" lists only what was lost).
            const QJsonValue av = a.contains(it.key()) ? a.value(it.key())
                : it.value().isDouble()                ? QJsonValue(0)
                                                       : QJsonValue(QJsonValue::Undefined);
            compare(it.value(), av, path + QLatin1Char('.') + it.key(), failures);
        }
        return;
    }
    if (expected.isArray()) {
        const QJsonArray e = expected.toArray();
        const QJsonArray a = actual.toArray();
        if (e.size() != a.size()) {
            failures << QStringLiteral("%1: expected %2 items, got %3")
                            .arg(path)
                            .arg(e.size())
                            .arg(a.size());
            return;
        }
        for (int i = 0; i < e.size(); ++i)
            compare(e[i], a[i], QStringLiteral("%1[%2]").arg(path).arg(i), failures);
        return;
    }
    if (expected.isDouble() && actual.isDouble()) {
        if (std::abs(expected.toDouble() - actual.toDouble()) > 1e-6)
            failures << QStringLiteral("%1: expected %2, got %3")
                            .arg(path)
                            .arg(expected.toDouble())
                            .arg(actual.toDouble());
        return;
    }
    if (expected != actual)
        failures
            << QStringLiteral("%1: expected %2, got %3")
                   .arg(path,
                        QString::fromUtf8(
                            QJsonDocument(QJsonArray {expected}).toJson(QJsonDocument::Compact)),
                        actual.isUndefined()
                            ? QStringLiteral("nothing")
                            : QString::fromUtf8(
                                QJsonDocument(QJsonArray {actual}).toJson(QJsonDocument::Compact)));
}

} // namespace

QStringList checkExpectations(const GameScript &script, const Engine &engine,
                              const GameState &state, const std::optional<Rejection> &refused,
                              const QStringList &log)
{
    QStringList failures;
    QJsonObject expect = script.expect;
    // `events`: sentences of the game log, each found (as a part of an event's
    // text) after the previous one: a worked example's steps in order.
    const QJsonArray events = expect.take(QStringLiteral("events")).toArray();
    int at = 0;
    for (const QJsonValue &e : events) {
        const QString want = e.toString();
        int found = -1;
        for (int i = at; i < log.size() && found < 0; ++i)
            if (log[i].contains(want))
                found = i;
        if (found < 0) {
            failures << QStringLiteral("events: \"%1\" is not in the log after event %2")
                            .arg(want)
                            .arg(at);
            continue;
        }
        at = found + 1;
    }
    const QString refusedRule = expect.take(QStringLiteral("refused")).toString();
    if (!refusedRule.isEmpty()) {
        if (!refused)
            failures << QStringLiteral(
                            "expected the last command to be refused by %1; it was accepted")
                            .arg(refusedRule);
        else if (refused->rule != refusedRule)
            failures << QStringLiteral("expected a refusal by %1, got %2")
                            .arg(refusedRule, refused->toString());
    } else if (refused) {
        failures << QStringLiteral("a command was refused: %1").arg(refused->toString());
    }
    const QJsonObject actual = stateToJson(engine, state);
    const QJsonObject models = expect.take(QStringLiteral("models")).toObject();
    for (auto it = models.begin(); it != models.end(); ++it) {
        QJsonValue found;
        for (const QJsonValue &m : actual.value(QStringLiteral("models")).toArray())
            if (m.toObject().value(QStringLiteral("name")).toString() == it.key())
                found = m;
        if (found.isUndefined() || found.isNull())
            failures << QStringLiteral("models.%1: no such model").arg(it.key());
        else
            compare(it.value(), found, QStringLiteral("models.") + it.key(), failures);
    }
    compare(expect, actual, QStringLiteral("state"), failures);
    return failures;
}

GameScript GameScriptReader::parse(const QByteArray &yaml, const QString &displayName,
                                   const QString &baseDir, const UnitDatabase &db)
{
    GameScript out;
    ScriptParser parser(out, displayName, baseDir, db);
    try {
        parser.parse(yaml);
    } catch (const YAML::Exception &e) {
        // A shape no check above foresaw: refused where it is, never a crash.
        parser.error(e.mark, QStringLiteral("unexpected value: %1").arg(str(e.msg)));
    } catch (const std::exception &e) {
        parser.error(
            YAML::Mark::null_mark(),
            QStringLiteral("cannot read the script: %1").arg(QString::fromLocal8Bit(e.what())));
    }
    parser.finish();
    return out;
}

GameScript GameScriptReader::read(const QString &path, const UnitDatabase &db)
{
    const io::InputFile in = io::readFile(path, io::YamlLimits {}.maxBytes);
    if (!in.ok()) {
        GameScript out;
        out.issues.push_back(DataIssue {path, 0, 0, in.error, DataIssue::Severity::Error});
        return out;
    }
    return parse(in.bytes, path, QFileInfo(path).absolutePath(), db);
}

} // namespace jw
