// Takes a screenshot of every workbench view on a vault (scripts/screenshots.sh).
//   workbench_screenshots --vault DIR --out DIR
// The association, consolidation and tool views have no engine data yet (the
// dynamics, consolidation and tool-statistics layers fill them later); for the
// pictures this tool derives their structs from the vault itself: wiki links and
// `derived_from` front matter become edges and lineage, and the tool events the
// parser already extracts from agent logs become tool statistics.
#include "DocumentParser.h"
#include "GraphView.h"
#include "HealthDashboard.h"
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "PackPanel.h"
#include "RecallPanel.h"
#include "TimelineView.h"
#include "ToolStatsView.h"
#include "Translations.h"
#include "VaultSession.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QFile>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <functional>

using namespace engram;

namespace {

QHash<QString, Document> parseAll(const QString &vault, const QList<MemoryRow> &rows)
{
    QHash<QString, Document> docs;
    for (const MemoryRow &r : rows) {
        if (docs.contains(r.path))
            continue;
        QFile f(QDir(vault).filePath(r.path));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        auto doc = DocumentParser::parse(r.path, f.readAll());
        if (doc)
            docs.insert(r.path, *doc);
    }
    return docs;
}

QStringList derivedFrom(const Document &doc)
{
    const QVariant v = doc.frontMatter.value(QStringLiteral("derived_from"));
    return v.typeId() == QMetaType::QStringList || v.typeId() == QMetaType::QVariantList ? v.toStringList()
                                                                                          : QStringList{v.toString()};
}

GraphData graphFrom(const QList<MemoryRow> &rows, const QHash<QString, Document> &docs)
{
    GraphData g;
    QHash<QString, qint64> firstChunk;
    QHash<QString, QString> byBaseName;
    for (const MemoryRow &r : rows) {
        g.nodes << GraphNode{r.id, r.heading.isEmpty() ? r.title : r.heading, r.region, 0.4 + 0.6 * ((r.id * 37) % 100) / 100.0};
        if (!firstChunk.contains(r.path)) {
            firstChunk.insert(r.path, r.id);
            byBaseName.insert(QFileInfo(r.path).completeBaseName(), r.path);
        } else {
            g.edges << GraphEdge{firstChunk.value(r.path), r.id, QStringLiteral("part_of"), 0.6};
        }
    }
    for (auto it = docs.cbegin(); it != docs.cend(); ++it) {
        for (const QString &source : derivedFrom(it.value()))
            if (firstChunk.contains(source))
                g.edges << GraphEdge{firstChunk.value(it.key()), firstChunk.value(source), QStringLiteral("derived_from"), 0.9};
        for (const QString &link : it.value().wikiLinks)
            if (byBaseName.contains(link))
                g.edges << GraphEdge{firstChunk.value(it.key()), firstChunk.value(byBaseName.value(link)),
                                     QStringLiteral("related"), 0.7};
    }
    return g;
}

TimelineData timelineFrom(const QList<MemoryRow> &rows, const QHash<QString, Document> &docs)
{
    TimelineData t;
    QHash<QString, qint64> tokensOf;
    for (const MemoryRow &r : rows)
        tokensOf[r.path] += r.tokens;
    for (auto it = docs.cbegin(); it != docs.cend(); ++it) {
        const Document &d = it.value();
        const QString layer = d.frontMatter.value(QStringLiteral("layer")).toString();
        QDate day = d.created.date();
        if (!day.isValid())
            day = QDate::fromString(it.key().section(QLatin1Char('/'), 1, 1), Qt::ISODate);
        if (!day.isValid())
            continue;
        t.tokens << LayerTokens{day, layer.isEmpty() ? QStringLiteral("raw") : layer, tokensOf.value(it.key())};
        if (layer.isEmpty())
            continue;
        Lineage l{it.key(), layer, derivedFrom(d), 0.0, day};
        qint64 sourceTokens = 0;
        for (const QString &s : l.sources)
            sourceTokens += tokensOf.value(s);
        l.compression = double(sourceTokens) / qMax<qint64>(1, tokensOf.value(it.key()));
        t.lineage << l;
    }
    return t;
}

ToolStatsData toolsFrom(const QString &vault)
{
    QHash<QString, ToolStat> stats;
    QHash<QString, int> sequences;
    QDirIterator files(QDir(vault).filePath(QStringLiteral("sessions")), {QStringLiteral("*.jsonl")}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile f(files.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        auto doc = DocumentParser::parse(QStringLiteral("sessions/x.jsonl"), f.readAll());
        if (!doc)
            continue;
        QString previous;
        for (const ToolEvent &e : doc->toolEvents) {
            ToolStat &s = stats[e.name];
            s.tool = e.name;
            ++s.calls;
            s.failures += e.ok ? 0 : 1;
            if (e.durationMs >= 0)
                s.durationsMs << e.durationMs;
            if (!previous.isEmpty())
                ++sequences[previous + QLatin1Char('\n') + e.name];
            previous = e.name;
        }
    }
    ToolStatsData data;
    data.tools = stats.values();
    for (auto it = sequences.cbegin(); it != sequences.cend(); ++it)
        data.topSequences << ToolSequence{it.key().split(QLatin1Char('\n')), it.value()};
    std::sort(data.topSequences.begin(), data.topSequences.end(),
              [](const ToolSequence &a, const ToolSequence &b) { return a.count > b.count; });
    data.topSequences = data.topSequences.mid(0, 10);
    return data;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("engram-screenshots"));
    Translations::install();
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("vault"), QStringLiteral("vault"), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("output folder"), QStringLiteral("dir")});
    parser.process(app);
    const QString vault = parser.value(QStringLiteral("vault"));
    const QDir out(parser.value(QStringLiteral("out")));
    QDir().mkpath(out.path());

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.openVault(vault);

    const QStringList names{QStringLiteral("memories"), QStringLiteral("recall"),   QStringLiteral("pack"),
                            QStringLiteral("state"),    QStringLiteral("regions"),  QStringLiteral("associations"),
                            QStringLiteral("consolidation"), QStringLiteral("tools"), QStringLiteral("health")};
    int next = 0;
    std::function<void()> shoot = [&] {
        if (next >= names.size()) {
            app.quit();
            return;
        }
        window.tabs()->setCurrentIndex(next);
        QTimer::singleShot(next == 5 ? 4000 : 700, &window, [&] {
            window.grab().save(out.filePath(QStringLiteral("%1.png").arg(names.at(next))));
            ++next;
            shoot();
        });
    };
    bool started = false;
    QObject::connect(window.session(), &VaultSession::catalogReady, &window, [&] {
        if (started || window.session()->isBusy() || window.session()->catalog().isEmpty())
            return;
        started = true;
        const QList<MemoryRow> rows = window.session()->catalog();
        const auto docs = parseAll(vault, rows);
        window.graphView()->setData(graphFrom(rows, docs));
        window.timelineView()->setData(timelineFrom(rows, docs));
        window.toolStatsView()->setData(toolsFrom(vault));
        auto *table = window.findChild<QTableView *>(QStringLiteral("memoryTable"));
        table->selectRow(qMin(2, table->model()->rowCount() - 1));
        auto *query = window.findChild<QLineEdit *>(QStringLiteral("recallQuery"));
        query->setText(QStringLiteral("why was recall slow?"));
        QMetaObject::invokeMethod(query, "returnPressed");
        window.findChild<QLineEdit *>(QStringLiteral("packTask"))->setText(QStringLiteral("plan the next workbench view"));
        window.healthDashboard()->refresh();
        QTimer::singleShot(800, &window, shoot);
    });
    return app.exec();
}
