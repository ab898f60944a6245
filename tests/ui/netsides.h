// SPDX-License-Identifier: GPL-3.0-or-later
// What the GUI's network tests share (tst_netgui, tst_clubgui): one player's computer as a
// main window with its game table, and a one-unit fleet.
#pragma once

#include "tabletestutil.h"

#include "fleet/fleet.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "table/netgame.h"
#include "table/nettable.h"

#include <QLabel>
#include <QMainWindow>
#include <QTabWidget>

namespace jwtest {

// One player's computer: a main window with its game table.
struct NetSide
{
    QMainWindow window;
    QTabWidget *tabs = new QTabWidget;
    jw::GameTable *table = nullptr;
    NetSide()
    {
        window.setCentralWidget(tabs);
        table = new jw::GameTable(&window, tabs, jw::test::db(), {});
        table->controller()->setAutosaveEnabled(false);
        window.resize(1280, 720);
    }
    [[nodiscard]] jw::NetGame *net() const { return table->network()->net(); }
    [[nodiscard]] jw::GameController *controller() const { return table->controller(); }
    [[nodiscard]] jw::GameWindow *game() const { return table->gameWindow(); }
    [[nodiscard]] QString banner() const { return table->network()->bannerText()->text(); }
    // The joiner accepts the host's game as soon as it is offered (as its player's Accept
    // Game does).
    void autoAccept()
    {
        QObject::connect(
            net(), &jw::NetGame::changed, net(),
            [this] {
                if (net()->stage() == jw::NetGame::Stage::Offered)
                    net()->acceptOffer();
            },
            Qt::QueuedConnection);
    }
    // The turn lock: the panel that says the other player is to act.
    [[nodiscard]] bool locked() const { return game()->computerPanel()->isVisible(); }
};

// A fleet of one `unit` of `faction`, 250 points.
inline jw::Fleet fleetOf(const QString &faction, const QString &unit)
{
    jw::Fleet f;
    f.faction = faction;
    f.points = 250;
    f.entries = {jw::FleetEntry {unit, QString(), {}}};
    return f;
}

} // namespace jwtest
