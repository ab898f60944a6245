// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QValidator>

namespace jw {

// Line edits for names (fleets, players, units): refuses what the files would
// refuse on reading (io::nameProblem: control characters, text-reordering
// characters, more than io::kMaxNameLength characters), so that nothing typed
// can make a file unreadable.
class NameValidator : public QValidator
{
    Q_OBJECT
public:
    using QValidator::QValidator;
    State validate(QString &input, int &pos) const override;
};

} // namespace jw
