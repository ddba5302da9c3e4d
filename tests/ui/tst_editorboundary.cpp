// The workbench editors save only inside the vault: the
// note editor and the cognitive-state editor refuse a save that a link would
// carry outside, and still save through links that stay inside.
#include "CognitiveStateDocument.h"
#include "NoteEditor.h"
#include "OutsideLinks.h"
#include "TestVault.h"

#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

using namespace engram;
using test::OutsideLinks;
using test::TestVault;

namespace {

/// Opens `relative` in `editor`, types `text` over it and saves; returns whether the save succeeded.
bool editAndSave(NoteEditor &editor, const TestVault &vault, const QString &relative, const QString &text)
{
    editor.openFile(vault.path(), relative);
    auto *area = editor.findChild<QPlainTextEdit *>(QStringLiteral("noteText"));
    if (!area)
        qFatal("the note editor has no noteText");
    area->selectAll();
    QTest::keyClicks(area, text);
    return editor.save(true);
}

QString bannerText(const NoteEditor &editor)
{
    const auto *banner = editor.findChild<QWidget *>(QStringLiteral("noteConflictBanner"));
    const auto *label = banner ? banner->findChild<QLabel *>() : nullptr;
    return label ? label->text() : QString();
}

} // namespace

class TestEditorBoundary : public QObject {
    Q_OBJECT
private slots:
    void noteEditorSave_refusesFolderLinkAndFileLinkOutside()
    {
        for (const bool folderLink : {true, false}) {
            TestVault vault;
            OutsideLinks outside;
            QString relative;
            if (folderLink) {
                outside.linkFolder(vault, QStringLiteral("notes/linked"));
                relative = QStringLiteral("notes/linked/keep.md");
            } else {
                outside.linkKeep(vault, QStringLiteral("notes/keep-link.md"));
                relative = QStringLiteral("notes/keep-link.md");
            }
            NoteEditor editor;
            QVERIFY(!editAndSave(editor, vault, relative, QStringLiteral("overwritten")));
            QVERIFY2(bannerText(editor).contains(relative + QStringLiteral(" resolves to ")),
                     qPrintable(bannerText(editor)));
            QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        }
    }

    void noteEditorSave_writesThroughALinkThatStaysInside()
    {
        TestVault vault;
        vault.write(QStringLiteral("library/real.md"), QByteArray("# Real\n"));
        OutsideLinks::link(vault, QStringLiteral("notes/short.md"), QStringLiteral("../library/real.md"));
        NoteEditor editor;
        QVERIFY2(editAndSave(editor, vault, QStringLiteral("notes/short.md"), QStringLiteral("# Edited")),
                 qPrintable(bannerText(editor)));
        QCOMPARE(vault.read(QStringLiteral("library/real.md")), QByteArray("# Edited"));
        QVERIFY(QFileInfo(vault.filePath(QStringLiteral("notes/short.md"))).isSymLink());
    }

    void stateEditorSave_refusesStateFolderAndFileLinkedOutside()
    {
        for (const bool folderLink : {true, false}) {
            TestVault vault;
            OutsideLinks outside(QByteArrayLiteral("{}\n")); // a state the editor can open
            if (folderLink)
                outside.linkFolder(vault, QStringLiteral("state"));
            else
                outside.linkKeep(vault, CognitiveStore::relativePath());
            CognitiveStateDocument document;
            const Status opened = document.open(vault.path());
            QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().toString()));
            document.addItem(StateList::Avoidances, QStringLiteral("writing outside the vault"));
            const Status s = document.save();
            QVERIFY(!s.ok());
            QVERIFY2(s.error().toString().contains(QLatin1String("state/cognitive.json resolves to ")),
                     qPrintable(s.error().toString()));
            QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        }
    }
};

QTEST_MAIN(TestEditorBoundary)
#include "tst_editorboundary.moc"
