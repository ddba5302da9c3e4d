// engram-cli remember, forget, restore, memory, compact
#include "CliCommand.h"
#include "agent/MemoryWriter.h"
#include "agent/VaultSet.h"
#include "dynamics/Journal.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <unistd.h>

namespace engram::cli {

namespace {

std::optional<double> doubleOption(CliContext &cx, const QString &name, bool *ok)
{
    if (!cx.parser.isSet(name))
        return std::nullopt;
    bool parsed = false;
    const double value = cx.parser.value(name).toDouble(&parsed);
    if (!parsed) {
        cx.err << QStringLiteral("engram-cli %1: --%2 must be a number, not \"%3\"")
                      .arg(cx.commandName, name, cx.parser.value(name))
               << Qt::endl;
        *ok = false;
    }
    return value;
}

int runRemember(CliContext &cx)
{
    RememberRequest request;
    const auto &p = cx.parser;
    if (p.isSet(QStringLiteral("store")))
        request.store = p.value(QStringLiteral("store"));
    request.category = p.value(QStringLiteral("category"));
    request.title = p.value(QStringLiteral("title"));
    request.tags = p.values(QStringLiteral("tag"));
    if (p.isSet(QStringLiteral("source")))
        request.source = p.value(QStringLiteral("source"));
    request.project = p.value(QStringLiteral("project"));
    request.supersedes = p.value(QStringLiteral("supersedes"));
    bool ok = true;
    request.valence = doubleOption(cx, QStringLiteral("valence"), &ok);
    request.arousal = doubleOption(cx, QStringLiteral("arousal"), &ok);
    request.confidence = doubleOption(cx, QStringLiteral("confidence"), &ok);
    if (!ok)
        return ExitUsage;
    request.content = p.positionalArguments().join(QLatin1Char(' '));
    if (request.content.trimmed().isEmpty() && !isatty(STDIN_FILENO)) {
        QFile in;
        if (in.open(stdin, QIODevice::ReadOnly))
            request.content = QString::fromUtf8(in.readAll());
    }
    if (request.content.trimmed().isEmpty())
        return cx.fail(
            QStringLiteral("say what to remember: engram-cli remember \"we chose SQLite\" (or pipe the text in)"));
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    // --to: a linked vault (a team's) rather than this one; --vault already picks this vault's folder.
    const QString to = p.value(QStringLiteral("to"));
    std::unique_ptr<VaultSet> set;
    Engine *target = engine.get();
    if (!to.isEmpty()) {
        set = std::make_unique<VaultSet>(*engine);
        auto linked = set->writeTarget(to);
        if (!linked)
            return cx.fail(linked.error().toString());
        target = *linked;
    }
    MemoryWriter::Outcome outcome;
    auto path = MemoryWriter(*target).remember(request, &outcome);
    if (!path)
        return cx.fail(path.error().toString());
    if (outcome.notIndexed)
        cx.err << "engram-cli remember: note: " << *path << " is written but not searchable yet (the next index run "
               << "takes it): " << outcome.notIndexed->toString() << Qt::endl;
    const bool elsewhere = target != engine.get();
    if (!outcome.restates.isEmpty()) {
        QJsonObject answer{{QStringLiteral("path"), *path}, {QStringLiteral("restates"), true}};
        if (elsewhere)
            answer.insert(QStringLiteral("vault"), to);
        cx.report(QStringLiteral("already known: %1 (reinforced; no new file)").arg(*path), answer);
        return ExitOk;
    }
    if (cx.json()) {
        QJsonObject answer{{QStringLiteral("path"), *path}};
        if (elsewhere)
            answer.insert(QStringLiteral("vault"), to);
        cx.out << QJsonDocument(answer).toJson(QJsonDocument::Compact) << Qt::endl;
    } else if (elsewhere) {
        cx.out << "remembered: [" << to << "] " << *path << " (in " << target->vaultPath() << ")" << Qt::endl;
    } else {
        cx.out << "remembered: " << *path << Qt::endl;
    }
    return ExitOk;
}

/// A purge needs --yes, or the person typing the path on a terminal.
bool confirmPurge(CliContext &cx, const QString &path)
{
    if (cx.parser.isSet(QStringLiteral("yes")))
        return true;
    if (!isatty(STDIN_FILENO)) {
        cx.err << "engram-cli forget: --purge deletes the file for good; add --yes to confirm" << Qt::endl;
        return false;
    }
    cx.err << "This deletes " << path << " for good (no archive, no restore). Type the path to confirm: " << Qt::flush;
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed();
    if (answer != path) {
        cx.err << "not confirmed; nothing was deleted" << Qt::endl;
        return false;
    }
    return true;
}

int runForget(CliContext &cx)
{
    const QStringList paths = cx.parser.positionalArguments();
    if (paths.isEmpty())
        return cx.fail(QStringLiteral("name the memory to forget: engram-cli forget memories/episodic/x.md"));
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    MemoryWriter writer(*engine);
    const bool purge = cx.parser.isSet(QStringLiteral("purge"));
    for (const QString &path : paths) {
        if (purge) {
            if (!confirmPurge(cx, path))
                return ExitFailure;
            if (Status s = writer.purge(path); !s)
                return cx.fail(s.error().toString());
            cx.report(QStringLiteral("purged: ") + path, QJsonObject{{QStringLiteral("purged"), path}});
        } else {
            if (Status s = writer.forget(path); !s)
                return cx.fail(s.error().toString());
            const QString archived = MemoryWriter::archiveFolder() + QLatin1Char('/') + path;
            cx.report(
                QStringLiteral("forgotten: %1 (archived; engram-cli restore %2 brings it back)").arg(path, archived),
                QJsonObject{{QStringLiteral("forgotten"), path}, {QStringLiteral("archived"), archived}});
        }
    }
    return ExitOk;
}

int runRestore(CliContext &cx)
{
    const QStringList paths = cx.parser.positionalArguments();
    if (paths.isEmpty())
        return cx.fail(QStringLiteral("name the archived file: engram-cli restore archive/memories/episodic/x.md"));
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    MemoryWriter writer(*engine);
    const QString prefix = MemoryWriter::archiveFolder() + QLatin1Char('/');
    for (const QString &path : paths) {
        QString original = engine->originalOfArchived(path); // where restore puts it
        if (original.isEmpty())
            original = path.mid(prefix.size());
        if (Status s = writer.restore(path); !s)
            return cx.fail(s.error().toString());
        cx.report(QStringLiteral("restored: %1 (from %2)").arg(original, path),
                  QJsonObject{{QStringLiteral("restored"), original}, {QStringLiteral("from"), path}});
    }
    return ExitOk;
}

/// `memory PATH`: strength, use and associations of each chunk of a file.
int runMemory(CliContext &cx)
{
    const QStringList paths = cx.parser.positionalArguments();
    if (paths.size() != 1)
        return cx.fail(QStringLiteral("name one vault-relative file: engram-cli memory notes/x.md"));
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    const auto details = engine->memoryDetails(paths.front());
    if (!details)
        return cx.fail(details.error().toString());
    QJsonArray array;
    for (const MemoryDetail &detail : *details) {
        const Chunk &chunk = detail.chunk;
        const MemoryState &st = detail.state;
        const QList<MemoryEdge> &edges = detail.edges;
        QJsonArray edgeArray;
        for (const MemoryEdge &e : edges)
            edgeArray.append(QJsonObject{{QStringLiteral("from"), e.from},
                                         {QStringLiteral("to"), e.to},
                                         {QStringLiteral("type"), e.type},
                                         {QStringLiteral("weight"), e.weight},
                                         {QStringLiteral("count"), e.count},
                                         {QStringLiteral("origin"), e.origin}});
        array.append(
            QJsonObject{{QStringLiteral("key"), st.key},
                        {QStringLiteral("lines"), QStringLiteral("%1-%2").arg(chunk.startLine).arg(chunk.endLine)},
                        {QStringLiteral("strength"), st.strength},
                        {QStringLiteral("access_count"), st.accessCount},
                        {QStringLiteral("last_access"), st.lastAccess.toString(Qt::ISODate)},
                        {QStringLiteral("first_seen"), st.firstSeen.toString(Qt::ISODate)},
                        {QStringLiteral("archived"), st.archived},
                        {QStringLiteral("exempt"), st.exempt},
                        {QStringLiteral("superseded"), st.superseded},
                        {QStringLiteral("edges"), edgeArray},
                        {QStringLiteral("valence"), st.facts.valence},
                        {QStringLiteral("arousal"), st.facts.arousal},
                        {QStringLiteral("confidence"), st.facts.confidence},
                        {QStringLiteral("source"), st.facts.source}});
        if (cx.json())
            continue;
        cx.out << QStringLiteral("%1 (lines %2-%3)  strength %4%5  accessed %6×%7%8")
                      .arg(st.key)
                      .arg(chunk.startLine)
                      .arg(chunk.endLine)
                      .arg(st.strength, 0, 'f', 3)
                      .arg(st.exempt ? QStringLiteral(" (never decays)")
                                     : QStringLiteral(" (−%1/day)").arg(st.dailyLoss))
                      .arg(st.accessCount)
                      .arg(st.lastAccess.isValid() ? QStringLiteral(", last ") + st.lastAccess.toString(Qt::ISODate)
                                                   : QString())
                      .arg(QString(st.archived ? QStringLiteral("  [archived]") : QString())
                           + (st.superseded ? QStringLiteral("  [superseded]") : QString()))
               << Qt::endl;
        auto mark = [](bool isExplicit) { return isExplicit ? QString() : QStringLiteral(" (inferred)"); };
        cx.out << QStringLiteral("    valence %1%2, arousal %3%4, confidence %5%6, source %7%8")
                      .arg(st.facts.valence, 0, 'f', 2)
                      .arg(mark(st.facts.valenceExplicit))
                      .arg(st.facts.arousal, 0, 'f', 2)
                      .arg(mark(st.facts.arousalExplicit))
                      .arg(st.facts.confidence, 0, 'f', 2)
                      .arg(mark(st.facts.confidenceExplicit))
                      .arg(st.facts.source, mark(st.facts.sourceExplicit))
               << Qt::endl;
        for (const MemoryEdge &e : edges)
            cx.out << QStringLiteral("    %1 %2 → %3  weight %4%5")
                          .arg(e.type.leftJustified(12), e.from, e.to)
                          .arg(e.weight, 0, 'f', 3)
                          .arg(e.origin == QLatin1String("journal") ? QString()
                                                                    : QStringLiteral("  (from %1)").arg(e.origin))
                   << Qt::endl;
    }
    if (cx.json())
        cx.out << QJsonDocument(array).toJson(QJsonDocument::Indented);
    return ExitOk;
}

int runCompact(CliContext &cx)
{
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    Journal journal(engine->vaultPath());
    const qint64 before = journal.size();
    if (Status s = engine->compactJournal(); !s)
        return cx.fail(s.error().toString());
    cx.report(QStringLiteral("%1: %2 → %3 bytes").arg(journal.relativePath()).arg(before).arg(journal.size()),
              QJsonObject{{QStringLiteral("path"), journal.relativePath()},
                          {QStringLiteral("bytes_before"), double(before)},
                          {QStringLiteral("bytes_after"), double(journal.size())}});
    return ExitOk;
}

const CommandRegistration rememberCommand{CliCommand{
    QStringLiteral("remember"), QStringLiteral("Write a new memory file under memories/<store>/ and index it."),
    [](QCommandLineParser &p) {
        p.addOptions({
            {QStringLiteral("store"), QStringLiteral("sensory, episodic (default), semantic, procedural, prospective."),
             QStringLiteral("store")},
            {QStringLiteral("category"), QStringLiteral("decision, lesson, person, rule, event, fact, goal, workflow."),
             QStringLiteral("category")},
            {QStringLiteral("title"), QStringLiteral("Title (default: the start of the text)."),
             QStringLiteral("title")},
            {QStringLiteral("tag"), QStringLiteral("A tag (repeatable)."), QStringLiteral("tag")},
            {QStringLiteral("valence"), QStringLiteral("Feeling, -1..1."), QStringLiteral("v")},
            {QStringLiteral("arousal"), QStringLiteral("Intensity, 0..1."), QStringLiteral("a")},
            {QStringLiteral("confidence"), QStringLiteral("0..1."), QStringLiteral("c")},
            {QStringLiteral("source"),
             QStringLiteral("conversation (default), cron, observation, inference, external."),
             QStringLiteral("source")},
            {QStringLiteral("project"), QStringLiteral("Project name."), QStringLiteral("name")},
            {QStringLiteral("supersedes"), QStringLiteral("Vault-relative path of the memory this one replaces."),
             QStringLiteral("path")},
            {QStringLiteral("to"),
             QStringLiteral("Write into this linked vault (a name from engram.json's linked_vaults, e.g. team)."),
             QStringLiteral("name")},
        });
        p.addPositionalArgument(QStringLiteral("text"), QStringLiteral("What to remember (or on stdin)."));
    },
    runRemember}};

const CommandRegistration forgetCommand{CliCommand{
    QStringLiteral("forget"), QStringLiteral("Move memories to archive/ (restorable), or delete them with --purge."),
    [](QCommandLineParser &p) {
        p.addOptions({
            {QStringLiteral("purge"),
             QStringLiteral("Delete for good instead of archiving (on a terminal you type the path to confirm; "
                            "elsewhere add --yes).")},
            {QStringLiteral("yes"), QStringLiteral("With --purge: confirm without asking.")},
        });
        p.addPositionalArgument(QStringLiteral("paths"), QStringLiteral("Vault-relative files."),
                                QStringLiteral("paths..."));
    },
    runForget}};

const CommandRegistration restoreCommand{
    CliCommand{QStringLiteral("restore"), QStringLiteral("Bring forgotten memories back from archive/."),
               [](QCommandLineParser &p) {
                   p.addPositionalArgument(QStringLiteral("paths"), QStringLiteral("Archived files (archive/…)."),
                                           QStringLiteral("paths..."));
               },
               runRestore}};

const CommandRegistration memoryCommand{
    CliCommand{QStringLiteral("memory"), QStringLiteral("Strength, use and associations of a file's memories."),
               [](QCommandLineParser &p) {
                   p.addPositionalArgument(QStringLiteral("path"), QStringLiteral("A vault-relative file."));
               },
               runMemory}};

const CommandRegistration compactCommand{CliCommand{
    QStringLiteral("compact"),
    QStringLiteral(
        "Compact this device's journal (state/journal/<device>.jsonl) into a snapshot with the same meaning."),
    {},
    runCompact}};

} // namespace

} // namespace engram::cli
