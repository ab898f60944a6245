// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/jsonnumber.h"

#include <cmath>

namespace jw::io {

std::optional<qint64> wholeNumber(const QJsonValue &v, qint64 min, qint64 max)
{
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    // Written so that NaN fails too.
    if (!(d >= double(min) && d <= double(max)) || d != std::floor(d))
        return std::nullopt;
    return qint64(d);
}

} // namespace jw::io
