#include "agent/WakeBriefing.h"

#include "agent/MemoryLineage.h"
#include "recall/EvidenceText.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>

namespace engram {

namespace {

struct Candidate {
    QString path;
    qint64 chunkId = 0; ///< the file's chunk that states it (see filesWhere), else its first of that kind
};

/// Files with a chunk matching `where` (our own SQL, never input), newest first. A file is
/// represented by the chunk that states the decision or goal (a "Decision" section, "we decided",
/// "goal:"), else by its first matching chunk: an ADR's Context section says what was weighed,
/// not what was chosen.
QList<Candidate> filesWhere(IndexStore &store, const QString &where)
{
    auto statement = store.database().prepare(
        QStringLiteral("SELECT f.path, COALESCE(MIN(CASE WHEN c.heading LIKE '%Decision' OR c.text LIKE '%decided%' "
                       "OR c.text LIKE '%decision:%' OR c.text LIKE '%goal:%' THEN c.id END), MIN(c.id)), "
                       "MAX(COALESCE(c.time, f.mtime / 1000)) AS t FROM chunks c JOIN files f ON f.id = c.file_id "
                       "WHERE %1 GROUP BY f.id ORDER BY t DESC, f.id DESC")
            .arg(where));
    QList<Candidate> out;
    if (!statement)
        return out;
    while (statement->next())
        out << Candidate{statement->text(0), statement->int64(1)};
    return out;
}

QHash<qint64, Chunk> chunksById(IndexStore &store, const QList<qint64> &ids)
{
    QHash<qint64, Chunk> out;
    for (const Chunk &c : store.chunks(ids))
        out.insert(c.id, c);
    return out;
}

QString item(const MemoryItem &m, const QDateTime &due = {})
{
    QString text = m.text.simplified();
    if (text.size() > 240)
        text = text.left(239) + QStringLiteral("…");
    const QString about = m.about();
    const QString day =
        due.isValid() ? due.date().toString(Qt::ISODate) : EvidenceText::dateBeside(m.chunk.time, about);
    const QString date = day.isEmpty()
                             ? QString()
                             : QStringLiteral("[%1%2] ").arg(due.isValid() ? QStringLiteral("due ") : QString(), day);
    return QStringLiteral("- %1%2%3 (`%4`)\n")
        .arg(date, about.isEmpty() ? QString() : about + QStringLiteral(" — "), text, m.source());
}

/// The first Markdown heading of a README in `dir`, or empty.
QString readmeTitle(const QString &dir)
{
    for (const QString &name : {QStringLiteral("README.md"), QStringLiteral("README"), QStringLiteral("readme.md")}) {
        QFile f(QDir(dir).filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (int i = 0; i < 20 && !f.atEnd(); ++i) {
            const QString line = QString::fromUtf8(f.readLine()).trimmed();
            if (line.startsWith(QLatin1String("# ")))
                return line.mid(2).trimmed();
        }
    }
    return {};
}

} // namespace

Result<WakeBriefing> WakeBriefing::build(Engine &engine, const QDateTime &now, const WakeOptions &options)
{
    WakeBriefing b;
    b.generatedAt = now;
    CognitiveStore state(engine.vaultPath());
    auto loaded = state.load();
    if (!loaded)
        return loaded.error();
    // The state file may have been edited by hand: what the briefing hands an agent passes the gate.
    const RedactionGate &gate = engine.redactionGate();
    b.focus = loaded->focus;
    b.focus.current = gate.clean(b.focus.current);
    b.focus.priorities = gate.clean(b.focus.priorities);
    b.preamble = gate.clean(
        state.preamble(now, options.preambleBudget > 0 ? options.preambleBudget : engine.config().preambleBudget));
    // Bookkeeping of which heuristics were shown (for their review): the briefing does not fail for
    // it, and a damaged state file is what `health` reports under "cognitive state".
    if (!b.preamble.isEmpty())
        (void)CognitiveStore::notePackedHeuristics(engine.vaultPath(), state.lastPreambleHeuristics(), now);

    IndexStore &store = internals(engine).store();
    MemoryLineage lineage(engine);
    auto open = [&](const MemoryFileFacts &f) { return !f.archived && f.supersededBy.isEmpty(); };

    QList<qint64> decisionIds;
    for (const Candidate &c : filesWhere(store, QStringLiteral("c.category = 'decision'"))) {
        if (decisionIds.size() >= options.decisions)
            break;
        if (open(lineage.facts(c.path)))
            decisionIds << c.chunkId;
    }
    const QHash<qint64, Chunk> decisions = chunksById(store, decisionIds);
    for (qint64 id : std::as_const(decisionIds))
        if (const auto it = decisions.constFind(id); it != decisions.constEnd())
            b.openDecisions << MemoryItem::fromChunk(engine, *it);

    // Every prospective file is looked at: the soonest due date may be on the oldest goal.
    struct Due {
        qint64 id;
        QDateTime due;
    };
    QList<Due> due;
    const QDateTime horizon = now.addDays(1);
    for (const Candidate &c : filesWhere(store, QStringLiteral("c.store = 'prospective' OR c.category = 'goal'"))) {
        const MemoryFileFacts f = lineage.facts(c.path);
        if (open(f) && (!f.due.isValid() || f.due <= horizon))
            due << Due{c.chunkId, f.due};
    }
    std::stable_sort(due.begin(), due.end(), [](const Due &a, const Due &b) {
        if (a.due.isValid() != b.due.isValid())
            return a.due.isValid();
        return a.due.isValid() && a.due < b.due; // undated ones keep their newest-first order
    });
    due = due.mid(0, options.due);
    QList<qint64> dueIds;
    for (const Due &d : std::as_const(due))
        dueIds << d.id;
    const QHash<qint64, Chunk> dueChunks = chunksById(store, dueIds);
    for (const Due &d : std::as_const(due))
        if (const auto it = dueChunks.constFind(d.id); it != dueChunks.constEnd())
            b.due << DueMemory{MemoryItem::fromChunk(engine, *it), d.due};
    return b;
}

QJsonObject WakeBriefing::toJson(MemoryItem::Detail detail) const
{
    QJsonArray decisions, dueArray;
    for (const MemoryItem &m : openDecisions)
        decisions.append(m.toJson(detail));
    for (const DueMemory &d : due) {
        QJsonObject o = d.memory.toJson(detail);
        if (d.due.isValid())
            o.insert(QStringLiteral("due"), d.due.toString(Qt::ISODate));
        dueArray.append(o);
    }
    return QJsonObject{{QStringLiteral("generated_at"), generatedAt.toString(Qt::ISODate)},
                       {QStringLiteral("preamble"), preamble},
                       {QStringLiteral("focus"),
                        QJsonObject{{QStringLiteral("current"), focus.current},
                                    {QStringLiteral("priorities"), QJsonArray::fromStringList(focus.priorities)}}},
                       {QStringLiteral("open_decisions"), decisions},
                       {QStringLiteral("prospective_due"), dueArray}};
}

QString WakeBriefing::markdown() const
{
    QString md = QStringLiteral("# Engram wake-up\n");
    if (!preamble.isEmpty())
        md += QLatin1Char('\n') + preamble + QLatin1Char('\n');
    md += QStringLiteral("\n## Focus\n");
    if (focus.current.isEmpty()) {
        md += QStringLiteral("_No focus set (engram-cli state focus \"…\", or edit state/cognitive.json)._\n");
    } else {
        md += focus.current + QLatin1Char('\n');
        for (const QString &p : focus.priorities)
            md += QStringLiteral("- ") + p + QLatin1Char('\n');
        if (focus.lastUpdated.isValid())
            md += QStringLiteral("_Set %1._\n")
                      .arg(focus.lastUpdated.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    }
    md += QStringLiteral("\n## Open decisions\n");
    for (const MemoryItem &m : openDecisions)
        md += item(m);
    if (openDecisions.isEmpty())
        md += QStringLiteral("_None recorded._\n");
    md += QStringLiteral("\n## Due (goals and reminders)\n");
    for (const DueMemory &d : due)
        md += item(d.memory, d.due);
    if (due.isEmpty())
        md += QStringLiteral("_Nothing due._\n");
    return md;
}

QString SessionQuery::text() const
{
    QStringList parts;
    if (!task.trimmed().isEmpty())
        parts << task.trimmed();
    if (!project.isEmpty())
        parts << project;
    if (!focus.isEmpty())
        parts << focus;
    parts += recentTitles;
    if (parts.isEmpty())
        return QStringLiteral("recent work, decisions and open questions");
    return parts.join(QStringLiteral(" · "));
}

SessionQuery SessionQuery::fromSituation(Engine &engine, const QString &workingDirectory, const QString &task,
                                         const QDateTime &now, int recentHours, int maxRecent)
{
    SessionQuery q;
    q.task = task;
    if (!workingDirectory.isEmpty()) {
        // The project is the git root's folder when there is one.
        QDir dir(workingDirectory);
        QString root = dir.absolutePath();
        for (QDir walk = dir;;) {
            if (QFileInfo::exists(walk.filePath(QStringLiteral(".git")))) {
                root = walk.absolutePath();
                break;
            }
            if (!walk.cdUp())
                break;
        }
        q.project = QFileInfo(root).fileName();
        const QString title = readmeTitle(root);
        if (!title.isEmpty() && title.compare(q.project, Qt::CaseInsensitive) != 0)
            q.project += QStringLiteral(" ") + title;
    }
    if (auto state = CognitiveStore(engine.vaultPath()).load(); state.ok())
        q.focus = state->focus.current;
    struct Recent {
        qint64 mtime;
        QString title;
    };
    QList<Recent> recent;
    const qint64 since = now.addSecs(-3600LL * recentHours).toMSecsSinceEpoch();
    const QHash<QString, FileRecord> files = internals(engine).store().files();
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (it->mtimeMs < since || it.key().startsWith(QLatin1String("sessions/")))
            continue; // raw transcripts are what happened, not what the work is about
        recent << Recent{it->mtimeMs, it->title.isEmpty() ? QFileInfo(it.key()).completeBaseName() : it->title};
    }
    std::sort(recent.begin(), recent.end(), [](const Recent &a, const Recent &b) { return a.mtime > b.mtime; });
    for (const Recent &r : recent.mid(0, maxRecent))
        q.recentTitles << r.title;
    return q;
}

} // namespace engram
