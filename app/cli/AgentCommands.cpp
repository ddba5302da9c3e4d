// engram-cli wake, why, know, checkpoint: the agent use cases, answered by the same engine
// services as the MCP tools; --json prints the JSON of the MCP tool's structured result.
#include "CliCommand.h"
#include "agent/DecisionHistory.h"
#include "agent/SessionCheckpoint.h"
#include "agent/TopicSurvey.h"
#include "agent/WakeBriefing.h"

#include <QJsonDocument>

namespace engram::cli {

namespace {

void printJson(CliContext &cx, const QJsonObject &object)
{
    cx.out << QJsonDocument(object).toJson(QJsonDocument::Indented);
    cx.out.flush();
}

QString positionalText(CliContext &cx)
{
    return cx.parser.positionalArguments().join(QLatin1Char(' ')).trimmed();
}

int runWake(CliContext &cx)
{
    bool ok = true;
    WakeOptions options;
    options.preambleBudget = cx.intOption(QStringLiteral("budget"), -1, &ok);
    const QDateTime now = cx.nowOption(&ok);
    if (!ok)
        return ExitUsage;
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    auto briefing = WakeBriefing::build(*engine, now, options);
    if (!briefing)
        return cx.fail(briefing.error().toString());
    if (cx.json())
        printJson(cx, briefing->toJson());
    else
        cx.out << briefing->markdown();
    return ExitOk;
}

int runWhy(CliContext &cx)
{
    const QString question = positionalText(cx);
    if (question.isEmpty())
        return cx.fail(QStringLiteral("say which decision to explain: engram-cli why \"we use SQLite\""));
    bool ok = true;
    const int k = cx.intOption(QStringLiteral("k"), 5, &ok);
    if (!ok)
        return ExitUsage;
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    auto history = DecisionHistory::trace(*engine, question, k);
    if (!history)
        return cx.fail(history.error().toString());
    if (history->decisions.isEmpty())
        cx.noteIfIndexEmpty(*engine);
    if (cx.json())
        printJson(cx, history->toJson());
    else
        cx.out << history->text() << Qt::endl;
    return ExitOk;
}

int runKnow(CliContext &cx)
{
    const QString topic = positionalText(cx);
    if (topic.isEmpty())
        return cx.fail(QStringLiteral("say which topic to survey: engram-cli know \"the indexer\""));
    bool ok = true;
    const int k = cx.intOption(QStringLiteral("k"), 50, &ok);
    if (!ok)
        return ExitUsage;
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    auto survey = TopicSurvey::survey(*engine, topic, k);
    if (!survey)
        return cx.fail(survey.error().toString());
    if (survey->matches == 0)
        cx.noteIfIndexEmpty(*engine);
    if (cx.json())
        printJson(cx, survey->toJson());
    else
        cx.out << survey->text() << Qt::endl;
    return ExitOk;
}

int runCheckpoint(CliContext &cx)
{
    Checkpoint c;
    c.summary = positionalText(cx);
    if (c.summary.isEmpty())
        return cx.fail(QStringLiteral("say where things stand: engram-cli checkpoint \"parser done, tests next\""));
    c.title = cx.parser.value(QStringLiteral("title"));
    c.focus = cx.parser.value(QStringLiteral("focus"));
    c.decisions = cx.parser.values(QStringLiteral("decision"));
    c.openQuestions = cx.parser.values(QStringLiteral("question"));
    c.nextSteps = cx.parser.values(QStringLiteral("next"));
    c.tags = cx.parser.values(QStringLiteral("tag"));
    c.project = cx.parser.value(QStringLiteral("project"));
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    auto saved = SessionCheckpoint::save(*engine, c, QDateTime::currentDateTime());
    if (!saved)
        return cx.fail(saved.error().toString());
    for (const QString &problem : std::as_const(saved->indexProblems))
        cx.err << "engram-cli checkpoint: note: " << saved->path << " is saved but not indexed yet: " << problem
               << Qt::endl;
    if (cx.json())
        printJson(cx, saved->toJson());
    else
        cx.out << saved->text() << Qt::endl;
    return ExitOk;
}

void addCount(QCommandLineParser &p, const QString &description)
{
    p.addOption({{QStringLiteral("k"), QStringLiteral("limit")}, description, QStringLiteral("n")});
}

const CommandRegistration wakeCommand{CliCommand{
    QStringLiteral("wake"),
    QStringLiteral("What an agent reads first: the <engram-state> preamble, focus, open decisions, goals due."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("budget"),
                     QStringLiteral("Token budget of the preamble (default from engram.json)."),
                     QStringLiteral("tokens")});
        addNowOption(p, QStringLiteral("Brief"));
    },
    runWake}};

const CommandRegistration whyCommand{
    CliCommand{QStringLiteral("why"),
               QStringLiteral("The decisions bearing on a question, with their supersession chains (MCP why_did_we)."),
               [](QCommandLineParser &p) {
                   addCount(p, QStringLiteral("How many decisions (default 5)."));
                   p.addPositionalArgument(QStringLiteral("question"), QStringLiteral("The decision to explain."));
               },
               runWhy}};

const CommandRegistration knowCommand{CliCommand{
    QStringLiteral("know"),
    QStringLiteral("What memory holds on a topic: counts, strongest memories, open questions (MCP what_do_i_know)."),
    [](QCommandLineParser &p) {
        addCount(p, QStringLiteral("How many memories to survey (default 50)."));
        p.addPositionalArgument(QStringLiteral("topic"), QStringLiteral("The topic."));
    },
    runKnow}};

const CommandRegistration checkpointCommand{CliCommand{
    QStringLiteral("checkpoint"),
    QStringLiteral("Save where the work stands as a session note under sessions/ and index it."),
    [](QCommandLineParser &p) {
        p.addOptions({
            {QStringLiteral("title"), QStringLiteral("A title (default: Checkpoint <time>)."), QStringLiteral("text")},
            {QStringLiteral("focus"), QStringLiteral("What is being worked on."), QStringLiteral("text")},
            {QStringLiteral("decision"), QStringLiteral("A decision made, with its reason (repeatable)."),
             QStringLiteral("text")},
            {QStringLiteral("question"), QStringLiteral("A question still open (repeatable)."), QStringLiteral("text")},
            {QStringLiteral("next"), QStringLiteral("A next step (repeatable)."), QStringLiteral("text")},
            {QStringLiteral("tag"), QStringLiteral("A free tag (repeatable)."), QStringLiteral("tag")},
            {QStringLiteral("project"), QStringLiteral("The project."), QStringLiteral("name")},
        });
        p.addPositionalArgument(QStringLiteral("summary"), QStringLiteral("What happened and where things stand."));
    },
    runCheckpoint}};

} // namespace

} // namespace engram::cli
