// Drag-and-drop ingestion copies into the chosen folder, resolves name
// collisions and refuses what the indexer cannot read.
#include "OutsideLinks.h"
#include "SecretCorpus.h"
#include "TestVault.h"
#include "VaultIngest.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::OutsideLinks;

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

    // A drop is a paste: text and files pass the redaction gate, the rest of them kept byte for byte.
    void drop_textAndFilesPassTheRedactionGate()
    {
        test::TestVault vault;
        QTemporaryDir outside;
        const QList<test::SecretSample> secrets = test::secretCorpus(test::corpusSeedFromEnvironment());
        QByteArray text = "# Deploy\n";
        for (const test::SecretSample &s : secrets)
            text += s.text + "\n\n";
        const QString file = outside.filePath(QStringLiteral("deploy.md"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        const VaultIngest ingest(vault.path(), QStringLiteral("notes/inbox"));
        const IngestReport dropped = ingest.ingestFiles({QUrl::fromLocalFile(file)});
        const IngestReport pasted = ingest.ingestText(QString::fromUtf8(text));
        QCOMPARE(dropped.written.size(), 1);
        QCOMPARE(pasted.written.size(), 1);
        for (const QString &written : {dropped.written.first(), pasted.written.first()}) {
            const QByteArray kept = vault.read(written);
            // Every line kept (a key keeps its line breaks), each secret replaced where it stood.
            QCOMPARE(kept.count('\n'), text.count('\n'));
            QVERIFY2(kept.contains("[REDACTED:"), kept.left(400).constData());
            for (const test::SecretSample &s : secrets)
                for (const QByteArray &line : test::bodyLines(s.body))
                    QVERIFY2(!kept.contains(line), qPrintable(written + QLatin1Char(' ') + s.kind));
        }
    }

    // The vault boundary: a drop never writes outside the vault.

    void ingest_refusesFolderLinkedOutside()
    {
        test::TestVault vault;
        test::OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("notes/inbox"));
        QTemporaryDir dropped;
        const QString note = dropped.filePath(QStringLiteral("idea.md"));
        QFile f(note);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# Idea\nsomething\n");
        f.close();
        const VaultIngest ingest(vault.path(), QStringLiteral("notes/inbox"));
        const IngestReport files = ingest.ingestFiles({QUrl::fromLocalFile(note)});
        QVERIFY(files.written.isEmpty());
        QCOMPARE(files.refused.size(), 1);
        QVERIFY2(files.refused.first().contains(QLatin1String("notes/inbox resolves to ")),
                 qPrintable(files.refused.first()));
        const IngestReport text = ingest.ingestText(QStringLiteral("hello"));
        QVERIFY(text.written.isEmpty());
        QCOMPARE(text.refused.size(), 1);
        QVERIFY2(text.refused.first().contains(QLatin1String("outside the vault")), qPrintable(text.refused.first()));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void ingest_neverCopiesOverOrThroughAFileLink()
    {
        test::TestVault vault;
        test::OutsideLinks outside;
        outside.linkKeep(vault, QStringLiteral("notes/inbox/keep.md"));
        OutsideLinks::link(vault, QStringLiteral("notes/inbox/idea.md"), outside.folder() + QStringLiteral("/idea.md"));
        QTemporaryDir dropped;
        for (const QString &name : {QStringLiteral("keep.md"), QStringLiteral("idea.md")}) {
            QFile f(dropped.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("# Dropped\n");
        }
        const IngestReport report =
            VaultIngest(vault.path(), QStringLiteral("notes/inbox"))
                .ingestFiles({QUrl::fromLocalFile(dropped.filePath(QStringLiteral("keep.md"))),
                              QUrl::fromLocalFile(dropped.filePath(QStringLiteral("idea.md")))});
        QCOMPARE(report.written,
                 (QStringList{QStringLiteral("notes/inbox/keep (2).md"), QStringLiteral("notes/inbox/idea (2).md")}));
        QVERIFY(QFileInfo(vault.filePath(QStringLiteral("notes/inbox/idea.md"))).isSymLink()); // left as it was
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }
};

QTEST_GUILESS_MAIN(TestVaultIngest)
#include "tst_vaultingest.moc"
