#pragma once

#include "TestVault.h"
#include "vault/Engine.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace engram::test {

/// An Engine on the vault (not indexed); a failure to open ends the test binary, naming the vault.
std::unique_ptr<Engine> openEngine(const QString &vaultPath);
std::unique_ptr<Engine> openEngine(const TestVault &vault);

/// The paths of what `text` recalls (default k, no reinforcement), archived memories too when asked.
QStringList recalledPaths(Engine &engine, const QString &text, bool includeArchived = false);

/// Sets the file's modification time `seconds` before `from`; fails the running test if it cannot.
void backdate(const TestVault &vault, const QString &relative, qint64 seconds,
              const QDateTime &from = QDateTime::currentDateTime());

/// The check called `name` of engine.health(); an empty one when there is none.
HealthCheck healthCheck(Engine &engine, const QString &name);
/// The check `id` of `checks` (a healthReady signal's list); an empty one when there is none.
HealthCheck healthCheck(const QList<HealthCheck> &checks, HealthCheckId id);
/// Problems one a line ("path:line [severity] message"), for a failure message.
QString problemList(const QList<Problem> &problems);

/// A Markdown transcript of `turns` (speakers Ada and Bo alternating), dated `date` (yyyy-MM-dd).
QString markdownTranscript(const QString &date, const QStringList &turns);
/// Four sessions on 2026-01-05 (two), -07 and -14 with decisions, lessons, rules, goals and small
/// talk: a consolidation writes 4 session, 3 daily, 2 weekly and 2 fact digests from them.
void writeConsolidationSessions(TestVault &vault);

/// notes/deploy.md, the best keyword match for "how do we deploy the billing service", dated a
/// year ago, and twelve notes of today that match it less (deploy and billing only): in the
/// default weights deploy.md ranks first; weighed by recency alone it falls below all twelve.
void writeRecencyRivals(TestVault &vault);
/// `config` with its default mode weighing recency alone: the year-old note of
/// writeRecencyRivals() falls below every fresh rival that matches.
Config recencyOnly(const Config &config);

/// One line of a JSON Lines file: the object, compact, and a newline.
QByteArray jsonLine(const QJsonObject &object);

} // namespace engram::test
