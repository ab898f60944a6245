// SPDX-License-Identifier: GPL-3.0-or-later
#include "print/printing.h"
#include "layoututil.h"

#include "fleet/fleetvalidator.h"
#include "render/cardpainter.h"
#include "render/fleetprint.h"
#include "units/unitdatabase.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace jw {

namespace {
const QString kPerPageKey = QStringLiteral("print/cardsPerPage");
const QString kPageKey = QStringLiteral("print/page");
const QString kSizeKey = QStringLiteral("print/cardSize");
const QString kRosterKey = QStringLiteral("print/roster");
} // namespace

PrintOptionsDialog::PrintOptionsDialog(bool hasRoster, QWidget *parent)
    : QDialog(parent)
    , m_perPage(new QComboBox(this))
    , m_page(new QComboBox(this))
    , m_size(new QComboBox(this))
    , m_roster(new QCheckBox(tr("Roster page first (fleet, points, legality, carrier plan)"), this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Print Layout"));
    m_roster->setObjectName(QStringLiteral("rosterFirst"));
    m_perPage->addItem(tr("4 cards per page"), 4);
    m_perPage->addItem(tr("2 cards per page"), 2);
    m_perPage->addItem(tr("1 card per page"), 1);
    m_page->addItem(tr("A4"), pageFormatId(PageFormat::A4));
    m_page->addItem(tr("US Letter"), pageFormatId(PageFormat::Letter));
    m_size->addItem(tr("Best for the layout"), QString());
    for (const CardSizeInfo &s : cardSizes())
        m_size->addItem(s.name, s.id);
    m_hasRoster = hasRoster;
    m_roster->setVisible(hasRoster);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828"));

    QSettings settings;
    m_perPage->setCurrentIndex(std::max(0, m_perPage->findData(settings.value(kPerPageKey, 4))));
    m_page->setCurrentIndex(std::max(
        0,
        m_page->findData(settings.value(kPageKey, pageFormatId(printing::defaultPageFormat())))));
    m_size->setCurrentIndex(std::max(0, m_size->findData(settings.value(kSizeKey, QString()))));
    m_roster->setChecked(settings.value(kRosterKey, true).toBool());

    auto *form = new QFormLayout;
    form->addRow(tr("Layout:"), m_perPage);
    form->addRow(tr("Paper:"), m_page);
    form->addRow(tr("Card size:"), m_size);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_roster);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        QSettings s;
        s.setValue(kPerPageKey, m_perPage->currentData());
        s.setValue(kPageKey, m_page->currentData());
        s.setValue(kSizeKey, m_size->currentData());
        s.setValue(kRosterKey, m_roster->isChecked());
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QComboBox *c : {m_perPage, m_page, m_size})
        connect(c, &QComboBox::currentIndexChanged, this, &PrintOptionsDialog::validate);
    validate();
}

SheetOptions PrintOptionsDialog::sheetOptions() const
{
    SheetOptions o;
    o.cardsPerPage = m_perPage->currentData().toInt();
    o.page = pageFormatFromId(m_page->currentData().toString()).value_or(PageFormat::A4);
    if (const auto size = cardSizeFromId(m_size->currentData().toString()))
        o.cardSize = size;
    return o;
}

bool PrintOptionsDialog::includeRoster() const
{
    return m_hasRoster && m_roster->isChecked();
}

void PrintOptionsDialog::validate()
{
    // The sheet says whether the cards fit; the dialog only shows it.
    const CardSheet sheet(sheetOptions());
    m_error->setText(sheet.isValid() ? QString() : sheet.error());
    m_error->setVisible(!sheet.isValid());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(sheet.isValid());
}

namespace printing {

PageFormat defaultPageFormat()
{
    const QLocale::Territory t = QLocale::system().territory();
    return t == QLocale::UnitedStates || t == QLocale::Canada || t == QLocale::Mexico
        ? PageFormat::Letter
        : PageFormat::A4;
}

namespace {

struct Job
{
    std::vector<CardLayout> cards;
    std::optional<RosterData> roster;
    SheetOptions options;
};

void showError(QWidget *parent, const QString &title, const QString &error)
{
    QMessageBox::warning(parent, title, error);
}

void preview(QWidget *parent, const Job &job, const QString &title)
{
    const CardSheet sheet(job.options);
    QPrinter printer(QPrinter::HighResolution);
    printer.setDocName(title);
    printer.setPageSize(
        QPageSize(job.options.page == PageFormat::Letter ? QPageSize::Letter : QPageSize::A4));
    QPrintPreviewDialog dialog(&printer, parent);
    dialog.setWindowTitle(QObject::tr("Print Preview – %1").arg(title));
    QObject::connect(&dialog, &QPrintPreviewDialog::paintRequested, parent, [&](QPrinter *p) {
        const RenderResult r = sheet.print(p, job.cards, job.roster ? &*job.roster : nullptr);
        if (!r.ok)
            showError(parent, QObject::tr("Print"), r.error);
    });
    resizeWithinScreen(&dialog, {1000, 800});
    dialog.exec();
}

std::optional<Job> fleetJob(QWidget *parent, const Fleet &fleet, const UnitDatabase &db)
{
    PrintOptionsDialog dialog(true, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    Job job;
    job.options = dialog.sheetOptions();
    CardOptions card;
    card.size = job.options.cardSize.value_or(CardSheet::defaultCardSize(job.options.cardsPerPage));
    FleetCards cards = FleetPrint::cards(fleet, db, card);
    job.cards = std::move(cards.layouts);
    if (dialog.includeRoster())
        job.roster = FleetPrint::roster(fleet, validateFleet(fleet, db), db);
    if (job.cards.empty() && !job.roster) {
        showError(parent, QObject::tr("Print"), QObject::tr("The fleet has no units to print."));
        return std::nullopt;
    }
    return job;
}

std::optional<Job> unitJob(QWidget *parent, const Unit &unit, const UnitDatabase &db)
{
    PrintOptionsDialog dialog(false, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    Job job;
    job.options = dialog.sheetOptions();
    CardOptions card;
    card.size = job.options.cardSize.value_or(CardSheet::defaultCardSize(job.options.cardsPerPage));
    if (const FactionInfo *f = db.faction(unit.faction))
        card.factionName = f->name;
    job.cards.push_back(CardLayout::compute(unit, card));
    return job;
}

QString documentsPath(const QString &file)
{
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + QLatin1Char('/')
        + file;
}

} // namespace

void printFleet(QWidget *parent, const Fleet &fleet, const UnitDatabase &db)
{
    if (const auto job = fleetJob(parent, fleet, db))
        preview(parent, *job, fleet.name.isEmpty() ? QObject::tr("Fleet") : fleet.name);
}

void exportFleetPdf(QWidget *parent, const Fleet &fleet, const UnitDatabase &db,
                    const QString &suggestedName)
{
    const auto job = fleetJob(parent, fleet, db);
    if (!job)
        return;
    QString path = QFileDialog::getSaveFileName(
        parent, QObject::tr("Export Cards to PDF"),
        documentsPath(suggestedName + QStringLiteral(".pdf")), QObject::tr("PDF files (*.pdf)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive))
        path += QStringLiteral(".pdf");
    const RenderResult r
        = CardSheet(job->options)
              .writePdf(path, job->cards, job->roster ? &*job->roster : nullptr, fleet.name);
    if (!r.ok)
        showError(parent, QObject::tr("Export Cards to PDF"), r.error);
}

void printUnitCard(QWidget *parent, const Unit &unit, const UnitDatabase &db)
{
    if (const auto job = unitJob(parent, unit, db))
        preview(parent, *job, unit.name);
}

void exportUnitCardPng(QWidget *parent, const Unit &unit, const UnitDatabase &db)
{
    QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export Card as PNG"),
                                                documentsPath(unit.id + QStringLiteral(".png")),
                                                QObject::tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
        path += QStringLiteral(".png");
    CardOptions card;
    if (const FactionInfo *f = db.faction(unit.faction))
        card.factionName = f->name;
    const CardLayout layout = CardLayout::compute(unit, card);
    const RenderResult r = CardPainter(layout).writePng(path, 300);
    if (!r.ok)
        showError(parent, QObject::tr("Export Card as PNG"), r.error);
}

} // namespace printing

} // namespace jw
