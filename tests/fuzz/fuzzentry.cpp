// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzentry.h"

#include "campaign/battleimport.h"
#include "campaign/campaignfile.h"
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/gamescript.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "net/protocol.h"
#include "units/unitdatabase.h"
#include "units/useroverlay.h"

#include <QDate>
#include <QJsonDocument>

#include <memory>

namespace jw::fuzz {

namespace {

// Relative paths in scripts and battle reports resolve against the sample fleets.
QString sampleDir()
{
    return QStringLiteral(JW_SOURCE_DIR "/data/fleets");
}

const UnitDatabase &shippedDb()
{
    static const UnitDatabase db = UnitDatabase::loadShipped();
    return db;
}

QString issuesText(const std::vector<DataIssue> &issues)
{
    QStringList lines;
    for (const DataIssue &i : issues)
        lines << i.toString();
    return lines.join(QLatin1Char('\n'));
}

bool hasError(const std::vector<DataIssue> &issues)
{
    for (const DataIssue &i : issues)
        if (i.isError())
            return true;
    return false;
}

Outcome runFaction(const QByteArray &bytes, const QString &name)
{
    // check-data: parse, then add to a database (ids checked across files).
    FactionFile file = UnitLoader::parse(bytes, name);
    Outcome o;
    if (file.hasErrors()) {
        o.error = issuesText(file.issues);
        return o;
    }
    UnitDatabase db;
    const bool added = db.add(std::move(file));
    o.accepted = added && !db.hasErrors();
    if (!o.accepted)
        o.error = issuesText(db.issues());
    return o;
}

Outcome runFleet(const QByteArray &bytes, const QString &name)
{
    // validate / cards: read, validate against the shipped units.
    const FleetFileResult r = FleetFile::parse(bytes, name);
    Outcome o;
    if (!r.ok()) {
        o.error = r.errorText();
        return o;
    }
    o.accepted = true;
    const FleetReport report = validateFleet(*r.fleet, shippedDb());
    Q_UNUSED(report);
    // fleetfile.h: writing then reading gives an equal Fleet.
    const QByteArray written = FleetFile::serialize(*r.fleet);
    const FleetFileResult back = FleetFile::parse(written, name);
    if (!back.ok())
        o.broken = QStringLiteral("a fleet read fine does not read back once written:\n")
            + back.errorText() + QLatin1Char('\n') + QString::fromUtf8(written);
    else if (!(*back.fleet == *r.fleet))
        o.broken = QStringLiteral("a fleet written and read back differs:\n")
            + QString::fromUtf8(written);
    return o;
}

Outcome runScript(const QByteArray &bytes, const QString &name)
{
    // play: parse, play the commands (at most kMaxScriptSteps), check the
    // expectations, print the state; --save writes a game that `game` loads.
    const GameScript script = GameScriptReader::parse(bytes, name, sampleDir(), shippedDb());
    Outcome o;
    if (!script.ok()) {
        o.error = issuesText(script.issues);
        return o;
    }
    o.accepted = true;
    std::unique_ptr<ScriptedDiceSource> forced;
    if (script.dice)
        forced = std::make_unique<ScriptedDiceSource>(*script.dice);
    Game game(script.setup, forced.get());
    std::optional<Rejection> refused;
    int steps = 0;
    for (const ScriptCommand &sc : script.commands) {
        if (++steps > kMaxScriptSteps)
            break;
        const ApplyResult r = game.apply(sc.command);
        if (!r.ok()) {
            refused = r.rejection;
            break;
        }
        while (script.autoAnswer && game.state().pending && ++steps <= kMaxScriptSteps)
            if (!game.apply(AnswerCommand {}).ok())
                break;
    }
    const QJsonObject state = stateToJson(game.engine(), game.state(), 0);
    Q_UNUSED(state);
    QStringList log;
    for (const std::vector<GameEvent> &events : game.log())
        for (const GameEvent &e : events)
            log << e.text();
    const QStringList failures
        = checkExpectations(script, game.engine(), game.state(), refused, log);
    Q_UNUSED(failures);
    // Saved games replay their commands when loaded: what play --save wrote must
    // load (a game that could not start is not saved).
    if (game.startRejection())
        return o;
    o.written = GameFile::serialize(game);
    const GameFile::Loaded loaded = GameFile::parse(o.written, name);
    if (!loaded.game)
        o.broken = QStringLiteral("a game play --save wrote does not load: ") + loaded.error;
    return o;
}

Outcome runGame(const QByteArray &bytes, const QString &name)
{
    // game / campaign add-battle --game: load (replays), show, import as a battle.
    const GameFile::Loaded loaded = GameFile::parse(bytes, name);
    Outcome o;
    if (!loaded.game) {
        o.error = loaded.error;
        return o;
    }
    const QJsonObject state = stateToJson(loaded.game->engine(), loaded.game->state(), 0);
    Q_UNUSED(state);
    const BattleImport battle = battleFromGame(*loaded.game, QDate(2025, 3, 14), name);
    // An unfinished game is a game file fine for `game` but not a battle.
    o.accepted = true;
    Q_UNUSED(battle);
    return o;
}

Outcome runReport(const QByteArray &bytes, const QString &name)
{
    // campaign add-battle --report: players Ann and Bob have the sample fleets as rosters.
    const auto roster = [](const QString &player) -> std::optional<Fleet> {
        const QString file = player == QLatin1String("Ann") ? QStringLiteral("io-patrol.jwfleet")
            : player == QLatin1String("Bob")                ? QStringLiteral("venus-strike.jwfleet")
                                                            : QString();
        if (file.isEmpty())
            return std::nullopt;
        static std::map<QString, FleetFileResult> cache;
        auto it = cache.find(file);
        if (it == cache.end())
            it = cache.emplace(file, FleetFile::read(sampleDir() + QLatin1Char('/') + file)).first;
        return it->second.fleet;
    };
    const BattleImport b = battleFromReport(bytes, name, roster, &shippedDb());
    Outcome o;
    o.accepted = b.ok();
    if (!o.accepted)
        o.error = b.errorText();
    return o;
}

Outcome runCampaign(const QByteArray &bytes, const QString &name, CampaignFile::Format format)
{
    // campaign import: read; export writes what import reads, in either format.
    const CampaignFile::Read r = CampaignFile::parse(bytes, name, format);
    Outcome o;
    o.accepted = r.ok();
    if (!o.accepted) {
        o.error = r.errorText();
        return o;
    }
    for (const CampaignFile::Format f : {CampaignFile::Format::Json, CampaignFile::Format::Yaml}) {
        const QByteArray written = CampaignFile::serialize(*r.data, f);
        const CampaignFile::Read back = CampaignFile::parse(written, name, f);
        if (f != format)
            o.written = written;
        if (!back.ok()) {
            o.broken = QStringLiteral("a campaign read fine does not read back once exported:\n")
                + back.errorText() + QLatin1Char('\n') + QString::fromUtf8(written);
            break;
        }
    }
    return o;
}

Outcome runScenario(const QByteArray &bytes, const QString &name)
{
    // A group's scenario (scripts, the table): read, add to the library; a
    // saved game keeps it as JSON and reads it back with the same reader.
    ScenarioFile file = ScenarioLoader::parse(bytes, name);
    Outcome o;
    if (!file.ok()) {
        o.error = issuesText(file.issues);
        return o;
    }
    const Scenario scenario = *file.scenario;
    ScenarioLibrary lib;
    o.accepted = lib.add(std::move(file), name) && !hasError(lib.issues());
    if (!o.accepted) {
        o.error = issuesText(lib.issues());
        return o;
    }
    const ScenarioFile back = ScenarioLoader::parse(ScenarioLoader::toJson(scenario), name);
    if (!back.ok())
        o.broken = QStringLiteral("a scenario a saved game keeps does not read back:\n")
            + issuesText(back.issues);
    else if (!(*back.scenario == scenario))
        o.broken = QStringLiteral("a scenario kept by a saved game reads back different");
    return o;
}

// The user data file (data/factions/README.md, "Values from a printed card"): read over the
// shipped units as jwfleet and jwfleet-cli do at start. An overlay read fine must apply to the
// shipped units, and write back (the application's save) to a file that reads back equal.
Outcome runUserData(const QByteArray &bytes, const QString &name)
{
    const UserOverlay overlay = UserOverlay::parse(bytes, name, shippedDb());
    Outcome o;
    if (overlay.hasErrors()) {
        o.error = issuesText(overlay.issues);
        return o;
    }
    o.accepted = true;
    const UnitDatabase applied = overlay.applyTo(shippedDb());
    if (applied.units().size() != shippedDb().units().size())
        o.broken = QStringLiteral("the user data file changed the number of units");
    o.written = overlay.toYaml();
    const UserOverlay back = UserOverlay::parse(o.written, name, shippedDb());
    if (back.hasErrors())
        o.broken = QStringLiteral("a user data file read fine does not read back once written:\n")
            + issuesText(back.issues) + QLatin1Char('\n') + QString::fromUtf8(o.written);
    else if (back.units != overlay.units)
        o.broken = QStringLiteral("a user data file written and read back differs:\n")
            + QString::fromUtf8(o.written);
    return o;
}

// The network protocol's decoder (docs/network.md): the bytes are a peer's stream, cut into
// frames; each frame is decoded. Every frame refused: the first refusal. A message accepted
// must encode back to a payload that decodes to the same encoding (a promise).
Outcome runNet(const QByteArray &bytes, const QString &name)
{
    Outcome o;
    o.accepted = true;
    net::FrameReader reader;
    for (const net::FrameReader::Item &item : reader.feed(bytes)) {
        if (!item.error.isEmpty()) {
            if (o.accepted)
                o.error = QStringLiteral("%1: %2").arg(name, item.error);
            o.accepted = false;
            continue;
        }
        const net::Decoded d = net::decodePayload(item.payload);
        if (!d.message) {
            if (o.accepted)
                o.error = QStringLiteral("%1: %2").arg(name, d.error);
            o.accepted = false;
            continue;
        }
        const QByteArray again = net::encodePayload(*d.message);
        const net::Decoded back = net::decodePayload(again);
        if (!back.message || net::encodePayload(*back.message) != again)
            o.broken = QStringLiteral("a message accepted does not read back after encoding: %1")
                           .arg(QString::fromUtf8(again.left(200)));
    }
    return o;
}

} // namespace

QStringList targets()
{
    return {QStringLiteral("faction"),       QStringLiteral("fleet"),
            QStringLiteral("script"),        QStringLiteral("game"),
            QStringLiteral("report"),        QStringLiteral("campaign_yaml"),
            QStringLiteral("campaign_json"), QStringLiteral("scenario"),
            QStringLiteral("net"),           QStringLiteral("userdata")};
}

QString displayName(const QString &target)
{
    if (target == QLatin1String("fleet"))
        return QStringLiteral("fuzz.jwfleet");
    if (target == QLatin1String("game"))
        return QStringLiteral("fuzz.jwgame");
    if (target == QLatin1String("campaign_json"))
        return QStringLiteral("fuzz.json");
    // Reports resolve fleet files relative to themselves: the sample fleets.
    if (target == QLatin1String("report"))
        return sampleDir() + QStringLiteral("/fuzz-report.yaml");
    if (target == QLatin1String("net"))
        return QStringLiteral("fuzz.net");
    if (target == QLatin1String("userdata"))
        return QStringLiteral("units.yaml");
    return QStringLiteral("fuzz.yaml");
}

Outcome run(const QString &target, const QByteArray &bytes)
{
    const QString name = displayName(target);
    if (target == QLatin1String("faction"))
        return runFaction(bytes, name);
    if (target == QLatin1String("fleet"))
        return runFleet(bytes, name);
    if (target == QLatin1String("script"))
        return runScript(bytes, name);
    if (target == QLatin1String("game"))
        return runGame(bytes, name);
    if (target == QLatin1String("report"))
        return runReport(bytes, name);
    if (target == QLatin1String("campaign_yaml"))
        return runCampaign(bytes, name, CampaignFile::Format::Yaml);
    if (target == QLatin1String("campaign_json"))
        return runCampaign(bytes, name, CampaignFile::Format::Json);
    if (target == QLatin1String("scenario"))
        return runScenario(bytes, name);
    if (target == QLatin1String("net"))
        return runNet(bytes, name);
    if (target == QLatin1String("userdata"))
        return runUserData(bytes, name);
    Outcome o;
    o.broken = QStringLiteral("unknown fuzz target '%1'").arg(target);
    return o;
}

} // namespace jw::fuzz
