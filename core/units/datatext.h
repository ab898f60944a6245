// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <QByteArray>

#include <functional>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

class QJsonValue;

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
    // A number written with a decimal point ("6.5", "12.25\""): its English keeps ".", its
    // translation writes the decimal point of the locale of the program that shows it. Sent to
    // another program it is {"key": "%1.%2", "args": [the digits before the point, the rest]}:
    // a program that does not know the form (no catalogue has the key) writes it as its
    // English. Text without a "." is plain text.
    [[nodiscard]] static DataText decimal(const QString &english);
    // The parts joined by `separator` (no "%" in it), each part translated too: several
    // problems, one a line. Sent to another program it is a template of the parts ("%1\n%2"),
    // which no catalogue has and every reader writes as it is; more parts than kMaxJsonArgs
    // are the parts' English and translation (sent as the English).
    [[nodiscard]] static DataText joined(const std::vector<DataText> &parts,
                                         const QString &separator);

    [[nodiscard]] QString english() const { return format(false); }
    [[nodiscard]] QString translated() const { return format(true); }
    [[nodiscard]] bool isEmpty() const { return source() == nullptr && m_plain.isEmpty(); }
    [[nodiscard]] bool isTranslatable() const { return source() != nullptr; }
    // Translatable, or already in the user's language (localized()): not plain English only.
    [[nodiscard]] bool hasTranslation() const { return isTranslatable() || m_hasLocal; }
    // The same sentence with each decimal() as plain text (its English): one level less deep,
    // for a reader that limits the depth (kMaxJsonDepth).
    [[nodiscard]] DataText withPlainDecimals() const;

    // The sentence as JSON, for another program (the club server's refusal, sent to a client
    // that may speak another language): a template is {"key": its English template, "args":
    // [...]} (args left out when none), each argument the same form; plain text, and text
    // translated elsewhere (localized()), is its English as a string.
    [[nodiscard]] QJsonValue toJson() const;
    // toJson()'s form read back; nullopt for anything else (an object of other fields, a key
    // that is not text, more than kMaxJsonArgs arguments, nested deeper than kMaxJsonDepth, an
    // English of more than 10,000 characters: measured before it is written).
    // A key is looked up in the catalogue like a template of this program: one it does not
    // know is shown as written (in English).
    [[nodiscard]] static std::optional<DataText> fromJson(const QJsonValue &value);
    static constexpr int kMaxJsonArgs = 20;
    static constexpr int kMaxJsonDepth = 4;
    static constexpr int kMaxJsonKeyChars = 1000;

    static constexpr const char *kContext = "jw::Data";

private:
    [[nodiscard]] QString format(bool translate) const;
    [[nodiscard]] const char *source() const
    {
        return m_source != nullptr ? m_source : m_key.isEmpty() ? nullptr : m_key.constData();
    }
    [[nodiscard]] static std::optional<DataText> fromJson(const QJsonValue &value, int depth);

    [[nodiscard]] bool isDecimal() const;

    const char *m_source = nullptr; // null: m_key, or else m_plain, is the text
    QByteArray m_key; // a template read by fromJson() or built by joined() (UTF-8), kept here
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
