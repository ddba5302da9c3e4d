#include "TestVault.h"
#include "core/VaultLayout.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace engram;

class TestVaultLayout : public QObject {
    Q_OBJECT
private slots:
    void initialize_createsFoldersAndAWelcomeNoteInAnEmptyVault()
    {
        test::TestVault vault;
        const QString path = vault.filePath(QStringLiteral("new vault"));
        QVERIFY(VaultLayout::initialize(path).ok());
        for (const QString &folder : VaultLayout::folders())
            QVERIFY2(QDir(path).exists(folder), qPrintable(folder));
        QVERIFY(QFile::exists(QDir(path).filePath(QStringLiteral("notes/welcome.md"))));
    }

    void initialize_neverTouchesAnExistingVault()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("notes/mine.md"), QStringLiteral("# Mine\n"));
        const QByteArray before = vault.fingerprint();
        QVERIFY(VaultLayout::initialize(vault.path()).ok());
        QVERIFY(!QFile::exists(vault.filePath(QStringLiteral("notes/welcome.md"))));
        QCOMPARE(vault.fingerprint(), before);
        QVERIFY(QDir(vault.path()).exists(QStringLiteral("state")));
    }

    void initialize_onAFileIsAnError()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("plain"), QByteArray("x"));
        QVERIFY(!VaultLayout::initialize(vault.filePath(QStringLiteral("plain"))).ok());
    }
};

QTEST_GUILESS_MAIN(TestVaultLayout)
#include "tst_vaultlayout.moc"
