// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicesource.h"

#include <vector>

namespace jw {

// The dice of another source passed through, each face kept (the faces a command drew, as a
// game's record holds them).
class RecordingDiceSource final : public DiceSource
{
public:
    explicit RecordingDiceSource(DiceSource &source)
        : m_source(source)
    { }
    int rollD6() override
    {
        const int f = m_source.rollD6();
        drawn.push_back(f);
        return f;
    }
    std::vector<int> drawn;

private:
    DiceSource &m_source;
};

} // namespace jw
