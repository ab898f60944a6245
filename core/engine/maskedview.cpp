// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/maskedview.h"

#include "dice/dicesource.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/messagetext.h"
#include "engine/sequence/sequence.h"
#include "units/unitjson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <algorithm>

namespace jw {

namespace {

const QString kStandInCapital = QStringLiteral("jw-hidden-capital");
const QString kStandInSquadron = QStringLiteral("jw-hidden-squadron");

// The models a command names (the model it deploys or activates, a carrier, a target).
std::vector<int> namedModels(const Command &c)
{
    return std::visit(
        Overloaded {[](const DeployCommand &d) { return std::vector<int> {d.model}; },
                    [](const EmbarkCommand &e) {
                        return std::vector<int> {e.model, e.carrier};
                    },
                    [](const ActivateCommand &a) { return std::vector<int> {a.model}; },
                    [](const AttackCommand &a) { return std::vector<int> {a.target}; },
                    [](const LandCommand &l) { return std::vector<int> {l.carrier}; },
                    [](const ResolveActionCommand &r) {
                        return r.target ? std::vector<int> {*r.target} : std::vector<int> {};
                    },
                    [](const CorrectCommand &c) { return std::vector<int> {c.model}; },
                    [](const auto &) {
                        return std::vector<int> {};
                    }},
        c);
}

// Whether the setup places `player`'s entry `entry` on the table before the game (a scripted
// start): its card is public from the start, never a stand-in.
bool startsOnTable(const GameSetup &setup, int player, int entry)
{
    return std::any_of(setup.starts.begin(), setup.starts.end(), [&](const ModelStart &m) {
        return m.player == player && m.entry == entry && m.location == QLatin1String("table");
    });
}

// Marks known the models a scripted start places on the table (by model id).
void knowStartsOnTable(const GameSetup &setup, std::vector<bool> &known)
{
    const int first = setup.players[0].fleet.size();
    for (int player = 0; player < 2; ++player)
        for (int e = 0; e < setup.players[std::size_t(player)].fleet.size(); ++e)
            if (startsOnTable(setup, player, e)
                && std::size_t((player == 0 ? 0 : first) + e) < known.size())
                known[std::size_t((player == 0 ? 0 : first) + e)] = true;
}

int playerOf(const GameState &s)
{
    return s.pending ? s.pending->request.player : s.toAct;
}

// An engine's refusal, typed: its rule stays English (a heading of the rules text), its
// sentence is the engine's (Rejection::toString() in English).
DataText rejectionText(const Rejection &r)
{
    return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {r.rule, messageText(r.why)});
}

std::optional<QString> english(const std::optional<DataText> &why)
{
    return why ? std::optional<QString>(why->english()) : std::nullopt;
}

} // namespace

bool isStandInUnit(const QString &unitId)
{
    return unitId == kStandInCapital || unitId == kStandInSquadron;
}

bool isKeptFrom(const Engine &engine, const GameState &state, int model, int viewer)
{
    const ModelState *m = state.model(model);
    return m
        && (isStandInUnit(m->unitId) || (viewer >= 0 && engine.isHidden(state, model, viewer)));
}

Unit standInUnit(bool deploysAsSquadron)
{
    Unit u;
    u.id = deploysAsSquadron ? kStandInSquadron : kStandInCapital;
    u.name = QStringLiteral("Hidden model");
    u.type = deploysAsSquadron ? UnitType::Fighter : UnitType::Capital;
    return u;
}

QJsonObject hiddenEntryJson(const GameSetup &setup, int player, int entry)
{
    const FleetEntry &e = setup.players[std::size_t(player)].fleet.entries[std::size_t(entry)];
    QJsonObject fleetEntry {{QStringLiteral("unit"), e.unitId},
                            {QStringLiteral("name"), e.name},
                            {QStringLiteral("upgrades"), QJsonArray::fromStringList(e.upgrades)}};
    if (e.embarkedOn)
        fleetEntry.insert(QStringLiteral("embarked_on"), *e.embarkedOn);
    const Unit *u = setup.unit(e.unitId);
    return QJsonObject {{QStringLiteral("entry"), fleetEntry},
                        {QStringLiteral("unit"), u ? unitToJson(*u) : QJsonObject {}}};
}

QString hiddenCommitment(const QByteArray &nonce, const QJsonObject &entry)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(
            QByteArray(nonce + QJsonDocument(entry).toJson(QJsonDocument::Compact)),
            QCryptographicHash::Sha256)
            .toHex());
}

// ---- ModelSecrets ------------------------------------------------------------

ModelSecrets ModelSecrets::generate(const GameSetup &setup, int player)
{
    ModelSecrets s;
    s.m_player = player;
    s.m_firstModel = player == 0 ? 0 : setup.players[0].fleet.size();
    for (int e = 0; e < setup.players[std::size_t(player)].fleet.size(); ++e) {
        QByteArray nonce(32, '\0');
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(nonce.data()), 8);
        s.m_nonces.push_back(nonce);
    }
    return s;
}

QByteArray ModelSecrets::nonce(int model) const
{
    const int i = model - m_firstModel;
    return i >= 0 && i < int(m_nonces.size()) ? m_nonces[std::size_t(i)] : QByteArray();
}

std::vector<QString> ModelSecrets::commitments(const GameSetup &setup) const
{
    std::vector<QString> out(
        std::size_t(setup.players[0].fleet.size() + setup.players[1].fleet.size()));
    for (int i = 0; i < int(m_nonces.size()); ++i)
        out[std::size_t(m_firstModel + i)]
            = hiddenCommitment(m_nonces[std::size_t(i)], hiddenEntryJson(setup, m_player, i));
    return out;
}

QByteArray ModelSecrets::seal(int index, const Command &command)
{
    for (const Seal &s : m_seals)
        if (s.index == index)
            return s.nonce;
    QByteArray nonce(32, '\0');
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(nonce.data()), 8);
    m_seals.push_back(Seal {index, nonce, command});
    return nonce;
}

std::optional<std::pair<QByteArray, Command>> ModelSecrets::sealed(int index) const
{
    for (const Seal &s : m_seals)
        if (s.index == index)
            return std::pair {s.nonce, s.command};
    return std::nullopt;
}

MaskedSecrets ModelSecrets::saved() const
{
    MaskedSecrets out;
    out.player = m_player;
    out.nonces = m_nonces;
    for (const Seal &s : m_seals)
        out.seals.push_back(MaskedSecrets::Seal {s.index, s.nonce, s.command});
    return out;
}

std::optional<ModelSecrets> ModelSecrets::restore(const GameSetup &setup,
                                                  const MaskedSecrets &saved)
{
    if (saved.player < 0 || saved.player > 1
        || int(saved.nonces.size()) != setup.players[std::size_t(saved.player)].fleet.size())
        return std::nullopt;
    ModelSecrets s;
    s.m_player = saved.player;
    s.m_firstModel = saved.player == 0 ? 0 : setup.players[0].fleet.size();
    s.m_nonces = saved.nonces;
    for (const MaskedSecrets::Seal &x : saved.seals)
        s.m_seals.push_back(Seal {x.command, x.nonce, x.play});
    return s;
}

// ---- The third party's view --------------------------------------------------

QJsonObject thirdPartyJson(const Engine &engine, const GameState &state,
                           const std::vector<QString> &commitments)
{
    QJsonObject o = stateToJson(engine, state, -1);
    QJsonArray models = o.value(QStringLiteral("models")).toArray();
    bool anyHidden = false;
    for (const ModelState &m : state.models) {
        if (m.terrain >= 0 || !engine.isHidden(state, m.id, 1 - m.owner))
            continue;
        anyHidden = true;
        models[m.id] = QJsonObject {
            {QStringLiteral("id"), m.id},
            {QStringLiteral("owner"), m.owner},
            {QStringLiteral("hidden"), true},
            {QStringLiteral("commitment"),
             std::size_t(m.id) < commitments.size() ? commitments[std::size_t(m.id)] : QString()}};
    }
    o.insert(QStringLiteral("models"), models);
    if (anyHidden)
        o.remove(QStringLiteral("victory_points"));
    return o;
}

// ---- MaskedView --------------------------------------------------------------

GameSetup MaskedView::maskedSetup(const GameSetup &full, int viewer)
{
    GameSetup s = full;
    s.masked = true;
    const int other = 1 - viewer;
    std::vector<QString> mine;
    for (const FleetEntry &e : full.players[std::size_t(viewer)].fleet.entries)
        mine.push_back(e.unitId);
    for (int i = 0; i < full.players[std::size_t(other)].fleet.size(); ++i)
        if (startsOnTable(full, other, i)) // its card stays: the unit too
            mine.push_back(full.players[std::size_t(other)].fleet.entries[std::size_t(i)].unitId);
    for (int i = 0; i < s.players[std::size_t(other)].fleet.size(); ++i) {
        FleetEntry &e = s.players[std::size_t(other)].fleet.entries[std::size_t(i)];
        if (startsOnTable(full, other, i))
            continue; // on the table from the start: public
        const Unit *u = full.unit(e.unitId);
        const Unit standIn = standInUnit(u && rules::deploysAsSquadron(*u));
        if (std::find(mine.begin(), mine.end(), e.unitId) == mine.end())
            s.units.erase(e.unitId);
        e = FleetEntry {standIn.id, QString(), std::nullopt, {}};
        s.units[standIn.id] = standIn;
    }
    return s;
}

MaskedView::MaskedView(const GameSetup &setup, const ModelSecrets &mine,
                       std::vector<QString> theirs)
    : m_viewer(mine.player())
    , m_mine(mine)
    , m_setup(setup)
    , m_engine(setup)
{
    m_commitments = std::move(theirs);
    const std::vector<QString> own = mine.commitments(setup);
    m_commitments.resize(own.size());
    m_known.assign(own.size(), false);
    const int first = m_viewer == 0 ? 0 : setup.players[0].fleet.size();
    for (int i = 0; i < setup.players[std::size_t(m_viewer)].fleet.size(); ++i) {
        m_commitments[std::size_t(first + i)] = own[std::size_t(first + i)];
        m_known[std::size_t(first + i)] = true;
    }
    knowStartsOnTable(setup, m_known);
}

MaskedView MaskedView::opponentModel(const GameSetup &ownerSetup, int owner,
                                     std::vector<QString> commitments)
{
    ModelSecrets none;
    none.m_player = 1 - owner;
    none.m_firstModel = owner == 1 ? 0 : ownerSetup.players[0].fleet.size();
    MaskedView v(maskedSetup(ownerSetup, 1 - owner), none, {});
    v.m_opponentModel = true;
    v.m_commitments = std::move(commitments);
    v.m_commitments.resize(
        std::size_t(ownerSetup.players[0].fleet.size() + ownerSetup.players[1].fleet.size()));
    v.m_known.assign(v.m_commitments.size(), false);
    knowStartsOnTable(ownerSetup, v.m_known);
    return v;
}

bool MaskedView::known(int model) const
{
    return model < 0 || model >= int(m_known.size()) || m_known[std::size_t(model)];
}

void MaskedView::rebuildEngine()
{
    m_engine = Engine(m_setup);
}

std::optional<QString> MaskedView::start(DiceSource &dice)
{
    return english(startText(dice));
}

std::optional<QString> MaskedView::apply(const MaskedMove &move)
{
    return english(applyText(move));
}

std::optional<QString> MaskedView::reveal(const HiddenReveal &r)
{
    return english(revealText(r));
}

std::optional<QString> MaskedView::reveal(const SealedReveal &r)
{
    return english(revealText(r));
}

std::optional<QString> MaskedView::applyReveals(const MaskedMove &move)
{
    return english(applyRevealsText(move));
}

std::optional<DataText> MaskedView::startText(DiceSource &dice)
{
    ApplyResult r = m_engine.start(dice);
    if (!r.ok())
        return rejectionText(*r.rejection);
    m_state = std::move(r.state);
    return std::nullopt;
}

std::optional<DataText> MaskedView::revealText(const HiddenReveal &r)
{
    const ModelState *m = m_state.model(r.model);
    if (!m || m->terrain >= 0 || (m->owner == m_viewer && !m_opponentModel))
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "reveal of model %1: no hidden model "
                                              "of the other player has this number"),
                            {r.model});
    if (known(r.model))
        return DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "reveal of model %1: the model is known already"),
            {r.model});
    if (hiddenCommitment(r.nonce, r.entry) != m_commitments[std::size_t(r.model)])
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "reveal of model %1: the entry does "
                                              "not match its commitment: refused"),
                            {r.model});
    QString error;
    DataText errorText;
    const std::optional<Unit> unit
        = unitFromJson(r.entry.value(QStringLiteral("unit")).toObject(), &error, &errorText);
    const QJsonObject e = r.entry.value(QStringLiteral("entry")).toObject();
    if (!unit || unit->id != e.value(QStringLiteral("unit")).toString())
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "reveal of model %1: the unit card cannot be read "
                                              "(%2)"),
                            {r.model, errorText.isEmpty() ? DataText(error) : errorText});
    if (isStandInUnit(unit->id))
        return DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "reveal of model %1: a stand-in is not a unit card"),
            {r.model});
    FleetEntry entry {unit->id, e.value(QStringLiteral("name")).toString(), std::nullopt, {}};
    if (e.contains(QStringLiteral("embarked_on")))
        entry.embarkedOn = e.value(QStringLiteral("embarked_on")).toInt();
    for (const QJsonValue &u : e.value(QStringLiteral("upgrades")).toArray())
        entry.upgrades.append(u.toString());

    Fleet &fleet = m_setup.players[std::size_t(m->owner)].fleet;
    fleet.entries[std::size_t(m->entry)] = entry;
    m_setup.units[unit->id] = *unit;
    // A stand-in card no entry uses any more goes.
    for (const QString &id : {kStandInCapital, kStandInSquadron}) {
        bool used = false;
        for (const PlayerSetup &p : m_setup.players)
            for (const FleetEntry &fe : p.fleet.entries)
                used |= fe.unitId == id;
        if (!used)
            m_setup.units.erase(id);
    }
    rebuildEngine();
    ModelState &mm = *m_state.model(r.model);
    mm.unitId = unit->id;
    mm.name = entry.name.isEmpty() ? unit->name : entry.name;
    mm.weaponsDamaged.assign(unit->weapons.size(), 0);
    mm.traitsDamaged.assign(unit->traits.size(), 0);
    m_known[std::size_t(r.model)] = true;
    return std::nullopt;
}

std::optional<DataText> MaskedView::revealText(const SealedReveal &r)
{
    const auto it = std::find_if(m_sealed.begin(), m_sealed.end(),
                                 [&](const Sealed &s) { return s.command == r.command; });
    if (it == m_sealed.end())
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "reveal of sealed command %1: no "
                                              "command of this number is sealed"),
                            {r.command});
    if (GameFile::sealedChoiceHash(r.nonce, r.sealed) != it->hash)
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "reveal of sealed command %1: the command does "
                                              "not match its commitment: refused"),
                            {r.command});
    const auto *embark = std::get_if<EmbarkCommand>(&r.sealed);
    ModelState *m = m_state.model(it->model);
    if (!embark || embark->model != it->model || !m)
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "reveal of sealed command %1: not the "
                                              "Embark of the model it sealed"),
                            {r.command});
    if (m->location == Location::Embarked && m->carrier == kSealedCarrier)
        m->carrier = embark->carrier;
    m_sealed.erase(it);
    return std::nullopt;
}

std::optional<DataText> MaskedView::applyRevealsText(const MaskedMove &move)
{
    if (move.reveals.empty() && move.sealedReveals.empty())
        return std::nullopt;
    const MaskedView before = *this;
    auto fail = [&](const DataText &why) {
        *this = before;
        return std::optional<DataText>(why);
    };
    for (const HiddenReveal &r : move.reveals)
        if (auto why = revealText(r))
            return fail(*why);
    for (const SealedReveal &r : move.sealedReveals)
        if (auto why = revealText(r))
            return fail(*why);
    return std::nullopt;
}

std::optional<DataText> MaskedView::applyText(const MaskedMove &move)
{
    // Reveals change the setup and the state before the command: a copy to go back to. A
    // command alone changes nothing until it is accepted.
    std::optional<MaskedView> before;
    if (!move.reveals.empty() || !move.sealedReveals.empty() || !move.sealedHash.isEmpty())
        before = *this;
    auto fail = [&](const DataText &why) {
        if (before)
            *this = *before;
        return std::optional<DataText>(why);
    };
    for (const HiddenReveal &r : move.reveals)
        if (auto why = revealText(r))
            return fail(*why);
    for (const SealedReveal &r : move.sealedReveals)
        if (auto why = revealText(r))
            return fail(*why);
    if (!move.sealedHash.isEmpty()) {
        const auto *embark = std::get_if<EmbarkCommand>(&move.command);
        if (!embark || embark->carrier != kSealedCarrier)
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "command %1: a commitment with a command "
                                                       "that is not a sealed Embark"),
                                     {m_state.commands}));
        m_sealed.push_back(Sealed {m_state.commands, embark->model, move.sealedHash});
    }
    ScriptedDiceSource dice(move.dice);
    ApplyResult r = m_engine.apply(m_state, move.command, dice);
    if (!r.ok())
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1: %2"),
                                 {m_state.commands, rejectionText(*r.rejection)}));
    if (dice.remaining() > 0)
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "command %1: %2 dice left over: "
                                                   "the game is not the owner's"),
                                 {m_state.commands, int(dice.remaining())}));
    m_state = std::move(r.state);
    return std::nullopt;
}

QJsonObject MaskedView::viewJson() const
{
    QJsonObject state = stateToJson(m_engine, m_state, m_viewer);
    QJsonArray models = state.value(QStringLiteral("models")).toArray();
    for (int i = 0; i < models.size(); ++i) {
        QJsonObject m = models.at(i).toObject();
        if (m.value(QStringLiteral("hidden")).toBool()) {
            m.insert(QStringLiteral("commitment"), m_commitments[std::size_t(i)]);
            models[i] = m;
        }
    }
    state.insert(QStringLiteral("models"), models);
    QJsonArray units;
    for (const auto &[id, unit] : m_engine.setup().units)
        if (!isStandInUnit(id))
            units.append(unitToJson(unit));
    QJsonArray fleets;
    for (const PlayerSetup &p : m_setup.players) {
        QJsonArray entries;
        for (const FleetEntry &e : p.fleet.entries)
            entries.append(isStandInUnit(e.unitId)
                               ? QJsonObject {{QStringLiteral("hidden"), true}}
                               : QJsonObject {{QStringLiteral("unit"), e.unitId},
                                              {QStringLiteral("name"), e.name},
                                              {QStringLiteral("upgrades"),
                                               QJsonArray::fromStringList(e.upgrades)}});
        fleets.append(entries);
    }
    return QJsonObject {{QStringLiteral("state"), state},
                        {QStringLiteral("units"), units},
                        {QStringLiteral("fleets"), fleets}};
}

std::vector<HiddenReveal> MaskedView::namedReveals(const MaskedView &view,
                                                   const GameSetup &ownerSetup,
                                                   const GameState &before, const Command &command,
                                                   const ModelSecrets &owner, int except,
                                                   std::vector<SealedReveal> *sealed)
{
    std::vector<int> ids;
    for (int id : namedModels(command)) {
        const ModelState *m = before.model(id);
        if (m && id != except && m->terrain < 0 && m->owner != view.viewer() && !view.known(id))
            ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<HiddenReveal> out;
    for (int id : ids) {
        const ModelState &m = before.models[std::size_t(id)];
        out.push_back(
            HiddenReveal {id, owner.nonce(id), hiddenEntryJson(ownerSetup, m.owner, m.entry)});
        for (const Sealed &s : view.m_sealed)
            if (s.model == id && sealed)
                if (const auto x = owner.sealed(s.command))
                    sealed->push_back(SealedReveal {s.command, x->first, x->second});
    }
    return out;
}

MaskedMove MaskedView::prepare(const MaskedView &view, const Engine &full, const GameState &before,
                               const ApplyResult &after, const std::vector<int> &drawn,
                               const Command &command, int index, ModelSecrets &owner,
                               const std::vector<QString> &allCommitments)
{
    const int viewer = view.viewer();
    const GameState &next = after.state;
    MaskedMove move;
    move.command = command;
    move.dice = drawn;
    auto unknown = [&](int id) {
        const ModelState *m = before.model(id);
        return m && m->terrain < 0 && m->owner != viewer && !view.known(id);
    };
    // An Embark of a hidden model in the Deployment Phase that leaves it hidden: sealed.
    int sealedModel = -1;
    if (const auto *e = std::get_if<EmbarkCommand>(&command); e && before.phase == Phase::Deployment
        && playerOf(before) != viewer && unknown(e->model)
        && full.isHidden(next, e->model, viewer)) {
        sealedModel = e->model;
        move.command = EmbarkCommand {e->model, kSealedCarrier};
        move.sealedHash = GameFile::sealedChoiceHash(owner.seal(index, command), command);
    }
    std::vector<int> reveal;
    for (int id : namedModels(command))
        if (id != sealedModel && unknown(id))
            reveal.push_back(id);
    for (const ModelState &m : before.models)
        if (unknown(m.id) && m.id != sealedModel
            && (!full.isHidden(next, m.id, viewer) || next.phase == Phase::Over
                || !(next.models[std::size_t(m.id)] == m)))
            reveal.push_back(m.id);
    auto fill = [&](const std::vector<int> &ids) {
        move.reveals.clear();
        move.sealedReveals.clear();
        std::vector<int> sorted = ids;
        std::sort(sorted.begin(), sorted.end());
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        for (int id : sorted) {
            const ModelState &m = before.models[std::size_t(id)];
            move.reveals.push_back(HiddenReveal {id, owner.nonce(id),
                                                 hiddenEntryJson(full.setup(), m.owner, m.entry)});
            for (const Sealed &s : view.m_sealed)
                if (s.model == id)
                    if (const auto sealed = owner.sealed(s.command))
                        move.sealedReveals.push_back(
                            SealedReveal {s.command, sealed->first, sealed->second});
        }
    };
    fill(reveal);
    // The viewer's game must reach the third party's view of the owner's: if a hidden model
    // weighs on a public outcome the reveals above do not cover, every one is revealed.
    const QJsonObject expected = thirdPartyJson(full, next, allCommitments);
    auto agrees = [&]() -> std::pair<std::optional<DataText>, QJsonObject> {
        if (move.reveals.empty() && move.sealedReveals.empty() && move.sealedHash.isEmpty()) {
            // Nothing to fill in: the viewer's engine on its state, no copy of the view.
            ScriptedDiceSource dice(move.dice);
            const ApplyResult r = view.m_engine.apply(view.m_state, move.command, dice);
            if (!r.ok() || dice.remaining() > 0)
                return {DataText::of(QT_TRANSLATE_NOOP("jw::Data", "refused")), {}};
            return {std::nullopt, thirdPartyJson(view.m_engine, r.state, view.m_commitments)};
        }
        MaskedView trial = view;
        if (auto e = trial.applyText(move))
            return {e, {}};
        return {std::nullopt, trial.thirdParty()};
    };
    if (auto [e, got] = agrees(); e || got != expected) {
        // Why (for the log): the parts of the third party's view that would differ.
        QStringList keys;
        for (auto it = expected.begin(); it != expected.end(); ++it)
            if (got.value(it.key()) != it.value())
                keys << it.key();
        move.revealedAllWhy = e
            ? *e
            : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the viewer's %1 would differ"),
                           {keys.join(QStringLiteral(", "))});
        std::vector<int> all;
        for (const ModelState &m : before.models)
            if (unknown(m.id))
                all.push_back(m.id);
        move.command = command;
        move.sealedHash.clear();
        fill(all);
        move.revealedAll = true;
    }
    return move;
}

} // namespace jw
