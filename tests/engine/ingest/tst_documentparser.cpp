#include "ingest/DocumentParser.h"

#include <QTest>

using namespace engram;

class TestDocumentParser : public QObject {
    Q_OBJECT
private slots:
    void note_sectionsKeepHeadingPathAndLines()
    {
        const QByteArray text =
            "---\ntitle: Plans\n---\n# Project\n\nFirst paragraph.\nStill first.\n\n## Decisions\n\n"
            "We decided to use SQLite.\n";
        auto doc = DocumentParser::parse(QStringLiteral("notes/plans.md"), text);
        QVERIFY(doc.ok());
        QCOMPARE(doc->kind, DocumentKind::Note);
        QCOMPARE(doc->title, QStringLiteral("Plans"));
        QCOMPARE(doc->sections.size(), 2);
        QCOMPARE(doc->sections[0].startLine, 6);
        QCOMPARE(doc->sections[0].endLine, 7);
        QCOMPARE(doc->sections[0].heading, QStringLiteral("Project"));
        QCOMPARE(doc->sections[1].startLine, 11);
        QCOMPARE(doc->sections[1].heading, QStringLiteral("Project > Decisions"));
    }

    void note_dateWithoutZoneIsTheSameCalendarDateEverywhere()
    {
        // "2023-05-08" is a date, not an instant in the reader's zone: it must not become
        // 7 May for someone west of UTC (dates are stored as seconds since the epoch).
        qputenv("TZ", "America/Los_Angeles");
        auto doc = DocumentParser::parse(QStringLiteral("a.md"), "---\ncreated: 2023-05-08\n---\ntext\n");
        auto timed = DocumentParser::parse(QStringLiteral("b.md"), "---\ncreated: 2023-05-08 23:30\n---\ntext\n");
        auto zoned =
            DocumentParser::parse(QStringLiteral("c.md"), "---\ncreated: 2023-05-08T23:30:00+02:00\n---\ntext\n");
        qunsetenv("TZ");
        QCOMPARE(doc->created.timeSpec(), Qt::UTC);
        QCOMPARE(doc->created.date(), QDate(2023, 5, 8));
        QCOMPARE(QDateTime::fromSecsSinceEpoch(timed->created.toSecsSinceEpoch(), Qt::UTC),
                 QDateTime(QDate(2023, 5, 8), QTime(23, 30), Qt::UTC));
        QCOMPARE(zoned->created.toUTC(), QDateTime(QDate(2023, 5, 8), QTime(21, 30), Qt::UTC)); // an instant stays one
    }

    void note_titleFallsBackToFirstHeadingThenFileName()
    {
        auto withHeading = DocumentParser::parse(QStringLiteral("a.md"), "# Heading title\n\ntext\n");
        QCOMPARE(withHeading->title, QStringLiteral("Heading title"));
        auto bare = DocumentParser::parse(QStringLiteral("dir/file name.txt"), "just text\n");
        QCOMPARE(bare->title, QStringLiteral("file name"));
        QCOMPARE(bare->kind, DocumentKind::PlainText);
    }

    void note_fencedCodeStaysOneSection()
    {
        auto doc = DocumentParser::parse(QStringLiteral("a.md"), "Intro\n\n```\nline 1\n\nline 3\n```\n");
        QCOMPARE(doc->sections.size(), 2);
        QCOMPARE(doc->sections[1].startLine, 3);
        QCOMPARE(doc->sections[1].endLine, 7);
    }

    void transcript_boldSpeakerTurnsAreTurns()
    {
        const QByteArray text = "---\ndate: 2023-05-08T13:56:00\nkind: transcript\n---\n\n# Session\n\n"
                                "**Caroline** (D1:1): Hey Mel!\n\n**Melanie** (D1:2): Hi! [image: a dog]\n\n"
                                "**Caroline** (D1:3): I went to a support group.\n";
        auto doc = DocumentParser::parse(QStringLiteral("session_01.md"), text);
        QVERIFY(doc.ok());
        QCOMPARE(doc->kind, DocumentKind::Transcript);
        QCOMPARE(doc->sections.size(), 3);
        QVERIFY(doc->sections[0].isTurn);
        QCOMPARE(doc->sections[0].speaker, QStringLiteral("Caroline"));
        QCOMPARE(doc->sections[2].startLine, 12);
        QCOMPARE(doc->created, QDateTime(QDate(2023, 5, 8), QTime(13, 56)));
        QCOMPARE(doc->sections[0].time, doc->created);
    }

    void transcript_detectedFromPlainSpeakerLines()
    {
        auto doc = DocumentParser::parse(QStringLiteral("chat.md"),
                                         "User: how do I index?\n\nAssistant: run engram-cli index\n\n"
                                         "User: thanks\n\nAssistant: welcome\n");
        QCOMPARE(doc->kind, DocumentKind::Transcript);
        QCOMPARE(doc->sections[1].speaker, QStringLiteral("Assistant"));
    }

    void wikiLinksAreCollected()
    {
        auto doc =
            DocumentParser::parse(QStringLiteral("a.md"), "See [[Other Note]] and [[b|alias]] and [[Other Note]].\n");
        QCOMPARE(doc->wikiLinks, (QStringList{QStringLiteral("Other Note"), QStringLiteral("b")}));
    }

    void invalidUtf8_isAnErrorNamingTheLine()
    {
        auto doc = DocumentParser::parse(QStringLiteral("bad.md"), QByteArray("line one\nline two \xC3\x28 broken\n"));
        QVERIFY(!doc.ok());
        QCOMPARE(doc.error().line, 2);
        QCOMPARE(doc.error().path, QStringLiteral("bad.md"));
    }

    void binary_isRefused()
    {
        QByteArray bytes("\x89PNG\r\n\x1a\n", 8);
        bytes.append(QByteArray(64, '\0'));
        auto doc = DocumentParser::parse(QStringLiteral("image.md"), bytes);
        QVERIFY(!doc.ok());
        QVERIFY(doc.error().message.contains(QStringLiteral("binary")));
    }

    void empty_isAnEmptyNote()
    {
        auto doc = DocumentParser::parse(QStringLiteral("empty.md"), QByteArray());
        QVERIFY(doc.ok());
        QVERIFY(doc->sections.isEmpty());
    }

    void crlfAndBom_areHandled()
    {
        auto doc = DocumentParser::parse(QStringLiteral("win.md"), "\xEF\xBB\xBF# T\r\n\r\nbody\r\n");
        QVERIFY(doc.ok());
        QCOMPARE(doc->title, QStringLiteral("T"));
        QCOMPARE(doc->sections.size(), 1);
        QCOMPARE(doc->sections[0].text, QStringLiteral("body"));
    }
};

QTEST_GUILESS_MAIN(TestDocumentParser)
#include "tst_documentparser.moc"
