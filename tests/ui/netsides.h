// SPDX-License-Identifier: GPL-3.0-or-later
// What the GUI's network tests share (tst_netgui, tst_clubgui): one player's computer as a
// main window with its game table, a one-unit fleet, and what a masked game's table may not
// show (leaksOn).
#pragma once

#include "tabletestutil.h"

#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/maskedview.h"
#include "fleet/fleet.h"
#include "print/cardview.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "table/netgame.h"
#include "table/nettable.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QGraphicsItem>
#include <QGraphicsView>
#include <QJsonDocument>
#include <QLabel>
#include <QMainWindow>
#include <QTabWidget>

#include <functional>

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

// The other side's cards `side` (0 or 1) may not know yet in `game` (the table's: its model
// still a stand-in), as names and unit ids, that no card it knows shares (its own, or one
// revealed). `full`: the whole setup.
inline QStringList secretWords(const jw::GameSetup &full, const jw::Game &game, int side)
{
    QStringList known;
    QStringList secret;
    for (const jw::ModelState &m : game.state().models) {
        if (m.terrain >= 0)
            continue;
        const jw::FleetEntry &e
            = full.players[std::size_t(m.owner)].fleet.entries[std::size_t(m.entry)];
        const jw::Unit *u = full.unit(e.unitId);
        const QStringList words {e.unitId, u ? u->name : e.unitId};
        if (!e.name.isEmpty() && m.owner != side && jw::isStandInUnit(m.unitId))
            secret << e.name;
        (jw::isStandInUnit(m.unitId) ? secret : known) << words;
    }
    QStringList out;
    for (const QString &w : secret)
        if (!known.contains(w))
            out << w;
    return out;
}

// What a window shows in words: its labels and buttons, every row of its lists, trees and
// tables (text and tooltip), and the tooltips of its table's items.
inline QStringList shownTexts(QWidget *root)
{
    QStringList out;
    for (QLabel *l : root->findChildren<QLabel *>())
        out << l->text() << l->toolTip();
    for (QAbstractButton *b : root->findChildren<QAbstractButton *>())
        out << b->text() << b->toolTip();
    std::function<void(const QAbstractItemModel *, const QModelIndex &)> walk;
    walk = [&](const QAbstractItemModel *m, const QModelIndex &parent) {
        for (int r = 0; r < m->rowCount(parent); ++r)
            for (int c = 0; c < m->columnCount(parent); ++c) {
                const QModelIndex i = m->index(r, c, parent);
                out << i.data(Qt::DisplayRole).toString() << i.data(Qt::ToolTipRole).toString();
                walk(m, i);
            }
    };
    for (QAbstractItemView *v : root->findChildren<QAbstractItemView *>())
        if (v->model())
            walk(v->model(), {});
    for (QGraphicsView *v : root->findChildren<QGraphicsView *>())
        if (v->scene())
            for (QGraphicsItem *i : v->scene()->items())
                out << i->toolTip();
    return out;
}

// What of the other side's cards `side`'s table may not know yet (secretWords) its game,
// saved game or anything it shows names (labels, lists, the log, the fleets, each of the
// other side's cards selected as a click on it does, the table's tooltips): one line each.
// `withSecrets` counts the tables with a card to hide.
inline QStringList leaksOn(NetSide &side, const jw::GameSetup &full, const QString &when,
                           int *withSecrets)
{
    QStringList leaks;
    const jw::Game &g = *side.controller()->game();
    const int me = side.net()->side();
    const QStringList words = secretWords(full, g, me);
    *withSecrets += words.isEmpty() ? 0 : 1;
    QStringList texts = shownTexts(&side.window);
    for (const jw::ModelState &m : g.state().models)
        if (m.owner != me && m.terrain < 0) {
            side.game()->selectModel(m.id);
            if (const jw::Unit *u = side.game()->cardView()->unit())
                texts << u->id << u->name << side.game()->cardView()->options().modelName;
        }
    texts << shownTexts(&side.window);
    const QByteArray saved = jw::GameFile::serialize(g, std::nullopt);
    const QByteArray state
        = QJsonDocument(jw::stateToJson(g.engine(), g.state())).toJson(QJsonDocument::Compact);
    for (const QString &w : words) {
        if (saved.contains(w.toUtf8()) || state.contains(w.toUtf8()))
            leaks << QStringLiteral("%1, side %2: %3 in its game").arg(when).arg(me).arg(w);
        for (const QString &t : texts)
            if (t.contains(w))
                leaks << QStringLiteral("%1, side %2: %3 shown: %4")
                             .arg(when)
                             .arg(me)
                             .arg(w, t.left(120));
    }
    return leaks;
}

} // namespace jwtest
