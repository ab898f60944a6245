// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/command.h"

#include <QJsonArray>

#include <cmath>

namespace jw {

namespace {

QJsonObject placementJson(const Placement &p)
{
    return QJsonObject {{QStringLiteral("x"), p.centre().x()},
                        {QStringLiteral("y"), p.centre().y()},
                        {QStringLiteral("facing"), p.facing()}};
}

// Far beyond any table (48" and its surroundings), but bounded: a damaged
// file must not reach the geometry with 1e300 or a million points.
constexpr double kMaxCoordinate = 10'000;
constexpr qsizetype kMaxPathPoints = 1000;

bool number(const QJsonObject &o, const char *key, double *out, DataText *error,
            bool required = true)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined()) {
        if (required && error)
            *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' is missing"),
                                  {QString::fromLatin1(key)});
        return !required;
    }
    if (!v.isDouble()) {
        if (error)
            *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a number"),
                                  {QString::fromLatin1(key)});
        return false;
    }
    // (Written so that NaN fails too: a script's `.nan` reaches here.)
    if (!(std::abs(v.toDouble()) <= kMaxCoordinate)) {
        if (error)
            *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be between -%2 and %2"),
                                  {QString::fromLatin1(key), QString::number(kMaxCoordinate)});
        return false;
    }
    *out = v.toDouble();
    return true;
}

// A list of [x, y] points ("path").
std::optional<std::vector<QPointF>> pointList(const QJsonValue &path, DataText *error)
{
    if (!path.isArray()) {
        if (error)
            *error = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "'path' must be a list of [x, y] points"));
        return std::nullopt;
    }
    if (path.toArray().size() > kMaxPathPoints) {
        if (error)
            *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'path' has more than %1 points"),
                                  {kMaxPathPoints});
        return std::nullopt;
    }
    std::vector<QPointF> out;
    for (const QJsonValue &v : path.toArray()) {
        const QJsonArray p = v.toArray();
        if (p.size() != 2 || !p[0].isDouble() || !p[1].isDouble()
            || !(std::abs(p[0].toDouble()) <= kMaxCoordinate)
            || !(std::abs(p[1].toDouble()) <= kMaxCoordinate)) {
            if (error)
                *error
                    = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'path' points must be [x, y]"));
            return std::nullopt;
        }
        out.push_back(QPointF(p[0].toDouble(), p[1].toDouble()));
    }
    return out;
}

bool integer(const QJsonObject &o, const char *key, int *out, DataText *error)
{
    double d = 0;
    if (!number(o, key, &d, error))
        return false;
    if (d != double(int(d))) {
        if (error)
            *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number"),
                                  {QString::fromLatin1(key)});
        return false;
    }
    *out = int(d);
    return true;
}

} // namespace

QString commandId(const Command &c)
{
    return std::visit(
        Overloaded {
            [](const DeployCommand &) { return QStringLiteral("deploy"); },
            [](const EmbarkCommand &) { return QStringLiteral("embark"); },
            [](const DeclineCommand &) { return QStringLiteral("decline"); },
            [](const ActivateCommand &) { return QStringLiteral("activate"); },
            [](const MoveCapitalCommand &) { return QStringLiteral("move"); },
            [](const MoveSquadronCommand &) { return QStringLiteral("move-squadron"); },
            [](const AttackCommand &) { return QStringLiteral("attack"); },
            [](const AnswerCommand &) { return QStringLiteral("answer"); },
            [](const ResolveActionCommand &) { return QStringLiteral("resolve-action"); },
            [](const LaunchCommand &) { return QStringLiteral("launch"); },
            [](const LandCommand &) { return QStringLiteral("land"); },
            [](const EndActivationCommand &) { return QStringLiteral("end-activation"); },
            [](const PlaceBeaconCommand &) { return QStringLiteral("place-beacon"); },
            [](const PlaceCometCommand &) { return QStringLiteral("place-comet"); },
            [](const ScenarioSetupCommand &) { return QStringLiteral("scenario-setup"); },
            [](const RollCommand &) { return QStringLiteral("roll"); },
            [](const CorrectCommand &) { return QStringLiteral("correct"); },
        },
        c);
}

ActivateCommand ActivateCommand::fromKey(int model, const QString &key)
{
    const std::optional<ActionId> id = actionFromKey(key);
    return ActivateCommand {model, id, id ? QString() : key};
}

QString ActivateCommand::actionKey() const
{
    return action ? jw::actionKey(*action) : unknownAction;
}

QJsonObject commandToJson(const Command &c)
{
    QJsonObject o {{QStringLiteral("command"), commandId(c)}};
    std::visit(Overloaded {
                   [&](const DeployCommand &d) {
                       o.insert(QStringLiteral("model"), d.model);
                       const QJsonObject p = placementJson(d.placement);
                       for (auto it = p.begin(); it != p.end(); ++it)
                           o.insert(it.key(), it.value());
                       if (d.water)
                           o.insert(QStringLiteral("water"), *d.water);
                   },
                   [&](const EmbarkCommand &e) {
                       o.insert(QStringLiteral("model"), e.model);
                       o.insert(QStringLiteral("carrier"), e.carrier);
                   },
                   [&](const DeclineCommand &) {},
                   [&](const ActivateCommand &a) {
                       o.insert(QStringLiteral("model"), a.model);
                       const QString key = a.actionKey();
                       if (!key.isEmpty())
                           o.insert(QStringLiteral("action"), key);
                   },
                   [&](const MoveCapitalCommand &m) {
                       QJsonArray legs;
                       for (const MoveLeg &l : m.legs)
                           legs.append(QJsonObject {{QStringLiteral("forward"), l.distance},
                                                    {QStringLiteral("turn"), l.turn}});
                       o.insert(QStringLiteral("legs"), legs);
                   },
                   [&](const MoveSquadronCommand &m) {
                       QJsonArray path;
                       for (const QPointF &p : m.path)
                           path.append(QJsonArray {p.x(), p.y()});
                       o.insert(QStringLiteral("path"), path);
                   },
                   [&](const AttackCommand &a) {
                       o.insert(QStringLiteral("weapon"), a.weapon);
                       o.insert(QStringLiteral("target"), a.target);
                   },
                   [&](const AnswerCommand &a) {
                       o.insert(QStringLiteral("option"),
                                a.option ? QJsonValue(*a.option)
                                         : QJsonValue(QStringLiteral("default")));
                       if (!a.path.empty()) {
                           QJsonArray path;
                           for (const QPointF &p : a.path)
                               path.append(QJsonArray {p.x(), p.y()});
                           o.insert(QStringLiteral("path"), path);
                       }
                   },
                   [&](const LaunchCommand &l) {
                       const QJsonObject p = placementJson(l.placement);
                       for (auto it = p.begin(); it != p.end(); ++it)
                           o.insert(it.key(), it.value());
                   },
                   [&](const LandCommand &l) { o.insert(QStringLiteral("carrier"), l.carrier); },
                   [&](const ResolveActionCommand &r) {
                       if (r.target)
                           o.insert(QStringLiteral("target"), *r.target);
                       if (r.at)
                           o.insert(QStringLiteral("at"), QJsonArray {r.at->x(), r.at->y()});
                       if (r.terrain)
                           o.insert(QStringLiteral("terrain"), *r.terrain);
                   },
                   [&](const EndActivationCommand &) {},
                   [&](const PlaceBeaconCommand &b) {
                       o.insert(QStringLiteral("x"), b.at.x());
                       o.insert(QStringLiteral("y"), b.at.y());
                   },
                   [&](const ScenarioSetupCommand &) {},
                   [&](const PlaceCometCommand &c) {
                       o.insert(QStringLiteral("x"), c.at.x());
                       o.insert(QStringLiteral("y"), c.at.y());
                       o.insert(QStringLiteral("diameter"), c.diameter);
                       if (!c.tail.empty()) {
                           QJsonArray tail;
                           for (const QPointF &p : c.tail)
                               tail.append(QJsonArray {p.x(), p.y()});
                           o.insert(QStringLiteral("tail"), tail);
                       }
                   },
                   [&](const RollCommand &r) {
                       QJsonArray faces;
                       for (int f : r.faces)
                           faces.append(f);
                       o.insert(QStringLiteral("faces"), faces);
                   },
                   [&](const CorrectCommand &c) {
                       o.insert(QStringLiteral("model"), c.model);
                       o.insert(QStringLiteral("field"), c.field);
                       if (c.index != 0)
                           o.insert(QStringLiteral("index"), c.index);
                       if (!c.key.isEmpty())
                           o.insert(QStringLiteral("key"), c.key);
                       o.insert(QStringLiteral("value"), c.value);
                   },
               },
               c);
    return o;
}

namespace {

std::optional<Command> readCommand(const QJsonObject &o, DataText *error)
{
    const QString id = o.value(QStringLiteral("command")).toString();
    if (id == QLatin1String("deploy")) {
        DeployCommand d;
        double x = 0, y = 0, facing = 0;
        if (!integer(o, "model", &d.model, error) || !number(o, "x", &x, error)
            || !number(o, "y", &y, error) || !number(o, "facing", &facing, error, false))
            return std::nullopt;
        d.placement = Placement(QPointF(x, y), facing);
        if (o.contains(QStringLiteral("water"))) {
            int water = 0;
            if (!integer(o, "water", &water, error))
                return std::nullopt;
            d.water = water;
        }
        return d;
    }
    if (id == QLatin1String("embark")) {
        EmbarkCommand e;
        if (!integer(o, "model", &e.model, error) || !integer(o, "carrier", &e.carrier, error))
            return std::nullopt;
        return e;
    }
    if (id == QLatin1String("decline"))
        return DeclineCommand {};
    if (id == QLatin1String("activate")) {
        int model = -1;
        if (!integer(o, "model", &model, error))
            return std::nullopt;
        return ActivateCommand::fromKey(model, o.value(QStringLiteral("action")).toString());
    }
    if (id == QLatin1String("move")) {
        MoveCapitalCommand m;
        const QJsonValue legs = o.value(QStringLiteral("legs"));
        if (!legs.isArray()) {
            if (error)
                *error = DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "'legs' must be a list of {forward, turn}"));
            return std::nullopt;
        }
        for (const QJsonValue &v : legs.toArray()) {
            MoveLeg leg;
            const QJsonObject l = v.toObject();
            if (!number(l, "forward", &leg.distance, error, false)
                || !number(l, "turn", &leg.turn, error, false))
                return std::nullopt;
            m.legs.push_back(leg);
        }
        return m;
    }
    if (id == QLatin1String("move-squadron")) {
        MoveSquadronCommand m;
        auto path = pointList(o.value(QStringLiteral("path")), error);
        if (!path)
            return std::nullopt;
        m.path = *path;
        return m;
    }
    if (id == QLatin1String("attack")) {
        AttackCommand a;
        if (!integer(o, "weapon", &a.weapon, error) || !integer(o, "target", &a.target, error))
            return std::nullopt;
        return a;
    }
    if (id == QLatin1String("answer")) {
        AnswerCommand a;
        const QJsonValue v = o.value(QStringLiteral("option"));
        if (v.isDouble())
            a.option = v.toInt();
        else if (!(v.isUndefined() || v.toString() == QLatin1String("default"))) {
            if (error)
                *error = DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "'option' must be a number or 'default'"));
            return std::nullopt;
        }
        if (o.contains(QStringLiteral("path"))) {
            auto path = pointList(o.value(QStringLiteral("path")), error);
            if (!path)
                return std::nullopt;
            a.path = *path;
        }
        return a;
    }
    if (id == QLatin1String("end-activation"))
        return EndActivationCommand {};
    if (id == QLatin1String("place-beacon")) {
        double x = 0, y = 0;
        if (!number(o, "x", &x, error) || !number(o, "y", &y, error))
            return std::nullopt;
        return PlaceBeaconCommand {QPointF(x, y)};
    }
    if (id == QLatin1String("scenario-setup"))
        return ScenarioSetupCommand {};
    if (id == QLatin1String("place-comet")) {
        PlaceCometCommand c;
        double x = 0, y = 0;
        if (!number(o, "x", &x, error) || !number(o, "y", &y, error)
            || !number(o, "diameter", &c.diameter, error, false))
            return std::nullopt;
        c.at = QPointF(x, y);
        if (o.contains(QStringLiteral("tail"))) {
            auto tail = pointList(o.value(QStringLiteral("tail")), error);
            if (!tail)
                return std::nullopt;
            c.tail = *tail;
        }
        return c;
    }
    if (id == QLatin1String("launch")) {
        double x = 0, y = 0, facing = 0;
        if (!number(o, "x", &x, error) || !number(o, "y", &y, error)
            || !number(o, "facing", &facing, error, false))
            return std::nullopt;
        return LaunchCommand {Placement(QPointF(x, y), facing)};
    }
    if (id == QLatin1String("land")) {
        LandCommand l;
        if (!integer(o, "carrier", &l.carrier, error))
            return std::nullopt;
        return l;
    }
    if (id == QLatin1String("resolve-action")) {
        ResolveActionCommand r;
        if (o.contains(QStringLiteral("target"))) {
            int t = -1;
            if (!integer(o, "target", &t, error))
                return std::nullopt;
            r.target = t;
        }
        if (o.contains(QStringLiteral("at"))) {
            const QJsonArray a = o.value(QStringLiteral("at")).toArray();
            if (a.size() != 2) {
                if (error)
                    *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'at' is [x, y]"));
                return std::nullopt;
            }
            r.at = QPointF(a[0].toDouble(), a[1].toDouble());
        }
        if (o.contains(QStringLiteral("terrain"))) {
            int t = -1;
            if (!integer(o, "terrain", &t, error))
                return std::nullopt;
            r.terrain = t;
        }
        return r;
    }
    if (id == QLatin1String("roll")) {
        RollCommand r;
        const QJsonValue v = o.value(QStringLiteral("faces"));
        if (!v.isUndefined()) {
            if (!v.isArray() || v.toArray().size() > kMaxRollFaces) {
                if (error)
                    *error = DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "'faces' must be a list of at most %1 die faces"),
                        {kMaxRollFaces});
                return std::nullopt;
            }
            for (const QJsonValue &f : v.toArray()) {
                if (!f.isDouble() || f.toDouble() != double(f.toInt()) || f.toInt() < 1
                    || f.toInt() > 6) {
                    if (error)
                        *error = DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data", "'faces' are die faces, 1 to 6"));
                    return std::nullopt;
                }
                r.faces.push_back(f.toInt());
            }
        }
        return r;
    }
    if (id == QLatin1String("correct")) {
        CorrectCommand c;
        const auto text = [&](const char *key, QString *out, bool required) {
            const QJsonValue v = o.value(QLatin1String(key));
            if (v.isUndefined() && !required)
                return true;
            if (!v.isString() || v.toString().isEmpty() || v.toString().size() > kMaxCorrectText) {
                if (error)
                    *error = DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "'%1' must be a name of at most %2 characters"),
                        {QString::fromLatin1(key), kMaxCorrectText});
                return false;
            }
            *out = v.toString();
            return true;
        };
        const auto bounded = [&](const char *key, int *out, int min, int max) {
            if (!o.contains(QLatin1String(key)))
                return true;
            if (!integer(o, key, out, error))
                return false;
            if (*out < min || *out > max) {
                if (error)
                    *error
                        = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be from %2 to %3"),
                                       {QString::fromLatin1(key), min, max});
                return false;
            }
            return true;
        };
        if (!text("field", &c.field, true) || !text("key", &c.key, false)
            || !bounded("model", &c.model, -1, kMaxCorrectValue)
            || !bounded("index", &c.index, 0, kMaxCorrectValue)
            || !bounded("value", &c.value, -kMaxCorrectValue, kMaxCorrectValue))
            return std::nullopt;
        return c;
    }
    if (error)
        *error = id.isEmpty()
            ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'command' is missing"))
            : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown command '%1'"), {id});
    return std::nullopt;
}

} // namespace

std::optional<Command> commandFromJson(const QJsonObject &o, QString *error, DataText *why)
{
    DataText problem;
    std::optional<Command> c = readCommand(o, &problem);
    if (!c) {
        if (error)
            *error = problem.english();
        if (why)
            *why = problem;
    }
    return c;
}

} // namespace jw
