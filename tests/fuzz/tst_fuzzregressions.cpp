// SPDX-License-Identifier: GPL-3.0-or-later
// Every input a fuzzer found (tests/fuzz/regressions/<target>/<file>), fed
// through the loader it was found in: refused with a located error (the
// display name first, as the CLI prints it), quickly, and never a crash. A
// file whose name starts with "ok-" is a valid input that broke a promise (a
// written file that did not read back): it must be accepted and keep it.
#include "fuzzentry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

using namespace jw;

class TstFuzzRegressions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void regression_data();
    void regression();
};

void TstFuzzRegressions::regression_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("path");
    int rows = 0;
    const QDir root(QStringLiteral(JW_FUZZ_REGRESSIONS));
    for (const QString &target : fuzz::targets()) {
        const QDir dir(root.filePath(target));
        for (const QString &f : dir.entryList(QDir::Files, QDir::Name)) {
            if (f == QLatin1String("README.md"))
                continue;
            QTest::newRow(qPrintable(target + QLatin1Char('/') + f)) << target << dir.filePath(f);
            ++rows;
        }
    }
    // The folder exists with at least the known findings; an empty table would pass silently.
    QVERIFY(rows > 0);
}

void TstFuzzRegressions::regression()
{
    QFETCH(QString, target);
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
    const QByteArray bytes = f.readAll();

    QElapsedTimer timer;
    timer.start();
    const fuzz::Outcome o = fuzz::run(target, bytes);
    // The fuzzers' limit is 1 s; sanitizer builds run several times slower.
    QVERIFY2(timer.elapsed() < 10'000,
             qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
    QVERIFY2(o.broken.isEmpty(), qPrintable(o.broken));
    if (QFileInfo(path).fileName().startsWith(QLatin1String("ok-"))) {
        QVERIFY2(o.accepted, qPrintable(o.error));
        return;
    }
    QVERIFY2(!o.accepted, "the input was accepted");
    QVERIFY2(o.error.startsWith(fuzz::displayName(target)), qPrintable(o.error));
}

QTEST_GUILESS_MAIN(TstFuzzRegressions)
#include "tst_fuzzregressions.moc"
