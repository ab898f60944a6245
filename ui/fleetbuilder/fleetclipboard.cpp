// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/fleetclipboard.h"

#include "io/textcheck.h"

#include "fleet/upgrade.h"
#include "units/unitdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>

namespace jw::fleetclipboard {

namespace {
constexpr int kVersion = 1;
constexpr qsizetype kMaxBytes = 1 << 20;
} // namespace

QMimeData *toMimeData(const Fleet &fleet, const QList<int> &indexes, const UnitDatabase &db)
{
    QList<int> rows;
    for (int i : indexes) {
        if (i >= 0 && i < fleet.size() && !rows.contains(i))
            rows << i;
    }
    std::sort(rows.begin(), rows.end());
    QJsonArray units;
    QStringList lines;
    for (int i : rows) {
        const FleetEntry &e = fleet.entries[std::size_t(i)];
        QJsonObject u;
        u.insert(QStringLiteral("unit"), e.unitId);
        if (!e.name.isEmpty())
            u.insert(QStringLiteral("name"), e.name);
        if (!e.upgrades.isEmpty())
            u.insert(QStringLiteral("upgrades"), QJsonArray::fromStringList(e.upgrades));
        const int carrier = e.embarkedOn ? int(rows.indexOf(*e.embarkedOn)) : -1;
        if (carrier >= 0)
            u.insert(QStringLiteral("embarked_on"), carrier);
        units.append(u);

        const Unit *unit = db.unit(e.unitId);
        QString line = fleet.entryName(i, db);
        if (unit && !e.name.isEmpty())
            line += QStringLiteral(" (%1)").arg(unit->name);
        line += QStringLiteral(", %1 TV").arg(fleet.entryTv(i, db));
        for (const QString &id : e.upgrades) {
            const Upgrade *up = Upgrade::byId(id);
            line += QStringLiteral(", ") + (up ? up->name : id);
        }
        if (carrier >= 0)
            line += QStringLiteral(", embarked on %1").arg(fleet.entryName(*e.embarkedOn, db));
        lines << line;
    }
    QJsonObject root;
    root.insert(QStringLiteral("version"), kVersion);
    root.insert(QStringLiteral("faction"), fleet.faction);
    root.insert(QStringLiteral("units"), units);
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(MimeType),
                  QJsonDocument(root).toJson(QJsonDocument::Compact));
    mime->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
    return mime;
}

bool hasEntries(const QMimeData *mime)
{
    return mime && mime->hasFormat(QString::fromLatin1(MimeType));
}

std::vector<FleetEntry> fromMimeData(const QMimeData *mime)
{
    if (!hasEntries(mime))
        return {};
    const QByteArray bytes = mime->data(QString::fromLatin1(MimeType));
    if (bytes.size() > kMaxBytes)
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject() || doc.object().value(QStringLiteral("version")).toInt() != kVersion)
        return {};
    const QJsonArray units = doc.object().value(QStringLiteral("units")).toArray();
    std::vector<FleetEntry> out;
    std::vector<int> carriers; // as copied: an index into `units`
    std::vector<int> newIndex(std::size_t(std::min<qsizetype>(units.size(), kMaxEntries)), -1);
    for (int i = 0; i < int(newIndex.size()); ++i) {
        const QJsonObject u = units.at(i).toObject();
        FleetEntry e;
        e.unitId = u.value(QStringLiteral("unit")).toString();
        e.name = u.value(QStringLiteral("name")).toString();
        if (e.unitId.isEmpty() || !io::nameProblem(e.unitId).isEmpty()
            || !io::nameProblem(e.name).isEmpty())
            continue;
        bool ok = true;
        for (const QJsonValue &v : u.value(QStringLiteral("upgrades")).toArray()) {
            const QString id = v.toString();
            ok &= !id.isEmpty() && io::nameProblem(id).isEmpty();
            e.upgrades << id;
        }
        if (!ok)
            continue;
        newIndex[std::size_t(i)] = int(out.size());
        carriers.push_back(u.value(QStringLiteral("embarked_on")).toInt(-1));
        out.push_back(e);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        const int c = carriers[i];
        if (c >= 0 && c < int(newIndex.size()) && newIndex[std::size_t(c)] >= 0
            && newIndex[std::size_t(c)] != int(i))
            out[i].embarkedOn = newIndex[std::size_t(c)];
    }
    return out;
}

} // namespace jw::fleetclipboard
