// SPDX-License-Identifier: GPL-3.0-or-later
// Databases for the campaign tests: a fresh SQLite file, or a fresh database
// on the PostgreSQL server of JW_TEST_PG_URL (scripts/test starts one).
#pragma once

#include "campaign/campaignstore.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

namespace jwtest {

inline QString pgUrl()
{
    return qEnvironmentVariable("JW_TEST_PG_URL");
}

// The backends the storage tests run on: SQLite always; PostgreSQL when
// JW_TEST_PG_URL is set (scripts/test sets it).
inline QStringList backends()
{
    QStringList b {QStringLiteral("sqlite")};
    if (!pgUrl().isEmpty())
        b << QStringLiteral("postgresql");
    else
        qInfo("JW_TEST_PG_URL is not set: the PostgreSQL storage tests do not run here "
              "(./scripts/test starts a server for them)");
    return b;
}

// A raw QtSql connection to a campaign location (tests write old schemas by hand).
class RawDb
{
public:
    explicit RawDb(const QString &url)
    {
        static QAtomicInt n;
        m_name = QStringLiteral("raw-%1").arg(n.fetchAndAddRelaxed(1));
        const auto loc = jw::CampaignLocation::parse(url).value;
        const bool sqlite = loc.dialect == jw::CampaignSchema::Dialect::Sqlite;
        QSqlDatabase db = QSqlDatabase::addDatabase(
            sqlite ? QStringLiteral("QSQLITE") : QStringLiteral("QPSQL"), m_name);
        if (sqlite) {
            db.setDatabaseName(loc.path);
        } else {
            db.setHostName(loc.host);
            db.setPort(loc.port);
            db.setUserName(loc.user);
            db.setPassword(loc.password);
            db.setDatabaseName(loc.database);
        }
        if (!db.open())
            qFatal("cannot open %s: %s", qPrintable(url), qPrintable(db.lastError().text()));
    }
    ~RawDb()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    void exec(const QString &sql, const QVariantList &binds = {}) const
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        bool ok = false;
        if (binds.isEmpty()) {
            ok = q.exec(sql); // DDL cannot be prepared on PostgreSQL
        } else {
            q.prepare(sql);
            for (const QVariant &v : binds)
                q.addBindValue(v);
            ok = q.exec();
        }
        if (!ok)
            qFatal("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
    }
    QVariant value(const QString &sql) const
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        if (!q.exec(sql) || !q.next())
            qFatal("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
        return q.value(0);
    }

private:
    QString m_name;
};

// Fresh, empty databases; PostgreSQL ones are dropped again at the end.
class Databases
{
public:
    Databases() = default;
    ~Databases()
    {
        if (m_created.isEmpty())
            return;
        RawDb admin(pgUrl());
        for (const QString &name : m_created)
            admin.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name));
    }

    QString fresh(const QString &backend)
    {
        static QAtomicInt n;
        const int i = n.fetchAndAddRelaxed(1);
        if (backend == QLatin1String("sqlite"))
            return m_dir.filePath(QStringLiteral("campaign-%1.sqlite").arg(i));
        const QString name = QStringLiteral("jwtest_%1_%2_%3")
                                 .arg(QCoreApplication::applicationPid())
                                 .arg(i)
                                 .arg(QDateTime::currentMSecsSinceEpoch() % 100000);
        {
            RawDb admin(pgUrl());
            admin.exec(QStringLiteral("CREATE DATABASE %1").arg(name));
        }
        m_created << name;
        QUrl url(pgUrl());
        url.setPath(QLatin1Char('/') + name);
        return url.toString();
    }

    [[nodiscard]] QString dir() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir;
    QStringList m_created;
};

} // namespace jwtest
