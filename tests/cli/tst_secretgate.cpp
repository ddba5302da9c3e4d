// Each road into the vault besides capture, fed a secret through the real engram-cli: `remember` (also
// into a linked vault), the MCP tools remember and checkpoint, the state editor's commands, a reflection
// from the LLM endpoint, consolidation's digests, and recall from a linked vault. A road that skipped
// the gate would leave the secret in a file (or an answer); each test fails then.
#include "ChatLoopbackServer.h"
#include "CliRunner.h"
#include "SecretCorpus.h"
#include "TestVault.h"

#include <QtTest>

using namespace engram::test;

namespace {

/// The first line of each secret: what fits a one-line field (a title, a learning).
QList<SecretSample> oneLineSecrets()
{
    QList<SecretSample> out;
    for (SecretSample s : secretCorpus(corpusSeedFromEnvironment())) {
        if (s.multiLine())
            continue;
        out << s;
    }
    return out;
}

/// The secrets in groups of `size`: a road is one code path whatever the secret, so the tests that
/// start one engram-cli per call hand it a group at a time (one process per secret took 300 s under
/// the sanitizers on CI, Qt Test's limit for a test function).
QList<QList<SecretSample>> inGroups(const QList<SecretSample> &secrets, qsizetype size)
{
    QList<QList<SecretSample>> groups;
    for (qsizetype i = 0; i < secrets.size(); i += size)
        groups << secrets.mid(i, size);
    return groups;
}

/// The group's texts joined by `separator`.
QString joined(const QList<SecretSample> &group, const QString &separator)
{
    QStringList texts;
    for (const SecretSample &s : group)
        texts << QString::fromUtf8(s.text);
    return texts.join(separator);
}

/// Fails naming the file when any file of `folder` (outside .engram/) holds a secret's body.
void verifyNoFileHolds(const QString &folder, const QList<SecretSample> &secrets, const char *road)
{
    QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.fileName().contains(QLatin1String("/.engram/")) || !f.open(QIODevice::ReadOnly))
            continue;
        ++files;
        const QByteArray bytes = f.readAll();
        for (const SecretSample &s : secrets)
            for (const QByteArray &line : bodyLines(s.body))
                QVERIFY2(!bytes.contains(line),
                         qPrintable(
                             QStringLiteral("%1: a %2 survived in %3").arg(QLatin1String(road), s.kind, f.fileName())));
    }
    QVERIFY(files > 0);
}

void useLlm(TestVault &vault, const ChatLoopbackServer &server, bool forConsolidation)
{
    QJsonObject root{{QStringLiteral("llm"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("ollama")},
                                                         {QStringLiteral("url"), server.url()},
                                                         {QStringLiteral("model"), QStringLiteral("m")}}}};
    if (forConsolidation)
        root.insert(QStringLiteral("consolidation"), QJsonObject{{QStringLiteral("useLlm"), true}});
    vault.write(QStringLiteral("engram.json"), QJsonDocument(root).toJson());
}

QByteArray ollamaAnswer(const QString &content)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("message"),
                                      QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                  {QStringLiteral("content"), content}}},
                                     {QStringLiteral("done"), true}})
        .toJson(QJsonDocument::Compact);
}

} // namespace

class TestSecretGate : public QObject {
    Q_OBJECT

private slots:
    void remember_writesNoSecret_alsoIntoALinkedVault();
    void mcpRememberAndCheckpoint_writeNoSecret();
    void stateCommands_keepNoSecretInTheCognitiveState();
    void reflection_keepsNoSecretTheModelRepeated();
    void consolidation_digestsHoldNoSecretOfTheirSources();
    void recallFromALinkedVault_handsOutNoSecret();
};

void TestSecretGate::remember_writesNoSecret_alsoIntoALinkedVault()
{
    const QList<SecretSample> secrets = oneLineSecrets();
    TestVault vault;
    TestVault team;
    QCOMPARE(cli(team, {QStringLiteral("init")}).exitCode, 0);
    QCOMPARE(cli(vault, {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("team"), team.path()}).exitCode,
             0);
    const QList<QList<SecretSample>> groups = inGroups(secrets, 12);
    for (const QList<SecretSample> &group : groups) {
        // Each secret in the content on its own line; the title and a tag take one each, another
        // secret for each group.
        const QString title = QString::fromUtf8(group.front().text);
        const QString tag = QString::fromUtf8(group.back().text);
        CliRun run =
            cli(vault, {QStringLiteral("remember"),
                        QStringLiteral("The staging deploy tokens:\n") + joined(group, QStringLiteral("\n")),
                        QStringLiteral("--title"), QStringLiteral("token ") + title, QStringLiteral("--tag"), tag});
        QVERIFY2(run.exitCode == 0, run.describe());
        run = cli(vault, {QStringLiteral("remember"),
                          QStringLiteral("The team's deploy tokens:\n") + joined(group, QStringLiteral("\n")),
                          QStringLiteral("--to"), QStringLiteral("team")});
        QVERIFY2(run.exitCode == 0, run.describe());
    }
    QVERIFY(groups.size() > 5);
    verifyNoFileHolds(vault.filePath(QStringLiteral("memories")), secrets, "remember");
    verifyNoFileHolds(team.filePath(QStringLiteral("memories")), secrets, "remember --to team");
}

void TestSecretGate::mcpRememberAndCheckpoint_writeNoSecret()
{
    const QList<SecretSample> secrets = secretCorpus(corpusSeedFromEnvironment());
    TestVault vault;
    QList<QPair<QString, QJsonObject>> calls;
    for (const SecretSample &s : secrets) {
        const QString text = QString::fromUtf8(s.text);
        calls << qMakePair(QStringLiteral("remember"),
                           QJsonObject{{QStringLiteral("content"), QStringLiteral("The deploy key:\n") + text},
                                       {QStringLiteral("title"), QStringLiteral("deploy key")}});
        calls << qMakePair(QStringLiteral("checkpoint"),
                           QJsonObject{{QStringLiteral("summary"), QStringLiteral("Set up the deploy with ") + text},
                                       {QStringLiteral("decisions"), QJsonArray{QStringLiteral("use ") + text}}});
    }
    const CliRun run = cli(vault, {QStringLiteral("mcp")}, {mcpSessionInput(calls)});
    QVERIFY2(run.exitCode == 0, run.describe());
    QCOMPARE(run.out.count("\"isError\":false"), qsizetype(calls.size()));
    verifyNoFileHolds(vault.path(), secrets, "MCP remember and checkpoint");
    for (const SecretSample &s : secrets)
        for (const QByteArray &line : bodyLines(s.body))
            QVERIFY2(!run.out.contains(line), qPrintable(s.kind));
}

void TestSecretGate::stateCommands_keepNoSecretInTheCognitiveState()
{
    const QList<SecretSample> secrets = oneLineSecrets();
    TestVault vault;
    for (const QList<SecretSample> &group : inGroups(secrets, 12)) {
        // One line, as a learning is: the group's secrets one after another.
        const QString text = joined(group, QStringLiteral(" then "));
        for (const QString &action : {QStringLiteral("add-learning"), QStringLiteral("add-heuristic"),
                                      QStringLiteral("add-avoidance"), QStringLiteral("focus")}) {
            const CliRun run = cli(vault, {QStringLiteral("state"), action, QStringLiteral("use ") + text});
            QVERIFY2(run.exitCode == 0, run.describe());
        }
    }
    QVERIFY(vault.read(QStringLiteral("state/cognitive.json")).contains("REDACTED"));
    verifyNoFileHolds(vault.filePath(QStringLiteral("state")), secrets, "state");
    const CliRun pack = cli(vault, {QStringLiteral("hook"), QStringLiteral("session-start")});
    for (const SecretSample &s : secrets)
        for (const QByteArray &line : bodyLines(s.body))
            QVERIFY2(!pack.out.contains(line), qPrintable(s.kind));
}

void TestSecretGate::reflection_keepsNoSecretTheModelRepeated()
{
    const QList<SecretSample> secrets = oneLineSecrets();
    TestVault vault;
    ChatLoopbackServer server;
    QVERIFY(server.start());
    QJsonArray insights;
    for (const SecretSample &s : secrets)
        insights.append(QStringLiteral("The deploy works with %1").arg(QString::fromUtf8(s.text)));
    server.setReply(
        "/api/chat",
        {200,
         ollamaAnswer(QString::fromUtf8(
             QJsonDocument(QJsonObject{{QStringLiteral("insights"), insights}}).toJson(QJsonDocument::Compact))),
         0, false, false});
    useLlm(vault, server, false);
    CliRun run = cli(vault, {QStringLiteral("reflect")});
    QVERIFY2(run.exitCode == 0, run.describe());
    QVERIFY(vault.read(QStringLiteral("state/reflections.jsonl")).contains("REDACTED"));
    run = cli(vault, {QStringLiteral("reflect"), QStringLiteral("--apply")});
    QVERIFY2(run.exitCode == 0, run.describe());
    verifyNoFileHolds(vault.filePath(QStringLiteral("state")), secrets, "reflection");
    QVERIFY(!server.requests().isEmpty());
}

void TestSecretGate::consolidation_digestsHoldNoSecretOfTheirSources()
{
    const QList<SecretSample> secrets = secretCorpus(corpusSeedFromEnvironment());
    TestVault vault;
    QByteArray session = "---\nkind: transcript\ncreated: 2026-11-20T09:00:00Z\n---\n\n";
    for (const SecretSample &s : secrets)
        session += "**user:** The deploy needs this key, keep it:\n" + s.text
                   + "\n\n**assistant:** Set up the deploy with " + s.text + "\n\n";
    // Written by hand (not through the gate): only the digest's own gate stands between it and consolidated/.
    vault.write(QStringLiteral("sessions/2026-11-20/pairing.md"), session);
    CliRun run = cli(vault, {QStringLiteral("index")});
    QVERIFY2(run.exitCode == 0, run.describe());
    run = cli(vault, {QStringLiteral("consolidate")});
    QVERIFY2(run.exitCode == 0, run.describe());
    QVERIFY2(QDir(vault.filePath(QStringLiteral("consolidated"))).exists(), run.describe());
    verifyNoFileHolds(vault.filePath(QStringLiteral("consolidated")), secrets, "consolidation");
}

void TestSecretGate::recallFromALinkedVault_handsOutNoSecret()
{
    const QList<SecretSample> secrets = secretCorpus(corpusSeedFromEnvironment());
    TestVault vault;
    TestVault team;
    QByteArray note = "# Team deploy credentials\n\n";
    for (const SecretSample &s : secrets)
        note += "The shared deploy credential: " + s.text + "\n\n";
    team.write(QStringLiteral("notes/credentials.md"), note);
    QCOMPARE(cli(team, {QStringLiteral("index")}).exitCode, 0);
    QCOMPARE(cli(vault, {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("team"), team.path()}).exitCode,
             0);
    QByteArray exits;
    CliRun run =
        cli(vault, {QStringLiteral("recall"), QStringLiteral("shared deploy credential"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0 && run.out.contains("credentials.md"), run.describe());
    exits += run.out;
    run = cli(vault, {QStringLiteral("recall"), QStringLiteral("shared deploy credential")});
    exits += run.out;
    run = cli(vault, {QStringLiteral("pack"), QStringLiteral("shared deploy credential")});
    QVERIFY2(run.out.contains("REDACTED"), run.describe());
    exits += run.out;
    for (const SecretSample &s : secrets)
        for (const QByteArray &line : bodyLines(s.body))
            QVERIFY2(!exits.contains(line), qPrintable(s.kind));
}

QTEST_GUILESS_MAIN(TestSecretGate)
#include "tst_secretgate.moc"
