#include "EngineFixtures.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

namespace engram::test {

std::unique_ptr<Engine> openEngine(const QString &vaultPath)
{
    auto engine = Engine::open(vaultPath);
    if (!engine)
        qFatal("cannot open an engine on %s: %s", qPrintable(vaultPath), qPrintable(engine.error().toString()));
    return std::move(*engine);
}

std::unique_ptr<Engine> openEngine(const TestVault &vault)
{
    return openEngine(vault.path());
}

QStringList recalledPaths(Engine &engine, const QString &text, bool includeArchived)
{
    RecallQuery q;
    q.text = text;
    q.reinforce = false;
    q.filter.includeArchived = includeArchived;
    QStringList out;
    if (auto results = engine.recall(q))
        for (const RecallResult &r : *results)
            out << r.chunk.path;
    return out;
}

void backdate(const TestVault &vault, const QString &relative, qint64 seconds, const QDateTime &from)
{
    QFile f(vault.filePath(relative));
    QVERIFY2(f.open(QIODevice::ReadWrite), qPrintable(f.fileName() + QStringLiteral(": ") + f.errorString()));
    QVERIFY2(f.setFileTime(from.addSecs(-seconds), QFileDevice::FileModificationTime), qPrintable(f.fileName()));
}

void writeRecencyRivals(TestVault &vault)
{
    const QDate today = QDate::currentDate();
    vault.write(QStringLiteral("notes/deploy.md"),
                QStringLiteral("---\ndate: %1\n---\n# Deploy\n\nWe deploy the billing service with a blue green "
                               "rollout on Tuesdays.\n")
                    .arg(today.addYears(-1).toString(Qt::ISODate)));
    for (int i = 1; i <= 12; ++i)
        vault.write(
            QStringLiteral("notes/rival-%1.md").arg(i, 2, 10, QLatin1Char('0')),
            QStringLiteral(
                "---\ndate: %2\n---\n# Rival %1\n\nMeeting %1 went over the deploy checklist of the billing service, "
                "the release calendar, the on-call rota and topic %1.\n")
                .arg(i)
                .arg(today.toString(Qt::ISODate)));
    // Unrelated notes, so that deploy, billing and service are in under half of the notes
    // (BM25 gives a term in more than half of them no weight at all).
    for (int i = 1; i <= 16; ++i)
        vault.write(QStringLiteral("notes/garden-%1.md").arg(i, 2, 10, QLatin1Char('0')),
                    QStringLiteral("# Garden %1\n\nTomatoes, basil and bed %1 need water in the morning.\n").arg(i));
}

Config recencyOnly(const Config &config)
{
    Config candidate = config;
    RankingMode mode = candidate.mode(candidate.defaultMode);
    mode.relevance = mode.strength = mode.access = mode.coactivation = mode.graph = 0.0;
    mode.recency = 1.0;
    candidate.setMode(mode);
    return candidate;
}

HealthCheck healthCheck(Engine &engine, const QString &name)
{
    for (const HealthCheck &c : engine.health())
        if (c.name == name)
            return c;
    return {};
}

HealthCheck healthCheck(const QList<HealthCheck> &checks, HealthCheckId id)
{
    for (const HealthCheck &c : checks)
        if (c.id == id)
            return c;
    return {};
}

QString problemList(const QList<Problem> &problems)
{
    QStringList lines;
    for (const Problem &p : problems)
        lines << QStringLiteral("%1:%2 [%3] %4").arg(p.path).arg(p.line).arg(p.severity, p.message);
    return lines.join(QLatin1Char('\n'));
}

QByteArray jsonLine(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

/// A Markdown transcript of `turns` lines, dated `date`.
QString markdownTranscript(const QString &date, const QStringList &turns)
{
    QString out = QStringLiteral("---\nkind: transcript\ndate: %1T10:00:00\n---\n\n# Session %1\n\n").arg(date);
    for (int i = 0; i < turns.size(); ++i)
        out += QStringLiteral("**%1**: %2\n\n").arg(i % 2 ? QStringLiteral("Bo") : QStringLiteral("Ada"), turns[i]);
    return out;
}

void writeConsolidationSessions(TestVault &vault)
{
    vault.write(
        QStringLiteral("sessions/2026-01-05/alpha.md"),
        markdownTranscript(QStringLiteral("2026-01-05"),
                           {QStringLiteral("Morning! How was the weekend?"), QStringLiteral("Fine, thanks."),
                            QStringLiteral("We decided to store the index in SQLite with FTS5 and hnswlib vectors."),
                            QStringLiteral("The parser chokes on tabs in YAML front matter; lesson: report the line."),
                            QStringLiteral("Cool."),
                            QStringLiteral("The garden tomatoes need watering twice a day during the heatwave."),
                            QStringLiteral("Rule: never write the vault without QSaveFile."),
                            QStringLiteral("Ok, talk later.")}));
    vault.write(
        QStringLiteral("sessions/2026-01-05/beta.md"),
        markdownTranscript(QStringLiteral("2026-01-05"),
                           {QStringLiteral("Goal: ship the consolidation timeline by Friday."),
                            QStringLiteral("The benchmark on LoCoMo shows recall at five hundred tokens near sixty."),
                            QStringLiteral("Nice."),
                            QStringLiteral("Mira adopted a grey cat called Pixel from the shelter.")}));
    vault.write(
        QStringLiteral("sessions/2026-01-07/gamma.md"),
        markdownTranscript(QStringLiteral("2026-01-07"),
                           {QStringLiteral("The build server ran out of disk during the nightly packaging job."),
                            QStringLiteral("We agreed to prune ccache weekly and keep ten gigabytes."),
                            QStringLiteral("Thanks!")}));
    vault.write(QStringLiteral("sessions/2026-01-14/delta.md"),
                markdownTranscript(QStringLiteral("2026-01-14"),
                                   {QStringLiteral("Piano recital moved to the community hall on Saturday evening."),
                                    QStringLiteral("I decided to practise the Chopin nocturne every morning."),
                                    QStringLiteral("Sounds great.")}));
}

} // namespace engram::test
