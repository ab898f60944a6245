// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/helpmenu.h"

#include "help/gettingstarted.h"
#include "help/preferences.h"
#include "help/rulesreference.h"
#include "help/shortcutsdialog.h"

#include <QAction>
#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>
#include <QPointer>

namespace jw::help {

void addHelpActions(QMenu *help, QMainWindow *window)
{
    QAction *rules
        = help->addAction(QCoreApplication::translate("jw::HelpMenu", "&Rules Reference"), window,
                          [] { RulesReference::open(QString()); });
    rules->setObjectName(QStringLiteral("helpRulesReference"));
    rules->setShortcut(QKeySequence::HelpContents);
    rules->setStatusTip(QCoreApplication::translate(
        "jw::HelpMenu", "The rules texts, searchable, with jwfleet's house rulings"));
    QAction *guide = help->addAction(
        QCoreApplication::translate("jw::HelpMenu", "&Getting Started"), window, [window] {
            static QPointer<GettingStarted> open;
            if (!open) {
                open = new GettingStarted(window);
                open->setAttribute(Qt::WA_DeleteOnClose);
                // Over the main window, not wherever the window manager puts it.
                open->resize(open->size().boundedTo(window->size() - QSize(40, 40)));
                open->move(window->geometry().center() - open->rect().center());
            }
            open->show();
            open->raise();
            open->activateWindow();
        });
    guide->setObjectName(QStringLiteral("helpGettingStarted"));
    QAction *keys = help->addAction(
        QCoreApplication::translate("jw::HelpMenu", "&Keyboard Shortcuts"), window, [window] {
            ShortcutsDialog d(window, window);
            d.exec();
        });
    keys->setObjectName(QStringLiteral("helpShortcuts"));
    help->addSeparator();
}

QAction *addPreferencesAction(QMenu *menu, QMainWindow *window, std::function<void()> applied)
{
    QAction *prefs = menu->addAction(QCoreApplication::translate("jw::HelpMenu", "&Preferences…"),
                                     window, [window, applied] {
                                         PreferencesDialog d(window);
                                         if (d.exec() == QDialog::Accepted && applied)
                                             applied();
                                     });
    prefs->setObjectName(QStringLiteral("editPreferences"));
    prefs->setMenuRole(QAction::PreferencesRole);
    prefs->setShortcut(QKeySequence::Preferences);
    return prefs;
}

} // namespace jw::help
