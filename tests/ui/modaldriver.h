// SPDX-License-Identifier: GPL-3.0-or-later
// Answers the modal dialogs of a real action (a QMessageBox, a file dialog, a
// print preview) as a user would, while the action's exec() runs: the tests go
// through the same path as a click in the menu, not around it.
#pragma once

#include <QApplication>
#include <QDialog>
#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <functional>

namespace jwtest {

class ModalDriver : public QObject
{
public:
    // `answer` gets each new modal dialog and returns false when it was not the
    // one expected (it is then rejected, and named in unexpected()).
    explicit ModalDriver(std::function<bool(QWidget *)> answer)
        : m_answer(std::move(answer))
    {
        m_timer.setInterval(20);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            QWidget *w = QApplication::activeModalWidget();
            if (!w || w == m_last)
                return;
            m_last = w;
            ++m_dialogs;
            m_seen << QString::fromLatin1(w->metaObject()->className());
            if (!m_answer(w)) {
                m_unexpected << QString::fromLatin1(w->metaObject()->className());
                if (auto *d = qobject_cast<QDialog *>(w))
                    d->reject();
            }
        });
        m_timer.start();
    }
    [[nodiscard]] int dialogs() const { return m_dialogs; }
    [[nodiscard]] const QStringList &seen() const { return m_seen; }
    [[nodiscard]] const QStringList &unexpected() const { return m_unexpected; }

private:
    std::function<bool(QWidget *)> m_answer;
    QTimer m_timer;
    QPointer<QWidget> m_last;
    int m_dialogs = 0;
    QStringList m_seen;
    QStringList m_unexpected;
};

} // namespace jwtest
