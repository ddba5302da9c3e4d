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

using test::readFile;
using test::writeFile;

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

QJsonDocument jsonOf(const QString &vault, const QStringList &arguments)
{
    const CliRun r = run(vault, QStringList(arguments) << QStringLiteral("--json"));
    if (r.exitCode != 0)
        qWarning("%s", r.describe().constData());
    return QJsonDocument::fromJson(r.out);
}

/// The memory of `path` (one chunk) as `engram-cli memory --json` shows it.
QJsonObject memoryOf(const QString &vault, const QString &path)
{
    return jsonOf(vault, {QStringLiteral("memory"), path}).array().first().toObject();
}

/// The "access" signal of `path`'s result in `recall --json` (−1 when it is not among the results).
double accessSignal(const QByteArray &recall, const QString &path)
{
    for (const QJsonValue &result : QJsonDocument::fromJson(recall).object().value(QStringLiteral("results")).toArray())
        if (result[QStringLiteral("path")].toString() == path)
            for (const QJsonValue &signal : result[QStringLiteral("breakdown")].toArray())
                if (signal[QStringLiteral("signal")].toString() == QLatin1String("access"))
                    return signal[QStringLiteral("value")].toDouble();
    return -1;
}

QStringList heuristicsIn(const QByteArray &cognitive)
{
    QStringList texts;
    for (const QJsonValue &h :
         QJsonDocument::fromJson(cognitive).object().value(QStringLiteral("heuristics")).toArray())
        texts << h[QStringLiteral("text")].toString();
    return texts;
}

/// Edits a heuristic's text in state/cognitive.json by hand, as a person does in an editor.
void editHeuristic(const QString &vault, const QString &from, const QString &to)
{
    const QString relative = QStringLiteral("state/cognitive.json");
    QJsonObject state = QJsonDocument::fromJson(readFile(vault, relative)).object();
    QJsonArray heuristics = state.value(QStringLiteral("heuristics")).toArray();
    bool found = false;
    for (QJsonValueRef h : heuristics) {
        QJsonObject o = h.toObject();
        if (o.value(QStringLiteral("text")).toString() != from)
            continue;
        o.insert(QStringLiteral("text"), to);
        h = o;
        found = true;
    }
    QVERIFY2(found, qPrintable(from));
    state.insert(QStringLiteral("heuristics"), heuristics);
    writeFile(vault, relative, QJsonDocument(state).toJson(QJsonDocument::Indented));
}

QString deviceOf(const QString &vault)
{
    return QString::fromUtf8(readFile(vault, QStringLiteral(".engram/device"))).trimmed();
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

    void twoClones_reinforcedAndStateEditedOnBoth_mergeWithoutConflictToTheSameRanking()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString a = QDir(sandbox.root()).filePath(QStringLiteral("laptop"));
        const QString failingTest = QStringLiteral("Read the failing test first before changing code");
        const QString smallCommits = QStringLiteral("Prefer small commits with one purpose");
        const QString askFirst = QStringLiteral("Ask before deleting anything in the vault");
        QCOMPARE(run(a, {QStringLiteral("init")}).exitCode, 0);
        writeFile(a, QStringLiteral("notes/db/postgres.md"),
                  "# Postgres\n\nWe chose PostgreSQL for the ledger: transactions and row locks.\n");
        writeFile(a, QStringLiteral("notes/db/redis.md"),
                  "# Redis\n\nRedis caches the ledger balances for five minutes.\n");
        writeFile(a, QStringLiteral("notes/team/oncall.md"),
                  "# On call\n\nThe on-call rotation changes every Monday at nine.\n");
        for (const QString &text : {failingTest, smallCommits, askFirst})
            QCOMPARE(run(a, {QStringLiteral("state"), QStringLiteral("add-heuristic"), text}).exitCode, 0);
        QCOMPARE(run(a, {QStringLiteral("index")}).exitCode, 0);
        CliRun made = run(a, {QStringLiteral("sync"), QStringLiteral("--init"), QStringLiteral("--remote"), remote});
        QVERIFY2(made.exitCode == 0, made.describe());
        const QString b = sandbox.clone(remote, QStringLiteral("workstation"));
        QCOMPARE(heuristicsIn(readFile(b, QStringLiteral("state/cognitive.json"))),
                 QStringList({failingTest, smallCommits, askFirst}));
        QCOMPARE(run(b, {QStringLiteral("index")}).exitCode, 0);

        // Before either syncs: each machine writes, packs (an access of what the pack holds, with
        // reinforceOn "pack", the default) and edits its cognitive state.
        QCOMPARE(run(a, {QStringLiteral("remember"), QStringLiteral("Ledger migrations run at night with a lock "
                                                                    "timeout of five seconds")})
                     .exitCode,
                 0);
        CliRun packed = run(a, {QStringLiteral("pack"), QStringLiteral("the ledger database"), QStringLiteral("--path"),
                                QStringLiteral("notes/db/")});
        QVERIFY2(packed.exitCode == 0 && packed.outText().contains(QLatin1String("row locks")), packed.describe());
        QCOMPARE(run(a, {QStringLiteral("state"), QStringLiteral("add-heuristic"),
                         QStringLiteral("Measure before optimising")})
                     .exitCode,
                 0);
        const QString editedOnA = QStringLiteral("Read the failing test first before changing any code");
        editHeuristic(a, failingTest, editedOnA);

        writeFile(b, QStringLiteral("notes/ops/deploy.md"),
                  "# Deploy\n\nThe billing service deploys with blue green switching on Tuesdays.\n");
        writeFile(b, QStringLiteral("notes/ops/freeze.md"),
                  "# Freeze\n\nDeploy freezes start on the 20th of December.\n");
        QCOMPARE(run(b, {QStringLiteral("index")}).exitCode, 0);
        QCOMPARE(run(b, {QStringLiteral("remember"), QStringLiteral("The staging cluster is rebuilt every Sunday "
                                                                    "night")})
                     .exitCode,
                 0);
        for (int i = 0; i < 2; ++i) {
            packed = run(b, {QStringLiteral("pack"), QStringLiteral("how do we deploy"), QStringLiteral("--path"),
                             QStringLiteral("notes/ops/")});
            QVERIFY2(packed.exitCode == 0 && packed.outText().contains(QLatin1String("blue green")), packed.describe());
        }
        QCOMPARE(run(b, {QStringLiteral("state"), QStringLiteral("remove-heuristic"), QStringLiteral("2")}).exitCode,
                 0);
        const QString editedOnB = QStringLiteral("Always read the failing test first before changing code");
        editHeuristic(b, failingTest, editedOnB);
        QCOMPARE(memoryOf(b, QStringLiteral("notes/ops/deploy.md")).value(QStringLiteral("access_count")).toInt(), 2);
        QCOMPARE(memoryOf(b, QStringLiteral("notes/db/postgres.md")).value(QStringLiteral("access_count")).toInt(), 0);

        // A pushes first; B, syncing for the first time, sets up the merge driver before it
        // merges, so state/cognitive.json changed on both merges item by item, not as text.
        QJsonObject synced = syncJson(a);
        QCOMPARE(synced.value(QStringLiteral("outcome")).toString(), QStringLiteral("synced"));
        synced = syncJson(b);
        const QByteArray steps = QJsonDocument(synced.value(QStringLiteral("steps")).toArray()).toJson();
        QVERIFY2(synced.value(QStringLiteral("conflicts")).toArray().isEmpty(), steps.constData());
        QCOMPARE(synced.value(QStringLiteral("outcome")).toString(), QStringLiteral("synced"));
        QVERIFY2(steps.indexOf("set up the merge driver") >= 0 && steps.indexOf("merging origin/main") >= 0
                     && steps.indexOf("set up the merge driver") < steps.indexOf("merging origin/main"),
                 steps.constData());
        QVERIFY(GitSandbox::git(b, {QStringLiteral("config"), QStringLiteral("merge.engram-state.driver")})
                    .contains("merge-state %O %A %B --path %P"));
        QVERIFY(syncUntilQuiet(a, b));

        const QByteArray tree = GitSandbox::trackedTree(a);
        QCOMPARE(tree, GitSandbox::trackedTree(b));
        QVERIFY2(!tree.contains("<<<<<<<") && !tree.contains(">>>>>>>"), tree.constData());
        QVERIFY(tree.contains("lock timeout of five seconds") && tree.contains("rebuilt every Sunday"));

        // Every device's journal travels, each in a file of its own.
        const QString deviceA = deviceOf(a);
        const QString deviceB = deviceOf(b);
        QVERIFY2(!deviceA.isEmpty() && !deviceB.isEmpty() && deviceA != deviceB, qPrintable(deviceA + deviceB));
        QStringList journals{QStringLiteral("state/journal/%1.jsonl").arg(deviceA),
                             QStringLiteral("state/journal/%1.jsonl").arg(deviceB)};
        journals.sort();
        for (const QString &clone : {a, b})
            QCOMPARE(QString::fromUtf8(
                         GitSandbox::git(clone, {QStringLiteral("ls-files"), QStringLiteral("state/journal")})),
                     journals.join(u'\n') + u'\n');

        // The cognitive state: A's addition kept, B's removal kept, the heuristic both edited keeps
        // one version and offers the other as a proposal.
        const QByteArray cognitive = readFile(a, QStringLiteral("state/cognitive.json"));
        QCOMPARE(readFile(b, QStringLiteral("state/cognitive.json")), cognitive);
        const QStringList heuristics = heuristicsIn(cognitive);
        QVERIFY2(heuristics.contains(QStringLiteral("Measure before optimising")), qPrintable(heuristics.join(u'|')));
        QVERIFY2(!heuristics.contains(smallCommits) && heuristics.contains(askFirst),
                 qPrintable(heuristics.join(u'|')));
        QVERIFY2(heuristics.contains(editedOnA) != heuristics.contains(editedOnB), qPrintable(heuristics.join(u'|')));
        QVERIFY2(!heuristics.contains(failingTest) && !cognitive.contains("mergeProposals"), cognitive.constData());
        const QString proposed = heuristics.contains(editedOnA) ? editedOnB : editedOnA;
        const QJsonDocument reflections = jsonOf(a, {QStringLiteral("reflect"), QStringLiteral("--list")});
        QCOMPARE(jsonOf(b, {QStringLiteral("reflect"), QStringLiteral("--list")}), reflections);
        QCOMPARE(reflections.array().size(), 1);
        const QJsonObject proposal = reflections.array().first().toObject();
        QCOMPARE(proposal.value(QStringLiteral("model")).toString(), QStringLiteral("merge"));
        QCOMPARE(proposal.value(QStringLiteral("status")).toString(), QStringLiteral("proposed"));
        QCOMPARE(proposal.value(QStringLiteral("proposals")).toArray().first()[QStringLiteral("text")].toString(),
                 proposed);

        // Both machines' accesses count on both: the same access counts, the same ranking.
        const QList<std::pair<QString, int>> accesses{{QStringLiteral("notes/ops/deploy.md"), 2},
                                                      {QStringLiteral("notes/ops/freeze.md"), 2},
                                                      {QStringLiteral("notes/db/postgres.md"), 1},
                                                      {QStringLiteral("notes/db/redis.md"), 1},
                                                      {QStringLiteral("notes/team/oncall.md"), 0}};
        for (const QString &clone : {a, b}) {
            for (const auto &[path, count] : accesses) {
                const int counted = memoryOf(clone, path).value(QStringLiteral("access_count")).toInt(-1);
                QVERIFY2(counted == count, qPrintable(QStringLiteral("%1 in %2: accessed %3×, expected %4×")
                                                          .arg(path, clone)
                                                          .arg(counted)
                                                          .arg(count)));
            }
            const QJsonObject postgres = memoryOf(clone, QStringLiteral("notes/db/postgres.md"));
            QVERIFY2(
                QJsonDocument(postgres.value(QStringLiteral("edges")).toArray()).toJson().contains("notes/db/redis.md"),
                QJsonDocument(postgres).toJson().constData());
        }
        for (const QString &query :
             {QStringLiteral("how does billing deploy"), QStringLiteral("which database for the ledger"),
              QStringLiteral("ledger migrations lock timeout"), QStringLiteral("who is on call on Monday")}) {
            const QByteArray onA = recallJson(a, query);
            QVERIFY2(!QJsonDocument::fromJson(onA).isNull() && onA.size() > 20, onA.constData());
            QCOMPARE(recallJson(b, query), onA);
        }
        const QByteArray deploy = recallJson(a, QStringLiteral("how does billing deploy"));
        QVERIFY2(accessSignal(deploy, QStringLiteral("notes/ops/deploy.md")) > 0, deploy.constData());
        const QByteArray ledger = recallJson(b, QStringLiteral("which database for the ledger"));
        QVERIFY2(accessSignal(ledger, QStringLiteral("notes/db/postgres.md")) > 0, ledger.constData());
        const QByteArray oncall = recallJson(a, QStringLiteral("who is on call on Monday"));
        QCOMPARE(accessSignal(oncall, QStringLiteral("notes/team/oncall.md")), 0.0);
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
