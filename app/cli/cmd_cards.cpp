// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "render/cardlayout.h"
#include "render/cardpainter.h"
#include "render/cardsheet.h"
#include "render/fleetprint.h"

#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "units/closestunit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>

#include <sys/stat.h>
#include <unistd.h>

namespace jw::cli {

namespace {

enum class OutputFormat {
    Png,
    Pdf
};

struct CardsRequest
{
    QString output;
    OutputFormat format = OutputFormat::Pdf;
    SheetOptions sheet;
    bool sheetAsked = false; // --layout or --page given
    std::optional<CardSize> size;
    int dpi = 300;
};

QString sizeIds()
{
    QStringList ids;
    for (const CardSizeInfo &s : cardSizes())
        ids << s.id;
    return ids.join(QStringLiteral(", "));
}

// Reports what a layout could not fit: never a silent clip.
bool reportProblems(Context &ctx, const std::vector<CardLayout> &cards)
{
    bool any = false;
    for (const CardLayout &c : cards) {
        for (const QString &p : c.problems()) {
            ctx.err << "jwfleet-cli cards: " << c.unitId() << ": " << p << Qt::endl;
            any = true;
        }
    }
    return any;
}

// Where "wrote FILE" goes: standard output, unless the cards themselves go
// there (-o /dev/stdout, or a path to the same pipe or file), which the line
// would corrupt.
QTextStream &reportStream(Context &ctx, const QString &output)
{
    struct stat target = {};
    struct stat out = {};
    if (::stat(QFile::encodeName(output).constData(), &target) == 0
        && ::fstat(STDOUT_FILENO, &out) == 0 && target.st_dev == out.st_dev
        && target.st_ino == out.st_ino)
        return ctx.err;
    return ctx.out;
}

QString backPath(const QString &path, int face)
{
    const QFileInfo fi(path);
    const QString suffix
        = face == 1 ? QStringLiteral(".back") : QStringLiteral(".back%1").arg(face);
    return fi.dir().filePath(fi.completeBaseName() + suffix + QLatin1Char('.') + fi.suffix());
}

// A fleet file: the roster page (validated), then a card per model.
int printFleet(Context &ctx, const UnitDatabase &db, const QString &path, CardsRequest &req,
               bool withRoster)
{
    const FleetFileResult read = FleetFile::read(path);
    if (!read.ok()) {
        ctx.err << read.errorText() << Qt::endl
                << "jwfleet-cli cards: cannot read the fleet file " << path << Qt::endl;
        return ExitBadInput;
    }
    const Fleet &fleet = *read.fleet;
    if (req.size)
        req.sheet.cardSize = req.size;
    const CardSheet sheet(req.sheet);
    if (!sheet.isValid())
        return ctx.usageError(QStringLiteral("cards"), sheet.error());
    RosterData roster = FleetPrint::roster(fleet, validateFleet(fleet, db), db);
    if (roster.fleetName.isEmpty())
        roster.fleetName = QFileInfo(path).completeBaseName();
    CardOptions options;
    options.size = sheet.cardSize();
    const FleetCards cards = FleetPrint::cards(fleet, db, options);
    for (const QString &s : cards.skipped)
        ctx.err << "jwfleet-cli cards: " << path << ": " << s << Qt::endl;
    const bool problems = reportProblems(ctx, cards.layouts);
    const RenderResult r = sheet.writePdf(req.output, cards.layouts, withRoster ? &roster : nullptr,
                                          roster.fleetName);
    if (!r.ok) {
        ctx.err << "jwfleet-cli cards: " << r.error << Qt::endl;
        return ExitBadInput;
    }
    reportStream(ctx, req.output) << "wrote " << req.output << " (" << r.pages
                                  << (r.pages == 1 ? " page" : " pages") << ": "
                                  << (withRoster ? "roster, " : "") << cards.layouts.size()
                                  << (cards.layouts.size() == 1 ? " card" : " cards") << ")"
                                  << Qt::endl;
    if (!roster.legal)
        ctx.err << "jwfleet-cli cards: " << path << ": the fleet is not legal (see "
                << (withRoster ? "the roster page" : "'jwfleet-cli validate'") << ")" << Qt::endl;
    return problems ? ExitCheckFailed : ExitOk;
}

int runCards(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption unitOpt(QStringLiteral("unit"),
                                     QStringLiteral("The card of one unit (its id: shan-yu)."),
                                     QStringLiteral("ID"));
    const QCommandLineOption unitsOpt(QStringLiteral("units"),
                                      QStringLiteral("The cards of several units, comma-separated "
                                                     "ids, as a PDF."),
                                      QStringLiteral("ID,ID,..."));
    const QCommandLineOption outOpt({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The file to write: .pdf or .png (one card)."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption layoutOpt(
        QStringLiteral("layout"),
        QStringLiteral("Cards per page: 1, 2 or 4 (default 4); one card "
                       "a page is scaled to fill the page."),
        QStringLiteral("N"));
    const QCommandLineOption pageOpt(QStringLiteral("page"),
                                     QStringLiteral("Paper: a4 or letter (default a4)."),
                                     QStringLiteral("PAPER"));
    const QCommandLineOption sizeOpt(
        QStringLiteral("size"),
        QStringLiteral("Card size: %1 (default: standard for one card; on pages, jumbo for 1, "
                       "large for 2, standard for 4 per page).")
            .arg(sizeIds()),
        QStringLiteral("SIZE"));
    const QCommandLineOption dpiOpt(QStringLiteral("dpi"),
                                    QStringLiteral("PNG resolution, dots per inch (default 300)."),
                                    QStringLiteral("N"));
    const QCommandLineOption formatOpt(
        QStringLiteral("format"),
        QStringLiteral("pdf or png: the output's format when its name does not say "
                       "(-o /dev/stdout, a pipe)."),
        QStringLiteral("FORMAT"));
    const QCommandLineOption noRosterOpt(QStringLiteral("no-roster"),
                                         QStringLiteral("FLEET: the cards only, no roster page."));
    p.addOptions(
        {unitOpt, unitsOpt, outOpt, layoutOpt, pageOpt, sizeOpt, dpiOpt, formatOpt, noRosterOpt});
    p.addPositionalArgument(QStringLiteral("FLEET"),
                            QStringLiteral("A fleet file (.jwfleet): a roster page, then one card "
                                           "per model."),
                            QStringLiteral("[FLEET]"));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;

    if (p.positionalArguments().size() > 1)
        return ctx.usageError(cmd.name, QStringLiteral("give one fleet file"));
    const bool fleetAsked = p.positionalArguments().size() == 1;
    if (int(fleetAsked) + int(p.isSet(unitOpt)) + int(p.isSet(unitsOpt)) != 1)
        return ctx.usageError(cmd.name,
                              QStringLiteral("give a FLEET file, --unit ID or --units ID,ID,..."));
    if (p.isSet(noRosterOpt) && !fleetAsked)
        return ctx.usageError(cmd.name, QStringLiteral("--no-roster goes with a FLEET file"));
    if (!p.isSet(outOpt) || p.value(outOpt).isEmpty())
        return ctx.usageError(cmd.name, QStringLiteral("give the output file with -o FILE"));

    CardsRequest req;
    req.output = p.value(outOpt);
    const QString suffix = p.isSet(formatOpt) ? p.value(formatOpt).toLower()
                                              : QFileInfo(req.output).suffix().toLower();
    if (suffix == QLatin1String("png"))
        req.format = OutputFormat::Png;
    else if (suffix == QLatin1String("pdf"))
        req.format = OutputFormat::Pdf;
    else if (p.isSet(formatOpt))
        return ctx.usageError(
            cmd.name, QStringLiteral("--format '%1': choose pdf or png").arg(p.value(formatOpt)));
    else
        return ctx.usageError(cmd.name,
                              QStringLiteral("'%1': the output must end in .pdf or .png, or give "
                                             "--format pdf|png")
                                  .arg(req.output));
    if (p.isSet(layoutOpt)) {
        bool ok = false;
        req.sheet.cardsPerPage = p.value(layoutOpt).toInt(&ok);
        if (!ok
            || (req.sheet.cardsPerPage != 1 && req.sheet.cardsPerPage != 2
                && req.sheet.cardsPerPage != 4))
            return ctx.usageError(
                cmd.name,
                QStringLiteral("--layout '%1': choose 1, 2 or 4").arg(p.value(layoutOpt)));
        req.sheetAsked = true;
    }
    if (p.isSet(pageOpt)) {
        const auto page = pageFormatFromId(p.value(pageOpt));
        if (!page)
            return ctx.usageError(
                cmd.name, QStringLiteral("--page '%1': choose a4 or letter").arg(p.value(pageOpt)));
        req.sheet.page = *page;
        req.sheetAsked = true;
    }
    if (p.isSet(sizeOpt)) {
        req.size = cardSizeFromId(p.value(sizeOpt));
        if (!req.size)
            return ctx.usageError(
                cmd.name,
                QStringLiteral("--size '%1': choose %2").arg(p.value(sizeOpt), sizeIds()));
    }
    if (p.isSet(dpiOpt)) {
        bool ok = false;
        req.dpi = p.value(dpiOpt).toInt(&ok);
        if (!ok || req.dpi < 50 || req.dpi > 2400)
            return ctx.usageError(
                cmd.name, QStringLiteral("--dpi '%1': give 50 to 2400").arg(p.value(dpiOpt)));
    }
    if (req.format == OutputFormat::Png && (p.isSet(unitsOpt) || fleetAsked || req.sheetAsked))
        return ctx.usageError(cmd.name,
                              QStringLiteral("a PNG holds one card (--unit); pages of cards "
                                             "(FLEET, --units, --layout, --page) go to a PDF"));

    // Fonts need a QGuiApplication (main() makes one for this command).
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance())) {
        ctx.err << "jwfleet-cli cards: cannot paint without a QGuiApplication" << Qt::endl;
        return ExitBadInput;
    }
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    if (fleetAsked)
        return printFleet(ctx, *db, p.positionalArguments().first(), req, !p.isSet(noRosterOpt));
    const QStringList ids = p.isSet(unitOpt)
        ? QStringList {p.value(unitOpt)}
        : p.value(unitsOpt).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (ids.isEmpty())
        return ctx.usageError(cmd.name, QStringLiteral("--units: no unit ids"));
    std::vector<const Unit *> units;
    for (const QString &raw : ids) {
        const QString id = raw.trimmed();
        const Unit *u = db->unit(id);
        if (!u) {
            ctx.err << "jwfleet-cli cards: no unit '" << id << "'";
            if (const Unit *guess = closestUnit(*db, id))
                ctx.err << " (did you mean '" << guess->id << "'?)";
            ctx.err << Qt::endl;
            return ExitBadInput;
        }
        units.push_back(u);
    }

    // A single card goes on a page of its own size unless pages were asked for.
    const bool onSheet = p.isSet(unitsOpt) || req.sheetAsked;
    if (onSheet && req.size)
        req.sheet.cardSize = req.size;
    const CardSheet sheet(req.sheet);
    if (onSheet && !sheet.isValid())
        return ctx.usageError(cmd.name, sheet.error());
    const CardSize size = onSheet ? sheet.cardSize() : req.size.value_or(CardSize::Standard);

    std::vector<CardLayout> cards;
    for (const Unit *u : units) {
        CardOptions o;
        o.size = size;
        if (const FactionInfo *f = db->faction(u->faction))
            o.factionName = f->name;
        cards.push_back(CardLayout::compute(*u, o));
    }
    const bool problems = reportProblems(ctx, cards);

    QStringList written;
    if (req.format == OutputFormat::Png) {
        // A back goes to a file named after the front's: a pipe or a device
        // has no such neighbour (and /dev must not get one).
        const QFileInfo target(req.output);
        if (cards.front().faceCount() > 1 && target.exists() && !target.isFile()) {
            ctx.err << "jwfleet-cli cards: " << units.front()->id << ": the card has "
                    << cards.front().faceCount() << " faces, which " << req.output
                    << " cannot hold: give a file name or write a PDF" << Qt::endl;
            return ExitBadInput;
        }
        const CardPainter painter(cards.front());
        for (int face = 0; face < cards.front().faceCount(); ++face) {
            const QString path = face == 0 ? req.output : backPath(req.output, face);
            const RenderResult r = painter.writePng(path, req.dpi, {}, face);
            if (!r.ok) {
                ctx.err << "jwfleet-cli cards: " << r.error << Qt::endl;
                return ExitBadInput;
            }
            written << path;
        }
        for (const QString &w : written)
            reportStream(ctx, w) << "wrote " << w << Qt::endl;
    } else {
        const RenderResult r = onSheet
            ? sheet.writePdf(req.output, cards, nullptr,
                             units.size() == 1 ? units.front()->name
                                               : QStringLiteral("Jovian Wars unit cards"))
            : CardSheet::writeCardPdf(req.output, cards.front());
        if (!r.ok) {
            ctx.err << "jwfleet-cli cards: " << r.error << Qt::endl;
            return ExitBadInput;
        }
        reportStream(ctx, req.output) << "wrote " << req.output << " (" << r.pages
                                      << (r.pages == 1 ? " page" : " pages") << ")" << Qt::endl;
    }
    return problems ? ExitCheckFailed : ExitOk;
}

} // namespace

void registerCardCommands(std::vector<Command> &commands)
{
    Command cards {
        QStringLiteral("cards"),
        QStringLiteral("cards (FLEET | --unit ID | --units ID,...) -o FILE [--layout 1|2|4] "
                       "[--page a4|letter]"),
        QStringLiteral("Print a fleet's roster and cards, or unit cards, to PDF or PNG."),
        {}};
    cards.run = [cards](Context &ctx, const QStringList &args) {
        return runCards(ctx, cards, args);
    };
    commands.push_back(cards);
}

} // namespace jw::cli
