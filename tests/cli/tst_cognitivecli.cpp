// The cognitive commands of engram-cli, run as an agent's hooks would run them.
#include "ChatLoopbackServer.h"
#include "CliRunner.h"
#include "EngineFixtures.h"
#include "TestVault.h"
#include "cognition/CognitiveState.h"
#include "cognition/ToolUsage.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace engram;
using test::ChatLoopbackServer;
using test::cli;
using test::CliRun;
using test::jsonLine;
using test::TestVault;

class TestCognitiveCli : public QObject {
    Q_OBJECT
private slots:
    void sessionStart_claudeFormatInjectsPackWithPreamble()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/deploy.md"),
                    QStringLiteral("# Deploy\n\nThe orchid project deploys with make release.\n"));
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("release orchid"), {}).ok());
        QTemporaryDir project(QDir::tempPath() + QStringLiteral("/orchid-XXXXXX"));
        QDir(project.path()).mkdir(QStringLiteral(".git"));
        QDir(project.path()).mkdir(QStringLiteral("src"));
        const QByteArray input = jsonLine({{QStringLiteral("session_id"), QStringLiteral("abc")},
                                           {QStringLiteral("hook_event_name"), QStringLiteral("SessionStart")},
                                           {QStringLiteral("source"), QStringLiteral("startup")},
                                           {QStringLiteral("cwd"), project.path() + QStringLiteral("/src")}});
        const CliRun run = cli(vault,
                               {QStringLiteral("hook"), QStringLiteral("session-start"), QStringLiteral("--format"),
                                QStringLiteral("claude")},
                               {input});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject output = QJsonDocument::fromJson(run.out).object();
        const QJsonObject specific = output.value(QStringLiteral("hookSpecificOutput")).toObject();
        QCOMPARE(specific.value(QStringLiteral("hookEventName")).toString(), QStringLiteral("SessionStart"));
        const QString context = specific.value(QStringLiteral("additionalContext")).toString();
        QVERIFY(context.startsWith(QStringLiteral("# Engram context")));
        QVERIFY(context.contains(QStringLiteral("<engram-state>")));
        QVERIFY(context.contains(QStringLiteral("Focus: release orchid")));
        // The query came from the git root's folder name, not from the person.
        QVERIFY(context.contains(QFileInfo(project.path()).fileName()));
        QVERIFY(context.contains(QStringLiteral("make release")));
    }

    void sessionStart_plainMarkdownWithTask()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/db.md"), QStringLiteral("# DB\n\nWe use SQLite with FTS5.\n"));
        const CliRun run = cli(vault, {QStringLiteral("hook"), QStringLiteral("session-start"),
                                       QStringLiteral("--task"), QStringLiteral("sqlite search")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("# Engram context"));
        QVERIFY(run.out.contains("SQLite with FTS5"));
    }

    void agentEnd_stopHookInputLearnsFromTranscript()
    {
        TestVault vault;
        QVERIFY(CognitiveStore(vault.path()).addHeuristic(QStringLiteral("small commits")).ok());
        QVERIFY(CognitiveStore::notePackedHeuristics(vault.path(), {QStringLiteral("small commits")},
                                                     QDateTime::currentDateTimeUtc())
                    .ok());
        const QString transcript = vault.write(
            QStringLiteral("../turn-transcript.jsonl"),
            jsonLine({{QStringLiteral("type"), QStringLiteral("user")},
                      {QStringLiteral("sessionId"), QStringLiteral("s1")},
                      {QStringLiteral("message"),
                       QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                   {QStringLiteral("content"), QStringLiteral("fix the flaky test")}}}})
                + jsonLine(
                    {{QStringLiteral("type"), QStringLiteral("assistant")},
                     {QStringLiteral("sessionId"), QStringLiteral("s1")},
                     {QStringLiteral("message"),
                      QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                  {QStringLiteral("content"),
                                   QJsonArray{QJsonObject{
                                       {QStringLiteral("type"), QStringLiteral("text")},
                                       {QStringLiteral("text"),
                                        QStringLiteral("The test raced the indexer thread; it now waits.")}}}}}}})
                + jsonLine({{QStringLiteral("type"), QStringLiteral("user")},
                            {QStringLiteral("sessionId"), QStringLiteral("s1")},
                            {QStringLiteral("message"),
                             QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                         {QStringLiteral("content"), QStringLiteral("Spot on! Remember this.")}}}}));
        const QByteArray input = jsonLine({{QStringLiteral("session_id"), QStringLiteral("s1")},
                                           {QStringLiteral("transcript_path"), transcript},
                                           {QStringLiteral("hook_event_name"), QStringLiteral("Stop")},
                                           {QStringLiteral("stop_hook_active"), false}});
        const CliRun run =
            cli(vault, {QStringLiteral("hook"), QStringLiteral("agent-end"), QStringLiteral("--json")}, {input});
        QVERIFY(QFile::remove(transcript));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject result = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(result.value(QStringLiteral("positive_signal")).toString(), QStringLiteral("spot on"));
        QCOMPARE(result.value(QStringLiteral("credited")).toArray().size(), 1);
        const QJsonArray memories = result.value(QStringLiteral("memories")).toArray();
        QCOMPARE(memories.size(), 1);
        QVERIFY(vault.read(memories[0].toString()).contains("raced the indexer thread"));
        QCOMPARE(CognitiveStore(vault.path()).load()->heuristics[0].useCount, 1);
    }

    void agentEnd_markdownOnStdin()
    {
        TestVault vault;
        const CliRun run = cli(vault, {QStringLiteral("hook"), QStringLiteral("agent-end")},
                               {"User: note: the release branch is frozen on Fridays\n\nAssistant: Understood.\n"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("learning: the release branch is frozen on Fridays"));
        QCOMPARE(CognitiveStore(vault.path()).load()->learnings.size(), 1);
    }

    void agentEnd_failureIsExitOneNeverTwo()
    {
        TestVault vault;
        const CliRun run = cli(vault, {QStringLiteral("hook"), QStringLiteral("agent-end")}, {"Assistant: only me\n"});
        QCOMPARE(run.exitCode, 1); // 2 would block a Claude Code Stop hook
        QVERIFY(run.err.contains("no message from the person"));
    }

    void toolHook_flagsAndClaudeInputAreCounted()
    {
        TestVault vault;
        QCOMPARE(cli(vault,
                     {QStringLiteral("hook"), QStringLiteral("tool"), QStringLiteral("--name"), QStringLiteral("Bash"),
                      QStringLiteral("--failed"), QStringLiteral("--ms"), QStringLiteral("250")})
                     .exitCode,
                 0);
        const QByteArray input =
            jsonLine({{QStringLiteral("session_id"), QStringLiteral("s2")},
                      {QStringLiteral("hook_event_name"), QStringLiteral("PostToolUse")},
                      {QStringLiteral("tool_name"), QStringLiteral("Edit")},
                      {QStringLiteral("tool_use_id"), QStringLiteral("toolu_01")},
                      {QStringLiteral("tool_input"), QJsonObject{}},
                      {QStringLiteral("tool_response"), QJsonObject{{QStringLiteral("success"), true}}}});
        const QStringList claude{QStringLiteral("hook"), QStringLiteral("tool"), QStringLiteral("--format"),
                                 QStringLiteral("claude")};
        QCOMPARE(cli(vault, claude, {input}).exitCode, 0);
        QCOMPARE(cli(vault, claude, {input}).exitCode, 0); // the same call id counts once
        auto events = ToolUsage(vault.path()).load();
        QCOMPARE(events->size(), 2);
        QCOMPARE(events->at(0).ok, false);
        QCOMPARE(events->at(0).durationMs, 250);
        QCOMPARE(events->at(1).name, QStringLiteral("Edit"));
        QCOMPARE(events->at(1).sessionId, QStringLiteral("s2"));

        const CliRun stats = cli(vault, {QStringLiteral("stats"), QStringLiteral("--tools"), QStringLiteral("--json")});
        QCOMPARE(stats.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(stats.out).object().value(QStringLiteral("events")).toInt(), 2);
    }

    void wake_startsWithPreambleThenFocusDecisionsProspective()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/choice.md"),
                    QStringLiteral("---\ncategory: decision\n---\n# Choice\n\nWe decided to use Qt 6.\n"));
        vault.write(QStringLiteral("memories/prospective/goal.md"), QStringLiteral("# Goal\n\nShip 1.0 in March.\n"));
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("ship 1.0"), {QStringLiteral("docs")}).ok());
        QCOMPARE(cli(vault, {QStringLiteral("index")}).exitCode, 0);
        const CliRun run = cli(vault, {QStringLiteral("wake")});
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        const qsizetype state = out.indexOf(QStringLiteral("<engram-state>"));
        const qsizetype focus = out.indexOf(QStringLiteral("## Focus"));
        const qsizetype decisions = out.indexOf(QStringLiteral("We decided to use Qt 6."));
        const qsizetype goal = out.indexOf(QStringLiteral("Ship 1.0 in March."));
        QVERIFY(state >= 0 && state < focus && focus < decisions && decisions < goal);
    }

    void reflect_unavailableWithoutEndpoint()
    {
        TestVault vault;
        const CliRun run = cli(vault, {QStringLiteral("reflect")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("reflection is unavailable: no llm endpoint in engram.json"));
    }

    void reflect_applyAddsLearnings()
    {
        TestVault vault;
        ChatLoopbackServer server;
        QVERIFY(server.start());
        const QJsonObject answer{
            {QStringLiteral("message"),
             QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                         {QStringLiteral("content"), QStringLiteral("{\"insights\":[\"Short sessions go better\"]}")}}},
            {QStringLiteral("done"), true}};
        server.setReply("/api/chat", {200, QJsonDocument(answer).toJson(QJsonDocument::Compact), 0, false, false});
        vault.write(QStringLiteral("engram.json"),
                    QJsonDocument(QJsonObject{{QStringLiteral("llm"),
                                               QJsonObject{{QStringLiteral("kind"), QStringLiteral("ollama")},
                                                           {QStringLiteral("url"), server.url()},
                                                           {QStringLiteral("model"), QStringLiteral("m")}}}})
                        .toJson());
        const CliRun run = cli(vault, {QStringLiteral("reflect"), QStringLiteral("--apply")});
        QCOMPARE(run.exitCode, 0);
        auto state = CognitiveStore(vault.path()).load();
        QCOMPARE(state->learnings.size(), 1);
        QCOMPARE(state->learnings[0].text, QStringLiteral("Short sessions go better"));
        QVERIFY(cli(vault, {QStringLiteral("reflect"), QStringLiteral("--list")}).out.contains("applied"));
    }

    void agentEnd_reflectIfDueOnlyWhenDue()
    {
        TestVault vault;
        ChatLoopbackServer server;
        QVERIFY(server.start());
        const QJsonObject answer{
            {QStringLiteral("message"),
             QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                         {QStringLiteral("content"), QStringLiteral("{\"patterns\":[\"Fridays are busy\"]}")}}}};
        server.setReply("/api/chat", {200, QJsonDocument(answer).toJson(QJsonDocument::Compact), 0, false, false});
        vault.write(QStringLiteral("engram.json"),
                    QJsonDocument(QJsonObject{{QStringLiteral("llm"),
                                               QJsonObject{{QStringLiteral("kind"), QStringLiteral("ollama")},
                                                           {QStringLiteral("url"), server.url()},
                                                           {QStringLiteral("model"), QStringLiteral("m")}}}})
                        .toJson());
        const QStringList args{QStringLiteral("hook"), QStringLiteral("agent-end"), QStringLiteral("--reflect-if-due")};
        // 1 interaction: not due, the model is not asked.
        QCOMPARE(cli(vault, args, {"User: first question about the build\n\nAssistant: answer\n"}).exitCode, 0);
        QVERIFY(server.requests().isEmpty());
        CognitiveStore store(vault.path());
        QVERIFY(store
                    .edit([](CognitiveState &s) -> Status {
                        s.engagement.totalInteractions = 20;
                        return {};
                    })
                    .ok());
        const CliRun run = cli(vault, args, {"User: second question about the deploy\n\nAssistant: answer\n"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(server.requests().size(), 1);
        QVERIFY(run.out.contains("awaiting `engram-cli reflect --accept"));
        // Proposals only: the learning is not in the state until accepted.
        QVERIFY(CognitiveStore(vault.path()).load()->learnings.isEmpty());
    }

    void state_editsAndRefusesInvalidFile()
    {
        TestVault vault;
        QCOMPARE(cli(vault, {QStringLiteral("state"), QStringLiteral("focus"), QStringLiteral("write"),
                             QStringLiteral("docs"), QStringLiteral("--priority"), QStringLiteral("README")})
                     .exitCode,
                 0);
        QCOMPARE(cli(vault, {QStringLiteral("state"), QStringLiteral("add-heuristic"), QStringLiteral("small commits")})
                     .exitCode,
                 0);
        QCOMPARE(cli(vault, {QStringLiteral("state"), QStringLiteral("add-learning"), QStringLiteral("x"),
                             QStringLiteral("--category"), QStringLiteral("gossip")})
                     .exitCode,
                 1);
        QCOMPARE(
            cli(vault, {QStringLiteral("state"), QStringLiteral("add-avoidance"), QStringLiteral("rm -rf")}).exitCode,
            0);
        QCOMPARE(
            cli(vault, {QStringLiteral("state"), QStringLiteral("remove-heuristic"), QStringLiteral("1")}).exitCode, 0);
        auto state = CognitiveStore(vault.path()).load();
        QCOMPARE(state->focus.current, QStringLiteral("write docs"));
        QCOMPARE(state->focus.priorities, QStringList{QStringLiteral("README")});
        QVERIFY(state->heuristics.isEmpty());
        QVERIFY(state->learnings.isEmpty());
        QCOMPARE(state->avoidances, QStringList{QStringLiteral("rm -rf")});

        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("{\n\"focus\": 3,\n}"));
        const CliRun show = cli(vault, {QStringLiteral("state")});
        QCOMPARE(show.exitCode, 1);
        QVERIFY2(show.err.contains("state/cognitive.json:3:"), show.err.constData());
    }

    void health_exitCodeIsWorstStatus()
    {
        TestVault vault;
        const CliRun fresh = cli(vault, {QStringLiteral("health")});
        // No cognitive state, memories, session or tool call yet: nothing has started, nothing failed.
        QCOMPARE(fresh.exitCode, 0);
        QVERIFY2(fresh.out.contains("[not-yet] cognitive state"), fresh.out.constData());
        // A day without a session after earlier ones is a gap: missing.
        vault.write(QStringLiteral("sessions/2001-01-01/old.md"), QByteArray("User: hi\n"));
        QCOMPARE(cli(vault, {QStringLiteral("health")}).exitCode, 2);
        vault.write(QStringLiteral("state/tool-usage.jsonl"), QByteArray("broken\n"));
        QCOMPARE(cli(vault, {QStringLiteral("health")}).exitCode, 3); // error
    }
};

QTEST_GUILESS_MAIN(TestCognitiveCli)
#include "tst_cognitivecli.moc"
