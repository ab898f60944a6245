// SPDX-License-Identifier: GPL-3.0-or-later
// jw::Application: an exception thrown from an event handler is stopped at
// the event loop, reported, and the program goes on (issue 14).
#include "application.h"

#include <QTest>
#include <QTimer>

#include <stdexcept>

using namespace jw;

namespace {

class Thrower : public QObject
{
public:
    bool event(QEvent *e) override
    {
        if (e->type() == QEvent::User)
            throw std::invalid_argument("die face 7 is not 1..6");
        return QObject::event(e);
    }
};

} // namespace

class TestApplication : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exceptionInAHandlerIsReported()
    {
        auto *app = qobject_cast<Application *>(QCoreApplication::instance());
        QVERIFY(app);
        QStringList shown;
        app->setReporter([&](const QString &m) { shown << m; });
        Thrower t;
        QCoreApplication::postEvent(&t, new QEvent(QEvent::User));
        QCoreApplication::processEvents();
        QCOMPARE(app->caughtExceptions(), 1);
        QCOMPARE(shown.size(), 1);
        QVERIFY2(shown.front().contains(QStringLiteral("die face 7 is not 1..6")),
                 qPrintable(shown.front()));
        // The loop goes on: a timer still fires afterwards.
        bool fired = false;
        QTimer::singleShot(0, [&] { fired = true; });
        QTRY_VERIFY(fired);
        // And the next one is caught the same way.
        QCoreApplication::postEvent(&t, new QEvent(QEvent::User));
        QTRY_COMPARE(app->caughtExceptions(), 2);
        QCOMPARE(shown.size(), 2);
    }
};

int main(int argc, char **argv)
{
    Application app(argc, argv);
    TestApplication t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_application.moc"
