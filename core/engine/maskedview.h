// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "engine/game.h"
#include "units/datatext.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace jw {

class DiceSource;

// v1.2.4 secret information played without showing it (issue 19, docs/network.md "v1.2.4
// secret information"): a player's engine runs a game in which the other side's hidden
// models (Engine::isHidden) are known only as commitments, and stays in step with the owner,
// who reveals a model's card when the rules make it public.

// A hidden model's card, as it is committed to and revealed: the fleet entry (unit,
// name, upgrades) and the unit card, {"entry": {...}, "unit": unitToJson}. Its compact JSON
// (QJsonObject sorts its keys) is the canonical text the commitment hashes.
[[nodiscard]] QJsonObject hiddenEntryJson(const GameSetup &setup, int player, int entry);
// SHA-256 of the nonce followed by the entry's compact JSON, in hexadecimal.
[[nodiscard]] QString hiddenCommitment(const QByteArray &nonce, const QJsonObject &entry);

// The stand-in unit card a hidden model plays with in a masked game (isStandInUnit,
// modelstate.h): only what the order of deployment makes public, a model that deploys in the
// Capital Ships' step or in the Squadrons' step (an Escort Capital Ship). No weapon, no
// trait, no points.
[[nodiscard]] Unit standInUnit(bool deploysAsSquadron);

// Whether `model` is kept from `viewer` (0 or 1; -1: nobody): a stand-in of a masked game (its
// card is not known here), or a model the rules keep secret from the viewer (Engine::isHidden,
// v1.2.4 secret information). What a screen shows as a hidden model.
[[nodiscard]] bool isKeptFrom(const Engine &engine, const GameState &state, int model, int viewer);

// One player's secrets: a nonce per model of its fleet (model ids of the game).
class ModelSecrets
{
public:
    ModelSecrets() = default;
    // Fresh nonces (32 bytes of QRandomGenerator::system()) for `player`'s models.
    static ModelSecrets generate(const GameSetup &setup, int player);

    [[nodiscard]] int player() const { return m_player; }
    [[nodiscard]] QByteArray nonce(int model) const;
    // The commitments of the player's models, by model id (empty for the other player's).
    [[nodiscard]] std::vector<QString> commitments(const GameSetup &setup) const;
    // Seals command `index` (an Embark kept secret): its nonce, fresh the first time. The
    // owner keeps the command to reveal it (sealed()).
    [[nodiscard]] QByteArray seal(int index, const Command &command);
    [[nodiscard]] std::optional<std::pair<QByteArray, Command>> sealed(int index) const;
    // As a saved game keeps them (Game::maskedSecrets), and back: nullopt when `saved` is not
    // `player`'s secrets of `setup` (another player, another count of models).
    [[nodiscard]] MaskedSecrets saved() const;
    [[nodiscard]] static std::optional<ModelSecrets> restore(const GameSetup &setup,
                                                             const MaskedSecrets &saved);

private:
    friend class MaskedView; // opponentModel(): the other player's, without nonces
    int m_player = 0;
    int m_firstModel = 0;
    std::vector<QByteArray> m_nonces;
    struct Seal
    {
        int index = -1;
        QByteArray nonce;
        Command command;
    };
    std::vector<Seal> m_seals;
};

// The owner's reveal of one hidden model: its nonce and entry (hiddenEntryJson).
struct HiddenReveal
{
    int model = -1;
    QByteArray nonce;
    QJsonObject entry;
};

// The reveal of a sealed command (an Embark kept secret): the command's index, its nonce and
// the command itself (GameFile::sealedChoiceHash fixes it).
struct SealedReveal
{
    int command = -1;
    QByteArray nonce;
    Command sealed;
};

// What the viewer gets for one command of the game: the command as it applies it (a sealed
// Embark: EmbarkCommand with carrier kSealedCarrier, modelstate.h, and the commitment), its dice,
// and the reveals its owner sends with it (applied before it).
struct MaskedMove
{
    Command command;
    std::vector<int> dice;
    std::vector<HiddenReveal> reveals;
    std::vector<SealedReveal> sealedReveals;
    QByteArray sealedHash; // a sealed command: its commitment; empty otherwise
    bool revealedAll = false; // the fallback: every hidden model revealed (see prepare())
    // For the log: which public outcome needed it (english() is the sentence of before).
    DataText revealedAllWhy;
};

// The state as a third party sees it, the state the network's state hash is taken over:
// stateToJson of the whole state, each model hidden from its opponent (Engine::isHidden) as
// {id, owner, hidden: true, commitment}, and no Victory Points while a model is hidden (they
// count the hidden models' secret points). `commitments`: by model id.
[[nodiscard]] QJsonObject thirdPartyJson(const Engine &engine, const GameState &state,
                                         const std::vector<QString> &commitments);

// One player's game when the other's hidden models are commitments.
class MaskedView
{
public:
    // The setup as `viewer` is given it: the other player's fleet entries replaced by
    // stand-ins (isStandInUnit), their units left out unless the viewer's own fleet uses them.
    [[nodiscard]] static GameSetup maskedSetup(const GameSetup &full, int viewer);

    // `setup`: maskedSetup(); `mine`: the viewer's own secrets; `theirs`: the commitments of
    // the other player's models (by model id).
    MaskedView(const GameSetup &setup, const ModelSecrets &mine, std::vector<QString> theirs);

    [[nodiscard]] int viewer() const { return m_viewer; }
    [[nodiscard]] const Engine &engine() const { return m_engine; }
    [[nodiscard]] const GameSetup &setup() const { return m_engine.setup(); }
    // The setup as given, the revealed cards filled in (a Game is built on it: setup() is
    // the engine's, terrain added).
    [[nodiscard]] const GameSetup &givenSetup() const { return m_setup; }
    [[nodiscard]] const GameState &state() const { return m_state; }
    // Whether the other player's `model` is known (revealed to the viewer) yet.
    [[nodiscard]] bool known(int model) const;
    [[nodiscard]] std::vector<QString> commitments() const { return m_commitments; }
    [[nodiscard]] QJsonObject thirdParty() const
    {
        return thirdPartyJson(m_engine, m_state, m_commitments);
    }
    // What the viewer's program shows and holds, as JSON: the state as the viewer sees it
    // (stateToJson for the viewer, a hidden model {id, owner, hidden, commitment}), the unit
    // cards of its setup and the fleets (a hidden entry {hidden: true}). A hidden model's
    // card is in it only once revealed.
    [[nodiscard]] QJsonObject viewJson() const;

    // The owner's model of its opponent's game, for prepare() between two computers, where
    // neither side has the whole game (docs/network.md, "v1.2.4 secret information"): the
    // viewer (1 - owner)'s game as the owner can know it, built on the owner's setup
    // (`ownerSetup`: maskedSetup(full, owner)) with the owner's models masked too. The
    // viewer's own hidden models are stand-ins in it as well; reveal() takes either player's
    // models (the viewer's as the viewer reveals them to the owner). `commitments`: both
    // players', by model id.
    [[nodiscard]] static MaskedView opponentModel(const GameSetup &ownerSetup, int owner,
                                                  std::vector<QString> commitments);
    [[nodiscard]] bool isOpponentModel() const { return m_opponentModel; }

    // Each of the functions below says why it refused in English (the sentence of before:
    // logs, the CLI, the club server's log) and its ...Text() twin the same typed, to show in
    // the user's language (DataText, "jw::Data"; an engine's refusal inside it is the engine's
    // typed sentence, messageText(), its rule English).

    // The first state, from the game's dice (the same as the full game's).
    [[nodiscard]] std::optional<QString> start(DiceSource &dice);
    [[nodiscard]] std::optional<DataText> startText(DiceSource &dice);

    // Applies one command: the reveals first (each checked against its commitment), then the
    // command with its dice. A reveal that does not match, or a command refused: the sentence
    // why, and nothing changes.
    [[nodiscard]] std::optional<QString> apply(const MaskedMove &move);
    [[nodiscard]] std::optional<DataText> applyText(const MaskedMove &move);
    // Checks and fills one hidden model (or a sealed command); nothing changes when refused.
    [[nodiscard]] std::optional<QString> reveal(const HiddenReveal &r);
    [[nodiscard]] std::optional<QString> reveal(const SealedReveal &r);
    [[nodiscard]] std::optional<DataText> revealText(const HiddenReveal &r);
    [[nodiscard]] std::optional<DataText> revealText(const SealedReveal &r);
    // The reveals of `move` (hidden models, then sealed commands) without its command: each
    // checked; when one is refused, the sentence why and nothing changes. Between two
    // computers the other side's reveals for a command come before it is applied.
    [[nodiscard]] std::optional<QString> applyReveals(const MaskedMove &move);
    [[nodiscard]] std::optional<DataText> applyRevealsText(const MaskedMove &move);

    // The owner's side: what to send the viewer of `view` for command `index`, `command`
    // (applied to `before` with the full engine, giving `after`, drawing the faces `drawn`
    // from its dice source, as Game records them), the owner `owner` being the
    // viewer's opponent. The reveals the rules call for: the hidden models the command names
    // or brings onto the table, those it changes, every one at the end of the game. An
    // Embark of a hidden model in the Deployment Phase is sealed. If the viewer's third-party
    // view would still differ from the owner's (a hidden model weighing on a public outcome,
    // e.g. the Victory Points of an objective), every hidden model of the owner is revealed
    // (revealedAll).
    // The owner's reveals that go with `command` itself, before its dice (between two
    // computers the viewer judges the command with them): the hidden models it names, with
    // their sealed commands; `except`: a model whose Embark is sealed by it (-1: none).
    [[nodiscard]] static std::vector<HiddenReveal>
    namedReveals(const MaskedView &view, const GameSetup &ownerSetup, const GameState &before,
                 const Command &command, const ModelSecrets &owner, int except,
                 std::vector<SealedReveal> *sealed);

    [[nodiscard]] static MaskedMove prepare(const MaskedView &view, const Engine &full,
                                            const GameState &before, const ApplyResult &after,
                                            const std::vector<int> &drawn, const Command &command,
                                            int index, ModelSecrets &owner,
                                            const std::vector<QString> &allCommitments);

private:
    void rebuildEngine();

    int m_viewer = 0;
    bool m_opponentModel = false; // opponentModel(): the viewer's own models masked too
    ModelSecrets m_mine;
    std::vector<QString> m_commitments; // both players', by model id
    std::vector<bool> m_known; // by model id: the viewer knows its card
    struct Sealed
    {
        int command = -1;
        int model = -1;
        QByteArray hash;
    };
    std::vector<Sealed> m_sealed; // sealed commands not yet revealed
    GameSetup m_setup; // as given, the cards revealed filled in (the engine adds terrain)
    Engine m_engine;
    GameState m_state;
};

} // namespace jw
