// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/unitloader.h"

#include "io/safeyaml.h"
#include "io/textcheck.h"
#include "units/closestunit.h"
#include "units/traitcatalog.h"
#include "units/unitdatabase.h"
#include "units/unitlimits.h"
#include "units/useroverlay.h"
#include "units/yamlreader.h"

#include <QFile>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <utility>

namespace jw {

bool FactionFile::hasErrors() const
{
    return std::any_of(issues.begin(), issues.end(),
                       [](const DataIssue &i) { return i.isError(); });
}

namespace {

const QStringList kRulesVersions {QStringLiteral("v1.2.2"), QStringLiteral("v1.2.3"),
                                  QStringLiteral("v1.2.4")};

QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

// The shared YAML reader, plus the unit file's own shapes (tracks, traits).
class Reader : public YamlReader
{
public:
    using YamlReader::YamlReader;

    // A whole number in `range`; `name` is the key as the user wrote it. A
    // number too big for an int is out of range too, not "not a number".
    std::optional<int> boundedNode(const YAML::Node &v, const QString &name, IntRange range)
    {
        if (!v.IsScalar()) {
            error(
                v,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number"), {name}));
            return std::nullopt;
        }
        const QString s = str(v.Scalar());
        bool ok = false;
        const int n = s.toInt(&ok);
        if (ok && range.contains(n))
            return n;
        static const QRegularExpression digits(QStringLiteral("^[-+]?[0-9]+$"));
        if (ok || digits.match(s).hasMatch()) {
            error(v,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be from %2 to %3, not %4"),
                               {name, range.min, range.max,
                                s.size() > 24 ? s.left(20) + QStringLiteral("...") : s}));
            return std::nullopt;
        }
        // Echo the value only when it is harmless to print.
        if (io::nameProblem(s, 40).isEmpty())
            error(
                v,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number, not '%2'"),
                             {name, s}));
        else
            error(
                v,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number"), {name}));
        return std::nullopt;
    }

    std::optional<int> bounded(const YAML::Node &map, const char *key, const DataText &what,
                               bool required, IntRange range)
    {
        const YAML::Node v = value(map, key);
        if (!v.IsDefined()) {
            if (required)
                missing(map, key, what);
            return std::nullopt;
        }
        return boundedNode(v, str(key), range);
    }

    // Whether the scalar `v` (the value of `name`) may be shown and kept: no
    // control characters, not too long. Reported when not.
    bool printable(const YAML::Node &v, const QString &name, int maxLength = io::kMaxNameLength,
                   bool freeText = false)
    {
        if (!v.IsScalar())
            return true;
        const QString s = str(v.Scalar());
        const DataText p
            = freeText ? io::textProblemText(s, maxLength) : io::nameProblemText(s, maxLength);
        if (p.isEmpty())
            return true;
        error(v, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' %2"), {name, p}));
        return false;
    }

    // A name (no control characters, at most io::kMaxNameLength characters).
    std::optional<QString> name(const YAML::Node &map, const char *key, const DataText &what,
                                bool required)
    {
        const YAML::Node v = value(map, key);
        if (v.IsDefined() && !printable(v, str(key)))
            return std::nullopt;
        return text(map, key, what, required);
    }

    // Free text: line breaks allowed, at most unitlimits::kMaxNoteLength characters.
    std::optional<QString> note(const YAML::Node &map, const char *key, const DataText &what,
                                bool required)
    {
        const YAML::Node v = value(map, key);
        if (v.IsDefined() && !printable(v, str(key), unitlimits::kMaxNoteLength, true))
            return std::nullopt;
        return text(map, key, what, required);
    }

    // A list of at most `max` items; reported (once, not per item) when longer.
    bool notLonger(const YAML::Node &list, const QString &name, int max)
    {
        if (!list.IsSequence() || list.size() <= std::size_t(max))
            return true;
        error(list,
              DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' has %2 entries, at most %3"),
                           {name, list.size(), max}));
        return false;
    }

    // A track: a list of boxes or a plain rating.
    std::optional<Track> track(const YAML::Node &map, const char *key, const DataText &what,
                               bool required)
    {
        const YAML::Node v = value(map, key);
        if (!v.IsDefined()) {
            if (required)
                missing(map, key, what);
            return std::nullopt;
        }
        const QString name = str(key);
        if (v.IsScalar()) {
            const auto n = boundedNode(v, name, unitlimits::kRating);
            return n ? std::optional<Track>(Track::ofRating(*n)) : std::nullopt;
        }
        if (!v.IsSequence()) {
            error(v,
                  DataText::of(
                      QT_TRANSLATE_NOOP("jw::Data",
                                        "'%1' must be a list of boxes ([1, 2, 3]) or a number"),
                      {name}));
            return std::nullopt;
        }
        if (!notLonger(v, name, unitlimits::kMaxTrackBoxes))
            return std::nullopt;
        Track t;
        bool good = true;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const auto box = boundedNode(v[i], name + QStringLiteral(" box"), unitlimits::kBox);
            if (!box) {
                good = false;
                continue;
            }
            if (t.boxes.empty() && *box != 1) {
                error(
                    v[i],
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must start at box 1, not %2"),
                                 {name, *box}));
                good = false;
            } else if (!t.boxes.empty() && (*box < t.boxes.back() || *box > t.boxes.back() + 1)) {
                error(v[i],
                      DataText::of(QT_TRANSLATE_NOOP(
                                       "jw::Data", "'%1' boxes must go up by 0 or 1: %2 after %3"),
                                   {name, *box, t.boxes.back()}));
                good = false;
            }
            t.boxes.push_back(*box);
        }
        return good ? std::optional<Track>(t) : std::nullopt;
    }

    std::vector<TraitRef> traits(const YAML::Node &map, const DataText &what, bool onWeapon)
    {
        std::vector<TraitRef> out;
        const YAML::Node list = value(map, "traits");
        if (!list.IsDefined() || list.IsNull())
            return out;
        if (!list.IsSequence()) {
            error(list,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'traits' of %1 must be a list"),
                               {what}));
            return out;
        }
        if (!notLonger(list, QStringLiteral("traits"),
                       onWeapon ? unitlimits::kMaxWeaponTraits : unitlimits::kMaxTraits))
            return out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (auto t = trait(list[i], onWeapon))
                out.push_back(*t);
        }
        return out;
    }

    std::optional<TraitRef> trait(const YAML::Node &node, bool onWeapon)
    {
        QString name;
        // yaml-cpp: assigning a Node writes through to the node it refers to; rebind with reset().
        YAML::Node param(YAML::NodeType::Undefined);
        std::optional<bool> system;
        std::optional<int> boxes;
        YAML::Node nameNode = node;
        if (node.IsScalar()) {
            name = str(node.Scalar());
        } else if (node.IsMap() && present(node, "trait")) {
            if (!checkMap(node,
                          {QStringLiteral("trait"), QStringLiteral("value"),
                           QStringLiteral("system"), QStringLiteral("boxes")},
                          QStringLiteral("trait")))
                return std::nullopt;
            nameNode.reset(value(node, "trait"));
            if (!nameNode.IsScalar()) {
                error(nameNode,
                      DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'trait' must be a trait name")));
                return std::nullopt;
            }
            name = str(nameNode.Scalar());
            param.reset(value(node, "value"));
            system = boolean(node, "system");
            boxes = bounded(node, "boxes", QStringLiteral("trait"), false, unitlimits::kTraitBoxes);
        } else if (node.IsMap() && node.size() == 1) {
            auto it = node.begin();
            nameNode.reset(it->first);
            if (!nameNode.IsScalar()) {
                error(nameNode,
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data", "a trait must be a name or 'Name: X'")));
                return std::nullopt;
            }
            name = str(nameNode.Scalar());
            param.reset(it->second);
        } else {
            error(node,
                  DataText::of(QT_TRANSLATE_NOOP(
                      "jw::Data", "a trait must be a name, 'Name: X', or {trait: Name, ...}")));
            return std::nullopt;
        }

        if (!printable(nameNode, QStringLiteral("trait")))
            return std::nullopt;
        const TraitInfo *info = TraitCatalog::rules().find(name);
        if (!info) {
            error(nameNode,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown trait '%1'"), {name}));
            return std::nullopt;
        }
        if (onWeapon && info->scope == TraitInfo::Scope::Model) {
            error(nameNode,
                  DataText::of(
                      QT_TRANSLATE_NOOP("jw::Data", "'%1' is a model trait, not a weapon trait"),
                      {info->name}));
            return std::nullopt;
        }
        if (!onWeapon && info->scope == TraitInfo::Scope::Weapon) {
            error(nameNode,
                  DataText::of(
                      QT_TRANSLATE_NOOP("jw::Data", "'%1' is a weapon trait: put it on a weapon"),
                      {info->name}));
            return std::nullopt;
        }
        TraitRef ref;
        ref.name = info->name;
        const bool hasParam = param.IsDefined() && !param.IsNull();
        if (info->parameter == TraitInfo::Parameter::Required) {
            if (!hasParam) {
                error(nameNode,
                      DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' needs a value: '%1: X'"),
                                   {info->name}));
                return std::nullopt;
            }
            const auto x = boundedNode(param, info->name, unitlimits::kTraitValue);
            if (!x)
                return std::nullopt;
            ref.value = x;
        } else if (hasParam) {
            error(param,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' takes no value"), {info->name}));
            return std::nullopt;
        }
        ref.system = system.value_or(info->systemTrait);
        if (boxes && !ref.system) {
            error(node,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1': only a System Trait has boxes"),
                               {info->name}));
            return std::nullopt;
        }
        ref.boxes = ref.system ? boxes.value_or(ref.value.value_or(1)) : 0;
        return ref;
    }
};

std::optional<BaseSize> parseBase(const QString &text)
{
    if (text.trimmed().compare(QLatin1String("hex"), Qt::CaseInsensitive) == 0)
        return BaseSize {};
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*(\d+(?:\.\d+)?)\s*"?\s*[xX]\s*(\d+(?:\.\d+)?)\s*"?\s*$)"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    BaseSize b;
    b.hex = false;
    b.width = m.captured(1).toDouble();
    b.length = m.captured(2).toDouble();
    // A side of more than kMaxBaseInches is refused by the caller, with its limit.
    if (!(b.width > 0) || !(b.length > 0))
        return std::nullopt;
    return b;
}

std::optional<Weapon> readWeapon(Reader &r, const YAML::Node &node, bool capital, bool typeKnown)
{
    const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "weapon"));
    if (!r.checkMap(node,
                    {QStringLiteral("name"), QStringLiteral("class"), QStringLiteral("arcs"),
                     QStringLiteral("ac"), QStringLiteral("as"), QStringLiteral("macro"),
                     QStringLiteral("count"), QStringLiteral("traits")},
                    what))
        return std::nullopt;
    const std::size_t before = r.issues.size();
    Weapon w;
    w.name = r.name(node, "name", what, true).value_or(QString());

    const YAML::Node cls = Reader::value(node, "class");
    if (!cls.IsDefined()) {
        r.missing(node, "class", what);
    } else if (!r.printable(cls, QStringLiteral("class"))) {
        // reported: not echoed in the message below
    } else if (!cls.IsScalar() || !weaponClassFromId(str(cls.Scalar()))) {
        QStringList known;
        for (WeaponClass c : allWeaponClasses())
            known << weaponClassId(c);
        r.error(cls,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown weapon class '%1' (known: %2)"),
                             {cls.IsScalar() ? str(cls.Scalar()) : QString(),
                              known.join(QStringLiteral(", "))}));
    } else {
        w.weaponClass = *weaponClassFromId(str(cls.Scalar()));
    }

    const YAML::Node arcs = Reader::value(node, "arcs");
    if (capital) {
        if (!arcs.IsDefined()) {
            r.missing(node, "arcs",
                      DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a capital ship's weapon")));
        } else if (auto a = arcs.IsScalar() ? arcsFromString(str(arcs.Scalar())) : std::nullopt) {
            w.arcs = *a;
        } else {
            r.error(arcs,
                    DataText::of(QT_TRANSLATE_NOOP(
                        "jw::Data", "'arcs' must be F, P, S, A or T, or several joined by '/'")));
        }
    } else if (typeKnown && arcs.IsDefined()) {
        r.error(arcs, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "squadron weapons have no arcs")));
    }

    auto rating = [&](const char *key) -> std::optional<int> {
        const YAML::Node v = Reader::value(node, key);
        if (!v.IsDefined()) {
            r.missing(node, key, what);
            return std::nullopt;
        }
        if (v.IsScalar() && str(v.Scalar()).toLower() == QLatin1String("skill")) {
            if (w.weaponClass != WeaponClass::Lance)
                r.error(v,
                        DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data", "only a Lance rolls the model's Skill")));
            return std::nullopt;
        }
        return r.boundedNode(v, str(key), unitlimits::kDice);
    };
    w.ac = rating("ac");
    w.as = rating("as");
    w.macro = r.bounded(node, "macro", what, false, unitlimits::kMacro).value_or(0);
    w.count = r.bounded(node, "count", what, false, unitlimits::kWeaponCount).value_or(1);
    w.traits = r.traits(node, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "weapon '%1'"), {w.name}),
                        true);
    if (r.issues.size() != before)
        return std::nullopt;
    return w;
}

const QStringList kUnitKeys {
    QStringLiteral("name"),        QStringLiteral("id"),         QStringLiteral("type"),
    QStringLiteral("class"),       QStringLiteral("tv"),         QStringLiteral("uc"),
    QStringLiteral("speed"),       QStringLiteral("turns"),      QStringLiteral("fire_control"),
    QStringLiteral("skill"),       QStringLiteral("armor"),      QStringLiteral("structure"),
    QStringLiteral("defense"),     QStringLiteral("sensors"),    QStringLiteral("thrusters"),
    QStringLiteral("marines"),     QStringLiteral("fuel"),       QStringLiteral("weapons"),
    QStringLiteral("traits"),      QStringLiteral("base"),       QStringLiteral("rules_version"),
    QStringLiteral("provisional"), QStringLiteral("provenance"), QStringLiteral("description"),
    QStringLiteral("sources"),
};

// `sources:` (README.md): per value, `rules`, `card` or `estimate`, or a
// one-key map {rules: "where"}; `default` for every value not named.
void readSources(Reader &r, const YAML::Node &node, Unit &u)
{
    u.defaultSource
        = ValueSource {u.provisional ? ValueSource::Kind::Estimate : ValueSource::Kind::Card, {}};
    const YAML::Node map = Reader::value(node, "sources");
    if (!map.IsDefined() || map.IsNull())
        return;
    if (!map.IsMap()) {
        r.error(map,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "'sources' must be a map from a value to its source "
                                               "({tv: estimate, uc: {card: v1.2.3}})")));
        return;
    }
    const QString kinds = QStringLiteral("rules, card or estimate");
    if (map.size() > std::size_t(unitlimits::kMaxSources)) {
        r.error(map,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'sources' has %1 entries, at most %2"),
                             {map.size(), unitlimits::kMaxSources}));
        return;
    }
    QStringList seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const YAML::Node key = it->first;
        const YAML::Node val = it->second;
        if (!key.IsScalar() || !r.printable(key, QStringLiteral("sources key"))) {
            if (!key.IsScalar())
                r.error(key,
                        DataText::of(QT_TRANSLATE_NOOP(
                            "jw::Data", "a 'sources' key must be a value name ('tv')")));
            continue;
        }
        const QString field = str(key.Scalar());
        if (seen.contains(field)) {
            r.error(
                key,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'sources' names '%1' twice"), {field}));
            continue;
        }
        seen << field;
        const bool isDefault = field == QLatin1String("default");
        if (!isDefault && !u.valueFields().contains(field) && !sourceFields().contains(field)) {
            QStringList weapons;
            for (const Weapon &w : u.weapons)
                weapons << QStringLiteral("weapons.") + w.name;
            r.error(
                key,
                field.startsWith(QLatin1String("weapons."))
                    ? DataText::of(QT_TRANSLATE_NOOP(
                                       "jw::Data", "'sources': %1 has no weapon '%2' (it has: %3)"),
                                   {u.name, field.mid(8), weapons.join(QStringLiteral(", "))})
                    : DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "'sources': unknown value '%1' (known: default, %2, "
                                          "weapons.NAME)"),
                        {field, sourceFields().join(QStringLiteral(", "))}));
            continue;
        }
        ValueSource source;
        YAML::Node kindNode = val;
        YAML::Node whereNode(YAML::NodeType::Undefined);
        if (val.IsMap() && val.size() == 1) {
            kindNode.reset(val.begin()->first);
            whereNode.reset(val.begin()->second);
        } else if (!val.IsScalar()) {
            r.error(val,
                    DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "the source of '%1' must be %2, or {rules: \"where\"}"),
                        {field, kinds}));
            continue;
        }
        const auto kind
            = kindNode.IsScalar() ? ValueSource::kindFromId(str(kindNode.Scalar())) : std::nullopt;
        if (!kind) {
            if (kindNode.IsScalar() && r.printable(kindNode, field))
                r.error(kindNode,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "the source of '%1' must be %2, not '%3'"),
                                     {field, kinds, str(kindNode.Scalar())}));
            else if (!kindNode.IsScalar())
                r.error(kindNode,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the source of '%1' must be %2"),
                                     {field, kinds}));
            continue;
        }
        source.kind = *kind;
        if (whereNode.IsDefined() && !whereNode.IsNull()) {
            if (!whereNode.IsScalar()) {
                r.error(whereNode,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "where the '%1' comes from must be a text"),
                                     {field}));
                continue;
            }
            if (!r.printable(whereNode, field, unitlimits::kMaxNoteLength, true))
                continue;
            source.where = str(whereNode.Scalar());
        }
        if (isDefault)
            u.defaultSource = source;
        else
            u.sources[field] = source;
    }
    // `provisional` is what every list shows: it must not contradict the sources.
    const QStringList estimated = u.estimatedFields();
    const YAML::Node flag = Reader::value(node, "provisional");
    const YAML::Node at = flag.IsDefined() ? flag : map;
    if (!u.provisional && !estimated.isEmpty())
        r.error(at,
                DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "%1 is not provisional, but 'sources' makes %2 jwfleet's "
                                      "estimate: say 'provisional: true'"),
                    {u.name, estimated.join(QStringLiteral(", "))}));
    else if (u.provisional && estimated.isEmpty())
        r.error(
            at,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                           "%1 is provisional, but 'sources' gives every value a "
                                           "published source: say 'provisional: false'"),
                         {u.name}));
}

std::optional<Unit> readUnit(Reader &r, const YAML::Node &node, const FactionInfo &faction)
{
    if (!r.checkMap(node, kUnitKeys, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unit"))))
        return std::nullopt;
    const std::size_t before = r.issues.size();
    Unit u;
    u.faction = faction.id;
    u.source = SourceLocation {r.file(), node.Mark().line + 1, node.Mark().column + 1};
    u.name = r.name(node, "name", DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unit")), true)
                 .value_or(QString());
    const DataText what = u.name.isEmpty()
        ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unit"))
        : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unit '%1'"), {u.name});

    static const QRegularExpression slugRe(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)*$"));
    if (auto id = r.name(node, "id", what, false)) {
        if (!slugRe.match(*id).hasMatch())
            r.error(Reader::value(node, "id"),
                    DataText::of(QT_TRANSLATE_NOOP(
                                     "jw::Data",
                                     "id '%1' must be a slug: lower-case letters, digits and '-'"),
                                 {*id}));
        u.id = *id;
    } else if (!Reader::present(node, "id")) {
        u.id = slugify(u.name);
    }

    const YAML::Node typeNode = Reader::value(node, "type");
    bool typeKnown = false;
    if (!typeNode.IsDefined()) {
        r.missing(node, "type", what);
    } else if (auto t
               = typeNode.IsScalar() ? unitTypeFromId(str(typeNode.Scalar())) : std::nullopt) {
        u.type = *t;
        typeKnown = true;
    } else {
        r.error(typeNode,
                DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "'type' must be capital, exo-armor or fighter")));
    }
    const bool capital = typeKnown && u.type == UnitType::Capital;

    u.shipClass = r.name(node, "class", what, false).value_or(QString());
    u.tv = r.bounded(node, "tv", what, true, unitlimits::kTv).value_or(0);
    u.unitCap = r.bounded(node, "uc", what, false, unitlimits::kUnitCap).value_or(0);
    u.speed = r.bounded(node, "speed", what, true, unitlimits::kSpeed).value_or(0);
    u.fireControl
        = r.bounded(node, "fire_control", what, true, unitlimits::kFireControl).value_or(0);
    u.skill = r.bounded(node, "skill", what, true, unitlimits::kSkill).value_or(0);
    u.structure = r.track(node, "structure", what, true).value_or(Track {});
    u.defense = r.track(node, "defense", what, true).value_or(Track {});
    u.sensors = r.track(node, "sensors", what, true).value_or(Track {});

    auto onlyCapital = [&](const char *key) {
        if (typeKnown && !capital && r.present(node, key))
            r.error(Reader::value(node, key),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "'%1' is for capital ships; %2 is a squadron"),
                                 {str(key), u.name}));
    };
    if (capital) {
        u.turns = r.bounded(node, "turns", what, true, unitlimits::kTurns).value_or(0);
        u.thrusters = r.track(node, "thrusters", what, true).value_or(Track {});
        u.marines = r.track(node, "marines", what, false).value_or(Track {});
        const YAML::Node armor = Reader::value(node, "armor");
        if (!armor.IsDefined()) {
            r.missing(node, "armor", what);
        } else if (r.checkMap(
                       armor,
                       {QStringLiteral("fore"), QStringLiteral("sides"), QStringLiteral("aft")},
                       QStringLiteral("armor"))) {
            const QString a = QStringLiteral("armor");
            u.armor.fore = r.bounded(armor, "fore", a, true, unitlimits::kArmor).value_or(0);
            u.armor.sides = r.bounded(armor, "sides", a, true, unitlimits::kArmor).value_or(0);
            u.armor.aft = r.bounded(armor, "aft", a, true, unitlimits::kArmor).value_or(0);
        }
        if (r.present(node, "fuel"))
            r.error(Reader::value(node, "fuel"),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "'fuel' is for squadrons; %1 is a capital ship"),
                                 {u.name}));
    } else if (typeKnown) {
        for (const char *key : {"turns", "thrusters", "marines", "armor"})
            onlyCapital(key);
        u.fuel = r.track(node, "fuel", what, true).value_or(Track {});
    }

    const YAML::Node base = Reader::value(node, "base");
    if (!base.IsDefined()) {
        if (capital)
            r.missing(node, "base", what);
    } else if (!r.printable(base, QStringLiteral("base"))) {
        // reported: not echoed in the message below
    } else if (auto b = base.IsScalar() ? parseBase(str(base.Scalar())) : std::nullopt) {
        if (std::max(b->width, b->length) > unitlimits::kMaxBaseInches)
            r.error(base,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "'base': a side of at most %1 inches, not %2"),
                                 {QString::number(unitlimits::kMaxBaseInches),
                                  QString::number(std::max(b->width, b->length))}));
        else if (capital && b->hex)
            r.error(base,
                    DataText::of(QT_TRANSLATE_NOOP(
                        "jw::Data", "a capital ship stands on a rectangular base ('2x3')")));
        else if (typeKnown && !capital && !b->hex)
            r.error(base,
                    DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "squadrons stand on 1\" hex bases ('hex')")));
        u.base = *b;
    } else {
        r.error(base,
                DataText::of(QT_TRANSLATE_NOOP(
                    "jw::Data", "'base' must be 'W x L' in inches ('2x3') or 'hex'")));
    }

    const YAML::Node weapons = Reader::value(node, "weapons");
    if (!weapons.IsDefined()) {
        r.missing(node, "weapons", what);
    } else if (!weapons.IsNull()) {
        if (!weapons.IsSequence()) {
            r.error(weapons,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'weapons' must be a list")));
        } else if (r.notLonger(weapons, QStringLiteral("weapons"), unitlimits::kMaxWeapons)) {
            for (std::size_t i = 0; i < weapons.size(); ++i) {
                if (auto w = readWeapon(r, weapons[i], capital, typeKnown))
                    u.weapons.push_back(*w);
            }
        }
    }
    u.traits = r.traits(node, what, false);

    u.rulesVersion = faction.rulesVersion;
    if (auto rv = r.name(node, "rules_version", what, false)) {
        if (!kRulesVersions.contains(*rv))
            r.error(Reader::value(node, "rules_version"),
                    DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "unknown rules version '%1' (known: %2)"),
                        {*rv, kRulesVersions.join(QStringLiteral(", "))}));
        u.rulesVersion = *rv;
    }
    u.provisional = r.boolean(node, "provisional").value_or(false);
    u.provenance = r.note(node, "provenance", what, true).value_or(QString());
    u.description = r.note(node, "description", what, false).value_or(QString());
    readSources(r, node, u);

    if (r.issues.size() != before)
        return std::nullopt;
    // Every value was checked where it was read; this keeps the loader and
    // unitLimitProblem (saved games) from drifting apart.
    if (const DataText p = unitLimitProblemText(u); !p.isEmpty()) {
        r.error(node, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {what, p}));
        return std::nullopt;
    }
    return u;
}
// `schema_version`: required, 1 or more, and not newer than this program reads (the faction
// files and the user data file alike).
void checkSchemaVersion(Reader &r, const YAML::Node &root, const DataText &what)
{
    if (auto v = r.bounded(root, "schema_version", what, true,
                           IntRange {1, std::numeric_limits<int>::max()})) {
        if (*v > kUnitSchemaVersion)
            r.error(Reader::value(root, "schema_version"),
                    DataText::of(QT_TRANSLATE_NOOP(
                                     "jw::Data",
                                     "schema_version %1 is newer than this program reads (%2): "
                                     "update jwfleet"),
                                 {*v, kUnitSchemaVersion}));
    }
}

// The user data file's `weapons:` of one unit: a map from the name of one of
// its weapons to the ratings printed on the card (arcs, ac, as, macro, count),
// each read and limited as in a faction file. Returned in the unit's weapon order.
std::vector<WeaponOverride> readWeaponOverrides(Reader &r, const YAML::Node &map, const Unit &u)
{
    std::vector<WeaponOverride> out;
    if (!map.IsDefined() || map.IsNull())
        return out;
    if (!map.IsMap()) {
        r.error(map,
                DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "'weapons' must be a map from a weapon's name to its ratings "
                                      "({\"Kinetic Cannon\": {ac: 4, as: 2}})")));
        return out;
    }
    QStringList names;
    for (const Weapon &w : u.weapons)
        names << w.name;
    QStringList seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const YAML::Node key = it->first;
        const YAML::Node val = it->second;
        if (!key.IsScalar()) {
            r.error(key,
                    DataText::of(QT_TRANSLATE_NOOP(
                        "jw::Data", "a weapon must be named as on the unit ('Kinetic Cannon')")));
            continue;
        }
        if (!r.printable(key, QStringLiteral("weapon")))
            continue;
        const QString name = str(key.Scalar());
        const auto w = std::find_if(u.weapons.begin(), u.weapons.end(),
                                    [&](const Weapon &x) { return x.name == name; });
        if (w == u.weapons.end()) {
            r.error(key,
                    names.isEmpty()
                        ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 has no weapons"), {u.name})
                        : DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data", "%1 has no weapon '%2' (it has: %3)"),
                            {u.name, name, names.join(QStringLiteral(", "))}));
            continue;
        }
        if (seen.contains(name)) {
            r.error(key,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the weapon '%1' is named twice"),
                                 {name}));
            continue;
        }
        seen << name;
        if (val.IsNull())
            continue;
        QStringList keys {QStringLiteral("ac"), QStringLiteral("as"), QStringLiteral("macro"),
                          QStringLiteral("count")};
        if (u.isCapital())
            keys.prepend(QStringLiteral("arcs"));
        const DataText what
            = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the weapon '%1'"), {name});
        if (!r.checkMap(val, keys, what))
            continue;
        WeaponOverride o;
        o.name = name;
        if (u.isCapital()) {
            const YAML::Node arcs = Reader::value(val, "arcs");
            if (arcs.IsDefined()) {
                if (auto a = arcs.IsScalar() ? arcsFromString(str(arcs.Scalar())) : std::nullopt)
                    o.arcs = *a;
                else
                    r.error(arcs,
                            DataText::of(QT_TRANSLATE_NOOP(
                                "jw::Data",
                                "'arcs' must be F, P, S, A or T, or several joined by '/'")));
            }
        }
        for (const char *k : {"ac", "as"}) {
            const YAML::Node v = Reader::value(val, k);
            if (!v.IsDefined())
                continue;
            std::optional<int> n;
            if (v.IsScalar() && str(v.Scalar()).toLower() == QLatin1String("skill")) {
                if (w->weaponClass == WeaponClass::Lance)
                    n = WeaponOverride::kSkillDice;
                else
                    r.error(v,
                            DataText::of(QT_TRANSLATE_NOOP(
                                "jw::Data", "only a Lance rolls the model's Skill")));
            } else {
                n = r.boundedNode(v, str(k), unitlimits::kDice);
            }
            (k[1] == 'c' ? o.ac : o.as) = n;
        }
        o.macro = r.bounded(val, "macro", what, false, unitlimits::kMacro);
        o.count = r.bounded(val, "count", what, false, unitlimits::kWeaponCount);
        if (!o.isEmpty())
            out.push_back(o);
    }
    // In card order, whatever the file's.
    std::stable_sort(out.begin(), out.end(), [&](const WeaponOverride &a, const WeaponOverride &b) {
        return names.indexOf(a.name) < names.indexOf(b.name);
    });
    return out;
}

} // namespace

FactionFile UnitLoader::parse(const QByteArray &yaml, const QString &displayName)
{
    FactionFile out;
    out.faction.file = displayName;
    Reader r(displayName);
    const std::optional<YAML::Node> loaded = r.load(yaml);
    if (!loaded) {
        out.issues = std::move(r.issues);
        return out;
    }
    const YAML::Node &root = *loaded;
    if (r.checkMap(
            root,
            {QStringLiteral("schema_version"), QStringLiteral("faction"), QStringLiteral("units")},
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a faction file")))) {
        const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the faction file"));
        checkSchemaVersion(r, root, what);
        const YAML::Node faction = Reader::value(root, "faction");
        if (!faction.IsDefined()) {
            r.missing(root, "faction", what);
        } else if (r.checkMap(faction,
                              {QStringLiteral("id"), QStringLiteral("name"),
                               QStringLiteral("rules_version")},
                              QStringLiteral("faction"))) {
            const QString f = QStringLiteral("faction");
            out.faction.id = r.name(faction, "id", f, true).value_or(QString());
            out.faction.name = r.name(faction, "name", f, true).value_or(QString());
            const auto rv = r.name(faction, "rules_version", f, false);
            out.faction.rulesVersion = rv.value_or(QStringLiteral(JW_RULES_VERSION));
            if (rv && !kRulesVersions.contains(out.faction.rulesVersion))
                r.error(Reader::value(faction, "rules_version"),
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown rules version '%1'"),
                                     {out.faction.rulesVersion}));
        }

        const YAML::Node units = Reader::value(root, "units");
        if (!units.IsDefined()) {
            r.missing(root, "units", what);
        } else if (!units.IsSequence()) {
            r.error(units,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'units' must be a list of units")));
        } else {
            QHash<QString, int> idLines;
            for (std::size_t i = 0; i < units.size(); ++i) {
                auto u = readUnit(r, units[i], out.faction);
                if (!u)
                    continue;
                if (idLines.contains(u->id)) {
                    r.error(
                        units[i],
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "duplicate unit id '%1' (first at line %2)"),
                                     {u->id, idLines.value(u->id)}));
                    continue;
                }
                idLines.insert(u->id, u->source.line);
                out.units.push_back(std::move(*u));
            }
        }
    }
    out.issues = std::move(r.issues);
    if (out.hasErrors())
        out.units.clear();
    return out;
}

FactionFile UnitLoader::parseFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        FactionFile out;
        out.faction.file = path;
        out.issues.push_back(DataIssue::make(
            path, 0, 0,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot read: %1"), {f.errorString()})));
        return out;
    }
    // A huge file in --data must not fill the memory: never read more than the
    // YAML load accepts (one byte more, for a file that grows meanwhile).
    const qint64 max = io::YamlLimits {}.maxBytes;
    if (f.size() > max) {
        FactionFile out;
        out.faction.file = path;
        out.issues.push_back(DataIssue::make(
            path, 0, 0,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the file is too big: %1 bytes, at most %2"),
                         {f.size(), max})));
        return out;
    }
    return parse(f.read(max + 1), path);
}

// Here rather than in useroverlay.cpp: it reads values with the faction
// file's own reader, so that a value is checked and worded the same way.
UserOverlay UserOverlay::parse(const QByteArray &yaml, const QString &displayName,
                               const UnitDatabase &db)
{
    UserOverlay out;
    out.file = displayName;
    Reader r(displayName);
    const std::optional<YAML::Node> loaded = r.load(yaml);
    if (!loaded) {
        out.issues = std::move(r.issues);
        return out;
    }
    const YAML::Node &root = *loaded;
    const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the user data file"));
    if (r.checkMap(root, {QStringLiteral("schema_version"), QStringLiteral("units")}, what)) {
        checkSchemaVersion(r, root, what);
        const YAML::Node units = Reader::value(root, "units");
        if (!units.IsDefined()) {
            r.missing(root, "units", what);
        } else if (!units.IsNull() && !units.IsMap()) {
            r.error(
                units,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "'units' must be a map from a unit id to its values "
                                               "({alexander: {card: v1.2.3, tv: 85}})")));
        } else if (units.IsMap()) {
            QStringList seen;
            for (auto it = units.begin(); it != units.end(); ++it) {
                const YAML::Node key = it->first;
                const YAML::Node val = it->second;
                if (!key.IsScalar() || !r.printable(key, QStringLiteral("unit id"))) {
                    if (!key.IsScalar())
                        r.error(key,
                                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                               "a unit id must be a plain name")));
                    continue;
                }
                const QString id = str(key.Scalar());
                const Unit *u = db.unit(id);
                if (!u) {
                    const Unit *near = closestUnit(db, id);
                    r.error(
                        key,
                        near ? DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data", "unknown unit '%1' (did you mean '%2'?)"),
                            {id, near->id})
                             : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown unit '%1'"),
                                            {id}));
                    continue;
                }
                if (seen.contains(id)) {
                    r.error(
                        key,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' is named twice"), {id}));
                    continue;
                }
                seen << id;
                QStringList allowed {QStringLiteral("card"), QStringLiteral("tv"),
                                     QStringLiteral("uc"), QStringLiteral("speed")};
                if (u->isCapital())
                    allowed << QStringLiteral("turns");
                allowed << QStringLiteral("fire_control") << QStringLiteral("skill");
                if (u->isCapital())
                    allowed << QStringLiteral("armor");
                allowed << QStringLiteral("structure") << QStringLiteral("defense")
                        << QStringLiteral("sensors");
                if (u->isCapital())
                    allowed << QStringLiteral("thrusters") << QStringLiteral("marines");
                else
                    allowed << QStringLiteral("fuel");
                allowed << QStringLiteral("weapons");
                const DataText of
                    = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the values of %1"), {id});
                if (val.IsNull())
                    continue;
                if (!r.checkMap(val, allowed, of))
                    continue;
                UnitOverride o;
                o.unitId = id;
                o.source = SourceLocation {displayName, key.Mark().line + 1, key.Mark().column + 1};
                o.card = r.note(val, "card", of, false).value_or(QString());
                const std::pair<const char *, IntRange> scalars[] = {
                    {"tv", unitlimits::kTv},
                    {"uc", unitlimits::kUnitCap},
                    {"speed", unitlimits::kSpeed},
                    {"turns", unitlimits::kTurns},
                    {"fire_control", unitlimits::kFireControl},
                    {"skill", unitlimits::kSkill},
                };
                for (const auto &[k, range] : scalars) {
                    if (auto n = r.bounded(val, k, of, false, range))
                        o.values[str(k)] = *n;
                }
                const YAML::Node armor = Reader::value(val, "armor");
                if (armor.IsDefined()
                    && r.checkMap(
                        armor,
                        {QStringLiteral("fore"), QStringLiteral("sides"), QStringLiteral("aft")},
                        QStringLiteral("armor"))) {
                    for (const char *side : {"fore", "sides", "aft"}) {
                        if (auto n = r.bounded(armor, side, QStringLiteral("armor"), false,
                                               unitlimits::kArmor))
                            o.values[QStringLiteral("armor.") + str(side)] = *n;
                    }
                }
                for (const char *k :
                     {"structure", "defense", "sensors", "thrusters", "marines", "fuel"}) {
                    if (auto t = r.track(val, k, of, false))
                        o.tracks[str(k)] = *t;
                }
                o.weapons = readWeaponOverrides(r, Reader::value(val, "weapons"), *u);
                // A unit whose keys hold nothing ("weapons:" with no weapon) changes nothing,
                // as a unit with no keys: not kept, so that the file reads back as it was.
                if (o.card.isEmpty() && o.values.empty() && o.tracks.empty() && o.weapons.empty())
                    continue;
                out.units.push_back(std::move(o));
            }
        }
    }
    out.issues = std::move(r.issues);
    if (out.hasErrors())
        out.units.clear();
    return out;
}

} // namespace jw
