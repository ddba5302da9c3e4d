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

HealthCheck healthCheck(Engine &engine, const QString &name)
{
    for (const HealthCheck &c : engine.health())
        if (c.name == name)
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

} // namespace engram::test
