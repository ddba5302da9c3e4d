#include "sync/CommitMessage.h"

#include <QFileInfo>
#include <QSet>

namespace engram {

namespace {

/// How many paths the subject names before "+N more"; the body names them all.
constexpr int kPathsInSubject = 2;
constexpr int kPathsInBody = 200;

bool isState(const QString &path)
{
    return path.startsWith(QLatin1String("state/"));
}

/// The noun for a set of files: all memories, all sessions, all notes (Markdown), or files.
QString noun(const QList<StagedChange> &files, bool plural)
{
    auto all = [&](auto predicate) { return std::all_of(files.cbegin(), files.cend(), predicate); };
    if (all([](const StagedChange &c) { return c.path.startsWith(QLatin1String("memories/")); }))
        return plural ? QStringLiteral("memories") : QStringLiteral("memory");
    if (all([](const StagedChange &c) { return c.path.startsWith(QLatin1String("sessions/")); }))
        return plural ? QStringLiteral("sessions") : QStringLiteral("session");
    if (all([](const StagedChange &c) { return c.path.endsWith(QLatin1String(".md")); }))
        return plural ? QStringLiteral("notes") : QStringLiteral("note");
    return plural ? QStringLiteral("files") : QStringLiteral("file");
}

QString verb(QChar status)
{
    switch (status.unicode()) {
    case 'A': return QStringLiteral("added");
    case 'D': return QStringLiteral("removed");
    case 'R': return QStringLiteral("renamed");
    default: return QStringLiteral("edited");
    }
}

} // namespace

QList<StagedChange> CommitMessage::parseNameStatus(const QStringList &fields)
{
    QList<StagedChange> changes;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        const QString status = fields[i];
        StagedChange change;
        change.status = status.isEmpty() ? QLatin1Char('M') : status.front();
        if ((change.status == QLatin1Char('R') || change.status == QLatin1Char('C')) && i + 2 < fields.size()) {
            change.from = fields[++i];
            change.path = fields[++i];
            if (change.status == QLatin1Char('C'))
                change.status = QLatin1Char('A');
        } else if (i + 1 < fields.size()) {
            change.path = fields[++i];
        }
        changes << change;
    }
    return changes;
}

QString CommitMessage::stateName(const QString &path)
{
    if (path == QLatin1String("state/journal.jsonl") || path.startsWith(QLatin1String("state/journal/")))
        return QStringLiteral("journal");
    if (path == QLatin1String("state/cognitive.json"))
        return QStringLiteral("cognitive state");
    if (path.startsWith(QLatin1String("state/tool-usage")))
        return QStringLiteral("tool usage");
    if (path.startsWith(QLatin1String("state/reflections")))
        return QStringLiteral("reflections");
    if (path.startsWith(QLatin1String("state/expectations")))
        return QStringLiteral("expectations");
    if (path.startsWith(QLatin1String("state/consolidation")))
        return QStringLiteral("consolidation ledger");
    return QFileInfo(path).completeBaseName();
}

QString CommitMessage::compose(const QList<StagedChange> &changes, const QString &device)
{
    QList<StagedChange> files;
    QStringList stateParts;
    for (const StagedChange &c : changes) {
        if (isState(c.path)) {
            const QString name = stateName(c.path);
            if (!stateParts.contains(name))
                stateParts << name;
        } else {
            files << c;
        }
    }
    QStringList counts;
    for (const QChar status : {QLatin1Char('A'), QLatin1Char('M'), QLatin1Char('D'), QLatin1Char('R')}) {
        const auto n = std::count_if(files.cbegin(), files.cend(), [&](const StagedChange &c) {
            return c.status == status || (status == QLatin1Char('M') && !QStringLiteral("ADR").contains(c.status));
        });
        if (n == 0)
            continue;
        // The noun once, on the first count: "3 notes added, 1 edited".
        counts << (counts.isEmpty() ? QStringLiteral("%1 %2 %3").arg(n).arg(noun(files, n != 1), verb(status))
                                    : QStringLiteral("%1 %2").arg(n).arg(verb(status)));
    }
    QString subject = QStringLiteral("engram: ");
    if (!counts.isEmpty()) {
        QStringList named;
        for (const StagedChange &c : files.mid(0, kPathsInSubject))
            named << c.path;
        if (files.size() > kPathsInSubject)
            named << QStringLiteral("+%1 more").arg(files.size() - kPathsInSubject);
        subject += counts.join(QStringLiteral(", ")) + QStringLiteral(" (") + named.join(QStringLiteral(", "))
                   + QLatin1Char(')');
    }
    if (!stateParts.isEmpty())
        subject += (counts.isEmpty() ? QString() : QStringLiteral("; ")) + stateParts.join(QStringLiteral(", "));

    QStringList body;
    body << QStringLiteral("Synced from %1.").arg(device) << QString();
    for (const StagedChange &c : changes.mid(0, kPathsInBody))
        body << (c.status == QLatin1Char('R') ? QStringLiteral("%1 %2 -> %3").arg(c.status).arg(c.from, c.path)
                                              : QStringLiteral("%1 %2").arg(c.status).arg(c.path));
    if (changes.size() > kPathsInBody)
        body << QStringLiteral("… and %1 more").arg(changes.size() - kPathsInBody);
    return subject + QStringLiteral("\n\n") + body.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace engram
