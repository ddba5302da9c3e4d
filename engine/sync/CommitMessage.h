#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace engram {

/// One staged change, from `git diff --cached --name-status`.
struct StagedChange {
    QChar status; ///< A added, M edited, D removed, R renamed (others count as edited)
    QString path; ///< vault-relative; for a rename the new path
    QString from; ///< for a rename, the old path
};

/// The message of a sync's commit: a subject that says what changed in the vault's words
/// ("engram: 3 notes added, 1 edited (notes/a.md, notes/b.md, +2 more); journal") and a body
/// naming every file, so `git log` reads as the vault's history.
class CommitMessage {
public:
    /// Parses the NUL-separated fields of `git diff --cached --name-status -z`.
    static QList<StagedChange> parseNameStatus(const QStringList &fields);
    static QString compose(const QList<StagedChange> &changes, const QString &device);
    /// "journal", "cognitive state" …: what a file under state/ is, for the subject.
    static QString stateName(const QString &path);
};

} // namespace engram
