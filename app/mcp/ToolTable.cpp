// The tool table: each tool's definition (schemas and hints) next to its handler. A handler
// translates arguments into one engine call and the engine's typed result into text and JSON.
#include "ToolTable.h"

#include "McpTools.h"
#include "ToolSchema.h"
#include "agent/DecisionHistory.h"
#include "agent/MemoryWriter.h"
#include "agent/SessionCheckpoint.h"
#include "agent/TopicSurvey.h"
#include "agent/VaultSet.h"
#include "agent/WakeBriefing.h"
#include "ingest/Tagger.h"
#include "recall/NothingFound.h"

#include <QDir>
#include <QJsonArray>

namespace engram::mcp {

using namespace schema;

namespace {

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString();
    return out;
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

MemoryItem::Detail detailOf(const QJsonObject &args)
{
    return args.value(QStringLiteral("explain")).toBool() ? MemoryItem::Detail::Full : MemoryItem::Detail::Agent;
}

QString countsLine(const QJsonObject &counts)
{
    QStringList parts;
    for (auto it = counts.constBegin(); it != counts.constEnd(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value().toInteger());
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

Tool remember()
{
    ToolDefinition d;
    d.name = QStringLiteral("remember");
    d.title = QStringLiteral("Remember");
    d.description = QStringLiteral(
        "Store a memory as a Markdown file in the vault (memories/<store>/<slug>.md) and index it at once. Use it for "
        "decisions and their reasons, lessons, facts about people or projects, goals. Set supersedes to the path of a "
        "memory this one replaces.");
    d.inputSchema = input(
        {{QStringLiteral("content"), nonEmptyString(QStringLiteral("The memory itself, in Markdown."))},
         {QStringLiteral("title"),
          nonEmptyString(QStringLiteral("A short title; derived from the content when left out."), 200)},
         {QStringLiteral("store"),
          oneOf(vocabulary::stores(), QStringLiteral("How it persists (default semantic; goals: prospective)."))},
         {QStringLiteral("category"), oneOf(vocabulary::categories(), QStringLiteral("What kind of memory it is."))},
         {QStringLiteral("tags"), stringList(QStringLiteral("Free tags."))},
         {QStringLiteral("valence"), number(QStringLiteral("Emotional valence, -1 (bad) to 1 (good)."), -1, 1)},
         {QStringLiteral("arousal"), number(QStringLiteral("Intensity, 0 (calm) to 1 (intense)."), 0, 1)},
         {QStringLiteral("confidence"), number(QStringLiteral("How sure, 0 to 1."), 0, 1)},
         {QStringLiteral("project"), str(QStringLiteral("The project it belongs to."))},
         {QStringLiteral("supersedes"), str(QStringLiteral("Vault-relative path of a memory this one replaces."))},
         {QStringLiteral("source"), str(QStringLiteral("Where it came from (a conversation, a URL)."))},
         {QStringLiteral("vault"),
          str(QStringLiteral("A linked vault to write into instead of this one (its name in engram.json's "
                             "linked_vaults, e.g. team): for memories the whole team should share."))}},
        {QStringLiteral("content")});
    d.outputSchema = object({{QStringLiteral("path"), type("string")},
                             {QStringLiteral("title"), type("string")},
                             {QStringLiteral("store"), type("string")},
                             {QStringLiteral("category"), type("string")},
                             {QStringLiteral("chunks"), type("integer")},
                             {QStringLiteral("vault"), type("string")},
                             {QStringLiteral("searchable"), type("boolean")},
                             {QStringLiteral("restates"), type("boolean")}},
                            {QStringLiteral("path")});
    d.readOnly = false;
    d.idempotent = false;
    return {
        d, [](McpTools &tools, const QJsonObject &args) {
            RememberRequest request;
            request.content = args.value(QStringLiteral("content")).toString();
            request.title = args.value(QStringLiteral("title")).toString();
            if (request.title.isEmpty()) // the first line of the content, shortened
                request.title =
                    request.content.section(QLatin1Char('\n'), 0, 0).remove(QLatin1Char('#')).simplified().left(80);
            request.store = args.value(QStringLiteral("store"))
                                .toString(args.value(QStringLiteral("category")).toString() == QLatin1String("goal")
                                              ? QStringLiteral("prospective")
                                              : QStringLiteral("semantic"));
            request.category = args.value(QStringLiteral("category")).toString();
            request.tags = strings(args.value(QStringLiteral("tags")));
            for (const char *key : {"valence", "arousal", "confidence"}) {
                const QJsonValue v = args.value(QLatin1String(key));
                if (v.isDouble())
                    (key[0] == 'v'   ? request.valence
                     : key[0] == 'a' ? request.arousal
                                     : request.confidence) = v.toDouble();
            }
            request.source = args.value(QStringLiteral("source")).toString(QStringLiteral("conversation"));
            request.project = args.value(QStringLiteral("project")).toString();
            request.supersedes = args.value(QStringLiteral("supersedes")).toString();
            const QString vault = args.value(QStringLiteral("vault")).toString();
            Engine *target = &tools.engine();
            if (!vault.isEmpty() && vault != QLatin1String("personal")) {
                auto linked = tools.vaults().writeTarget(vault);
                if (!linked)
                    return ToolResult::failure(
                        QStringLiteral("nothing was written: %1").arg(linked.error().toString()));
                target = *linked;
            }
            // Written and indexed in one go: indexing it again would find nothing new.
            MemoryWriter::Outcome outcome;
            auto written = MemoryWriter(*target).remember(request, &outcome);
            if (!written)
                return ToolResult::failure(QStringLiteral("nothing was written: %1").arg(written.error().toString()));
            if (!outcome.restates.isEmpty())
                return ToolResult{QStringLiteral("Already known: %1 says this; it was reinforced and nothing new was "
                                                 "written.")
                                      .arg(*written),
                                  QJsonObject{{QStringLiteral("path"), *written}, {QStringLiteral("restates"), true}}};
            QJsonObject structured{{QStringLiteral("path"), *written},
                                   {QStringLiteral("title"), request.title},
                                   {QStringLiteral("store"), request.store},
                                   {QStringLiteral("category"), request.category},
                                   {QStringLiteral("chunks"), outcome.chunks}};
            const bool linked = target != &tools.engine();
            if (linked)
                structured.insert(QStringLiteral("vault"), vault);
            QString notYet; // kept, and found after the next index run: not to be written again
            if (outcome.notIndexed) {
                structured.insert(QStringLiteral("searchable"), false);
                notYet = QStringLiteral(" It is kept, and searchable after the next index run: %1.")
                             .arg(outcome.notIndexed->message);
            }
            return ToolResult{
                QStringLiteral("Remembered \"%1\" as %2%3 (%4, %5).%6")
                    .arg(request.title, linked ? QStringLiteral("[%1] ").arg(vault) : QString(), *written,
                         request.store,
                         request.category.isEmpty() ? QStringLiteral("category inferred") : request.category, notYet),
                structured};
        }};
}

Tool recall()
{
    ToolDefinition d;
    d.name = QStringLiteral("recall");
    d.title = QStringLiteral("Recall");
    d.description = QStringLiteral(
        "Ranked memories for a question: hybrid keyword and vector search re-ranked by strength, recency, use and "
        "association. Every result cites its file and line range.");
    d.inputSchema =
        input({{QStringLiteral("query"), nonEmptyString(QStringLiteral("What to recall."), 4000)},
               {QStringLiteral("mode"), str(QStringLiteral("Ranking mode: fast (default), deep or creative."))},
               {QStringLiteral("k"), integer(QStringLiteral("How many results (default 10)."), 1, 50)},
               {QStringLiteral("filters"), filters()},
               {QStringLiteral("explain"), explain()}},
              {QStringLiteral("query")});
    d.outputSchema = object({{QStringLiteral("query"), type("string")},
                             {QStringLiteral("mode"), type("string")},
                             {QStringLiteral("results"), memories()},
                             {QStringLiteral("nothing"),
                              str(QStringLiteral("With no results: that memory holds nothing about the query."))}},
                            {QStringLiteral("results")});
    return {d, [](McpTools &tools, const QJsonObject &args) {
                Engine &engine = tools.engine();
                RecallQuery query;
                query.text = args.value(QStringLiteral("query")).toString();
                query.mode = args.value(QStringLiteral("mode")).toString();
                query.k = args.value(QStringLiteral("k")).toInt(10);
                query.filter = filterFrom(args.value(QStringLiteral("filters")).toObject());
                const QStringList modes = engine.config().modeNames();
                if (!query.mode.isEmpty() && !modes.contains(query.mode))
                    return ToolResult::failure(QStringLiteral("unknown mode \"%1\"; the modes are %2")
                                                   .arg(query.mode, modes.join(QStringLiteral(", "))));
                VaultSet &vaults = tools.vaults();
                auto answer = vaults.recall(query);
                if (!answer)
                    return ToolResult::failure(QStringLiteral("recall failed: %1").arg(answer.error().toString()));
                for (const QString &warning : std::as_const(answer->warnings))
                    tools.log(QStringLiteral("warning"), warning);
                QJsonArray array;
                QStringList lines;
                for (const RecallResult &r : std::as_const(answer->results)) {
                    MemoryItem m = MemoryItem::fromRecall(vaults.engineOf(r.vault), r);
                    if (vaults.hasLinks())
                        m.vault = VaultSet::label(r.vault);
                    array.append(m.toJson(detailOf(args)));
                    lines << m.line(int(array.size()));
                }
                const QString mode = query.mode.isEmpty() ? engine.config().defaultMode : query.mode;
                const QString text = lines.isEmpty() ? nothingInMemoryAbout(query.text)
                                                     : QStringLiteral("%1 memories for \"%2\" (mode %3):\n%4")
                                                           .arg(lines.size())
                                                           .arg(query.text, mode, lines.join(QLatin1Char('\n')));
                // The model knows what it asked: the query and mode come back only with explain.
                QJsonObject structured{{QStringLiteral("results"), array}};
                // Clients hand the model structuredContent, not the text (DESIGN.md rule 8): the sentence
                // that says memory holds nothing rides there too, or the model sees a bare empty list.
                if (lines.isEmpty())
                    structured.insert(QStringLiteral("nothing"), text);
                if (detailOf(args) == MemoryItem::Detail::Full) {
                    structured.insert(QStringLiteral("query"), query.text);
                    structured.insert(QStringLiteral("mode"), mode);
                }
                return ToolResult{text, structured};
            }};
}

Tool whatDoIKnow()
{
    ToolDefinition d;
    d.name = QStringLiteral("what_do_i_know");
    d.title = QStringLiteral("What do I know about…");
    d.description = QStringLiteral(
        "Broad awareness of a topic before diving in: how many memories touch it, per region, store and category, the "
        "strongest of them, and the open questions found in them.");
    d.inputSchema =
        input({{QStringLiteral("topic"), nonEmptyString(QStringLiteral("The topic."), 4000)},
               {QStringLiteral("k"), integer(QStringLiteral("How many memories to survey (default 50)."), 1, 200)},
               {QStringLiteral("explain"), explain()}},
              {QStringLiteral("topic")});
    d.outputSchema = object(
        {{QStringLiteral("topic"), type("string")},
         {QStringLiteral("matches"), type("integer")},
         {QStringLiteral("files"), type("integer")},
         {QStringLiteral("regions"), counts()},
         {QStringLiteral("stores"), counts()},
         {QStringLiteral("categories"), counts()},
         {QStringLiteral("strongest"), memories()},
         {QStringLiteral("open_questions"),
          arrayOfItems(object({{QStringLiteral("text"), type("string")}, {QStringLiteral("source"), type("string")}},
                              {QStringLiteral("text"), QStringLiteral("source")}))}},
        {QStringLiteral("topic"), QStringLiteral("matches"), QStringLiteral("strongest")});
    return {d, [](McpTools &tools, const QJsonObject &args) {
                auto survey = TopicSurvey::survey(tools.engine(), args.value(QStringLiteral("topic")).toString(),
                                                  args.value(QStringLiteral("k")).toInt(50));
                if (!survey)
                    return ToolResult::failure(QStringLiteral("recall failed: %1").arg(survey.error().toString()));
                return ToolResult{survey->text(), survey->toJson(detailOf(args))};
            }};
}

Tool whyDidWe()
{
    ToolDefinition d;
    d.name = QStringLiteral("why_did_we");
    d.title = QStringLiteral("Why did we…");
    d.description = QStringLiteral(
        "Decision archaeology: the decisions that bear on a question, with their reasons, where they came from "
        "(derived_from) and their supersession chain, oldest to newest, marking which one is current.");
    d.inputSchema = input({{QStringLiteral("question"),
                            nonEmptyString(QStringLiteral("The decision to explain, e.g. \"use SQLite\"."), 4000)},
                           {QStringLiteral("k"), integer(QStringLiteral("How many decisions (default 5)."), 1, 20)},
                           {QStringLiteral("explain"), explain()}},
                          {QStringLiteral("question")});
    QJsonObject decision = memory();
    QJsonObject decisionProps = decision.value(QStringLiteral("properties")).toObject();
    decisionProps.insert(QStringLiteral("status"),
                         oneOf({QStringLiteral("current"), QStringLiteral("superseded")}, {}));
    decisionProps.insert(QStringLiteral("supersedes"), stringList({}));
    decisionProps.insert(QStringLiteral("superseded_by"), stringList({}));
    decisionProps.insert(QStringLiteral("derived_from"), stringList({}));
    decisionProps.insert(QStringLiteral("chain"), stringList(QStringLiteral("Paths oldest to newest.")));
    decision.insert(QStringLiteral("properties"), decisionProps);
    d.outputSchema =
        object({{QStringLiteral("question"), type("string")}, {QStringLiteral("decisions"), arrayOfItems(decision)}},
               {QStringLiteral("decisions")});
    return {d, [](McpTools &tools, const QJsonObject &args) {
                auto history = DecisionHistory::trace(tools.engine(), args.value(QStringLiteral("question")).toString(),
                                                      args.value(QStringLiteral("k")).toInt(5));
                if (!history)
                    return ToolResult::failure(QStringLiteral("recall failed: %1").arg(history.error().toString()));
                return ToolResult{history->text(), history->toJson(detailOf(args))};
            }};
}

Tool forget()
{
    ToolDefinition d;
    d.name = QStringLiteral("forget");
    d.title = QStringLiteral("Forget");
    d.description = QStringLiteral(
        "Archive a memory file: it leaves recall unless archived memories are asked for, and can be restored. Only "
        "with purge: true is the file deleted for good.");
    d.inputSchema = input(
        {{QStringLiteral("path"), nonEmptyString(QStringLiteral("Vault-relative path of the memory file."), 1000)},
         {QStringLiteral("purge"), boolean(QStringLiteral("Delete the file for good instead of archiving it."))}},
        {QStringLiteral("path")});
    d.outputSchema =
        object({{QStringLiteral("path"), type("string")},
                {QStringLiteral("action"), oneOf({QStringLiteral("archived"), QStringLiteral("purged")}, {})},
                {QStringLiteral("archived_path"), type("string")}},
               {QStringLiteral("path"), QStringLiteral("action")});
    d.readOnly = false;
    d.destructive = true;
    return {d, [](McpTools &tools, const QJsonObject &args) {
                const QString path = QDir::cleanPath(args.value(QStringLiteral("path")).toString());
                const bool purge = args.value(QStringLiteral("purge")).toBool();
                MemoryWriter writer(tools.engine());
                QString archived;
                const Status s = purge ? writer.purge(path) : writer.forget(path, &archived);
                if (!s)
                    return ToolResult::failure(QStringLiteral("%1 was not %2: %3; recall gives the paths")
                                                   .arg(path,
                                                        purge ? QStringLiteral("purged") : QStringLiteral("archived"),
                                                        s.error().toString()));
                tools.indexNow(path);
                QJsonObject structured{
                    {QStringLiteral("path"), path},
                    {QStringLiteral("action"), purge ? QStringLiteral("purged") : QStringLiteral("archived")}};
                if (purge)
                    return ToolResult{QStringLiteral("Deleted %1 for good.").arg(path), structured};
                structured.insert(QStringLiteral("archived_path"), archived);
                return ToolResult{QStringLiteral("Archived %1 as %2; it no longer comes up in recall and can be "
                                                 "restored.")
                                      .arg(path, archived),
                                  structured};
            }};
}

Tool stats()
{
    ToolDefinition d;
    d.name = QStringLiteral("stats");
    d.title = QStringLiteral("Vault statistics");
    d.description = QStringLiteral("Counts of the vault's index: files, chunks, vectors, problems, and chunks per "
                                   "region, store, layer and category.");
    d.inputSchema = input({});
    d.outputSchema = object({{QStringLiteral("vault"), type("string")},
                             {QStringLiteral("files"), type("integer")},
                             {QStringLiteral("chunks"), type("integer")},
                             {QStringLiteral("vectors"), type("integer")},
                             {QStringLiteral("problems"), type("integer")},
                             {QStringLiteral("embedder"), type("string")},
                             {QStringLiteral("last_index"), type("string")},
                             {QStringLiteral("regions"), counts()},
                             {QStringLiteral("stores"), counts()},
                             {QStringLiteral("layers"), counts()},
                             {QStringLiteral("categories"), counts()}},
                            {QStringLiteral("files"), QStringLiteral("chunks")});
    return {d, [](McpTools &tools, const QJsonObject &) {
                Engine &engine = tools.engine();
                const VaultStats s = engine.stats();
                const QJsonObject structured = s.toJson(engine.vaultPath());
                const QString text =
                    QStringLiteral("Vault %1: %2 files, %3 chunks, %4 vectors, %5 problems; embedder %6; last "
                                   "indexed %7.\nRegions: %8\nStores: %9\nLayers: %10\nCategories: %11")
                        .arg(engine.vaultPath())
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
            }};
}

Tool checkpoint()
{
    ToolDefinition d;
    d.name = QStringLiteral("checkpoint");
    d.title = QStringLiteral("Checkpoint");
    d.description = QStringLiteral(
        "Save the current working context as a session note (sessions/<yyyy-mm-dd>/checkpoint-<time>.md): a "
        "summary, the focus, decisions made, open questions and next steps. Recall finds it from then on.");
    d.inputSchema =
        input({{QStringLiteral("summary"), nonEmptyString(QStringLiteral("What happened and where things stand."))},
               {QStringLiteral("title"), nonEmptyString(QStringLiteral("A title (default: Checkpoint <time>)."), 200)},
               {QStringLiteral("focus"), str(QStringLiteral("What is being worked on."))},
               {QStringLiteral("decisions"), stringList(QStringLiteral("Decisions made, each with its reason."))},
               {QStringLiteral("open_questions"), stringList(QStringLiteral("Questions still open."))},
               {QStringLiteral("next_steps"), stringList(QStringLiteral("What to do next."))},
               {QStringLiteral("tags"), stringList(QStringLiteral("Free tags."))},
               {QStringLiteral("project"), str(QStringLiteral("The project."))}},
              {QStringLiteral("summary")});
    d.outputSchema = object({{QStringLiteral("path"), type("string")},
                             {QStringLiteral("title"), type("string")},
                             {QStringLiteral("created"), type("string")},
                             {QStringLiteral("bytes"), type("integer")},
                             {QStringLiteral("chunks"), type("integer")}},
                            {QStringLiteral("path"), QStringLiteral("created")});
    d.readOnly = false;
    d.idempotent = false;
    return {d, [](McpTools &tools, const QJsonObject &args) {
                Checkpoint c;
                c.title = args.value(QStringLiteral("title")).toString();
                c.summary = args.value(QStringLiteral("summary")).toString();
                c.focus = args.value(QStringLiteral("focus")).toString();
                c.decisions = strings(args.value(QStringLiteral("decisions")));
                c.openQuestions = strings(args.value(QStringLiteral("open_questions")));
                c.nextSteps = strings(args.value(QStringLiteral("next_steps")));
                c.tags = strings(args.value(QStringLiteral("tags")));
                c.project = args.value(QStringLiteral("project")).toString();
                auto saved = SessionCheckpoint::save(tools.engine(), c, tools.now());
                if (!saved)
                    return ToolResult::failure(saved.error().toString());
                for (const QString &problem : std::as_const(saved->indexProblems))
                    tools.log(QStringLiteral("warning"),
                              QStringLiteral("%1 is saved but not indexed yet: %2").arg(saved->path, problem));
                return ToolResult{saved->text(), saved->toJson()};
            }};
}

Tool wake()
{
    ToolDefinition d;
    d.name = QStringLiteral("wake");
    d.title = QStringLiteral("Wake (morning briefing)");
    d.description = QStringLiteral(
        "The start-of-session briefing: the cognitive-state preamble (focus, heuristics, learnings, avoidances), open "
        "decisions, and prospective memories (goals, reminders) that are due.");
    d.inputSchema =
        input({{QStringLiteral("budget"),
                integer(QStringLiteral("Token budget of the preamble (default from engram.json)."), 50, 4000)},
               {QStringLiteral("explain"), explain()}});
    QJsonObject due = memory();
    QJsonObject dueProps = due.value(QStringLiteral("properties")).toObject();
    dueProps.insert(QStringLiteral("due"), str(QStringLiteral("When it is due (front matter due:), if dated.")));
    due.insert(QStringLiteral("properties"), dueProps);
    d.outputSchema =
        object({{QStringLiteral("generated_at"), type("string")},
                {QStringLiteral("preamble"), type("string")},
                {QStringLiteral("focus"),
                 object({{QStringLiteral("current"), type("string")}, {QStringLiteral("priorities"), stringList({})}})},
                {QStringLiteral("open_decisions"), memories()},
                {QStringLiteral("prospective_due"), arrayOfItems(due)}},
               {QStringLiteral("generated_at"), QStringLiteral("preamble"), QStringLiteral("open_decisions"),
                QStringLiteral("prospective_due")});
    return {d, [](McpTools &tools, const QJsonObject &args) {
                WakeOptions options;
                options.preambleBudget = args.value(QStringLiteral("budget")).toInt(-1);
                auto briefing = WakeBriefing::build(tools.engine(), tools.now(), options);
                if (!briefing)
                    return ToolResult::failure(briefing.error().toString());
                return ToolResult{briefing->markdown(), briefing->toJson(detailOf(args))};
            }};
}

} // namespace

QList<Tool> toolTable()
{
    return {remember(), recall(), whatDoIKnow(), whyDidWe(), forget(), stats(), checkpoint(), wake(), reviewTool()};
}

} // namespace engram::mcp
