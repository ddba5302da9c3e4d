#include "index/HalfVectorStore.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

namespace engram {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

/// pwrite(2) until everything is written: 0 or errno.
int writeAll(int fd, const void *data, std::size_t length, quint64 offset)
{
    const char *p = static_cast<const char *>(data);
    while (length > 0) {
        const ssize_t written = ::pwrite(fd, p, length, off_t(offset));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += written;
        length -= std::size_t(written);
        offset += quint64(written);
    }
    return 0;
}

} // namespace

HalfVectorStore::HalfVectorStore(std::size_t dimensions) : m_dimensions(dimensions) { }

HalfVectorStore::~HalfVectorStore()
{
    closeFile();
}

Status HalfVectorStore::setScratchDirectory(const QString &directory)
{
    m_directory = directory;
    if (!m_blocks.empty() || !m_segments.empty())
        return {}; // the vectors held stay where they are until clear()
    closeFile();
    m_fileFailed = false;
    if (!m_directory.isEmpty() && !openFile()) {
        m_fileFailed = true;
        return *takeError();
    }
    return {};
}

void HalfVectorStore::clear()
{
    closeFile();
    m_blocks.clear();
    m_fileFailed = false;
}

bool HalfVectorStore::openFile()
{
    const int fd = ::open(QFile::encodeName(m_directory).constData(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {
        m_error =
            Error{QStringLiteral("cannot make a scratch file for the vectors being added (%1); they are kept in memory")
                      .arg(systemError(errno)),
                  m_directory};
        return false;
    }
    m_fd = fd;
    return true;
}

void HalfVectorStore::closeFile()
{
    for (void *segment : m_segments)
        ::munmap(segment, blockBytes());
    m_segments.clear();
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

const quint16 *HalfVectorStore::at(std::size_t position) const
{
    const std::size_t offset = (position % kBlock) * m_dimensions;
    if (m_fd >= 0)
        return static_cast<const quint16 *>(m_segments[position / kBlock]) + offset;
    return m_blocks[position / kBlock].get() + offset;
}

void HalfVectorStore::set(std::size_t position, const quint16 *vector)
{
    const std::size_t bytes = m_dimensions * sizeof(quint16);
    const std::size_t block = position / kBlock;
    if (m_fd < 0 && !m_fileFailed && !m_directory.isEmpty() && m_blocks.empty())
        m_fileFailed = !openFile(); // a failure is kept for takeError(); the vectors go to memory
    if (m_fd >= 0) {
        int error = 0;
        while (!error && m_segments.size() <= block) {
            // The file is extended a block ahead of its mapping: a mapping past the end of a file
            // faults (SIGBUS) where it reads.
            const quint64 end = quint64(m_segments.size() + 1) * blockBytes();
            if (::ftruncate(m_fd, off_t(end)) != 0) {
                error = errno;
                break;
            }
            void *segment = ::mmap(nullptr, blockBytes(), PROT_READ, MAP_SHARED, m_fd, off_t(end - blockBytes()));
            if (segment == MAP_FAILED) {
                error = errno;
                break;
            }
            // The graph's candidates are scattered over the file: read ahead, a fault would bring in
            // megabytes for one 768-byte vector.
            ::madvise(segment, blockBytes(), MADV_RANDOM);
            m_segments.push_back(segment);
        }
        if (!error)
            error = writeAll(m_fd, vector, bytes, quint64(position) * bytes);
        if (!error)
            return;
        moveToMemory(systemError(error));
    }
    while (m_blocks.size() <= block)
        m_blocks.push_back(std::make_unique_for_overwrite<quint16[]>(kBlock * m_dimensions));
    std::memcpy(m_blocks[block].get() + (position % kBlock) * m_dimensions, vector, bytes);
}

void HalfVectorStore::moveToMemory(const QString &why)
{
    // What the file holds is read back into memory block by block (a written page reads as written;
    // one not yet written reads as zeros, and is set before it is read).
    for (void *segment : m_segments) {
        m_blocks.push_back(std::make_unique_for_overwrite<quint16[]>(kBlock * m_dimensions));
        std::memcpy(m_blocks.back().get(), segment, blockBytes());
    }
    closeFile();
    m_fileFailed = true;
    m_error = Error{
        QStringLiteral("the scratch file of the vectors being added failed (%1); they are kept in memory").arg(why),
        m_directory};
}

int HalfVectorStore::writeTo(int fd, std::size_t count, quint64 offset) const
{
    const std::size_t bytes = m_dimensions * sizeof(quint16);
    if (m_fd >= 0) {
        // Inside the kernel: the pages go from the scratch file to the vector file without being
        // mapped into this process (a save of a million vectors would otherwise touch 768 MB).
        loff_t in = 0;
        auto out = loff_t(offset);
        std::size_t left = count * bytes;
        while (left > 0) {
            const ssize_t copied = ::copy_file_range(m_fd, &in, fd, &out, left, 0);
            if (copied < 0 && errno == EINTR)
                continue;
            if (copied <= 0)
                break; // another file system, or none of it: written from the mapping below
            left -= std::size_t(copied);
        }
        for (std::size_t done = count * bytes - left; left > 0;) {
            const std::size_t block = done / blockBytes();
            const std::size_t within = done % blockBytes();
            const std::size_t length = std::min(left, blockBytes() - within);
            if (const int error =
                    writeAll(fd, static_cast<const char *>(m_segments[block]) + within, length, offset + done))
                return error;
            done += length;
            left -= length;
        }
        return 0;
    }
    for (std::size_t position = 0; position < count; position += kBlock)
        if (const int error = writeAll(fd, m_blocks[position / kBlock].get(),
                                       std::min(kBlock, count - position) * bytes, offset + position * bytes))
            return error;
    return 0;
}

std::optional<Error> HalfVectorStore::takeError()
{
    return std::exchange(m_error, std::nullopt);
}

} // namespace engram
