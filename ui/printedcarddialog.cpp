// SPDX-License-Identifier: GPL-3.0-or-later
#include "printedcarddialog.h"

#include "units/unitdatabase.h"
#include "units/unitlimits.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace jw {

namespace {

IntRange rangeOf(const QString &field)
{
    if (field == QLatin1String("tv"))
        return unitlimits::kTv;
    if (field == QLatin1String("uc"))
        return unitlimits::kUnitCap;
    if (field == QLatin1String("speed"))
        return unitlimits::kSpeed;
    if (field == QLatin1String("turns"))
        return unitlimits::kTurns;
    if (field == QLatin1String("fire_control"))
        return unitlimits::kFireControl;
    if (field == QLatin1String("skill"))
        return unitlimits::kSkill;
    return unitlimits::kArmor;
}

// "1 2 3 3", "1, 2, 3, 3" or "[1, 2, 3, 3]": the boxes; nullopt when a box is no number.
std::optional<Track> parseTrack(const QString &text)
{
    QString t = text;
    t.remove(QLatin1Char('[')).remove(QLatin1Char(']')).replace(QLatin1Char(','), QLatin1Char(' '));
    Track track;
    for (const QString &part : t.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = part.toInt(&ok);
        if (!ok)
            return std::nullopt;
        track.boxes.push_back(n);
    }
    return track;
}

} // namespace

PrintedCardDialog::PrintedCardDialog(const Unit &shipped, const UnitOverride *current,
                                     const UnitDatabase &db, QWidget *parent)
    : QDialog(parent)
    , m_shipped(shipped)
    , m_db(db)
{
    setObjectName(QStringLiteral("printedCardDialog"));
    setWindowTitle(tr("Printed Card Values – %1").arg(shipped.name));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Copy the values printed on your card of the <b>%1</b>. A ticked value is the "
           "card's: it replaces jwfleet's everywhere (lists, cards, fleet checks), which say "
           "that you entered it. Unticked values stay as shipped.")
            .arg(shipped.name.toHtmlEscaped()),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *cardRow = new QHBoxLayout;
    auto *cardLabel = new QLabel(tr("&Card:"), this);
    m_card = new QLineEdit(this);
    m_card->setObjectName(QStringLiteral("cardEdit"));
    m_card->setPlaceholderText(tr("which card, e.g. \"v1.2.3 printed card\""));
    m_card->setMaxLength(200);
    cardLabel->setBuddy(m_card);
    cardRow->addWidget(cardLabel);
    cardRow->addWidget(m_card, 1);
    layout->addLayout(cardRow);

    // The values and the weapons scroll when the screen is too small for them
    // all (a card may have up to 20 weapons).
    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    auto *grid = new QGridLayout;
    grid->setColumnStretch(2, 1);
    const QList<std::pair<QString, QString>> fields {
        {QStringLiteral("tv"), tr("Threat Value")},
        {QStringLiteral("uc"), tr("Unit Cap")},
        {QStringLiteral("speed"), tr("Speed")},
        {QStringLiteral("turns"), tr("Turns")},
        {QStringLiteral("fire_control"), tr("Fire Control")},
        {QStringLiteral("skill"), tr("Skill")},
        {QStringLiteral("armor.fore"), tr("Armor Fore")},
        {QStringLiteral("armor.sides"), tr("Armor Port/Starboard")},
        {QStringLiteral("armor.aft"), tr("Armor Aft")},
        {QStringLiteral("structure"), tr("Structure")},
        {QStringLiteral("defense"), tr("Defense")},
        {QStringLiteral("sensors"), tr("Sensors")},
        {QStringLiteral("thrusters"), tr("Thrusters")},
        {QStringLiteral("marines"), tr("Marines")},
        {QStringLiteral("fuel"), tr("Fuel")},
    };
    const QStringList capitalOnly {QStringLiteral("turns"),       QStringLiteral("armor.fore"),
                                   QStringLiteral("armor.sides"), QStringLiteral("armor.aft"),
                                   QStringLiteral("thrusters"),   QStringLiteral("marines")};
    m_rows.reserve(std::size_t(fields.size()));
    for (const auto &[field, label] : fields) {
        if (capitalOnly.contains(field) && !shipped.isCapital())
            continue;
        if (field == QLatin1String("fuel") && shipped.isCapital())
            continue;
        addRow(field, label);
    }
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const Row &r = m_rows[i];
        grid->addWidget(r.check, int(i), 0);
        grid->addWidget(r.spin ? static_cast<QWidget *>(r.spin) : r.track, int(i), 1);
        grid->addWidget(r.source, int(i), 2);
        grid->addWidget(r.revert, int(i), 3);
    }
    contentLayout->addLayout(grid);

    // The weapons' ratings: a weapon ticked is the card's, all its ratings.
    if (!shipped.weapons.empty()) {
        auto *box = new QGroupBox(tr("Weapons"), content);
        box->setObjectName(QStringLiteral("weaponsBox"));
        auto *wg = new QGridLayout(box);
        wg->setColumnStretch(7, 1);
        int col = 1;
        const auto head = [&](const QString &text, const QString &tip) {
            auto *l = new QLabel(text, box);
            l->setToolTip(tip);
            wg->addWidget(l, 0, col++);
        };
        if (shipped.isCapital())
            head(tr("Arcs"), tr("F, P, S, A or T (turret), or several joined by '/'"));
        else
            ++col;
        head(tr("AC"), tr("Anti-Capital base dice"));
        head(tr("AS"), tr("Anti-Squadron base dice"));
        head(tr("Ma"), tr("Macro dice"));
        head(tr("Count"), tr("Instances of the weapon, one damage box each"));
        m_weaponRows.reserve(shipped.weapons.size());
        for (const Weapon &w : shipped.weapons)
            addWeaponRow(w);
        for (std::size_t i = 0; i < m_weaponRows.size(); ++i) {
            const WeaponRow &r = m_weaponRows[i];
            const int row = int(i) + 1;
            wg->addWidget(r.check, row, 0);
            if (r.arcs)
                wg->addWidget(r.arcs, row, 1);
            wg->addWidget(r.ac, row, 2);
            wg->addWidget(r.as, row, 3);
            wg->addWidget(r.macro, row, 4);
            wg->addWidget(r.count, row, 5);
            wg->addWidget(r.source, row, 6, 1, 2);
            wg->addWidget(r.revert, row, 8);
        }
        contentLayout->addWidget(box);
    }
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("valuesScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content);
    {
        // As tall as the values, unless the screen is smaller: then it scrolls.
        const QSize want = content->sizeHint();
        const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
        const int room = screen ? screen->availableGeometry().height() - 12 * fontMetrics().height()
                                : want.height();
        scroll->setMinimumHeight(
            std::min(want.height(), std::max(8 * fontMetrics().height(), room)));
        scroll->setMinimumWidth(want.width() + style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    }
    layout->addWidget(scroll, 1);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->hide();
    layout->addWidget(m_problem);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_revertAll = m_buttons->addButton(tr("Revert All to Shipped"), QDialogButtonBox::ResetRole);
    m_revertAll->setObjectName(QStringLiteral("revertAll"));
    connect(m_revertAll, &QPushButton::clicked, this, [this] {
        for (Row &r : m_rows)
            revert(r);
        for (WeaponRow &r : m_weaponRows)
            revertWeapon(r);
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &PrintedCardDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);

    // The user's values, over the shipped ones.
    if (current) {
        m_card->setText(current->card);
        for (Row &r : m_rows) {
            if (r.spin) {
                if (auto it = current->values.find(r.field); it != current->values.end()) {
                    r.spin->setValue(it->second);
                    r.check->setChecked(true);
                }
            } else if (auto it = current->tracks.find(r.field); it != current->tracks.end()) {
                r.track->setText(it->second.toString());
                r.check->setChecked(true);
            }
        }
        for (WeaponRow &r : m_weaponRows) {
            const WeaponOverride *w = current->weapon(r.shipped.name);
            if (!w)
                continue;
            if (r.arcs && w->arcs)
                r.arcs->setText(arcsToString(*w->arcs));
            if (w->ac)
                r.ac->setValue(*w->ac);
            if (w->as)
                r.as->setValue(*w->as);
            if (w->macro)
                r.macro->setValue(*w->macro);
            if (w->count)
                r.count->setValue(*w->count);
            r.check->setChecked(true);
        }
    }
    check();
}

void PrintedCardDialog::addWeaponRow(const Weapon &w)
{
    WeaponRow r;
    r.shipped = w;
    const QString key = slugify(w.name);
    r.check = new QCheckBox(w.name, this);
    r.check->setObjectName(QStringLiteral("weaponFromCard_") + key);
    r.check->setToolTip(tr("Ticked: the weapon's ratings printed on the card. Unticked: "
                           "jwfleet's shipped ratings."));
    const auto spin = [&](const QString &rating, IntRange range, int value, bool skill) {
        auto *s = new QSpinBox(this);
        s->setObjectName(QStringLiteral("weapon_%1_%2").arg(rating, key));
        // A Lance rolls the model's Skill: the value below the range.
        s->setRange(skill ? WeaponOverride::kSkillDice : range.min, range.max);
        if (skill)
            s->setSpecialValueText(tr("Skill"));
        s->setValue(value);
        connect(s, &QSpinBox::valueChanged, this, [this, s, name = w.name] {
            if (s->hasFocus())
                weaponFromCard(name)->setChecked(true);
            check();
        });
        return s;
    };
    const bool isLance = w.weaponClass == WeaponClass::Lance;
    r.ac = spin(QStringLiteral("ac"), unitlimits::kDice, w.ac.value_or(WeaponOverride::kSkillDice),
                isLance);
    r.as = spin(QStringLiteral("as"), unitlimits::kDice, w.as.value_or(WeaponOverride::kSkillDice),
                isLance);
    r.macro = spin(QStringLiteral("macro"), unitlimits::kMacro, w.macro, false);
    r.count = spin(QStringLiteral("count"), unitlimits::kWeaponCount, w.count, false);
    QString shippedText
        = tr("AC %1, AS %2, Ma %3").arg(w.ratingText(w.ac), w.ratingText(w.as)).arg(w.macro);
    if (m_shipped.isCapital()) {
        r.arcs = new QLineEdit(arcsToString(w.arcs), this);
        r.arcs->setObjectName(QStringLiteral("weapon_arcs_") + key);
        r.arcs->setMaxLength(20);
        r.arcs->setMaximumWidth(r.arcs->fontMetrics().horizontalAdvance(QStringLiteral("F/P/S/A"))
                                * 2);
        connect(r.arcs, &QLineEdit::textEdited, this,
                [this, name = w.name] { weaponFromCard(name)->setChecked(true); });
        connect(r.arcs, &QLineEdit::textChanged, this, &PrintedCardDialog::check);
        shippedText = arcsToString(w.arcs) + QStringLiteral(", ") + shippedText;
    }
    if (w.count > 1)
        shippedText += QStringLiteral(", ×%1").arg(w.count);
    const ValueSource src = m_shipped.sourceOf(QStringLiteral("weapons.") + w.name);
    r.source = new QLabel(tr("shipped: %1 (%2)").arg(shippedText, kindText(src)), this);
    r.source->setObjectName(QStringLiteral("weaponSource_") + key);
    r.source->setTextFormat(Qt::PlainText);
    if (!src.where.isEmpty())
        r.source->setToolTip(src.where);
    r.source->setForegroundRole(QPalette::PlaceholderText);
    r.revert = new QToolButton(this);
    r.revert->setObjectName(QStringLiteral("weaponRevert_") + key);
    r.revert->setText(tr("Revert"));
    r.revert->setToolTip(tr("Back to the shipped ratings"));
    const QString name = w.name;
    connect(r.check, &QCheckBox::toggled, this, [this, name](bool on) {
        if (!on) {
            for (WeaponRow &x : m_weaponRows) {
                if (x.shipped.name == name)
                    revertWeapon(x);
            }
        }
        check();
    });
    connect(r.revert, &QToolButton::clicked, this, [this, name] {
        for (WeaponRow &x : m_weaponRows) {
            if (x.shipped.name == name)
                revertWeapon(x);
        }
    });
    m_weaponRows.push_back(r);
}

void PrintedCardDialog::revertWeapon(WeaponRow &r)
{
    {
        const QSignalBlocker b1(r.check);
        r.check->setChecked(false);
        const Weapon &w = r.shipped;
        for (auto [s, v] : {std::pair {r.ac, w.ac.value_or(WeaponOverride::kSkillDice)},
                            std::pair {r.as, w.as.value_or(WeaponOverride::kSkillDice)},
                            std::pair {r.macro, w.macro}, std::pair {r.count, w.count}}) {
            const QSignalBlocker b(s);
            s->setValue(v);
        }
        if (r.arcs) {
            const QSignalBlocker b(r.arcs);
            r.arcs->setText(arcsToString(w.arcs));
        }
    }
    check();
}

QString PrintedCardDialog::kindText(const ValueSource &src) const
{
    switch (src.kind) {
    case ValueSource::Kind::Rules:
        return tr("rules");
    case ValueSource::Kind::Card:
        return tr("printed card");
    case ValueSource::Kind::Estimate:
        break;
    }
    return tr("jwfleet's estimate");
}

const PrintedCardDialog::WeaponRow *PrintedCardDialog::weaponRow(const QString &name) const
{
    for (const WeaponRow &r : m_weaponRows) {
        if (r.shipped.name == name)
            return &r;
    }
    return nullptr;
}

QCheckBox *PrintedCardDialog::weaponFromCard(const QString &weapon) const
{
    const WeaponRow *r = weaponRow(weapon);
    return r ? r->check : nullptr;
}

QLineEdit *PrintedCardDialog::weaponArcs(const QString &weapon) const
{
    const WeaponRow *r = weaponRow(weapon);
    return r ? r->arcs : nullptr;
}

QSpinBox *PrintedCardDialog::weaponSpin(const QString &weapon, const QString &rating) const
{
    const WeaponRow *r = weaponRow(weapon);
    if (!r)
        return nullptr;
    if (rating == QLatin1String("ac"))
        return r->ac;
    if (rating == QLatin1String("as"))
        return r->as;
    if (rating == QLatin1String("macro"))
        return r->macro;
    if (rating == QLatin1String("count"))
        return r->count;
    return nullptr;
}

QToolButton *PrintedCardDialog::weaponRevertButton(const QString &weapon) const
{
    const WeaponRow *r = weaponRow(weapon);
    return r ? r->revert : nullptr;
}

void PrintedCardDialog::addRow(const QString &field, const QString &label)
{
    Row r;
    r.field = field;
    r.check = new QCheckBox(label, this);
    r.check->setObjectName(QStringLiteral("fromCard_") + field);
    r.check->setToolTip(tr("Ticked: the value printed on the card. Unticked: jwfleet's "
                           "shipped value."));
    const ValueSource src = m_shipped.sourceOf(field);
    const QString kind = kindText(src);
    QString shippedText;
    if (const Track *t = shippedTrack(field)) {
        r.track = new QLineEdit(t->toString(), this);
        r.track->setObjectName(QStringLiteral("track_") + field);
        r.track->setToolTip(tr("The boxes from lowest to highest, e.g. \"1 2 3 3\"."));
        shippedText = t->isEmpty() ? tr("none") : t->toString();
        connect(r.track, &QLineEdit::textEdited, this,
                [this, field] { fromCard(field)->setChecked(true); });
        connect(r.track, &QLineEdit::textChanged, this, &PrintedCardDialog::check);
    } else {
        r.spin = new QSpinBox(this);
        r.spin->setObjectName(QStringLiteral("spin_") + field);
        const IntRange range = rangeOf(field);
        // No Unit Cap shipped: 0 shows as "none" until the card gives one.
        r.spin->setRange(field == QLatin1String("uc") ? 0 : range.min, range.max);
        if (field == QLatin1String("uc"))
            r.spin->setSpecialValueText(tr("none"));
        r.spin->setValue(shippedValue(field));
        shippedText = field == QLatin1String("uc") && shippedValue(field) == 0
            ? tr("none")
            : QString::number(shippedValue(field));
        connect(r.spin, &QSpinBox::valueChanged, this, [this, field] {
            QSpinBox *s = spinBox(field);
            if (s->hasFocus() || s->value() != shippedValue(field))
                fromCard(field)->setChecked(true);
            check();
        });
    }
    r.source = new QLabel(tr("shipped: %1 (%2)").arg(shippedText, kind), this);
    r.source->setObjectName(QStringLiteral("source_") + field);
    r.source->setTextFormat(Qt::PlainText);
    // Where in the rules or which card: in the tooltip, the row stays one line.
    if (!src.where.isEmpty())
        r.source->setToolTip(src.where);
    r.source->setForegroundRole(QPalette::PlaceholderText);
    r.revert = new QToolButton(this);
    r.revert->setObjectName(QStringLiteral("revert_") + field);
    r.revert->setText(tr("Revert"));
    r.revert->setToolTip(tr("Back to the shipped value"));
    connect(r.check, &QCheckBox::toggled, this, [this, field](bool on) {
        if (!on) {
            for (Row &x : m_rows) {
                if (x.field == field)
                    revert(x);
            }
        }
        check();
    });
    connect(r.revert, &QToolButton::clicked, this, [this, field] {
        for (Row &x : m_rows) {
            if (x.field == field)
                revert(x);
        }
    });
    m_rows.push_back(r);
}

void PrintedCardDialog::revert(Row &r)
{
    {
        const QSignalBlocker b1(r.check);
        r.check->setChecked(false);
        if (r.spin) {
            const QSignalBlocker b2(r.spin);
            r.spin->setValue(shippedValue(r.field));
        } else {
            r.track->setText(shippedTrack(r.field)->toString());
        }
    }
    check();
}

int PrintedCardDialog::shippedValue(const QString &field) const
{
    const Unit &u = m_shipped;
    if (field == QLatin1String("tv"))
        return u.tv;
    if (field == QLatin1String("uc"))
        return u.unitCap;
    if (field == QLatin1String("speed"))
        return u.speed;
    if (field == QLatin1String("turns"))
        return u.turns;
    if (field == QLatin1String("fire_control"))
        return u.fireControl;
    if (field == QLatin1String("skill"))
        return u.skill;
    if (field == QLatin1String("armor.fore"))
        return u.armor.fore;
    if (field == QLatin1String("armor.sides"))
        return u.armor.sides;
    if (field == QLatin1String("armor.aft"))
        return u.armor.aft;
    return 0;
}

const Track *PrintedCardDialog::shippedTrack(const QString &field) const
{
    if (field == QLatin1String("structure"))
        return &m_shipped.structure;
    if (field == QLatin1String("defense"))
        return &m_shipped.defense;
    if (field == QLatin1String("sensors"))
        return &m_shipped.sensors;
    if (field == QLatin1String("thrusters"))
        return &m_shipped.thrusters;
    if (field == QLatin1String("marines"))
        return &m_shipped.marines;
    if (field == QLatin1String("fuel"))
        return &m_shipped.fuel;
    return nullptr;
}

QSpinBox *PrintedCardDialog::spinBox(const QString &field) const
{
    for (const Row &r : m_rows) {
        if (r.field == field)
            return r.spin;
    }
    return nullptr;
}

QLineEdit *PrintedCardDialog::trackEdit(const QString &field) const
{
    for (const Row &r : m_rows) {
        if (r.field == field)
            return r.track;
    }
    return nullptr;
}

QCheckBox *PrintedCardDialog::fromCard(const QString &field) const
{
    for (const Row &r : m_rows) {
        if (r.field == field)
            return r.check;
    }
    return nullptr;
}

QToolButton *PrintedCardDialog::revertButton(const QString &field) const
{
    for (const Row &r : m_rows) {
        if (r.field == field)
            return r.revert;
    }
    return nullptr;
}

UnitOverride PrintedCardDialog::result() const
{
    UnitOverride o;
    o.unitId = m_shipped.id;
    o.card = m_card->text().trimmed();
    for (const Row &r : m_rows) {
        if (!r.check->isChecked())
            continue;
        if (r.spin) {
            // No Unit Cap on the card either: nothing to record.
            if (r.field == QLatin1String("uc") && r.spin->value() == 0)
                continue;
            o.values[r.field] = r.spin->value();
        } else if (auto t = parseTrack(r.track->text())) {
            o.tracks[r.field] = *t;
        }
    }
    // A weapon ticked: every rating the card prints for it.
    for (const WeaponRow &r : m_weaponRows) {
        if (!r.check->isChecked())
            continue;
        WeaponOverride w;
        w.name = r.shipped.name;
        if (r.arcs) {
            if (auto a = arcsFromString(r.arcs->text()))
                w.arcs = *a;
        }
        w.ac = r.ac->value();
        w.as = r.as->value();
        w.macro = r.macro->value();
        w.count = r.count->value();
        o.weapons.push_back(w);
    }
    return o;
}

QString PrintedCardDialog::trackProblem(const Row &r) const
{
    if (!r.track || !r.check->isChecked())
        return {};
    const auto t = parseTrack(r.track->text());
    if (!t)
        return tr("%1: write the boxes as numbers, e.g. \"1 2 3 3\"").arg(r.check->text());
    return {};
}

void PrintedCardDialog::check()
{
    QString problem;
    for (const Row &r : m_rows) {
        problem = trackProblem(r);
        if (!problem.isEmpty())
            break;
    }
    for (const WeaponRow &r : m_weaponRows) {
        if (!problem.isEmpty())
            break;
        if (r.arcs && r.check->isChecked() && !arcsFromString(r.arcs->text()))
            problem = tr("%1: write the arcs as F, P, S, A or T, or several joined by '/' "
                         "(\"F/P\")")
                          .arg(r.shipped.name);
    }
    if (problem.isEmpty()) {
        // Checked as the file will be read: the same messages as a file edited by hand.
        UserOverlay one;
        one.file = QStringLiteral("units.yaml");
        UnitOverride o = result();
        if (!o.isEmpty()) {
            one.units.push_back(o);
            const UserOverlay read = UserOverlay::parse(one.toYaml(), one.file, m_db);
            for (const DataIssue &i : read.issues) {
                if (i.isError()) {
                    problem = i.localMessage();
                    break;
                }
            }
        }
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

void PrintedCardDialog::accept()
{
    check();
    if (!m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    QDialog::accept();
}

} // namespace jw
