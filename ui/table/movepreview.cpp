// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/movepreview.h"

#include "engine/game.h"

namespace jw {

MovePreview previewMove(const Engine &engine, const GameState &state,
                        const std::optional<Command> &planned)
{
    MovePreview out;
    out.limits = engine.moveLimits(state);
    if (out.limits && planned) {
        CounterDiceSource none(0, 0);
        const ApplyResult a = engine.apply(state, *planned, none);
        if (!a.ok())
            out.refusal = a.rejection;
    }
    return out;
}

} // namespace jw
