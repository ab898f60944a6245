// SPDX-License-Identifier: GPL-3.0-or-later
// Card layout: for every unit of the shipped database at every card size, every
// field is there, inside the card and its frame, its text fits (measured with
// the painter's fonts), and no two fields overlap.
#include "render/cardlayout.h"
#include "render/textmetrics.h"
#include "units/traitcatalog.h"
#include "units/unitdatabase.h"

#include "rendertesthelpers.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QSet>
#include <QTest>

#include <cmath>

using namespace jw;

Q_DECLARE_METATYPE(jw::CardSize)

namespace {

constexpr qreal kEps = 1e-3;

QString describe(const CardField &f)
{
    return QStringLiteral("%1 [%2,%3 %4x%5]")
        .arg(f.id)
        .arg(f.rect.x(), 0, 'f', 2)
        .arg(f.rect.y(), 0, 'f', 2)
        .arg(f.rect.width(), 0, 'f', 2)
        .arg(f.rect.height(), 0, 'f', 2);
}

// Measured here, not with the layout's own helpers.
QSizeF measure(const QFont &font, const QString &text)
{
    const QFontMetricsF fm(font);
    const QStringList lines = text.split(QLatin1Char('\n'));
    qreal w = 0;
    for (const QString &l : lines)
        w = std::max(w, fm.horizontalAdvance(l));
    return QSizeF(w, fm.height() + (lines.size() - 1) * fm.lineSpacing()) / kTwipsPerMm;
}

bool contains(const QRectF &outer, const QRectF &inner)
{
    return inner.left() >= outer.left() - kEps && inner.top() >= outer.top() - kEps
        && inner.right() <= outer.right() + kEps && inner.bottom() <= outer.bottom() + kEps;
}

// Every check of a layout; returns the problems found.
QStringList check(const CardLayout &l)
{
    QStringList problems = l.problems();
    problems << l.overlaps() << l.clipped();
    const QRectF card = l.rect();
    QSet<QString> ids;
    for (const CardField &f : l.fields()) {
        if (ids.contains(f.id))
            problems << QStringLiteral("duplicate id %1").arg(f.id);
        ids.insert(f.id);
        if (!contains(card, f.rect))
            problems << QStringLiteral("outside the card: %1").arg(describe(f));
        if (f.rect.width() < 0 || f.rect.height() < 0)
            problems << QStringLiteral("negative size: %1").arg(describe(f));
        if (!f.container.isEmpty()) {
            const CardField *c = l.field(f.container);
            if (!c || c->kind != CardFieldKind::Frame || c->face != f.face)
                problems << QStringLiteral("%1: bad container %2").arg(f.id, f.container);
            else if (!contains(c->rect, f.rect))
                problems << QStringLiteral("%1 not inside %2").arg(describe(f), describe(*c));
        }
        if ((f.kind == CardFieldKind::Text || f.kind == CardFieldKind::Box) && !f.text.isEmpty()) {
            const QSizeF s = measure(l.font(f.role), f.text);
            if (s.width() > f.rect.width() + kEps || s.height() > f.rect.height() + kEps)
                problems << QStringLiteral("text does not fit: %1 '%2' needs %3x%4")
                                .arg(describe(f), f.text)
                                .arg(s.width(), 0, 'f', 2)
                                .arg(s.height(), 0, 'f', 2);
        }
        if (f.kind == CardFieldKind::Text && f.text.isEmpty())
            problems << QStringLiteral("empty text field %1").arg(f.id);
    }
    // Pairwise, per face: content with content, frames with frames.
    for (int face = 0; face < l.faceCount(); ++face) {
        const auto fs = l.fieldsOn(face);
        for (std::size_t i = 0; i < fs.size(); ++i) {
            for (std::size_t j = i + 1; j < fs.size(); ++j) {
                const bool fi = fs[i]->kind == CardFieldKind::Frame;
                const bool fj = fs[j]->kind == CardFieldKind::Frame;
                if (fi != fj)
                    continue;
                const QRectF x = fs[i]->rect.intersected(fs[j]->rect);
                if (x.width() > kEps && x.height() > kEps)
                    problems << QStringLiteral("overlap: %1 and %2")
                                    .arg(describe(*fs[i]), describe(*fs[j]));
            }
        }
    }
    return problems;
}

const std::vector<CardTrack> &capitalTracks()
{
    static const std::vector<CardTrack> t {CardTrack::Structure, CardTrack::Defense,
                                           CardTrack::Sensors, CardTrack::Thrusters,
                                           CardTrack::Marines};
    return t;
}

const Track &trackOf(const Unit &u, CardTrack t)
{
    switch (t) {
    case CardTrack::Structure:
        return u.structure;
    case CardTrack::Defense:
        return u.defense;
    case CardTrack::Sensors:
        return u.sensors;
    case CardTrack::Thrusters:
        return u.thrusters;
    case CardTrack::Marines:
        return u.marines;
    case CardTrack::Fuel:
        return u.fuel;
    }
    return u.structure;
}

// The fields the card must have for `u` (Figure 1 and the squadron legend).
QStringList missingFields(const CardLayout &l, const Unit &u)
{
    QStringList missing;
    auto need = [&](const QString &id, const QString &text = {}) {
        const CardField *f = l.field(id);
        if (!f)
            missing << id;
        else if (!text.isEmpty() && f->text != text)
            missing << QStringLiteral("%1 says '%2', not '%3'").arg(id, f->text, text);
    };
    need(QStringLiteral("name"), u.name);
    // "*": a value that is jwfleet's estimate (sources), explained in the footer.
    const QString star = QStringLiteral("*");
    need(QStringLiteral("tv"),
         QStringLiteral("%1%2 TV").arg(u.tv).arg(u.tvIsEstimate() ? star : QString()));
    // Every value that is jwfleet's estimate is marked (issue 20.2), so the note is
    // on every card with one.
    const QStringList estimated = u.estimatedFields();
    if (u.tvIsEstimate() || u.unitCapIsEstimate()
        || (!estimated.isEmpty() && estimated != QStringList {QStringLiteral("type")}))
        need(QStringLiteral("estimate"), QStringLiteral("* estimate"));
    else if (l.field(QStringLiteral("estimate")))
        missing << QStringLiteral("an estimate note on a card without estimates");
    need(QStringLiteral("faction"));
    need(QStringLiteral("type"));
    need(QStringLiteral("rules"));
    need(QStringLiteral("base"));
    need(QStringLiteral("stat.speed"), QStringLiteral("%1\"").arg(u.speed));
    need(QStringLiteral("stat.fc"), QString::number(u.fireControl));
    need(QStringLiteral("stat.skill"), QString::number(u.skill));
    if (u.unitCap > 0)
        need(
            QStringLiteral("uc"),
            QStringLiteral("UC %1%2").arg(u.unitCap).arg(u.unitCapIsEstimate() ? star : QString()));
    else if (l.field(QStringLiteral("uc")))
        missing << QStringLiteral("uc printed without a Unit Cap");
    if (u.provisional)
        need(QStringLiteral("provisional"), QStringLiteral("PROVISIONAL"));
    else if (l.field(QStringLiteral("provisional")))
        missing << QStringLiteral("PROVISIONAL on a unit that is not");
    if (u.isCapital()) {
        need(QStringLiteral("stat.turns"), QString::number(u.turns));
        for (const char *a : {"armor.fore", "armor.sides", "armor.aft"})
            need(QString::fromLatin1(a));
        need(QStringLiteral("track.defense.hint"), QStringLiteral("1-2:"));
        need(QStringLiteral("track.sensors.hint"), QStringLiteral("3-4:"));
        need(QStringLiteral("track.thrusters.hint"), QStringLiteral("5-6:"));
    } else {
        need(QStringLiteral("stat.defense"), QString::number(u.defense.start()));
        need(QStringLiteral("stat.sensors"), QString::number(u.sensors.start()));
        if (l.field(QStringLiteral("weapons.header.arc")))
            missing << QStringLiteral("an Arc column on a squadron card");
    }
    for (std::size_t i = 0; i < u.weapons.size(); ++i) {
        const Weapon &w = u.weapons[i];
        const QString id = QStringLiteral("weapon.%1.").arg(i);
        need(id + QStringLiteral("name"));
        need(id + QStringLiteral("ac"), w.ratingText(w.ac));
        need(id + QStringLiteral("as"), w.ratingText(w.as));
        need(id + QStringLiteral("macro"));
        if (u.isCapital()) {
            need(id + QStringLiteral("arc"), arcsToString(w.arcs));
            // One damage box per instance, and no more.
            for (int b = 0; b < w.count; ++b)
                need(id + QStringLiteral("box.%1").arg(b));
            if (l.field(id + QStringLiteral("box.%1").arg(w.count)))
                missing << id + QStringLiteral(": too many boxes");
        }
        if (!w.traits.empty()) {
            const CardField *t = l.field(id + QStringLiteral("traits"));
            if (!t)
                missing << id + QStringLiteral("traits");
            else {
                for (const TraitRef &r : w.traits) {
                    if (!QString(t->text)
                             .replace(QLatin1Char('\n'), QLatin1Char(' '))
                             .contains(r.toString()))
                        missing << id + QStringLiteral("traits lacks ") + r.toString();
                }
            }
        }
    }
    for (std::size_t i = 0; i < u.traits.size(); ++i) {
        const TraitRef &t = u.traits[i];
        const QString id = QStringLiteral("trait.%1").arg(i);
        need(id, t.toString());
        const int boxes = t.system ? std::max(1, t.boxes) : 0;
        for (int b = 0; b < boxes; ++b)
            need(id + QStringLiteral(".box.%1").arg(b));
        if (l.field(id + QStringLiteral(".box.%1").arg(boxes)))
            missing << id + QStringLiteral(": too many boxes");
    }
    const std::vector<CardTrack> tracks = u.isCapital()
        ? capitalTracks()
        : std::vector<CardTrack> {CardTrack::Structure, CardTrack::Fuel};
    for (CardTrack t : tracks) {
        const Track &track = trackOf(u, t);
        const QString id = QStringLiteral("track.") + cardTrackId(t);
        // "*" when the track is jwfleet's estimate (issue 20.2).
        need(id,
             cardTrackName(t)
                 + (estimated.contains(cardTrackId(t)) ? QStringLiteral("*") : QString()));
        for (int b = 0; b < track.size(); ++b) {
            const QString boxId = id + QStringLiteral(".box.%1").arg(b);
            need(boxId, QString::number(track.boxes[std::size_t(b)]));
            const CardField *f = l.field(boxId);
            if (f && f->redundant != track.isRedundant(b))
                missing << boxId + QStringLiteral(": redundant flag wrong");
        }
        if (track.isEmpty())
            need(id + QStringLiteral(".none"));
    }
    return missing;
}

} // namespace

class TestCardLayout : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

private Q_SLOTS:
    void initTestCase()
    {
        m_db = UnitDatabase::loadShipped();
        QVERIFY(!m_db.hasErrors());
        QVERIFY(m_db.units().size() >= 24);
    }

    void sizes()
    {
        QCOMPARE(cardSizes().size(), std::size_t(3));
        for (const CardSizeInfo &s : cardSizes()) {
            QVERIFY(s.mm.width() > s.mm.height()); // landscape
            QCOMPARE(cardSizeFromId(s.id), std::optional<CardSize>(s.size));
        }
        QCOMPARE(cardSizeInfo(CardSize::Standard).mm, QSizeF(127.0, 88.9));
        QCOMPARE(cardSizeInfo(CardSize::Large).mm, QSizeF(152.4, 101.6));
        QVERIFY(!cardSizeFromId(QStringLiteral("poker")));
    }

    void everyUnit_data()
    {
        QTest::addColumn<QString>("unitId");
        QTest::addColumn<CardSize>("size");
        for (const Unit &u : m_db.units()) {
            for (const CardSizeInfo &s : cardSizes())
                QTest::addRow("%s/%s", qPrintable(u.id), qPrintable(s.id)) << u.id << s.size;
        }
    }
    void everyUnit()
    {
        QFETCH(QString, unitId);
        QFETCH(CardSize, size);
        const Unit *u = m_db.unit(unitId);
        QVERIFY(u);
        CardOptions o;
        o.size = size;
        o.factionName = m_db.faction(u->faction)->name;
        const CardLayout l = CardLayout::compute(*u, o);
        QCOMPARE(l.size(), cardSizeInfo(size).mm);
        const QStringList problems = check(l);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        const QStringList missing = missingFields(l, *u);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        // The shipped units fit on one face, at a readable size.
        QCOMPARE(l.faceCount(), 1);
        QVERIFY(l.bodyPoints() >= 5.5);
        QCOMPARE(l.field(QStringLiteral("faction"))->text, o.factionName);
    }

    // Figure 1 as the card prints it.
    void shanYu()
    {
        const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")));
        QCOMPARE(l.field(QStringLiteral("weapon.1.name"))->text,
                 QStringLiteral("Beam Projector (x4)"));
        QCOMPARE(l.field(QStringLiteral("weapon.0.macro"))->text, QStringLiteral("+2"));
        QCOMPARE(l.field(QStringLiteral("armor.aft"))->text, QStringLiteral("-"));
        QCOMPARE(l.field(QStringLiteral("trait.2"))->text, QStringLiteral("Hangers: 2"));
        QVERIFY(!l.field(QStringLiteral("provisional")));
        // Defense 1 2 3 4 4 5 5: the 4s and 5s are redundant.
        for (int b = 0; b < 7; ++b)
            QCOMPARE(l.field(QStringLiteral("track.defense.box.%1").arg(b))->redundant, b >= 3);
        // Boxes of a track read left to right, then down.
        const CardField *d0 = l.field(QStringLiteral("track.defense.box.0"));
        const CardField *d1 = l.field(QStringLiteral("track.defense.box.1"));
        QVERIFY(d1->rect.left() > d0->rect.right());
        QCOMPARE(d1->rect.top(), d0->rect.top());
        // The tracks go top to bottom in the rulebook's order.
        qreal y = -1;
        for (CardTrack t : capitalTracks()) {
            const CardField *f = l.field(QStringLiteral("track.") + cardTrackId(t));
            QVERIFY(f->rect.top() > y);
            y = f->rect.top();
        }
    }

    // Issue 20.2: the card marks, value by value, what is jwfleet's estimate: "*"
    // after the label, as the TV and UC have it. The Alexander's Skill 2, Sensors 3
    // and Fore Armor 1 are the rules' and unmarked; its Speed, Turns, side and aft
    // Armor, Structure, weapons and traits are estimates. The Fury's Unit Cap is its
    // v1.2.3 card's and its Fuel the rules'. The Shan-Yu (Figure 1) has no mark.
    void estimatesMarkedPerValue()
    {
        const CardLayout a = CardLayout::compute(*m_db.unit(QStringLiteral("alexander")));
        const auto textOf = [](const CardLayout &l, const char *id) {
            const CardField *f = l.field(QLatin1String(id));
            return f ? f->text : QStringLiteral("(no field %1)").arg(QLatin1String(id));
        };
        QCOMPARE(textOf(a, "stat.skill.label"), QStringLiteral("Skill"));
        QCOMPARE(textOf(a, "armor.fore.label"), QStringLiteral("Fore"));
        QCOMPARE(textOf(a, "track.sensors"), QStringLiteral("Sensors"));
        QCOMPARE(textOf(a, "stat.speed.label"), QStringLiteral("Speed*"));
        QCOMPARE(textOf(a, "stat.turns.label"), QStringLiteral("Turns*"));
        QCOMPARE(textOf(a, "armor.sides.label"), QStringLiteral("P/S*"));
        QCOMPARE(textOf(a, "armor.aft.label"), QStringLiteral("Aft*"));
        QCOMPARE(textOf(a, "track.structure"), QStringLiteral("Structure*"));
        QCOMPARE(textOf(a, "weapon.0.name"), QStringLiteral("Beam Projector (x2)*"));
        QCOMPARE(textOf(a, "traits.label"), QStringLiteral("Traits*:"));
        QCOMPARE(textOf(a, "stat.skill"), QStringLiteral("2")); // values themselves unchanged
        QCOMPARE(textOf(a, "estimate"), QStringLiteral("* estimate"));
        QVERIFY(a.problems().isEmpty());

        const CardLayout fury = CardLayout::compute(*m_db.unit(QStringLiteral("fury")));
        QCOMPARE(textOf(fury, "uc"), QStringLiteral("UC 5"));
        QCOMPARE(textOf(fury, "track.fuel"), QStringLiteral("Fuel"));
        QCOMPARE(textOf(fury, "stat.speed.label"), QStringLiteral("Speed*"));

        const CardLayout shanyu = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")));
        for (const CardField &f : shanyu.fields())
            QVERIFY2(!f.text.contains(QLatin1Char('*')),
                     qPrintable(f.id + QLatin1String(": ") + f.text));
    }

    void deterministic()
    {
        const Unit &u = *m_db.unit(QStringLiteral("poseidon"));
        const CardLayout a = CardLayout::compute(u);
        const CardLayout b = CardLayout::compute(u);
        QCOMPARE(a.fields().size(), b.fields().size());
        for (std::size_t i = 0; i < a.fields().size(); ++i) {
            QCOMPARE(a.fields()[i].id, b.fields()[i].id);
            QCOMPARE(a.fields()[i].rect, b.fields()[i].rect);
        }
    }

    // Too much for the front: the text shrinks to the floor, then the weapon table
    // and the traits continue on a card back; nothing is dropped or clipped.
    void overflowContinuesOnBack_data()
    {
        QTest::addColumn<CardSize>("size");
        QTest::addColumn<int>("weapons");
        QTest::addColumn<int>("traits");
        for (const CardSizeInfo &s : cardSizes()) {
            QTest::addRow("%s/24x18", qPrintable(s.id)) << s.size << 24 << 18;
            QTest::addRow("%s/60x40", qPrintable(s.id)) << s.size << 60 << 40;
        }
    }
    void overflowContinuesOnBack()
    {
        QFETCH(CardSize, size);
        QFETCH(int, weapons);
        QFETCH(int, traits);
        const Unit u = test::monsterUnit(weapons, traits);
        CardOptions o;
        o.size = size;
        const CardLayout l = CardLayout::compute(u, o);
        QVERIFY(l.faceCount() > 1);
        QCOMPARE(l.bodyPoints(), o.style.minBodyPoints);
        const QStringList problems = check(l);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        const QStringList missing = missingFields(l, u);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        // The back names the unit and repeats the table header.
        QCOMPARE(l.field(QStringLiteral("back.name"))->text, u.name);
        QCOMPARE(l.field(QStringLiteral("back.name"))->face, 1);
        // The tracks stay on the front, with the name and the threat value.
        QCOMPARE(l.field(QStringLiteral("track.structure.box.0"))->face, 0);
        QCOMPARE(l.field(QStringLiteral("tv"))->face, 0);
        // A weapon's fields and boxes never straddle two faces.
        for (int i = 0; i < weapons; ++i) {
            const int face = l.field(QStringLiteral("weapon.%1.name").arg(i))->face;
            QCOMPARE(l.field(QStringLiteral("weapon.%1.box.0").arg(i))->face, face);
            QCOMPARE(l.field(QStringLiteral("weapon.%1.ac").arg(i))->face, face);
        }
    }

    void longNameShrinksTitle()
    {
        Unit u = *m_db.unit(QStringLiteral("shan-yu"));
        const CardLayout plain = CardLayout::compute(u);
        u.name = QStringLiteral("Her Serene Majesty's Heavy Carrier Shan-Yu II");
        const CardLayout l = CardLayout::compute(u);
        const QStringList problems = check(l);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(l.field(QStringLiteral("name"))->text, u.name);
        QVERIFY(TextMetrics::points(l.font(CardTextRole::Title))
                < TextMetrics::points(plain.font(CardTextRole::Title)));
    }

    void squadronHasNoWeaponBoxes()
    {
        const Unit &u = *m_db.unit(QStringLiteral("wyvern"));
        const CardLayout l = CardLayout::compute(u);
        for (const CardField &f : l.fields()) {
            QVERIFY2(f.owner != CardBoxOwner::Weapon, qPrintable(f.id));
            QVERIFY2(!f.id.startsWith(QStringLiteral("track.defense")), qPrintable(f.id));
        }
        QVERIFY(l.field(QStringLiteral("track.fuel.box.1")));
        QVERIFY(!l.field(QStringLiteral("track.fuel.box.2")));
    }

    void marksMapToBoxes()
    {
        const Unit &u = *m_db.unit(QStringLiteral("shan-yu"));
        const CardLayout l = CardLayout::compute(u);
        CardMarks m;
        QVERIFY(m.isFresh());
        m.defense = 3; // 7 boxes: the top three (5, 5, 4) are crossed out
        m.weapons[1] = 2; // Beam Projector: the first two instances
        m.traits[2] = 1; // Hangers: 2, the top box
        QVERIFY(!m.isFresh());
        auto marked = [&](const QString &id) {
            return CardLayout::isMarked(*l.field(id), m);
        };
        for (int b = 0; b < 7; ++b)
            QCOMPARE(marked(QStringLiteral("track.defense.box.%1").arg(b)), b >= 4);
        QCOMPARE(u.defense.valueAfter(m.defense), 4); // the highest unmarked box
        for (int b = 0; b < 4; ++b)
            QCOMPARE(marked(QStringLiteral("weapon.1.box.%1").arg(b)), b < 2);
        QVERIFY(!marked(QStringLiteral("trait.2.box.0")));
        QVERIFY(marked(QStringLiteral("trait.2.box.1")));
        QVERIFY(!marked(QStringLiteral("track.structure.box.4")));
        QVERIFY(!marked(QStringLiteral("legend.box")));
        // More marks than boxes: all of them, no more.
        m.structure = 99;
        for (int b = 0; b < 5; ++b)
            QVERIFY(marked(QStringLiteral("track.structure.box.%1").arg(b)));
    }

    // Trait reminders fitted trait by trait: on every shipped card that fits
    // on its front, in every size, as many as fit in card order (at least one
    // for every card that has a trait with rules text), the rest named on a
    // last line; all inside the left column and above the footer. The busiest
    // cards had none when all of them had to fit.
    void remindersFittedPerTrait()
    {
        int partial = 0;
        QStringList none;
        for (const CardSize size : {CardSize::Standard, CardSize::Large, CardSize::Jumbo}) {
            for (const Unit &u : m_db.units()) {
                CardOptions o;
                o.size = size;
                const CardLayout l = CardLayout::compute(u, o);
                if (l.faceCount() != 1 || !l.problems().isEmpty())
                    continue;
                // The traits with rules text, in card order, each once.
                QStringList expected;
                QStringList names;
                const auto take = [&](const TraitRef &t) {
                    const TraitInfo *i = TraitCatalog::rules().find(t.name);
                    if (i && !i->summary.isEmpty() && !names.contains(t.name))
                        expected << t.toString();
                    names << t.name;
                };
                for (const TraitRef &t : u.traits)
                    take(t);
                for (const Weapon &w : u.weapons) {
                    for (const TraitRef &t : w.traits)
                        take(t);
                }
                const QString what = u.id + QLatin1Char('/') + cardSizeInfo(size).id;
                if (expected.isEmpty()) {
                    QVERIFY2(!l.field(QStringLiteral("reminder.0")), qPrintable(what));
                    continue;
                }
                int shown = 0;
                while (const CardField *f = l.field(QStringLiteral("reminder.%1").arg(shown))) {
                    QVERIFY2(f->text.startsWith(expected.at(shown) + QStringLiteral(": ")),
                             qPrintable(what + QStringLiteral(": ") + f->text));
                    QCOMPARE(f->container, QStringLiteral("left"));
                    ++shown;
                }
                const CardField *more = l.field(QStringLiteral("reminders.more"));
                if (shown == 0) {
                    // Not one fits: the front is full (the traits are named above).
                    QVERIFY2(!more && !l.field(QStringLiteral("reminders.rule")), qPrintable(what));
                    none << what;
                    continue;
                }
                if (shown < expected.size()) {
                    ++partial;
                    if (more)
                        QCOMPARE(QString(more->text).replace(QLatin1Char('\n'), QLatin1Char(' ')),
                                 QStringLiteral("More in the rules: ")
                                     + expected.mid(shown).join(QStringLiteral(", ")));
                } else {
                    QVERIFY2(!more, qPrintable(what));
                }
                QVERIFY2(l.overlaps().isEmpty(), qPrintable(l.overlaps().join(QLatin1Char('\n'))));
                QVERIFY2(l.clipped().isEmpty(), qPrintable(l.clipped().join(QLatin1Char('\n'))));
            }
        }
        // Some cards have more than their front holds: those are the ones this is for.
        QVERIFY(partial > 0);
        // Every shipped card has room for at least its first reminder, the
        // busiest too (the Poseidon: 8 traits with rules text; none before).
        QVERIFY2(none.isEmpty(), qPrintable(none.join(QStringLiteral(", "))));
        const CardLayout poseidon = CardLayout::compute(*m_db.unit(QStringLiteral("poseidon")));
        QVERIFY(poseidon.field(QStringLiteral("reminder.0"))
                    ->text.startsWith(QStringLiteral("Sluggish: ")));
    }

    // A line of rules text per trait.
    void reminders()
    {
        const Unit &syreen = *m_db.unit(QStringLiteral("syreen"));
        const CardLayout l = CardLayout::compute(syreen);
        QVERIFY(l.field(QStringLiteral("reminder.0"))->text.startsWith(QStringLiteral("Fast: ")));
        QVERIFY(l.field(QStringLiteral("reminder.1"))->text.startsWith(QStringLiteral("Swarm: ")));
        QVERIFY(!l.field(QStringLiteral("reminder.2")));
        CardOptions off;
        off.style.reminders = false;
        QVERIFY(!CardLayout::compute(syreen, off).field(QStringLiteral("reminder.0")));
        // X is the card's value.
        Unit u = *m_db.unit(QStringLiteral("wyvern"));
        u.traits = {{QStringLiteral("Hangers"), 2, true, 2}};
        const CardLayout h = CardLayout::compute(u);
        QCOMPARE(h.field(QStringLiteral("reminder.0"))->text,
                 QStringLiteral("Hangers: 2: Up to 2 Squadrons Embarked."));
        // Never on a card that needs a back (its front is full).
        QVERIFY(!CardLayout::compute(test::monsterUnit()).field(QStringLiteral("reminder.0")));
    }

    // A fleet's model: its own name on top, the unit next to the faction, upgrades
    // after the traits.
    void modelNameAndUpgrades()
    {
        CardOptions o;
        o.modelName = QStringLiteral("VRS Jade Lotus");
        o.upgrades = {QStringLiteral("Ace Pilot")};
        const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")), o);
        QCOMPARE(l.field(QStringLiteral("name"))->text, o.modelName);
        QCOMPARE(l.field(QStringLiteral("unit"))->text, QStringLiteral("Shan-Yu"));
        QCOMPARE(l.field(QStringLiteral("upgrade.0"))->text, QStringLiteral("Ace Pilot (upgrade)"));
        const QStringList problems = check(l);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // A squadron without traits still lists its upgrade.
        const CardLayout w = CardLayout::compute(*m_db.unit(QStringLiteral("wyvern")), o);
        QVERIFY(w.field(QStringLiteral("traits.label")));
        QVERIFY(w.field(QStringLiteral("upgrade.0")));
        QVERIFY(check(w).isEmpty());
    }

    void fontFamilyIsExplicit()
    {
        const CardLayout l = CardLayout::compute(*m_db.unit(QStringLiteral("shan-yu")));
        QCOMPARE(l.font(CardTextRole::Body).families().first(), QStringLiteral("DejaVu Sans"));
        QCOMPARE(QFontInfo(l.font(CardTextRole::Body)).family(), QStringLiteral("DejaVu Sans"));
    }
};

QTEST_MAIN(TestCardLayout)
#include "tst_render_cardlayout.moc"
