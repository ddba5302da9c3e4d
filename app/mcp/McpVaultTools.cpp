// McpTools: the tools that follow links between files or write to the vault
// (why_did_we, checkpoint, wake, remember, forget). Recall-only tools are in McpTools.cpp.
#include "McpTools.h"
#include "MemoryCatalog.h"
#include "SessionCheckpoint.h"
#include "agent/MemoryWriter.h"
#include "agent/WakeBriefing.h"
#include "cognition/CognitiveState.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace engram::mcp {

namespace {

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString();
    return out;
}

/// A whole file as a memory (wake lists files, not chunks).
QJsonObject entryJson(const CatalogEntry &e)
{
    return QJsonObject{{QStringLiteral("path"), e.path},
                       {QStringLiteral("start_line"), 1},
                       {QStringLiteral("end_line"), qMax(1, e.lineCount)},
                       {QStringLiteral("title"), e.title},
                       {QStringLiteral("text"), e.excerpt},
                       {QStringLiteral("store"), e.store},
                       {QStringLiteral("category"), e.category},
                       {QStringLiteral("source"), QStringLiteral("%1:1-%2").arg(e.path).arg(qMax(1, e.lineCount))}};
}

/// An indexed chunk as a memory (no score: wake lists, it does not rank).
QJsonObject chunkJson(const Chunk &c)
{
    return QJsonObject{
        {QStringLiteral("path"), c.path},
        {QStringLiteral("start_line"), c.startLine},
        {QStringLiteral("end_line"), c.endLine},
        {QStringLiteral("title"), c.title},
        {QStringLiteral("heading"), c.heading},
        {QStringLiteral("text"), c.text},
        {QStringLiteral("region"), c.tags.region.value},
        {QStringLiteral("store"), c.tags.store.value},
        {QStringLiteral("layer"), c.tags.layer.value},
        {QStringLiteral("category"), c.tags.category.value},
        {QStringLiteral("source"), QStringLiteral("%1:%2-%3").arg(c.path).arg(c.startLine).arg(c.endLine)}};
}

} // namespace

ToolResult McpTools::whyDidWe(const QJsonObject &args)
{
    const QString question = args.value(QStringLiteral("question")).toString();
    const int k = args.value(QStringLiteral("k")).toInt(5);
    const MemoryCatalog catalog = MemoryCatalog::scan(m_engine->vaultPath());
    RecallQuery query;
    query.text = question;
    query.k = k * 4;
    query.filter.categories = {QStringLiteral("decision")};
    query.filter.includeArchived = true; // a superseded decision is history, and history is the point
    query.reinforce = false;
    auto results = m_engine->recall(query);
    if (!results)
        return ToolResult::failure(QStringLiteral("recall failed: %1").arg(results.error().toString()));
    if (results->isEmpty()) {
        // Decisions written without the word: files whose front matter says category decision.
        query.filter.categories.clear();
        auto broad = m_engine->recall(query);
        if (broad)
            for (const RecallResult &r : *broad)
                if (const CatalogEntry *e = catalog.find(r.chunk.path); e && e->category == QLatin1String("decision"))
                    results->append(r);
    }
    QJsonArray decisions;
    QStringList lines;
    QSet<QString> seen;
    for (const RecallResult &r : *results) {
        if (seen.contains(r.chunk.path) || decisions.size() >= k)
            continue;
        seen.insert(r.chunk.path);
        QJsonObject d = memoryJson(*m_engine, r);
        const CatalogEntry *e = catalog.find(r.chunk.path);
        const QStringList chain = catalog.chain(r.chunk.path);
        const QStringList supersedes = e ? e->supersedes : QStringList();
        const QStringList supersededBy = e ? e->supersededBy : QStringList();
        d.insert(QStringLiteral("status"),
                 supersededBy.isEmpty() ? QStringLiteral("current") : QStringLiteral("superseded"));
        d.insert(QStringLiteral("supersedes"), QJsonArray::fromStringList(supersedes));
        d.insert(QStringLiteral("superseded_by"), QJsonArray::fromStringList(supersededBy));
        d.insert(QStringLiteral("derived_from"), QJsonArray::fromStringList(e ? e->derivedFrom : QStringList()));
        d.insert(QStringLiteral("chain"), QJsonArray::fromStringList(chain));
        decisions.append(d);
        QString line = memoryLine(int(decisions.size()), d);
        line += supersededBy.isEmpty()
                    ? QStringLiteral("\n   status: current")
                    : QStringLiteral("\n   status: superseded by %1").arg(supersededBy.join(QStringLiteral(", ")));
        if (chain.size() > 1)
            line += QStringLiteral("\n   chain (oldest → newest): %1").arg(chain.join(QStringLiteral(" → ")));
        if (e && !e->derivedFrom.isEmpty())
            line += QStringLiteral("\n   derived from: %1").arg(e->derivedFrom.join(QStringLiteral(", ")));
        lines << line;
    }
    const QString text =
        lines.isEmpty()
            ? QStringLiteral("No recorded decision bears on \"%1\". Decisions are memories with "
                             "category decision (remember with category \"decision\").")
                  .arg(question)
            : QStringLiteral("Decisions bearing on \"%1\":\n%2").arg(question, lines.join(QLatin1Char('\n')));
    return ToolResult{text,
                      QJsonObject{{QStringLiteral("question"), question}, {QStringLiteral("decisions"), decisions}}};
}

ToolResult McpTools::checkpoint(const QJsonObject &args)
{
    Checkpoint c;
    c.title = args.value(QStringLiteral("title")).toString();
    c.summary = args.value(QStringLiteral("summary")).toString();
    c.focus = args.value(QStringLiteral("focus")).toString();
    c.decisions = strings(args.value(QStringLiteral("decisions")));
    c.openQuestions = strings(args.value(QStringLiteral("open_questions")));
    c.nextSteps = strings(args.value(QStringLiteral("next_steps")));
    c.tags = strings(args.value(QStringLiteral("tags")));
    c.project = args.value(QStringLiteral("project")).toString();
    auto written = SessionCheckpoint::write(m_engine->vaultPath(), c, now());
    if (!written)
        return ToolResult::failure(written.error().toString());
    const int chunks = indexNow(written->path);
    return ToolResult{QStringLiteral("Saved the checkpoint \"%1\" as %2 (%3 chunks indexed).")
                          .arg(written->title, written->path)
                          .arg(chunks),
                      QJsonObject{{QStringLiteral("path"), written->path},
                                  {QStringLiteral("title"), written->title},
                                  {QStringLiteral("created"), written->created.toString(Qt::ISODate)},
                                  {QStringLiteral("bytes"), double(written->bytes)},
                                  {QStringLiteral("chunks"), chunks}}};
}

ToolResult McpTools::wake(const QJsonObject &args)
{
    const QDateTime at = now();
    QStringList notes;
    // The engine's briefing (as `engram-cli wake` shows it): preamble, focus, newest decision and prospective chunks.
    auto briefing = WakeBriefing::build(*m_engine, at, 20);
    QString preamble;
    Focus focus;
    if (briefing) {
        preamble = briefing->preamble;
        focus = briefing->focus;
        if (args.contains(QStringLiteral("budget")))
            preamble = CognitiveStore(m_engine->vaultPath()).preamble(at, args.value(QStringLiteral("budget")).toInt());
    } else {
        notes << QStringLiteral("the cognitive state could not be read: %1").arg(briefing.error().toString());
    }
    // Front matter knows what the index does not: which decision was superseded, and when a goal is due.
    const MemoryCatalog catalog = MemoryCatalog::scan(m_engine->vaultPath());
    struct Item {
        QJsonObject json;
        QDateTime when;
        QDateTime due;
    };
    QList<Item> decisions, due;
    QSet<QString> seen;
    auto open = [&](const QString &path) {
        const CatalogEntry *e = catalog.find(path);
        return !(e && (e->archived || !e->supersededBy.isEmpty()));
    };
    auto dueNow = [&](const CatalogEntry *e) { return !e || !e->due.isValid() || e->due <= at.addDays(1); };
    if (briefing) {
        for (const Chunk &c : std::as_const(briefing->decisions))
            if (open(c.path) && !seen.contains(QStringLiteral("d:") + c.path)) {
                seen.insert(QStringLiteral("d:") + c.path);
                const CatalogEntry *e = catalog.find(c.path);
                decisions << Item{chunkJson(c), e && e->created.isValid() ? e->created : c.time, {}};
            }
        for (const Chunk &c : std::as_const(briefing->prospective)) {
            const CatalogEntry *e = catalog.find(c.path);
            if (open(c.path) && dueNow(e) && !seen.contains(QStringLiteral("p:") + c.path)) {
                seen.insert(QStringLiteral("p:") + c.path);
                due << Item{chunkJson(c), e && e->created.isValid() ? e->created : c.time, e ? e->due : QDateTime()};
            }
        }
    }
    for (const CatalogEntry &e : catalog.entries()) {
        if (!open(e.path))
            continue;
        if (e.category == QLatin1String("decision") && !seen.contains(QStringLiteral("d:") + e.path)) {
            seen.insert(QStringLiteral("d:") + e.path);
            decisions << Item{entryJson(e), e.created, {}};
        }
        const bool prospective = e.store == QLatin1String("prospective") || e.category == QLatin1String("goal");
        if (prospective && dueNow(&e) && !seen.contains(QStringLiteral("p:") + e.path)) {
            seen.insert(QStringLiteral("p:") + e.path);
            due << Item{entryJson(e), e.created, e.due};
        }
    }
    std::stable_sort(decisions.begin(), decisions.end(), [](const Item &a, const Item &b) { return a.when > b.when; });
    std::stable_sort(due.begin(), due.end(), [](const Item &a, const Item &b) {
        if (a.due.isValid() != b.due.isValid())
            return a.due.isValid(); // dated reminders first, soonest first
        return a.due.isValid() ? a.due < b.due : a.when > b.when;
    });
    QJsonArray decisionArray, dueArray;
    QStringList text;
    if (!preamble.isEmpty())
        text << preamble;
    if (!focus.current.isEmpty())
        text << QStringLiteral("Focus: %1%2")
                    .arg(focus.current, focus.priorities.isEmpty() ? QString()
                                                                   : QStringLiteral("\nPriorities: ")
                                                                         + focus.priorities.join(QStringLiteral("; ")));
    QStringList lines;
    for (const Item &d : decisions.mid(0, 5)) {
        decisionArray.append(d.json);
        lines << memoryLine(int(decisionArray.size()), d.json);
    }
    text << (lines.isEmpty() ? QStringLiteral("Open decisions: none recorded.")
                             : QStringLiteral("Open decisions:\n") + lines.join(QLatin1Char('\n')));
    lines.clear();
    for (const Item &d : due.mid(0, 10)) {
        dueArray.append(d.json);
        lines << memoryLine(int(dueArray.size()), d.json)
                     + (d.due.isValid()
                            ? QStringLiteral("\n   due %1").arg(d.due.toString(QStringLiteral("yyyy-MM-dd")))
                            : QString());
    }
    text << (lines.isEmpty() ? QStringLiteral("Due: nothing.")
                             : QStringLiteral("Due (goals and reminders):\n") + lines.join(QLatin1Char('\n')));
    for (const QString &n : std::as_const(notes))
        text << QStringLiteral("Note: %1").arg(n);
    return ToolResult{
        text.join(QStringLiteral("\n\n")),
        QJsonObject{{QStringLiteral("generated_at"), at.toString(Qt::ISODate)},
                    {QStringLiteral("preamble"), preamble},
                    {QStringLiteral("focus"),
                     QJsonObject{{QStringLiteral("current"), focus.current},
                                 {QStringLiteral("priorities"), QJsonArray::fromStringList(focus.priorities)}}},
                    {QStringLiteral("open_decisions"), decisionArray},
                    {QStringLiteral("prospective_due"), dueArray}}};
}

ToolResult McpTools::remember(const QJsonObject &args)
{
    RememberRequest request;
    request.content = args.value(QStringLiteral("content")).toString();
    request.title = args.value(QStringLiteral("title")).toString();
    if (request.title.isEmpty()) // the first line of the content, shortened
        request.title = request.content.section(QLatin1Char('\n'), 0, 0).remove(QLatin1Char('#')).simplified().left(80);
    request.store = args.value(QStringLiteral("store"))
                        .toString(args.value(QStringLiteral("category")).toString() == QLatin1String("goal")
                                      ? QStringLiteral("prospective")
                                      : QStringLiteral("semantic"));
    request.category = args.value(QStringLiteral("category")).toString();
    request.tags = strings(args.value(QStringLiteral("tags")));
    for (const char *key : {"valence", "arousal", "confidence"}) {
        const QJsonValue v = args.value(QLatin1String(key));
        if (v.isDouble())
            (key[0] == 'v' ? request.valence : key[0] == 'a' ? request.arousal : request.confidence) = v.toDouble();
    }
    request.source = args.value(QStringLiteral("source")).toString(QStringLiteral("conversation"));
    request.project = args.value(QStringLiteral("project")).toString();
    request.supersedes = args.value(QStringLiteral("supersedes")).toString();
    auto written = MemoryWriter(*m_engine).remember(request);
    if (!written)
        return ToolResult::failure(QStringLiteral("nothing was written: %1").arg(written.error().toString()));
    const int chunks = indexNow(*written);
    return ToolResult{QStringLiteral("Remembered \"%1\" as %2 (%3, %4).")
                          .arg(request.title, *written, request.store,
                               request.category.isEmpty() ? QStringLiteral("category inferred") : request.category),
                      QJsonObject{{QStringLiteral("path"), *written},
                                  {QStringLiteral("title"), request.title},
                                  {QStringLiteral("store"), request.store},
                                  {QStringLiteral("category"), request.category},
                                  {QStringLiteral("chunks"), chunks}}};
}

ToolResult McpTools::forget(const QJsonObject &args)
{
    const QString path = QDir::cleanPath(args.value(QStringLiteral("path")).toString());
    const bool purge = args.value(QStringLiteral("purge")).toBool();
    if (!QFileInfo::exists(QDir(m_engine->vaultPath()).filePath(path)))
        return ToolResult::failure(
            QStringLiteral("there is no file %1 in the vault; recall gives the paths").arg(path));
    MemoryWriter writer(*m_engine);
    const Status s = purge ? writer.purge(path) : writer.forget(path);
    if (!s)
        return ToolResult::failure(
            QStringLiteral("%1 was not %2: %3")
                .arg(path, purge ? QStringLiteral("purged") : QStringLiteral("archived"), s.error().toString()));
    indexNow(path);
    QJsonObject structured{{QStringLiteral("path"), path},
                           {QStringLiteral("action"), purge ? QStringLiteral("purged") : QStringLiteral("archived")}};
    if (purge)
        return ToolResult{QStringLiteral("Deleted %1 for good.").arg(path), structured};
    const QString archived = MemoryWriter::archiveFolder() + QLatin1Char('/') + path;
    structured.insert(QStringLiteral("archived_path"), archived);
    return ToolResult{
        QStringLiteral("Archived %1 as %2; it no longer comes up in recall and can be restored.").arg(path, archived),
        structured};
}

} // namespace engram::mcp
