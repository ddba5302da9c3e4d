#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace engram {

/// How often each vault file was recalled, for promotion. The dynamics layer
/// owns the journal; this small interface keeps the Consolidator independent
/// of it. The default reads every device's `state/journal/<device>.jsonl`: each access event
/// ({"type":"access","keys":[K, …]}, K a path, `path#ordinal` or
/// `path:start-end`) counts once for each file it names, on top of the counts
/// a compaction folded into `state` lines.
class AccessCounts {
public:
    virtual ~AccessCounts() = default;
    virtual QHash<QString, int> countsByPath(const QString &vaultPath) const;

private:
    static QHash<QString, int> countsInFile(const QString &filePath);
};

} // namespace engram
