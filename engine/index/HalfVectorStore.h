#pragma once

#include "core/Result.h"

#include <QString>

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

namespace engram {

/// The float16 vectors a VectorIndex adds after its load, by position (0, 1, …), in blocks that never
/// move (a growing array would hold its old and new copy at once).
///
/// With a scratch directory they live in an unnamed file there (O_TMPFILE, gone with the process),
/// written with pwrite(2) and read through a shared read-only mapping: the process holds only the
/// pages its searches touch, not every vector it has added. A full index of a million 384-dim
/// chunks keeps 768 MB less in memory (a 1024-dim model's vectors: 2 GB less); a save copies them
/// into the vector file inside the kernel (copy_file_range). Without one, or once the file fails
/// (a full disk), they are kept in anonymous memory; the failure is kept for takeError().
class HalfVectorStore {
public:
    explicit HalfVectorStore(std::size_t dimensions);
    ~HalfVectorStore();
    HalfVectorStore(const HalfVectorStore &) = delete;
    HalfVectorStore &operator=(const HalfVectorStore &) = delete;

    /// Where added vectors are kept: "" for memory. Takes effect at once while none is held, else
    /// from the next clear(). Fails (and keeps memory) when no unnamed file can be made there.
    Status setScratchDirectory(const QString &directory);
    /// Forgets every vector; the scratch file, if any, starts again empty.
    void clear();

    const quint16 *at(std::size_t position) const;
    /// position ≤ the highest position set + 1.
    void set(std::size_t position, const quint16 *vector);
    /// Writes positions 0 … count − 1 to `fd` at `offset`: 0 or errno.
    int writeTo(int fd, std::size_t count, quint64 offset) const;

    bool inFile() const { return m_fd >= 0; }
    /// A failure of the scratch file since the last call (the vectors then went to memory).
    std::optional<Error> takeError();

private:
    static constexpr std::size_t kBlock = 16384; ///< vectors per block: 12 MB at 384 dimensions
    std::size_t blockBytes() const { return kBlock * m_dimensions * sizeof(quint16); }
    bool openFile();
    void closeFile();
    void moveToMemory(const QString &why);

    std::size_t m_dimensions;
    QString m_directory;
    int m_fd = -1;
    bool m_fileFailed = false;                        ///< until clear(): the vectors stay in memory
    std::vector<std::unique_ptr<quint16[]>> m_blocks; ///< in memory
    std::vector<void *> m_segments;                   ///< in the file: one mapping per block
    std::optional<Error> m_error;
};

} // namespace engram
