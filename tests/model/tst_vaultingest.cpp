// Drag-and-drop ingestion copies into the chosen folder, resolves name
// collisions and refuses what the indexer cannot read.
#include "TestVault.h"
#include "VaultIngest.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

class TestVaultIngest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ingest_copiesResolvesCollisionsAndRefusesUnsupported()
    {
        test::TestVault vault;
        QTemporaryDir outside;
        const QString note = outside.filePath(QStringLiteral("idea.md"));
        const QString image = outside.filePath(QStringLiteral("photo.png"));
        for (const QString &path : {note, image}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("# Idea\nsomething\n");
        }
        const VaultIngest ingest(vault.path(), QStringLiteral("notes/inbox"));
        const IngestReport first = ingest.ingestFiles({QUrl::fromLocalFile(note), QUrl::fromLocalFile(image)});
        QCOMPARE(first.written, QStringList{QStringLiteral("notes/inbox/idea.md")});
        QCOMPARE(first.refused.size(), 1);
        QVERIFY(first.refused.first().contains(QLatin1String("photo.png")));
        const IngestReport second = ingest.ingestFiles({QUrl::fromLocalFile(note)});
        QCOMPARE(second.written, QStringList{QStringLiteral("notes/inbox/idea (2).md")});
        QVERIFY(QFile::exists(note)); // copied, never moved
        QCOMPARE(vault.read(QStringLiteral("notes/inbox/idea (2).md")), QByteArray("# Idea\nsomething\n"));
    }

    void ingestText_writesANote()
    {
        test::TestVault vault;
        const IngestReport report =
            VaultIngest(vault.path(), QStringLiteral("../escape")).ingestText(QStringLiteral("hello"));
        QCOMPARE(report.written.size(), 1);
        QVERIFY(report.written.first().startsWith(QLatin1String("notes/inbox/")));
        QCOMPARE(vault.read(report.written.first()), QByteArray("hello"));
    }
};

QTEST_GUILESS_MAIN(TestVaultIngest)
#include "tst_vaultingest.moc"
