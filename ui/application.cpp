// SPDX-License-Identifier: GPL-3.0-or-later
#include "application.h"

#include <QMessageBox>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <exception>

namespace jw {

Application::Application(int &argc, char **argv)
    : QApplication(argc, argv)
{ }

bool Application::notify(QObject *receiver, QEvent *event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::exception &e) {
        report(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        report(tr("an unknown error"));
    }
    return false;
}

void Application::report(const QString &what)
{
    ++m_caught;
    qCritical("jwfleet: an exception reached the event loop: %s", qPrintable(what));
    const QString message
        = tr("Something went wrong: %1\n\nWhat you were doing was stopped; your files are as "
             "they were last saved. Please save your work under a new name and report this "
             "problem.")
              .arg(what);
    if (m_reporter) {
        m_reporter(message);
        return;
    }
    // Shown once the current event has unwound: a modal dialog inside notify()
    // would run a nested event loop in the middle of the failed handler.
    QTimer::singleShot(0, this, [message] {
        QMessageBox::critical(QApplication::activeWindow(), tr("jwfleet"), message);
    });
}

} // namespace jw
