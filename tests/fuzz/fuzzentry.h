// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace jw::fuzz {

// What one input did to a loader, as the CLI would see it.
struct Outcome
{
    bool accepted = false; // read (and played, for scripts) without an error
    QString error; // the error text the CLI would print when refused
    // A promise the loader broke on an accepted input (a written file that
    // does not read back, a saved game that does not load): a finding.
    QString broken;
    // What the CLI would write next from an accepted input (play --save's game,
    // campaign export's other format): seeds for the target that reads it.
    QByteArray written;
};

// The loaders the fuzzers drive, by target name ("faction", "fleet", ...).
[[nodiscard]] QStringList targets();
// The name the input is given in messages; a refused input's error must start
// with it (a located error).
[[nodiscard]] QString displayName(const QString &target);
// Feeds `bytes` through the same entry points the CLI uses for `target` (and,
// when they accept it, what the CLI does next: validate a fleet, play a
// script's first commands, import a saved game as a battle, ...). Never reads
// anything but the shipped data and the sample fleets.
[[nodiscard]] Outcome run(const QString &target, const QByteArray &bytes);

// The longest script a fuzz input plays (commands and default answers), so
// that one input stays well under a second.
inline constexpr int kMaxScriptSteps = 64;

} // namespace jw::fuzz
