#include "ingest/Tagger.h"

#include <QTest>

using namespace engram;

namespace {

Tags inferredTags(const QString &store, const QString &layer)
{
    Tags tags;
    tags.region = Tag{QStringLiteral("episodic"), false};
    tags.store = Tag{store, false};
    tags.layer = Tag{layer, false};
    return tags;
}

Chunk chunkSaying(const QString &text)
{
    Chunk chunk;
    chunk.text = text;
    return chunk;
}

} // namespace

class TestTagger : public QObject {
    Q_OBJECT
private slots:
    void tagChunk_makesAGoalInANoteProspective()
    {
        Chunk chunk = chunkSaying(QStringLiteral("Our goal: ship the CLI by Friday."));
        Tagger::tagChunk(inferredTags(QStringLiteral("semantic"), QStringLiteral("raw")), chunk);
        QCOMPARE(chunk.tags.category.value, QStringLiteral("goal"));
        QCOMPARE(chunk.tags.store.value, QStringLiteral("prospective"));
    }

    void tagChunk_keepsAFactDigestSemanticWhenItReportsAPlan_data()
    {
        QTest::addColumn<QString>("layer");
        for (const char *layer : {"session", "daily", "weekly", "fact"})
            QTest::newRow(layer) << QString::fromLatin1(layer);
    }

    void tagChunk_keepsAFactDigestSemanticWhenItReportsAPlan()
    {
        QFETCH(QString, layer);
        Chunk chunk =
            chunkSaying(QStringLiteral("- **Melanie**: I plan to run a charity race; my goal is the autumn one."));
        Tagger::tagChunk(inferredTags(QStringLiteral("semantic"), layer), chunk);
        QCOMPARE(chunk.tags.category.value, QStringLiteral("goal"));
        QCOMPARE(chunk.tags.store.value, QStringLiteral("semantic")); // not a reminder of the person's own
    }

    void tagChunk_neverOverridesAnExplicitStore()
    {
        Chunk chunk = chunkSaying(QStringLiteral("The goal is a faster index."));
        Tags tags = inferredTags(QStringLiteral("semantic"), QStringLiteral("raw"));
        tags.store.isExplicit = true;
        Tagger::tagChunk(tags, chunk);
        QCOMPARE(chunk.tags.store.value, QStringLiteral("semantic"));
    }
};

QTEST_GUILESS_MAIN(TestTagger)
#include "tst_tagger.moc"
