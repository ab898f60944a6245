// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTextBrowser>

namespace jw {

struct Unit;
struct FactionInfo;

// Every rating, weapon and trait of one unit, as a readable page.
class UnitDetailView : public QTextBrowser
{
    Q_OBJECT
public:
    explicit UnitDetailView(QWidget *parent = nullptr);

    void showUnit(const Unit *unit, const FactionInfo *faction);
    [[nodiscard]] static QString html(const Unit &unit, const FactionInfo *faction,
                                      const QPalette &palette);

protected:
    void changeEvent(QEvent *event) override;

private:
    const Unit *m_unit = nullptr;
    const FactionInfo *m_faction = nullptr;
};

} // namespace jw
