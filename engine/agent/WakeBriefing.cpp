#include "agent/WakeBriefing.h"

#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace engram {

namespace {

QList<Chunk> newestWhere(IndexStore &store, const QString &column, const QString &value, int limit)
{
    // `column` is one of our own column names, never input.
    auto statement = store.database().prepare(
        QStringLiteral("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.%1 = ? "
                       "ORDER BY COALESCE(c.time, f.mtime / 1000) DESC, c.id DESC LIMIT ?")
            .arg(column));
    if (!statement)
        return {};
    statement->bind(1, value).bind(2, limit);
    QList<qint64> ids;
    while (statement->next())
        ids << statement->int64(0);
    return store.chunks(ids);
}

QString item(const Chunk &c)
{
    QString text = c.text.simplified();
    if (text.size() > 240)
        text = text.left(239) + QStringLiteral("…");
    const QString date =
        c.time.isValid() ? QStringLiteral("[%1] ").arg(c.time.date().toString(Qt::ISODate)) : QString();
    return QStringLiteral("- %1%2 (`%3:%4-%5`)\n").arg(date, text, c.path).arg(c.startLine).arg(c.endLine);
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

Result<WakeBriefing> WakeBriefing::build(Engine &engine, const QDateTime &now, int limit)
{
    WakeBriefing b;
    CognitiveStore store(engine.vaultPath());
    auto state = store.load();
    if (!state)
        return state.error();
    b.focus = state->focus;
    b.preamble = store.preamble(now, engine.config().preambleBudget);
    // Bookkeeping of which heuristics were shown (for their review): the briefing does not fail for
    // it, and a damaged state file is what `health` reports under "cognitive state".
    if (!b.preamble.isEmpty())
        (void)CognitiveStore::notePackedHeuristics(engine.vaultPath(), store.lastPreambleHeuristics(), now);
    b.decisions = newestWhere(internals(engine).store(), QStringLiteral("category"), QStringLiteral("decision"), limit);
    b.prospective =
        newestWhere(internals(engine).store(), QStringLiteral("store"), QStringLiteral("prospective"), limit);

    QString md = QStringLiteral("# Engram wake-up\n");
    if (!b.preamble.isEmpty())
        md += QLatin1Char('\n') + b.preamble + QLatin1Char('\n');
    md += QStringLiteral("\n## Focus\n");
    if (b.focus.current.isEmpty()) {
        md += QStringLiteral("_No focus set (engram-cli state focus \"…\", or edit state/cognitive.json)._\n");
    } else {
        md += b.focus.current + QLatin1Char('\n');
        for (const QString &p : std::as_const(b.focus.priorities))
            md += QStringLiteral("- ") + p + QLatin1Char('\n');
        if (b.focus.lastUpdated.isValid())
            md += QStringLiteral("_Set %1._\n")
                      .arg(b.focus.lastUpdated.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    }
    md += QStringLiteral("\n## Recent decisions\n");
    for (const Chunk &c : std::as_const(b.decisions))
        md += item(c);
    if (b.decisions.isEmpty())
        md += QStringLiteral("_None recorded._\n");
    md += QStringLiteral("\n## Prospective (goals and reminders)\n");
    for (const Chunk &c : std::as_const(b.prospective))
        md += item(c);
    if (b.prospective.isEmpty())
        md += QStringLiteral("_None recorded._\n");
    b.markdown = md;
    return b;
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
