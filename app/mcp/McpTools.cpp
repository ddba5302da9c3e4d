#include "McpTools.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <atomic>

namespace engram::mcp {

namespace {

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString();
    return out;
}

QJsonObject countsJson(const QHash<QString, qint64> &counts)
{
    QJsonObject o;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        o.insert(it.key().isEmpty() ? QStringLiteral("(none)") : it.key(), double(it.value()));
    return o;
}

QString countsLine(const QJsonObject &counts)
{
    QStringList parts;
    for (auto it = counts.constBegin(); it != counts.constEnd(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value().toInteger());
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

RecallFilter filterFrom(const QJsonObject &f)
{
    RecallFilter filter;
    filter.stores = strings(f.value(QStringLiteral("stores")));
    filter.regions = strings(f.value(QStringLiteral("regions")));
    filter.layers = strings(f.value(QStringLiteral("layers")));
    filter.categories = strings(f.value(QStringLiteral("categories")));
    filter.tags = strings(f.value(QStringLiteral("tags")));
    filter.pathPrefix = f.value(QStringLiteral("path")).toString();
    filter.includeArchived = f.value(QStringLiteral("include_archived")).toBool();
    return filter;
}

/// Sentences that end in a question mark: the open questions a topic's memories still carry.
QStringList questionsIn(const QString &text)
{
    static const QRegularExpression sentence(QStringLiteral("[^.!?\\n]{8,300}\\?"));
    QStringList out;
    auto it = sentence.globalMatch(text);
    while (it.hasNext())
        out << it.next().captured(0).trimmed();
    return out;
}

} // namespace

QJsonObject memoryJson(const Engine &engine, const RecallResult &r)
{
    double strength = 1.0;
    for (const ScoreComponent &s : r.breakdown)
        if (s.name == QLatin1String("strength"))
            strength = s.value;
    const QString shown = engine.displayText(r.chunk);
    return QJsonObject{{QStringLiteral("path"), r.chunk.path},
                       {QStringLiteral("start_line"), r.chunk.startLine},
                       {QStringLiteral("end_line"), r.chunk.endLine},
                       {QStringLiteral("title"), r.chunk.title},
                       {QStringLiteral("heading"), r.chunk.heading},
                       {QStringLiteral("text"), shown},
                       {QStringLiteral("score"), r.score},
                       {QStringLiteral("strength"), strength},
                       {QStringLiteral("region"), r.chunk.tags.region.value},
                       {QStringLiteral("store"), r.chunk.tags.store.value},
                       {QStringLiteral("layer"), r.chunk.tags.layer.value},
                       {QStringLiteral("category"), r.chunk.tags.category.value},
                       {QStringLiteral("source"),
                        QStringLiteral("%1:%2-%3").arg(r.chunk.path).arg(r.chunk.startLine).arg(r.chunk.endLine)}};
}

QString memoryLine(int rank, const QJsonObject &m)
{
    QString text = m.value(QStringLiteral("text")).toString().simplified();
    if (text.size() > 300)
        text = text.left(299) + QStringLiteral("…");
    QStringList tags;
    for (const char *key : {"store", "category"})
        if (const QString v = m.value(QLatin1String(key)).toString(); !v.isEmpty())
            tags << v;
    return QStringLiteral("%1. %2 [%3]\n   %4")
        .arg(rank)
        .arg(m.value(QStringLiteral("source")).toString(), tags.join(QStringLiteral(" · ")), text);
}

McpTools::McpTools(std::unique_ptr<Engine> engine) : m_engine(std::move(engine)), m_definitions(toolDefinitions()) { }

McpTools::~McpTools() = default;

const ToolDefinition *McpTools::find(const QString &name) const
{
    for (const ToolDefinition &d : m_definitions)
        if (d.name == name)
            return &d;
    return nullptr;
}

QString McpTools::instructions() const
{
    return QStringLiteral(
               "Engram is the user's long-term memory: a folder of Markdown files (%1). Call wake at the start of a session, "
               "recall or what_do_i_know before answering from memory, why_did_we for the reasons behind past decisions, "
               "remember for decisions, lessons and facts worth keeping, and checkpoint before the session ends. Results "
               "cite path:start-end in the vault.")
        .arg(m_engine->vaultPath());
}

void McpTools::setReindexPolicy(int minIntervalMs, int budgetMs)
{
    m_minRefreshIntervalMs = minIntervalMs;
    m_refreshBudgetMs = budgetMs;
}

QDateTime McpTools::now() const
{
    return m_clock ? m_clock() : QDateTime::currentDateTime();
}

void McpTools::log(const QString &level, const QString &message) const
{
    if (m_logger)
        m_logger(level, message);
}

void McpTools::refreshIndex()
{
    if (m_sinceRefresh.isValid() && m_sinceRefresh.elapsed() < m_minRefreshIntervalMs)
        return;
    // Changes another process (the workbench) made reach this engine's vectors by Engine::syncVectors.
    QElapsedTimer timer;
    timer.start();
    std::atomic_bool cancel{false};
    const int budget = m_refreshBudgetMs;
    m_engine->setLockTimeout(budget); // another writer busy: answer from the index as it is
    const IndexReport report = m_engine->index(
        [&](int, int, const QString &) {
            if (timer.elapsed() >= budget)
                cancel = true;
        },
        &cancel);
    m_engine->setLockTimeout(VaultLock::kDefaultTimeoutMs);
    m_sinceRefresh.start();
    if (report.error)
        log(QStringLiteral("info"),
            QStringLiteral("not re-indexed before this call: %1").arg(report.error->toString()));
    else if (cancel)
        log(QStringLiteral("warning"), QStringLiteral("re-indexing stopped after %1 ms (%2 files done); it goes on "
                                                      "before the next call")
                                           .arg(report.elapsedMs)
                                           .arg(report.indexed + report.unchanged));
    else if (report.indexed + report.removed > 0)
        log(QStringLiteral("info"), QStringLiteral("re-indexed %1 changed and %2 removed file(s) in %3 ms")
                                        .arg(report.indexed)
                                        .arg(report.removed)
                                        .arg(report.elapsedMs));
}

int McpTools::indexNow(const QString &relativePath)
{
    const IndexReport report = m_engine->indexPath(relativePath);
    if (Status s = m_engine->saveVectors(); !s) // a cache: the next opener brings it up to date
        log(QStringLiteral("warning"), s.error().toString());
    if (report.error)
        log(QStringLiteral("warning"),
            QStringLiteral("%1 is saved but not indexed yet: %2").arg(relativePath, report.error->toString()));
    for (const Problem &p : report.problems)
        log(p.severity == QLatin1String("error") ? QStringLiteral("error") : QStringLiteral("warning"),
            QStringLiteral("%1: %2").arg(p.path, p.message));
    return int(report.chunks);
}

ToolResult McpTools::call(const QString &name, const QJsonObject &args)
{
    refreshIndex();
    if (name == QLatin1String("recall"))
        return recall(args);
    if (name == QLatin1String("what_do_i_know"))
        return whatDoIKnow(args);
    if (name == QLatin1String("why_did_we"))
        return whyDidWe(args);
    if (name == QLatin1String("remember"))
        return remember(args);
    if (name == QLatin1String("forget"))
        return forget(args);
    if (name == QLatin1String("stats"))
        return stats();
    if (name == QLatin1String("checkpoint"))
        return checkpoint(args);
    if (name == QLatin1String("wake"))
        return wake(args);
    return ToolResult::failure(QStringLiteral("the tool %1 has no implementation").arg(name));
}

ToolResult McpTools::recall(const QJsonObject &args)
{
    RecallQuery query;
    query.text = args.value(QStringLiteral("query")).toString();
    query.mode = args.value(QStringLiteral("mode")).toString();
    query.k = args.value(QStringLiteral("k")).toInt(10);
    query.filter = filterFrom(args.value(QStringLiteral("filters")).toObject());
    if (!query.mode.isEmpty() && !m_engine->config().modeNames().contains(query.mode))
        return ToolResult::failure(QStringLiteral("unknown mode \"%1\"; the modes are %2")
                                       .arg(query.mode, m_engine->config().modeNames().join(QStringLiteral(", "))));
    auto results = m_engine->recall(query);
    if (!results)
        return ToolResult::failure(QStringLiteral("recall failed: %1").arg(results.error().toString()));
    QJsonArray array;
    QStringList lines;
    for (const RecallResult &r : *results) {
        const QJsonObject m = memoryJson(*m_engine, r);
        array.append(m);
        lines << memoryLine(int(array.size()), m);
    }
    const QString mode = query.mode.isEmpty() ? m_engine->config().defaultMode : query.mode;
    QString text = lines.isEmpty() ? QStringLiteral("No memories matched \"%1\".").arg(query.text)
                                   : QStringLiteral("%1 memories for \"%2\" (mode %3):\n%4")
                                         .arg(lines.size())
                                         .arg(query.text, mode, lines.join(QLatin1Char('\n')));
    return ToolResult{text, QJsonObject{{QStringLiteral("query"), query.text},
                                        {QStringLiteral("mode"), mode},
                                        {QStringLiteral("results"), array}}};
}

ToolResult McpTools::whatDoIKnow(const QJsonObject &args)
{
    RecallQuery query;
    query.text = args.value(QStringLiteral("topic")).toString();
    query.k = args.value(QStringLiteral("k")).toInt(50);
    query.reinforce = false; // a survey of fifty memories is not fifty uses of them
    auto results = m_engine->recall(query);
    if (!results)
        return ToolResult::failure(QStringLiteral("recall failed: %1").arg(results.error().toString()));
    QHash<QString, qint64> regions, stores, categories;
    QSet<QString> files;
    QList<QJsonObject> all;
    QJsonArray questions;
    QSet<QString> seenQuestions;
    for (const RecallResult &r : *results) {
        ++regions[r.chunk.tags.region.value];
        ++stores[r.chunk.tags.store.value];
        ++categories[r.chunk.tags.category.value];
        files.insert(r.chunk.path);
        const QJsonObject m = memoryJson(*m_engine, r);
        all << m;
        for (const QString &q : questionsIn(m.value(QStringLiteral("text")).toString()))
            if (questions.size() < 10 && !seenQuestions.contains(q)) {
                seenQuestions.insert(q);
                questions.append(QJsonObject{{QStringLiteral("text"), q},
                                             {QStringLiteral("source"), m.value(QStringLiteral("source"))}});
            }
    }
    // Strongest: memory strength first (what the dynamics kept alive), relevance-weighted score second.
    std::stable_sort(all.begin(), all.end(), [](const QJsonObject &a, const QJsonObject &b) {
        const double sa = a.value(QStringLiteral("strength")).toDouble(),
                     sb = b.value(QStringLiteral("strength")).toDouble();
        if (sa != sb)
            return sa > sb;
        return a.value(QStringLiteral("score")).toDouble() > b.value(QStringLiteral("score")).toDouble();
    });
    QJsonArray strongest;
    QStringList lines;
    for (const QJsonObject &m : all.mid(0, 5)) {
        strongest.append(m);
        lines << memoryLine(int(strongest.size()), m);
    }
    const QJsonObject structured{
        {QStringLiteral("topic"), query.text},          {QStringLiteral("matches"), int(results->size())},
        {QStringLiteral("files"), int(files.size())},   {QStringLiteral("regions"), countsJson(regions)},
        {QStringLiteral("stores"), countsJson(stores)}, {QStringLiteral("categories"), countsJson(categories)},
        {QStringLiteral("strongest"), strongest},       {QStringLiteral("open_questions"), questions}};
    if (results->isEmpty())
        return ToolResult{QStringLiteral("Nothing in memory touches \"%1\" yet.").arg(query.text), structured};
    QString text =
        QStringLiteral("%1 memories in %2 files touch \"%3\".\nRegions: %4\nStores: %5\nCategories: %6\n\n"
                       "Strongest:\n%7")
            .arg(results->size())
            .arg(files.size())
            .arg(query.text, countsLine(structured.value(QStringLiteral("regions")).toObject()),
                 countsLine(structured.value(QStringLiteral("stores")).toObject()),
                 countsLine(structured.value(QStringLiteral("categories")).toObject()), lines.join(QLatin1Char('\n')));
    if (!questions.isEmpty()) {
        text += QStringLiteral("\n\nOpen questions:");
        for (const QJsonValue &q : questions)
            text += QStringLiteral("\n- %1 (%2)")
                        .arg(q[QStringLiteral("text")].toString(), q[QStringLiteral("source")].toString());
    }
    return ToolResult{text, structured};
}

ToolResult McpTools::stats()
{
    const VaultStats s = m_engine->stats();
    const QJsonObject structured = s.toJson(m_engine->vaultPath());
    const QString text = QStringLiteral("Vault %1: %2 files, %3 chunks, %4 vectors, %5 problems; embedder %6; last "
                                        "indexed %7.\nRegions: %8\nStores: %9\nLayers: %10\nCategories: %11")
                             .arg(m_engine->vaultPath())
                             .arg(s.files)
                             .arg(s.chunks)
                             .arg(s.vectors)
                             .arg(s.problems)
                             .arg(s.embedder, s.lastIndex.isEmpty() ? QStringLiteral("never") : s.lastIndex,
                                  countsLine(structured.value(QStringLiteral("regions")).toObject()),
                                  countsLine(structured.value(QStringLiteral("stores")).toObject()),
                                  countsLine(structured.value(QStringLiteral("layers")).toObject()),
                                  countsLine(structured.value(QStringLiteral("categories")).toObject()));
    return ToolResult{text, structured};
}

} // namespace engram::mcp
