#pragma once

#include <QString>

namespace engram {

/// What the index knows of one vault file.
struct FileRecord {
    qint64 id = 0;
    QString path;
    qint64 size = 0;
    qint64 mtimeMs = 0;
    QString hash; ///< SHA-1 of the bytes
    QString kind;
    QString title;
    qint64 chunkCount = 0;
};

} // namespace engram
