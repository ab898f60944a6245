// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QLocale>
#include <QString>
#include <QStringList>

class QComboBox;
class QLabel;
class QLineEdit;

namespace jw {

// The user's preferences, in the QSettings keys the rest of the application
// reads (print/page and print/cardsPerPage are the print dialog's own,
// campaign/database the Campaign tab's), so that a preference takes effect
// where that setting is used.
namespace preferences {
// The rules profile of a new fleet, game and campaign ("rules/defaultProfile");
// RulesProfile::defaultId() when unset or unknown. A fleet file without `rules`
// still means v1.2.2: files do not depend on preferences.
[[nodiscard]] QString defaultRulesProfile();
void setDefaultRulesProfile(const QString &id); // empty: the built-in default
[[nodiscard]] QString pageFormat(); // "a4", "letter" ("print/page")
void setPageFormat(const QString &id);
[[nodiscard]] int cardsPerPage(); // 1, 2 or 4 ("print/cardsPerPage")
void setCardsPerPage(int n);
// The languages the application speaks: "en" and the code of each translation
// built into it (":/i18n/jwfleet_CODE.qm"), sorted.
[[nodiscard]] QStringList availableLanguages();
// "" (follow the system) or one of availableLanguages() ("ui/language"); read at start.
[[nodiscard]] QString language();
void setLanguage(const QString &code);
// The locale whose translation the application loads.
[[nodiscard]] QLocale uiLocale();
// The folder of the user data file (units.yaml, the values from printed cards):
// "paths/userData", empty for the default.
[[nodiscard]] QString userDataFolder();
void setUserDataFolder(const QString &folder);
// The user data file to load: none with JW_NO_USER_DATA, the environment's
// JW_USER_DATA over the preference, the preference over the default.
[[nodiscard]] QString userDataFile();
// The campaign database the Campaign tab opens (CampaignWindow::savedLocation).
[[nodiscard]] QString campaignDatabase();
void setCampaignDatabase(const QString &urlOrPath);
} // namespace preferences

// Edit › Preferences: the settings above in one dialog. OK writes them.
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);

    // Writes the dialog's choices (what OK does).
    void apply();
    // Every field to its default (not written until apply()).
    void restoreDefaults();

    [[nodiscard]] QComboBox *rulesBox() const { return m_rules; }
    [[nodiscard]] QComboBox *paperBox() const { return m_paper; }
    [[nodiscard]] QComboBox *layoutBox() const { return m_layout; }
    [[nodiscard]] QComboBox *languageBox() const { return m_language; }
    [[nodiscard]] QLineEdit *dataFolderEdit() const { return m_dataFolder; }
    [[nodiscard]] QLineEdit *campaignEdit() const { return m_campaign; }

private:
    QComboBox *m_rules;
    QComboBox *m_paper;
    QComboBox *m_layout;
    QComboBox *m_language;
    QLineEdit *m_dataFolder;
    QLineEdit *m_campaign;
    QLabel *m_languageNote;
    QString m_startLanguage;
};

} // namespace jw
