// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the table's UI tests share: the shipped unit database, screenshots when
// JW_SCREENSHOT_DIR is set, and a duel of two ships in the Activation Phase.
#include "../engine/samplefleets.h"

#include "engine/gamesetup.h"

#include <QCoreApplication>
#include <QString>
#include <QWidget>

namespace jw::test {

// The offscreen platform warns each time a top-level window's size limits change ("This
// plugin does not support propagateSizeHints()"): dozens of lines a test that hid a
// failure's own lines in CI's shortened log. Call from initTestCase (after QtTest installed
// its handler, which the rest goes to).
inline void quietOffscreenWarnings()
{
    static QtMessageHandler previous = nullptr;
    previous = qInstallMessageHandler(
        [](QtMsgType type, const QMessageLogContext &context, const QString &message) {
            if (type == QtWarningMsg
                && message.startsWith(QLatin1String("This plugin does not support")))
                return;
            if (previous)
                previous(type, context, message);
        });
}

inline void shot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

// One side of a duel: its fleet of one unit (named `name` when not empty) at (x, y).
struct DuelSide
{
    QString player;
    QString faction;
    QString unit;
    double x = 24;
    double y = 32;
    double facing = 0;
    QString name = {};
};

// By default the Alexander (Dave, Initiative) facing the Shan-Yu (Eve) 14" away.
inline GameSetup
duelSetup(const DuelSide &first = {QStringLiteral("Dave"), QStringLiteral("jovian"),
                                   QStringLiteral("alexander"), 24, 32, 0},
          const DuelSide &second = {QStringLiteral("Eve"), QStringLiteral("venusian"),
                                    QStringLiteral("shan-yu"), 24, 18, 180},
          int initiative = 0, std::uint64_t seed = 7)
{
    GameSetup s;
    s.rules = QStringLiteral("v1.2.2");
    const DuelSide *sides[] = {&first, &second};
    for (int p = 0; p < 2; ++p) {
        const DuelSide &d = *sides[p];
        s.players[std::size_t(p)].name = d.player;
        s.players[std::size_t(p)].fleet.faction = d.faction;
        s.players[std::size_t(p)].fleet.points = 250;
        s.players[std::size_t(p)].fleet.entries = {FleetEntry {d.unit, d.name, {}}};
        ModelStart m;
        m.player = p;
        m.x = d.x;
        m.y = d.y;
        m.facing = d.facing;
        s.starts.push_back(m);
    }
    s.initiative = initiative;
    s.seed = seed;
    s.startPhase = QStringLiteral("activation");
    if (const auto e = GameSetup::fillUnits(s, db()))
        qFatal("%s", qPrintable(*e));
    return s;
}

} // namespace jw::test
