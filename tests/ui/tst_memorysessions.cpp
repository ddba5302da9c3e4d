// The Memories view on a vault of notes and two real Claude Code sessions, driven by objectName:
// each session is one row titled by its request, project and date that expands into its turns in
// the order they were said; searching for a word of one turn keeps its session visible with that
// turn; selecting a turn shows the conversation at that turn, highlighted, and selecting the
// session shows the whole conversation from its start. Saving a note still changes one row, and
// a session that grows updates its own row and appends its new turns, never a reset.
#include "ChildByName.h"
#include "ConversationView.h"
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "MemoryTableModel.h"
#include "NoteEditor.h"
#include "Roles.h"
#include "TestVault.h"
#include "VaultInsights.h"
#include "VaultSession.h"

#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTest>
#include <QTreeView>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;
const int kNotes = 20;
const QString kDemo =
    QStringLiteral("samples/claude-code/projects/-path-to-Demo/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
const QString kDemoInVault =
    QStringLiteral("sessions/2025-09-03/claude-code-fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
const QString kDemoTitle = QStringLiteral("create TODO app by Next.js — Demo, 2025-09-03");
const QString kSecond =
    QStringLiteral("samples/claude-code/projects/-path-to-Demo/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl");
const QString kSecondInVault =
    QStringLiteral("sessions/2025-09-07/claude-code-5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl");
const int kSecondFirstLines = 30; // the session as first captured; it goes on to 53 lines

QByteArray readShared(const QString &relative)
{
    QFile file(test::sharedPath(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    return file.readAll();
}

QByteArray firstLines(const QByteArray &bytes, int lines)
{
    qsizetype at = 0;
    for (int i = 0; i < lines; ++i)
        at = bytes.indexOf('\n', at) + 1;
    return bytes.left(at);
}

QModelIndex rowOfPath(const QAbstractItemModel *model, const QString &path)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(PathRole).toString() == path)
            return model->index(r, 0);
    return {};
}

struct ModelSignals {
    explicit ModelSignals(QAbstractItemModel *model)
        : reset(model, &QAbstractItemModel::modelAboutToBeReset),
          changed(model, &QAbstractItemModel::dataChanged),
          inserted(model, &QAbstractItemModel::rowsInserted),
          removed(model, &QAbstractItemModel::rowsRemoved)
    { }
    QSignalSpy reset;
    QSignalSpy changed;
    QSignalSpy inserted;
    QSignalSpy removed;
};

} // namespace

class TestMemorySessions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_memorysessions"));
        qputenv("TZ", "UTC");
    }

    void init()
    {
        ENGRAM_REQUIRE_SHARED(kDemo);
        ENGRAM_REQUIRE_SHARED(kSecond);
        m_vault = std::make_unique<test::TestVault>();
        m_vault->write(kDemoInVault, readShared(kDemo));
        m_vault->write(kSecondInVault, firstLines(readShared(kSecond), kSecondFirstLines));
        for (int i = 0; i < kNotes; ++i)
            m_vault->write(QStringLiteral("notes/n%1.md").arg(i, 2, 10, QLatin1Char('0')),
                           QStringLiteral("# Note %1\n\nThe garden of note %1 grows beans.\n").arg(i));
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 800);
        m_window->show();
        m_window->openVault(m_vault->path());
        m_view = child<QTreeView>(m_window.get(), "memoryTable");
        QTRY_COMPARE_WITH_TIMEOUT(m_view->model()->rowCount(), kNotes + 2, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTimeout);
        m_source =
            qobject_cast<MemoryTableModel *>(qobject_cast<QSortFilterProxyModel *>(m_view->model())->sourceModel());
        QVERIFY(m_source);
        QTRY_VERIFY_WITH_TIMEOUT(m_source->hasStrengths() && !m_window->insights()->isPending(), kTimeout);
    }

    void cleanup()
    {
        m_window.reset();
        m_vault.reset();
    }

    void sessions_areOneTitledRowEachThatExpandsIntoTheirTurns()
    {
        const QAbstractItemModel *model = m_view->model();
        int sessions = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex row = model->index(r, 0);
            const bool session = row.data(PathRole).toString().endsWith(QLatin1String(".jsonl"));
            QCOMPARE(model->rowCount(row) > 0, session); // notes stay flat
            if (!session)
                continue;
            ++sessions;
            const QString title = row.data().toString();
            QVERIFY2(!title.isEmpty() && !title.contains(QLatin1String("5c0375b4"))
                         && !title.contains(QLatin1String("fe5e1c67")),
                     qPrintable(title));
            QVERIFY2(title.endsWith(QStringLiteral("— Demo, 2025-09-03"))
                         || title.endsWith(QStringLiteral("— Demo, 2025-09-07")),
                     qPrintable(title));
            const int turns = model->rowCount(row);
            QVERIFY(model->index(r, MemoryTableModel::SourceColumn)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("%1 passage").arg(turns)));
            // Its turns, in the order they were said, each shown by who spoke and what was said.
            int lastLine = 0;
            for (int t = 0; t < turns; ++t) {
                const QModelIndex turn = model->index(t, 0, row);
                QVERIFY(turn.data(StartLineRole).toInt() >= lastLine);
                lastLine = turn.data(StartLineRole).toInt();
                const QString text = turn.data().toString();
                QVERIFY2(text.startsWith(QLatin1String("You: ")) || text.startsWith(QLatin1String("Assistant: ")),
                         qPrintable(text));
                QCOMPARE(model->rowCount(turn), 0);
            }
        }
        QCOMPARE(sessions, 2);
        const QModelIndex demo = rowOfPath(model, kDemoInVault);
        QCOMPARE(demo.data().toString(), kDemoTitle);
        QVERIFY(model->rowCount(demo) > 20);
        QVERIFY(!m_view->isExpanded(demo));
        m_view->expand(demo);
        QVERIFY(m_view->isExpanded(demo));
        QVERIFY(m_view->visualRect(model->index(0, 0, demo)).isValid()); // its first turn is on screen
        // Sorted by title either way, a conversation still reads from its start.
        m_view->sortByColumn(MemoryTableModel::TitleColumn, Qt::DescendingOrder);
        const QModelIndex sorted = rowOfPath(model, kDemoInVault);
        QVERIFY(model->index(0, 0, sorted).data(StartLineRole).toInt()
                < model->index(1, 0, sorted).data(StartLineRole).toInt());
    }

    void aMarkdownTranscript_isOneSessionOfItsSpeakersTurns()
    {
        // A conversation a person keeps in Markdown reads in the list as an agent's session does: one
        // row that expands into its turns, each named by who spoke, not one row per turn.
        const QString path = QStringLiteral("sessions/2023-05-08/support-group.md");
        m_vault->write(path, QStringLiteral("---\nkind: transcript\ntitle: Support group\n---\n\n"
                                            "**Caroline:** I went to the LGBTQ support group yesterday.\n\n"
                                            "**Melanie:** That is wonderful! How did it feel?\n\n"
                                            "**Caroline:** Like coming home, honestly.\n\n"
                                            "**Melanie:** I am so glad. Will you go again next week?\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_source->rowCount(), kNotes + 3, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTimeout);
        const QModelIndex session = rowOfPath(m_source, path);
        QVERIFY(session.isValid());
        QCOMPARE(session.data().toString().section(QStringLiteral(" — "), 0, 0), QStringLiteral("Support group"));
        QCOMPARE(m_source->rowCount(session), 4);
        QCOMPARE(m_source->index(0, 0, session).data().toString(),
                 QStringLiteral("Caroline: I went to the LGBTQ support group yesterday."));
        QCOMPARE(m_source->index(1, 0, session).data().toString(),
                 QStringLiteral("Melanie: That is wonderful! How did it feel?"));
        QCOMPARE(m_source->index(3, 0, session).data(StartLineRole).toInt(), 12);
    }

    void searchForAWordOfOneTurn_keepsItsSessionWithThatTurn()
    {
        auto *model = m_view->model();
        const QModelIndex demo = rowOfPath(model, kDemoInVault);
        const int turns = model->rowCount(demo);
        // A word some turns of the demo session show and the rest of the vault does not.
        auto searchText = [&](const QModelIndex &index) { return index.data(SearchTextRole).toString(); };
        QString elsewhere;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex row = model->index(r, 0);
            if (row == demo)
                continue;
            elsewhere += searchText(row);
            for (int t = 0; t < model->rowCount(row); ++t)
                elsewhere += searchText(model->index(t, 0, row));
        }
        static const QRegularExpression wordPattern(QStringLiteral("[A-Za-z]{7,}"));
        QString word;
        for (int t = 0; t < turns && word.isEmpty(); ++t) {
            auto words = wordPattern.globalMatch(model->index(t, 0, demo).data().toString());
            while (words.hasNext() && word.isEmpty()) {
                const QString candidate = words.next().captured();
                int showing = 0;
                for (int u = 0; u < turns; ++u)
                    showing += searchText(model->index(u, 0, demo)).contains(candidate, Qt::CaseInsensitive);
                if (showing <= turns / 4 && !searchText(demo).contains(candidate, Qt::CaseInsensitive)
                    && !elsewhere.contains(candidate, Qt::CaseInsensitive))
                    word = candidate;
            }
        }
        QVERIFY(!word.isEmpty());

        auto *search = child<QLineEdit>(m_window.get(), "memorySearch");
        QTest::keyClicks(search, word);
        QTRY_VERIFY(model->rowCount() < kNotes + 2);
        QTRY_COMPARE(model->rowCount(), 1); // the notes and the other session are gone, the demo stays
        const QModelIndex kept = model->index(0, 0);
        QCOMPARE(kept.data(PathRole).toString(), kDemoInVault);
        QCOMPARE(kept.data().toString(), kDemoTitle);
        QVERIFY(model->rowCount(kept) >= 1);
        QVERIFY(model->rowCount(kept) < turns);
        for (int t = 0; t < model->rowCount(kept); ++t)
            QVERIFY(searchText(model->index(t, 0, kept)).contains(word, Qt::CaseInsensitive));

        search->clear();
        QTRY_COMPARE(model->rowCount(), kNotes + 2);
    }

    void selectingATurn_showsTheConversationAtThatTurnHighlighted()
    {
        auto *model = m_view->model();
        const QModelIndex demo = rowOfPath(model, kDemoInVault);
        // A turn far down the session, as a recall would land there.
        QModelIndex turn;
        for (int t = 0; t < model->rowCount(demo) && !turn.isValid(); ++t)
            if (model->index(t, 0, demo).data(StartLineRole).toInt() > 300)
                turn = model->index(t, 0, demo);
        QVERIFY(turn.isValid());
        m_view->expand(demo);
        m_view->setCurrentIndex(turn);

        auto *editor = child<NoteEditor>(m_window.get(), "noteEditor");
        auto *conversation = child<ConversationView>(m_window.get(), "conversationView");
        QTRY_COMPARE(editor->relativePath(), kDemoInVault);
        QCOMPARE(child<QStackedWidget>(m_window.get(), "noteSourceStack")->currentWidget(),
                 static_cast<QWidget *>(conversation));
        const QList<int> highlighted = conversation->highlightedTurns();
        QVERIFY(!highlighted.isEmpty());
        for (int t : highlighted)
            QVERIFY(conversation->conversation().turns[t].overlaps(turn.data(StartLineRole).toInt(),
                                                                   turn.data(EndLineRole).toInt()));
        QVERIFY(conversation->toPlainText().contains(QStringLiteral("· this memory")));
        QTRY_VERIFY(conversation->verticalScrollBar()->value() > 0); // scrolled down to it

        // A later memory of the same long turn of the agent's: the view goes on down to its own part.
        const int scroll = conversation->verticalScrollBar()->value();
        bool further = false;
        for (int t = turn.row() + 1; t < model->rowCount(demo) && !further; ++t) {
            m_view->setCurrentIndex(model->index(t, 0, demo));
            if (conversation->highlightedTurns() != highlighted)
                break;
            further = conversation->verticalScrollBar()->value() > scroll;
        }
        QVERIFY(further);

        // The session's own row: the whole conversation, from its start, nothing highlighted.
        m_view->setCurrentIndex(demo);
        QTRY_VERIFY(conversation->highlightedTurns().isEmpty());
        QCOMPARE(conversation->verticalScrollBar()->value(), 0);
        QVERIFY(conversation->toPlainText().contains(QLatin1String("/orchestrator create TODO app by Next.js")));
    }

    void showMemory_expandsItsSessionAndSelectsTheTurn()
    {
        auto *model = m_view->model();
        const QModelIndex demo = rowOfPath(model, kDemoInVault);
        const QModelIndex turn = model->index(model->rowCount(demo) - 1, 0, demo);
        const qint64 id = turn.data(ChunkIdRole).toLongLong();
        QVERIFY(id > 0);
        QTest::keyClicks(child<QLineEdit>(m_window.get(), "memorySearch"), QStringLiteral("notes/n"));
        QTRY_COMPARE(model->rowCount(), kNotes); // the sessions are filtered out
        QVERIFY(m_window->browser()->showMemory(id));
        QCOMPARE(m_view->currentIndex().data(ChunkIdRole).toLongLong(), id);
        QVERIFY(m_view->isExpanded(m_view->currentIndex().parent()));
        QCOMPARE(m_view->currentIndex().parent().data(PathRole).toString(), kDemoInVault);
        QVERIFY(!m_window->browser()->showMemory(-7));
    }

    void savingANote_changesOneRowWithoutReset()
    {
        const QModelIndex note = rowOfPath(m_view->model(), QStringLiteral("notes/n07.md"));
        m_view->setCurrentIndex(note);
        auto *text = child<QPlainTextEdit>(m_window.get(), "noteText");
        QTRY_VERIFY(text->toPlainText().contains(QLatin1String("note 7 grows")));
        ModelSignals source(m_source);
        QSignalSpy ready(m_window->session(), &VaultSession::catalogReady);
        text->moveCursor(QTextCursor::End);
        QTest::keyClicks(text, QStringLiteral("Runner beans too."));
        QTest::mouseClick(child<QPushButton>(m_window.get(), "noteSaveButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTimeout);
        QTest::qWait(400); // the watcher's debounced rescan finds nothing more to do

        QCOMPARE(source.reset.count(), 0);
        QCOMPARE(source.inserted.count(), 0);
        QCOMPARE(source.removed.count(), 0);
        QVERIFY(source.changed.count() >= 1 && source.changed.count() <= 2);
        for (const QList<QVariant> &signal : std::as_const(source.changed)) {
            const auto first = signal.at(0).value<QModelIndex>();
            QVERIFY(!first.parent().isValid());
            QCOMPARE(first.row(), signal.at(1).value<QModelIndex>().row());
            QCOMPARE(first.data(PathRole).toString(), QStringLiteral("notes/n07.md"));
        }
        QCOMPARE(m_view->currentIndex().data(PathRole).toString(), QStringLiteral("notes/n07.md"));
    }

    void aSessionThatGoesOn_updatesItsRowAndAppendsItsTurnsWithoutReset()
    {
        QModelIndex session = rowOfPath(m_source, kSecondInVault);
        QVERIFY(session.isValid());
        const int turnsBefore = m_source->rowCount(session);
        QVERIFY(turnsBefore > 0);
        // A selected turn stays selected while the session grows below it.
        auto *model = m_view->model();
        const QModelIndex viewSession = rowOfPath(model, kSecondInVault);
        m_view->expand(viewSession);
        m_view->setCurrentIndex(model->index(0, 0, viewSession));

        ModelSignals source(m_source);
        m_vault->write(kSecondInVault, readShared(kSecond)); // the capture appends the rest
        QTRY_VERIFY_WITH_TIMEOUT(source.inserted.count() >= 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTimeout);
        QCOMPARE(source.reset.count(), 0);
        QCOMPARE(source.removed.count(), 0);
        session = rowOfPath(m_source, kSecondInVault);
        QVERIFY(m_source->rowCount(session) > turnsBefore);
        for (const QList<QVariant> &signal : std::as_const(source.inserted))
            QCOMPARE(signal.at(0).value<QModelIndex>(), session); // turns, not top-level rows
        bool ownRow = false;
        for (const QList<QVariant> &signal : std::as_const(source.changed))
            ownRow |= signal.at(0).value<QModelIndex>() == m_source->index(session.row(), 0);
        QVERIFY(ownRow);
        QCOMPARE(m_source->rowCount(), kNotes + 2);
        QCOMPARE(m_view->currentIndex().parent().data(PathRole).toString(), kSecondInVault);
        QCOMPARE(m_view->currentIndex().row(), 0);
        QVERIFY(m_source->index(session.row(), MemoryTableModel::SourceColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("%1 passage").arg(m_source->rowCount(session))));
        // Indexed again, its turns have new ids; once their strengths arrive, the session's own row
        // shows the strongest of them again (its aggregate equals the one before the growth).
        const QModelIndex strength = m_source->index(session.row(), MemoryTableModel::StrengthColumn);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->insights()->isPending(), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(strength.data(SortRole).toDouble() >= 0.0, kTimeout);
        QVERIFY(!strength.data(Qt::DisplayRole).toString().isEmpty());
    }

private:
    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
    QTreeView *m_view = nullptr;
    MemoryTableModel *m_source = nullptr;
};

QTEST_MAIN(TestMemorySessions)
#include "tst_memorysessions.moc"
