#pragma once

#include "units/unitdatabase.h"

#include <QMainWindow>

namespace jw {

class UnitBrowser;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(UnitDatabase db, QWidget *parent = nullptr);

    [[nodiscard]] UnitBrowser *unitBrowser() const { return m_browser; }
    [[nodiscard]] const UnitDatabase &database() const { return m_db; }

    // Shows the problems of the unit data, if any (at start-up).
    void reportDataIssues();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void about();

    UnitDatabase m_db;
    UnitBrowser *m_browser = nullptr;
};

} // namespace jw
