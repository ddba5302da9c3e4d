// A captured agent session in the workbench, driven by objectName: the Memories view shows it
// as one row titled by its request; selecting one of its turns renders the conversation with the recalled turn
// highlighted; the raw lines are one click away and read-only until Edit. Tools › Connect
// Agent… shows the dry run's diff, applies it and takes it out again, in a throwaway HOME.
#include "ChildByName.h"
#include "ConnectAgentDialog.h"
#include "ConversationView.h"
#include "MainWindow.h"
#include "NoteEditor.h"
#include "Roles.h"
#include "TestVault.h"
#include "VaultSession.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTreeView>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;
const QString kSample =
    QStringLiteral("samples/claude-code/projects/-path-to-Demo/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
const QString kInVault = QStringLiteral("sessions/2025-09-03/claude-code-fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");

const QString kCodexSample = QStringLiteral(
    "samples/codex/sessions/2025/09/25/rollout-2025-09-25T08-02-05-0199812e-64f0-7f73-91fc-095dda01c36e.jsonl");
const QString kCodexInVault = QStringLiteral("sessions/2025-09-25/codex-0199812e-64f0-7f73-91fc-095dda01c36e.jsonl");
const QString kMonorepoSample =
    QStringLiteral("samples/claude-code/projects/-Users-jnarowski-Dev-sourceborn-src-agent-workflows-monorepo-v2/"
                   "2d984148-cddb-4605-aac1-13e720fe613c.jsonl");
const QString kMonorepoInVault =
    QStringLiteral("sessions/2025-10-28/claude-code-2d984148-cddb-4605-aac1-13e720fe613c.jsonl");

using test::readShared;

/// Clicks the first link of `view` whose target starts with `prefix`, where it is drawn.
bool clickAnchor(QTextBrowser *view, const QString &prefix)
{
    for (QTextBlock block = view->document()->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().anchorHref().startsWith(prefix))
                continue;
            QTextCursor cursor(view->document());
            cursor.setPosition(fragment.position() + 1);
            view->ensureCursorVisible();
            view->setTextCursor(cursor);
            view->ensureCursorVisible();
            QRect at = view->cursorRect(cursor);
            const QPoint point(at.left() - 3, at.center().y());
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, point);
            return true;
        }
    return false;
}

} // namespace

class TestSessionView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_sessionview"));
        qputenv("TZ", "UTC");
    }

    void transcript_rendersAsConversationWithTheRecalledTurnHighlighted()
    {
        ENGRAM_REQUIRE_SHARED(kSample);
        test::TestVault vault;
        QFile sample(test::sharedPath(kSample));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const QByteArray bytes = sample.readAll();
        vault.write(kInVault, bytes);
        MainWindow window;
        window.show();
        window.openVault(vault.path());
        auto *table = child<QTreeView>(&window, "memoryTable");
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 1, kTimeout);
        const QModelIndex session = table->model()->index(0, 0);
        QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount(session) > 5, kTimeout);

        // The session's row is titled by its request, project and date, not by its UUID; pick a
        // turn from the middle of the session, as a recall would land there.
        QCOMPARE(session.data(Qt::DisplayRole).toString(),
                 QStringLiteral("create TODO app by Next.js — Demo, 2025-09-03"));
        int row = -1;
        for (int r = 0; r < table->model()->rowCount(session) && row < 0; ++r)
            if (table->model()->index(r, 0, session).data(StartLineRole).toInt() > 100)
                row = r;
        QVERIFY(row >= 0);
        const QModelIndex turn = table->model()->index(row, 0, session);
        const int start = turn.data(StartLineRole).toInt();
        const int end = turn.data(EndLineRole).toInt();
        table->expand(session);
        table->setCurrentIndex(turn);

        auto *editor = child<NoteEditor>(&window, "noteEditor");
        auto *conversation = child<ConversationView>(&window, "conversationView");
        auto *stack = child<QStackedWidget>(&window, "noteSourceStack");
        QTRY_COMPARE(editor->relativePath(), kInVault);
        QVERIFY(editor->isTranscript());
        QCOMPARE(stack->currentWidget(), static_cast<QWidget *>(conversation));
        QVERIFY(conversation->isVisible());
        QVERIFY(conversation->toPlainText().contains(QLatin1String("/orchestrator create TODO app by Next.js")));
        QVERIFY(!conversation->toPlainText().contains(QLatin1String("\"type\":\"assistant\""))); // not JSON
        QVERIFY(conversation->toPlainText().contains(QStringLiteral("▸ Bash")));
        // The recalled turn is highlighted: it holds the memory's lines.
        const QList<int> highlighted = conversation->highlightedTurns();
        QVERIFY(!highlighted.isEmpty());
        for (int turn : highlighted)
            QVERIFY(conversation->conversation().turns[turn].overlaps(start, end));
        // A turn chosen by a click is "this memory", not "recalled".
        QVERIFY(conversation->toPlainText().contains(QStringLiteral("· this memory")));
        QVERIFY(!conversation->toPlainText().contains(QStringLiteral("recalled")));

        // The raw file, one click away, read-only until the person asks to edit.
        auto *raw = child<QPushButton>(&window, "noteRawToggle");
        auto *text = child<QPlainTextEdit>(&window, "noteText");
        QVERIFY(raw->isVisible());
        QTest::mouseClick(raw, Qt::LeftButton);
        QCOMPARE(stack->currentWidget(), static_cast<QWidget *>(text));
        QCOMPARE(text->toPlainText().toUtf8(), bytes);
        QVERIFY(text->isReadOnly());
        QTest::keyClicks(text, QStringLiteral("typed"));
        QVERIFY(!text->document()->isModified());
        auto *edit = child<QPushButton>(&window, "noteEditButton");
        QTest::mouseClick(edit, Qt::LeftButton);
        QVERIFY(!text->isReadOnly());
        QVERIFY(!edit->isEnabled());
        QTest::mouseClick(raw, Qt::LeftButton); // back to the conversation
        QCOMPARE(stack->currentWidget(), static_cast<QWidget *>(conversation));
        QCOMPARE(vault.read(kInVault), bytes);
    }

    void conversation_toolCallsUnfold_codexZeroIsNoDuration_noiseTurnsAreNotListed()
    {
        ENGRAM_REQUIRE_SHARED(kSample);
        ENGRAM_REQUIRE_SHARED(kCodexSample);
        ENGRAM_REQUIRE_SHARED(kMonorepoSample);
        test::TestVault vault;
        vault.write(kInVault, readShared(kSample));
        vault.write(kCodexInVault, readShared(kCodexSample));
        vault.write(kMonorepoInVault, readShared(kMonorepoSample));
        MainWindow window;
        window.resize(1200, 780);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openVault(vault.path());
        auto *table = child<QTreeView>(&window, "memoryTable");
        auto *conversation = child<ConversationView>(&window, "conversationView");
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 3, kTimeout);
        const auto open = [&](const QString &path) {
            for (int r = 0; r < table->model()->rowCount(); ++r)
                if (table->model()->index(r, 0).data(PathRole).toString() == path)
                    table->setCurrentIndex(table->model()->index(r, 0));
        };

        // The ▸ of a tool call is a link that unfolds it to its input and output; a second click folds it.
        open(kInVault);
        QTRY_VERIFY_WITH_TIMEOUT(conversation->toPlainText().contains(QStringLiteral("▸ Bash")), kTimeout);
        // The first call drawn: the first tool-call part of the first turn that has one.
        const ConversationToolCall *first = nullptr;
        for (const ConversationTurn &turn : conversation->conversation().turns)
            for (const ConversationPart &part : turn.parts)
                if (!first && part.toolCall >= 0)
                    first = &turn.toolCalls.at(part.toolCall);
        QVERIFY(first);
        // Its input as the transcript wrote it: a JSON object, one key a line.
        const QString inputLine = first->input.split(QLatin1Char('\n')).value(1).trimmed();
        QVERIFY2(inputLine.startsWith(u'"'), qPrintable(first->input));
        QVERIFY(!conversation->toPlainText().contains(QStringLiteral("▾")));
        QVERIFY(clickAnchor(conversation, QStringLiteral("call:")));
        QTRY_VERIFY(conversation->toPlainText().contains(QStringLiteral("▾")));
        QVERIFY(conversation->toPlainText().contains(QStringLiteral("\nInput\n")));
        QVERIFY(conversation->toPlainText().contains(QStringLiteral("\nOutput\n")));
        QVERIFY2(conversation->toPlainText().contains(inputLine), qPrintable(inputLine));
        QVERIFY(clickAnchor(conversation, QStringLiteral("call:")));
        QTRY_VERIFY(!conversation->toPlainText().contains(QStringLiteral("▾")));
        QVERIFY(!conversation->toPlainText().contains(QStringLiteral("\nOutput\n")));

        // Codex writes 0.0 s for a call under 0.05 s: no "0 ms".
        open(kCodexInVault);
        QTRY_VERIFY_WITH_TIMEOUT(conversation->conversation().agent == QLatin1String("codex"), kTimeout);
        QVERIFY(conversation->toPlainText().contains(QStringLiteral("▸ shell")));
        QVERIFY2(!conversation->toPlainText().contains(QStringLiteral(" 0 ms")),
                 qPrintable(conversation->toPlainText().left(3000)));

        // The session opens with a /clear (line 3) and the local command's empty output (line 4):
        // its first turn is the request of line 6, nothing before it.
        open(kMonorepoInVault);
        QTRY_VERIFY_WITH_TIMEOUT(
            conversation->conversation().sessionId == QLatin1String("2d984148-cddb-4605-aac1-13e720fe613c"), kTimeout);
        const ConversationTurn &opening = conversation->conversation().turns.first();
        QCOMPARE(opening.startLine, 6);
        QVERIFY2(opening.text().startsWith(QLatin1String("Can you add the first two initials")),
                 qPrintable(opening.text()));
        const QString shown = conversation->toPlainText();
        QVERIFY2(!shown.contains(QStringLiteral("/clear")), qPrintable(shown.left(2000)));
        QVERIFY2(!shown.contains(QStringLiteral("local-command")), qPrintable(shown.left(2000)));
    }

    void note_staysAnEditableTextWithoutConversationControls()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nA plain note.\n"));
        MainWindow window;
        window.show();
        window.openVault(vault.path());
        auto *table = child<QTreeView>(&window, "memoryTable");
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 1, kTimeout);
        table->setCurrentIndex(table->model()->index(0, 0));
        auto *text = child<QPlainTextEdit>(&window, "noteText");
        QTRY_VERIFY(text->toPlainText().contains(QLatin1String("plain note")));
        QVERIFY(text->isVisible());
        QVERIFY(!text->isReadOnly());
        QVERIFY(!child<QPushButton>(&window, "noteRawToggle")->isVisible());
        QVERIFY(!child<QPushButton>(&window, "noteEditButton")->isVisible());
    }

    void connectDialog_showsTheDryRunThenAppliesAndRemoves()
    {
        QTemporaryDir home;
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", home.path().toUtf8());
        const QString configDir = home.filePath(QStringLiteral("claude-config"));
        qputenv("CLAUDE_CONFIG_DIR", configDir.toUtf8());
        // The hooks run engram-cli: the dialog finds the one this build made on the PATH.
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", QFileInfo(QStringLiteral(ENGRAM_CLI_PATH)).absolutePath().toUtf8() + ':' + oldPath);
        QDir().mkpath(configDir);
        const QString settingsPath = configDir + QStringLiteral("/settings.json");
        const QByteArray original =
            R"({"theme": "dark", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}})";
        {
            QFile f(settingsPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(original);
        }
        test::TestVault vault;
        MainWindow window;
        window.show();
        window.openVault(vault.path());
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), kTimeout);
        child<QAction>(&window, "actionConnectAgent")->trigger();
        auto *dialog = child<ConnectAgentDialog>(&window, "connectAgentDialog");
        QVERIFY(dialog->isVisible());
        auto *diff = child<QPlainTextEdit>(dialog, "connectDiff");
        auto *apply = child<QPushButton>(dialog, "connectApplyButton");
        // The dry run names the settings file and adds Engram's hooks; nothing is written yet.
        QVERIFY2(diff->toPlainText().contains(settingsPath), qPrintable(diff->toPlainText()));
        QVERIFY(diff->toPlainText().contains(QLatin1String("+")));
        QVERIFY(diff->toPlainText().contains(QLatin1String("hook")));
        QVERIFY(apply->isEnabled());
        QFile settings(settingsPath);
        QVERIFY(settings.open(QIODevice::ReadOnly));
        QCOMPARE(settings.readAll(), original);
        settings.close();

        QTest::mouseClick(apply, Qt::LeftButton);
        QVERIFY(settings.open(QIODevice::ReadOnly));
        const QJsonObject connected = QJsonDocument::fromJson(settings.readAll()).object();
        settings.close();
        QCOMPARE(connected.value(QStringLiteral("theme")).toString(), QStringLiteral("dark"));
        QVERIFY(QJsonDocument(connected).toJson().contains("say done"));
        QVERIFY(QJsonDocument(connected).toJson().contains("engram"));
        QVERIFY(!apply->isEnabled()); // connected: nothing left to apply
        QVERIFY(child<QLabel>(dialog, "connectStatus")->text().contains(QLatin1String("Connected")));

        QTest::mouseClick(child<QPushButton>(dialog, "connectRemoveButton"), Qt::LeftButton);
        QVERIFY(settings.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(settings.readAll()), QJsonDocument::fromJson(original));
        settings.close();
        QVERIFY(apply->isEnabled());
        dialog->close();
        qputenv("HOME", oldHome);
        qputenv("PATH", oldPath);
        qunsetenv("CLAUDE_CONFIG_DIR");
    }
};

QTEST_MAIN(TestSessionView)
#include "tst_sessionview.moc"
