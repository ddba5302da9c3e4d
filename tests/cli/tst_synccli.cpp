// engram-cli sync end to end: two clones of one vault and a bare repository on local disk as the remote.
#include "CliRunner.h"
#include "GitSandbox.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace engram;
using test::cli;
using test::CliRun;
using test::GitSandbox;

namespace {

const QString kNow = QStringLiteral("2026-03-10T12:00:00Z");

CliRun run(const QString &vault, QStringList arguments)
{
    return cli(arguments << QStringLiteral("--vault") << vault);
}

void writeFile(const QString &folder, const QString &relative, const QByteArray &bytes)
{
    const QString path = QDir(folder).filePath(relative);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    file.write(bytes);
}

QByteArray readFile(const QString &folder, const QString &relative)
{
    QFile file(QDir(folder).filePath(relative));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject syncJson(const QString &vault, int *exitCode = nullptr)
{
    const CliRun r = run(vault, {QStringLiteral("sync"), QStringLiteral("--json")});
    if (exitCode)
        *exitCode = r.exitCode;
    else if (r.exitCode != 0)
        qWarning("%s", r.describe().constData());
    return QJsonDocument::fromJson(r.out).object();
}

/// Syncs a, b, a, b … until a round changes nothing on either (at most four rounds): a sync
/// that receives files re-indexes them, which the next sync carries back.
bool syncUntilQuiet(const QString &a, const QString &b)
{
    for (int round = 0; round < 4; ++round) {
        const QJsonObject first = syncJson(a);
        const QJsonObject second = syncJson(b);
        if (first.value(QStringLiteral("outcome")).toString() == QLatin1String("up-to-date")
            && second.value(QStringLiteral("outcome")).toString() == QLatin1String("up-to-date"))
            return true;
    }
    return false;
}

/// `value` without the "id" keys: a chunk's id is the row number in each machine's own derived
/// index (the order files happened to be indexed there), not part of what was recalled.
QJsonValue withoutIds(const QJsonValue &value)
{
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(withoutIds(v));
        return out;
    }
    if (!value.isObject())
        return value;
    QJsonObject out;
    const QJsonObject in = value.toObject();
    for (auto it = in.constBegin(); it != in.constEnd(); ++it)
        if (it.key() != QLatin1String("id"))
            out.insert(it.key(), withoutIds(it.value()));
    return out;
}

QByteArray recallJson(const QString &vault, const QString &query)
{
    const CliRun r =
        run(vault, {QStringLiteral("recall"), query, QStringLiteral("--now"), kNow, QStringLiteral("--json")});
    if (r.exitCode != 0)
        qWarning("%s", r.describe().constData());
    return QJsonDocument(withoutIds(QJsonDocument::fromJson(r.out).object()).toObject()).toJson();
}

} // namespace

class TestSyncCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoClones_editedOnBoth_syncToTheSameTreeAndTheSameRecall()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString a = QDir(sandbox.root()).filePath(QStringLiteral("laptop"));
        QCOMPARE(run(a, {QStringLiteral("init")}).exitCode, 0);
        CliRun made = run(a, {QStringLiteral("sync"), QStringLiteral("--init"), QStringLiteral("--remote"), remote});
        QVERIFY2(made.exitCode == 0, made.describe());
        QVERIFY2(made.outText().contains(QLatin1String("pushing to origin")), made.describe());
        const QString b = sandbox.clone(remote, QStringLiteral("workstation"));
        QVERIFY(QFileInfo::exists(QDir(b).filePath(QStringLiteral("notes/welcome.md"))));
        QVERIFY2(!QFileInfo::exists(QDir(b).filePath(QStringLiteral(".engram"))), "the index is never committed");

        // Memories and notes written on both machines, one note edited on each.
        QCOMPARE(run(a, {QStringLiteral("remember"), QStringLiteral("The billing service deploys with blue green "
                                                                    "switching on Tuesdays")})
                     .exitCode,
                 0);
        writeFile(a, QStringLiteral("notes/postgres.md"), "# Postgres\n\nWe chose PostgreSQL for the ledger.\n");
        QCOMPARE(run(b, {QStringLiteral("index")}).exitCode, 0);
        QCOMPARE(run(b, {QStringLiteral("remember"), QStringLiteral("Deploy freezes start on the 20th of December")})
                     .exitCode,
                 0);
        writeFile(b, QStringLiteral("notes/queue.md"), "# Queue\n\nThe billing queue is RabbitMQ.\n");
        QVERIFY(syncUntilQuiet(a, b));
        writeFile(a, QStringLiteral("notes/postgres.md"),
                  "# Postgres\n\nWe chose PostgreSQL for the ledger: transactions and row locks.\n");
        writeFile(b, QStringLiteral("notes/queue.md"),
                  "# Queue\n\nThe billing queue is RabbitMQ, with quorum queues.\n");
        QVERIFY(run(a, {QStringLiteral("index")}).exitCode == 0 && run(b, {QStringLiteral("index")}).exitCode == 0);
        QVERIFY(syncUntilQuiet(a, b));

        const QByteArray tree = GitSandbox::trackedTree(a);
        QCOMPARE(tree, GitSandbox::trackedTree(b));
        QVERIFY(tree.contains("transactions and row locks"));
        QVERIFY(tree.contains("with quorum queues"));
        QVERIFY(tree.contains("blue green"));
        QVERIFY(tree.contains("20th of December"));
        const QByteArray tracked = GitSandbox::git(a, {QStringLiteral("ls-files")});
        QVERIFY2(!tracked.contains(".engram/") && tracked.contains("notes/queue.md"), tracked.constData());
        for (const QString &query : {QStringLiteral("how does billing deploy"),
                                     QStringLiteral("which database for "
                                                    "the ledger"),
                                     QStringLiteral("billing queue")}) {
            const QByteArray onA = recallJson(a, query);
            QVERIFY2(!QJsonDocument::fromJson(onA).isNull() && onA.size() > 20, onA.constData());
            QCOMPARE(recallJson(b, query), onA);
        }
    }

    void conflictingEdit_isReportedNotIndexedNamedByHealth_andResolvedFromTheCommandLine()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString a = QDir(sandbox.root()).filePath(QStringLiteral("laptop"));
        writeFile(a, QStringLiteral("notes/plan.md"), "# Plan\n\nShip the importer in March.\n");
        CliRun made = run(a, {QStringLiteral("sync"), QStringLiteral("--init"), QStringLiteral("--remote"), remote});
        QVERIFY2(made.exitCode == 0, made.describe());
        const QString b = sandbox.clone(remote, QStringLiteral("workstation"));
        QCOMPARE(run(b, {QStringLiteral("index")}).exitCode, 0);
        writeFile(a, QStringLiteral("notes/plan.md"), "# Plan\n\nShip the importer in April.\n");
        writeFile(b, QStringLiteral("notes/plan.md"), "# Plan\n\nShip the exporter in March.\n");
        QCOMPARE(syncJson(a).value(QStringLiteral("outcome")).toString(), QStringLiteral("synced"));

        int exitCode = 0;
        const QJsonObject stopped = syncJson(b, &exitCode);
        QCOMPARE(exitCode, 1);
        QCOMPARE(stopped.value(QStringLiteral("outcome")).toString(), QStringLiteral("conflicts"));
        QCOMPARE(stopped.value(QStringLiteral("conflicts")).toArray(), QJsonArray{QStringLiteral("notes/plan.md")});
        QCOMPARE(stopped.value(QStringLiteral("notIndexed")).toArray(), QJsonArray{QStringLiteral("notes/plan.md:3")});
        const CliRun text = run(b, {QStringLiteral("sync")});
        QVERIFY2(text.exitCode == 1 && text.outText().contains(QLatin1String("conflict: notes/plan.md")),
                 text.describe());
        QVERIFY2(text.outText().contains(QLatin1String("--resolve PATH --take mine|theirs|FILE")), text.describe());

        const CliRun recalled = run(b, {QStringLiteral("recall"), QStringLiteral("ship the importer"),
                                        QStringLiteral("--now"), kNow, QStringLiteral("--json")});
        QVERIFY2(!recalled.out.contains("notes/plan.md"), recalled.describe());
        const CliRun health = run(b, {QStringLiteral("health")});
        QVERIFY2(health.outText().contains(QLatin1String("sync conflicts: 1 file(s) hold git conflict markers")),
                 health.describe());
        QVERIFY2(health.outText().contains(QLatin1String("notes/plan.md:3")), health.describe());

        // Bad resolutions change nothing.
        const CliRun noTake =
            run(b, {QStringLiteral("sync"), QStringLiteral("--resolve"), QStringLiteral("notes/plan.md")});
        QCOMPARE(noTake.exitCode, 2);
        writeFile(sandbox.root(), QStringLiteral("merged.md"),
                  "# Plan\n\nShip the importer and the exporter in April.\n");
        const CliRun resolved =
            run(b, {QStringLiteral("sync"), QStringLiteral("--resolve"), QStringLiteral("notes/plan.md"),
                    QStringLiteral("--take"), QDir(sandbox.root()).filePath(QStringLiteral("merged.md"))});
        QVERIFY2(resolved.exitCode == 0, resolved.describe());
        QVERIFY2(resolved.outText().contains(QLatin1String("completed the merge")), resolved.describe());
        QVERIFY2(resolved.outText().contains(QLatin1String("pushing to origin")), resolved.describe());
        const CliRun found = run(b, {QStringLiteral("recall"), QStringLiteral("importer and the exporter"),
                                     QStringLiteral("--now"), kNow, QStringLiteral("--json")});
        QVERIFY2(found.out.contains("notes/plan.md"), found.describe());
        QVERIFY(syncUntilQuiet(a, b));
        QCOMPARE(readFile(a, QStringLiteral("notes/plan.md")),
                 QByteArray("# Plan\n\nShip the importer and the exporter in April.\n"));
    }

    void resolveTakingASide_andTheNotARepositoryMessage()
    {
        GitSandbox sandbox;
        const QString plain = QDir(sandbox.root()).filePath(QStringLiteral("plain"));
        writeFile(plain, QStringLiteral("notes/a.md"), "# A\n");
        const CliRun refused = run(plain, {QStringLiteral("sync")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.errText().contains(QLatin1String("not a git repository yet")), refused.describe());
        QVERIFY2(refused.errText().contains(QLatin1String("engram-cli sync --init")), refused.describe());

        const QString remote = sandbox.bareRemote();
        QCOMPARE(
            run(plain, {QStringLiteral("sync"), QStringLiteral("--init"), QStringLiteral("--remote"), remote}).exitCode,
            0);
        const QString b = sandbox.clone(remote, QStringLiteral("b"));
        writeFile(plain, QStringLiteral("notes/a.md"), "# A\n\nmine\n");
        writeFile(b, QStringLiteral("notes/a.md"), "# A\n\ntheirs\n");
        QCOMPARE(syncJson(b).value(QStringLiteral("outcome")).toString(), QStringLiteral("synced"));
        int exitCode = 0;
        QCOMPARE(syncJson(plain, &exitCode).value(QStringLiteral("outcome")).toString(), QStringLiteral("conflicts"));
        const CliRun kept = run(plain, {QStringLiteral("sync"), QStringLiteral("--resolve"),
                                        QDir(plain).filePath(QStringLiteral("notes/a.md")), QStringLiteral("--take"),
                                        QStringLiteral("mine")});
        QVERIFY2(kept.exitCode == 0, kept.describe());
        QCOMPARE(readFile(plain, QStringLiteral("notes/a.md")), QByteArray("# A\n\nmine\n"));
        QVERIFY(syncUntilQuiet(plain, b));
        QCOMPARE(readFile(b, QStringLiteral("notes/a.md")), QByteArray("# A\n\nmine\n"));
    }
};

QTEST_GUILESS_MAIN(TestSyncCli)
#include "tst_synccli.moc"
