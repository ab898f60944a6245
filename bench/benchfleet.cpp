// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "fleet/rulesprofile.h"
#include "units/unitdatabase.h"

#include <QDir>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace jw;

// A tournament organiser's folder: 1,000 fleet files of the shipped factions
// (built to about 90% of 250 or 500 points, some squadrons embarked at
// random, some upgraded: legal and not), read and
// validated. Run by hand: `build/bin/bench_fleet -median 5`.
class BenchFleet : public QObject
{
    Q_OBJECT

private:
    static constexpr int kFiles = 1000;
    QTemporaryDir m_dir;
    UnitDatabase m_db;
    QStringList m_files;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = UnitDatabase::loadShipped();
        QVERIFY(!m_db.hasErrors());
        QRandomGenerator rng(1234); // the same folder every run
        const QStringList rules = RulesProfile::ids();
        for (int n = 0; n < kFiles; ++n) {
            const FactionInfo &faction = m_db.factions()[std::size_t(n) % m_db.factions().size()];
            const std::vector<const Unit *> units = m_db.unitsOf(faction.id);
            Fleet f;
            f.name = QStringLiteral("List %1").arg(n);
            f.faction = faction.id;
            f.rules = rules[n % rules.size()];
            f.points = (n % 3 == 0) ? 500 : 250;
            // Capital ships to about half the limit, then squadrons to about 90%,
            // each carrier filled at random: most lists legal, some not.
            int capitals = 0, total = 0;
            for (int tries = 0; tries < 200 && total < f.points * 9 / 10; ++tries) {
                const Unit *u = units[rng.bounded(int(units.size()))];
                if (u->isCapital() == (capitals >= f.points / 2) || total + u->tv > f.points + 5)
                    continue;
                FleetEntry e {u->id, {}, {}, {}};
                if (f.entries.size() % 5 == 0)
                    e.name = QStringLiteral("Ship %1").arg(f.entries.size());
                if (u->isSquadron() && rng.bounded(3) == 0)
                    e.embarkedOn = int(rng.bounded(int(f.entries.size())));
                if (u->isSquadron() && f.rules == QLatin1String("v1.2.3") && rng.bounded(6) == 0)
                    e.upgrades << QStringLiteral("ace-pilot");
                f.entries.push_back(e);
                total += u->tv;
                if (u->isCapital())
                    capitals += u->tv;
            }
            const QString path
                = m_dir.filePath(QStringLiteral("list-%1.jwfleet").arg(n, 4, 10, QLatin1Char('0')));
            QVERIFY(FleetFile::write(f, path).ok());
            m_files << path;
        }
    }

    void readAndValidate1000()
    {
        int legal = 0;
        int problems = 0;
        QBENCHMARK
        {
            legal = 0;
            problems = 0;
            for (const QString &path : std::as_const(m_files)) {
                const FleetFileResult r = FleetFile::read(path);
                if (!r.ok())
                    QFAIL(qPrintable(r.errorText()));
                const FleetReport report = validateFleet(*r.fleet, m_db);
                legal += report.legal() ? 1 : 0;
                problems += int(report.problems.size());
            }
        }
        qInfo("%d files: %d legal, %d problems in all", kFiles, legal, problems);
    }

    void validateOnly1000()
    {
        std::vector<Fleet> fleets;
        for (const QString &path : std::as_const(m_files))
            fleets.push_back(*FleetFile::read(path).fleet);
        int legal = 0;
        QBENCHMARK
        {
            legal = 0;
            for (const Fleet &f : fleets)
                legal += validateFleet(f, m_db).legal() ? 1 : 0;
        }
        QVERIFY(legal >= 0);
    }
};

QTEST_GUILESS_MAIN(BenchFleet)
#include "benchfleet.moc"
