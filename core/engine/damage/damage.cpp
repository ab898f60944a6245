// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/damage.h"
#include "engine/table/tablequestions.h"

#include "dice/dicesource.h"
#include "engine/attack.h"
#include "engine/decision.h"
#include "engine/gameevent.h"
#include "engine/gamesetup.h"
#include "engine/gamestate.h"
#include "engine/messageids.h"
#include "engine/rules/context.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace jw {

namespace {

constexpr Rating kRatings[] = {Rating::Defense, Rating::Sensors, Rating::Thrusters};

const Unit &unitOf(const DamageContext &ctx, int id)
{
    const ModelState &m = ctx.state.models.at(std::size_t(id));
    const Unit *u = ctx.setup.unit(m.unitId);
    if (!u)
        throw std::invalid_argument("no unit '" + m.unitId.toStdString() + "' in the setup");
    return *u;
}

ModelView viewOf(const DamageContext &ctx, int id)
{
    return ModelView(unitOf(ctx, id), ctx.state.models.at(std::size_t(id)));
}

ModelState &modelOf(DamageContext &ctx, int id)
{
    return ctx.state.models.at(std::size_t(id));
}

bool alive(const DamageContext &ctx, int id)
{
    const ModelState *m = ctx.state.model(id);
    return m && m->inPlay();
}

int &lostOf(ModelState &m, Rating r)
{
    switch (r) {
    case Rating::Structure:
        return m.structureLost;
    case Rating::Defense:
        return m.defenseLost;
    case Rating::Sensors:
        return m.sensorsLost;
    case Rating::Thrusters:
        return m.thrustersLost;
    case Rating::Marines:
        return m.marinesLost;
    case Rating::Fuel:
        return m.fuelSpent;
    }
    return m.structureLost;
}

// Who makes the attacker's choices on this target (DamageSource::player).
int chooserFor(const DamageContext &ctx, int target, const DamageSource &source)
{
    if (source.player >= 0)
        return source.player;
    // A model nobody controls (a UIO): house ruling, the player with Initiative chooses.
    const int controller = ctx.state.models.at(std::size_t(target)).controller;
    return controller < 0 ? ctx.state.initiative : 1 - controller;
}

// The callers test detail::eventsDropped() first: a trial (Engine::trial) builds neither the
// sentence nor the data (docs/performance.md, stop 35).
void addEvent(DamageContext &ctx, const QString &kind, const Message &m, QJsonObject data,
              int player)
{
    if (detail::eventsDropped())
        return;
    GameEvent e {kind, m, std::move(data), player};
    ctx.events.push_back(std::move(e));
}

// " (Wyvern's Mass Driver)", or nothing.
MessageArg byText(const DamageSource &source)
{
    if (!source.byMessage.isEmpty())
        return Message(MsgId::InParentheses, {source.byMessage});
    return source.by.isEmpty() ? MessageArg(QString())
                               : MessageArg(Message(MsgId::InParentheses, {source.by}));
}

int traitMarked(const ModelState &m, int index)
{
    return index < int(m.traitsDamaged.size()) ? m.traitsDamaged[std::size_t(index)] : 0;
}

void markTrait(ModelState &m, const Unit &u, int index, int boxes)
{
    if (m.traitsDamaged.size() < u.traits.size())
        m.traitsDamaged.resize(u.traits.size(), 0);
    int &marked = m.traitsDamaged[std::size_t(index)];
    marked = std::min(u.traits[std::size_t(index)].boxes, marked + boxes);
}

// Marks `boxes` boxes of a rating track from the top; returns how many were marked.
int markRating(DamageContext &ctx, int id, Rating r, int boxes, const DamageSource &source,
               const Message &cause)
{
    ModelState &m = modelOf(ctx, id);
    const Unit &u = unitOf(ctx, id);
    const ModelView v(u, m);
    const int before = v.rating(r);
    int &lost = lostOf(m, r);
    const int marked = std::min(boxes, v.track(r).size() - lost);
    if (marked <= 0)
        return 0;
    lost += marked;
    const int after = v.rating(r);
    if (!detail::eventsDropped())
        addEvent(ctx, QStringLiteral("damage"),
                 Message(MsgId::RatingDamaged,
                         {m.name, ratingName(r), before, after,
                          marked > 1 ? MessageArg(Message(MsgId::BoxesCount, {marked})) : QString(),
                          cause.isEmpty() ? byText(source)
                                          : MessageArg(Message(MsgId::InParentheses, {cause}))}),
                 {{QStringLiteral("model"), id},
                  {QStringLiteral("rating"), ratingId(r)},
                  {QStringLiteral("from"), before},
                  {QStringLiteral("to"), after},
                  {QStringLiteral("boxes"), marked}},
                 source.player);
    // Countermeasures: "When a model reaches 0 Defense rating, this System Trait is assumed
    // to be damaged and must be Repaired."
    if (r == Rating::Defense && after == 0) {
        for (int i = 0; i < int(u.traits.size()); ++i) {
            const TraitRef &t = u.traits[std::size_t(i)];
            if (t.name == QLatin1String("Countermeasures") && t.system
                && traitMarked(m, i) < t.boxes) {
                markTrait(m, u, i, t.boxes);
                if (!detail::eventsDropped())
                    addEvent(ctx, QStringLiteral("damage"),
                             Message(MsgId::CountermeasuresDamagedAtDefense0, {m.name}),
                             {{QStringLiteral("model"), id}, {QStringLiteral("trait"), t.name}},
                             source.player);
            }
        }
    }
    return marked;
}

// Catch-All Rules, Random Selection: "Randomize among the potential choices by rolling a
// die as appropriate." House ruling for n choices: a d6 split into n equal runs of faces
// (two: 1-3 the first, 4-6 the second), re-rolling the faces above the last full run
// (n = 4 or 5 re-rolls 5-6 or 6).
int randomSelection(DamageContext &ctx, const QStringList &choices, const Message &why, int player)
{
    const int n = int(choices.size());
    if (n <= 1)
        return 0;
    const int per = 6 / n;
    const int limit = per * n;
    for (;;) {
        const int face = ctx.dice.rollD6();
        if (face > limit) {
            if (!detail::eventsDropped())
                addEvent(ctx, QStringLiteral("roll"),
                         Message(MsgId::RandomSelectionRollAgain, {why, face}),
                         {{QStringLiteral("purpose"), QStringLiteral("random-selection")},
                          {QStringLiteral("die"), face}},
                         player);
            continue;
        }
        const int index = (face - 1) / per;
        if (!detail::eventsDropped())
            addEvent(ctx, QStringLiteral("roll"),
                     Message(MsgId::RandomSelectionResult, {why, face, choices[index]}),
                     {{QStringLiteral("purpose"), QStringLiteral("random-selection")},
                      {QStringLiteral("die"), face},
                      {QStringLiteral("choices"), QJsonArray::fromStringList(choices)},
                      {QStringLiteral("chosen"), index}},
                     player);
        return index;
    }
}

// A Dead ship's embarked models are "placed within 1\" of the Dead model before it is
// removed". House ruling (nobody is asked): each is placed in turn at the first spot, going
// round the ship clockwise from its Fore in 15 degree steps, 0.25", 0.5", 0.75" then 1"
// from the ship's base, that is on the table, touches no model on the table and is clear
// of the Wreck; failing that, clear of models only; failing that, the first spot.
std::optional<Placement> placementNear(const DamageContext &ctx, const BaseShape &ship,
                                       const Unit &unit, int self, const Wreck &wreck)
{
    std::vector<BaseShape> others;
    for (const ModelState &o : ctx.state.models) {
        if (o.id != self && o.onTable() && o.placement != ship.placement()) {
            if (const Unit *ou = ctx.setup.unit(o.unitId))
                others.emplace_back(ou->base, o.placement);
        }
    }
    const auto clearOfModels = [&](const BaseShape &b) {
        return std::none_of(others.begin(), others.end(),
                            [&](const BaseShape &o) { return touching(o, b); });
    };
    const auto onTable = [](const BaseShape &b) {
        return tableRect().contains(b.boundingRect());
    };
    const auto clearOfWreck = [&](const BaseShape &b) {
        return distance(b, wreck.centre) >= wreck.diameter / 2.0;
    };
    std::vector<BaseShape> candidates;
    for (double gap : {0.25, 0.5, 0.75, 1.0}) {
        for (int step = 0; step < 24; ++step) {
            const QPointF dir = facingVector(ship.facing() + 15.0 * step);
            // Distance between convex bases grows along a ray from the centre: bisect.
            double lo = 0, hi = 20;
            for (int i = 0; i < 60; ++i) {
                const double mid = (lo + hi) / 2;
                const BaseShape b(unit.base, Placement(ship.centre() + dir * mid, ship.facing()));
                (distance(ship, b) < gap ? lo : hi) = mid;
            }
            candidates.emplace_back(unit.base, Placement(ship.centre() + dir * hi, ship.facing()));
        }
    }
    for (int pass = 0; pass < 2; ++pass) {
        for (const BaseShape &b : candidates) {
            if (onTable(b) && clearOfModels(b) && (pass == 1 || clearOfWreck(b)))
                return b.placement();
        }
    }
    if (candidates.empty())
        return std::nullopt;
    return candidates.front().placement();
}

void destroyEmbarked(DamageContext &ctx, int carrier, const Message &why)
{
    for (const ModelState &m : ctx.state.models) {
        if (m.location == Location::Embarked && m.carrier == carrier) {
            const int id = m.id;
            destroyEmbarked(ctx, id, why); // squadrons on an embarked capital ship
            destroyModel(ctx, id, why);
        }
    }
}

struct CritOption
{
    enum Kind {
        RatingDamage,
        TraitDamage,
        WeaponDamage,
        MarineDamage
    } kind;
    Rating rating = Rating::Defense;
    int index = -1; // trait or weapon
    Message text;
};

// A sensible default for a player who lets the program choose a Critical Hit: a rating
// at 1 (taking it to 0 counts on the Catastrophic Damage Table), else the weapon line that
// rolls the most dice, else the highest rating, else a System Trait, else Marines.
int defaultCritical(const std::vector<CritOption> &options, const ModelView &v)
{
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].kind == CritOption::RatingDamage && v.rating(options[i].rating) == 1)
            return int(i);
    }
    int best = -1;
    int bestDice = -1;
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].kind != CritOption::WeaponDamage)
            continue;
        const Weapon &w = v.unit().weapons[std::size_t(options[i].index)];
        const int dice = std::max(w.ac.value_or(v.skill()), w.as.value_or(v.skill())) + w.macro;
        if (dice > bestDice) {
            best = int(i);
            bestDice = dice;
        }
    }
    if (best >= 0)
        return best;
    int highest = -1;
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].kind == CritOption::RatingDamage
            && (highest < 0
                || v.rating(options[i].rating) > v.rating(options[std::size_t(highest)].rating)))
            highest = int(i);
    }
    return highest >= 0 ? highest : 0;
}

void systemTraitDamage(DamageContext &ctx, int id, int traitIndex, const DamageSource &source,
                       const Message &cause)
{
    ModelState &m = modelOf(ctx, id);
    const Unit &u = unitOf(ctx, id);
    const TraitRef &t = u.traits[std::size_t(traitIndex)];
    const int before = t.boxes - traitMarked(m, traitIndex);
    markTrait(m, u, traitIndex, 1);
    if (!detail::eventsDropped())
        addEvent(
            ctx, QStringLiteral("damage"),
            Message(MsgId::SystemTraitDamaged, {m.name, t.toString(), before - 1, t.boxes, cause}),
            {{QStringLiteral("model"), id},
             {QStringLiteral("trait"), t.name},
             {QStringLiteral("left"), before - 1}},
            source.player);
}

// Precise: "Damage from D results may be applied to any System Trait or to Defense,
// Sensors, or Thrusters as chosen by the attacker." Asked for each [D] ("precise"): the
// ratings above 0 and the System Traits with a box left; the default is where the [D]
// would go without Precise. No option left: the [D] goes by Value (and so to Structure).
void preciseDamage(DamageContext &ctx, int id, const Success &s, const DamageSource &source,
                   bool twiceIfRedundant)
{
    const ModelView v = viewOf(ctx, id);
    const Unit &u = v.unit();
    std::vector<Message> options;
    std::vector<std::pair<bool, int>> targets; // (trait?, rating or trait index)
    int defaultOption = 0;
    for (Rating r : kRatings) {
        if (v.rating(r) > 0) {
            if (r == ratingForValue(s.value))
                defaultOption = int(options.size());
            options.push_back(
                Message(MsgId::PreciseRatingOption,
                        {ratingName(r), v.rating(r), v.track(r).valueAfter(v.lost(r) + 1)}));
            targets.emplace_back(false, int(r));
        }
    }
    for (int i = 0; i < int(u.traits.size()); ++i) {
        const TraitRef &t = u.traits[std::size_t(i)];
        const int left = t.boxes - traitMarked(v.model(), i);
        // Countermeasures at Defense 0 are already damaged: not a choice.
        if (t.system && left > 0 && !v.systemDamaged(i)) {
            options.push_back(Message(MsgId::PreciseTraitOption, {t.toString(), left, t.boxes}));
            targets.emplace_back(true, i);
        }
    }
    if (options.empty()) {
        applyRatingDamage(ctx, id, ratingForValue(s.value), source, twiceIfRedundant);
        return;
    }
    const QString name = v.model().name;
    const int answer = ctx.chooser.ask(DecisionRequest::typed(
        chooserFor(ctx, id, source), QStringLiteral("precise"),
        Message(MsgId::PreciseWhere, {s.value, name}), std::move(options), defaultOption,
        QJsonObject {{QStringLiteral("model"), id}, {QStringLiteral("value"), s.value}}));
    const auto [trait, index] = targets[std::size_t(answer)];
    if (trait)
        systemTraitDamage(ctx, id, index, source,
                          Message(MsgId::PreciseCause, {s.value, byText(source)}));
    else
        applyRatingDamage(ctx, id, Rating(index), source, twiceIfRedundant);
}

// Mass Driver: "hit results of D cause a Critical Hit to Capital Ships. In the event of
// multiple D results, the attacker chooses which Critical Hit to apply." House ruling:
// v1.2.2 Critical Hits have no Value, so the choice ("mass-driver", asked only when the
// [D]s differ) only names the [D] the Critical Hit comes from, as in the example ("a
// Critical Hit with either a Value of 2 or 6, but not both"); which Critical Hit it is
// is then the attacker's choice as for any Critical Hit.
void massDriverCritical(DamageContext &ctx, int id, const std::vector<int> &values,
                        const DamageSource &source)
{
    std::vector<int> distinct = values;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::vector<Message> options; // dice notation: not translated
    for (int value : distinct)
        options.push_back(Message::plain(QStringLiteral("[D%1]").arg(value)));
    const int answer = ctx.chooser.ask(
        DecisionRequest::typed(chooserFor(ctx, id, source), QStringLiteral("mass-driver"),
                               Message(MsgId::MassDriverWhich, {modelOf(ctx, id).name}),
                               std::move(options), 0, QJsonObject {{QStringLiteral("model"), id}}));
    if (!detail::eventsDropped())
        addEvent(ctx, QStringLiteral("critical"),
                 Message(MsgId::MassDriverCausesCritical,
                         {modelOf(ctx, id).name, distinct[std::size_t(answer)]}),
                 {{QStringLiteral("model"), id},
                  {QStringLiteral("value"), distinct[std::size_t(answer)]}},
                 source.player);
    applyCriticalHit(ctx, id, source);
}

// "Shield": the event for one damage taken off a success of Value 1 or 2.
void shieldEvent(DamageContext &ctx, int target, const Success &s, const DamageSource &source)
{
    if (!detail::eventsDropped())
        addEvent(ctx, QStringLiteral("damage"),
                 Message(MsgId::ShieldTakesOneDamage,
                         {modelOf(ctx, target).name, magnitudeLetter(s.magnitude), s.value}),
                 {{QStringLiteral("model"), target},
                  {QStringLiteral("trait"), QStringLiteral("Shield")}},
                 source.player);
}

void applySquadronResult(DamageContext &ctx, int target, const DiceResult &result,
                         const DamageSource &source, bool shield)
{
    const bool qDestroys = ctx.setup.profile().squadronQPlus == SquadronQPlusRule::Destroyed;
    for (const Success &s : result.successes()) {
        if (!alive(ctx, target))
            return;
        if (s.magnitude == Magnitude::Q && qDestroys) {
            // RULINGS.md 1 (v1.2.2): "[Q+]: the Squadron is Destroyed". House ruling:
            // Shield takes a damage off, but Destroyed is not a number of damage.
            destroyModel(ctx, target, Message(MsgId::QResultCause, {s.value, byText(source)}));
            return;
        }
        // [D] -1, [T] -2, [Q+] -3 (v1.2.4).
        int points = int(s.magnitude);
        if (shield && s.value <= 2) {
            --points;
            shieldEvent(ctx, target, s, source);
        }
        applyStructureDamage(ctx, target, points, source);
    }
}

} // namespace

Rating ratingForValue(int value)
{
    return value <= 2 ? Rating::Defense : value <= 4 ? Rating::Sensors : Rating::Thrusters;
}

double wreckDiameter(const Unit &ship)
{
    return std::clamp(std::max(ship.base.width, ship.base.length), 2.0, 4.0);
}

void destroyModel(DamageContext &ctx, int model, const Message &why)
{
    ModelState &m = modelOf(ctx, model);
    if (!m.inPlay())
        return;
    m.location = Location::Destroyed;
    if (!detail::eventsDropped())
        addEvent(ctx, QStringLiteral("destroyed"), Message(MsgId::ModelDestroyed, {m.name, why}),
                 {{QStringLiteral("model"), model}}, -1);
}

void applyRatingDamage(DamageContext &ctx, int target, Rating rating, const DamageSource &source,
                       bool twiceIfRedundant)
{
    if (!alive(ctx, target))
        return;
    const ModelView v = viewOf(ctx, target);
    Rating hit = rating;
    if (v.rating(rating) == 0) {
        // "If there are no remaining boxes to mark, the rating is considered to be 0, and
        // further hits that would apply to that Rating are randomized to any remaining
        // Ratings. If there are no remaining Ratings, apply a damage to Structure instead."
        std::vector<Rating> remaining;
        QStringList names;
        for (Rating r : kRatings) {
            if (v.rating(r) > 0) {
                remaining.push_back(r);
                names << ratingName(r);
            }
        }
        if (remaining.empty()) {
            if (!detail::eventsDropped())
                addEvent(
                    ctx, QStringLiteral("damage"),
                    Message(MsgId::NoRatingLeftToStructure, {v.model().name, ratingName(rating)}),
                    {{QStringLiteral("model"), target}}, source.player);
            applyStructureDamage(ctx, target, 1, source);
            return;
        }
        hit = remaining[std::size_t(randomSelection(
            ctx, names, Message(MsgId::RatingAtZeroOn, {ratingName(rating), v.model().name}),
            source.player))];
    }
    int boxes = 1;
    if (twiceIfRedundant) {
        // Particle Cannon: "Capital ships hit with a D damage a system twice if that system
        // damage point is redundant": the box hit (the highest unmarked) has an unmarked twin
        // below it, i.e. marking it alone would not lower the rating.
        const std::vector<int> &track = v.track(hit).boxes;
        const int index = int(track.size()) - v.lost(hit) - 1;
        if (index > 0 && track[std::size_t(index - 1)] == track[std::size_t(index)])
            boxes = 2;
    }
    markRating(ctx, target, hit, boxes, source,
               boxes == 2 ? Message(MsgId::ParticleCannonRedundantBox) : Message());
}

void applyStructureDamage(DamageContext &ctx, int target, int points, const DamageSource &source)
{
    for (int i = 0; i < points; ++i) {
        if (!alive(ctx, target))
            return;
        ModelState &m = modelOf(ctx, target);
        const Unit &u = unitOf(ctx, target);
        const ModelView v(u, m);
        if (u.isSquadron()) {
            markRating(ctx, target, Rating::Structure, 1, source, Message());
            if (v.structure() == 0) {
                destroyModel(ctx, target, Message(MsgId::StructureZero));
                return;
            }
            continue;
        }
        if (v.structure() > 0) {
            markRating(ctx, target, Rating::Structure, 1, source, Message());
            if (v.structure() > 0)
                continue;
            if (!m.has(FlagCrippled)) {
                m.set(FlagCrippled);
                if (!detail::eventsDropped())
                    addEvent(ctx, QStringLiteral("state"),
                             Message(MsgId::CrippledAtStructureZero, {m.name}),
                             {{QStringLiteral("model"), target},
                              {QStringLiteral("state"), QStringLiteral("crippled")}},
                             -1);
            }
        } else {
            // "A model cannot be reduced to less than zero Structure rating. If a model
            // would be reduced to less than zero Structure, roll on the Catastrophic
            // Damage Table."
            if (!detail::eventsDropped())
                addEvent(ctx, QStringLiteral("damage"),
                         Message(MsgId::StructureBelowZero, {m.name, byText(source)}),
                         {{QStringLiteral("model"), target}}, source.player);
        }
        rollCatastrophicDamage(ctx, target);
    }
}

void applyCriticalHit(DamageContext &ctx, int target, const DamageSource &source)
{
    if (!alive(ctx, target))
        return;
    const ModelView v = viewOf(ctx, target);
    const Unit &u = v.unit();
    if (u.isSquadron())
        return;
    std::vector<CritOption> options;
    for (Rating r : kRatings) {
        if (v.rating(r) > 0)
            options.push_back(
                {CritOption::RatingDamage, r, -1,
                 Message(MsgId::CriticalRatingOption,
                         {ratingName(r), v.rating(r), v.track(r).valueAfter(v.lost(r) + 1)})});
    }
    for (int i = 0; i < int(u.traits.size()); ++i) {
        const TraitRef &t = u.traits[std::size_t(i)];
        const int left = t.boxes - traitMarked(v.model(), i);
        // Countermeasures at Defense 0 are already damaged: not a choice.
        if (t.system && left > 0 && !v.systemDamaged(i))
            options.push_back({CritOption::TraitDamage, Rating::Defense, i,
                               Message(MsgId::CriticalTraitOption, {t.toString(), left, t.boxes})});
    }
    for (int i = 0; i < int(u.weapons.size()); ++i) {
        const int left = v.weaponInstancesLeft(i);
        if (left > 0) {
            const Weapon &w = u.weapons[std::size_t(i)];
            options.push_back({CritOption::WeaponDamage, Rating::Defense, i,
                               w.count > 1
                                   ? Message(MsgId::CriticalWeaponsOption, {w.name, left, w.count})
                                   : Message(MsgId::CriticalWeaponOption, {w.name})});
        }
    }
    if (v.rating(Rating::Marines) > 0)
        options.push_back(
            {CritOption::MarineDamage, Rating::Marines, -1,
             Message(MsgId::CriticalMarinesOption,
                     {v.rating(Rating::Marines),
                      v.track(Rating::Marines).valueAfter(v.lost(Rating::Marines) + 1)})});
    const QString name = v.model().name;
    if (options.empty()) {
        // "If none of the above options can be chosen, inflict an additional Structure
        // Damage and roll on the Catastrophic Damage Table if necessary."
        if (!detail::eventsDropped())
            addEvent(ctx, QStringLiteral("critical"), Message(MsgId::CriticalNothingLeft, {name}),
                     {{QStringLiteral("model"), target},
                      {QStringLiteral("option"), QStringLiteral("structure")}},
                     source.player);
        applyStructureDamage(ctx, target, 1, source);
        return;
    }
    // Answered without building the question when the answer is known (recorded, or the
    // default): the options as sentences and as data are built only to be asked.
    const int asked = chooserFor(ctx, target, source);
    const int defaultOption = defaultCritical(options, v);
    const std::optional<int> known
        = ctx.chooser.answerUnasked(int(options.size()), asked, defaultOption);
    const int answer = known ? *known : [&] {
        std::vector<Message> texts;
        QJsonArray choices; // the options as data: views never read the sentences
        for (const CritOption &o : options) {
            texts.push_back(o.text);
            QJsonObject c;
            switch (o.kind) {
            case CritOption::RatingDamage:
            case CritOption::MarineDamage:
                c = {{QStringLiteral("kind"),
                      o.kind == CritOption::RatingDamage ? QStringLiteral("rating")
                                                         : QStringLiteral("marines")},
                     {QStringLiteral("rating"), ratingId(o.rating)},
                     {QStringLiteral("from"), v.rating(o.rating)},
                     {QStringLiteral("to"), v.track(o.rating).valueAfter(v.lost(o.rating) + 1)}};
                break;
            case CritOption::TraitDamage: {
                const TraitRef &t = u.traits[std::size_t(o.index)];
                c = {{QStringLiteral("kind"), QStringLiteral("trait")},
                     {QStringLiteral("trait"), t.toString()},
                     {QStringLiteral("index"), o.index},
                     {QStringLiteral("left"), t.boxes - traitMarked(v.model(), o.index)},
                     {QStringLiteral("of"), t.boxes}};
                break;
            }
            case CritOption::WeaponDamage: {
                const Weapon &w = u.weapons[std::size_t(o.index)];
                c = {{QStringLiteral("kind"), QStringLiteral("weapon")},
                     {QStringLiteral("weapon"), w.name},
                     {QStringLiteral("index"), o.index},
                     {QStringLiteral("left"), v.weaponInstancesLeft(o.index)},
                     {QStringLiteral("of"), w.count}};
                break;
            }
            }
            choices.append(c);
        }
        return ctx.chooser.ask(DecisionRequest::typed(
            asked, QStringLiteral("critical"), Message(MsgId::CriticalWhich, {name}),
            std::move(texts), defaultOption,
            QJsonObject {{QStringLiteral("model"), target}, {QStringLiteral("choices"), choices}}));
    }();
    const CritOption &o = options[std::size_t(answer)];
    if (!detail::eventsDropped())
        addEvent(ctx, QStringLiteral("critical"), Message(MsgId::CriticalHitChosen, {name, o.text}),
                 {{QStringLiteral("model"), target}, {QStringLiteral("option"), o.text.english()}},
                 source.player);
    const Message cause(MsgId::CriticalHit);
    switch (o.kind) {
    case CritOption::RatingDamage:
        markRating(ctx, target, o.rating, 1, source, cause);
        break;
    case CritOption::TraitDamage:
        systemTraitDamage(ctx, target, o.index, source, cause);
        break;
    case CritOption::WeaponDamage: {
        ModelState &m = modelOf(ctx, target);
        if (m.weaponsDamaged.size() < u.weapons.size())
            m.weaponsDamaged.resize(u.weapons.size(), 0);
        ++m.weaponsDamaged[std::size_t(o.index)];
        if (!detail::eventsDropped())
            addEvent(ctx, QStringLiteral("damage"),
                     Message(MsgId::WeaponDamaged, {name, u.weapons[std::size_t(o.index)].name}),
                     {{QStringLiteral("model"), target}, {QStringLiteral("weapon"), o.index}},
                     source.player);
        break;
    }
    case CritOption::MarineDamage:
        markRating(ctx, target, Rating::Marines, 1, source, cause);
        break;
    }
}

void applyAttackResult(DamageContext &ctx, int target, const DiceResult &result,
                       const DamageSource &source)
{
    if (!alive(ctx, target))
        return;
    const Unit &u = unitOf(ctx, target);
    // Shield: "[D+] Results with values of [1] or [2] do one less damage." House ruling on
    // what "one less damage" takes off: a Squadron loses one Structure less; a Capital
    // Ship's [D] does no Rating Damage, its [T] no Structure damage (the Critical Hit
    // stays), its [Q+] one Structure damage less.
    const bool shield = u.hasTrait(QStringLiteral("Shield"));
    if (u.isSquadron()) {
        applySquadronResult(ctx, target, result, source, shield);
        // Disrupted: "A Squadron that has been hit by a Particle Cannon" (States). The
        // Weapons chapter says "in a dogfight"; Particle Cannons are capital ship weapons,
        // so the States chapter's wording is followed: any hit (a success that remains).
        if (source.weaponClass == WeaponClass::ParticleCannon && result.isSuccess()
            && alive(ctx, target) && !modelOf(ctx, target).has(FlagDisrupted)) {
            ModelState &m = modelOf(ctx, target);
            m.set(FlagDisrupted);
            if (!detail::eventsDropped())
                addEvent(ctx, QStringLiteral("state"),
                         Message(MsgId::DisruptedByParticleCannon, {m.name}),
                         {{QStringLiteral("model"), target},
                          {QStringLiteral("state"), QStringLiteral("disrupted")}},
                         source.player);
        }
        return;
    }

    const bool particle = source.weaponClass == WeaponClass::ParticleCannon;
    const bool massDriver = source.weaponClass == WeaponClass::MassDriver;
    std::vector<int> massDriverValues; // the [D]s that did damage
    bool massDriverDone = false;
    const auto massDriverCrit = [&] {
        if (massDriver && !massDriverDone && !massDriverValues.empty() && alive(ctx, target))
            massDriverCritical(ctx, target, massDriverValues, source);
        massDriverDone = true;
    };
    // "Lowest Magnitude first ... then the lowest Value": the order DiceResult keeps.
    for (const Success &s : result.successes()) {
        if (!alive(ctx, target))
            return;
        const bool shielded = shield && s.value <= 2;
        if (shielded)
            shieldEvent(ctx, target, s, source);
        if (s.magnitude == Magnitude::D) {
            if (shielded)
                continue;
            massDriverValues.push_back(s.value);
            if (source.precise)
                preciseDamage(ctx, target, s, source, particle);
            else
                applyRatingDamage(ctx, target, ratingForValue(s.value), source, particle);
            continue;
        }
        massDriverCrit(); // after the [D]s it comes from, before the [T+]s
        const int crits = s.magnitude == Magnitude::Q ? 2 : 1;
        applyStructureDamage(ctx, target, crits - (shielded ? 1 : 0), source);
        for (int c = 0; c < crits; ++c)
            applyCriticalHit(ctx, target, source);
        // Particle Cannon: "[T+] ... also suffer one damage to the appropriate system as
        // determined by the Value of the result."
        if (particle)
            applyRatingDamage(ctx, target, ratingForValue(s.value), source);
    }
    massDriverCrit();
}

Catastrophe rollCatastrophicDamage(DamageContext &ctx, int ship)
{
    if (!alive(ctx, ship) || unitOf(ctx, ship).isSquadron())
        return Catastrophe::NoEffect;
    const ModelView v = viewOf(ctx, ship);
    const QString name = v.model().name;
    const int zero = v.systemsAtZero();
    const int face = ctx.dice.rollD6();
    const int total = face + zero;
    const Catastrophe outcome = total >= 8 ? Catastrophe::Explode
        : total >= 6                       ? Catastrophe::Dead
                                           : Catastrophe::NoEffect;
    const Message outcomeText(outcome == Catastrophe::Explode    ? MsgId::CatastropheExplode
                                  : outcome == Catastrophe::Dead ? MsgId::CatastropheDead
                                                                 : MsgId::CatastropheNoEffect);
    if (!detail::eventsDropped())
        addEvent(ctx, QStringLiteral("catastrophic"),
                 Message(MsgId::CatastrophicRoll, {name, face, zero, total, outcomeText}),
                 {{QStringLiteral("model"), ship},
                  {QStringLiteral("die"), face},
                  {QStringLiteral("systemsAtZero"), zero},
                  {QStringLiteral("total"), total},
                  {QStringLiteral("outcome"), outcomeText.english().toLower().replace(u' ', u'-')}},
                 -1);
    if (outcome == Catastrophe::NoEffect)
        return outcome;

    ModelState &m = modelOf(ctx, ship);
    if (outcome == Catastrophe::Dead) {
        const Wreck wreck {m.placement.centre(), wreckDiameter(v.unit()), name};
        // "Models that are Embarked on a Dead model are placed within 1\" of the Dead
        // model before it is removed."
        const BaseShape shipBase = v.base();
        const bool onTable = m.onTable();
        for (const ModelState &e : ctx.state.models) {
            if (e.location != Location::Embarked || e.carrier != ship)
                continue;
            const int id = e.id;
            ModelState &em = modelOf(ctx, id);
            if (!onTable) {
                // The Dead ship was itself embarked: its passengers stay aboard its carrier.
                em.carrier = m.carrier;
                continue;
            }
            const Unit &eu = unitOf(ctx, id);
            if (ctx.setup.physical()) {
                // A physical table: the players place it; the engine keeps it apart.
                em.location = Location::Table;
                em.carrier = -1;
                em.placement = rules::physicalSpot(id);
                if (!detail::eventsDropped())
                    addEvent(ctx, QStringLiteral("placed"),
                             Message(MsgId::EmbarkedPlacedNearDeadOnTable, {em.name, name}),
                             {{QStringLiteral("model"), id}, {QStringLiteral("carrier"), ship}},
                             -1);
            } else if (const auto p = placementNear(ctx, shipBase, eu, id, wreck)) {
                em.location = Location::Table;
                em.carrier = -1;
                em.placement = *p;
                if (!detail::eventsDropped())
                    addEvent(ctx, QStringLiteral("placed"),
                             Message(MsgId::EmbarkedPlacedNearDead,
                                     {em.name, name,
                                      QStringLiteral("%1").arg(p->centre().x(), 0, 'f', 2),
                                      QStringLiteral("%1").arg(p->centre().y(), 0, 'f', 2)}),
                             {{QStringLiteral("model"), id}, {QStringLiteral("carrier"), ship}},
                             -1);
            }
        }
        destroyModel(ctx, ship, Message(MsgId::CatastropheDead));
        if (onTable) {
            ctx.state.wrecks.push_back(wreck);
            if (!detail::eventsDropped())
                addEvent(ctx, QStringLiteral("wreck"),
                         Message(MsgId::ReplacedWithWreck,
                                 {name, QStringLiteral("%1").arg(wreck.diameter)}),
                         {{QStringLiteral("model"), ship},
                          {QStringLiteral("x"), wreck.centre.x()},
                          {QStringLiteral("y"), wreck.centre.y()},
                          {QStringLiteral("diameter"), wreck.diameter}},
                         -1);
        }
        return outcome;
    }
    // "Models Embarked on a model which Explodes are assumed to be lost in the explosion
    // and count as Destroyed."
    destroyEmbarked(ctx, ship, Message(MsgId::LostInExplosionOf, {name}));
    const bool onTable = m.onTable();
    destroyModel(ctx, ship, Message(MsgId::CatastropheExplode));
    if (onTable)
        resolveExplosion(ctx, ship);
    return outcome;
}

Catastrophe rollCatastrophicDamage(const GameSetup &setup, GameState &state, int ship,
                                   DiceSource &dice, Chooser &chooser,
                                   std::vector<GameEvent> &events)
{
    DamageContext ctx {setup, state, dice, chooser, events};
    return rollCatastrophicDamage(ctx, ship);
}

} // namespace jw
