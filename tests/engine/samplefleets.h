#pragma once
// The shipped unit database and the sample fleets of data/fleets/, for engine
// tests that play whole games (JW_SOURCE_DIR is set by ctest).
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

inline Fleet sample(const char *file)
{
    const FleetFileResult r
        = FleetFile::read(qEnvironmentVariable("JW_SOURCE_DIR") + QStringLiteral("/data/fleets/")
                          + QLatin1String(file));
    if (!r.ok())
        qFatal("cannot read sample fleet %s", file);
    return *r.fleet;
}

} // namespace jw::test
