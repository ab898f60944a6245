// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/cardlayout.h"
#include "render/cardmarks.h"

#include <QColor>
#include <QHash>
#include <QImage>
#include <QListWidget>

#include <optional>

namespace jw {

class Engine;
struct GameState;
struct Unit;

// Both fleets' cards in a row (or a column when docked at a side): each model's
// unit card as a thumbnail, painted by the same CardPainter as the card dock,
// with its damage marked, its name and Structure under it; activated models
// faded, destroyed and withdrawn ones crossed out. A click chooses the model
// (the game window selects it on the table), a double click asks for its card
// at full size. Thumbnails are painted when first seen and kept until the
// model's marks change.
class FleetStrip : public QListWidget
{
    Q_OBJECT
public:
    explicit FleetStrip(QWidget *parent = nullptr);

    // `viewer` (0 or 1; -1: none): the person at this screen, in a network game. A model
    // hidden from them (v1.2.4 secret information, Engine::isHidden), or a stand-in of a masked
    // game, is shown as hidden: no card, no name, no state.
    void setState(const Engine &engine, const GameState &state, int selected, int viewer = -1);
    void clearCards(); // no game: no cards (not reset(): that is QAbstractItemView's)
    void setVertical(bool vertical);
    [[nodiscard]] bool vertical() const { return m_vertical; }

    [[nodiscard]] QListWidgetItem *itemOf(int model) const;
    [[nodiscard]] int modelOf(const QListWidgetItem *item) const;
    [[nodiscard]] int currentModel() const { return modelOf(currentItem()); }
    [[nodiscard]] QSize thumbnailSize() const;
    // The thumbnail as painted (rendered when first asked).
    [[nodiscard]] QImage thumbnail(int model);
    [[nodiscard]] const CardMarks *marks(int model) const;

Q_SIGNALS:
    void modelChosen(int model);
    void modelOpened(int model);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    friend class FleetStripDelegate;
    struct Card
    {
        const Unit *unit = nullptr;
        CardOptions options;
        std::optional<CardLayout> layout;
        CardMarks marks;
        QString name;
        QString status; // "S 3/4 · Crip"
        QColor color;
        bool dimmed = false;
        bool gone = false; // destroyed or withdrawn
        bool hidden = false; // hidden from the viewer: the back of a card
        QString tip;
        QImage image; // the thumbnail, at thumbnailSize() and the screen's pixel ratio
    };
    void updateThumbnailSize();
    [[nodiscard]] const QImage &thumbnailOf(int model, qreal dpr);

    QHash<int, Card> m_cards;
    bool m_vertical = false;
    int m_thumbHeight = 96;
    bool m_resizePending = false;
};

} // namespace jw
