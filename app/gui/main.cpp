// SPDX-License-Identifier: GPL-3.0-or-later
// jwfleet: the desktop application. Start-up and argument parsing only.
#include "application.h"
#include "engine/gamefile.h"
#include "fleetbuilder/fleetbuilder.h"
#include "help/preferences.h"
#include "mainwindow.h"
#include "table/gametable.h"
#include "theme.h"
#include "unitbrowser.h"

#include <QTabWidget>

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

int main(int argc, char *argv[])
{
    jw::Application app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("jwfleet"));
    QApplication::setApplicationDisplayName(QStringLiteral("jwfleet"));
    QApplication::setOrganizationName(QStringLiteral("jwfleet"));
    QApplication::setApplicationVersion(QStringLiteral(JW_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/jwfleet.svg")));

    // The language of Edit › Preferences, or the system's.
    if (!jw::preferences::language().isEmpty())
        QLocale::setDefault(jw::preferences::uiLocale());
    QTranslator qtTr, appTr;
    if (qtTr.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTr);
    if (appTr.load(QLocale(), QStringLiteral("jwfleet"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")))
        QApplication::installTranslator(&appTr);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Fleet builder, unit cards and game table "
                                                    "for Jovian Wars."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption data(QStringLiteral("data"),
                                  QStringLiteral("Read the faction files from DIR."),
                                  QStringLiteral("DIR"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save a picture of the window to FILE "
                                                       "and quit (for documentation and checks)."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption unit(QStringLiteral("unit"),
                                  QStringLiteral("Select unit ID at start."), QStringLiteral("ID"));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QStringLiteral("Start on tab NAME: fleet, units, table or campaign."),
        QStringLiteral("NAME"));
    const QCommandLineOption themeOpt(QStringLiteral("theme"),
                                      QStringLiteral("Use theme NAME: system, light or dark."),
                                      QStringLiteral("NAME"));
    const QCommandLineOption dbOpt(
        QStringLiteral("db"),
        QStringLiteral("Open the campaign of URL on the Campaign tab: an SQLite file "
                       "(PATH or sqlite:///PATH) or postgresql://user:password@host:port/db."),
        QStringLiteral("URL"));
    parser.addOptions({data, screenshot, unit, tab, themeOpt, dbOpt});
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("A fleet file (.jwfleet) to open, or a saved game (.jwgame) to open on the "
                       "game table."),
        QStringLiteral("[FILE]"));
    parser.process(app);

    if (parser.isSet(themeOpt))
        jw::theme::apply(parser.value(themeOpt));
    else
        jw::theme::applySaved();

    jw::UnitDatabase db = parser.isSet(data) ? jw::UnitDatabase::loadDirectory(parser.value(data))
                                             : jw::UnitDatabase::loadShipped();
    jw::MainWindow window(std::move(db));
    // The values the user entered from printed cards, over the shipped data
    // (not over --data, which is shown as it is).
    if (!parser.isSet(data))
        window.setUserDataFile(jw::preferences::userDataFile()); // the Preferences' data folder
    // A file to open (the desktop entry passes the one double-clicked): a saved
    // game goes on the table once the window shows (it may ask about an
    // unfinished game), anything else is a fleet.
    const QString toOpen
        = parser.positionalArguments().isEmpty() ? QString() : parser.positionalArguments().first();
    const bool isGame
        = toOpen.endsWith(QLatin1Char('.') + jw::GameFile::kSuffix, Qt::CaseInsensitive);
    if (!toOpen.isEmpty() && !isGame)
        window.openFleet(toOpen);
    if (parser.isSet(unit)) {
        window.unitBrowser()->selectUnit(parser.value(unit));
        window.fleetBuilder()->catalogue()->selectUnit(parser.value(unit));
    }
    if (parser.value(tab) == QLatin1String("units"))
        window.tabs()->setCurrentWidget(window.unitBrowser());
    if (parser.value(tab) == QLatin1String("table"))
        window.tabs()->setCurrentWidget(window.gameTable()->tab());
    if (parser.isSet(dbOpt))
        window.showCampaign(parser.value(dbOpt));
    else if (parser.value(tab) == QLatin1String("campaign"))
        window.showCampaign();
    window.show();
    if (isGame)
        QTimer::singleShot(0, &window,
                           [&window, toOpen] { window.gameTable()->openGameFile(toOpen); });

    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        QTimer::singleShot(300, &window, [&window, file] {
            const bool ok = window.grab().save(file);
            QApplication::exit(ok ? 0 : 1);
        });
        return app.exec();
    }
    QTimer::singleShot(0, &window, &jw::MainWindow::reportDataIssues);
    return app.exec();
}
