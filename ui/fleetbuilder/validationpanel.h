#pragma once

#include <QWidget>

class QLabel;
class QListWidget;

namespace jw {

class FleetDocument;

// Every problem of the fleet, live: severity, the rule's sentence with its
// numbers, the rules text it comes from (tooltip). Selecting a problem selects
// the units involved.
class ValidationPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ValidationPanel(FleetDocument *doc, QWidget *parent = nullptr);

    [[nodiscard]] QListWidget *list() const { return m_list; }
    [[nodiscard]] QString statusText() const;

Q_SIGNALS:
    void entriesSelected(const QList<int> &entries);

private:
    void refresh();
    FleetDocument *m_doc;
    QLabel *m_status;
    QListWidget *m_list;
};

} // namespace jw
