// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QApplication>
#include <QString>

#include <functional>

namespace jw {

// The desktop application's QApplication. An exception thrown from an event
// handler would reach the event loop and abort the program, taking the user's
// unsaved fleet and campaign work with it; notify() stops it there, logs it and
// tells the user, and the program goes on. Every reader already turns bad input
// into an error message; this is the last boundary, for a bug.
class Application : public QApplication
{
    Q_OBJECT
public:
    Application(int &argc, char **argv);

    bool notify(QObject *receiver, QEvent *event) override;

    // What is shown for a caught exception (tests replace it; the default is a
    // message box shown from the event loop, not from inside notify()).
    using Reporter = std::function<void(const QString &message)>;
    void setReporter(Reporter reporter) { m_reporter = std::move(reporter); }
    [[nodiscard]] int caughtExceptions() const { return m_caught; }

private:
    void report(const QString &what);

    Reporter m_reporter;
    int m_caught = 0;
};

} // namespace jw
