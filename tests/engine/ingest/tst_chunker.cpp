#include "ingest/Chunker.h"
#include "ingest/DocumentParser.h"

#include <QTest>

using namespace engram;

class TestChunker : public QObject {
    Q_OBJECT
private slots:
    void note_mergesParagraphsUnderOneHeadingWithinBudget()
    {
        auto doc = DocumentParser::parse(QStringLiteral("a.md"), "# A\n\none\n\ntwo\n\n# B\n\nthree\n");
        const QList<Chunk> chunks = Chunker().chunk(*doc);
        QCOMPARE(chunks.size(), 2);
        QCOMPARE(chunks[0].text, QStringLiteral("one\n\ntwo"));
        QCOMPARE(chunks[0].startLine, 3);
        QCOMPARE(chunks[0].endLine, 5);
        QCOMPARE(chunks[1].heading, QStringLiteral("B"));
        QCOMPARE(chunks[1].startLine, 9);
    }

    void note_longParagraphIsSplitWithinBound()
    {
        QByteArray text;
        for (int i = 0; i < 200; ++i)
            text += "This is sentence number " + QByteArray::number(i) + " of a long paragraph. ";
        auto doc = DocumentParser::parse(QStringLiteral("long.md"), text);
        Chunker::Options options;
        options.maxTokens = 100;
        const QList<Chunk> chunks = Chunker(options).chunk(*doc);
        QVERIFY(chunks.size() > 10);
        for (const Chunk &c : chunks) {
            QVERIFY2(c.text.size() <= 400, qPrintable(QString::number(c.text.size())));
            QCOMPARE(c.startLine, 1);
        }
    }

    void transcript_oneTurnPerChunkByDefault()
    {
        auto doc = DocumentParser::parse(QStringLiteral("s.md"),
                                         "---\nkind: transcript\n---\n**A**: one\n\n**B**: two\n\n**A**: three\n");
        QCOMPARE(Chunker().chunk(*doc).size(), 3);
    }

    void transcript_turnsPerChunkGroupsRuns()
    {
        auto doc = DocumentParser::parse(QStringLiteral("s.md"),
                                         "---\nkind: transcript\n---\n**A**: one\n\n**B**: two\n\n**A**: three\n");
        Chunker::Options options;
        options.turnsPerChunk = 2;
        const QList<Chunk> chunks = Chunker(options).chunk(*doc);
        QCOMPARE(chunks.size(), 2);
        QCOMPARE(chunks[0].startLine, 4);
        QCOMPARE(chunks[0].endLine, 6);
        QVERIFY(chunks[0].speaker.isEmpty()); // mixed speakers
        QCOMPARE(chunks[1].speaker, QStringLiteral("A"));
    }

    void everyChunkHasOrdinalAndTokens()
    {
        auto doc = DocumentParser::parse(QStringLiteral("a.md"), "# A\n\none two three four five six\n\n# B\n\nx\n");
        const QList<Chunk> chunks = Chunker().chunk(*doc);
        for (int i = 0; i < chunks.size(); ++i) {
            QCOMPARE(chunks[i].ordinal, i);
            QVERIFY(chunks[i].tokens >= 1);
            QCOMPARE(chunks[i].path, QStringLiteral("a.md"));
        }
    }
};

QTEST_GUILESS_MAIN(TestChunker)
#include "tst_chunker.moc"
