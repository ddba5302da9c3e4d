// One answer per agent use case, whichever front end asks: `engram-cli wake|why|know|checkpoint
// --json` prints the JSON the MCP tool returns as its structured content (both come from the
// engine services in engine/agent).
#include "McpServer.h"
#include "McpTools.h"
#include "TestVault.h"
#include "cognition/CognitiveState.h"
#include "vault/Engine.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace engram;
using namespace engram::mcp;

namespace {

QByteArray cliJson(const test::TestVault &vault, QStringList args)
{
    args << QStringLiteral("--vault") << vault.path();
    QProcess p;
    p.start(QStringLiteral(ENGRAM_CLI_PATH), args);
    if (!p.waitForStarted(10000) || !p.waitForFinished(60000) || p.exitCode() != 0)
        qWarning("engram-cli %s: exit %d: %s", qPrintable(args.join(QLatin1Char(' '))), p.exitCode(),
                 p.readAllStandardError().constData());
    return p.readAllStandardOutput();
}

/// The structuredContent of a tools/call, through the protocol as a client sees it.
QJsonObject mcpStructured(McpServer &server, QList<QByteArray> &lines, const QString &tool,
                          const QJsonObject &arguments)
{
    lines.clear();
    const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), 9},
                              {QStringLiteral("method"), QStringLiteral("tools/call")},
                              {QStringLiteral("params"),
                               QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}}}};
    server.feed(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
    for (const QByteArray &line : std::as_const(lines)) {
        const QJsonObject reply = QJsonDocument::fromJson(line).object();
        if (reply.contains(QStringLiteral("id")))
            return reply[QStringLiteral("result")][QStringLiteral("structuredContent")].toObject();
    }
    return {};
}

/// Where `a` and `b` differ ("" when they agree). Numbers agree within 1e-6: the CLI and the
/// server read the clock a few milliseconds apart, and strength decays with time.
QString difference(const QJsonValue &a, const QJsonValue &b, const QString &at = QStringLiteral("$"))
{
    if (a.type() != b.type())
        return QStringLiteral("%1: %2 vs %3").arg(at).arg(a.type()).arg(b.type());
    if (a.isDouble())
        return qAbs(a.toDouble() - b.toDouble()) <= 1e-6
                   ? QString()
                   : QStringLiteral("%1: %2 vs %3").arg(at).arg(a.toDouble()).arg(b.toDouble());
    if (a.isArray()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        if (x.size() != y.size())
            return QStringLiteral("%1: %2 vs %3 items").arg(at).arg(x.size()).arg(y.size());
        for (qsizetype i = 0; i < x.size(); ++i)
            if (const QString d = difference(x[i], y[i], QStringLiteral("%1[%2]").arg(at).arg(i)); !d.isEmpty())
                return d;
        return {};
    }
    if (a.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        if (x.keys() != y.keys())
            return QStringLiteral("%1: keys %2 vs %3")
                .arg(at, x.keys().join(QLatin1Char(',')), y.keys().join(QLatin1Char(',')));
        for (const QString &key : x.keys())
            if (const QString d = difference(x[key], y[key], at + QLatin1Char('.') + key); !d.isEmpty())
                return d;
        return {};
    }
    return a == b ? QString()
                  : QStringLiteral("%1: %2 vs %3").arg(at, a.toVariant().toString(), b.toVariant().toString());
}

/// The files `memories` cite: the path of each `source` (path:lines), which the full and the lean form share.
QStringList paths(const QJsonValue &memories)
{
    QStringList out;
    for (const QJsonValue &m : memories.toArray())
        out << m[QStringLiteral("source")].toString().section(QLatin1Char(':'), 0, 0);
    return out;
}

} // namespace

class TestAgentParity : public QObject {
    Q_OBJECT

    test::TestVault m_vault;
    std::unique_ptr<McpTools> m_tools;
    std::unique_ptr<McpServer> m_server;
    QList<QByteArray> m_lines;

private slots:
    void initTestCase()
    {
        const QString yesterday = QDate::currentDate().addDays(-1).toString(Qt::ISODate);
        const QString nextMonth = QDate::currentDate().addDays(30).toString(Qt::ISODate);
        m_vault.write(QStringLiteral("memories/semantic/storage-postgres.md"),
                      QStringLiteral("---\ntitle: Store the index in Postgres\ncategory: decision\ncreated: "
                                     "2026-01-10\n---\nWe decided to keep the memory index in a Postgres server.\n"));
        m_vault.write(QStringLiteral("memories/semantic/storage-sqlite.md"),
                      QStringLiteral("---\ntitle: Store the index in SQLite\ncategory: decision\ncreated: 2026-03-02\n"
                                     "supersedes: memories/semantic/storage-postgres.md\n---\nWe decided to move the "
                                     "memory index to embedded SQLite: a desktop app must not need a server.\n"));
        m_vault.write(QStringLiteral("memories/semantic/build-make.md"),
                      QStringLiteral("---\ntitle: Build with Make\ncategory: decision\ncreated: 2025-11-01\n---\nWe "
                                     "decided to build with Make.\n"));
        m_vault.write(QStringLiteral("memories/semantic/build-ninja.md"),
                      QStringLiteral("---\ntitle: Build with Ninja\ncategory: decision\ncreated: 2026-02-01\n"
                                     "supersedes: \"[[build-make]]\"\n---\nWe decided to build with Ninja: faster "
                                     "incremental builds.\n"));
        m_vault.write(QStringLiteral("notes/indexing.md"),
                      QStringLiteral("# Indexing\n\nThe indexer chunks notes by heading and embeds every chunk.\n\n"
                                     "Should the indexer skip files larger than eight megabytes?\n"));
        m_vault.write(QStringLiteral("memories/prospective/release.md"),
                      QStringLiteral("---\ntitle: Ship the release notes\ncategory: goal\ndue: %1\n---\nPublish the "
                                     "release notes.\n")
                          .arg(yesterday));
        m_vault.write(QStringLiteral("memories/prospective/conference.md"),
                      QStringLiteral("---\ntitle: Submit the talk\ncategory: goal\ndue: %1\n---\nSubmit the talk.\n")
                          .arg(nextMonth));
        QVERIFY(CognitiveStore(m_vault.path())
                    .setFocus(QStringLiteral("shipping the MCP server"), {QStringLiteral("tests")})
                    .ok());
        QProcess index;
        index.start(QStringLiteral(ENGRAM_CLI_PATH),
                    {QStringLiteral("index"), QStringLiteral("--vault"), m_vault.path()});
        QVERIFY(index.waitForFinished(60000) && index.exitCode() == 0);

        auto engine = Engine::open(m_vault.path());
        if (!engine)
            QFAIL(qPrintable(engine.error().toString()));
        m_tools = std::make_unique<McpTools>(std::move(*engine));
        m_tools->setReindexPolicy(0, 5000);
        m_server = std::make_unique<McpServer>(*m_tools, [this](const QByteArray &line) { m_lines << line; });
        m_server->feed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                       "\"2025-06-18\"}}\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
    }

    void cliJson_isTheMcpStructuredResult_data()
    {
        QTest::addColumn<QStringList>("cli");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QJsonObject>("arguments");
        QTest::addColumn<QString>("nonEmpty"); // an array that must not be empty, so agreeing is not trivial
        QTest::newRow("wake") << QStringList{QStringLiteral("wake")} << QStringLiteral("wake") << QJsonObject{}
                              << QStringLiteral("open_decisions");
        QTest::newRow("wake with a budget")
            << QStringList{QStringLiteral("wake"), QStringLiteral("--budget"), QStringLiteral("60")}
            << QStringLiteral("wake") << QJsonObject{{QStringLiteral("budget"), 60}}
            << QStringLiteral("prospective_due");
        const QString question = QStringLiteral("why did we choose SQLite for the memory index");
        QTest::newRow("why") << QStringList{QStringLiteral("why"), question} << QStringLiteral("why_did_we")
                             << QJsonObject{{QStringLiteral("question"), question}} << QStringLiteral("decisions");
        QTest::newRow("why with k") << QStringList{QStringLiteral("why"), QStringLiteral("-k"), QStringLiteral("1"),
                                                   QStringLiteral("build")}
                                    << QStringLiteral("why_did_we")
                                    << QJsonObject{{QStringLiteral("question"), QStringLiteral("build")},
                                                   {QStringLiteral("k"), 1}}
                                    << QStringLiteral("decisions");
        const QString topic = QStringLiteral("indexer files chunks");
        QTest::newRow("know") << QStringList{QStringLiteral("know"), topic} << QStringLiteral("what_do_i_know")
                              << QJsonObject{{QStringLiteral("topic"), topic}} << QStringLiteral("open_questions");
    }
    void cliJson_isTheMcpStructuredResult()
    {
        QFETCH(QStringList, cli);
        QFETCH(QString, tool);
        QFETCH(QJsonObject, arguments);
        QFETCH(QString, nonEmpty);
        QJsonObject fromCli, fromMcp;
        // The preamble says the time to the minute: ask again if a minute turned between the two answers.
        for (int attempt = 0; attempt < 3; ++attempt) {
            const QDateTime before = QDateTime::currentDateTime();
            QJsonParseError error;
            fromCli = QJsonDocument::fromJson(cliJson(m_vault, QStringList(cli) << QStringLiteral("--json")), &error)
                          .object();
            QCOMPARE(error.error, QJsonParseError::NoError);
            // The CLI's --json is the full answer; a model gets it when it asks (explain).
            QJsonObject full = arguments;
            full.insert(QStringLiteral("explain"), true);
            fromMcp = mcpStructured(*m_server, m_lines, tool, full);
            if (before.toString(QStringLiteral("HHmm"))
                == QDateTime::currentDateTime().toString(QStringLiteral("HHmm")))
                break;
        }
        QVERIFY2(!fromMcp.isEmpty(), m_lines.join('\n').constData());
        QVERIFY2(!fromCli.value(nonEmpty).toArray().isEmpty(), QJsonDocument(fromCli).toJson().constData());
        if (tool == QLatin1String("wake")) { // the moment each was asked
            QVERIFY(
                QDateTime::fromString(fromCli.take(QStringLiteral("generated_at")).toString(), Qt::ISODate).isValid());
            QVERIFY(
                QDateTime::fromString(fromMcp.take(QStringLiteral("generated_at")).toString(), Qt::ISODate).isValid());
        }
        const QString d = difference(fromCli, fromMcp);
        QVERIFY2(d.isEmpty(), qPrintable(d));
    }

    void wake_bothLeaveOutTheSupersededDecisionsAndTheGoalNotYetDue()
    {
        const QJsonObject cli =
            QJsonDocument::fromJson(cliJson(m_vault, {QStringLiteral("wake"), QStringLiteral("--json")})).object();
        const QJsonObject mcp = mcpStructured(*m_server, m_lines, QStringLiteral("wake"), {});
        for (const QJsonObject &briefing : {cli, mcp}) {
            QCOMPARE(paths(briefing[QStringLiteral("open_decisions")]),
                     QStringList({QStringLiteral("memories/semantic/storage-sqlite.md"),
                                  QStringLiteral("memories/semantic/build-ninja.md")}));
            QCOMPARE(paths(briefing[QStringLiteral("prospective_due")]),
                     QStringList{QStringLiteral("memories/prospective/release.md")});
            QCOMPARE(briefing[QStringLiteral("focus")][QStringLiteral("current")].toString(),
                     QStringLiteral("shipping the MCP server"));
        }
    }

    void checkpoint_sameNoteFromEitherFrontEnd()
    {
        const QJsonObject cli =
            QJsonDocument::fromJson(
                cliJson(m_vault, {QStringLiteral("checkpoint"), QStringLiteral("--json"), QStringLiteral("--title"),
                                  QStringLiteral("Parser half done"), QStringLiteral("--next"),
                                  QStringLiteral("finish the tests"), QStringLiteral("The parser reads headings.")}))
                .object();
        QJsonObject mcp = mcpStructured(*m_server, m_lines, QStringLiteral("checkpoint"),
                                        {{QStringLiteral("title"), QStringLiteral("Parser half done")},
                                         {QStringLiteral("next_steps"), QJsonArray{QStringLiteral("finish the tests")}},
                                         {QStringLiteral("summary"), QStringLiteral("The parser reads headings.")}});
        QVERIFY(cli.value(QStringLiteral("path")).toString().startsWith(QLatin1String("sessions/")));
        QVERIFY(mcp.value(QStringLiteral("path")).toString() != cli.value(QStringLiteral("path")).toString());
        const auto note = [this](const QJsonObject &o) {
            // The same note but for the moment it was written (front matter `created:`).
            QStringList lines =
                QString::fromUtf8(m_vault.read(o.value(QStringLiteral("path")).toString())).split(QLatin1Char('\n'));
            lines.removeIf([](const QString &l) { return l.startsWith(QLatin1String("created:")); });
            return lines;
        };
        QCOMPARE(note(mcp), note(cli));
        QVERIFY(note(cli).contains(QStringLiteral("- finish the tests")));
        QJsonObject a = cli, b = mcp;
        for (QJsonObject *o : {&a, &b}) {
            o->remove(QStringLiteral("path"));
            o->remove(QStringLiteral("created"));
        }
        QCOMPARE(a, b);
        QVERIFY(a.value(QStringLiteral("chunks")).toInt() >= 1);
    }
};

QTEST_GUILESS_MAIN(TestAgentParity)
#include "tst_agentparity.moc"
