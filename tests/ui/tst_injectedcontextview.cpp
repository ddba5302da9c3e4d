// What the agent was shown, in the workbench: a captured Claude Code 2.1 session opened from the
// Memories view lists, beside its turns, the pack Engram's SessionStart hook gave it and the
// result of its Engram tool call, each in full as the model received it. Driven by objectName.
#include "ChildByName.h"
#include "InjectedContextPanel.h"
#include "MainWindow.h"
#include "NoteEditor.h"
#include "TestVault.h"

#include <QApplication>
#include <QFile>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <QTreeView>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;
const QString kInVault = QStringLiteral("sessions/2026-12-02/claude-code-95f6d3b1.jsonl");

} // namespace

class TestInjectedContextView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_injectedcontextview"));
    }

    void session_showsWhatEngramGaveTheAgentBesideItsTurns()
    {
        test::TestVault vault;
        QFile sample(test::dataPath(QStringLiteral("agentlogs/claude-code-2.1-hook-mcp.jsonl")));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        vault.write(kInVault, sample.readAll());
        vault.write(QStringLiteral("notes/plain.md"), QByteArray("# Plain\n\nA note, not a session.\n"));
        MainWindow window;
        window.show();
        window.openVault(vault.path());
        auto *table = child<QTreeView>(&window, "memoryTable");
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, kTimeout);
        QModelIndex session;
        QModelIndex note;
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const QModelIndex index = table->model()->index(r, 0);
            (index.data().toString().contains(QLatin1String("Plain")) ? note : session) = index;
        }
        QVERIFY(session.isValid() && note.isValid());
        QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount(session) > 0, kTimeout);
        table->expand(session);
        table->setCurrentIndex(table->model()->index(0, 0, session));

        auto *editor = child<NoteEditor>(&window, "noteEditor");
        QTRY_COMPARE(editor->relativePath(), kInVault);
        auto *panel = child<InjectedContextPanel>(&window, "injectedContextPanel");
        auto *list = child<QListWidget>(&window, "injectedContextList");
        auto *text = child<QPlainTextEdit>(&window, "injectedContextText");
        QVERIFY(panel->isVisible());
        QCOMPARE(list->count(), 2);
        // The pack Engram's hook gave (the person's own SessionStart hook is not Engram's), then the
        // recall result as the model received it: the structuredContent, 159 characters.
        QCOMPARE(list->item(0)->text(), QStringLiteral("Session start pack — 133 characters"));
        QCOMPARE(list->item(1)->text(), QStringLiteral(R"(recall {"query":"index decision"} — 159 characters)"));
        QCOMPARE(list->currentRow(), 0);
        QVERIFY(text->toPlainText().startsWith(QLatin1String("# Engram context pack")));
        list->setCurrentRow(1);
        QVERIFY(text->toPlainText().startsWith(QLatin1String(R"({"results":[{"title":"SQLite FTS5 plus hnswlib")")));
        QVERIFY(text->isReadOnly());

        // The raw lines have no panel beside them; back to the conversation, it is there again.
        auto *raw = child<QPushButton>(&window, "noteRawToggle");
        QTest::mouseClick(raw, Qt::LeftButton);
        QVERIFY(!panel->isVisible());
        QTest::mouseClick(raw, Qt::LeftButton);
        QVERIFY(panel->isVisible());

        // A note is not a session: no panel.
        table->setCurrentIndex(note);
        QTRY_COMPARE(editor->relativePath(), QStringLiteral("notes/plain.md"));
        QVERIFY(!panel->isVisible());
    }
};

QTEST_MAIN(TestInjectedContextView)
#include "tst_injectedcontextview.moc"
