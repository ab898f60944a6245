// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/maskedview.h"
#include "net/netsession.h"

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace jw::net {

// A masked game resumed (docs/network.md, "Masked games": a drop, and another day): what a
// side's session holds, rebuilt from its game (kept when the connection dropped, or its saved
// game) up to the last agreed command.
struct MaskedResume
{
    std::unique_ptr<Game> game; // on the masked setup, the cards revealed so far filled in
    std::optional<MaskedView> view; // our masked game
    std::optional<MaskedView> model; // our model of the peer's
    ModelSecrets secrets; // ours (the seals of the commands kept)
    MaskedRecord record; // the commitments, and what was revealed up to `commands`
    std::vector<QString> peerCommitments; // by model id (ours empty)
    std::vector<std::pair<int, Command>> peerSealedReal; // the peer's sealed Embarks revealed
};

// `saved` (a masked game of `full`, played by `side`: its record, its secrets) cut to its
// first `commands` commands: both masked games replayed from the start with the reveals of
// the record (each checked against its commitment: the cards of the peer's models from the
// saved game's setup, ours from `full` and our nonces), what was revealed with a later command
// forgotten (it is revealed again with that command). nullopt, with why, when the saved game
// lacks this side's secrets, they are not those of its commitments, or it does not replay.
[[nodiscard]] std::optional<MaskedResume> restoreMaskedGame(const GameSetup &full, int side,
                                                            const Game &saved, int commands,
                                                            ExchangeDice &dice, DataText *why);

// Whether `game` is a masked game saved before its end (its record, its setup the masked one).
[[nodiscard]] bool isMaskedUnderWay(const Game &game);
// Whether `game` is a masked game over on its side whose end the other side had not agreed on
// when it was saved (it keeps this side's secrets, masked_secrets, until then): it resumes
// masked too, going back to the other side's count when that side is behind.
[[nodiscard]] bool isMaskedEndNotAgreed(const Game &game);

} // namespace jw::net
