// SPDX-License-Identifier: GPL-3.0-or-later
// jwfleet-server: the club server (docs/network.md), headless. Options and signals only:
// the lobby and the referee are jw::net::ClubServer.
#include "net/clubserver.h"
#include "units/unitdatabase.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QSocketNotifier>
#include <QTextStream>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace {

int g_signalFd[2] = {-1, -1};

void onSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const auto n = ::write(g_signalFd[0], &c, 1);
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
    const QCommandLineOption port(QStringLiteral("port"),
                                  QStringLiteral("Listen on PORT (default 47475; 0: any free "
                                                 "port, printed)."),
                                  QStringLiteral("PORT"), QStringLiteral("47475"));
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
    p.addOptions({port, listen, games, data});
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
    bool ok = false;
    const int portNumber = p.value(port).toInt(&ok);
    if (!ok || portNumber < 0 || portNumber > 65535) {
        err << "jwfleet-server: --port takes a whole number from 0 to 65535" << Qt::endl;
        return 2;
    }
    QHostAddress address(QHostAddress::Any);
    if (p.isSet(listen) && !address.setAddress(p.value(listen))) {
        err << "jwfleet-server: --listen: '" << p.value(listen) << "' is not an address"
            << Qt::endl;
        return 2;
    }
    jw::UnitDatabase db = p.isSet(data) ? jw::UnitDatabase::loadDirectory(p.value(data))
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
    if (p.isSet(games)) {
        if (!QDir().mkpath(p.value(games))) {
            err << "jwfleet-server: cannot create the games folder " << p.value(games) << Qt::endl;
            return 2;
        }
        server.setGamesDir(p.value(games));
    }
    QString why;
    if (!server.listen(address, quint16(portNumber), &why)) {
        err << "jwfleet-server: " << why << Qt::endl;
        return 1;
    }

    // SIGTERM and SIGINT: a byte on a socket pair, read in the event loop (a signal handler
    // may do nothing else), then a clean stop.
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
    return app.exec();
}
