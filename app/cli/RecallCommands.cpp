// engram-cli recall, pack
#include "CliCommand.h"
#include "agent/MemoryItem.h"
#include "agent/VaultSet.h"
#include "recall/EvidenceText.h"
#include "recall/NothingFound.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

void addRecallOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("mode"), QStringLiteral("Ranking mode: fast, deep, creative (or one from engram.json)."),
         QStringLiteral("mode")},
        {{QStringLiteral("k"), QStringLiteral("limit")},
         QStringLiteral("How many results (default 10)."),
         QStringLiteral("n")},
    });
    addNowOption(p, QStringLiteral("Rank"));
    addFilterOptions(p);
    p.addOptions({
        {QStringLiteral("only-personal"), QStringLiteral("Leave out the vaults engram.json links (linked_vaults).")},
        {QStringLiteral("vault-name"),
         QStringLiteral("Only this vault: \"personal\" or a linked vault's name (repeatable)."),
         QStringLiteral("name")},
    });
}

/// The personal vault and the vaults it links, narrowed by --only-personal / --vault-name; a linked vault
/// that cannot be used is a warning on stderr. Null (and the reason printed) on a bad --vault-name.
std::unique_ptr<VaultSet> openVaultSet(CliContext &cx, Engine &engine)
{
    QStringList names = cx.parser.values(QStringLiteral("vault-name"));
    if (cx.parser.isSet(QStringLiteral("only-personal")))
        names = {QStringLiteral("personal")};
    auto set = std::make_unique<VaultSet>(engine, names);
    if (Status s = set->restrictTo(names); !s) {
        (void)cx.fail(s.error().toString());
        return nullptr;
    }
    return set;
}

void printWarnings(CliContext &cx, const QStringList &warnings)
{
    for (const QString &warning : warnings)
        cx.err << "engram-cli " << cx.commandName << ": warning: " << warning << Qt::endl;
}

Result<RecallQuery> queryFromOptions(CliContext &cx, const QString &text)
{
    RecallQuery q;
    q.text = text;
    q.mode = cx.parser.value(QStringLiteral("mode"));
    bool ok = true;
    q.k = cx.intOption(QStringLiteral("k"), 10, &ok);
    if (!ok)
        return Error{QStringLiteral("bad -k")};
    q.filter = filterFromOptions(cx.parser);
    if (cx.parser.isSet(QStringLiteral("now"))) {
        q.now = cx.nowOption(&ok);
        if (!ok)
            return Error{QStringLiteral("bad --now")};
    }
    return q;
}

void printResultText(CliContext &cx, int rank, const RecallResult &r, bool explain, const QString &shown)
{
    // A linked vault's result says where it lives: "[team] notes/a.md".
    const QString where = r.vault.isEmpty() ? r.chunk.path : QStringLiteral("[%1] %2").arg(r.vault, r.chunk.path);
    cx.out << QStringLiteral("%1. %2:%3-%4  score %5  [%6 · %7 · %8]")
                  .arg(rank)
                  .arg(where)
                  .arg(r.chunk.startLine)
                  .arg(r.chunk.endLine)
                  .arg(r.score, 0, 'f', 3)
                  .arg(r.chunk.tags.region.value, r.chunk.tags.store.value, r.chunk.tags.layer.value)
           << Qt::endl;
    QString text = shown.simplified();
    if (text.size() > 240)
        text = text.left(239) + QStringLiteral("…");
    // What the lines are about when they do not say it: the title and heading trail.
    if (const QString about = EvidenceText::label(r.chunk.title, r.chunk.heading, shown); !about.isEmpty())
        text = about + QStringLiteral(" — ") + text;
    cx.out << "   " << text << Qt::endl;
    if (explain) {
        for (const ScoreComponent &s : r.breakdown)
            cx.out << QStringLiteral("     %1 %2").arg(s.name.leftJustified(13)).arg(s.value, 0, 'f', 3)
                   << (s.informative
                           ? QStringLiteral(" (not part of the score)")
                           : QStringLiteral(" × %1 = %2").arg(s.weight, 0, 'f', 2).arg(s.contribution(), 0, 'f', 3))
                   << Qt::endl;
        cx.out << QStringLiteral("     keyword rank %1, vector rank %2")
                      .arg(r.keywordRank ? QString::number(r.keywordRank) : QStringLiteral("-"),
                           r.vectorRank ? QString::number(r.vectorRank) : QStringLiteral("-"))
               << Qt::endl;
    }
}

/// `recall --queries FILE.jsonl`: many questions in one process, written as a
/// run file (one line per query: id and results with file, lines and text).
int runQueries(CliContext &cx, Engine &engine)
{
    QFile in(cx.parser.value(QStringLiteral("queries")));
    if (!in.open(QIODevice::ReadOnly | QIODevice::Text))
        return cx.fail(QStringLiteral("cannot read %1: %2").arg(in.fileName(), in.errorString()));
    QFile outFile;
    QTextStream *target = &cx.out;
    QTextStream fileStream;
    if (cx.parser.isSet(QStringLiteral("out"))) {
        outFile.setFileName(cx.parser.value(QStringLiteral("out")));
        if (!outFile.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
            return cx.fail(QStringLiteral("cannot write %1: %2").arg(outFile.fileName(), outFile.errorString()));
        fileStream.setDevice(&outFile);
        target = &fileStream;
    }
    const QString prefix = cx.parser.value(QStringLiteral("id-prefix"));
    auto base = queryFromOptions(cx, QString());
    if (!base)
        return ExitUsage;
    QElapsedTimer timer;
    timer.start();
    int count = 0;
    int lineNumber = 0;
    while (!in.atEnd()) {
        const QByteArray line = in.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonObject q = QJsonDocument::fromJson(line, &error).object();
        if (error.error != QJsonParseError::NoError)
            return cx.fail(QStringLiteral("%1:%2: not a JSON object (%3)")
                               .arg(in.fileName())
                               .arg(lineNumber)
                               .arg(error.errorString()));
        const QString id = q.value(QStringLiteral("id")).toString();
        if (!prefix.isEmpty() && !id.startsWith(prefix))
            continue;
        RecallQuery query = *base;
        query.text = q.value(QStringLiteral("question")).toString(q.value(QStringLiteral("query")).toString());
        auto results = engine.recall(query);
        if (!results)
            return cx.fail(QStringLiteral("%1: %2").arg(id, results.error().toString()));
        QJsonArray array;
        for (const RecallResult &r : *results) {
            QJsonObject line{{QStringLiteral("file"), QDir(engine.vaultPath()).filePath(r.chunk.path)},
                             {QStringLiteral("start_line"), r.chunk.startLine},
                             {QStringLiteral("end_line"), r.chunk.endLine},
                             {QStringLiteral("text"), r.chunk.text},
                             {QStringLiteral("score"), r.score},
                             {QStringLiteral("match"), r.match}};
            for (const ScoreComponent &s : r.breakdown)
                if (s.informative && s.name == QLatin1String("partial"))
                    line.insert(QStringLiteral("partial"), true); // the question's specific words are not in it
            array.append(line);
        }
        *target << QJsonDocument(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("results"), array}})
                       .toJson(QJsonDocument::Compact)
                << '\n';
        ++count;
    }
    target->flush();
    cx.err << QStringLiteral("engram-cli recall: %1 queries in %2 ms").arg(count).arg(timer.elapsed()) << Qt::endl;
    return ExitOk;
}

int runRecall(CliContext &cx)
{
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    if (cx.parser.isSet(QStringLiteral("queries")))
        return runQueries(cx, *engine);
    const QString text = cx.parser.positionalArguments().join(QLatin1Char(' '));
    if (text.trimmed().isEmpty())
        return cx.fail(QStringLiteral("say what to recall: engram-cli recall \"what did we decide about X\""));
    auto query = queryFromOptions(cx, text);
    if (!query)
        return ExitUsage;
    auto set = openVaultSet(cx, *engine);
    if (!set)
        return ExitUsage;
    auto answer = set->recall(*query);
    if (!answer)
        return cx.fail(answer.error().toString());
    printWarnings(cx, answer->warnings);
    const QList<RecallResult> &results = answer->results;
    if (results.isEmpty())
        cx.noteIfIndexEmpty(*engine);
    if (cx.json()) {
        QJsonArray array;
        for (const RecallResult &r : results) {
            Engine &home = set->engineOf(r.vault);
            MemoryItem item = MemoryItem::fromRecall(home, r);
            item.sourceText = home.sourceText(r.chunk);
            if (set->hasLinks())
                item.vault = VaultSet::label(r.vault);
            array.append(item.toJson());
        }
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("query"), text},
                                            {QStringLiteral("mode"),
                                             query->mode.isEmpty() ? engine->config().defaultMode : query->mode},
                                            {QStringLiteral("results"), array}})
                      .toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    if (results.isEmpty())
        cx.out << nothingInMemoryAbout(text) << Qt::endl;
    int rank = 0;
    for (const RecallResult &r : results)
        printResultText(cx, ++rank, r, cx.parser.isSet(QStringLiteral("explain")),
                        set->engineOf(r.vault).displayText(r.chunk));
    return ExitOk;
}

int runPack(CliContext &cx)
{
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    const QString text = cx.parser.positionalArguments().join(QLatin1Char(' '));
    if (text.trimmed().isEmpty())
        return cx.fail(QStringLiteral("say what the pack is for: engram-cli pack \"the task at hand\""));
    auto query = queryFromOptions(cx, text);
    if (!query)
        return ExitUsage;
    bool ok = true;
    const int budget = cx.intOption(QStringLiteral("budget"), engine->config().packBudget, &ok);
    if (!ok)
        return ExitUsage;
    auto set = openVaultSet(cx, *engine);
    if (!set)
        return ExitUsage;
    auto answer = set->pack(*query, budget);
    if (!answer)
        return cx.fail(answer.error().toString());
    printWarnings(cx, answer->warnings);
    const ContextPack *pack = &answer->pack;
    if (pack->included.isEmpty()) {
        cx.noteIfIndexEmpty(*engine);
        cx.err << "engram-cli pack: nothing relevant in memory for \"" << text << "\"" << Qt::endl;
    }
    if (cx.json()) {
        QJsonArray items;
        for (const RecallResult &r : pack->included) {
            MemoryItem item = MemoryItem::fromRecall(set->engineOf(r.vault), r);
            if (set->hasLinks())
                item.vault = VaultSet::label(r.vault);
            items.append(item.toJson());
        }
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("markdown"), pack->markdown},
                                            {QStringLiteral("tokens"), pack->tokens},
                                            {QStringLiteral("budget"), pack->budget},
                                            {QStringLiteral("preamble_tokens"), pack->preambleTokens},
                                            {QStringLiteral("skipped"), pack->skipped},
                                            {QStringLiteral("items"), items}})
                      .toJson(QJsonDocument::Indented);
    } else {
        cx.out << pack->markdown;
        cx.out.flush();
        cx.err << QStringLiteral("engram-cli pack: %1 of %2 tokens, %3 memories")
                      .arg(pack->tokens)
                      .arg(pack->budget)
                      .arg(pack->included.size())
               << Qt::endl;
    }
    return ExitOk;
}

const CommandRegistration recallCommand{CliCommand{
    QStringLiteral("recall"), QStringLiteral("Ranked memories for a question, with score breakdowns and sources."),
    [](QCommandLineParser &p) {
        addRecallOptions(p);
        p.addOptions({
            {QStringLiteral("explain"), QStringLiteral("Show each signal of the score.")},
            {QStringLiteral("queries"),
             QStringLiteral("Run every question of a JSONL file (id, question) in one process."),
             QStringLiteral("file")},
            {QStringLiteral("out"), QStringLiteral("With --queries: write the run file here (default stdout)."),
             QStringLiteral("file")},
            {QStringLiteral("id-prefix"), QStringLiteral("With --queries: only ids starting with this."),
             QStringLiteral("prefix")},
        });
        p.addPositionalArgument(QStringLiteral("query"), QStringLiteral("What to recall."));
    },
    runRecall}};

const CommandRegistration packCommand{CliCommand{
    QStringLiteral("pack"), QStringLiteral("A token-budgeted Markdown context pack for a task."),
    [](QCommandLineParser &p) {
        addRecallOptions(p);
        p.addOption({QStringLiteral("budget"), QStringLiteral("Token budget (default from engram.json, 500)."),
                     QStringLiteral("tokens")});
        p.addPositionalArgument(QStringLiteral("query"), QStringLiteral("What the pack is for."));
    },
    runPack}};

} // namespace

} // namespace engram::cli
