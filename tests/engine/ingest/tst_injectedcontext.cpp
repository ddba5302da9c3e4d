// InjectedContextReader: what Engram put in front of the agent's model, read from the real
// clients' transcripts (tests/data/agentlogs). Expected texts are copied from those files by hand.
#include "TestVault.h"
#include "ingest/InjectedContextReader.h"

#include <QFile>
#include <QTest>

using namespace engram;

namespace {

QString captured(const QString &name)
{
    QFile file(test::dataPath(QStringLiteral("agentlogs/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(file.readAll());
}

const QString kResult =
    QStringLiteral("{\"results\":[{\"title\":\"SQLite FTS5 plus hnswlib\",\"citation\":\"decisions.md:"
                   "4\",\"text\":\"Keyword and vector candidates are fused; BM25 alone missed "
                   "paraphrases.\"}]}");

} // namespace

class TestInjectedContext : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void claudeCode_packFromEngramsHookAndEachToolResult()
    {
        const QList<InjectedContext> read =
            InjectedContextReader::read(captured(QStringLiteral("claude-code-2.1-hook-mcp.jsonl")));
        QCOMPARE(read.size(), 2);
        // Line 3 is the person's own SessionStart hook (`echo …`): not Engram's, not listed.
        QCOMPARE(read[0].kind, InjectedContext::Kind::SessionStartPack);
        QCOMPARE(read[0].line, 4);
        QCOMPARE(read[0].text, QStringLiteral("# Engram context pack\n\n## Decisions\n- 2026-11-18: SQLite FTS5 plus "
                                              "hnswlib — Keyword and vector candidates are fused (decisions.md:4)"));
        QCOMPARE(read[0].time, QDateTime::fromString(QStringLiteral("2026-12-02T04:18:26.201Z"), Qt::ISODateWithMs));
        QCOMPARE(read[1].kind, InjectedContext::Kind::ToolResult);
        QCOMPARE(read[1].tool, QStringLiteral("recall"));
        QCOMPARE(read[1].arguments, QStringLiteral("{\"query\":\"index decision\"}"));
        QCOMPARE(read[1].text, kResult); // the structuredContent, as Claude Code handed it to the model
        QCOMPARE(read[1].line, 10);
        QVERIFY(!read[1].failed);
    }

    void codex_eachResultOfTheEngramNamespace()
    {
        const QList<InjectedContext> read =
            InjectedContextReader::read(captured(QStringLiteral("codex-0.171-mcp.jsonl")));
        QCOMPARE(read.size(), 1);
        QCOMPARE(read[0].kind, InjectedContext::Kind::ToolResult);
        QCOMPARE(read[0].tool, QStringLiteral("recall"));
        QCOMPARE(read[0].arguments, QStringLiteral("{\"query\":\"index decision\"}"));
        QCOMPARE(read[0].text, QStringLiteral("Wall time: 0.0108 seconds\nOutput:\n") + kResult);
        QCOMPARE(read[0].line, 13);
        QVERIFY(!read[0].failed);
    }

    void othersContext_isNotEngrams()
    {
        // Another server's tool, Engram's tool without a result yet, another SessionStart hook, and
        // Engram's hook answering in plain text (which Claude Code passes on as it stands).
        const QString log = captured(QStringLiteral("claude-others-context.jsonl"));
        const QList<InjectedContext> read = InjectedContextReader::read(log);
        QCOMPARE(read.size(), 2);
        QCOMPARE(read[0].kind, InjectedContext::Kind::SessionStartPack);
        QCOMPARE(read[0].text, QStringLiteral("# Pack\n- plain"));
        QCOMPARE(read[0].line, 2);
        QCOMPARE(read[1].tool, QStringLiteral("why_did_we"));
        QCOMPARE(read[1].arguments, QStringLiteral("{\"topic\":\"FTS5\"}"));
        QCOMPARE(read[1].text, QStringLiteral("Because BM25\nmissed paraphrases"));
        QVERIFY(read[1].failed);
        QCOMPARE(read[1].line, 5);
    }
};

QTEST_GUILESS_MAIN(TestInjectedContext)
#include "tst_injectedcontext.moc"
