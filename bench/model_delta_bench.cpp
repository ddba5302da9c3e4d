// Saving one note in a large vault: how long until the memory table shows it,
// by delta (the row of that note) against the full refill it replaces (the
// whole catalog re-read and the table reset), with the longest UI-thread stall.
//   model_delta_bench --vault DIR [--saves N]
// The vault should be indexed already (engram-cli index). Prints one JSON line.
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "MemoryTableModel.h"
#include "StallProbe.h"
#include "VaultInsights.h"
#include "VaultSession.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>

using namespace engram;

namespace {

template <typename Predicate>
bool waitFor(Predicate done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < timeoutMs)
        QTest::qWait(5);
    return done();
}

qint64 median(QList<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? -1 : values.at(values.size() / 2);
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("engram-bench"));
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("vault"), QStringLiteral("vault"), QStringLiteral("dir")});
    parser.addOption(
        {QStringLiteral("saves"), QStringLiteral("saves to time"), QStringLiteral("n"), QStringLiteral("5")});
    parser.process(app);
    const int saves = parser.value(QStringLiteral("saves")).toInt();
    const int timeoutMs = 600000;

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    VaultSession *session = window.session();
    window.openVault(parser.value(QStringLiteral("vault")));
    auto *browser = window.findChild<MemoryBrowser *>(QStringLiteral("memoryBrowser"));
    auto *table = window.findChild<QTreeView *>(QStringLiteral("memoryTable"));
    auto *text = window.findChild<QPlainTextEdit *>(QStringLiteral("noteText"));
    auto *save = window.findChild<QPushButton *>(QStringLiteral("noteSaveButton"));
    auto *model = qobject_cast<QSortFilterProxyModel *>(table->model())->sourceModel();
    auto idle = [&] { return session->isOpen() && !session->isBusy() && !window.insights()->isPending(); };
    if (!waitFor([&] { return model->rowCount() > 0 && idle(); }, timeoutMs)) {
        std::fprintf(stderr, "the vault did not open in time\n");
        return 1;
    }
    QTest::qWait(1000); // the watcher's first rescan
    waitFor(idle, timeoutMs);
    table->sortByColumn(MemoryTableModel::TitleColumn, Qt::AscendingOrder);

    int resets = 0;
    int changes = 0;
    QObject::connect(model, &QAbstractItemModel::modelAboutToBeReset, &window, [&] { ++resets; });
    QObject::connect(model, &QAbstractItemModel::dataChanged, &window, [&] { ++changes; });
    bool changed = false;
    bool reset = false;
    QObject::connect(session, &VaultSession::catalogChanged, &window, [&] { changed = true; });
    QObject::connect(session, &VaultSession::catalogReset, &window, [&] { reset = true; });
    StallProbe probe;

    // Save a note in the middle of the vault through the note editor, as a person would.
    const qint64 id = session->catalog().at(session->catalog().size() / 2).id;
    browser->showMemory(id);
    if (!waitFor([&] { return !text->toPlainText().isEmpty(); }, 10000)) {
        std::fprintf(stderr, "the note did not open\n");
        return 1;
    }
    QList<qint64> deltaMs;
    QList<qint64> deltaStall;
    const int resetsBefore = resets;
    const int changesBefore = changes;
    for (int i = 0; i < saves; ++i) {
        text->moveCursor(QTextCursor::End);
        text->insertPlainText(QStringLiteral("\nSaved again (%1).").arg(i));
        changed = false;
        probe.start();
        QElapsedTimer clock;
        clock.start();
        save->click();
        if (!waitFor([&] { return changed; }, timeoutMs)) {
            std::fprintf(stderr, "no delta arrived\n");
            return 1;
        }
        deltaMs << clock.elapsed();
        waitFor(idle, timeoutMs);
        QTest::qWait(500); // the watcher's rescan after the save, and the strengths
        waitFor(idle, timeoutMs);
        deltaStall << probe.stop();
    }
    const int deltaResets = resets - resetsBefore;
    const int deltaChanges = changes - changesBefore;

    // The full refill every save used to take: the whole catalog read again, the table reset.
    QList<qint64> refillMs;
    QList<qint64> refillStall;
    for (int i = 0; i < 3; ++i) {
        reset = false;
        probe.start();
        QElapsedTimer clock;
        clock.start();
        session->requestCatalog();
        if (!waitFor([&] { return reset; }, timeoutMs)) {
            std::fprintf(stderr, "no catalog arrived\n");
            return 1;
        }
        refillMs << clock.elapsed();
        waitFor(idle, timeoutMs);
        QTest::qWait(500);
        refillStall << probe.stop();
    }

    std::printf("{\"chunks\": %lld, \"saves\": %d, \"delta_ms_median\": %lld, \"delta_max_stall_ms\": %lld, "
                "\"delta_resets\": %d, \"delta_data_changed\": %d, \"refill_ms_median\": %lld, "
                "\"refill_max_stall_ms\": %lld}\n",
                qint64(model->rowCount()), saves, median(deltaMs),
                *std::max_element(deltaStall.cbegin(), deltaStall.cend()), deltaResets, deltaChanges, median(refillMs),
                *std::max_element(refillStall.cbegin(), refillStall.cend()));
    return 0;
}
