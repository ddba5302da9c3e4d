// Takes a screenshot of every workbench view on a vault (scripts/screenshots.sh).
//   workbench_screenshots --vault DIR --out DIR [--dark] [--views memories,health] [--prefix de-]
// --dark shows the window as View › Appearance › Dark does; the language is the locale's.
// Everything shown comes from the engine: once the vault is indexed the tool
// asks one question, builds one pack (accesses and co-activations for the
// dynamics), runs a consolidation, and waits for the views to refresh.
#include "Appearance.h"
#include "GraphView.h"
#include "HealthDashboard.h"
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "PackPanel.h"
#include "RecallPanel.h"
#include "Roles.h"
#include "TimelineView.h"
#include "ToolStatsView.h"
#include "Translations.h"
#include "VaultInsights.h"
#include "VaultSession.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QLineEdit>
#include <QPalette>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>

#include <functional>
#include <utility>

using namespace engram;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("engram-screenshots"));
    Translations::install();
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("vault"), QStringLiteral("vault"), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("output folder"), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("dark"), QStringLiteral("a dark palette")});
    parser.addOption({QStringLiteral("views"), QStringLiteral("only these views"), QStringLiteral("names")});
    parser.addOption({QStringLiteral("prefix"), QStringLiteral("file name prefix"), QStringLiteral("text")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("dark"))) {
        // Dark as a person chooses it: View › Appearance › Dark (Fusion draws a palette as given).
        QApplication::setStyle(QStringLiteral("Fusion"));
        Appearance::setTheme(Appearance::Theme::Dark);
    }
    const QStringList only = parser.value(QStringLiteral("views")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    const QString prefix = parser.value(QStringLiteral("prefix"));
    const QString vault = parser.value(QStringLiteral("vault"));
    const QDir out(parser.value(QStringLiteral("out")));
    QDir().mkpath(out.path());

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.openVault(vault);

    const QStringList names{QStringLiteral("memories"),      QStringLiteral("recall"),  QStringLiteral("pack"),
                            QStringLiteral("state"),         QStringLiteral("regions"), QStringLiteral("associations"),
                            QStringLiteral("consolidation"), QStringLiteral("tools"),   QStringLiteral("health")};
    int next = 0;
    std::function<void()> shoot = [&] {
        if (next == names.size()) {
            // A captured agent session: the longest one's row expanded into its turns, the
            // conversation beside it with a turn from its middle selected and highlighted.
            ++next;
            window.tabs()->setCurrentIndex(0);
            auto *table = window.findChild<QTreeView *>(QStringLiteral("memoryTable"));
            const QAbstractItemModel *model = table->model();
            // Laid out first: the conversation scrolls to the turn at its final width.
            table->setColumnWidth(0, 330);
            if (auto *splitter = window.findChild<QSplitter *>(QStringLiteral("memorySplitter")))
                splitter->setSizes({600, 680});
            QModelIndex session;
            for (int r = 0; r < model->rowCount(); ++r)
                if (model->index(r, 0).data(PathRole).toString().endsWith(QLatin1String(".jsonl"))
                    && (!session.isValid() || model->rowCount(model->index(r, 0)) > model->rowCount(session)))
                    session = model->index(r, 0);
            if (session.isValid()) {
                int turn = model->rowCount(session) / 3;
                while (turn + 1 < model->rowCount(session)
                       && model->index(turn, 0, session).data(StartLineRole).toInt() <= 20)
                    ++turn;
                table->expand(session);
                table->setCurrentIndex(model->index(turn, 0, session));
                table->scrollTo(session, QAbstractItemView::PositionAtTop);
            }
            QTimer::singleShot(700, &window, [&] {
                if (only.isEmpty() || only.contains(QLatin1String("session")))
                    window.grab().save(out.filePath(prefix + QStringLiteral("memories-session.png")));
                shoot();
            });
            return;
        }
        if (next > names.size()) {
            app.quit();
            return;
        }
        if (!only.isEmpty() && !only.contains(names.at(next))) {
            ++next;
            shoot();
            return;
        }
        window.tabs()->setCurrentIndex(next);
        QTimer::singleShot(next == 5 ? 4000 : 700, &window, [&] {
            window.grab().save(out.filePath(prefix + QStringLiteral("%1.png").arg(names.at(next))));
            ++next;
            shoot();
        });
    };
    bool started = false;
    bool consolidated = false;
    bool shooting = false;
    QTimer settle;
    settle.setSingleShot(true);
    settle.setInterval(1500);
    QObject::connect(&settle, &QTimer::timeout, &window, [&] {
        if (shooting)
            return;
        shooting = true;
        auto *table = window.findChild<QTreeView *>(QStringLiteral("memoryTable"));
        table->setCurrentIndex(table->model()->index(qMin(2, table->model()->rowCount() - 1), 0));
        auto *lineage = window.findChild<QTreeWidget *>(QStringLiteral("timelineLineage"));
        if (lineage->topLevelItemCount() > 0)
            lineage->setCurrentItem(lineage->topLevelItem(0));
        window.healthDashboard()->refresh();
        shoot();
    });
    QObject::connect(window.session(), &VaultSession::catalogReady, &window, [&] {
        if (started || window.session()->isBusy() || window.session()->catalog().isEmpty())
            return;
        started = true;
        auto *query = window.findChild<QLineEdit *>(QStringLiteral("recallQuery"));
        query->setText(QStringLiteral("why was recall slow?"));
        QMetaObject::invokeMethod(query, "returnPressed");
        window.findChild<QLineEdit *>(QStringLiteral("packTask"))
            ->setText(QStringLiteral("plan the next workbench view"));
        window.packPanel()->copyToClipboard(); // an exported pack: accesses and co-activation
        window.insights()->consolidateNow();
    });
    bool reindexed = false; // the catalog lists the new digests after the run
    QObject::connect(window.insights(), &VaultInsights::consolidationFinished, &window, [&] { consolidated = true; });
    QObject::connect(window.insights(), &VaultInsights::consolidationFailed, &window,
                     [&] { consolidated = reindexed = true; });
    QObject::connect(window.session(), &VaultSession::catalogReady, &window,
                     [&] { reindexed = reindexed || consolidated; });
    QObject::connect(window.insights(), &VaultInsights::ready, &window, [&] {
        if (reindexed && !window.session()->isBusy() && !window.insights()->isPending())
            settle.start();
    });
    return app.exec();
}
