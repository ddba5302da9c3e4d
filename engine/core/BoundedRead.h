#pragma once

#include <QByteArray>
#include <QFileDevice>

#include <algorithm>

namespace engram {

/// The bytes of `file` (open for reading) from where it stands, at most `limit + 1` of them: a caller tells
/// "larger than the limit" from the size. Sized by the file, not by the limit: QIODevice::read(limit)
/// allocates the whole limit first, 8 MB for every note the indexer read (and under the sanitizers a
/// memset of it, two thirds of an index run's time). A file that grows while it is read is read on, up to
/// the limit.
inline QByteArray readAtMost(QFileDevice &file, qint64 limit)
{
    const qint64 remaining = std::max<qint64>(0, file.size() - file.pos());
    QByteArray bytes = file.read(std::min(remaining, limit) + 1);
    while (bytes.size() <= limit && !file.atEnd()) {
        const QByteArray more = file.read(std::min<qint64>(limit + 1 - bytes.size(), 1 << 20));
        if (more.isEmpty())
            break;
        bytes += more;
    }
    return bytes;
}

} // namespace engram
