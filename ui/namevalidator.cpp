// SPDX-License-Identifier: GPL-3.0-or-later
#include "namevalidator.h"

#include "io/textcheck.h"

namespace jw {

QValidator::State NameValidator::validate(QString &input, int &) const
{
    return io::nameProblem(input).isEmpty() ? Acceptable : Invalid;
}

} // namespace jw
