// The vault boundary: every write, move and delete resolves
// the real path and stays inside the vault's real folder; links inside the
// vault that stay inside keep working.
#include "OutsideLinks.h"
#include "TestVault.h"
#include "cognition/CognitiveState.h"
#include "cognition/InteractionLearner.h"
#include "cognition/ToolUsage.h"
#include "consolidation/Consolidator.h"
#include "core/Config.h"
#include "core/VaultBoundary.h"
#include "core/VaultLayout.h"
#include "core/VaultLock.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace engram;
using test::OutsideLinks;
using test::TestVault;

namespace {

QString realVault(const TestVault &vault)
{
    return QFileInfo(vault.path()).canonicalFilePath();
}

QString message(const Status &s)
{
    return s.ok() ? QStringLiteral("(no error)") : s.error().toString();
}

template <typename T>
QString message(const Result<T> &r)
{
    return r.ok() ? QStringLiteral("(no error)") : r.error().toString();
}

} // namespace

class TestVaultBoundary : public QObject {
    Q_OBJECT
private slots:
    void resolveForWrite_acceptsPathsInsideIncludingOnesNotThereYet()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QByteArray("a"));
        const VaultBoundary boundary(vault.path());
        QCOMPARE(*boundary.resolveForWrite(QStringLiteral("notes/a.md")),
                 realVault(vault) + QStringLiteral("/notes/a.md"));
        QCOMPARE(*boundary.resolveForWrite(QStringLiteral("new/deeper/b.md")),
                 realVault(vault) + QStringLiteral("/new/deeper/b.md"));
        QCOMPARE(*VaultBoundary::resolveForWrite(vault.path(), vault.filePath(QStringLiteral("notes/a.md"))),
                 realVault(vault) + QStringLiteral("/notes/a.md"));
    }

    void resolveForWrite_refusesFolderLinkOutsideAndNamesWhereItLeads()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("notes/linked"));
        auto r = VaultBoundary(vault.path())
                     .resolveForWrite(QStringLiteral("notes/linked/keep.md"), VaultBoundary::Act::Move);
        QVERIFY(!r.ok());
        const QString expected = QStringLiteral("notes/linked/keep.md resolves to %1, outside the vault %2; not moved")
                                     .arg(QFileInfo(outside.keepPath()).canonicalFilePath(), realVault(vault));
        QCOMPARE(r.error().toString(), expected);
        // A file not there yet below the link is outside all the same.
        QVERIFY(!VaultBoundary(vault.path()).resolveForWrite(QStringLiteral("notes/linked/new/x.md")).ok());
    }

    void resolveForWrite_refusesFileLinkOutsideAndBrokenLinkOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkKeep(vault, QStringLiteral("notes/keep-link.md"));
        OutsideLinks::link(vault, QStringLiteral("notes/broken.md"), outside.folder() + QStringLiteral("/new.md"));
        const VaultBoundary boundary(vault.path());
        auto file = boundary.resolveForWrite(QStringLiteral("notes/keep-link.md"));
        QVERIFY(!file.ok());
        QVERIFY2(file.error().message.startsWith(QLatin1String("notes/keep-link.md resolves to ")),
                 qPrintable(message(file)));
        auto broken = boundary.resolveForWrite(QStringLiteral("notes/broken.md"));
        QVERIFY(!broken.ok());
        QVERIFY2(broken.error().message.contains(QLatin1String("/new.md, outside the vault")),
                 qPrintable(message(broken)));
        // The link itself is inside: it may be moved or deleted as an entry.
        QCOMPARE(*boundary.resolveEntry(QStringLiteral("notes/keep-link.md"), VaultBoundary::Act::Delete),
                 realVault(vault) + QStringLiteral("/notes/keep-link.md"));
    }

    void resolveForWrite_refusesDotDotThatLeavesTheVaultThroughALink()
    {
        TestVault vault;
        OutsideLinks outside;
        vault.write(QStringLiteral("notes/a.md"), QByteArray("a"));
        outside.linkFolder(vault, QStringLiteral("notes/linked"));
        const VaultBoundary boundary(vault.path());
        // Lexically "notes/linked/../a.md" is notes/a.md; the file system goes to the outside folder's parent.
        QVERIFY(!boundary.resolveForWrite(QStringLiteral("notes/linked/../a.md")).ok());
        QVERIFY(!boundary.resolveForWrite(QStringLiteral("../escape.md")).ok());
        // Climbing out of a folder not there yet lands on the link all the same.
        QVERIFY(!boundary.resolveForWrite(QStringLiteral("notes/new/../linked/x.md")).ok());
        QVERIFY(!boundary.writeFile(QStringLiteral("notes/new/../linked/x.md"), QByteArray("x")).ok());
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        QVERIFY(!boundary.resolveEntry(QStringLiteral("notes/.."), VaultBoundary::Act::Delete).ok());
        QVERIFY(!boundary.resolveEntry(QString(), VaultBoundary::Act::Delete).ok());
    }

    void resolveForWrite_followsLinksThatStayInside()
    {
        TestVault vault;
        vault.write(QStringLiteral("library/real.md"), QByteArray("r"));
        OutsideLinks::link(vault, QStringLiteral("notes/alias"), vault.filePath(QStringLiteral("library")));
        OutsideLinks::link(vault, QStringLiteral("notes/short.md"), QStringLiteral("../library/real.md"));
        const VaultBoundary boundary(vault.path());
        QCOMPARE(*boundary.resolveForWrite(QStringLiteral("notes/alias/real.md")),
                 realVault(vault) + QStringLiteral("/library/real.md"));
        QCOMPARE(*boundary.resolveForWrite(QStringLiteral("notes/short.md")),
                 realVault(vault) + QStringLiteral("/library/real.md"));
        QVERIFY(boundary.writeFile(QStringLiteral("notes/short.md"), QByteArray("through")).ok());
        QCOMPARE(vault.read(QStringLiteral("library/real.md")), QByteArray("through"));
        QVERIFY(QFileInfo(vault.filePath(QStringLiteral("notes/short.md"))).isSymLink()); // the link stays a link
    }

    void resolveForWrite_acceptsAVaultReachedThroughALink()
    {
        TestVault vault;
        QTemporaryDir elsewhere;
        const QString alias = elsewhere.filePath(QStringLiteral("vault-alias"));
        QVERIFY(QFile::link(vault.path(), alias));
        QVERIFY(VaultBoundary(alias).writeFile(QStringLiteral("notes/a.md"), QByteArray("a")).ok());
        QCOMPARE(vault.read(QStringLiteral("notes/a.md")), QByteArray("a"));
    }

    void resolveForWrite_refusesALoopOfLinks()
    {
        TestVault vault;
        OutsideLinks::link(vault, QStringLiteral("notes/a"), vault.filePath(QStringLiteral("notes/b")));
        OutsideLinks::link(vault, QStringLiteral("notes/b"), vault.filePath(QStringLiteral("notes/a")));
        auto r = VaultBoundary(vault.path()).resolveForWrite(QStringLiteral("notes/a/x.md"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.contains(QLatin1String("loop")), qPrintable(message(r)));
    }

    void writeFile_refusesFolderLinkAndFileLinkOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("notes/linked"));
        outside.linkKeep(vault, QStringLiteral("notes/keep-link.md"));
        const VaultBoundary boundary(vault.path());
        for (const QString &path : {QStringLiteral("notes/linked/keep.md"), QStringLiteral("notes/linked/new.md"),
                                    QStringLiteral("notes/keep-link.md")}) {
            const Status s = boundary.writeFile(path, QByteArray("overwritten"));
            QVERIFY2(!s.ok() && s.error().message.startsWith(path + QStringLiteral(" resolves to ")),
                     qPrintable(message(s)));
            QVERIFY2(outside.untouched(), qPrintable(path + QStringLiteral(": ") + outside.listing()));
        }
    }

    void moveAndRemove_actOnALinkNeverItsTarget()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkKeep(vault, QStringLiteral("notes/keep-link.md"));
        outside.linkFolder(vault, QStringLiteral("notes/linked"));
        const VaultBoundary boundary(vault.path());
        QVERIFY2(boundary.move(QStringLiteral("notes/keep-link.md"), QStringLiteral("archive/notes/keep-link.md")).ok(),
                 "a link inside the vault moves as a link");
        QVERIFY(QFileInfo(vault.filePath(QStringLiteral("archive/notes/keep-link.md"))).isSymLink());
        QVERIFY(boundary.remove(QStringLiteral("archive/notes/keep-link.md")).ok());
        QVERIFY(!boundary.move(QStringLiteral("notes/linked/keep.md"), QStringLiteral("archive/keep.md")).ok());
        QVERIFY(!boundary.move(QStringLiteral("notes/linked"), QStringLiteral("notes/linked/inner")).ok());
        QVERIFY(!boundary.remove(QStringLiteral("notes/linked/keep.md")).ok());
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void cognitiveStoreSave_refusesStateFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("state"));
        CognitiveStore store(vault.path());
        QVERIFY(store.load().ok()); // no cognitive.json yet: the default state
        const Status s = store.addAvoidance(QStringLiteral("writing outside the vault"));
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(QLatin1String("state/cognitive.json resolves to ")),
                 qPrintable(message(s)));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void cognitiveStoreSave_refusesFileLinkOutside()
    {
        TestVault vault;
        OutsideLinks outside(QByteArrayLiteral("{}\n")); // a state the store can read
        outside.linkKeep(vault, CognitiveStore::relativePath());
        CognitiveStore store(vault.path());
        QVERIFY(store.load().ok());
        const Status s = store.addAvoidance(QStringLiteral("writing through links"));
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(QLatin1String("state/cognitive.json resolves to ")),
                 qPrintable(message(s)));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void lockFiles_refuseALinkOrASecondNameOfAFileOutside()
    {
        // A lock's holder is written into its file: a link or hard link in its place would carry that
        // write (and a truncation) out of the vault.
        TestVault vault;
        QDir().mkpath(vault.filePath(QStringLiteral(".engram")));
        OutsideLinks outside;
        outside.linkKeep(vault, QStringLiteral(".engram/index.lock"));
        auto index = VaultLock::acquire(vault.path(), VaultLock::Kind::Index, 0);
        QVERIFY(!index.ok());
        QVERIFY2(index.error().toString().contains(QLatin1String("is a link")), qPrintable(message(index)));
        QVERIFY(::link(QFile::encodeName(outside.keepPath()).constData(),
                       QFile::encodeName(vault.filePath(QStringLiteral(".engram/journal.lock"))).constData())
                == 0);
        auto journal = VaultLock::acquire(vault.path(), VaultLock::Kind::Journal, 0);
        QVERIFY(!journal.ok());
        QVERIFY2(journal.error().toString().contains(QLatin1String("second name")), qPrintable(message(journal)));
        QFile::remove(vault.filePath(QStringLiteral(".engram/journal.lock"))); // the vault's name of it
        // The index's own open lock too: the engine does not open, and says why.
        outside.linkKeep(vault, QStringLiteral(".engram/open.lock"));
        auto engine = Engine::open(vault.path());
        QVERIFY(!engine.ok());
        QVERIFY2(engine.error().toString().contains(QLatin1String("open.lock")), qPrintable(message(engine)));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void toolUsageRecord_refusesStateFolderAndFileLinkedOutside()
    {
        for (const bool folderLink : {true, false}) {
            TestVault vault;
            OutsideLinks outside(QByteArray{}); // an empty log the tool counter can read
            if (folderLink)
                outside.linkFolder(vault, QStringLiteral("state"));
            else
                outside.linkKeep(vault, ToolUsage::relativePath());
            auto added = ToolUsage(vault.path())
                             .recordCall(QStringLiteral("recall"), true, 12, QStringLiteral("s1"), QStringLiteral("c1"),
                                         QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC));
            QVERIFY(!added.ok());
            QVERIFY2(added.error().toString().contains(QLatin1String("outside the vault")), qPrintable(message(added)));
            QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        }
    }

    void consolidation_refusesDigestFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        vault.write(QStringLiteral("sessions/2026-01-05/alpha.md"),
                    QStringLiteral("---\nkind: transcript\ndate: 2026-01-05T10:00:00\n---\n\n# Session\n\n"
                                   "**Ada**: We decided to store the index in SQLite with FTS5.\n\n"
                                   "**Bo**: Rule: never write the vault without QSaveFile.\n\n"));
        outside.linkFolder(vault, QStringLiteral("consolidated"));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        (*engine)->index();
        ConsolidationOptions options;
        options.now = QDateTime(QDate(2026, 2, 1), QTime(3, 0), Qt::UTC);
        auto report = Consolidator(**engine).run(options);
        QVERIFY(!report.ok());
        QVERIFY2(report.error().toString().contains(QLatin1String("consolidated/"))
                     && report.error().toString().contains(QLatin1String("outside the vault")),
                 qPrintable(message(report)));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void initialize_neverWritesTheWelcomeNoteIntoAFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("notes"));
        // The linked folder holds a file, so the vault is not empty: nothing to welcome, nothing written.
        QVERIFY2(VaultLayout::initialize(vault.path()).ok(), "a vault may read notes from a folder linked in");
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        // A link to a folder that is not there is not created through.
        TestVault dangling;
        OutsideLinks::link(dangling, QStringLiteral("notes"), outside.folder() + QStringLiteral("/notes"));
        const Status s = VaultLayout::initialize(dangling.path());
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(QLatin1String("notes resolves to ")), qPrintable(message(s)));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void interactionLearnerWriteMemory_refusesStoreFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("memories/episodic"));
        auto written = InteractionLearner::writeMemory(
            vault.path(), QStringLiteral("episodic"), QStringLiteral("The user prefers short answers."),
            QStringLiteral("correction"), QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC));
        QVERIFY(!written.ok());
        QVERIFY2(written.error().toString().contains(QLatin1String("memories/episodic resolves to ")),
                 qPrintable(message(written)));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void configSave_refusesFileLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkKeep(vault, QStringLiteral("engram.json"));
        const Status s = Config().save(vault.path());
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(QLatin1String("engram.json resolves to ")), qPrintable(message(s)));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void index_readsThroughAFolderLinkThatStaysInside()
    {
        TestVault vault;
        vault.write(QStringLiteral(".shelf/heron.md"),
                    QStringLiteral("# Heron\n\nThe grey heron waits by the pond.\n"));
        OutsideLinks::link(vault, QStringLiteral("notes/shelf"), vault.filePath(QStringLiteral(".shelf")));
        auto engine = test::openIndexed(vault);
        QCOMPARE(internals(*engine).store().chunksOfFile(QStringLiteral("notes/shelf/heron.md")).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestVaultBoundary)
#include "tst_vaultboundary.moc"
