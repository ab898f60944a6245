// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The shipped unit database, scenarios and the sample fleets of data/fleets/, for
// the tests that play whole games (JW_SOURCE_DIR is set by ctest). One definition
// for the engine and UI tests (tests/ui/tabletestutil.h includes it).
#include "engine/scenario.h"
#include "fleet/fleetfile.h"
#include "units/unitdatabase.h"

#include <QString>
#include <QtGlobal>

namespace jw::test {

inline const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

inline const ScenarioLibrary &scenarios()
{
    static const ScenarioLibrary s = ScenarioLibrary::loadShipped();
    return s;
}

inline Fleet sample(const QString &file)
{
    const FleetFileResult r = FleetFile::read(qEnvironmentVariable("JW_SOURCE_DIR")
                                              + QStringLiteral("/data/fleets/") + file);
    if (!r.ok())
        qFatal("cannot read sample fleet %s", qPrintable(file));
    return *r.fleet;
}

inline Fleet sample(const char *file)
{
    return sample(QString::fromUtf8(file));
}

} // namespace jw::test
