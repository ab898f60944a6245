// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>
#include <initializer_list>
#include <type_traits>
#include <vector>

namespace jw {

// The sentence of a problem found in a data file (a fleet, a saved game, a campaign, unit
// data), kept as its English template and its arguments so that it can be written in English
// (files, the CLI, logs: byte for byte the sentences of before) or in the user's language
// (the UI: QCoreApplication::translate with the context "jw::Data"; the templates are in
// translations/*.ts like the UI's).
//
// A template is marked for lupdate where it is written:
//     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number"), {key})
// An argument is plain text (a key, a name, a number, a value from the file: never translated)
// or another DataText (a phrase that is translated too, such as "a fleet file").
class DataText
{
public:
    DataText() = default;
    DataText(const QString &plain) // NOLINT: implicit, plain text as before
        : m_plain(plain)
    { }
    DataText(const char *) = delete; // a literal would escape translation: use of()
    template<typename T>
    requires std::is_integral_v<T> &&(!std::is_same_v<T, bool>)
        DataText(T n) // NOLINT: as QString::arg(int)
        : m_plain(QString::number(n))
    { }

    // `source` must be a QT_TRANSLATE_NOOP("jw::Data", ...) literal (it is kept, not copied).
    [[nodiscard]] static DataText of(const char *source, std::initializer_list<DataText> args = {});
    // Text translated elsewhere, kept in both forms: the English and the user's language (the
    // engine's refusal of a command, nested in a sentence of a network game).
    [[nodiscard]] static DataText localized(const QString &english, const QString &local);

    [[nodiscard]] QString english() const { return format(false); }
    [[nodiscard]] QString translated() const { return format(true); }
    [[nodiscard]] bool isEmpty() const { return m_source == nullptr && m_plain.isEmpty(); }
    [[nodiscard]] bool isTranslatable() const { return m_source != nullptr; }

    static constexpr const char *kContext = "jw::Data";

private:
    [[nodiscard]] QString format(bool translate) const;

    const char *m_source = nullptr; // null: m_plain is the text
    QString m_plain;
    QString m_local; // localized(): m_plain in the user's language
    bool m_hasLocal = false;
    std::vector<DataText> m_args;
};

// Writes `tmpl` with %1..%99 replaced by argument(index) (1-based) for index <= count, in one
// pass: an argument's own text is never scanned again, unlike chained QString::arg. Shared by
// DataText and the engine's Message.
[[nodiscard]] QString substituteArgs(const QString &tmpl, int count,
                                     const std::function<QString(int)> &argument);

} // namespace jw
