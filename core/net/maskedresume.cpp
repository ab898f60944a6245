// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/maskedresume.h"

#include "engine/gamejson.h"
#include "engine/messagetext.h"

#include <QCryptographicHash>
#include <QJsonDocument>

#include <algorithm>

namespace jw::net {

void recordMaskedReveals(MaskedRecord &record, int index, const std::vector<HiddenReveal> &reveals,
                         const std::vector<SealedReveal> &sealed)
{
    for (const HiddenReveal &r : reveals)
        if (std::none_of(record.reveals.begin(), record.reveals.end(),
                         [&](const MaskedRecord::Reveal &x) { return x.model == r.model; }))
            record.reveals.push_back(MaskedRecord::Reveal {index, r.model, r.nonce});
    for (const SealedReveal &r : sealed)
        for (MaskedRecord::Sealed &x : record.sealed)
            if (x.command == r.command)
                x.nonce = r.nonce;
    std::sort(record.reveals.begin(), record.reveals.end(),
              [](const MaskedRecord::Reveal &x, const MaskedRecord::Reveal &y) {
                  return std::pair(x.command, x.model) < std::pair(y.command, y.model);
              });
}

namespace {

// An engine's refusal, typed: its rule stays English (a heading of the rules text), its
// sentence is the engine's (Rejection::toString() in English).
DataText rejectionText(const Rejection &r)
{
    return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {r.rule, messageText(r.why)});
}

// Game::replay's refusal, typed when it can be (its English otherwise).
DataText replayText(const QString &english, const DataText &typed)
{
    return typed.isEmpty() ? DataText(english) : typed;
}

// The start's exchange of a network game (command -1), or null.
const DiceExchange *startExchange(const Game &game)
{
    for (const DiceExchange &x : game.diceExchanges())
        if (x.command < 0)
            return &x;
    return nullptr;
}

std::vector<GameRecordEntry> realHistory(const Game &masked,
                                         const std::vector<std::pair<int, Command>> &sealedReal)
{
    std::vector<GameRecordEntry> history = masked.history();
    for (const auto &[i, c] : sealedReal)
        if (i >= 0 && i < int(history.size()))
            history[std::size_t(i)].command = c;
    return history;
}

// The model the Embark that is command `command` of `history` embarks (a sealed Embark of the
// record), or -1.
int sealedModelOf(const std::vector<GameRecordEntry> &history, int command)
{
    if (command < 0 || command >= int(history.size()))
        return -1;
    const auto *e = std::get_if<EmbarkCommand>(&history[std::size_t(command)].command);
    return e ? e->model : -1;
}

// A masked game's record cut to its first `n` commands: the reveals made with them (a later
// command's are forgotten: that command reveals them again), and their sealed Embarks, each
// one's nonce kept only when its model was revealed by then. nullopt, with `detail`, when the
// record names a model (`models` in all) or a sealed Embark that the game does not have.
std::optional<MaskedRecord> cutRecord(const MaskedRecord &rec,
                                      const std::vector<GameRecordEntry> &history, int n,
                                      int models, DataText *detail)
{
    MaskedRecord cut {rec.commitments, {}, {}};
    for (const MaskedRecord::Reveal &r : rec.reveals) {
        if (r.model < 0 || r.model >= models) {
            *detail = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                     "reveal of model %1: no model "
                                                     "of a fleet has this number"),
                                   {r.model});
            return std::nullopt;
        }
        if (r.command < n)
            cut.reveals.push_back(r);
    }
    for (const MaskedRecord::Sealed &s : rec.sealed) {
        if (s.command >= n)
            continue;
        const int model = sealedModelOf(history, s.command);
        if (model < 0) {
            *detail = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "command %1 is not the sealed Embark of the record"),
                {s.command + 1});
            return std::nullopt;
        }
        MaskedRecord::Sealed x = s;
        if (std::none_of(cut.reveals.begin(), cut.reveals.end(),
                         [&](const MaskedRecord::Reveal &r) { return r.model == model; }))
            x.nonce.clear();
        cut.sealed.push_back(x);
    }
    return cut;
}

// The game at command `n` of `saved` on `view`'s setup (the cards revealed by then), checked
// against `view`'s state: the saved game's history (its exchanges, sealed choices, open
// exchange) cut to `n`, each sealed Embark of `cut` not revealed by then sealed again, the
// revealed ones added to `revealed`; a player's own (`keepPlayer`: 0 or 1; -1: none) as they
// are. nullptr with `why` when the saved game does not rebuild (rebuildExchangeGame), or with
// `detail` when it does not replay (for "the masked game does not replay from its record").
std::unique_ptr<Game> cutMaskedGame(const Game &saved, int n, const DiceExchange &start,
                                    const MaskedView &view, const MaskedRecord &cut, int keepPlayer,
                                    ExchangeDice &dice,
                                    std::vector<std::pair<int, Command>> *revealed, DataText *why,
                                    DataText *detail)
{
    auto cutGame = rebuildExchangeGame(saved, n, dice, why);
    if (!cutGame)
        return nullptr;
    std::vector<GameRecordEntry> replayed = cutGame->history();
    for (const MaskedRecord::Sealed &s : cut.sealed) {
        GameRecordEntry &e = replayed[std::size_t(s.command)];
        if (e.player == keepPlayer)
            continue;
        if (s.nonce.isEmpty())
            e.command = EmbarkCommand {sealedModelOf(saved.history(), s.command), kSealedCarrier};
        else
            revealed->emplace_back(s.command, e.command);
    }
    dice.use(start.nonceA, start.nonceB);
    auto game = std::make_unique<Game>(view.givenSetup(), &dice);
    dice.clear();
    if (game->startRejection()) {
        *detail = rejectionText(*game->startRejection());
        return nullptr;
    }
    DataText replayWhy;
    if (const auto err = game->replay(replayed, &replayWhy)) {
        *detail = replayText(*err, replayWhy);
        return nullptr;
    }
    if (!(game->state() == view.state())) {
        *detail = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "after command %1 the game is not its masked game"), {n});
        return nullptr;
    }
    game->setDiceExchanges(cutGame->diceExchanges());
    game->setDicePending(cutGame->dicePending());
    game->setSealedChoices(cutGame->sealedChoices());
    game->setSealedPending(cutGame->sealedPending());
    game->setMaskedRecord(cut);
    return game;
}

} // namespace

std::unique_ptr<Game> rebuildMaskedGame(const GameSetup &given, const Game &masked,
                                        const std::vector<std::pair<int, Command>> &sealedReal,
                                        ExchangeDice &dice, DataText *why)
{
    const DiceExchange *start = startExchange(masked);
    if (!start) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "the saved game has no start exchange: not a network game"));
        return nullptr;
    }
    dice.use(start->nonceA, start->nonceB);
    auto rebuilt = std::make_unique<Game>(given, &dice);
    dice.clear();
    DataText replayWhy;
    if (const auto err = rebuilt->replay(realHistory(masked, sealedReal), &replayWhy)) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "the masked game does not replay with the cards "
                                              "revealed: %1; the game stops"),
                            {replayText(*err, replayWhy)});
        return nullptr;
    }
    rebuilt->setDiceExchanges(masked.diceExchanges());
    rebuilt->setDicePending(masked.dicePending());
    rebuilt->setSealedChoices(masked.sealedChoices());
    rebuilt->setMaskedRecord(masked.maskedRecord());
    rebuilt->setMaskedSecrets(masked.maskedSecrets());
    return rebuilt;
}

std::unique_ptr<Game> wholeMaskedGame(const GameSetup &agreed, const Game &masked,
                                      const std::vector<std::pair<int, Command>> &sealedReal,
                                      const MaskedRecord &record, ExchangeDice &dice, QString *why,
                                      DataText *whyText)
{
    const DiceExchange *start = startExchange(masked);
    if (!start) {
        *why = QStringLiteral("no start exchange");
        if (whyText)
            *whyText = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "no start exchange"));
        return nullptr;
    }
    dice.use(start->nonceA, start->nonceB);
    auto whole = std::make_unique<Game>(agreed, &dice);
    dice.clear();
    DataText replayWhy;
    const auto err = whole->replay(realHistory(masked, sealedReal), &replayWhy);
    if (err
        || QJsonDocument(stateToJson(whole->engine(), whole->state()))
                .toJson(QJsonDocument::Compact)
            != QJsonDocument(stateToJson(masked.engine(), masked.state()))
                   .toJson(QJsonDocument::Compact)) {
        *why = err.value_or(QStringLiteral("another state"));
        if (whyText)
            *whyText = err ? replayText(*err, replayWhy)
                           : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "another state"));
        return nullptr;
    }
    whole->setDiceExchanges(masked.diceExchanges());
    whole->setSealedChoices(masked.sealedChoices());
    whole->setMaskedRecord(record);
    return whole;
}

bool hasStandIns(const GameSetup &setup, int player)
{
    const auto &entries = setup.players[std::size_t(player)].fleet.entries;
    return std::any_of(entries.begin(), entries.end(),
                       [](const FleetEntry &e) { return isStandInUnit(e.unitId); });
}

QByteArray maskedStateHash(const Engine &engine, const GameState &state,
                           const std::vector<QString> &commitments)
{
    return QCryptographicHash::hash(
        QJsonDocument(thirdPartyJson(engine, state, commitments)).toJson(QJsonDocument::Compact),
        QCryptographicHash::Sha256);
}

bool isMaskedUnderWay(const Game &game)
{
    return (game.setup().masked || game.maskedRecord()) && game.state().phase != Phase::Over;
}

bool isMaskedEndNotAgreed(const Game &game)
{
    return game.maskedRecord() && game.maskedSecrets() && game.state().phase == Phase::Over;
}

GameSetup thirdPartySetup(const GameSetup &setup)
{
    return MaskedView::maskedSetup(MaskedView::maskedSetup(setup, 0), 1);
}

std::optional<ThirdPartyResume> restoreThirdPartyGame(const Game &saved, int commands,
                                                      ExchangeDice &dice, DataText *why)
{
    auto fail = [&](const DataText &detail) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "the masked game does not replay from its "
                                              "record: %1; it cannot resume"),
                            {detail});
        return std::optional<ThirdPartyResume>();
    };
    if (!saved.maskedRecord())
        return fail(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "the saved game has no record of a masked game")));
    const MaskedRecord &rec = *saved.maskedRecord();
    const GameSetup &savedSetup = saved.setup();
    const int first = savedSetup.players[0].fleet.size();
    const int models = first + savedSetup.players[1].fleet.size();
    if (int(rec.commitments.size()) != models)
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 commitments for %2 models"),
                                 {int(rec.commitments.size()), models}));
    const auto &history = saved.history();
    const int n = commands < 0 ? int(history.size()) : std::min(commands, int(history.size()));
    const auto sealedModel = [&](int command) {
        return sealedModelOf(history, command);
    };
    DataText detail;
    std::optional<MaskedRecord> upTo = cutRecord(rec, history, n, models, &detail);
    if (!upTo)
        return fail(detail);
    MaskedRecord cut = std::move(*upTo);
    const DiceExchange *start = startExchange(saved);
    if (!start) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "the saved game has no start exchange: not a network game"));
        return std::nullopt;
    }
    ThirdPartyResume out;
    out.third
        = MaskedView::opponentModel(MaskedView::maskedSetup(savedSetup, 0), 0, rec.commitments);
    dice.use(start->nonceA, start->nonceB);
    const auto refused = out.third->startText(dice);
    dice.clear();
    if (refused)
        return fail(*refused);
    // Command by command: the reveals recorded with it (either side's), then the command as the
    // third party took it (a sealed Embark sealed).
    for (int i = 0; i < n; ++i) {
        std::vector<HiddenReveal> reveals;
        std::vector<SealedReveal> sealedReveals;
        for (const MaskedRecord::Reveal &r : cut.reveals) {
            if (r.command != i)
                continue;
            const int owner = r.model < first ? 0 : 1;
            const int entry = r.model < first ? r.model : r.model - first;
            const FleetEntry &e
                = savedSetup.players[std::size_t(owner)].fleet.entries[std::size_t(entry)];
            if (isStandInUnit(e.unitId) || !savedSetup.unit(e.unitId))
                return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                           "the card of model %1, revealed with "
                                                           "command %2, is not in the saved game"),
                                         {r.model, i + 1}));
            reveals.push_back(
                HiddenReveal {r.model, r.nonce, hiddenEntryJson(savedSetup, owner, entry)});
            for (const MaskedRecord::Sealed &s : cut.sealed) {
                if (s.nonce.isEmpty() || sealedModel(s.command) != r.model)
                    continue;
                const Command &real = history[std::size_t(s.command)].command;
                if (std::get<EmbarkCommand>(real).carrier == kSealedCarrier)
                    return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                               "sealed Embark %1: revealed, and "
                                                               "not in the saved game"),
                                             {s.command + 1}));
                sealedReveals.push_back(SealedReveal {s.command, s.nonce, real});
            }
        }
        const GameRecordEntry &h = history[std::size_t(i)];
        if (const auto bad = out.third->applyRevealsText(
                MaskedMove {h.command, {}, reveals, sealedReveals, {}, false, {}}))
            return fail(*bad);
        const auto sealed
            = std::find_if(cut.sealed.begin(), cut.sealed.end(),
                           [&](const MaskedRecord::Sealed &s) { return s.command == i; });
        const auto bad = sealed != cut.sealed.end()
            ? out.third->applyText(MaskedMove {EmbarkCommand {sealedModel(i), kSealedCarrier},
                                               h.dice,
                                               {},
                                               {},
                                               sealed->hash,
                                               false,
                                               {}})
            : out.third->applyText(MaskedMove {h.command, h.dice, {}, {}, {}, false, {}});
        if (bad)
            return fail(*bad);
    }
    // The game itself: the saved game's history (its exchanges, sealed choices) on the setup
    // with the cards revealed by then; the sealed Embarks not revealed by then sealed again.
    DataText replayDetail;
    out.game = cutMaskedGame(saved, n, *start, *out.third, cut, -1, dice, &out.sealedReal, why,
                             &replayDetail);
    if (!out.game)
        return replayDetail.isEmpty() ? std::nullopt : fail(replayDetail);
    out.record = std::move(cut);
    return out;
}

std::optional<MaskedResume> restoreMaskedGame(const GameSetup &full, int side, const Game &saved,
                                              int commands, ExchangeDice &dice, DataText *why)
{
    auto fail = [&](const DataText &w) {
        *why = w;
        return std::optional<MaskedResume>();
    };
    auto replayFails = [&](const DataText &detail) {
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "the masked game does not replay from its "
                                                   "record: %1; it cannot resume"),
                                 {detail}));
    };
    const auto &kept = saved.maskedSecrets();
    if (!kept || kept->player != side || !saved.maskedRecord())
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "the saved game is a masked game (v1.2.4 "
                                                   "hidden models) and lacks this side's secrets "
                                                   "(the nonces of its models): it cannot "
                                                   "resume")));
    const MaskedRecord &rec = *saved.maskedRecord();
    const int first = full.players[0].fleet.size();
    const int models = first + full.players[1].fleet.size();
    auto ownerOf = [&](int id) {
        return id < first ? 0 : 1;
    };
    auto entryOf = [&](int id) {
        return id < first ? id : id - first;
    };
    {
        const std::optional<ModelSecrets> secrets = ModelSecrets::restore(full, *kept);
        bool same = secrets && int(rec.commitments.size()) == models;
        if (same) {
            const std::vector<QString> own = secrets->commitments(full);
            for (int id = 0; id < models; ++id)
                same = same
                    && (ownerOf(id) != side
                        || own[std::size_t(id)] == rec.commitments[std::size_t(id)]);
        }
        if (!same)
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "the saved game's secrets are not those "
                                                       "of this side's models (their commitments "
                                                       "differ): it cannot resume")));
    }
    if (setupHash(MaskedView::maskedSetup(saved.setup(), side))
        != setupHash(MaskedView::maskedSetup(full, side)))
        return fail(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "the saved game is not this game (another setup)")));
    const auto &history = saved.history();
    const int n = commands < 0 ? int(history.size()) : std::min(commands, int(history.size()));

    // What was revealed with the commands kept; a later command's reveals are forgotten.
    const auto sealedModel = [&](int command) {
        return sealedModelOf(history, command);
    };
    DataText detail;
    std::optional<MaskedRecord> upTo = cutRecord(rec, history, n, models, &detail);
    if (!upTo)
        return replayFails(detail);
    MaskedRecord cut = std::move(*upTo);
    MaskedSecrets keptSecrets = *kept;
    std::erase_if(keptSecrets.seals, [&](const MaskedSecrets::Seal &s) { return s.command >= n; });
    MaskedResume out;
    out.secrets = *ModelSecrets::restore(full, keptSecrets);

    const DiceExchange *start = startExchange(saved);
    if (!start)
        return fail(DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "the saved game has no start exchange: not a network game")));
    const GameSetup masked = MaskedView::maskedSetup(full, side);
    out.peerCommitments.assign(std::size_t(models), QString());
    for (int id = 0; id < models; ++id)
        if (ownerOf(id) != side)
            out.peerCommitments[std::size_t(id)] = rec.commitments[std::size_t(id)];
    out.view.emplace(masked, out.secrets, out.peerCommitments);
    out.model = MaskedView::opponentModel(masked, side, out.view->commitments());
    for (MaskedView *v : {&*out.view, &*out.model}) {
        dice.use(start->nonceA, start->nonceB);
        const auto refused = v->startText(dice);
        dice.clear();
        if (refused)
            return replayFails(*refused);
    }

    // Both masked games, command by command: the reveals recorded with it, then the command as
    // each game took it (a sealed Embark as sealed, until revealed).
    const GameSetup &savedSetup = saved.setup();
    for (int i = 0; i < n; ++i) {
        std::vector<HiddenReveal> toView, toModel;
        std::vector<SealedReveal> sealedToView, sealedToModel;
        for (const MaskedRecord::Reveal &r : cut.reveals) {
            if (r.command != i)
                continue;
            const int owner = ownerOf(r.model);
            const int entry = entryOf(r.model);
            if (owner == side) {
                if (r.nonce != out.secrets.nonce(r.model))
                    return replayFails(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "reveal of model %1: not this side's nonce"),
                        {r.model}));
                toModel.push_back(
                    HiddenReveal {r.model, r.nonce, hiddenEntryJson(full, side, entry)});
            } else {
                const FleetEntry &e
                    = savedSetup.players[std::size_t(owner)].fleet.entries[std::size_t(entry)];
                if (isStandInUnit(e.unitId) || !savedSetup.unit(e.unitId))
                    return replayFails(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                                      "the card of model %1, "
                                                                      "revealed with command %2, "
                                                                      "is not in the saved game"),
                                                    {r.model, i + 1}));
                const HiddenReveal h {r.model, r.nonce, hiddenEntryJson(savedSetup, owner, entry)};
                toView.push_back(h);
                toModel.push_back(h);
            }
            for (const MaskedRecord::Sealed &s : cut.sealed) {
                if (s.nonce.isEmpty() || sealedModel(s.command) != r.model)
                    continue;
                const Command &real = history[std::size_t(s.command)].command;
                if (std::get<EmbarkCommand>(real).carrier == kSealedCarrier)
                    return replayFails(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                                      "sealed Embark %1: revealed, "
                                                                      "and not in the saved game"),
                                                    {s.command + 1}));
                const SealedReveal sr {s.command, s.nonce, real};
                sealedToModel.push_back(sr);
                if (owner != side)
                    sealedToView.push_back(sr);
            }
        }
        const GameRecordEntry &h = history[std::size_t(i)];
        if (const auto bad = out.view->applyRevealsText(
                MaskedMove {h.command, {}, toView, sealedToView, {}, false, {}}))
            return replayFails(*bad);
        if (const auto bad = out.model->applyRevealsText(
                MaskedMove {h.command, {}, toModel, sealedToModel, {}, false, {}}))
            return replayFails(*bad);
        const auto sealed
            = std::find_if(cut.sealed.begin(), cut.sealed.end(),
                           [&](const MaskedRecord::Sealed &s) { return s.command == i; });
        std::optional<DataText> v, w;
        if (sealed != cut.sealed.end()) {
            const Command sealedForm = EmbarkCommand {sealedModel(i), kSealedCarrier};
            v = h.player == side
                ? out.view->applyText(MaskedMove {h.command, h.dice, {}, {}, {}, false, {}})
                : out.view->applyText(
                    MaskedMove {sealedForm, h.dice, {}, {}, sealed->hash, false, {}});
            if (!v)
                w = out.model->applyText(
                    MaskedMove {sealedForm, h.dice, {}, {}, sealed->hash, false, {}});
        } else {
            v = out.view->applyText(MaskedMove {h.command, h.dice, {}, {}, {}, false, {}});
            if (!v)
                w = out.model->applyText(MaskedMove {h.command, h.dice, {}, {}, {}, false, {}});
        }
        if (v || w)
            return replayFails(v ? *v : *w);
    }

    // The game itself: the saved game's history (its exchanges, its open exchange) on the
    // masked setup with the cards revealed so far; the peer's sealed Embarks not revealed
    // by then sealed again.
    DataText replayDetail;
    out.game = cutMaskedGame(saved, n, *start, *out.view, cut, side, dice, &out.peerSealedReal, why,
                             &replayDetail);
    if (!out.game)
        return replayDetail.isEmpty() ? std::nullopt : replayFails(replayDetail);
    out.game->setMaskedSecrets(out.secrets.saved());
    out.record = std::move(cut);
    return out;
}

} // namespace jw::net
