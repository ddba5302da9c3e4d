#include "index/VectorIndex.h"

#include "index/HalfVectorStore.h"
#include "index/VectorKernels.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <hnswlib/hnswlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <time.h>
#include <type_traits>
#include <unistd.h>

namespace engram {

namespace {
constexpr size_t kM = 16;
constexpr size_t kEfSearch = 96;
constexpr size_t kInitialCapacity = 1024;

using Graph = hnswlib::HierarchicalNSW<float>;

/// The graph's space: int8 vectors with a scale (VectorKernels), a quarter of float32's memory.
class QuantisedSpace final : public hnswlib::SpaceInterface<float> {
public:
    explicit QuantisedSpace(size_t dimensions)
        : m_dimensions(dimensions), m_distance(VectorKernels::quantisedDistance())
    { }
    size_t get_data_size() override { return VectorKernels::quantisedSize(m_dimensions); }
    hnswlib::DISTFUNC<float> get_dist_func() override { return m_distance; }
    void *get_dist_func_param() override { return &m_dimensions; }

private:
    size_t m_dimensions;
    hnswlib::DISTFUNC<float> m_distance;
};

/// A chunk's graph level from its id. hnswlib draws levels from one generator in insertion
/// order, so the same vectors added in another order (an incremental index and a rebuild) got
/// other levels; seeded by the id, every chunk has the same level in any order.
void seedLevel(Graph &graph, qint64 id)
{
    quint64 x = quint64(id) + 0x9e3779b97f4a7c15ULL; // splitmix64
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
    graph.level_generator_.seed(std::uint_fast32_t(x % 2147483646ULL + 1)); // minstd: 1 … 2³¹ − 2
}

/// An mmap(2) region, unmapped when it goes.
struct Mapping {
    Mapping() = default;
    Mapping(void *address, size_t length) : address(address), length(length) { }
    Mapping(Mapping &&other) noexcept { *this = std::move(other); }
    Mapping &operator=(Mapping &&other) noexcept
    {
        reset();
        std::swap(address, other.address);
        std::swap(length, other.length);
        return *this;
    }
    ~Mapping() { reset(); }
    void reset()
    {
        if (address)
            ::munmap(address, length);
        address = nullptr;
        length = 0;
    }
    char *bytes() const { return static_cast<char *>(address); }

    void *address = nullptr;
    size_t length = 0;
};

/// The vector file: a header, then sections at 64 KiB boundaries, so that each can be mapped in
/// place (the graph's level 0 needs a page-aligned file offset): the float16 vectors by internal id,
/// hnswlib's level-0 block (links, quantised vector, label per element) as it is in memory, the
/// upper levels' link lists ({internal id, bytes, links} for the few elements above level 0), and
/// the live ids ascending. Nothing is read at load but the header, the upper levels and (for
/// ids()) the id list: a recall at a million chunks touches the pages it visits.
/// Version 2: the re-score vectors are float16 (version 1 held float32: 1 536 bytes a vector at 384
/// dimensions, 768 now; a million vectors, 2.08 → 1.31 GB). A file of version 1 is refused, and
/// the engine rebuilds it from the vectors SQLite holds.
constexpr char kMagic[8] = {'E', 'N', 'G', 'V', 'E', 'C', 'S', '2'};
constexpr quint64 kFormatVersion = 2;
constexpr quint64 kSectionAlignment = 65536;

struct FileHeader {
    char magic[8];
    quint64 version;
    quint64 dimensions;
    quint64 count; ///< elements, deleted ones included (internal ids 0 … count − 1)
    quint64 deleted;
    quint64 sizeDataPerElement;
    quint64 maxM0;
    qint64 maxLevel;
    quint64 enterPoint;
    quint64 halvesOffset;
    quint64 level0Offset;
    quint64 upperOffset;
    quint64 upperBytes;
    quint64 idsOffset;
    quint64 idsCount;
    quint64 fileSize;
};

constexpr quint64 alignUp(quint64 value, quint64 alignment)
{
    return (value + alignment - 1) / alignment * alignment;
}

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

/// pwrite(2) until everything is written; 0 or errno.
int writeAll(int fd, const void *data, size_t length, quint64 offset)
{
    const char *p = static_cast<const char *>(data);
    while (length > 0) {
        const ssize_t written = ::pwrite(fd, p, std::min<size_t>(length, size_t(1) << 30), off_t(offset));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += written;
        length -= size_t(written);
        offset += quint64(written);
    }
    return 0;
}

} // namespace

struct VectorIndex::Impl {
    Impl(int dimensions, int buildEffort)
        : dimensions(size_t(dimensions)),
          space(size_t(dimensions)),
          halfDistance(VectorKernels::halfDistance()),
          efConstruction(size_t(buildEffort)),
          addedHalves(size_t(dimensions))
    { }
    ~Impl() { dropGraph(); }

    void reset(size_t capacity)
    {
        dropGraph();
        index = std::make_unique<Graph>(&space, capacity, kM, efConstruction, 42);
        index->setEf(graphWidth());
    }

    /// hnswlib frees its level 0 with free(): a mapped one is taken back first.
    void dropGraph()
    {
        if (index && level0Mapped)
            index->data_level0_memory_ = nullptr;
        index.reset();
        level0.reset();
        level0Mapped = false;
        mappedHalves = nullptr;
        mappedCount = 0;
        addedHalves.clear();
        savedIds = nullptr;
        savedIdCount = 0;
        lookupReady = true;
        file.reset();
    }

    size_t graphWidth() const { return width > 0 ? size_t(width) : kEfSearch; }
    qint64 liveCount() const { return qint64(index->cur_element_count - index->num_deleted_); }
    bool exact() const { return width == kExactSearch || (width == kAutomaticSearch && liveCount() <= kExactBelow); }
    bool scan() const { return width == kScanSearch || (width == kAutomaticSearch && liveCount() <= kScanBelow); }

    const quint16 *halves(hnswlib::tableint id) const
    {
        return id < mappedCount ? mappedHalves + size_t(id) * dimensions : addedHalves.at(size_t(id - mappedCount));
    }
    void setHalves(hnswlib::tableint id, const quint16 *vector)
    {
        if (id < mappedCount) { // a private mapping: the file stays as it is
            std::memcpy(mappedHalves + size_t(id) * dimensions, vector, dimensions * sizeof(quint16));
            return;
        }
        addedHalves.set(size_t(id - mappedCount), vector);
    }

    /// hnswlib's label → internal id map, which adds and removes need and searches do not: built on
    /// the first change after a load (a million labels: ~0.1 s), so a recall never pays for it.
    void ensureLookup()
    {
        if (lookupReady)
            return;
        index->label_lookup_.reserve(index->cur_element_count);
        for (hnswlib::tableint i = 0; i < index->cur_element_count; ++i)
            index->label_lookup_[index->getExternalLabel(i)] = i;
        lookupReady = true;
    }

    void ensureCapacity(size_t needed)
    {
        const size_t capacity = index->max_elements_;
        if (needed <= capacity)
            return;
        if (level0Mapped) {
            // resizeIndex() reallocs level 0, which a mapping cannot be: copy it to the heap once.
            const size_t bytes = index->cur_element_count * index->size_data_per_element_;
            char *heap = static_cast<char *>(std::malloc(capacity * index->size_data_per_element_));
            if (!heap)
                throw std::bad_alloc();
            std::memcpy(heap, index->data_level0_memory_, bytes);
            index->data_level0_memory_ = heap;
            level0.reset();
            level0Mapped = false;
        }
        index->resizeIndex(std::max(needed, capacity * 2));
    }

    /// The ids of live elements, ascending.
    std::vector<qint64> liveIds() const
    {
        if (savedIds)
            return std::vector<qint64>(savedIds, savedIds + savedIdCount);
        std::vector<qint64> out;
        out.reserve(size_t(liveCount()));
        for (hnswlib::tableint i = 0; i < index->cur_element_count; ++i)
            if (!index->isMarkedDeleted(i))
                out.push_back(qint64(index->getExternalLabel(i)));
        std::sort(out.begin(), out.end());
        return out;
    }

    /// hnswlib's searchKnn, but answering internal ids (the float16 vectors are kept by internal id).
    std::priority_queue<std::pair<float, hnswlib::tableint>> graphCandidates(const void *query, size_t ef) const
    {
        std::priority_queue<std::pair<float, hnswlib::tableint>> out;
        const Graph &g = *index;
        if (g.cur_element_count == 0)
            return out;
        hnswlib::tableint current = g.enterpoint_node_;
        float currentDistance = g.fstdistfunc_(query, g.getDataByInternalId(current), g.dist_func_param_);
        for (int level = g.maxlevel_; level > 0; --level) {
            for (bool changed = true; changed;) {
                changed = false;
                hnswlib::linklistsizeint *list = g.get_linklist(current, level);
                const int size = g.getListCount(list);
                const auto *neighbours = reinterpret_cast<const hnswlib::tableint *>(list + 1);
                for (int i = 0; i < size; ++i) {
                    const float distance =
                        g.fstdistfunc_(query, g.getDataByInternalId(neighbours[i]), g.dist_func_param_);
                    if (distance < currentDistance) {
                        currentDistance = distance;
                        current = neighbours[i];
                        changed = true;
                    }
                }
            }
        }
        auto found = g.num_deleted_ ? g.searchBaseLayerST<true>(current, query, ef)
                                    : g.searchBaseLayerST<false>(current, query, ef);
        while (!found.empty()) {
            out.push(found.top());
            found.pop();
        }
        return out;
    }

    Status write(const QString &path) const;
    Status read(const QString &path, size_t expectedDimensions);

    size_t dimensions;
    QuantisedSpace space;
    VectorKernels::Distance halfDistance; ///< query floats × stored float16
    size_t efConstruction;
    std::unique_ptr<Graph> index;
    /// Float16 vectors by internal id, for exact search and for ranking the graph's candidates
    /// again: the first mappedCount in the loaded file (a private mapping), the rest in addedHalves.
    quint16 *mappedHalves = nullptr;
    hnswlib::tableint mappedCount = 0;
    HalfVectorStore addedHalves;
    Mapping file;   ///< the loaded vector file, private (writes stay in memory)
    Mapping level0; ///< the graph's level 0: the file's section, then room for new elements
    bool level0Mapped = false;
    bool lookupReady = true;
    const qint64 *savedIds = nullptr; ///< the file's id list while nothing has changed since the load
    size_t savedIdCount = 0;
    int width = kAutomaticSearch; ///< setSearchWidth()
};

Status VectorIndex::Impl::write(const QString &path) const
{
    const Graph &g = *index;
    const size_t count = g.cur_element_count;
    const size_t sizeData = g.size_data_per_element_;
    std::vector<char> upper;
    for (hnswlib::tableint i = 0; i < count; ++i) {
        if (g.element_levels_[i] <= 0)
            continue;
        const quint32 bytes = quint32(g.size_links_per_element_ * size_t(g.element_levels_[i]));
        const quint32 record[2] = {i, bytes};
        upper.insert(upper.end(), reinterpret_cast<const char *>(record), reinterpret_cast<const char *>(record + 2));
        upper.insert(upper.end(), g.linkLists_[i], g.linkLists_[i] + bytes);
    }
    const std::vector<qint64> ids = liveIds();

    FileHeader header{};
    std::memcpy(header.magic, kMagic, sizeof kMagic);
    header.version = kFormatVersion;
    header.dimensions = dimensions;
    header.count = count;
    header.deleted = g.num_deleted_;
    header.sizeDataPerElement = sizeData;
    header.maxM0 = g.maxM0_;
    header.maxLevel = g.maxlevel_;
    header.enterPoint = g.enterpoint_node_;
    header.halvesOffset = alignUp(sizeof(FileHeader), kSectionAlignment);
    header.level0Offset = alignUp(header.halvesOffset + count * dimensions * sizeof(quint16), kSectionAlignment);
    header.upperOffset = alignUp(header.level0Offset + count * sizeData, kSectionAlignment);
    header.upperBytes = upper.size();
    header.idsOffset = alignUp(header.upperOffset + upper.size(), kSectionAlignment);
    header.idsCount = ids.size();
    header.fileSize = header.idsOffset + ids.size() * sizeof(qint64);

    const QString temporary = path + QStringLiteral(".tmp");
    const QByteArray name = QFile::encodeName(temporary);
    const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return Error{QStringLiteral("cannot write the vector index: %1").arg(systemError(errno)), temporary};
    const size_t mappedBytes = size_t(mappedCount) * dimensions * sizeof(quint16);
    int error = writeAll(fd, &header, sizeof header, 0);
    if (!error)
        error = writeAll(fd, mappedHalves, mappedBytes, header.halvesOffset);
    if (!error)
        error = addedHalves.writeTo(fd, count - mappedCount, header.halvesOffset + mappedBytes);
    if (!error)
        error = writeAll(fd, g.data_level0_memory_, count * sizeData, header.level0Offset);
    if (!error)
        error = writeAll(fd, upper.data(), upper.size(), header.upperOffset);
    if (!error)
        error = writeAll(fd, ids.data(), ids.size() * sizeof(qint64), header.idsOffset);
    if (!error && ::ftruncate(fd, off_t(header.fileSize)) != 0)
        error = errno;
    // On disk before the rename, so that after a crash the path holds the old file or the whole new one.
    if (!error && ::fdatasync(fd) != 0)
        error = errno;
    if (::close(fd) != 0 && !error)
        error = errno;
    if (error) {
        ::unlink(name.constData());
        return Error{
            QStringLiteral("cannot write the vector index (%1); the previous file is kept").arg(systemError(error)),
            path};
    }
    // rename(2) replaces the old file in one step: a reader (or a crash) sees the old file or the new.
    if (::rename(name.constData(), QFile::encodeName(path).constData()) != 0) {
        const int renameError = errno;
        ::unlink(name.constData());
        return Error{QStringLiteral("cannot move the saved vector index into place: %1").arg(systemError(renameError)),
                     path};
    }
    return {};
}

Status VectorIndex::Impl::read(const QString &path, size_t expectedDimensions)
{
    const auto unreadable = [&path](const QString &why) {
        return Error{QStringLiteral("vector index is unreadable: %1").arg(why), path};
    };
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT
                   ? Error{QStringLiteral("vector index file is missing"), path}
                   : Error{QStringLiteral("cannot open the vector index: %1").arg(systemError(errno)), path};
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat info { };
    if (::fstat(fd, &info) != 0)
        return unreadable(systemError(errno));
    const quint64 size = quint64(info.st_size);
    if (size < sizeof(FileHeader))
        return unreadable(QStringLiteral("%1 bytes, shorter than its header").arg(size));
    void *whole = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (whole == MAP_FAILED)
        return unreadable(systemError(errno));
    Mapping mapped(whole, size);
    FileHeader h{};
    std::memcpy(&h, whole, sizeof h);
    if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.version != kFormatVersion)
        return unreadable(QStringLiteral("not a vector file of this format (an older version's?)"));
    if (h.dimensions != expectedDimensions)
        return Error{QStringLiteral("vector index has other dimensions than the embedder"), path};
    if (h.fileSize != size)
        return unreadable(QStringLiteral("%1 bytes where its header says %2 (cut short?)").arg(size).arg(h.fileSize));

    auto graph = std::make_unique<Graph>(&space, 1, kM, efConstruction, 42);
    const size_t sizeData = graph->size_data_per_element_;
    const quint64 count = h.count;
    const auto within = [size](quint64 offset, quint64 bytes) { return offset <= size && bytes <= size - offset; };
    if (h.sizeDataPerElement != sizeData || h.maxM0 != graph->maxM0_)
        return unreadable(QStringLiteral("written with other graph parameters"));
    if (count >= quint64(std::numeric_limits<hnswlib::tableint>::max()) || h.deleted > count
        || h.idsCount != count - h.deleted || (count > 0 && (h.enterPoint >= count || h.maxLevel < 0))
        || h.level0Offset % kSectionAlignment != 0
        || !within(h.halvesOffset, count * expectedDimensions * sizeof(quint16))
        || !within(h.level0Offset, count * sizeData) || !within(h.upperOffset, h.upperBytes)
        || !within(h.idsOffset, h.idsCount * sizeof(qint64)) || h.idsOffset % sizeof(qint64) != 0
        || h.halvesOffset % sizeof(quint16) != 0)
        return unreadable(QStringLiteral("its sections do not fit its size"));

    const size_t capacity = size_t(count) + std::max(size_t(count) / 8, kInitialCapacity);
    graph->linkLists_ = static_cast<char **>(std::realloc(graph->linkLists_, capacity * sizeof(char *)));
    if (!graph->linkLists_)
        throw std::bad_alloc();
    graph->element_levels_.assign(capacity, 0);
    std::vector<std::mutex>(capacity).swap(graph->link_list_locks_);
    delete graph->visited_list_pool_;
    graph->visited_list_pool_ = new hnswlib::VisitedListPool(1, int(capacity));
    graph->max_elements_ = capacity;
    graph->cur_element_count = size_t(count);
    // Upper levels: read (a few % of the elements).
    const char *p = mapped.bytes() + h.upperOffset;
    const char *end = p + h.upperBytes;
    while (p < end) {
        quint32 record[2] = {};
        if (size_t(end - p) < sizeof record)
            return unreadable(QStringLiteral("an upper-level record is cut short"));
        std::memcpy(record, p, sizeof record);
        p += sizeof record;
        const auto [id, bytes] = std::pair{record[0], record[1]};
        if (id >= count || bytes == 0 || bytes % graph->size_links_per_element_ != 0 || size_t(end - p) < bytes
            || graph->element_levels_[id] != 0)
            return unreadable(QStringLiteral("upper-level record of element %1 is malformed").arg(id));
        graph->linkLists_[id] = static_cast<char *>(std::malloc(bytes + 1));
        if (!graph->linkLists_[id])
            throw std::bad_alloc();
        std::memcpy(graph->linkLists_[id], p, bytes);
        graph->element_levels_[id] = int(bytes / graph->size_links_per_element_);
        p += bytes;
    }
    if (count > 0 && graph->element_levels_[h.enterPoint] != int(h.maxLevel))
        return unreadable(QStringLiteral("its entry point is not on the top level"));

    // Level 0: the file's section mapped in place (private: changes stay in memory), followed by
    // reserved room for elements added later, so an add does not copy it.
    const size_t page = size_t(::sysconf(_SC_PAGESIZE));
    const size_t reserveBytes = alignUp(capacity * sizeData, page);
    void *reserve =
        ::mmap(nullptr, reserveBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (reserve == MAP_FAILED)
        return unreadable(systemError(errno));
    Mapping level0Mapping(reserve, reserveBytes);
    if (count > 0) {
        if (kSectionAlignment % page == 0) {
            if (::mmap(reserve, alignUp(count * sizeData, page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd,
                       off_t(h.level0Offset))
                == MAP_FAILED)
                return unreadable(systemError(errno));
        } else { // pages larger than the file's alignment: copy
            std::memcpy(reserve, mapped.bytes() + h.level0Offset, count * sizeData);
        }
    }
    if (count > quint64(kExactBelow)) {
        // A graph search visits a few thousand elements and ranks ~100 float16 vectors, scattered over
        // the file: without this, each page fault reads ahead (8 MB on this machine's disk), and the
        // first recall of a fresh process read the whole file of 100k vectors (190 of 198 MB).
        ::madvise(mapped.bytes() + h.halvesOffset, count * expectedDimensions * sizeof(quint16), MADV_RANDOM);
        ::madvise(reserve, alignUp(count * sizeData, page), MADV_RANDOM);
    }
    std::free(graph->data_level0_memory_);
    graph->data_level0_memory_ = level0Mapping.bytes();
    graph->num_deleted_ = size_t(h.deleted);
    graph->maxlevel_ = count > 0 ? int(h.maxLevel) : -1;
    graph->enterpoint_node_ = count > 0 ? hnswlib::tableint(h.enterPoint) : hnswlib::tableint(-1);

    dropGraph();
    index = std::move(graph);
    level0 = std::move(level0Mapping);
    level0Mapped = true;
    file = std::move(mapped);
    mappedHalves = reinterpret_cast<quint16 *>(file.bytes() + h.halvesOffset);
    mappedCount = hnswlib::tableint(count);
    savedIds = reinterpret_cast<const qint64 *>(file.bytes() + h.idsOffset);
    savedIdCount = size_t(h.idsCount);
    lookupReady = count == 0;
    index->setEf(graphWidth());
    return {};
}

/// The insertion thread of a bulk run and its queue of adds (a vector) and removes (none).
struct VectorIndex::Bulk {
    static constexpr size_t kMaxQueued = 4096; ///< the producer waits beyond this (bounded memory)

    struct Operation {
        qint64 id = 0;
        Vector vector;
        bool remove = false;
    };

    std::mutex mutex;
    std::condition_variable changed;
    std::deque<Operation> queue;
    bool busy = false; ///< the thread is applying an operation taken off the queue
    bool stop = false;
    std::thread thread;

    void push(Operation op)
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return queue.size() < kMaxQueued; });
        queue.push_back(std::move(op));
        changed.notify_all();
    }

    void waitIdle()
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return queue.empty() && !busy; });
    }

    void run(VectorIndex &index)
    {
        std::unique_lock lock(mutex);
        while (true) {
            changed.wait(lock, [&] { return stop || !queue.empty(); });
            if (queue.empty()) { // stopped and drained
                timespec cpu{};
                ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
                index.m_bulkCpuNs += qint64(cpu.tv_sec) * 1'000'000'000 + cpu.tv_nsec;
                return;
            }
            Operation op = std::move(queue.front());
            queue.pop_front();
            busy = true;
            changed.notify_all();
            lock.unlock();
            if (op.remove)
                index.removeNow(op.id);
            else
                index.addNow(op.id, op.vector);
            lock.lock();
            busy = false;
            changed.notify_all();
        }
    }
};

VectorIndex::VectorIndex(int dimensions, int buildEffort)
    : m_dimensions(dimensions), d(std::make_unique<Impl>(dimensions, qMax(8, buildEffort)))
{
    d->reset(kInitialCapacity);
}

VectorIndex::~VectorIndex()
{
    endBulk();
}

void VectorIndex::beginBulk()
{
    if (m_bulk)
        return;
    m_bulk = std::make_unique<Bulk>();
    m_bulk->thread = std::thread([this] { m_bulk->run(*this); });
}

void VectorIndex::drain()
{
    if (m_bulk)
        m_bulk->waitIdle();
}

void VectorIndex::endBulk()
{
    if (!m_bulk)
        return;
    {
        std::lock_guard lock(m_bulk->mutex);
        m_bulk->stop = true;
        m_bulk->changed.notify_all();
    }
    m_bulk->thread.join();
    m_bulk.reset();
}

qint64 VectorIndex::size() const
{
    std::shared_lock lock(m_mutex);
    return d->liveCount();
}

void VectorIndex::add(qint64 id, const Vector &vector)
{
    if (vector.size() != m_dimensions)
        return;
    ++m_changes;
    if (m_bulk)
        m_bulk->push(Bulk::Operation{id, vector, false});
    else
        addNow(id, vector);
}

void VectorIndex::remove(qint64 id)
{
    ++m_changes;
    if (m_bulk)
        m_bulk->push(Bulk::Operation{id, {}, true});
    else
        removeNow(id);
}

void VectorIndex::addNow(qint64 id, const Vector &vector)
{
    std::vector<char> quantised(VectorKernels::quantisedSize(size_t(m_dimensions)));
    VectorKernels::quantise(vector.constData(), size_t(m_dimensions), quantised.data());
    std::vector<quint16> halves(static_cast<size_t>(m_dimensions));
    VectorKernels::toHalf(vector.constData(), size_t(m_dimensions), halves.data());
    std::unique_lock lock(m_mutex);
    d->ensureLookup();
    d->savedIds = nullptr;
    d->ensureCapacity(d->index->cur_element_count + 1);
    seedLevel(*d->index, id);
    // Re-adding a deleted label revives it (same internal id, new vector).
    const hnswlib::tableint internalId = d->index->addPoint(quantised.data(), hnswlib::labeltype(id), -1);
    d->setHalves(internalId, halves.data());
}

void VectorIndex::removeNow(qint64 id)
{
    std::unique_lock lock(m_mutex);
    d->ensureLookup();
    const auto found = d->index->label_lookup_.find(hnswlib::labeltype(id));
    if (found == d->index->label_lookup_.end() || d->index->isMarkedDeleted(found->second))
        return;
    d->savedIds = nullptr;
    d->index->markDeletedInternal(found->second);
}

void VectorIndex::clear()
{
    ++m_changes;
    drain();
    std::unique_lock lock(m_mutex);
    d->reset(kInitialCapacity);
}

QList<VectorIndex::Hit> VectorIndex::search(const Vector &query, int k) const
{
    QList<Hit> hits;
    if (query.size() != m_dimensions || k <= 0)
        return hits;
    std::shared_lock lock(m_mutex);
    if (d->liveCount() == 0)
        return hits;
    const void *parameter = &d->dimensions; // the kernels' third argument
    std::vector<std::pair<float, qint64>> all;
    if (d->exact()) {
        // Exact: the answer depends on the vectors alone, not on the order they were added in
        // (an incremental index and a rebuild agree). 20 000 × 384 dims: 0.9 ms CPU with AVX2.
        all.reserve(size_t(d->liveCount()));
        const size_t count = d->index->cur_element_count;
        for (hnswlib::tableint internalId = 0; internalId < count; ++internalId) // in memory order
            if (!d->index->isMarkedDeleted(internalId))
                all.emplace_back(d->halfDistance(query.constData(), d->halves(internalId), parameter),
                                 qint64(d->index->getExternalLabel(internalId)));
    } else if (d->scan()) {
        std::vector<char> quantised(VectorKernels::quantisedSize(size_t(m_dimensions)));
        VectorKernels::quantise(query.constData(), size_t(m_dimensions), quantised.data());
        // The best `shortlist` by int8 similarity (ties by id: the same list in any order), then
        // ranked by their float16 vectors.
        const size_t shortlist = std::max(size_t(k) * 4, size_t(kShortlist));
        const hnswlib::DISTFUNC<float> distance = d->space.get_dist_func();
        void *quantisedParameter = d->space.get_dist_func_param();
        std::vector<std::pair<float, std::pair<qint64, hnswlib::tableint>>> best; // a max-heap
        best.reserve(shortlist + 1);
        const size_t count = d->index->cur_element_count;
        for (hnswlib::tableint internalId = 0; internalId < count; ++internalId) {
            if (d->index->isMarkedDeleted(internalId))
                continue;
            const float dist =
                distance(quantised.data(), d->index->getDataByInternalId(internalId), quantisedParameter);
            if (best.size() == shortlist && dist > best.front().first)
                continue;
            best.push_back({dist, {qint64(d->index->getExternalLabel(internalId)), internalId}});
            std::push_heap(best.begin(), best.end());
            if (best.size() > shortlist) {
                std::pop_heap(best.begin(), best.end());
                best.pop_back();
            }
        }
        all.reserve(best.size());
        for (const auto &[dist, element] : best)
            all.emplace_back(d->halfDistance(query.constData(), d->halves(element.second), parameter), element.first);
    } else {
        // The graph walks quantised vectors; every candidate it ends with (efSearch of them, at
        // least k) is ranked again by its float16 vector against the float query: the similarity
        // is the stored vector's, the same as the exact scan gives it.
        std::vector<char> quantised(VectorKernels::quantisedSize(size_t(m_dimensions)));
        VectorKernels::quantise(query.constData(), size_t(m_dimensions), quantised.data());
        auto candidates = d->graphCandidates(quantised.data(), std::max(d->graphWidth(), size_t(k)));
        all.reserve(candidates.size());
        for (; !candidates.empty(); candidates.pop()) {
            const hnswlib::tableint internalId = candidates.top().second;
            all.emplace_back(d->halfDistance(query.constData(), d->halves(internalId), parameter),
                             qint64(d->index->getExternalLabel(internalId)));
        }
    }
    const size_t n = std::min(all.size(), size_t(k));
    // Equal distances (identical texts) are ordered by id, so the order never depends on hashing.
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end());
    hits.reserve(qsizetype(n));
    for (size_t i = 0; i < n; ++i)
        hits << Hit{all[i].second, 1.0f - all[i].first};
    return hits;
}

void VectorIndex::setSearchWidth(int width)
{
    std::unique_lock lock(m_mutex);
    d->width = width < 0 && width != kScanSearch ? kAutomaticSearch : width;
    d->index->setEf(d->graphWidth());
}

std::vector<qint64> VectorIndex::ids() const
{
    std::shared_lock lock(m_mutex);
    return d->liveIds();
}

Status VectorIndex::setScratchDirectory(const QString &directory)
{
    drain();
    std::unique_lock lock(m_mutex);
    return d->addedHalves.setScratchDirectory(directory);
}

std::optional<Error> VectorIndex::takeScratchError()
{
    std::unique_lock lock(m_mutex);
    return d->addedHalves.takeError();
}

Status VectorIndex::save(const QString &path) const
{
    if (m_bulk)
        m_bulk->waitIdle();
    std::shared_lock lock(m_mutex);
    return d->write(path);
}

Status VectorIndex::saveAndMap(const QString &path, std::optional<Error> &notMapped)
{
    const qint64 changes = changeCount();
    if (Status s = save(path); !s) // searches go on while it writes
        return s;
    std::unique_lock lock(m_mutex);
    const qint64 inHeap = qint64(d->index->cur_element_count) - (d->level0Mapped ? qint64(d->mappedCount) : 0);
    if (changeCount() != changes || inHeap <= kMapAfterSaveAbove)
        return {}; // changed since the write: the file is not this graph any more
    try {
        if (Status s = d->read(path, size_t(m_dimensions)); !s) {
            notMapped = s.error(); // read() replaces the graph only once the file is whole
            return {};
        }
    } catch (const std::exception &e) {
        notMapped = Error{QStringLiteral("vector index is unreadable: %1").arg(QString::fromUtf8(e.what())), path};
        return {};
    }
#ifdef __GLIBC__
    // The build's small allocations (upper levels, the label map) are freed, but glibc keeps them in
    // its arenas until they are trimmed.
    ::malloc_trim(0);
#endif
    return {};
}

Status VectorIndex::load(const QString &path)
{
    drain();
    std::unique_lock lock(m_mutex);
    try {
        if (Status read = d->read(path, size_t(m_dimensions)); !read)
            return read; // the index is as it was
    } catch (const std::exception &e) {
        d->reset(kInitialCapacity);
        return Error{QStringLiteral("vector index is unreadable: %1").arg(QString::fromUtf8(e.what())), path};
    }
    return {};
}

} // namespace engram
