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

// The club server's third party of a masked game resumed (docs/network.md, "Masked games
// through the club server": a drop, a restart): its game on the setup where both sides' hidden
// models are stand-ins, filled in as their owners revealed them, rebuilt from its own game
// (`saved`: the third party's masked game, or the whole game once over; its record, no
// secrets) cut to its first `commands` commands (-1: all). Both sides' reveals of the record
// with those commands are taken again, each checked against its commitment, the cards from the
// saved game's setup; what a later command revealed is forgotten (it is revealed again with
// that command). No hidden card is needed: only those the record says were revealed. nullopt,
// with why, when the saved game has no record or does not replay from it.
struct ThirdPartyResume
{
    std::unique_ptr<Game> game;
    std::optional<MaskedView> third; // MaskedView::opponentModel: both sides' models masked
    MaskedRecord record; // the commitments, and what was revealed up to `commands`
    std::vector<std::pair<int, Command>> sealedReal; // the sealed Embarks revealed by then
};
[[nodiscard]] std::optional<ThirdPartyResume>
restoreThirdPartyGame(const Game &saved, int commands, ExchangeDice &dice, DataText *why);

// The setup a masked game's third party starts from: both sides' hidden models stand-ins
// (MaskedView::maskedSetup for each side in turn). The same from the whole setup, a player's
// masked one or the third party's saved game (its revealed cards masked again).
[[nodiscard]] GameSetup thirdPartySetup(const GameSetup &setup);

// The pieces of a masked game both peers and the club server play alike (docs/network.md,
// "Masked games"; the club server referees one as a third party that holds neither side's
// hidden cards).

// The reveals that came with command `index` added to `record`: a model once (its first
// reveal), a sealed Embark's nonce once revealed; kept in (command, model) order.
void recordMaskedReveals(MaskedRecord &record, int index, const std::vector<HiddenReveal> &reveals,
                         const std::vector<SealedReveal> &sealed);

// `masked` (a masked game) built again on `given` (its setup, the cards revealed so far filled
// in) with its history replayed, the sealed Embarks revealed so far (`sealedReal`: command
// index, the real command) as those commands; its exchanges, open exchange, sealed choices,
// record and secrets kept. nullptr, with why, when the history does not replay.
[[nodiscard]] std::unique_ptr<Game>
rebuildMaskedGame(const GameSetup &given, const Game &masked,
                  const std::vector<std::pair<int, Command>> &sealedReal, ExchangeDice &dice,
                  DataText *why);

// A masked game over (every model revealed): the whole game, replayed from `agreed` with the
// history of `masked` (the sealed Embarks as the commands they revealed), its exchanges, sealed
// choices and `record`. nullptr, with why (English), when it does not replay or does not end
// in the masked game's state; `whyText` (may be null): the same typed, to show.
[[nodiscard]] std::unique_ptr<Game>
wholeMaskedGame(const GameSetup &agreed, const Game &masked,
                const std::vector<std::pair<int, Command>> &sealedReal, const MaskedRecord &record,
                ExchangeDice &dice, QString *why, DataText *whyText = nullptr);

// Whether `player`'s fleet in `setup` has stand-ins (MaskedView::maskedSetup: a program given
// the other side's hidden models as stand-ins, as a club server sends a masked game's setup).
[[nodiscard]] bool hasStandIns(const GameSetup &setup, int player);

// The state hash of a masked game not over: over the third party's view (thirdPartyJson,
// compact), as both players and the club server take it.
[[nodiscard]] QByteArray maskedStateHash(const Engine &engine, const GameState &state,
                                         const std::vector<QString> &commitments);

// Whether `game` is a masked game saved before its end (its record, its setup the masked one).
[[nodiscard]] bool isMaskedUnderWay(const Game &game);
// Whether `game` is a masked game over on its side whose end the other side had not agreed on
// when it was saved (it keeps this side's secrets, masked_secrets, until then): it resumes
// masked too, going back to the other side's count when that side is behind.
[[nodiscard]] bool isMaskedEndNotAgreed(const Game &game);

} // namespace jw::net
