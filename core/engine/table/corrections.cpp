// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/table/corrections.h"
#include "engine/table/tablequestions.h"

#include "engine/messageids.h"
#include "engine/modelstate.h"

#include <QJsonObject>

namespace jw::rules {

using detail::refuse;

namespace {

const QString kRule = QStringLiteral("Physical table");

struct RatingField
{
    const char *id;
    Rating rating;
};
constexpr RatingField kRatingFields[] = {
    {"structure", Rating::Structure}, {"defense", Rating::Defense}, {"sensors", Rating::Sensors},
    {"thrusters", Rating::Thrusters}, {"marines", Rating::Marines}, {"fuel", Rating::Fuel},
};

void checkRange(const QString &what, const QString &of, int value, int min, int max)
{
    if (value < min || value > max)
        refuse(kRule, Message(MsgId::CorrectionOutOfRange, {what, of, min, max, value}));
}

// Where a model is, as the log says it.
Message locationText(const Engine &engine, const GameState &s, const ModelState &m)
{
    switch (m.location) {
    case Location::Table:
        return Message(MsgId::LocationOnTable);
    case Location::Reserve:
        return Message(MsgId::LocationInReserve);
    case Location::Embarked:
        return Message(MsgId::LocationEmbarkedOn, {engine.modelMessage(s, m.carrier)});
    case Location::Destroyed:
        return Message(MsgId::LocationDestroyed);
    case Location::Withdrawn:
        return Message(MsgId::LocationWithdrawn);
    }
    return {};
}

} // namespace

void correct(Context &ctx, const CorrectCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (!engine.setup().physical())
        refuse(kRule, Message(MsgId::CorrectionDigitalTable));
    QJsonObject data {{QStringLiteral("model"), c.model},
                      {QStringLiteral("field"), c.field},
                      {QStringLiteral("value"), c.value}};
    if (c.index != 0)
        data.insert(QStringLiteral("index"), c.index);
    if (!c.key.isEmpty())
        data.insert(QStringLiteral("key"), c.key);
    const auto logged = [&](const Message &m, int was) {
        data.insert(QStringLiteral("was"), was);
        ctx.event(QStringLiteral("correction"), m, data);
    };
    const auto unchanged = [&](int was, const QString &shown) {
        if (was == c.value)
            refuse(kRule, Message(MsgId::CorrectionNoChange, {c.field, shown}));
    };

    if (c.field == QLatin1String("objective-points")) {
        if (c.model != -1)
            refuse(kRule,
                   Message(MsgId::CorrectionGameField, {c.field, engine.modelMessage(s, c.model)}));
        if (c.index < 0 || c.index > 1)
            refuse(kRule, Message(MsgId::CorrectionNoPlayer, {c.index}));
        checkRange(c.field, QString::number(c.index), c.value, 0, kMaxCorrectValue);
        int &points = s.objectivePoints[std::size_t(c.index)];
        unchanged(points, QString::number(points));
        const int was = points;
        points = c.value;
        logged(Message(MsgId::CorrectionObjectivePoints, {c.index, c.value, was}), was);
        return;
    }

    static const QStringList modelFields {
        QStringLiteral("structure"), QStringLiteral("defense"),      QStringLiteral("sensors"),
        QStringLiteral("thrusters"), QStringLiteral("marines"),      QStringLiteral("fuel"),
        QStringLiteral("weapon"),    QStringLiteral("trait"),        QStringLiteral("state"),
        QStringLiteral("activated"), QStringLiteral("fire-control"), QStringLiteral("location")};
    if (!modelFields.contains(c.field))
        refuse(kRule, Message(MsgId::CorrectionUnknownField, {c.field}));
    if (c.model == -1)
        refuse(kRule, Message(MsgId::CorrectionModelField, {c.field}));
    if (!s.model(c.model))
        refuse(kRule, Message(MsgId::CorrectionNoModel, {c.model}));
    ModelState &m = s.models[std::size_t(c.model)];
    const Unit &unit = engine.unitOf(m);
    const ModelView view(unit, m);
    const QString name = m.name;

    for (const RatingField &f : kRatingFields) {
        if (c.field != QLatin1String(f.id))
            continue;
        const int boxes = view.track(f.rating).size();
        checkRange(c.field, name, c.value, 0, boxes);
        const int was = view.lost(f.rating);
        unchanged(was, QString::number(was));
        switch (f.rating) {
        case Rating::Structure:
            m.structureLost = c.value;
            break;
        case Rating::Defense:
            m.defenseLost = c.value;
            break;
        case Rating::Sensors:
            m.sensorsLost = c.value;
            break;
        case Rating::Thrusters:
            m.thrustersLost = c.value;
            break;
        case Rating::Marines:
            m.marinesLost = c.value;
            break;
        case Rating::Fuel:
            m.fuelSpent = c.value;
            break;
        }
        logged(f.rating == Rating::Fuel
                   ? Message(MsgId::CorrectionSpent, {name, ratingName(f.rating), c.value, was})
                   : Message(MsgId::CorrectionBoxes, {name, ratingName(f.rating), c.value, was}),
               was);
        // The one consequence kept mechanically: a model with no Structure left is not in
        // play. (Catastrophic Damage, the Explosion and the like were resolved on the
        // table; the players correct what they changed.)
        if (f.rating == Rating::Structure && m.inPlay() && boxes > 0
            && view.rating(Rating::Structure) == 0) {
            m.location = Location::Destroyed;
            ctx.event(QStringLiteral("destroyed"), Message(MsgId::CorrectionDestroyed, {name}),
                      {{QStringLiteral("model"), m.id}});
        }
        return;
    }
    if (c.field == QLatin1String("weapon")) {
        if (c.index >= int(unit.weapons.size()) || c.index >= int(m.weaponsDamaged.size()))
            refuse(kRule, Message(MsgId::CorrectionNoWeapon, {name, c.index}));
        const Weapon &w = unit.weapons[std::size_t(c.index)];
        checkRange(w.name, name, c.value, 0, w.count);
        int &damaged = m.weaponsDamaged[std::size_t(c.index)];
        unchanged(damaged, QString::number(damaged));
        const int was = damaged;
        damaged = c.value;
        logged(Message(MsgId::CorrectionWeapon, {name, w.name, c.value, was}), was);
        return;
    }
    if (c.field == QLatin1String("trait")) {
        if (c.index >= int(unit.traits.size()) || c.index >= int(m.traitsDamaged.size())
            || unit.traits[std::size_t(c.index)].boxes <= 0)
            refuse(kRule, Message(MsgId::CorrectionNoTrait, {name, c.index}));
        const TraitRef &t = unit.traits[std::size_t(c.index)];
        checkRange(t.name, name, c.value, 0, t.boxes);
        int &marked = m.traitsDamaged[std::size_t(c.index)];
        unchanged(marked, QString::number(marked));
        const int was = marked;
        marked = c.value;
        logged(Message(MsgId::CorrectionBoxes, {name, t.name, c.value, was}), was);
        return;
    }
    if (c.field == QLatin1String("state")) {
        const quint32 flag = flagFromId(c.key);
        if (flag == 0)
            refuse(kRule,
                   Message(MsgId::CorrectionUnknownState,
                           {c.key, flagIds(~quint32(0)).join(QStringLiteral(", "))}));
        checkRange(c.key, name, c.value, 0, 1);
        const int was = m.has(ModelFlag(flag)) ? 1 : 0;
        unchanged(was, QString::number(was));
        m.set(ModelFlag(flag), c.value == 1);
        const QString state = flagName(ModelFlag(flag));
        logged(c.value ? Message(MsgId::CorrectionStateOn, {name, state})
                       : Message(MsgId::CorrectionStateOff, {name, state}),
               was);
        return;
    }
    if (c.field == QLatin1String("activated")) {
        checkRange(c.field, name, c.value, 0, 1);
        const int was = m.activated ? 1 : 0;
        unchanged(was, QString::number(was));
        m.activated = c.value == 1;
        logged(c.value ? Message(MsgId::CorrectionActivated, {name})
                       : Message(MsgId::CorrectionNotActivated, {name}),
               was);
        return;
    }
    if (c.field == QLatin1String("fire-control")) {
        checkRange(c.field, name, c.value, 0, unit.fireControl);
        const int was = m.fireControlSpent;
        unchanged(was, QString::number(was));
        m.fireControlSpent = c.value;
        logged(
            Message(MsgId::CorrectionSpent, {name, QStringLiteral("Fire Control"), c.value, was}),
            was);
        return;
    }
    // location
    const std::optional<Location> where = locationFromId(c.key);
    if (!where)
        refuse(kRule, Message(MsgId::CorrectionUnknownLocation, {c.key}));
    int carrier = -1;
    if (*where == Location::Embarked) {
        const ModelState *k = s.model(c.index);
        if (!k || k->id == m.id || !k->onTable())
            refuse(kRule, Message(MsgId::CorrectionNoCarrier, {name, c.index}));
        carrier = k->id;
    }
    if (*where == m.location && carrier == m.carrier)
        refuse(kRule, Message(MsgId::CorrectionNoChange, {c.field, c.key}));
    const Message was = locationText(engine, s, m);
    data.insert(QStringLiteral("was"), locationId(m.location));
    m.location = *where;
    m.carrier = carrier;
    // Put back on the table: where the engine keeps a physical table's models, apart.
    if (*where == Location::Table)
        m.placement = physicalSpot(m.id);
    ctx.event(QStringLiteral("correction"),
              Message(MsgId::CorrectionLocation, {name, locationText(engine, s, m), was}), data);
}

} // namespace jw::rules
