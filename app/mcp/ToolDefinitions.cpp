#include "ToolDefinitions.h"

#include "ingest/Tagger.h"

#include <QJsonArray>

namespace engram::mcp {

namespace {

using Props = QJsonObject;

QJsonObject str(const QString &description)
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("string")}};
    if (!description.isEmpty())
        o.insert(QStringLiteral("description"), description);
    return o;
}

QJsonObject nonEmptyString(const QString &description, int maxLength = 100000)
{
    QJsonObject o = str(description);
    o.insert(QStringLiteral("minLength"), 1);
    o.insert(QStringLiteral("maxLength"), maxLength);
    return o;
}

QJsonObject oneOf(const QStringList &values, const QString &description)
{
    QJsonObject o = str(description);
    o.insert(QStringLiteral("enum"), QJsonArray::fromStringList(values));
    return o;
}

QJsonObject integer(const QString &description, int minimum, int maximum)
{
    return {{QStringLiteral("type"), QStringLiteral("integer")},
            {QStringLiteral("description"), description},
            {QStringLiteral("minimum"), minimum},
            {QStringLiteral("maximum"), maximum}};
}

QJsonObject number(const QString &description, double minimum, double maximum)
{
    return {{QStringLiteral("type"), QStringLiteral("number")},
            {QStringLiteral("description"), description},
            {QStringLiteral("minimum"), minimum},
            {QStringLiteral("maximum"), maximum}};
}

QJsonObject boolean(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("boolean")}, {QStringLiteral("description"), description}};
}

QJsonObject arrayOf(const QJsonObject &items, const QString &description, int maxItems = 50)
{
    return {{QStringLiteral("type"), QStringLiteral("array")},
            {QStringLiteral("description"), description},
            {QStringLiteral("items"), items},
            {QStringLiteral("maxItems"), maxItems}};
}

QJsonObject stringList(const QString &description)
{
    return arrayOf(QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}, description);
}

/// An object schema; input schemas are closed so a misspelt argument is an error, not ignored.
QJsonObject object(const Props &properties, const QStringList &required = {}, bool closed = false)
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), properties}};
    if (!required.isEmpty())
        o.insert(QStringLiteral("required"), QJsonArray::fromStringList(required));
    if (closed)
        o.insert(QStringLiteral("additionalProperties"), false);
    return o;
}

QJsonObject input(const Props &properties, const QStringList &required = {})
{
    return object(properties, required, true);
}

QJsonObject type(const char *name)
{
    return {{QStringLiteral("type"), QLatin1String(name)}};
}

QJsonObject counts()
{
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("additionalProperties"), type("integer")}};
}

/// A recalled memory in structured output (see McpTools::memoryJson).
QJsonObject memory()
{
    return object({{QStringLiteral("path"), type("string")},
                   {QStringLiteral("start_line"), type("integer")},
                   {QStringLiteral("end_line"), type("integer")},
                   {QStringLiteral("title"), type("string")},
                   {QStringLiteral("heading"), type("string")},
                   {QStringLiteral("text"), type("string")},
                   {QStringLiteral("score"), type("number")},
                   {QStringLiteral("strength"), type("number")},
                   {QStringLiteral("region"), type("string")},
                   {QStringLiteral("store"), type("string")},
                   {QStringLiteral("layer"), type("string")},
                   {QStringLiteral("category"), type("string")},
                   {QStringLiteral("source"), type("string")}},
                  {QStringLiteral("path"), QStringLiteral("start_line"), QStringLiteral("end_line"),
                   QStringLiteral("text"), QStringLiteral("source")});
}

QJsonObject memories()
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("array")}, {QStringLiteral("items"), memory()}};
}

QJsonObject filters()
{
    return input(
        {{QStringLiteral("stores"), arrayOf(oneOf(vocabulary::stores(), {}), QStringLiteral("Only these stores."))},
         {QStringLiteral("regions"), arrayOf(oneOf(vocabulary::regions(), {}), QStringLiteral("Only these regions."))},
         {QStringLiteral("layers"), arrayOf(oneOf(vocabulary::layers(), {}), QStringLiteral("Only these layers."))},
         {QStringLiteral("categories"),
          arrayOf(oneOf(vocabulary::categories(), {}), QStringLiteral("Only these categories."))},
         {QStringLiteral("tags"), stringList(QStringLiteral("Only memories with any of these front matter tags."))},
         {QStringLiteral("path"),
          str(QStringLiteral("Only files under this vault-relative prefix, e.g. notes/project-x/."))},
         {QStringLiteral("include_archived"),
          boolean(QStringLiteral("Include archived (weak or forgotten) memories."))}});
}

} // namespace

QList<ToolDefinition> toolDefinitions()
{
    QList<ToolDefinition> tools;

    ToolDefinition remember;
    remember.name = QStringLiteral("remember");
    remember.title = QStringLiteral("Remember");
    remember.description = QStringLiteral(
        "Store a memory as a Markdown file in the vault (memories/<store>/<slug>.md) and index it at once. Use it for "
        "decisions and their reasons, lessons, facts about people or projects, goals. Set supersedes to the path of a "
        "memory this one replaces.");
    remember.inputSchema = input(
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
         {QStringLiteral("source"), str(QStringLiteral("Where it came from (a conversation, a URL)."))}},
        {QStringLiteral("content")});
    remember.outputSchema = object({{QStringLiteral("path"), type("string")},
                                    {QStringLiteral("title"), type("string")},
                                    {QStringLiteral("store"), type("string")},
                                    {QStringLiteral("category"), type("string")},
                                    {QStringLiteral("chunks"), type("integer")}},
                                   {QStringLiteral("path")});
    remember.readOnly = false;
    remember.idempotent = false;
    tools << remember;

    ToolDefinition recall;
    recall.name = QStringLiteral("recall");
    recall.title = QStringLiteral("Recall");
    recall.description = QStringLiteral(
        "Ranked memories for a question: hybrid keyword and vector search re-ranked by strength, recency, use and "
        "association. Every result cites its file and line range.");
    recall.inputSchema =
        input({{QStringLiteral("query"), nonEmptyString(QStringLiteral("What to recall."), 4000)},
               {QStringLiteral("mode"), str(QStringLiteral("Ranking mode: fast (default), deep or creative."))},
               {QStringLiteral("k"), integer(QStringLiteral("How many results (default 10)."), 1, 50)},
               {QStringLiteral("filters"), filters()}},
              {QStringLiteral("query")});
    recall.outputSchema = object({{QStringLiteral("query"), type("string")},
                                  {QStringLiteral("mode"), type("string")},
                                  {QStringLiteral("results"), memories()}},
                                 {QStringLiteral("query"), QStringLiteral("results")});
    tools << recall;

    ToolDefinition know;
    know.name = QStringLiteral("what_do_i_know");
    know.title = QStringLiteral("What do I know about…");
    know.description = QStringLiteral(
        "Broad awareness of a topic before diving in: how many memories touch it, per region, store and category, the "
        "strongest of them, and the open questions found in them.");
    know.inputSchema =
        input({{QStringLiteral("topic"), nonEmptyString(QStringLiteral("The topic."), 4000)},
               {QStringLiteral("k"), integer(QStringLiteral("How many memories to survey (default 50)."), 1, 200)}},
              {QStringLiteral("topic")});
    know.outputSchema = object(
        {{QStringLiteral("topic"), type("string")},
         {QStringLiteral("matches"), type("integer")},
         {QStringLiteral("files"), type("integer")},
         {QStringLiteral("regions"), counts()},
         {QStringLiteral("stores"), counts()},
         {QStringLiteral("categories"), counts()},
         {QStringLiteral("strongest"), memories()},
         {QStringLiteral("open_questions"),
          QJsonObject{{QStringLiteral("type"), QStringLiteral("array")},
                      {QStringLiteral("items"),
                       object({{QStringLiteral("text"), type("string")}, {QStringLiteral("source"), type("string")}},
                              {QStringLiteral("text"), QStringLiteral("source")})}}}},
        {QStringLiteral("topic"), QStringLiteral("matches"), QStringLiteral("strongest")});
    tools << know;

    ToolDefinition why;
    why.name = QStringLiteral("why_did_we");
    why.title = QStringLiteral("Why did we…");
    why.description = QStringLiteral(
        "Decision archaeology: the decisions that bear on a question, with their reasons, where they came from "
        "(derived_from) and their supersession chain, oldest to newest, marking which one is current.");
    why.inputSchema = input({{QStringLiteral("question"),
                              nonEmptyString(QStringLiteral("The decision to explain, e.g. \"use SQLite\"."), 4000)},
                             {QStringLiteral("k"), integer(QStringLiteral("How many decisions (default 5)."), 1, 20)}},
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
    why.outputSchema =
        object({{QStringLiteral("question"), type("string")},
                {QStringLiteral("decisions"),
                 QJsonObject{{QStringLiteral("type"), QStringLiteral("array")}, {QStringLiteral("items"), decision}}}},
               {QStringLiteral("question"), QStringLiteral("decisions")});
    tools << why;

    ToolDefinition forget;
    forget.name = QStringLiteral("forget");
    forget.title = QStringLiteral("Forget");
    forget.description = QStringLiteral(
        "Archive a memory file: it leaves recall unless archived memories are asked for, and can be restored. Only "
        "with purge: true is the file deleted for good.");
    forget.inputSchema = input(
        {{QStringLiteral("path"), nonEmptyString(QStringLiteral("Vault-relative path of the memory file."), 1000)},
         {QStringLiteral("purge"), boolean(QStringLiteral("Delete the file for good instead of archiving it."))}},
        {QStringLiteral("path")});
    forget.outputSchema =
        object({{QStringLiteral("path"), type("string")},
                {QStringLiteral("action"), oneOf({QStringLiteral("archived"), QStringLiteral("purged")}, {})},
                {QStringLiteral("archived_path"), type("string")}},
               {QStringLiteral("path"), QStringLiteral("action")});
    forget.readOnly = false;
    forget.destructive = true;
    tools << forget;

    ToolDefinition stats;
    stats.name = QStringLiteral("stats");
    stats.title = QStringLiteral("Vault statistics");
    stats.description = QStringLiteral("Counts of the vault's index: files, chunks, vectors, problems, and chunks per "
                                       "region, store, layer and category.");
    stats.inputSchema = input({});
    stats.outputSchema = object({{QStringLiteral("vault"), type("string")},
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
    tools << stats;

    ToolDefinition checkpoint;
    checkpoint.name = QStringLiteral("checkpoint");
    checkpoint.title = QStringLiteral("Checkpoint");
    checkpoint.description = QStringLiteral(
        "Save the current working context as a session note (sessions/<yyyy-mm-dd>/checkpoint-<time>.md): a "
        "summary, the focus, decisions made, open questions and next steps. Recall finds it from then on.");
    checkpoint.inputSchema =
        input({{QStringLiteral("summary"), nonEmptyString(QStringLiteral("What happened and where things stand."))},
               {QStringLiteral("title"), nonEmptyString(QStringLiteral("A title (default: Checkpoint <time>)."), 200)},
               {QStringLiteral("focus"), str(QStringLiteral("What is being worked on."))},
               {QStringLiteral("decisions"), stringList(QStringLiteral("Decisions made, each with its reason."))},
               {QStringLiteral("open_questions"), stringList(QStringLiteral("Questions still open."))},
               {QStringLiteral("next_steps"), stringList(QStringLiteral("What to do next."))},
               {QStringLiteral("tags"), stringList(QStringLiteral("Free tags."))},
               {QStringLiteral("project"), str(QStringLiteral("The project."))}},
              {QStringLiteral("summary")});
    checkpoint.outputSchema = object({{QStringLiteral("path"), type("string")},
                                      {QStringLiteral("title"), type("string")},
                                      {QStringLiteral("created"), type("string")},
                                      {QStringLiteral("bytes"), type("integer")},
                                      {QStringLiteral("chunks"), type("integer")}},
                                     {QStringLiteral("path"), QStringLiteral("created")});
    checkpoint.readOnly = false;
    checkpoint.idempotent = false;
    tools << checkpoint;

    ToolDefinition wake;
    wake.name = QStringLiteral("wake");
    wake.title = QStringLiteral("Wake (morning briefing)");
    wake.description = QStringLiteral(
        "The start-of-session briefing: the cognitive-state preamble (focus, heuristics, learnings, avoidances), open "
        "decisions, and prospective memories (goals, reminders) that are due.");
    wake.inputSchema =
        input({{QStringLiteral("budget"),
                integer(QStringLiteral("Token budget of the preamble (default from engram.json)."), 50, 4000)}});
    wake.outputSchema =
        object({{QStringLiteral("generated_at"), type("string")},
                {QStringLiteral("preamble"), type("string")},
                {QStringLiteral("focus"),
                 object({{QStringLiteral("current"), type("string")}, {QStringLiteral("priorities"), stringList({})}})},
                {QStringLiteral("open_decisions"), memories()},
                {QStringLiteral("prospective_due"), memories()}},
               {QStringLiteral("generated_at"), QStringLiteral("preamble"), QStringLiteral("open_decisions"),
                QStringLiteral("prospective_due")});
    tools << wake;
    return tools;
}

} // namespace engram::mcp
