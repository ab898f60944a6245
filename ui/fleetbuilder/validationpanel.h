// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace jw {

class FleetDocument;

// Every problem of the fleet, live: severity, the rule's sentence with its
// numbers, the rules text it comes from (tooltip). Selecting a problem selects
// the units involved; Rule… opens the selected problem's rule in Help › Rules
// Reference.
class ValidationPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ValidationPanel(FleetDocument *doc, QWidget *parent = nullptr);

    [[nodiscard]] QListWidget *list() const { return m_list; }
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] QPushButton *ruleButton() const { return m_ruleButton; }
    // The rules text reference of the selected problem ("" when none is selected).
    [[nodiscard]] QString selectedRule() const;
    // Opens the selected problem's rule; false when it has none in the reference.
    bool openSelectedRule();

Q_SIGNALS:
    void entriesSelected(const QList<int> &entries);

private:
    void refresh();
    FleetDocument *m_doc;
    QLabel *m_status;
    QListWidget *m_list;
    QPushButton *m_ruleButton;
};

} // namespace jw
