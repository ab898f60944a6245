// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/newgamedialog.h"

#include "engine/aiplayer.h"
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "fleet/matchup.h"
#include "fleet/rulesprofile.h"
#include "help/preferences.h"
#include "help/rulelink.h"
#include "io/textcheck.h"
#include "namevalidator.h"
#include "units/unitdatabase.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScreen>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTimer>

namespace jw {

namespace {

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

// Red, amber and green that read on the palette's window colour (light or dark).
enum class Tone {
    Bad,
    Doubtful,
    Good
};
QString toneColor(const QWidget *w, Tone t)
{
    const bool dark = w->palette().color(QPalette::Window).lightness() < 128;
    switch (t) {
    case Tone::Bad:
        return dark ? QStringLiteral("#f87171") : QStringLiteral("#b91c1c");
    case Tone::Doubtful:
        return dark ? QStringLiteral("#fbbf24") : QStringLiteral("#b45309");
    case Tone::Good:
        break;
    }
    return dark ? QStringLiteral("#4ade80") : QStringLiteral("#15803d");
}

QString colored(const QWidget *w, Tone t, const QString &html)
{
    return QStringLiteral("<span style=\"color:%1\">%2</span>").arg(toneColor(w, t), html);
}

// The source (a Rules Reference reference) of the fleet rule `id` (fleetreport.cpp).
QString ruleOf(const char *id)
{
    const FleetRule *r = FleetRule::byId(QLatin1String(id));
    return r ? r->source : QString();
}

// " Rule: <a>Chapter › Section</a>" after a line, when the reference has the section of
// `rule`; "" when it has none (a line about a file or the unit data).
QString ruleSuffix(const QString &rule)
{
    const QString link = help::sectionLink(rule);
    return link.isEmpty() ? QString()
                          : QStringLiteral(" ") + NewGameDialog::tr("Rule: %1").arg(link);
}

} // namespace

NewGameDialog::NewGameDialog(const UnitDatabase &db, QWidget *parent)
    : QDialog(parent)
    , m_db(db)
{
    setWindowTitle(tr("New Game"));
    // Wide enough for each fleet's line and the checks to read in a line or two.
    setMinimumWidth(640);
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (int p = 0; p < 2; ++p) {
        const auto i = std::size_t(p);
        m_names[i] = new QLineEdit(tr("Player %1").arg(p + 1));
        m_names[i]->setMaxLength(io::kMaxNameLength);
        // The row's label is the layout's, no buddy of the field (two widgets share it).
        m_names[i]->setAccessibleName(tr("Player %1's name").arg(p + 1));
        m_names[i]->setValidator(new NameValidator(m_names[i]));
        connect(m_names[i], &QLineEdit::textChanged, this, &NewGameDialog::updateChecks);
        // Played by a person at this screen or by the computer (docs/ai.md).
        m_playedBy[i] = new QComboBox;
        m_playedBy[i]->setObjectName(QStringLiteral("playedBy%1").arg(p));
        m_playedBy[i]->addItem(tr("A person"), QString());
        m_playedBy[i]->addItem(tr("Computer: Expert (strongest)"), aiLevelId(AiLevel::Expert));
        m_playedBy[i]->addItem(tr("Computer: Careful"), aiLevelId(AiLevel::Careful));
        m_playedBy[i]->addItem(tr("Computer: Greedy"), aiLevelId(AiLevel::Greedy));
        m_playedBy[i]->addItem(tr("Computer: Random (learning the rules)"),
                               aiLevelId(AiLevel::Random));
        m_playedBy[i]->setToolTip(
            tr("Who plays this side. The computer plays by the same rules, never sees your "
               "dice to come, and writes why it chose each command in the game log."));
        m_playedBy[i]->setAccessibleName(tr("Player %1 played by").arg(p + 1));
        auto *nameRow = new QHBoxLayout;
        nameRow->addWidget(m_names[i], 1);
        nameRow->addWidget(m_playedBy[i]);
        form->addRow(tr("Player %1:").arg(p + 1), nameRow);
        auto *row = new QHBoxLayout;
        m_fleetLabels[i] = new QLabel(tr("(no fleet)"));
        m_fleetLabels[i]->setTextFormat(Qt::PlainText); // names are the users'
        m_fleetLabels[i]->setObjectName(QStringLiteral("fleetName%1").arg(p));
        auto *file = new QPushButton(tr("Fleet File…"));
        connect(file, &QPushButton::clicked, this, [this, p] { browse(p); });
        auto *builder = new QPushButton(tr("From Builder"));
        builder->setObjectName(QStringLiteral("fromBuilder%1").arg(p));
        connect(builder, &QPushButton::clicked, this, [this, p] {
            if (m_builderFleet)
                setFleet(p, *m_builderFleet,
                         m_builderFleet->name.isEmpty() ? tr("(fleet builder)") : QString());
        });
        // The open campaign's rosters (hidden while no campaign with players is open).
        auto *campaign = new QPushButton(tr("From Campaign"));
        campaign->setObjectName(QStringLiteral("fromCampaign%1").arg(p));
        campaign->setMenu(new QMenu(campaign));
        campaign->hide();
        m_campaignButtons[i] = campaign;
        m_playerWidgets[i] = {m_names[i], file, builder, campaign};
        row->addWidget(m_fleetLabels[i], 1);
        row->addWidget(file);
        row->addWidget(builder);
        row->addWidget(campaign);
        form->addRow(tr("Fleet:"), row);
        m_fleetInfo[i] = new QLabel;
        m_fleetInfo[i]->setObjectName(QStringLiteral("fleetInfo%1").arg(p));
        // Two short lines, no wrapping: what the fleet is, then its verdict.
        m_fleetInfo[i]->setTextFormat(Qt::RichText);
        form->addRow(QString(), m_fleetInfo[i]);
    }
    m_rules = new QComboBox;
    m_rules->setObjectName(QStringLiteral("rules"));
    for (const RulesProfile &r : RulesProfile::all())
        m_rules->addItem(r.id, r.id);
    m_rules->setCurrentIndex(std::max(0, m_rules->findData(preferences::defaultRulesProfile())));
    m_rules->setToolTip(tr("The rules version the game plays; each fleet is checked against it"));
    connect(m_rules, &QComboBox::currentIndexChanged, this, &NewGameDialog::updateChecks);
    form->addRow(tr("Rules:"), m_rules);
    // The shipped scenarios, and a group's own from the data folder.
    m_scenarios = ScenarioLibrary::loadShipped();
    const QString own = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/scenarios");
    if (QDir(own).exists())
        m_scenarios.addDirectory(own);
    m_scenario = new QComboBox;
    m_scenario->setObjectName(QStringLiteral("scenario"));
    for (const Scenario &sc : m_scenarios.scenarios())
        m_scenario->addItem(sc.name, sc.id);
    m_scenario->setCurrentIndex(m_scenario->findData(QStringLiteral("introductory")));
    form->addRow(tr("Scenario:"), m_scenario);
    m_scenarioText = new QTextBrowser;
    m_scenarioText->setObjectName(QStringLiteral("scenarioText"));
    m_scenarioText->setAccessibleName(tr("The scenario"));
    m_scenarioText->setMinimumHeight(80);
    form->addRow(m_scenarioText);
    connect(m_scenario, &QComboBox::currentIndexChanged, this, &NewGameDialog::showScenario);
    showScenario();
    m_initiative = new QComboBox;
    m_initiative->addItem(tr("Random Selection"), -1);
    m_initiative->addItem(tr("Player 1"), 0);
    m_initiative->addItem(tr("Player 2"), 1);
    form->addRow(tr("Initiative:"), m_initiative);
    m_seed = new QLineEdit(QString::number(QRandomGenerator::global()->generate64()));
    form->addRow(tr("Seed:"), m_seed);
    m_checks = new QLabel;
    m_checks->setObjectName(QStringLiteral("newGameChecks"));
    m_checks->setWordWrap(true);
    m_checks->setTextFormat(Qt::RichText);
    help::followRuleLinks(m_checks); // each line's "Rule:" opens the Rules Reference there
    form->addRow(m_checks);
    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #ef4444"));
    form->addRow(m_error);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_start = m_buttons->addButton(tr("Start Game"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("startGame"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &NewGameDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &NewGameDialog::reject);
    form->addRow(m_buttons);
    updateChecks();
}

void NewGameDialog::setBuilderFleet(const Fleet &fleet)
{
    m_builderFleet = fleet;
}

void NewGameDialog::setCampaignRosters(const CampaignRosters &rosters)
{
    m_rosters = rosters;
    for (int p = 0; p < 2; ++p) {
        QPushButton *button = m_campaignButtons[std::size_t(p)];
        QMenu *menu = button->menu();
        menu->clear();
        for (const auto &[name, fleet] : m_rosters.players) {
            QAction *a
                = menu->addAction(tr("%1's roster (%2 units)").arg(name).arg(fleet.entries.size()));
            a->setEnabled(!fleet.entries.empty());
            const QString who = name;
            connect(a, &QAction::triggered, this, [this, p, who] { (void)chooseRoster(p, who); });
        }
        button->setToolTip(tr("A player's roster in the campaign “%1”").arg(m_rosters.campaign));
        button->setVisible(!m_rosters.players.empty());
    }
}

bool NewGameDialog::chooseRoster(int player, const QString &name)
{
    for (const auto &[who, fleet] : m_rosters.players) {
        if (who != name)
            continue;
        setPlayerName(player, who);
        setRules(m_rosters.rules);
        setFleet(player, fleet, tr("%1's roster (%2)").arg(who, m_rosters.campaign));
        return true;
    }
    return false;
}

void NewGameDialog::setFleet(int player, const Fleet &fleet, const QString &label)
{
    m_fleets[std::size_t(player)] = fleet;
    m_fleetLabels[std::size_t(player)]->setText(
        !label.isEmpty() ? label : (fleet.name.isEmpty() ? tr("(unnamed fleet)") : fleet.name));
    m_error->clear();
    updateChecks();
}

void NewGameDialog::setRules(const QString &profileId)
{
    const int i = m_rules->findData(profileId);
    if (i >= 0)
        m_rules->setCurrentIndex(i);
}

bool NewGameDialog::setFleetFile(int player, const QString &path)
{
    const FleetFileResult r = FleetFile::read(path);
    if (!r.ok()) {
        m_error->setText(r.localErrorText());
        return false;
    }
    setFleet(player, *r.fleet, r.fleet->name.isEmpty() ? QFileInfo(path).fileName() : QString());
    return true;
}

void NewGameDialog::setPlayerName(int player, const QString &name)
{
    m_names[std::size_t(player)]->setText(name);
}

void NewGameDialog::setComputer(int player, const QString &levelId)
{
    QComboBox *c = m_playedBy[std::size_t(player)];
    c->setCurrentIndex(std::max(0, c->findData(levelId)));
}

void NewGameDialog::setComputerChoiceShown(bool shown)
{
    m_computerChoice = shown;
    for (QComboBox *c : m_playedBy)
        c->setVisible(shown);
}

void NewGameDialog::setSeed(quint64 seed)
{
    m_seed->setText(QString::number(seed));
}

void NewGameDialog::setInitiative(std::optional<int> player)
{
    m_initiative->setCurrentIndex(m_initiative->findData(player.value_or(-1)));
}

bool NewGameDialog::setScenario(const QString &id)
{
    const Scenario *sc = m_scenarios.byId(id);
    if (!sc)
        return false;
    m_scenario->setCurrentIndex(m_scenario->findData(id));
    return true;
}

// The chosen scenario's description and rules, as the players read them.
void NewGameDialog::showScenario()
{
    const Scenario *sc = m_scenarios.byId(m_scenario->currentData().toString());
    m_scenarioText->setPlainText(sc ? sc->summary() : QString());
}

void NewGameDialog::browse(int player)
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Fleet for %1").arg(m_names[std::size_t(player)]->text()), QString(),
        tr("Fleets (*.%1)").arg(FleetFile::kSuffix));
    if (!path.isEmpty())
        setFleetFile(player, path);
}

std::optional<GameSetup> NewGameDialog::setup(QString *error) const
{
    GameSetup s;
    for (int p = 0; p < 2; ++p) {
        if (!m_fleets[std::size_t(p)]) {
            if (error)
                *error = tr("Choose a fleet for %1.").arg(m_names[std::size_t(p)]->text());
            return std::nullopt;
        }
        if (m_fleets[std::size_t(p)]->entries.empty()) {
            if (error)
                *error = tr("%1's fleet has no models: it cannot be played. Add units in the "
                            "Fleet Builder, or choose another fleet.")
                             .arg(m_names[std::size_t(p)]->text());
            return std::nullopt;
        }
        s.players[std::size_t(p)]
            = PlayerSetup {m_names[std::size_t(p)]->text(), *m_fleets[std::size_t(p)]};
        if (m_computerChoice)
            s.players[std::size_t(p)].computer
                = m_playedBy[std::size_t(p)]->currentData().toString();
    }
    const Scenario *scenario = m_scenarios.byId(m_scenario->currentData().toString());
    if (!scenario) {
        if (error)
            *error = tr("Choose a scenario.");
        return std::nullopt;
    }
    s.setScenario(*scenario);
    s.rules = m_rules->currentData().toString();
    const int ini = m_initiative->currentData().toInt();
    if (ini >= 0)
        s.initiative = ini;
    bool ok = false;
    s.seed = m_seed->text().trimmed().toULongLong(&ok);
    if (!ok) {
        if (error)
            *error = tr("The seed is a whole number.");
        return std::nullopt;
    }
    // A network host's game: the joiner's fleet may be a masked lobby's public part (stand-ins;
    // this side's own fleet was checked when the dialog was accepted, check()).
    if (const auto why = GameSetup::fillUnits(
            s, m_db, m_remote >= 0 ? GameSetup::StandIns::Allowed : GameSetup::StandIns::Refused)) {
        if (error)
            *error = *why;
        return std::nullopt;
    }
    return s;
}

NewGameDialog::Checks NewGameDialog::check() const
{
    Checks c;
    const QString rules = m_rules->currentData().toString();
    std::array<std::optional<FleetReport>, 2> reports;
    for (int p = 0; p < 2; ++p) {
        const auto i = std::size_t(p);
        const QString player = m_names[i]->text();
        if (!m_fleets[i] && p == m_remote)
            continue;
        if (!m_fleets[i]) {
            c.missing << tr("Choose a fleet for %1.").arg(player);
            continue;
        }
        const Fleet &f = *m_fleets[i];
        const QString name = f.name.isEmpty() ? tr("%1's fleet").arg(player) : f.name;
        if (f.entries.empty()) {
            c.refusals << tr("%1 has no models: it cannot be played. Add units in the Fleet "
                             "Builder, or choose another fleet.")
                              .arg(name);
            c.refusalRules << ruleOf("points-limit"); // the Fleet chapter: what a fleet is
            continue;
        }
        for (const FleetEntry &e : f.entries) {
            if (!m_db.unit(e.unitId)) {
                c.refusals << tr("%1 uses the unit “%2”, which the unit database does not have.")
                                  .arg(name, e.unitId);
                c.refusalRules << ruleOf("unknown-unit"); // the data's, no section of the rules
                break;
            }
        }
        // The builder's and the CLI's check, under the rules this game plays.
        Fleet underGame = f;
        underGame.rules = rules;
        reports[i] = validateFleet(underGame, m_db);
        if (!reports[i]->legal()) {
            QStringList errors;
            QString rule; // the first error's
            for (const FleetProblem &pr : reports[i]->problems)
                if (pr.isError()) {
                    errors << pr.text.translated();
                    if (rule.isEmpty())
                        rule = pr.source;
                }
            const int more = int(errors.size()) - 2;
            QString why = QStringList(errors.mid(0, 2)).join(QStringLiteral("; "));
            if (more > 0)
                why += tr(" (and %1 more)").arg(more);
            c.warnings << tr("%1 is not legal under %2: %3.").arg(name, rules, why);
            c.warningRules << rule;
        }
        if (f.rules != rules) {
            c.warnings << tr("%1 was built for %2; this game plays %3.").arg(name, f.rules, rules);
            c.warningRules << QStringLiteral("profiles"); // Help › Rules Reference › Rules profiles
        }
    }
    if (reports[0] && reports[1]) {
        const std::array<int, 2> total {reports[0]->totals.total, reports[1]->totals.total};
        const std::array<int, 2> limit {m_fleets[0]->points, m_fleets[1]->points};
        std::array<QString, 2> names;
        for (int p = 0; p < 2; ++p)
            names[std::size_t(p)] = m_fleets[std::size_t(p)]->name.isEmpty()
                ? tr("%1's fleet").arg(m_names[std::size_t(p)]->text())
                : m_fleets[std::size_t(p)]->name;
        if (names[0] == names[1]) // the same fleet on both sides: say whose
            for (int p = 0; p < 2; ++p)
                names[std::size_t(p)]
                    = tr("%1 (%2)").arg(names[std::size_t(p)], m_names[std::size_t(p)]->text());
        const auto n = [](int v) {
            return QString::number(v);
        };
        // The doubts are core's (fleet/matchup.h); the dialog words them.
        for (const MatchupDoubt &d : matchupDoubts(total, limit)) {
            c.warningRules << ruleOf("points-limit"); // Fleet: the game sizes
            switch (d.kind) {
            case MatchupDoubt::Kind::DifferentGameSizes:
                c.warnings << tr("The fleets were built for different game sizes: %1 for %2 "
                                 "points, %3 for %4.")
                                  .arg(names[0], n(limit[0]), names[1], n(limit[1]));
                break;
            case MatchupDoubt::Kind::OverOtherLimit: {
                const auto i = std::size_t(d.side), o = std::size_t(1 - d.side);
                c.warnings << tr("%1 has %2 points, over the %3 points %4 was built for.")
                                  .arg(names[i], n(total[i]), n(limit[o]), names[o]);
                break;
            }
            case MatchupDoubt::Kind::FarApart:
                c.warnings << tr("The fleets are far apart: %1 has %2 points, %3 has %4 (%5 "
                                 "points apart).")
                                  .arg(names[0], n(total[0]), names[1], n(total[1]),
                                       n(std::abs(total[0] - total[1])));
                break;
            }
        }
    }
    return c;
}

QStringList NewGameDialog::refusals() const
{
    const Checks c = check();
    return c.missing + c.refusals;
}

QStringList NewGameDialog::warnings() const
{
    return check().warnings;
}

// Each fleet's line, the list of what is refused or doubtful, and the start
// button: "Start Game" (default) when all is well, "Play Anyway" (not the
// default: Enter does not start) when something is probably a mistake,
// disabled while something is refused.
void NewGameDialog::updateChecks()
{
    const QString rules = m_rules->currentData().toString();
    for (int p = 0; p < 2; ++p) {
        const auto i = std::size_t(p);
        if (!m_fleets[i] && p == m_remote) {
            m_fleetInfo[i]->clear();
            continue;
        }
        if (!m_fleets[i]) {
            m_fleetInfo[i]->setText(QStringLiteral("<i>%1</i>").arg(tr("No fleet chosen.")));
            continue;
        }
        const Fleet &f = *m_fleets[i];
        QStringList parts;
        const FactionInfo *faction = m_db.faction(f.faction);
        parts << escaped(faction ? faction->name : f.faction);
        Fleet underGame = f;
        underGame.rules = rules;
        const FleetReport report = validateFleet(underGame, m_db);
        parts << tr("%1 of %2 points").arg(report.totals.total).arg(f.points);
        parts << (f.size() == 1 ? tr("1 model") : tr("%1 models").arg(f.size()));
        parts << tr("built for %1").arg(escaped(f.rules));
        QString verdict;
        if (f.entries.empty())
            verdict = colored(this, Tone::Bad,
                              QStringLiteral("<b>%1</b>").arg(tr("cannot be played: no models")));
        else if (report.legal())
            verdict = colored(
                this, Tone::Good,
                QStringLiteral("<b>%1</b>").arg(tr("legal under %1").arg(escaped(rules))));
        else
            verdict = colored(this, Tone::Doubtful,
                              QStringLiteral("<b>%1</b>")
                                  .arg(report.errorCount() == 1
                                           ? tr("not legal under %1 (1 error)").arg(escaped(rules))
                                           : tr("not legal under %1 (%2 errors)")
                                                 .arg(escaped(rules))
                                                 .arg(report.errorCount())));
        m_fleetInfo[i]->setText(parts.join(QStringLiteral(" · ")) + QStringLiteral("<br>")
                                + verdict);
        QStringList tips;
        // Each problem in the interface's language, with its rule's id (issue 21).
        for (const FleetProblem &pr : report.problems)
            tips << QStringLiteral("%1 [%2] %3")
                        .arg(pr.isError() ? tr("error") : tr("warning"), pr.rule,
                             pr.text.translated());
        m_fleetInfo[i]->setToolTip(tips.join(QLatin1Char('\n')));
    }
    const Checks c = check();
    // A fleet not chosen yet is no problem to list: its line says so, and the
    // start button, when clicked, says what is missing.
    QStringList lines;
    // Each line with the rule it comes from, a link to the Rules Reference (when it has one).
    const auto withRule = [](const QString &line, const QString &rule) -> QString {
        return line + ruleSuffix(rule);
    };
    for (qsizetype i = 0; i < c.refusals.size(); ++i)
        lines << colored(
            this, Tone::Bad,
            withRule(
                QStringLiteral("<b>%1</b> %2").arg(tr("Cannot start:"), escaped(c.refusals[i])),
                c.refusalRules.value(i)));
    for (qsizetype i = 0; i < c.warnings.size(); ++i)
        lines << colored(
            this, Tone::Doubtful,
            withRule(QStringLiteral("<b>%1</b> %2").arg(tr("Check:"), escaped(c.warnings[i])),
                     c.warningRules.value(i)));
    m_checks->setText(lines.join(QStringLiteral("<br>")));
    m_checks->setVisible(!lines.isEmpty());
    m_start->setEnabled(c.refusals.isEmpty());
    const bool doubtful = c.refusals.isEmpty() && c.missing.isEmpty() && !c.warnings.isEmpty();
    m_start->setText(doubtful ? tr("Play Anyway")
                              : (m_startText.isEmpty() ? tr("Start Game") : m_startText));
    m_start->setToolTip(doubtful ? tr("Start the game despite the checks listed above")
                                 : QString());
    m_start->setAutoDefault(!doubtful);
    m_start->setDefault(!doubtful);
    // The lines above wrap: grow to show them rather than squeeze the rows
    // together (up to the screen; then the scenario's text gives way).
    QTimer::singleShot(0, this, [this] {
        QLayout *l = layout();
        int need = l->hasHeightForWidth() ? l->totalHeightForWidth(width())
                                          : l->totalSizeHint().height();
        if (const QScreen *sc = screen())
            need = std::min(need, sc->availableGeometry().height() - 40);
        if (isVisible() && need > height())
            resize(width(), need);
    });
}

void NewGameDialog::addRow(const QString &label, QWidget *field)
{
    auto *form = static_cast<QFormLayout *>(layout());
    int row = -1;
    QFormLayout::ItemRole role;
    form->getWidgetPosition(m_checks, &row, &role);
    form->insertRow(row, label, field);
}

void NewGameDialog::setStartText(const QString &text)
{
    m_startText = text;
    updateChecks();
}

QStringList NewGameDialog::leaveOutScenarios(
    const std::function<std::optional<QString>(const Scenario &)> &refused)
{
    QStringList out;
    for (const Scenario &sc : m_scenarios.scenarios()) {
        if (!refused(sc))
            continue;
        const int i = m_scenario->findData(sc.id);
        if (i >= 0) {
            m_scenario->removeItem(i);
            out << sc.name;
        }
    }
    return out;
}

void NewGameDialog::setRemotePlayer(int player, const QString &text)
{
    m_remote = player;
    const auto i = std::size_t(player);
    for (QWidget *w : m_playerWidgets[i])
        w->setEnabled(false);
    m_fleetLabels[i]->setText(text);
    static_cast<QFormLayout *>(layout())->setRowVisible(m_fleetInfo[i], false);
    updateChecks();
}

void NewGameDialog::setGameChoicesShown(bool shown)
{
    auto *form = static_cast<QFormLayout *>(layout());
    for (QWidget *w : std::initializer_list<QWidget *> {m_rules, m_scenario, m_scenarioText,
                                                        m_initiative, m_seed})
        form->setRowVisible(w, shown);
}

QString NewGameDialog::playerName(int player) const
{
    return m_names[std::size_t(player)]->text().trimmed();
}

void NewGameDialog::accept()
{
    QString error;
    if (m_remote >= 0 && !m_fleets[std::size_t(m_remote)]) {
        // The other computer's fleet comes later: what is chosen here must be playable.
        const QStringList refused = refusals();
        if (!refused.isEmpty()) {
            m_error->setText(refused.join(QLatin1Char('\n')));
            return;
        }
        QDialog::accept();
        return;
    }
    if (!setup(&error)) {
        m_error->setText(error);
        return;
    }
    QDialog::accept();
}

} // namespace jw
