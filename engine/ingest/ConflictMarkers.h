#pragma once

#include <QByteArray>
#include <QString>

namespace engram {

/// Git's conflict markers in a file a merge could not finish: a line that begins
/// `<<<<<<< `, later a line that is exactly `=======`, later one that begins `>>>>>>> `.
/// All three in that order, so a Markdown heading underlined with `=======` is not one.
/// Such a file holds two versions of a note at once; it is never indexed as memory
/// until a person decides between them.
class ConflictMarkers {
public:
    /// The 1-based line of the first `<<<<<<< ` marker of a complete conflict, or 0.
    static int firstConflictLine(const QByteArray &bytes);
    static bool contains(const QByteArray &bytes) { return firstConflictLine(bytes) > 0; }

    /// The problem the indexer records for such a file; health finds conflicts by this text.
    static QString problemMessage();
};

} // namespace engram
