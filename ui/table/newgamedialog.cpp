#include "table/newgamedialog.h"

#include "fleet/fleetfile.h"
#include "fleet/rulesprofile.h"
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
#include <QPushButton>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTextBrowser>

namespace jw {

NewGameDialog::NewGameDialog(const UnitDatabase &db, QWidget *parent)
    : QDialog(parent)
    , m_db(db)
{
    setWindowTitle(tr("New Game"));
    auto *form = new QFormLayout(this);
    for (int p = 0; p < 2; ++p) {
        m_names[std::size_t(p)] = new QLineEdit(tr("Player %1").arg(p + 1));
        m_names[std::size_t(p)]->setMaxLength(io::kMaxNameLength);
        m_names[std::size_t(p)]->setValidator(new NameValidator(m_names[std::size_t(p)]));
        form->addRow(tr("Player %1:").arg(p + 1), m_names[std::size_t(p)]);
        auto *row = new QHBoxLayout;
        m_fleetLabels[std::size_t(p)] = new QLabel(tr("(no fleet)"));
        auto *file = new QPushButton(tr("Fleet File…"));
        connect(file, &QPushButton::clicked, this, [this, p] { browse(p); });
        auto *builder = new QPushButton(tr("From Builder"));
        builder->setObjectName(QStringLiteral("fromBuilder%1").arg(p));
        connect(builder, &QPushButton::clicked, this, [this, p] {
            if (!m_builderFleet)
                return;
            m_fleets[std::size_t(p)] = m_builderFleet;
            m_fleetLabels[std::size_t(p)]->setText(
                m_builderFleet->name.isEmpty() ? tr("(fleet builder)") : m_builderFleet->name);
        });
        row->addWidget(m_fleetLabels[std::size_t(p)], 1);
        row->addWidget(file);
        row->addWidget(builder);
        form->addRow(tr("Fleet:"), row);
    }
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
    m_scenarioText->setMinimumHeight(160);
    form->addRow(m_scenarioText);
    connect(m_scenario, &QComboBox::currentIndexChanged, this, &NewGameDialog::showScenario);
    showScenario();
    m_rules = new QComboBox;
    for (const RulesProfile &r : RulesProfile::all())
        m_rules->addItem(r.id, r.id);
    m_rules->setCurrentIndex(m_rules->findData(RulesProfile::defaultId()));
    form->addRow(tr("Rules:"), m_rules);
    m_initiative = new QComboBox;
    m_initiative->addItem(tr("Random Selection"), -1);
    m_initiative->addItem(tr("Player 1"), 0);
    m_initiative->addItem(tr("Player 2"), 1);
    form->addRow(tr("Initiative:"), m_initiative);
    m_seed = new QLineEdit(QString::number(QRandomGenerator::global()->generate64()));
    form->addRow(tr("Seed:"), m_seed);
    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #ef4444"));
    form->addRow(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &NewGameDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &NewGameDialog::reject);
    form->addRow(buttons);
}

void NewGameDialog::setBuilderFleet(const Fleet &fleet)
{
    m_builderFleet = fleet;
}

bool NewGameDialog::setFleetFile(int player, const QString &path)
{
    const FleetFileResult r = FleetFile::read(path);
    if (!r.ok()) {
        m_error->setText(r.errorText());
        return false;
    }
    m_fleets[std::size_t(player)] = r.fleet;
    m_fleetLabels[std::size_t(player)]->setText(r.fleet->name.isEmpty() ? QFileInfo(path).fileName()
                                                                        : r.fleet->name);
    return true;
}

void NewGameDialog::setPlayerName(int player, const QString &name)
{
    m_names[std::size_t(player)]->setText(name);
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
        s.players[std::size_t(p)]
            = PlayerSetup {m_names[std::size_t(p)]->text(), *m_fleets[std::size_t(p)]};
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
    if (const auto why = GameSetup::fillUnits(s, m_db)) {
        if (error)
            *error = *why;
        return std::nullopt;
    }
    return s;
}

void NewGameDialog::accept()
{
    QString error;
    if (!setup(&error)) {
        m_error->setText(error);
        return;
    }
    QDialog::accept();
}

} // namespace jw
