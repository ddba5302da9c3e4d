#include "sync/VaultSync.h"

#include <QJsonArray>

namespace engram {

QString SyncReport::outcomeName() const
{
    switch (outcome) {
    case Outcome::UpToDate: return QStringLiteral("up-to-date");
    case Outcome::Synced: return QStringLiteral("synced");
    case Outcome::LocalOnly: return QStringLiteral("committed-locally");
    case Outcome::Conflicts: return QStringLiteral("conflicts");
    case Outcome::Failed: return QStringLiteral("failed");
    }
    return {};
}

QString SyncReport::toText() const
{
    QStringList lines;
    switch (outcome) {
    case Outcome::UpToDate: lines << QStringLiteral("sync: up to date, nothing to do"); break;
    case Outcome::Synced: lines << QStringLiteral("sync: done"); break;
    case Outcome::LocalOnly:
        lines << QStringLiteral("sync: committed locally; push skipped (%1)").arg(pushSkipped);
        break;
    case Outcome::Conflicts:
        lines << QStringLiteral("sync: stopped, %1 file(s) changed on both machines; the merge waits for you")
                     .arg(conflicts.size());
        break;
    case Outcome::Failed: lines << QStringLiteral("sync: failed: %1").arg(error.toString()); break;
    }
    for (const QString &s : steps)
        lines << QStringLiteral("  - ") + s;
    for (const QString &c : conflicts)
        lines << QStringLiteral("  conflict: %1").arg(c);
    if (!conflicts.isEmpty())
        lines << QStringLiteral("  resolve each: engram-cli sync --resolve PATH --take mine|theirs|FILE");
    for (const QString &r : refusedFiles)
        lines << QStringLiteral("  not committed: %1").arg(r);
    return lines.join(QLatin1Char('\n'));
}

QJsonObject SyncReport::toJson() const
{
    QJsonObject o{{QStringLiteral("outcome"), outcomeName()},
                  {QStringLiteral("commit"), commitSubject},
                  {QStringLiteral("committed"), QJsonArray::fromStringList(committedPaths)},
                  {QStringLiteral("received"), QJsonArray::fromStringList(receivedPaths)},
                  {QStringLiteral("conflicts"), QJsonArray::fromStringList(conflicts)},
                  {QStringLiteral("refused"), QJsonArray::fromStringList(refusedFiles)},
                  {QStringLiteral("remote"), remote},
                  {QStringLiteral("pushed"), pushed},
                  {QStringLiteral("steps"), QJsonArray::fromStringList(steps)}};
    if (!pushSkipped.isEmpty())
        o.insert(QStringLiteral("pushSkipped"), pushSkipped);
    if (outcome == Outcome::Failed)
        o.insert(QStringLiteral("error"), error.toString());
    return o;
}

} // namespace engram
