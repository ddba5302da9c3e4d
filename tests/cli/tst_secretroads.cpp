// Every road a secret takes from an agent's session into the vault, run with the real engram-cli: the
// capture of Claude Code's transcripts and the Stop hook with its learner, then every exit (the index,
// recall, the pack, the MCP server) and the git remote after a sync. Each secret of the corpus stands in
// the person's text, a tool's input, a tool's output and a line-numbered Read result; none survives.
#include "CliRunner.h"
#include "GitSandbox.h"
#include "SecretCorpus.h"
#include "TestVault.h"

#include <QtTest>

using namespace engram::test;

namespace {

QByteArray jsonLine(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

/// A Claude Code session (the shapes of ../shared/samples) in which each secret is said by the person,
/// passed to Bash, printed by Bash and read from a file; the last message asks to remember and note some.
QByteArray transcript(const QString &session, const QList<SecretSample> &secrets)
{
    QByteArray out;
    int n = 0;
    const auto line = [&](const QString &type, const QJsonObject &message, const QJsonObject &extra = {}) {
        QJsonObject o{
            {QStringLiteral("type"), type},
            {QStringLiteral("sessionId"), session},
            {QStringLiteral("uuid"), QStringLiteral("%1-%2").arg(session).arg(++n)},
            {QStringLiteral("timestamp"), QStringLiteral("2026-11-30T10:%1:00Z").arg(n % 60, 2, 10, QLatin1Char('0'))},
            {QStringLiteral("cwd"), QStringLiteral("/home/dev/shop")},
            {QStringLiteral("version"), QStringLiteral("2.1.3")},
            {QStringLiteral("message"), message}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            o.insert(it.key(), it.value());
        out += jsonLine(o);
    };
    const auto user = [&](const QString &text) {
        line(QStringLiteral("user"),
             {{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), text}});
    };
    const auto toolCall = [&](const QString &id, const QString &tool, const QJsonObject &input) {
        line(QStringLiteral("assistant"),
             {{QStringLiteral("role"), QStringLiteral("assistant")},
              {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("tool_use")},
                                                                 {QStringLiteral("id"), id},
                                                                 {QStringLiteral("name"), tool},
                                                                 {QStringLiteral("input"), input}}}}});
    };
    const auto toolResult = [&](const QString &id, const QString &content) {
        line(
            QStringLiteral("user"),
            {{QStringLiteral("role"), QStringLiteral("user")},
             {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("tool_result")},
                                                                {QStringLiteral("tool_use_id"), id},
                                                                {QStringLiteral("content"), content}}}}},
            {{QStringLiteral("toolUseResult"),
              QJsonObject{{QStringLiteral("stdout"), content}, {QStringLiteral("stderr"), QString()}}}});
    };
    for (int i = 0; i < secrets.size(); ++i) {
        const QString text = QString::fromUtf8(secrets[i].text);
        user(QStringLiteral("Here is what the deploy needs:\n%1\nplease set it up").arg(text));
        const QString bash = QStringLiteral("toolu_bash_%1").arg(i);
        toolCall(bash, QStringLiteral("Bash"),
                 {{QStringLiteral("command"),
                   QStringLiteral("printf '%s\\n' \"%1\" > .env.deploy && cat .env.deploy").arg(text)},
                  {QStringLiteral("description"), QStringLiteral("Write the deploy settings")}});
        toolResult(bash, text + QLatin1Char('\n'));
        const QString read = QStringLiteral("toolu_read_%1").arg(i);
        toolCall(read, QStringLiteral("Read"),
                 {{QStringLiteral("file_path"), QStringLiteral("/home/dev/shop/.env.deploy")}});
        toolResult(read, QString::fromUtf8(lineNumbered("# deploy settings\n" + secrets[i].text + "\n# end")));
    }
    QStringList asks;
    for (int i = 0; i < secrets.size(); ++i) {
        // A key's lines stay together: one base64 line alone is no recognisable secret (nor leak of one).
        const QString first = QString::fromUtf8(secrets[i].text);
        asks << (i % 2 == 0 ? QStringLiteral("Remember that the staging deploy token is %1").arg(first)
                            : QStringLiteral("Note: the chat bot token is %1").arg(first));
    }
    user(asks.join(QLatin1Char('\n')));
    line(QStringLiteral("assistant"), {{QStringLiteral("role"), QStringLiteral("assistant")},
                                       {QStringLiteral("content"), QStringLiteral("Done: the deploy is set up.")}});
    return out;
}

/// The command whose output (kept after a "\n== command\n" line in `exits`) holds `fragment`, or empty.
QString exitHolding(const QByteArray &exits, const QByteArray &fragment)
{
    const qsizetype at = exits.indexOf(fragment);
    if (at < 0)
        return {};
    const qsizetype header = exits.lastIndexOf("\n== ", at);
    return QString::fromUtf8(exits.mid(header + 4, exits.indexOf('\n', header + 1) - header - 4));
}

/// Every file below `folder` (the index and the git objects included), read whole.
QList<QPair<QString, QByteArray>> everyFile(const QString &folder)
{
    QList<QPair<QString, QByteArray>> out;
    QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly))
            out << qMakePair(QDir(folder).relativeFilePath(f.fileName()), f.readAll());
    }
    return out;
}

} // namespace

class TestSecretRoads : public QObject {
    Q_OBJECT

private slots:
    void secretsFromAgentSessions_surviveNowhere();
    void aSecretTypedIntoANote_leavesByNoExit();
};

void TestSecretRoads::secretsFromAgentSessions_surviveNowhere()
{
    const QList<SecretSample> secrets = secretCorpus(corpusSeedFromEnvironment());
    QVERIFY(!secrets.isEmpty());
    TestVault vault;
    GitSandbox git;
    const QString remote = git.bareRemote();
    QTemporaryDir agentHome;
    QVERIFY(agentHome.isValid());

    // Road 1: `capture` of Claude Code's projects folder.
    const QString captured = agentHome.filePath(QStringLiteral("projects/-home-dev-shop/7d1e-capture.jsonl"));
    QVERIFY(QDir().mkpath(QFileInfo(captured).absolutePath()));
    writeFile(agentHome.path(), QDir(agentHome.path()).relativeFilePath(captured),
              transcript(QStringLiteral("7d1e-capture"), secrets));
    CliRun run = cli(
        vault, {QStringLiteral("capture"), QStringLiteral("--from"), agentHome.filePath(QStringLiteral("projects"))});
    QVERIFY2(run.exitCode == 0, run.describe());

    // Road 2: the Stop hook, which captures and then learns from the last turn.
    const QString hooked = agentHome.filePath(QStringLiteral("stop/9f2a-stop.jsonl"));
    QVERIFY(QDir().mkpath(QFileInfo(hooked).absolutePath()));
    writeFile(agentHome.path(), QStringLiteral("stop/9f2a-stop.jsonl"),
              transcript(QStringLiteral("9f2a-stop"), secrets));
    const QByteArray stopInput = jsonLine({{QStringLiteral("session_id"), QStringLiteral("9f2a-stop")},
                                           {QStringLiteral("transcript_path"), hooked},
                                           {QStringLiteral("hook_event_name"), QStringLiteral("Stop")}});
    run = cli(vault, {QStringLiteral("hook"), QStringLiteral("agent-end"), QStringLiteral("--json")}, {stopInput});
    QVERIFY2(run.exitCode == 0, run.describe());
    QByteArray exits; // what each exit printed, after a "\n== command\n" line
    const auto keep = [&exits](const QString &command, const CliRun &printed) {
        exits += "\n== " + command.toUtf8() + '\n' + printed.out + printed.err;
    };
    keep(QStringLiteral("hook agent-end"), run); // what the hook says back reaches the agent's client too
    const QJsonObject learned = QJsonDocument::fromJson(run.out).object();
    // The learner did its work (on the redacted turn): memories and learnings were written.
    QVERIFY2(!learned.value(QStringLiteral("memories")).toArray().isEmpty(), run.out.constData());
    QVERIFY2(!learned.value(QStringLiteral("learnings")).toArray().isEmpty(), run.out.constData());

    run = cli(vault, {QStringLiteral("index")});
    QVERIFY2(run.exitCode == 0, run.describe());

    // The exits: recall, the pack (with its state preamble), and the MCP tools as an agent calls them.
    for (const QString &query : {QStringLiteral("staging deploy token"), QStringLiteral("chat bot token"),
                                 QStringLiteral("deploy settings env")}) {
        run = cli(vault, {QStringLiteral("recall"), query, QStringLiteral("--json"), QStringLiteral("-k"),
                          QStringLiteral("50")});
        QVERIFY2(run.exitCode == 0, run.describe());
        QVERIFY2(run.out.contains("REDACTED"), "recall must find the redacted memories, or it proves nothing");
        keep(QStringList{QStringLiteral("recall"), query, QStringLiteral("--json"), QStringLiteral("-k"),
                         QStringLiteral("50")}
                 .join(QLatin1Char(' ')),
             run);
        run = cli(vault, {QStringLiteral("pack"), query});
        QVERIFY2(run.exitCode == 0, run.describe());
        keep(QStringList{QStringLiteral("pack"), query}.join(QLatin1Char(' ')), run);
    }
    run = cli(vault, {QStringLiteral("mcp")},
              {mcpSessionInput(
                  {{QStringLiteral("recall"),
                    {{QStringLiteral("query"), QStringLiteral("staging deploy token")}, {QStringLiteral("k"), 50}}},
                   {QStringLiteral("wake"), {}},
                   {QStringLiteral("what_do_i_know"), {{QStringLiteral("topic"), QStringLiteral("deploy token")}}}})});
    QVERIFY2(run.exitCode == 0, run.describe());
    QVERIFY2(run.out.contains("REDACTED"), run.out.left(2000).constData());
    keep(QStringLiteral("mcp"), run);

    // The remote after a sync.
    run = cli(vault, {QStringLiteral("sync"), QStringLiteral("--init"), QStringLiteral("--remote"), remote});
    QVERIFY2(run.exitCode == 0, run.describe());
    const QByteArray pushed =
        GitSandbox::git(remote, {QStringLiteral("log"), QStringLiteral("-p"), QStringLiteral("--all")});
    QVERIFY2(pushed.contains("sessions/"), "the sync must have pushed the captured sessions");

    const QList<QPair<QString, QByteArray>> files = everyFile(vault.path());
    int checked = 0;
    for (const SecretSample &s : secrets)
        for (const QByteArray &fragment : bodyLines(s.body)) {
            ++checked;
            for (const auto &[path, bytes] : files)
                QVERIFY2(!bytes.contains(fragment),
                         qPrintable(QStringLiteral("a %1 survived in %2").arg(s.kind, path)));
            QVERIFY2(!exits.contains(fragment),
                     qPrintable(QStringLiteral("a %1 left by %2").arg(s.kind, exitHolding(exits, fragment))));
            QVERIFY2(!pushed.contains(fragment), qPrintable(QStringLiteral("a %1 reached the git remote").arg(s.kind)));
        }
    QVERIFY(checked >= secrets.size());
}

void TestSecretRoads::aSecretTypedIntoANote_leavesByNoExit()
{
    const QList<SecretSample> secrets = secretCorpus(corpusSeedFromEnvironment());
    TestVault vault;
    GitSandbox git;
    const QString remote = git.bareRemote();
    QByteArray note = "# Deploy runbook\n\nThe staging deploy uses these credentials:\n\n";
    for (const SecretSample &s : secrets)
        note += s.text + "\n\n";
    vault.write(QStringLiteral("notes/runbook.md"), note);
    // The state file edited by hand: its focus and learnings are printed into every pack and briefing.
    QJsonArray learnings;
    for (const SecretSample &s : secrets)
        learnings.append(
            QJsonObject{{QStringLiteral("text"), QStringLiteral("deploy with ") + QString::fromUtf8(s.text)},
                        {QStringLiteral("category"), QStringLiteral("insight")},
                        {QStringLiteral("timestamp"), QStringLiteral("2026-11-30T10:00:00Z")}});
    const QString firstSecret = QString::fromUtf8(secrets.constFirst().text);
    vault.write(QStringLiteral("state/cognitive.json"),
                QJsonDocument(
                    QJsonObject{{QStringLiteral("focus"),
                                 QJsonObject{{QStringLiteral("current"), QStringLiteral("rotate ") + firstSecret},
                                             {QStringLiteral("priorities"), QJsonArray{firstSecret}},
                                             {QStringLiteral("lastUpdated"), QStringLiteral("2026-11-30T10:00:00Z")}}},
                                {QStringLiteral("learnings"), learnings}})
                    .toJson());
    vault.write(QStringLiteral("notes/plain.md"),
                QByteArray("# Plain\n\nNothing to hide in the staging deploy notes.\n"));

    CliRun run = cli(vault, {QStringLiteral("index")});
    QVERIFY2(run.exitCode == 0, run.describe());
    // The index holds the note as the gate would write it (a key's lines are no key out of their context).
    for (const auto &[path, bytes] : everyFile(vault.filePath(QStringLiteral(".engram"))))
        for (const SecretSample &s : secrets)
            for (const QByteArray &line : bodyLines(s.body))
                QVERIFY2(!bytes.contains(line), qPrintable(QStringLiteral("a %1 is in .engram/%2").arg(s.kind, path)));
    QByteArray exits; // what each exit printed, after a "\n== command\n" line
    const auto keep = [&exits](const QString &command, const CliRun &printed) {
        exits += "\n== " + command.toUtf8() + '\n' + printed.out + printed.err;
    };
    run =
        cli(vault, {QStringLiteral("recall"), QStringLiteral("staging deploy credentials"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0 && run.out.contains("runbook.md"), run.describe());
    keep(QStringLiteral("recall --json"), run);
    run = cli(vault, {QStringLiteral("recall"), QStringLiteral("staging deploy credentials")});
    keep(QStringList{QStringLiteral("recall"), QStringLiteral("staging deploy credentials")}.join(QLatin1Char(' ')),
         run);
    run = cli(vault, {QStringLiteral("pack"), QStringLiteral("staging deploy credentials")});
    QVERIFY2(run.exitCode == 0 && run.out.contains("REDACTED"), run.describe());
    keep(QStringList{QStringLiteral("pack"), QStringLiteral("staging deploy credentials")}.join(QLatin1Char(' ')), run);
    for (const QStringList &args :
         {QStringList{QStringLiteral("wake")}, QStringList{QStringLiteral("wake"), QStringLiteral("--json")},
          QStringList{QStringLiteral("hook"), QStringLiteral("session-start")}}) {
        run = cli(vault, args);
        QVERIFY2(run.exitCode == 0 && run.out.contains("REDACTED"), run.describe());
        keep(args.join(QLatin1Char(' ')), run);
    }
    run =
        cli(vault, {QStringLiteral("mcp")},
            {mcpSessionInput(
                {{QStringLiteral("wake"), {}},
                 {QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("staging deploy credentials")}}},
                 {QStringLiteral("what_do_i_know"), {{QStringLiteral("topic"), QStringLiteral("staging deploy")}}}})});
    QVERIFY2(run.exitCode == 0 && run.out.contains("REDACTED"), run.describe());
    keep(QStringLiteral("mcp wake, recall, what_do_i_know"), run);
    for (const SecretSample &s : secrets)
        for (const QByteArray &fragment : bodyLines(s.body))
            QVERIFY2(!exits.contains(fragment),
                     qPrintable(QStringLiteral("a %1 left the vault by %2").arg(s.kind, exitHolding(exits, fragment))));

    // Health names the file; `redact --scan` lists every secret and fails; sync will not commit the file.
    run = cli(vault, {QStringLiteral("health"), QStringLiteral("--json")});
    QVERIFY2(run.out.contains("\"secrets\""), run.describe());
    QVERIFY2(run.out.contains("notes/runbook.md"), run.describe());
    run = cli(vault, {QStringLiteral("redact"), QStringLiteral("--scan"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 1);
    const QJsonArray findings = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("findings")).toArray();
    // Each secret is found on the line it starts on (worked out from how the note was written), and the
    // rest of the findings are in the hand-edited state file.
    QSet<int> expectedLines;
    int line = 5; // "# Deploy runbook", "", "The staging …:", "", then each secret and a blank line
    for (const SecretSample &s : secrets) {
        expectedLines.insert(line);
        line += int(s.text.count('\n')) + 2;
    }
    QSet<int> foundLines;
    int inNote = 0;
    for (const QJsonValue &f : findings) {
        const QString path = f.toObject().value(QStringLiteral("path")).toString();
        QVERIFY2(path == QLatin1String("notes/runbook.md") || path == QLatin1String("state/cognitive.json"),
                 qPrintable(path));
        if (path == QLatin1String("notes/runbook.md")) {
            foundLines.insert(f.toObject().value(QStringLiteral("line")).toInt());
            ++inNote;
        }
    }
    QCOMPARE(foundLines, expectedLines);

    run = cli(vault, {QStringLiteral("sync"), QStringLiteral("--init"), QStringLiteral("--remote"), remote});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.errText().contains(QLatin1String("notes/runbook.md"))
                 || run.outText().contains(QLatin1String("notes/runbook.md")),
             run.describe());
    QByteArray pushed = GitSandbox::git(remote, {QStringLiteral("log"), QStringLiteral("-p"), QStringLiteral("--all")});
    // (The journal names the note too: its recalls were recorded. The file itself is what is not pushed.)
    QVERIFY2(pushed.contains("+++ b/notes/plain.md"), "the other changes are committed and pushed");
    QVERIFY(!pushed.contains("+++ b/notes/runbook.md"));

    // --apply rewrites the note (everything else in it kept), and the next sync commits it.
    run = cli(vault, {QStringLiteral("redact"), QStringLiteral("--apply")});
    QVERIFY2(run.exitCode == 0, run.describe());
    const QByteArray rewritten = vault.read(QStringLiteral("notes/runbook.md"));
    QVERIFY(rewritten.startsWith("# Deploy runbook\n\nThe staging deploy uses these credentials:\n\n"));
    QCOMPARE(rewritten.count("[REDACTED:"), qsizetype(inNote)); // one replacement a finding
    QCOMPARE(rewritten.count('\n'), note.count('\n'));          // a key's line breaks are kept
    run = cli(vault, {QStringLiteral("redact"), QStringLiteral("--scan")});
    QCOMPARE(run.exitCode, 0);
    run = cli(vault, {QStringLiteral("sync")});
    QVERIFY2(run.exitCode == 0, run.describe());
    pushed = GitSandbox::git(remote, {QStringLiteral("log"), QStringLiteral("-p"), QStringLiteral("--all")});
    QVERIFY(pushed.contains("+++ b/notes/runbook.md"));
    for (const SecretSample &s : secrets)
        for (const QByteArray &fragment : bodyLines(s.body))
            QVERIFY2(!pushed.contains(fragment), qPrintable(QStringLiteral("a %1 reached the git remote").arg(s.kind)));
}

QTEST_GUILESS_MAIN(TestSecretRoads)
#include "tst_secretroads.moc"
