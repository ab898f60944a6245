// SPDX-License-Identifier: GPL-3.0-or-later
// jwfleet-server: the club server (docs/network.md), headless. Options and signals only:
// the lobby and the referee are jw::net::ClubServer.
#include "campaign/campaignstore.h"
#include "io/safeyaml.h"
#include "net/clubserver.h"
#include "units/unitdatabase.h"

#include <yaml-cpp/yaml.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSocketNotifier>
#include <QTextStream>

#include <algorithm>
#include <csignal>
#include <map>
#include <optional>
#include <sys/socket.h>
#include <unistd.h>

namespace {

int g_signalFd[2] = {-1, -1};

void onSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const auto n = ::write(g_signalFd[0], &c, 1);
}

// The configuration file: YAML, a map of the long options' names to their values
// (docs/network.md). Unknown keys, values that are not text, and anything but a map are
// refused with file:line:column. nullopt, with the error printed, on bad input.
const char *const kConfigKeys[] = {
    "port",          "listen",       "games",       "data",         "campaign", "spectator-delay",
    "pause-timeout", "message-rate", "flood-limit", "refused-limit"};

// A setting's value and where it was given: "FILE:LINE:COLUMN: " for the configuration
// file's (the value's position), "jwfleet-server: " for the command line's: an error about
// the value starts with it.
struct Setting
{
    QString value;
    QString at;
};

QString configKeys()
{
    QStringList keys;
    for (const char *k : kConfigKeys)
        keys << QLatin1String(k);
    return keys.join(QStringLiteral(", "));
}

std::optional<std::map<QString, Setting>> readConfig(const QString &path, QTextStream &err)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        err << path << ": cannot read: " << f.errorString() << Qt::endl;
        return std::nullopt;
    }
    const QByteArray bytes = f.read(1024 * 1024 + 1);
    if (bytes.size() > 1024 * 1024) {
        err << path << ": larger than 1 MiB: not a configuration file" << Qt::endl;
        return std::nullopt;
    }
    auto at = [&](const YAML::Mark &m) {
        return QStringLiteral("%1:%2:%3: ").arg(path).arg(m.line + 1).arg(m.column + 1);
    };
    std::map<QString, Setting> values;
    const QList<QByteArray> lines = bytes.split('\n');
    const bool blank = std::all_of(lines.cbegin(), lines.cend(), [](const QByteArray &line) {
        const QByteArray t = line.trimmed();
        return t.isEmpty() || t.startsWith('#');
    });
    if (blank)
        return values; // an empty file, or comments only
    // The safe reader of every file jwfleet reads: no aliases, bounded nodes and depth.
    std::vector<jw::DataIssue> issues;
    const std::optional<YAML::Node> parsed = jw::io::loadYaml(bytes, path, issues);
    if (!parsed) {
        for (const jw::DataIssue &i : issues)
            err << i.toString() << Qt::endl;
        return std::nullopt;
    }
    try {
        const YAML::Node &root = *parsed;
        if (root.IsNull())
            return values; // a file of comments only
        if (!root.IsMap()) {
            err << at(root.Mark()) << "the configuration is a map of keys to values ("
                << configKeys() << ")" << Qt::endl;
            return std::nullopt;
        }
        for (auto it = root.begin(); it != root.end(); ++it) {
            if (!it->first.IsScalar()) {
                err << at(it->first.Mark()) << "a key is a name" << Qt::endl;
                return std::nullopt;
            }
            const QString key = QString::fromStdString(it->first.as<std::string>());
            if (std::none_of(std::begin(kConfigKeys), std::end(kConfigKeys),
                             [&](const char *k) { return key == QLatin1String(k); })) {
                err << at(it->first.Mark()) << "unknown key '" << key.left(40)
                    << "' (known: " << configKeys() << ")" << Qt::endl;
                return std::nullopt;
            }
            if (!it->second.IsScalar()) {
                err << at(it->second.Mark()) << "'" << key << "' takes one value" << Qt::endl;
                return std::nullopt;
            }
            if (values.count(key)) {
                err << at(it->first.Mark()) << "'" << key << "' is given twice" << Qt::endl;
                return std::nullopt;
            }
            values[key] = Setting {QString::fromStdString(it->second.as<std::string>()),
                                   at(it->second.Mark())};
        }
    } catch (const YAML::Exception &e) {
        err << at(e.mark) << QString::fromStdString(e.msg) << Qt::endl;
        return std::nullopt;
    }
    return values;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("jwfleet-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(JW_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "The jwfleet club server: a lobby of open games; it referees each game between its two "
        "players (their commands checked by the engine, dice by commit-reveal between the "
        "players) and saves it. Logs one line per event to stdout; stops cleanly on SIGTERM."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption port(
        QStringLiteral("port"),
        QStringLiteral("Listen on PORT (default %1; 0: any free port, printed).")
            .arg(jw::net::kDefaultClubPort),
        QStringLiteral("PORT"), QString::number(jw::net::kDefaultClubPort));
    const QCommandLineOption listen(QStringLiteral("listen"),
                                    QStringLiteral("Listen on ADDRESS only (default: every "
                                                   "address)."),
                                    QStringLiteral("ADDRESS"));
    const QCommandLineOption games(QStringLiteral("games"),
                                   QStringLiteral("Save each game into DIR as game-N.jwgame "
                                                  "(created if missing)."),
                                   QStringLiteral("DIR"));
    const QCommandLineOption data(QStringLiteral("data"),
                                  QStringLiteral("Read the faction files from DIR instead of the "
                                                 "shipped ones."),
                                  QStringLiteral("DIR"));
    const QCommandLineOption campaign(
        QStringLiteral("campaign"),
        QStringLiteral("Write each game played to its end into the campaign at FILE (SQLite) or "
                       "URL (postgresql://...), an existing campaign; its players are named as "
                       "the games' players."),
        QStringLiteral("FILE|URL"));
    const QCommandLineOption config(
        QStringLiteral("config"),
        QStringLiteral("Read the options from FILE (YAML: port, listen, games, data, campaign, "
                       "spectator-delay, pause-timeout, message-rate, flood-limit, "
                       "refused-limit); options given on the command line win."),
        QStringLiteral("FILE"));
    const QCommandLineOption spectatorDelay(
        QStringLiteral("spectator-delay"),
        QStringLiteral("Spectators see each command's events only once N more commands are "
                       "agreed (all of them when the game ends; default 0)."),
        QStringLiteral("N"));
    const QCommandLineOption pauseTimeout(
        QStringLiteral("pause-timeout"),
        QStringLiteral("End a paused game (a player dropped) not resumed within SECONDS: a "
                       "forfeit by the player who did not come back when the other did (or who "
                       "dropped with its dice reveal due), written into the campaign as won by "
                       "the other; otherwise abandoned (default 0: wait until the server "
                       "stops)."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption messageRate(
        QStringLiteral("message-rate"),
        QStringLiteral("A connection may send N messages a second (a refused one counts 10); "
                       "beyond, its messages wait: throttled (default 200; 0: no limit)."),
        QStringLiteral("N"));
    const QCommandLineOption floodLimit(
        QStringLiteral("flood-limit"),
        QStringLiteral("Close a connection with more than N messages waiting (throttled) "
                       "(default 500; 0: no limit)."),
        QStringLiteral("N"));
    const QCommandLineOption refusedLimit(
        QStringLiteral("refused-limit"),
        QStringLiteral("Close a connection whose messages were refused N times within a minute "
                       "(default 20; 0: no limit)."),
        QStringLiteral("N"));
    p.addOptions({config, port, listen, games, data, campaign, spectatorDelay, pauseTimeout,
                  messageRate, floodLimit, refusedLimit});
    if (!p.parse(app.arguments())) {
        err << "jwfleet-server: " << p.errorText() << Qt::endl;
        return 2;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out << p.helpText();
        return 0;
    }
    if (p.isSet(QStringLiteral("version"))) {
        out << "jwfleet-server " << JW_VERSION << Qt::endl;
        return 0;
    }
    if (!p.positionalArguments().isEmpty()) {
        err << "jwfleet-server: unexpected argument '" << p.positionalArguments().first() << "'"
            << Qt::endl;
        return 2;
    }
    std::map<QString, Setting> settings;
    if (p.isSet(config)) {
        const auto read = readConfig(p.value(config), err);
        if (!read)
            return 2;
        settings = *read;
    }
    // The command line wins over the file.
    for (const QCommandLineOption *o : {&port, &listen, &games, &data, &campaign, &spectatorDelay,
                                        &pauseTimeout, &messageRate, &floodLimit, &refusedLimit})
        if (p.isSet(*o))
            settings[o->names().first()]
                = Setting {p.value(*o), QStringLiteral("jwfleet-server: ")};
    auto setting = [&](const char *key, const QString &fallback = {}) {
        const auto it = settings.find(QLatin1String(key));
        return it == settings.end() ? fallback : it->second.value;
    };
    // A whole number from `min` to `max` (the default when not given); nullopt, with the
    // error located where the value was given, otherwise.
    auto number = [&](const char *key, int fallback, int min, int max,
                      const char *what) -> std::optional<int> {
        const auto it = settings.find(QLatin1String(key));
        if (it == settings.end())
            return fallback;
        bool ok = false;
        const int n = it->second.value.toInt(&ok);
        if (ok && n >= min && n <= max)
            return n;
        err << it->second.at << what << Qt::endl;
        return std::nullopt;
    };
    const auto portNumber = number("port", jw::net::kDefaultClubPort, 0, 65535,
                                   "the port is a whole number from 0 to 65535");
    if (!portNumber)
        return 2;
    const auto delay = number("spectator-delay", 0, 0, 100'000,
                              "the spectator delay is a whole number of commands from 0 to 100000");
    if (!delay)
        return 2;
    const auto pauseSeconds
        = number("pause-timeout", 0, 0, 7 * 24 * 3600,
                 "the pause timeout is a whole number of seconds from 0 to a week");
    if (!pauseSeconds)
        return 2;
    const jw::net::ClubServer::Limits defaults;
    const auto rate
        = number("message-rate", defaults.messageRate, 0, 100'000,
                 "the message rate is a whole number of messages a second from 0 (no limit) "
                 "to 100000");
    if (!rate)
        return 2;
    const auto flood = number("flood-limit", defaults.floodLimit, 0, 100'000,
                              "the flood limit is a whole number of messages from 0 (no limit) to "
                              "100000");
    if (!flood)
        return 2;
    const auto refusedMax = number("refused-limit", defaults.refusedLimit, 0, 100'000,
                                   "the refused limit is a whole number of messages from 0 (no "
                                   "limit) to 100000");
    if (!refusedMax)
        return 2;
    QHostAddress address(QHostAddress::Any);
    if (!setting("listen").isEmpty() && !address.setAddress(setting("listen"))) {
        err << settings.at(QStringLiteral("listen")).at << "listen: '" << setting("listen")
            << "' is not an address" << Qt::endl;
        return 2;
    }
    jw::UnitDatabase db = !setting("data").isEmpty()
        ? jw::UnitDatabase::loadDirectory(setting("data"))
        : jw::UnitDatabase::loadShipped();
    if (db.hasErrors() || db.units().empty()) {
        for (const jw::DataIssue &i : db.issues())
            err << i.toString() << Qt::endl;
        err << "jwfleet-server: the unit data has errors or no units" << Qt::endl;
        return 2;
    }

    jw::net::ClubServer server(std::move(db));
    QObject::connect(&server, &jw::net::ClubServer::logLine, &app, [&out](const QString &line) {
        out << QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) << ' ' << line
            << Qt::endl;
    });
    if (const QString dir = setting("games"); !dir.isEmpty()) {
        if (!QDir().mkpath(dir)) {
            err << "jwfleet-server: cannot create the games folder " << dir << Qt::endl;
            return 2;
        }
        server.setGamesDir(dir);
    }
    server.setSpectatorDelay(*delay);
    server.setPauseTimeout(*pauseSeconds * 1000);
    server.setLimits({*rate, *flood, *refusedMax});
    if (const QString where = setting("campaign"); !where.isEmpty()) {
        jw::CampaignStore::OpenOptions options;
        options.create = false;
        auto store = jw::CampaignStore::open(where, options);
        if (!store.ok()) {
            err << "jwfleet-server: the campaign: " << store.error.message << Qt::endl;
            return 2;
        }
        if (const auto c = store.value->campaign(); !c.ok()) {
            err << "jwfleet-server: the campaign: " << c.error.message << Qt::endl;
            return 2;
        }
        server.setCampaign(std::move(store.value));
    }
    // SIGTERM and SIGINT: a byte on a socket pair, read in the event loop (a signal handler
    // may do nothing else), then a clean stop. Set up before listening: whoever reads the
    // "listening" line may signal at once.
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalFd) != 0) {
        err << "jwfleet-server: cannot set up the signal handler" << Qt::endl;
        return 1;
    }
    QSocketNotifier notifier(g_signalFd[1], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &app, [&] {
        char c = 0;
        [[maybe_unused]] const auto n = ::read(g_signalFd[1], &c, 1);
        notifier.setEnabled(false);
        server.shutdown();
    });
    QObject::connect(&server, &jw::net::ClubServer::closed, &app, [&] {
        out << QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) << " stopped"
            << Qt::endl;
        app.quit();
    });
    struct sigaction sa = {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    QString why;
    if (!server.listen(address, quint16(*portNumber), &why)) {
        err << "jwfleet-server: " << why << Qt::endl;
        return 1;
    }
    // The games under way when the server last stopped: paused, their players come back.
    // After the "listening" line (always the first); before any connection is handled.
    server.takeUpSavedGames();

    return app.exec();
}
