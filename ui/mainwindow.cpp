#include "mainwindow.h"

#include "unitbrowser.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace jw {

MainWindow::MainWindow(UnitDatabase db, QWidget *parent)
    : QMainWindow(parent)
    , m_db(std::move(db))
    , m_browser(new UnitBrowser(this))
{
    setWindowTitle(tr("jwfleet – Jovian Wars"));
    setObjectName(QStringLiteral("mainWindow"));
    setCentralWidget(m_browser);
    m_browser->setDatabase(&m_db);
    createActions();

    int provisional = 0;
    for (const Unit &u : m_db.units())
        provisional += u.provisional ? 1 : 0;
    statusBar()->showMessage(tr("%1 factions, %2 units (%3 provisional) · rules %4")
                                 .arg(m_db.factions().size())
                                 .arg(m_db.units().size())
                                 .arg(provisional)
                                 .arg(QStringLiteral(JW_RULES_VERSION)));

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1100, 720);
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *find = edit->addAction(tr("&Find Unit…"), m_browser, &UnitBrowser::focusSearch);
    find->setShortcut(QKeySequence::Find);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *full = view->addAction(tr("&Full Screen"));
    full->setShortcut(QKeySequence::FullScreen);
    full->setCheckable(true);
    connect(full, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? windowState() | Qt::WindowFullScreen
                          : windowState() & ~Qt::WindowFullScreen);
    });
    view->addAction(tr("Unit &Data Problems…"), this, [this] {
        if (m_db.issues().empty())
            QMessageBox::information(this, tr("Unit data"), tr("The unit data has no problems."));
        else
            reportDataIssues();
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *aboutAct = help->addAction(tr("&About jwfleet"), this, &MainWindow::about);
    aboutAct->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::reportDataIssues()
{
    if (m_db.issues().empty())
        return;
    QStringList lines;
    for (const DataIssue &i : m_db.issues())
        lines << i.toString();
    QMessageBox box(QMessageBox::Warning, tr("Problems in the unit data"),
                    m_db.hasErrors()
                        ? tr("Some faction files have errors and were not loaded. Fix them and "
                             "restart, or check them with 'jwfleet-cli check-data'.")
                        : tr("The unit data has warnings."),
                    QMessageBox::Ok, this);
    box.setDetailedText(lines.join(QLatin1Char('\n')));
    box.exec();
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About jwfleet"),
        tr("<h3>jwfleet %1</h3>"
           "<p>Fleet builder, unit cards and game table for <i>Jovian Wars</i>.</p>"
           "<p>Rules version: <b>%2</b> (the default profile; v1.2.3 and v1.2.4 are "
           "available as rules profiles).</p>"
           "<p>Units marked <i>provisional</i> carry values of our own where the rules give "
           "none; replace them with the printed cards' values.</p>"
           "<p>Built with Qt %3.</p>")
            .arg(QStringLiteral(JW_VERSION), QStringLiteral(JW_RULES_VERSION),
                 QString::fromLatin1(qVersion())));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    event->accept();
}

} // namespace jw
