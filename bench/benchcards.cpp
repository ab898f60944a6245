// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "render/cardsheet.h"
#include "render/fleetprint.h"
#include "units/unitdatabase.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

using namespace jw;

namespace {

// CPU time of this process (user + system), seconds.
double cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
        + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// At most this many units in one faction file: the safe YAML load caps nodes
// per document (io::YamlLimits), and a unit is about 80 nodes.
constexpr int kUnitsPerFile = 1000;

} // namespace

// `jwfleet-cli --data DIR cards FLEET -o cards.pdf` for fleets of 250 to 8,000
// models, each of a different unit (renamed copies of the shipped Jovian units,
// spread over faction files of 1,000 units): loading the data, reading and
// validating the fleet, laying out the roster and the cards, and writing the
// PDF. Prints the CPU time of each size (docs/performance.md). Run by hand:
//   build/bin/bench_cards
// With JW_BENCH_DIR=DIR the inputs are kept in DIR (data-N/, fleet-N.jwfleet)
// so that the CLI can be timed on them.
class BenchCards : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_dir;

    // The Jovian units of the shipped file, as YAML text, renamed "Name <copy>".
    static QString unitsText(const QString &jovian, int copy)
    {
        QString units = jovian.mid(jovian.indexOf(QLatin1String("\nunits:\n")) + 8);
        static const QRegularExpression name(QStringLiteral("^  - name: (.+)$"),
                                             QRegularExpression::MultilineOption);
        return units.replace(name, QStringLiteral("  - name: \\1 %1").arg(copy));
    }

    // Writes data-N/ (faction files bench1, bench2, ...) and fleet-N.jwfleet.
    void writeInputs(int n)
    {
        QFile f(QStringLiteral(":/data/factions/jovian.yaml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString jovian = QString::fromUtf8(f.readAll());
        const int perCopy = 10; // units in the shipped Jovian file
        const QString data = QDir(m_dir).filePath(QStringLiteral("data-%1").arg(n));
        QVERIFY(QDir().mkpath(data));
        Fleet fleet;
        fleet.name = QStringLiteral("Bench %1").arg(n);
        fleet.faction = QStringLiteral("bench1");
        fleet.rules = QStringLiteral("v1.2.2");
        fleet.points = 100'000'000;
        int copy = 0;
        for (int file = 1; copy * perCopy < n; ++file) {
            QString text = QStringLiteral("schema_version: 1\nfaction:\n  id: bench%1\n  name: "
                                          "Bench %1\n  rules_version: v1.2.2\nunits:\n")
                               .arg(file);
            for (int i = 0; i < kUnitsPerFile / perCopy && copy * perCopy < n; ++i, ++copy)
                text += unitsText(jovian, copy);
            QFile out(QDir(data).filePath(QStringLiteral("bench%1.yaml").arg(file)));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.toUtf8());
        }
        const UnitDatabase db = UnitDatabase::loadDirectory(data);
        if (db.hasErrors())
            QFAIL(qPrintable(db.issues().front().toString()));
        QCOMPARE(int(db.units().size()), copy * perCopy);
        for (int i = 0; i < n; ++i)
            fleet.entries.push_back(FleetEntry {db.units()[std::size_t(i)].id, {}, {}, {}});
        QVERIFY(
            FleetFile::write(fleet, QDir(m_dir).filePath(QStringLiteral("fleet-%1.jwfleet").arg(n)))
                .ok());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_dir = qEnvironmentVariable("JW_BENCH_DIR", m_tmp.path());
        QVERIFY(QDir().mkpath(m_dir));
    }

    void fleetPdf_data()
    {
        QTest::addColumn<int>("units");
        for (int n : {250, 500, 1000, 2000, 8000})
            QTest::addRow("%d", n) << n;
    }
    void fleetPdf()
    {
        QFETCH(int, units);
        writeInputs(units);
        const QString data = QDir(m_dir).filePath(QStringLiteral("data-%1").arg(units));
        const QString fleetPath
            = QDir(m_dir).filePath(QStringLiteral("fleet-%1.jwfleet").arg(units));
        const QString pdf = QDir(m_dir).filePath(QStringLiteral("cards-%1.pdf").arg(units));

        // What `jwfleet-cli --data DIR cards FLEET -o PDF` does.
        const double start = cpuSeconds();
        const UnitDatabase db = UnitDatabase::loadDirectory(data);
        const FleetFileResult read = FleetFile::read(fleetPath);
        QVERIFY(read.ok());
        const CardSheet sheet;
        const RosterData roster
            = FleetPrint::roster(*read.fleet, validateFleet(*read.fleet, db), db);
        CardOptions options;
        options.size = sheet.cardSize();
        const FleetCards cards = FleetPrint::cards(*read.fleet, db, options);
        const RenderResult r = sheet.writePdf(pdf, cards.layouts, &roster, roster.fleetName);
        const double cpu = cpuSeconds() - start;

        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(int(cards.layouts.size()), units);
        qInfo("%5d units: %7.2f s CPU, %d pages, %.1f ms per unit", units, cpu, r.pages,
              1000 * cpu / units);
        QFile::remove(pdf);
    }
};

QTEST_MAIN(BenchCards)
#include "benchcards.moc"
