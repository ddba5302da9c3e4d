// engram-cli merge-state: git's merge driver for the state files, alone and inside a real `git merge`.
#include "CliRunner.h"
#include "TestVault.h"
#include "cognition/CognitiveMerge.h"
#include "cognition/CognitiveState.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace engram;
using test::cli;
using test::CliRun;
using test::TestVault;

namespace {

QByteArray stateWith(const QStringList &heuristics, const QStringList &avoidances = {})
{
    CognitiveState state;
    for (const QString &text : heuristics) {
        Heuristic h;
        h.text = text;
        h.source = QStringLiteral("person");
        state.heuristics << h;
    }
    state.avoidances = avoidances;
    return QJsonDocument(state.toJson()).toJson(QJsonDocument::Indented);
}

CognitiveState stateIn(const QByteArray &bytes)
{
    auto state = CognitiveState::fromJson(QJsonDocument::fromJson(bytes).object());
    if (!state)
        qFatal("not a cognitive state: %s", bytes.constData());
    return *state;
}

QStringList heuristicTexts(const CognitiveState &state)
{
    QStringList out;
    for (const Heuristic &h : state.heuristics)
        out << h.text;
    return out;
}

/// Runs git in `dir`; a failure ends the test with git's output.
QByteArray git(const QString &dir, const QStringList &arguments, int *exitCode = nullptr)
{
    QProcess process;
    process.setWorkingDirectory(dir);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("git"), arguments);
    process.waitForFinished(60000);
    if (exitCode)
        *exitCode = process.exitCode();
    else if (process.exitCode() != 0)
        qWarning("git %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), process.readAll().constData());
    return process.readAll();
}

} // namespace

class TestMergeState : public QObject {
    Q_OBJECT

private slots:
    void mergeState_writesTheMergeIntoMineAndExitsZero()
    {
        TestVault dir;
        dir.write(QStringLiteral("base"),
                  stateWith({QStringLiteral("Prefer small commits"), QStringLiteral("Read the failing test first")}));
        dir.write(QStringLiteral("mine"),
                  stateWith({QStringLiteral("Prefer small commits"), QStringLiteral("Read the failing test first"),
                             QStringLiteral("Measure before optimising")}));
        dir.write(QStringLiteral("theirs"), stateWith({QStringLiteral("Read the failing test first")}));
        const CliRun run = cli({QStringLiteral("merge-state"), dir.filePath(QStringLiteral("base")),
                                dir.filePath(QStringLiteral("mine")), dir.filePath(QStringLiteral("theirs")),
                                QStringLiteral("--path"), QStringLiteral("state/cognitive.json")});
        QVERIFY2(run.exitCode == 0, run.describe());
        QCOMPARE(
            heuristicTexts(stateIn(dir.read(QStringLiteral("mine")))),
            (QStringList{QStringLiteral("Read the failing test first"), QStringLiteral("Measure before optimising")}));
    }

    void mergeState_refusesAnInvalidSideAndLeavesMineAlone()
    {
        TestVault dir;
        dir.write(QStringLiteral("base"), stateWith({}));
        dir.write(QStringLiteral("mine"), QByteArray("{\n  \"heuristics\": [\n"));
        dir.write(QStringLiteral("theirs"), stateWith({QStringLiteral("Measure first")}));
        const CliRun run = cli({QStringLiteral("merge-state"), dir.filePath(QStringLiteral("base")),
                                dir.filePath(QStringLiteral("mine")), dir.filePath(QStringLiteral("theirs"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.errText().contains(dir.filePath(QStringLiteral("mine"))), run.describe());
        QCOMPARE(dir.read(QStringLiteral("mine")), QByteArray("{\n  \"heuristics\": [\n"));
    }

    void mergeState_reflectionsKeepEveryRecordAndEveryDecision()
    {
        auto record = [](const QString &id, const QString &status, const QString &time) {
            return QJsonDocument(QJsonObject{{QStringLiteral("id"), id},
                                             {QStringLiteral("status"), status},
                                             {QStringLiteral("time"), time}})
                       .toJson(QJsonDocument::Compact)
                   + '\n';
        };
        TestVault dir;
        const QByteArray first =
            record(QStringLiteral("r-1"), QStringLiteral("proposed"), QStringLiteral("2026-03-01"));
        dir.write(QStringLiteral("base"), first);
        // decided here; there, a new reflection
        dir.write(QStringLiteral("mine"),
                  record(QStringLiteral("r-1"), QStringLiteral("applied"), QStringLiteral("2026-03-01")));
        dir.write(QStringLiteral("theirs"),
                  first + record(QStringLiteral("r-2"), QStringLiteral("proposed"), QStringLiteral("2026-03-02")));
        const CliRun run = cli({QStringLiteral("merge-state"), dir.filePath(QStringLiteral("base")),
                                dir.filePath(QStringLiteral("mine")), dir.filePath(QStringLiteral("theirs")),
                                QStringLiteral("--path"), QStringLiteral("vault/state/reflections.jsonl")});
        QVERIFY2(run.exitCode == 0, run.describe());
        QCOMPARE(dir.read(QStringLiteral("mine")),
                 record(QStringLiteral("r-1"), QStringLiteral("applied"), QStringLiteral("2026-03-01"))
                     + record(QStringLiteral("r-2"), QStringLiteral("proposed"), QStringLiteral("2026-03-02")));
    }

    void gitMerge_withTheDriverHasNoConflictAndKeepsBothEdits()
    {
        TestVault repo;
        const QString dir = repo.path();
        git(dir, {QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("-b"), QStringLiteral("main")});
        git(dir, {QStringLiteral("config"), QStringLiteral("user.email"), QStringLiteral("test@example.org")});
        git(dir, {QStringLiteral("config"), QStringLiteral("user.name"), QStringLiteral("Test")});
        git(dir, {QStringLiteral("config"), QStringLiteral("merge.engram.name"), QStringLiteral("Engram state")});
        git(dir, {QStringLiteral("config"), QStringLiteral("merge.engram.driver"),
                  QStringLiteral("'%1' merge-state %O %A %B --path %P").arg(QStringLiteral(ENGRAM_CLI_PATH))});
        repo.write(QStringLiteral(".gitattributes"),
                   QByteArray("state/cognitive.json merge=engram\nstate/tool-usage.jsonl merge=engram\n"
                              "state/reflections.jsonl merge=engram\n"));
        const QString heuristic = QStringLiteral("Read the failing test first");
        repo.write(QStringLiteral("state/cognitive.json"),
                   stateWith({QStringLiteral("Prefer small commits"), heuristic}, {QStringLiteral("force pushes")}));
        git(dir, {QStringLiteral("add"), QStringLiteral("-A")});
        git(dir, {QStringLiteral("commit"), QStringLiteral("-qm"), QStringLiteral("base")});
        git(dir, {QStringLiteral("checkout"), QStringLiteral("-qb"), QStringLiteral("desk")});
        CognitiveState desk = stateIn(repo.read(QStringLiteral("state/cognitive.json")));
        desk.heuristics.removeAt(0); // removed on the desk
        desk.focus.current = QStringLiteral("the German translation");
        repo.write(QStringLiteral("state/cognitive.json"), QJsonDocument(desk.toJson()).toJson());
        git(dir, {QStringLiteral("commit"), QStringLiteral("-qam"), QStringLiteral("desk")});
        git(dir, {QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("main")});
        CognitiveState laptop = stateIn(repo.read(QStringLiteral("state/cognitive.json")));
        laptop.avoidances << QStringLiteral("sleeping in tests"); // added on the laptop
        laptop.focus.current = QStringLiteral("release 1.0");
        repo.write(QStringLiteral("state/cognitive.json"), QJsonDocument(laptop.toJson()).toJson());
        git(dir, {QStringLiteral("commit"), QStringLiteral("-qam"), QStringLiteral("laptop")});

        int exitCode = -1;
        const QByteArray output = git(
            dir, {QStringLiteral("merge"), QStringLiteral("-q"), QStringLiteral("--no-edit"), QStringLiteral("desk")},
            &exitCode);
        QVERIFY2(exitCode == 0, output.constData());
        const QByteArray merged = repo.read(QStringLiteral("state/cognitive.json"));
        QVERIFY(!merged.contains("<<<<<<<"));
        const CognitiveState state = stateIn(merged);
        QCOMPARE(heuristicTexts(state), QStringList{heuristic});
        QCOMPARE(state.avoidances, (QStringList{QStringLiteral("force pushes"), QStringLiteral("sleeping in tests")}));
        QCOMPARE(state.focus.current, QStringLiteral("release 1.0"));
        const QJsonArray waiting = state.extra.value(QString::fromLatin1(kMergeProposalsKey)).toArray();
        QCOMPARE(waiting.size(), 1);
        QCOMPARE(waiting[0].toObject().value(QStringLiteral("theirs")).toString(),
                 QStringLiteral("the German translation"));
        int statusCode = -1;
        QCOMPARE(git(dir, {QStringLiteral("status"), QStringLiteral("--porcelain")}, &statusCode), QByteArray());
    }
};

QTEST_GUILESS_MAIN(TestMergeState)
#include "tst_mergestate.moc"
