// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 16, a readable table at every zoom and the cards at the table: the
// models' labels (screen-size names, Structure, state tokens) placed without
// overlap in a crowded deployment, drawn at full size at the zoom that fits the
// table, activated models dimmed; silhouettes per model type; the fleet strip
// (click selects, damage marked) and the card viewer. Screenshots go to
// JW_SCREENSHOT_DIR when it is set.
#include "print/cardview.h"
#include "table/cardviewer.h"
#include "table/fleetstrip.h"
#include "table/gamecontroller.h"
#include "table/gamewindow.h"
#include "table/modelitem.h"
#include "table/tablelabels.h"
#include "table/tablescene.h"
#include "table/tableterms.h"
#include "table/tableview.h"
#include "theme.h"

#include "engine/engine.h"
#include "units/unitdatabase.h"

#include <QGraphicsSimpleTextItem>
#include <QStandardPaths>
#include <QTest>

using namespace jw;

namespace {

const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

// Each side: two capital ships (one a Static Bastion for the Cega) and twelve
// squadrons in contact with each other in a block of 4 x 3, as players deploy
// them; the Activation Phase of turn 1.
GameSetup crowdedSetup()
{
    GameSetup s;
    s.rules = QStringLiteral("v1.2.2");
    s.seed = 7;
    const char *const capitals[2][2] = {{"alexander", "valiant"}, {"tengu", "bastion"}};
    const char *const squadrons[2][4] = {{"pathfinder", "javelin", "godfire", "stormrider"},
                                         {"wyvern", "wraith", "fury", "syreen"}};
    const char *const factions[2] = {"jovian", "cega"};
    for (int p = 0; p < 2; ++p) {
        PlayerSetup &player = s.players[std::size_t(p)];
        player.name = p ? QStringLiteral("Eve") : QStringLiteral("Dave");
        player.fleet.faction = QLatin1String(factions[p]);
        player.fleet.points = 100000;
        const double y = p ? 8 : 40;
        const double facing = p ? 180 : 0;
        int entry = 0;
        auto add = [&](const char *unit, double x, double yy) {
            player.fleet.entries.push_back(FleetEntry {QLatin1String(unit), {}, {}});
            ModelStart m;
            m.player = p;
            m.entry = entry++;
            m.x = x;
            m.y = yy;
            m.facing = facing;
            s.starts.push_back(m);
        };
        add(capitals[p][0], 12, y);
        add(capitals[p][1], 16, y);
        for (int i = 0; i < 12; ++i)
            add(squadrons[p][i % 4], 21 + (i % 4) * 1.0, y - 1 + (i / 4) * 1.0);
    }
    s.startPhase = QStringLiteral("activation");
    s.initiative = 0;
    if (const auto e = GameSetup::fillUnits(s, db()))
        qFatal("%s", qPrintable(*e));
    return s;
}

std::unique_ptr<DiceSource> dice()
{
    std::vector<int> faces;
    for (int i = 0; i < 500; ++i)
        faces.push_back(1 + i % 6);
    return std::make_unique<ScriptedDiceSource>(faces);
}

void shot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

int onTable(const GameState &s)
{
    int n = 0;
    for (const ModelState &m : s.models)
        n += m.onTable() ? 1 : 0;
    return n;
}

// The mean lightness of an image's pixels, 0 to 255.
double lightness(const QImage &image)
{
    double sum = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            sum += QColor(image.pixel(x, y)).lightness();
    return sum / std::max(1, image.width() * image.height());
}

QString overlapText(const std::vector<PlacedLabel> &placed)
{
    for (std::size_t i = 0; i < placed.size(); ++i)
        for (std::size_t j = i + 1; j < placed.size(); ++j)
            if (placed[i].rect.intersects(placed[j].rect))
                return QStringLiteral("labels of models %1 and %2 overlap")
                    .arg(placed[i].model)
                    .arg(placed[j].model);
    return {};
}

} // namespace

class TestTableLabels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        GameController::discardAutosave();
    }
    void cleanupTestCase() { GameController::discardAutosave(); }

    // At the zoom that fits the table in a 1280x720 window, every model has a
    // label, no two overlap, and what the view shows at each label's place is
    // the label's image pixel for pixel: text at its own size, not scaled.
    void labelsReadableAtTheFitZoom_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("theme");
        for (const QString &t : {QStringLiteral("light"), QStringLiteral("dark")}) {
            QTest::addRow("1280x720 %s", qPrintable(t)) << QSize(1280, 720) << t;
            QTest::addRow("1920x1080 %s", qPrintable(t)) << QSize(1920, 1080) << t;
        }
    }
    void labelsReadableAtTheFitZoom()
    {
        QFETCH(QSize, size);
        QFETCH(QString, theme);
        theme::apply(theme);
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(crowdedSetup(), dice());
        w.view()->fitTable();
        QCoreApplication::processEvents();
        const double zoom = w.view()->zoom();
        QVERIFY2(zoom < 20, qPrintable(QString::number(zoom))); // the old labels showed from 20
        TableLabels &labels = w.scene()->labels();
        const std::vector<PlacedLabel> placed = labels.layout(zoom);
        QCOMPARE(int(placed.size()), onTable(c.state()));
        const QString overlap = overlapText(placed);
        QVERIFY2(overlap.isEmpty(), qPrintable(overlap));

        const QImage view
            = w.view()->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QTransform vt = w.view()->viewportTransform();
        int checked = 0;
        for (const PlacedLabel &p : placed) {
            const QImage label
                = labels.image(p.model, p.compact).convertToFormat(QImage::Format_RGB32);
            const QPoint at((p.rect.topLeft() + QPointF(vt.dx(), vt.dy())).toPoint());
            if (!view.rect().contains(QRect(at, label.size())))
                continue;
            QCOMPARE(view.copy(QRect(at, label.size())), label);
            // Light text on the dark label: a name of at least 9 pixels is there.
            QVERIFY(label.height() >= 14);
            int light = 0;
            for (int y = 0; y < label.height(); ++y)
                for (int x = 0; x < label.width(); ++x)
                    light += QColor(label.pixel(x, y)).lightness() > 180 ? 1 : 0;
            QVERIFY2(light > 15, qPrintable(c.game()->engine().modelName(c.state(), p.model)));
            ++checked;
        }
        // Those at the table's edge may reach past the view; the others were all compared.
        QVERIFY2(checked >= int(placed.size()) - 4, qPrintable(QString::number(checked)));
        shot(&w,
             QStringLiteral("labels-fit-%1x%2-%3").arg(size.width()).arg(size.height()).arg(theme));
    }

    // The selected model's range captions ("AC short 6\"" on its rings) stay readable:
    // no model's label covers one, and no two captions overlap, whichever model is
    // selected, at the zoom that fits the table and at two zooms further in. The labels
    // keep their places (captions make room, not labels: labels pushed away from
    // captions went off the fitted view).
    void labelsLeaveRangeCaptionsFree_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("theme");
        for (const QString &t : {QStringLiteral("light"), QStringLiteral("dark")}) {
            QTest::addRow("1280x720 %s", qPrintable(t)) << QSize(1280, 720) << t;
            QTest::addRow("1920x1080 %s", qPrintable(t)) << QSize(1920, 1080) << t;
        }
    }
    void labelsLeaveRangeCaptionsFree()
    {
        QFETCH(QSize, size);
        QFETCH(QString, theme);
        theme::apply(theme);
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(crowdedSetup(), dice());
        w.view()->fitTable();
        QCoreApplication::processEvents();
        const double fit = w.view()->zoom();
        TableScene *scene = w.scene();
        QStringList covered;
        int captions = 0;
        for (const ModelState &m : c.state().models) {
            if (!m.onTable())
                continue;
            scene->setSelectedModel(m.id);
            for (const double zoom : {fit, 20.0, 32.0}) {
                const std::vector<PlacedLabel> placed = scene->labels().layout(zoom);
                const std::vector<QRectF> rects = scene->rangeCaptionRects(zoom);
                QVERIFY(rects.size() >= 2); // short and long, at least against one kind
                captions += int(rects.size());
                for (std::size_t i = 0; i < rects.size(); ++i) {
                    for (const PlacedLabel &p : placed)
                        if (p.rect.intersects(rects[i]))
                            covered << QStringLiteral("model %1 at %2 px/in: caption %3 under "
                                                      "the label of %4")
                                           .arg(m.id)
                                           .arg(zoom)
                                           .arg(i)
                                           .arg(p.model);
                    for (std::size_t j = i + 1; j < rects.size(); ++j)
                        if (rects[i].intersects(rects[j]))
                            covered << QStringLiteral("model %1 at %2 px/in: captions %3 and %4 "
                                                      "overlap")
                                           .arg(m.id)
                                           .arg(zoom)
                                           .arg(i)
                                           .arg(j);
                }
                // Every model keeps its label.
                if (zoom >= 9)
                    QCOMPARE(int(placed.size()), onTable(c.state()));
            }
        }
        QVERIFY2(covered.isEmpty(),
                 qPrintable(QStringLiteral("%1 of %2: ").arg(covered.size()).arg(captions)
                            + covered.mid(0, 5).join(QStringLiteral("; "))));
        // What the view shows at a caption's place is the caption, pixel for pixel: the
        // Alexander's and a squadron's in the crowd, at the fit zoom.
        for (const int model : {0, 7}) {
            w.selectModel(model);
            QCOMPARE(scene->selectedModel(), model);
            QCoreApplication::processEvents();
            const QImage view
                = w.view()->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
            const QTransform vt = w.view()->viewportTransform();
            const std::vector<QRectF> rects = scene->rangeCaptionRects(fit);
            int seen = 0;
            for (std::size_t i = 0; i < rects.size(); ++i) {
                const QImage caption
                    = scene->labels().captionImage(int(i)).convertToFormat(QImage::Format_RGB32);
                const QPoint at((rects[i].topLeft() + QPointF(vt.dx(), vt.dy())).toPoint());
                if (!view.rect().contains(QRect(at, caption.size())))
                    continue;
                QCOMPARE(view.copy(QRect(at, caption.size())), caption);
                ++seen;
            }
            QVERIFY2(seen >= 2, qPrintable(QString::number(seen)));
            shot(&w,
                 QStringLiteral("captions-%1x%2-%3-model%4")
                     .arg(size.width())
                     .arg(size.height())
                     .arg(theme)
                     .arg(model));
        }
    }

    // The captions go around the scene's other screen-size texts too: a move rail's
    // distance written where a caption was moves the caption, not over the text.
    void captionsAvoidOverlayTexts()
    {
        const Engine engine(crowdedSetup());
        CounterDiceSource d(1, 0);
        const ApplyResult start = engine.start(d);
        TableScene scene;
        scene.setState(engine, start.state);
        scene.setSelectedModel(0);
        const double zoom = 20;
        const std::vector<QRectF> before = scene.rangeCaptionRects(zoom);
        QVERIFY(!before.empty());
        // The rail's text at the first caption's place (its top left, in scene inches).
        const QPointF at = before[0].topLeft() / zoom;
        scene.setMoveRail(at - QPointF(0, 0.5), QPointF(0, 1), 0, 0, QStringLiteral("12.0\" left"));
        QGraphicsSimpleTextItem *text = nullptr;
        for (QGraphicsItem *i : scene.items())
            if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(i))
                text = t;
        QVERIFY(text);
        const QRectF textRect(text->pos() * zoom, text->boundingRect().size());
        QVERIFY(textRect.intersects(before[0]));
        const std::vector<QRectF> after = scene.rangeCaptionRects(zoom);
        QCOMPARE(after.size(), before.size());
        for (const QRectF &r : after)
            QVERIFY(!r.intersects(textRect));
        // Gone with the rail: the caption comes back.
        scene.clearMoveRail();
        QCOMPARE(scene.rangeCaptionRects(zoom)[0], before[0]);
    }

    // A wide view shows the scene beyond the table's margin, where the long range rings
    // reach: selecting another model leaves nothing of the last one's rings there (the
    // view caches the background; it was redrawn within the scene's rectangle only).
    void noStaleRingsBesideTheTable()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(crowdedSetup(), dice());
        w.view()->fitTable();
        w.selectModel(0); // the Alexander, near the left edge: its long ring goes past it
        QCoreApplication::processEvents();
        (void)w.view()->viewport()->grab();
        w.selectModel(7);
        QCoreApplication::processEvents();
        const QImage cached = w.view()->viewport()->grab().toImage();
        w.view()->resetCachedContent();
        const QImage fresh = w.view()->viewport()->grab().toImage();
        QCOMPARE(cached, fresh);
    }

    // A label is the same image at every zoom (it does not scale with the view),
    // and the placement never overlaps two labels, is the same every time and
    // keeps labels off other bases unless in a crowd.
    void noOverlapAtEveryZoom_data()
    {
        QTest::addColumn<double>("zoom");
        for (double z : {6.0, 9.0, 13.0, 20.0, 40.0, 80.0})
            QTest::addRow("%g px/in", z) << z;
    }
    void noOverlapAtEveryZoom()
    {
        QFETCH(double, zoom);
        const Engine engine(crowdedSetup());
        CounterDiceSource d(1, 0);
        const ApplyResult start = engine.start(d);
        QVERIFY(start.ok());
        TableScene scene;
        scene.setState(engine, start.state);
        const std::vector<PlacedLabel> placed = scene.labels().layout(zoom);
        const QString overlap = overlapText(placed);
        QVERIFY2(overlap.isEmpty(), qPrintable(overlap));
        QVERIFY(!placed.empty());
        TableScene again;
        again.setState(engine, start.state);
        const std::vector<PlacedLabel> second = again.labels().layout(zoom * 2);
        const std::vector<PlacedLabel> same = again.labels().layout(zoom);
        QCOMPARE(same.size(), placed.size());
        for (std::size_t i = 0; i < placed.size(); ++i) {
            QCOMPARE(same[i].model, placed[i].model);
            QCOMPARE(same[i].rect, placed[i].rect);
        }
        Q_UNUSED(second);
        // The label's image does not depend on the zoom.
        const QImage a = scene.labels().image(0, false);
        (void)scene.labels().layout(zoom * 3);
        QCOMPARE(scene.labels().image(0, false), a);
        // A label next to its base (no leader) clears the base.
        for (const PlacedLabel &p : placed) {
            const QRectF b = scene.modelItem(p.model)->base().boundingRect();
            const QRectF bp(b.topLeft() * zoom, b.bottomRight() * zoom);
            if (!p.leader)
                QVERIFY(!p.rect.intersects(bp.adjusted(1, 1, -1, -1)));
            else // the leader starts on the base's box
                QVERIFY(bp.adjusted(-0.5, -0.5, 0.5, 0.5).contains(p.anchor));
        }
        if (zoom >= 9) // from there on, every model has its label
            QCOMPARE(int(placed.size()), onTable(start.state));
    }

    // Twelve squadrons in contact cannot all have their label beside them at the
    // fit zoom: some go further out with a leader line, and still none overlaps.
    void crowdUsesLeaderLines()
    {
        const Engine engine(crowdedSetup());
        CounterDiceSource d(1, 0);
        const ApplyResult start = engine.start(d);
        TableScene scene;
        scene.setState(engine, start.state);
        const std::vector<PlacedLabel> placed = scene.labels().layout(13);
        QCOMPARE(int(placed.size()), onTable(start.state));
        int leaders = 0;
        for (const PlacedLabel &p : placed)
            leaders += p.leader ? 1 : 0;
        QVERIFY(leaders > 0);
        QVERIFY(overlapText(placed).isEmpty());
    }

    // The keyboard's ring (N, P on the table view) is never under its model's label: the
    // label goes around the ring, in a crowd too, and every label still has its place.
    void labelsLeaveTheKeyboardRingFree()
    {
        const Engine engine(crowdedSetup());
        CounterDiceSource d(1, 0);
        const ApplyResult start = engine.start(d);
        TableScene scene;
        scene.setState(engine, start.state);
        const double zoom = 13;
        int checked = 0;
        for (const ModelState &m : start.state.models) {
            if (!m.onTable())
                continue;
            scene.setKeyboardModel(m.id);
            QCOMPARE(scene.keyboardModel(), m.id);
            const ModelItem *item = scene.modelItem(m.id);
            QVERIFY(item);
            const QRectF ring = item->mapRectToScene(item->keyboardRingRect());
            const QRectF ringPx(ring.topLeft() * zoom, ring.bottomRight() * zoom);
            const std::vector<PlacedLabel> placed = scene.labels().layout(zoom);
            QCOMPARE(int(placed.size()), onTable(start.state));
            QVERIFY(overlapText(placed).isEmpty());
            const auto own = std::find_if(placed.begin(), placed.end(),
                                          [&](const PlacedLabel &p) { return p.model == m.id; });
            QVERIFY(own != placed.end());
            QVERIFY2(!own->rect.intersects(ringPx),
                     qPrintable(QStringLiteral("model %1").arg(m.id)));
            ++checked;
        }
        QVERIFY(checked >= 10);
        scene.setKeyboardModel(-1);
        QCOMPARE(int(scene.labels().layout(zoom).size()), onTable(start.state));
    }

    // The label says what the engine says: Structure left, states as tokens whose
    // tooltip names the state; the rest of the label shows the full status.
    void tokensAndStructureFromTheEngine()
    {
        const Engine engine(crowdedSetup());
        CounterDiceSource d(1, 0);
        const ApplyResult start = engine.start(d);
        GameState s = start.state;
        s.models[0].flags |= FlagCrippled | FlagEvading;
        s.models[0].structureLost = 1;
        TableScene scene;
        scene.setState(engine, s);
        const LabelContent *c = scene.labels().content(0);
        QVERIFY(c);
        QCOMPARE(c->structure, engine.view(s, 0).structure());
        QCOMPARE(c->structureMax, engine.view(s, 0).starting(Rating::Structure));
        QCOMPARE(c->structure, c->structureMax - 1);
        QCOMPARE(int(c->tokens.size()), 2);
        QCOMPARE(c->tokens[0].id, QStringLiteral("crippled"));
        QCOMPARE(c->tokens[1].id, QStringLiteral("evading"));
        const double zoom = 40;
        const std::vector<PlacedLabel> placed = scene.labels().layout(zoom);
        const auto it = std::find_if(placed.begin(), placed.end(),
                                     [](const PlacedLabel &p) { return p.model == 0; });
        QVERIFY(it != placed.end());
        const std::vector<QRectF> tokens = scene.labels().tokenRects(0);
        QCOMPARE(int(tokens.size()), 2);
        const QPointF at = (it->rect.topLeft() + tokens[0].center()) / zoom;
        QCOMPARE(scene.labels().toolTipAt(at, zoom),
                 TableTerms::stateName(QStringLiteral("crippled")));
        QCOMPARE(scene.labels().modelAt(at, zoom), 0);
        const QString full
            = scene.labels().toolTipAt((it->rect.topLeft() + QPointF(6, 4)) / zoom, zoom);
        QVERIFY2(full.contains(TableTerms::stateName(QStringLiteral("crippled")))
                     && full.contains(engine.modelName(s, 0)),
                 qPrintable(full));
        // Off every label: no label tooltip (the model's own applies).
        QVERIFY(scene.labels().toolTipAt(QPointF(47, 24), zoom).isEmpty());
    }

    // Each kind of model has its silhouette: capital ship, station (Static),
    // fighter and exo-armor squadrons.
    void silhouettePerModelType()
    {
        const Engine engine(crowdedSetup());
        CounterDiceSource d(1, 0);
        const ApplyResult start = engine.start(d);
        TableScene scene;
        scene.setState(engine, start.state);
        QSet<int> kinds;
        for (const ModelState &m : start.state.models) {
            const Unit &u = engine.unitOf(m);
            const ModelItem::Kind k = scene.modelItem(m.id)->kind();
            kinds.insert(k);
            if (u.hasTrait(QStringLiteral("Static")))
                QCOMPARE(k, ModelItem::Static);
            else if (u.type == UnitType::Capital)
                QCOMPARE(k, ModelItem::Capital);
            else if (u.type == UnitType::Fighter)
                QCOMPARE(k, ModelItem::Fighter);
            else
                QCOMPARE(k, ModelItem::ExoArmor);
        }
        QCOMPARE(kinds.size(), 4);
    }

    // Flow: a model that ends its activation is dimmed on the table (item and
    // label) and in the fleet strip.
    void dimmedAfterActivation()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(crowdedSetup(), dice());
        const int id = 2; // a squadron of Dave (who acts first): it may stay where it is
        QVERIFY(!w.scene()->modelItem(id)->dimmed());
        QVERIFY(!w.scene()->labels().content(id)->dimmed);
        const QImage before = w.scene()->labels().image(id, false);
        QVERIFY(c.apply(ActivateCommand {id, {}}));
        QVERIFY2(c.apply(EndActivationCommand {}),
                 qPrintable(c.lastRejection() ? c.lastRejection()->toString() : QString()));
        QVERIFY(c.state().models[id].activated);
        QVERIFY(w.scene()->modelItem(id)->dimmed());
        QVERIFY(w.scene()->labels().content(id)->dimmed);
        QVERIFY(lightness(w.scene()->labels().image(id, false)) < lightness(before) - 5);
        QVERIFY(!w.scene()->modelItem(1)->dimmed()); // not yet activated
        QVERIFY(w.fleetStrip()->itemOf(id)->toolTip().contains(QStringLiteral("done")));
        shot(&w, QStringLiteral("labels-dimmed"));
    }

    // The fleet strip: both fleets' models under their player's heading;
    // clicking a card selects that model on the table and shows its card.
    void stripClickSelectsTheModel()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(crowdedSetup(), dice());
        FleetStrip *strip = w.fleetStrip();
        QVERIFY(strip);
        QVERIFY(strip->isVisible());
        QCOMPARE(strip->count(), int(c.state().models.size()) + 2);
        // Dave chooses which model to activate: one of his squadrons, in the
        // middle of the block (the table selects an activatable model then).
        const int model = 7;
        QCOMPARE(c.state().models[model].owner, 0);
        QListWidgetItem *item = strip->itemOf(model);
        QVERIFY(item);
        strip->scrollToItem(item);
        QCoreApplication::processEvents();
        const QRect r = strip->visualItemRect(item);
        QVERIFY(strip->viewport()->rect().contains(r.center()));
        QTest::mouseClick(strip->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(w.selectedModel(), model);
        QCOMPARE(w.scene()->selectedModel(), model);
        QCOMPARE(w.cardView()->unit(), &c.game()->engine().unitOf(c.state().models[model]));
        QCOMPARE(strip->currentModel(), model);
        // Selecting on the table moves the strip's selection along.
        w.selectModel(4);
        QCOMPARE(strip->currentModel(), 4);
        // No game, no cards (not the last game's).
        c.closeGame();
        QCOMPARE(strip->count(), 0);
        QVERIFY(!strip->marks(4));
    }

    // The strip's cards show the damage marked on the model, as the card dock does.
    void stripMarksDamage()
    {
        const Engine engine(crowdedSetup());
        CounterDiceSource d(1, 0);
        GameState s = engine.start(d).state;
        FleetStrip strip;
        strip.resize(900, 200);
        strip.setState(engine, s, -1);
        const QImage clean = strip.thumbnail(0);
        QVERIFY(!clean.isNull());
        QCOMPARE(strip.marks(0)->structure, 0);
        s.models[0].structureLost = 2;
        s.models[0].location = Location::Destroyed;
        strip.setState(engine, s, -1);
        QCOMPARE(strip.marks(0)->structure, 2);
        QVERIFY(strip.thumbnail(0) != clean);
        QVERIFY(strip.itemOf(0)->toolTip().contains(QStringLiteral("destroyed")));
    }

    // The selected model's card at full size: the card viewer window follows
    // the card dock (unit, marks); a double-click on the dock's card opens it.
    void cardViewerAtFullSize()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(crowdedSetup(), dice());
        w.selectModel(1);
        CardViewer *viewer = w.cardViewer();
        QVERIFY(viewer && !viewer->isVisible());
        QTest::mouseDClick(w.cardView(), Qt::LeftButton, {}, w.cardView()->rect().center());
        QVERIFY(viewer->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(viewer));
        const Unit *unit = &c.game()->engine().unitOf(c.state().models[1]);
        QCOMPARE(viewer->cardView()->unit(), unit);
        // 127 mm at 96 dpi is 480 pixels: the viewer's card is at least that wide.
        QVERIFY(viewer->cardView()->width() >= 480);
        w.selectModel(5);
        QCOMPARE(viewer->cardView()->unit(), &c.game()->engine().unitOf(c.state().models[5]));
        QCOMPARE(viewer->cardView()->marks(), w.cardView()->marks());
        QVERIFY(viewer->windowTitle().contains(c.game()->engine().modelName(c.state(), 5)));
        shot(viewer, QStringLiteral("card-viewer"));
        viewer->close();
    }
};

QTEST_MAIN(TestTableLabels)
#include "tst_tablelabels.moc"
