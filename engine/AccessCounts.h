#pragma once

#include <QHash>
#include <QString>

namespace engram {

/// How often each vault file was recalled, for promotion. The dynamics layer
/// owns the journal; this small interface keeps the Consolidator independent
/// of it. The default reads `state/journal.jsonl` lines of the form
/// {"type":"access","key":K}, where K is a path, `path#ordinal` or
/// `path:start-end`, and counts them per path.
class AccessCounts {
public:
    virtual ~AccessCounts() = default;
    virtual QHash<QString, int> countsByPath(const QString &vaultPath) const;
};

} // namespace engram
