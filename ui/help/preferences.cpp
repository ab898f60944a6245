// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/preferences.h"

#include "campaign/campaignwindow.h"
#include "fleet/rulesprofile.h"
#include "print/printing.h"
#include "render/cardsheet.h"
#include "units/useroverlay.h"

#include "campaign/campaignstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace jw {

namespace {
const QString kRulesKey = QStringLiteral("rules/defaultProfile");
const QString kPageKey = QStringLiteral("print/page"); // ui/print/printing.cpp
const QString kPerPageKey = QStringLiteral("print/cardsPerPage"); // ui/print/printing.cpp
const QString kLanguageKey = QStringLiteral("ui/language");
const QString kUserDataKey = QStringLiteral("paths/userData");
} // namespace

namespace preferences {

QString defaultRulesProfile()
{
    const QString id = QSettings().value(kRulesKey).toString();
    return RulesProfile::byId(id) ? id : RulesProfile::defaultId();
}

void setDefaultRulesProfile(const QString &id)
{
    if (id.isEmpty())
        QSettings().remove(kRulesKey);
    else
        QSettings().setValue(kRulesKey, id);
}

QString pageFormat()
{
    const QString id = QSettings().value(kPageKey).toString();
    return pageFormatFromId(id) ? id : pageFormatId(printing::defaultPageFormat());
}

void setPageFormat(const QString &id)
{
    QSettings().setValue(kPageKey, id);
}

int cardsPerPage()
{
    const int n = QSettings().value(kPerPageKey, 4).toInt();
    return (n == 1 || n == 2 || n == 4) ? n : 4;
}

void setCardsPerPage(int n)
{
    QSettings().setValue(kPerPageKey, n);
}

QStringList availableLanguages()
{
    QStringList codes {QStringLiteral("en")};
    const QStringList files
        = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("jwfleet_*.qm")}, QDir::Files);
    for (const QString &f : files) {
        const QString code = f.mid(8, f.size() - 8 - 3); // jwfleet_CODE.qm
        if (!code.isEmpty() && !codes.contains(code))
            codes.append(code);
    }
    codes.sort();
    return codes;
}

QString language()
{
    const QString code = QSettings().value(kLanguageKey).toString();
    return availableLanguages().contains(code) ? code : QString();
}

void setLanguage(const QString &code)
{
    if (code.isEmpty())
        QSettings().remove(kLanguageKey);
    else
        QSettings().setValue(kLanguageKey, code);
}

QLocale uiLocale()
{
    const QString code = language();
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

QString userDataFolder()
{
    return QSettings().value(kUserDataKey).toString();
}

void setUserDataFolder(const QString &folder)
{
    if (folder.trimmed().isEmpty())
        QSettings().remove(kUserDataKey);
    else
        QSettings().setValue(kUserDataKey, QDir::cleanPath(folder.trimmed()));
}

QString userDataFile()
{
    const QByteArray off = qgetenv("JW_NO_USER_DATA");
    const bool disabled = !off.isEmpty() && off != "0";
    const QString folder = userDataFolder();
    if (disabled || !qEnvironmentVariable("JW_USER_DATA").isEmpty() || folder.isEmpty())
        return UserOverlay::defaultPath();
    return QDir(folder).filePath(QStringLiteral("units.yaml"));
}

QString campaignDatabase()
{
    return CampaignWindow::savedLocation();
}

void setCampaignDatabase(const QString &urlOrPath)
{
    CampaignWindow::saveLocation(urlOrPath.trimmed());
}

} // namespace preferences

PreferencesDialog::PreferencesDialog(QWidget *parent)
    : QDialog(parent)
    , m_rules(new QComboBox(this))
    , m_paper(new QComboBox(this))
    , m_layout(new QComboBox(this))
    , m_language(new QComboBox(this))
    , m_dataFolder(new QLineEdit(this))
    , m_campaign(new QLineEdit(this))
    , m_languageNote(new QLabel(this))
{
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("preferencesDialog"));
    for (const RulesProfile &p : RulesProfile::all())
        m_rules->addItem(p.title, p.id);
    m_rules->setObjectName(QStringLiteral("prefRules"));
    m_rules->setToolTip(tr("The rules version of a new fleet, game or campaign"));
    m_paper->addItem(tr("A4"), pageFormatId(PageFormat::A4));
    m_paper->addItem(tr("US Letter"), pageFormatId(PageFormat::Letter));
    m_paper->setObjectName(QStringLiteral("prefPaper"));
    m_layout->addItem(tr("4 cards per page"), 4);
    m_layout->addItem(tr("2 cards per page"), 2);
    m_layout->addItem(tr("1 card per page"), 1);
    m_layout->setObjectName(QStringLiteral("prefLayout"));
    // Each language in its own name, so that it can be found in any.
    m_language->addItem(tr("System"), QString());
    for (const QString &code : preferences::availableLanguages()) {
        QString name = QLocale(code).nativeLanguageName();
        if (!name.isEmpty())
            name[0] = name[0].toUpper(); // "français" in a list of names: "Français"
        m_language->addItem(code == QLatin1String("en") ? QStringLiteral("English") : name, code);
    }
    m_language->setObjectName(QStringLiteral("prefLanguage"));
    m_languageNote->setWordWrap(true);
    m_languageNote->setText(tr("The language changes when jwfleet starts next."));
    m_languageNote->setVisible(false);
    m_dataFolder->setObjectName(QStringLiteral("prefDataFolder"));
    m_dataFolder->setAccessibleName(tr("Data folder"));
    m_dataFolder->setPlaceholderText(
        QDir::toNativeSeparators(QFileInfo(UserOverlay::defaultPath()).absolutePath()));
    m_dataFolder->setToolTip(tr("Where your values from printed cards (units.yaml) are kept. "
                                "jwfleet-cli reads the default folder, or JW_USER_DATA."));
    m_campaign->setObjectName(QStringLiteral("prefCampaign"));
    m_campaign->setAccessibleName(tr("Campaign database"));
    m_campaign->setPlaceholderText(QDir::toNativeSeparators(CampaignLocation::defaultPath()));
    m_campaign->setToolTip(tr("The campaign database the Campaign tab opens: an SQLite file, or "
                              "postgresql://user:password@host:port/database"));

    auto withBrowse = [this](QLineEdit *edit, auto choose) {
        auto *row = new QWidget(this);
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(edit, 1);
        auto *browse = new QPushButton(tr("Browse…"), row);
        h->addWidget(browse);
        connect(browse, &QPushButton::clicked, this, choose);
        return row;
    };
    auto *form = new QFormLayout;
    form->addRow(tr("Default rules:"), m_rules);
    form->addRow(tr("Paper:"), m_paper);
    form->addRow(tr("Card layout:"), m_layout);
    form->addRow(tr("Language:"), m_language);
    form->addRow(QString(), m_languageNote);
    form->addRow(tr("Data folder:"), withBrowse(m_dataFolder, [this] {
                     const QString dir = QFileDialog::getExistingDirectory(
                         this, tr("Data Folder"),
                         m_dataFolder->text().isEmpty() ? m_dataFolder->placeholderText()
                                                        : m_dataFolder->text());
                     if (!dir.isEmpty())
                         m_dataFolder->setText(QDir::toNativeSeparators(dir));
                 }));
    form->addRow(tr("Campaign database:"), withBrowse(m_campaign, [this] {
                     const QString file = QFileDialog::getSaveFileName(
                         this, tr("Campaign Database"), m_campaign->placeholderText(),
                         tr("SQLite databases (*.sqlite *.db);;All files (*)"), nullptr,
                         QFileDialog::DontConfirmOverwrite);
                     if (!file.isEmpty())
                         m_campaign->setText(QDir::toNativeSeparators(file));
                 }));
    auto *buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            &PreferencesDialog::restoreDefaults);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(buttons);

    auto select = [](QComboBox *box, const QVariant &v) {
        box->setCurrentIndex(std::max(0, box->findData(v)));
    };
    select(m_rules, preferences::defaultRulesProfile());
    select(m_paper, preferences::pageFormat());
    select(m_layout, preferences::cardsPerPage());
    m_startLanguage = preferences::language();
    select(m_language, m_startLanguage);
    connect(m_language, &QComboBox::currentIndexChanged, this, [this] {
        m_languageNote->setVisible(m_language->currentData().toString() != m_startLanguage);
    });
    m_dataFolder->setText(QDir::toNativeSeparators(preferences::userDataFolder()));
    const QString db = QSettings().value(QStringLiteral("campaign/database")).toString();
    m_campaign->setText(db);
    setMinimumWidth(560);
}

void PreferencesDialog::apply()
{
    const QString rules = m_rules->currentData().toString();
    preferences::setDefaultRulesProfile(
        rules == RulesProfile::defaultId() && QSettings().value(kRulesKey).isNull() ? QString()
                                                                                    : rules);
    preferences::setPageFormat(m_paper->currentData().toString());
    preferences::setCardsPerPage(m_layout->currentData().toInt());
    preferences::setLanguage(m_language->currentData().toString());
    preferences::setUserDataFolder(QDir::fromNativeSeparators(m_dataFolder->text()));
    preferences::setCampaignDatabase(
        m_campaign->text().trimmed().isEmpty()
            ? QString()
            : QDir::fromNativeSeparators(m_campaign->text().trimmed()));
}

void PreferencesDialog::restoreDefaults()
{
    m_rules->setCurrentIndex(std::max(0, m_rules->findData(RulesProfile::defaultId())));
    m_paper->setCurrentIndex(
        std::max(0, m_paper->findData(pageFormatId(printing::defaultPageFormat()))));
    m_layout->setCurrentIndex(std::max(0, m_layout->findData(4)));
    m_language->setCurrentIndex(0);
    m_dataFolder->clear();
    m_campaign->clear();
}

} // namespace jw
