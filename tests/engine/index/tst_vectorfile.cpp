// The vector file: what is saved loads back as the same index, a load maps the file instead of
// reading it, a damaged file or one of the float32 format is refused with its path and leaves the
// index as it was (the engine rebuilds it, and says so), the float16 re-score vectors round the same
// way on every path, and a save or a full index killed at any moment leaves a vector file that
// opens, consistent with the database.
#include "EngineFixtures.h"
#include "TestVault.h"
#include "index/Embedder.h"
#include "index/IndexStore.h"
#include "index/VectorIndex.h"
#include "index/VectorKernels.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace engram;
using test::TestVault;

namespace {

constexpr int kDimensions = 384;

/// Random unit vectors: no two alike, so every vector's nearest neighbour is itself.
QList<Vector> unitVectors(int count, quint32 seed)
{
    QRandomGenerator rng(seed);
    QList<Vector> out;
    for (int i = 0; i < count; ++i) {
        Vector v(kDimensions);
        double norm = 0.0;
        for (float &x : v) {
            x = float(rng.generateDouble() * 2.0 - 1.0);
            norm += double(x) * double(x);
        }
        for (float &x : v)
            x = float(double(x) / std::sqrt(norm));
        out << v;
    }
    return out;
}

/// The float query with the float16-rounded vector, in double: the similarity the index reports.
double storedSimilarity(const Vector &query, const Vector &vector)
{
    double sum = 0.0;
    for (qsizetype i = 0; i < query.size(); ++i)
        sum += double(query[i]) * double(VectorKernels::fromHalf(VectorKernels::toHalf(vector[i])));
    return sum;
}

/// Rewrites a saved vector file's magic and version as the float32 format (version 1) had them.
void markAsFloat32Format(const QString &path)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    const quint64 version = 1;
    QVERIFY(file.seek(0));
    QCOMPARE(file.write("ENGVECS1", 8), qint64(8));
    QCOMPARE(file.write(reinterpret_cast<const char *>(&version), sizeof version), qint64(sizeof version));
}

QList<qint64> ids(const QList<VectorIndex::Hit> &hits)
{
    QList<qint64> out;
    for (const auto &hit : hits)
        out << hit.id;
    return out;
}

/// This process's resident anonymous memory (RssAnon), in bytes: what it read or allocated, not
/// the page-cache pages a file mapping shows (a kernel with large folios maps whole folios).
[[maybe_unused]] qint64 anonymousBytes()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("RssAnon:"))
            return line.mid(8).trimmed().split(' ').value(0).toLongLong() * 1024;
    return -1;
}

/// Whether this process maps the file at `path` (/proc/self/maps names mapped files).
bool isMapped(const QString &path)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        return false;
    const QByteArray name = QFileInfo(path).canonicalFilePath().toUtf8();
    if (name.isEmpty())
        return false;
    for (const QByteArray &line : maps.readAll().split('\n'))
        if (line.endsWith(' ' + name))
            return true;
    return false;
}

/// Kills `child` after `delay`, and reaps it.
void killAfter(pid_t child, std::chrono::milliseconds delay)
{
    std::this_thread::sleep_for(delay);
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
}

/// Saves an index of `vectors` (ids 0…n-1) to `path`; false if the save failed.
bool saveIndexOf(const QList<Vector> &vectors, const QString &path)
{
    VectorIndex built(kDimensions);
    for (int i = 0; i < vectors.size(); ++i)
        built.add(i, vectors[i]);
    return bool(built.save(path));
}

} // namespace

class TestVectorFile : public QObject {
    Q_OBJECT
private slots:
    void saveAndLoad_answersAsTheIndexThatWasSaved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vectors"));
        const QList<Vector> vectors = unitVectors(3000, 1);
        const QList<Vector> queries = unitVectors(20, 2);
        VectorIndex built(kDimensions);
        for (int i = 0; i < 2000; ++i)
            built.add(i, vectors[i]);
        QVERIFY(built.save(path));

        VectorIndex loaded(kDimensions);
        QVERIFY(loaded.load(path));
        QCOMPARE(loaded.size(), 2000);
        QCOMPARE(loaded.ids(), built.ids());
        // More than the room a load reserves (an eighth, at least 1 024) moves level 0 to the heap.
        for (int i = 2000; i < 3000; ++i) {
            built.add(i, vectors[i]);
            loaded.add(i, vectors[i]);
        }
        for (int i = 0; i < 3000; i += 7) {
            built.remove(i);
            loaded.remove(i);
        }
        built.add(7, vectors[8]); // a removed id comes back with another vector
        loaded.add(7, vectors[8]);
        QCOMPARE(loaded.ids(), built.ids());
        for (const Vector &query : queries) {
            built.setSearchWidth(VectorIndex::kExactSearch);
            loaded.setSearchWidth(VectorIndex::kExactSearch);
            QCOMPARE(ids(loaded.search(query, 30)), ids(built.search(query, 30)));
            built.setSearchWidth(32);
            loaded.setSearchWidth(32);
            QCOMPARE(ids(loaded.search(query, 30)), ids(built.search(query, 30)));
        }

        // Saved again from the loaded index (its floats and level 0 partly mapped, partly added).
        QVERIFY(loaded.save(path));
        VectorIndex again(kDimensions);
        QVERIFY(again.load(path));
        again.setSearchWidth(32);
        QCOMPARE(again.ids(), built.ids());
        for (const Vector &query : queries)
            QCOMPARE(ids(again.search(query, 30)), ids(built.search(query, 30)));
        QCOMPARE(again.search(vectors[8], 1).value(0).id, 7);
        QVERIFY(std::abs(again.search(vectors[8], 1).value(0).similarity - storedSimilarity(vectors[8], vectors[8]))
                < 1e-5);
        QVERIFY(std::abs(again.search(vectors[8], 1).value(0).similarity - 1.0f) < 1e-3f);
    }

    void graphSearch_rescoresEachHitWithItsFloat16Vector()
    {
        const QList<Vector> vectors = unitVectors(3000, 3);
        VectorIndex index(kDimensions);
        for (int i = 0; i < vectors.size(); ++i)
            index.add(i, vectors[i]);
        index.setSearchWidth(96); // the graph of int8 vectors proposes, the float16 vectors decide
        for (const Vector &query : unitVectors(10, 4)) {
            const auto hits = index.search(query, 20);
            QCOMPARE(hits.size(), 20);
            for (int i = 0; i < hits.size(); ++i) {
                const Vector &vector = vectors[int(hits[i].id)];
                QVERIFY2(std::abs(double(hits[i].similarity) - storedSimilarity(query, vector)) < 1e-5,
                         qPrintable(QString::number(i)));
                // float16 keeps 11 significant bits: within 2⁻¹¹ of the float32 similarity of unit
                // vectors (~1e-4 measured; the int8 graph alone is off by ~1e-2).
                QVERIFY2(std::abs(hits[i].similarity - dot(query, vector)) < 4.9e-4f, qPrintable(QString::number(i)));
                if (i > 0)
                    QVERIFY(hits[i].similarity <= hits[i - 1].similarity);
            }
        }
        for (int i = 0; i < 3000; i += 97) // each vector finds itself first
            QCOMPARE(index.search(vectors[i], 1).value(0).id, i);
    }

    void load_mapsTheFileInsteadOfReadingIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vectors"));
        // Under the sanitizers only the mapping is checked (below), and a fifth of the vectors show it.
        constexpr int kCount = 25000 / test::kSanitizerShrink;
        {
            VectorIndex built(kDimensions);
            const QList<Vector> vectors = unitVectors(kCount, 5);
            for (int i = 0; i < vectors.size(); ++i)
                built.add(i, vectors[i]);
            QVERIFY(built.save(path));
        }
        const qint64 fileSize = QFileInfo(path).size();
        QVERIFY(fileSize > qint64(kCount) * 1280); // 768 float16 + 528 graph bytes a vector
        QVERIFY(!isMapped(path));
#ifndef ENGRAM_SANITIZED
        const qint64 before = anonymousBytes();
#endif
        VectorIndex loaded(kDimensions);
        QVERIFY(loaded.load(path));
        loaded.setSearchWidth(96);
        const auto hits = loaded.search(unitVectors(1, 6).front(), 10);
        QCOMPARE(hits.size(), 10);
        QVERIFY(isMapped(path));
        // AddressSanitizer's redzones and quarantine make the anonymous figure say nothing there
        // (10 MB measured on CI): the mapping above is what is checked in that build.
#ifndef ENGRAM_SANITIZED
        const qint64 grown = anonymousBytes() - before;
        // Read, the file would be in this process's memory; mapped, it stays in the page cache, and
        // the load holds the upper levels and one lock per element (~2 MB).
        QVERIFY2(grown < fileSize / 4, qPrintable(QStringLiteral("%1 of %2 bytes").arg(grown).arg(fileSize)));
#endif
    }

    void saveAndMap_givesABuildsHeapBackAndSearchesTheSame()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vectors"));
        constexpr int kCount = 25000; // over kMapAfterSaveAbove
        const QList<Vector> vectors = unitVectors(kCount, 21);
        const QList<Vector> queries = unitVectors(20, 22);
        // AddressSanitizer's allocator reuses memory earlier tests freed and keeps freed memory in its
        // quarantine: there the anonymous figures say nothing, and the mapping is what is checked.
#ifndef ENGRAM_SANITIZED
#ifdef __GLIBC__
        ::malloc_trim(0); // earlier tests' freed heap would otherwise take the build and hide it
#endif
        const qint64 before = anonymousBytes();
#endif
        VectorIndex index(kDimensions); // no scratch directory: the float16 vectors are in the heap too
        for (int i = 0; i < kCount; ++i)
            index.add(i, vectors[i]);
        index.setSearchWidth(96);
        QList<QList<qint64>> answers;
        for (const Vector &q : queries)
            answers << ids(index.search(q, 10));
#ifndef ENGRAM_SANITIZED
        const qint64 built = anonymousBytes() - before;
        QVERIFY2(built > qint64(kCount) * 1000, qPrintable(QStringLiteral("%1 bytes").arg(built)));
#endif
        QVERIFY(!isMapped(path));

        std::optional<Error> notMapped;
        QVERIFY(index.saveAndMap(path, notMapped));
        QVERIFY2(!notMapped, qPrintable(notMapped ? notMapped->toString() : QString()));
        QVERIFY(isMapped(path));
#ifndef ENGRAM_SANITIZED
        const qint64 after = anonymousBytes() - before;
        // Level 0 (528 bytes a vector) and the float16 vectors (768) are file pages now; what stays is
        // the upper levels, one lock per element and the label map hnswlib builds on a change.
        QVERIFY2(after < built / 3, qPrintable(QStringLiteral("%1 of %2 bytes still anonymous").arg(after).arg(built)));
#endif
        QCOMPARE(index.size(), qint64(kCount));
        for (int i = 0; i < queries.size(); ++i)
            QCOMPARE(ids(index.search(queries[i], 10)), answers[i]);
        index.add(kCount, vectors.front()); // and it still takes changes
        QCOMPARE(index.search(vectors.front(), 2).size(), 2);
    }

    void scratchFile_holdsTheAddedVectorsOutOfMemoryAndSavesTheSameFile()
    {
        QTemporaryDir dir;
        // Under the sanitizers a fifth (two graphs of 30,000 took ~100 s there): the searches below name
        // their width, so the count changes no path; the memory figure is checked in the plain build.
        constexpr int kCount = 30000 / test::kSanitizerShrink;
        const QList<Vector> vectors = unitVectors(kCount, 13);
        const QList<Vector> queries = unitVectors(10, 14);
        VectorIndex inFile(kDimensions);
        QVERIFY(inFile.setScratchDirectory(dir.path()));
#ifndef ENGRAM_SANITIZED
        const qint64 before = anonymousBytes();
#endif
        for (int i = 0; i < kCount; ++i)
            inFile.add(i, vectors[i]);
#ifndef ENGRAM_SANITIZED
        const qint64 grown = anonymousBytes() - before;
        // The graph's level 0 (528 bytes a vector) and its locks and labels stay in memory; the
        // float16 vectors (768 bytes) do not: in memory the growth would be ~39 MB.
        QVERIFY2(grown < qint64(kCount) * (528 + 768 / 2),
                 qPrintable(QStringLiteral("%1 bytes for %2 vectors").arg(grown).arg(kCount)));
#endif
        QVERIFY(!inFile.takeScratchError());

        VectorIndex inMemory(kDimensions);
        for (int i = 0; i < kCount; ++i)
            inMemory.add(i, vectors[i]);
        for (const int width : {VectorIndex::kExactSearch, 96}) {
            inFile.setSearchWidth(width);
            inMemory.setSearchWidth(width);
            for (const Vector &query : queries) {
                const auto a = inFile.search(query, 20);
                const auto b = inMemory.search(query, 20);
                QCOMPARE(ids(a), ids(b));
                for (int i = 0; i < a.size(); ++i)
                    QCOMPARE(a[i].similarity, b[i].similarity);
            }
        }
        // Saved through the kernel's copy: the same bytes as from memory.
        QVERIFY(inFile.save(dir.filePath(QStringLiteral("a"))));
        QVERIFY(inMemory.save(dir.filePath(QStringLiteral("b"))));
        QFile a(dir.filePath(QStringLiteral("a")));
        QFile b(dir.filePath(QStringLiteral("b")));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.size(), b.size());
        QVERIFY(a.readAll() == b.readAll());
        // The scratch file has no name: nothing is left in the directory but the two saves.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);

        // Loaded and added to again (a removed id revived among the added ones).
        VectorIndex loaded(kDimensions);
        QVERIFY(loaded.setScratchDirectory(dir.path()));
        QVERIFY(loaded.load(dir.filePath(QStringLiteral("a"))));
        for (int i = 0; i < 100; ++i) {
            loaded.add(kCount + i, vectors[i]);
            inMemory.add(kCount + i, vectors[i]);
        }
        loaded.remove(kCount + 5);
        inMemory.remove(kCount + 5);
        loaded.add(kCount + 5, vectors[7]);
        inMemory.add(kCount + 5, vectors[7]);
        loaded.setSearchWidth(VectorIndex::kExactSearch);
        inMemory.setSearchWidth(VectorIndex::kExactSearch);
        QCOMPARE(ids(loaded.search(vectors[7], 2)), ids(inMemory.search(vectors[7], 2)));
        QVERIFY(loaded.save(dir.filePath(QStringLiteral("c"))));
        QVERIFY(inMemory.save(dir.filePath(QStringLiteral("d"))));
        VectorIndex again(kDimensions);
        QVERIFY(again.load(dir.filePath(QStringLiteral("c"))));
        again.setSearchWidth(VectorIndex::kExactSearch);
        QCOMPARE(again.ids(), inMemory.ids());
        for (const Vector &query : queries)
            QCOMPARE(ids(again.search(query, 20)), ids(inMemory.search(query, 20)));
    }

    void scratchDirectory_thatCannotHoldAFileIsRefusedWithItsPath()
    {
        VectorIndex index(kDimensions);
        const QString missing = QStringLiteral("/nonexistent/engram-scratch");
        const Status status = index.setScratchDirectory(missing);
        QVERIFY(!status);
        QCOMPARE(status.error().path, missing);
        index.add(1, unitVectors(1, 15).front()); // in memory, and usable
        QCOMPARE(index.search(unitVectors(1, 15).front(), 1).value(0).id, 1);
    }

    void load_refusesADamagedFileAndKeepsTheIndex()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vectors"));
        const QList<Vector> vectors = unitVectors(300, 7);
        QVERIFY(saveIndexOf(vectors, path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray whole = file.readAll();
        file.close();

        VectorIndex index(kDimensions);
        index.add(1000, vectors[0]);
        const QString damaged = dir.filePath(QStringLiteral("damaged"));
        for (const qsizetype cut : {qsizetype(0), qsizetype(40), whole.size() / 2, whole.size() - 1}) {
            QFile out(damaged);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(whole.left(cut));
            out.close();
            const Status loaded = index.load(damaged);
            QVERIFY2(!loaded, qPrintable(QString::number(cut)));
            QCOMPARE(loaded.error().path, damaged);
            QCOMPARE(index.ids(), std::vector<qint64>{1000}); // as it was, and usable
            QCOMPARE(index.search(vectors[0], 1).value(0).id, 1000);
        }
        QByteArray otherMagic = whole; // a file of another format (hnswlib's own, say)
        otherMagic[0] = 'X';
        QFile out(damaged);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(otherMagic);
        out.close();
        const Status loaded = index.load(damaged);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().message.contains(QLatin1String("format")), qPrintable(loaded.error().message));
    }

    void float16_roundsToNearestEvenTheSameOnEveryPath()
    {
        using VectorKernels::fromHalf;
        using VectorKernels::toHalf;
        QCOMPARE(toHalf(1.0f), quint16(0x3c00));
        QCOMPARE(toHalf(-2.0f), quint16(0xc000));
        QCOMPARE(toHalf(65504.0f), quint16(0x7bff));           // the largest half
        QCOMPARE(toHalf(65520.0f), quint16(0x7c00));           // halfway to the next: rounds (to even) to infinity
        QCOMPARE(toHalf(1.0f + 1.0f / 2048), quint16(0x3c00)); // a tie: to the even mantissa
        QCOMPARE(toHalf(1.0f + 3.0f / 2048), quint16(0x3c02));
        QCOMPARE(toHalf(std::ldexp(1.0f, -24)), quint16(0x0001)); // the smallest subnormal
        QCOMPARE(toHalf(std::ldexp(1.0f, -26)), quint16(0x0000));
        for (quint32 h = 0; h < 0x10000; ++h) { // every half but NaN comes back as itself
            if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0)
                continue;
            QCOMPARE(toHalf(fromHalf(quint16(h))), quint16(h));
        }
        // The scan's kernel (F16C where the CPU has it) against the portable conversion.
        const QList<Vector> vectors = unitVectors(50, 9);
        size_t dimensions = kDimensions;
        const VectorKernels::Distance distance = VectorKernels::halfDistance();
        std::vector<quint16> halves(kDimensions);
        for (int i = 1; i < vectors.size(); ++i) {
            VectorKernels::toHalf(vectors[i].constData(), kDimensions, halves.data());
            const double expected = storedSimilarity(vectors[0], vectors[i]);
            QVERIFY(std::abs(double(1.0f - distance(vectors[0].constData(), halves.data(), &dimensions)) - expected)
                    < 1e-5);
        }
    }

    void load_refusesTheFloat32FormatWithItsPath()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vectors"));
        const QList<Vector> vectors = unitVectors(200, 10);
        QVERIFY(saveIndexOf(vectors, path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.read(8), QByteArray("ENGVECS2"));
        file.close();
        markAsFloat32Format(path);

        VectorIndex index(kDimensions);
        index.add(5000, vectors[3]);
        const Status loaded = index.load(path);
        QVERIFY(!loaded);
        QCOMPARE(loaded.error().path, path);
        QVERIFY2(loaded.error().message.contains(QLatin1String("format")), qPrintable(loaded.error().message));
        QCOMPARE(index.ids(), std::vector<qint64>{5000}); // as it was
    }

    void float32VectorFile_isRebuiltFromTheDatabaseWithANote()
    {
        TestVault vault;
        for (int f = 0; f < 20; ++f)
            vault.write(QStringLiteral("notes/n%1.md").arg(f),
                        QStringLiteral("# Note %1\n\nDeploys and caches of release %2.\n\nRollback plan %3.\n")
                            .arg(f)
                            .arg(f * 3)
                            .arg(f * 5));
        QList<VectorIndex::Hit> before;
        const Vector query = unitVectors(1, 11).front();
        {
            auto engine = test::openEngine(vault);
            QVERIFY(!engine->index().error);
            before = internals(*engine).vectors().search(query, 10);
        }
        const QString path = vault.filePath(QStringLiteral(".engram/vectors.hnsw"));
        markAsFloat32Format(path);
        auto engine = test::openEngine(vault);
        const QString notes = engine->openNotes().join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QLatin1String("rebuilt")) && notes.contains(path), qPrintable(notes));
        QCOMPARE(internals(*engine).vectors().ids(), internals(*engine).store().vectorIds());
        // Rebuilt from the float16 BLOBs: the same vectors, bit for bit, as the file had.
        const auto after = internals(*engine).vectors().search(query, 10);
        QCOMPARE(ids(after), ids(before));
        for (int i = 0; i < after.size(); ++i)
            QCOMPARE(after[i].similarity, before[i].similarity);
        QFile rebuilt(path);
        QVERIFY(rebuilt.open(QIODevice::ReadOnly));
        QCOMPARE(rebuilt.read(8), QByteArray("ENGVECS2"));
    }

    void storedVectorBlob_isFloat16AndReadsTheFloat32OneToo()
    {
        const Vector vector = unitVectors(1, 12).front();
        const QByteArray blob = IndexStore::vectorBlob(vector);
        QCOMPARE(blob.size(), 1 + 2 * kDimensions); // 769 bytes, not 1 536
        const Vector back = IndexStore::vectorFromBlob(blob);
        QCOMPARE(back.size(), kDimensions);
        for (int i = 0; i < kDimensions; ++i)
            QCOMPARE(back[i], VectorKernels::fromHalf(VectorKernels::toHalf(vector[i])));
        const QByteArray float32(reinterpret_cast<const char *>(vector.constData()), kDimensions * 4);
        QCOMPARE(IndexStore::vectorFromBlob(float32), vector); // written by an earlier version
        QVERIFY(IndexStore::vectorFromBlob(QByteArray("xyz")).isEmpty());
    }

    void interruptedSave_leavesThePreviousFileWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vectors"));
        const QList<Vector> vectors = unitVectors(4000, 8);
        constexpr int kFirst = 1000;
        constexpr int kStep = 50;
        for (const int delayMs : {5, 20, 45, 80, 130}) {
            QFile::remove(path);
            const pid_t child = ::fork();
            QVERIFY(child >= 0);
            if (child == 0) { // saves a growing index again and again until it is killed
                VectorIndex index(kDimensions);
                int next = 0;
                for (; next < kFirst; ++next)
                    index.add(next, vectors[next]);
                while (index.save(path))
                    for (int end = std::min(next + kStep, int(vectors.size())); next < end; ++next)
                        index.add(next, vectors[next]);
                ::_exit(1);
            }
            // Wait for the first whole file, then kill at some point of a later save or add. A wait, not
            // a bound: the first 1,000 vectors took over the 2 s this waited once, under the sanitizers
            // beside a build and another suite, and the kill then came before any file.
            QElapsedTimer waited;
            waited.start();
            while (!QFile::exists(path) && waited.elapsed() < test::kWaitMs)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            const bool saved = QFile::exists(path);
            if (!saved)
                killAfter(child, std::chrono::milliseconds(0));
            QVERIFY2(saved, "the child saved no index within the wait");
            killAfter(child, std::chrono::milliseconds(delayMs));
            VectorIndex loaded(kDimensions);
            const Status status = loaded.load(path);
            QVERIFY2(status, qPrintable(status ? QString() : status.error().toString()));
            const std::vector<qint64> held = loaded.ids();
            QVERIFY(held.size() >= size_t(kFirst));
            QVERIFY((held.size() - kFirst) % kStep == 0 || held.size() == size_t(vectors.size())); // a whole save
            loaded.setSearchWidth(VectorIndex::kExactSearch);
            QCOMPARE(held.back(), qint64(held.size()) - 1); // ids 0 … n − 1
            for (size_t i = 0; i < held.size(); i += 173)
                QCOMPARE(loaded.search(vectors[int(held[i])], 1).value(0).id, held[i]);
        }
    }

    void interruptedFullIndex_reopensUsableAndConsistent()
    {
        TestVault vault;
        for (int f = 0; f < 400; ++f) {
            QString text = QStringLiteral("# Note %1\n\n").arg(f);
            for (int p = 0; p < 6; ++p)
                text += QStringLiteral("Paragraph %1 of note %2 about deploys, caches and release %3.\n\n")
                            .arg(p)
                            .arg(f)
                            .arg(f * 7 + p);
            vault.write(QStringLiteral("notes/n%1.md").arg(f), text);
        }
        for (const int delayMs : {150, 400, 900}) {
            QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively();
            const pid_t child = ::fork();
            QVERIFY(child >= 0);
            if (child == 0) {
                auto opened = Engine::open(vault.path());
                if (opened)
                    (void)(*opened)->index();
                ::_exit(0);
            }
            killAfter(child, std::chrono::milliseconds(delayMs));
            // Whatever the moment: the index opens, its vectors are the database's, it recalls,
            // and indexing again completes it.
            auto engine = test::openEngine(vault);
            std::vector<qint64> stored = internals(*engine).store().vectorIds();
            QCOMPARE(internals(*engine).vectors().ids(), stored);
            const IndexReport report = engine->index();
            QVERIFY(!report.error);
            stored = internals(*engine).store().vectorIds();
            QCOMPARE(internals(*engine).vectors().ids(), stored);
            QCOMPARE(qint64(stored.size()), internals(*engine).store().chunkCount());
            QVERIFY(!test::recalledPaths(*engine, QStringLiteral("release 2107")).isEmpty());
            engine.reset();
            auto reopened = test::openEngine(vault); // from the saved file, consistent again
            QCOMPARE(internals(*reopened).vectors().ids(), stored);
            QFile saved(vault.filePath(QStringLiteral(".engram/vectors.hnsw")));
            QVERIFY(saved.open(QIODevice::ReadOnly));
            QCOMPARE(saved.read(8), QByteArray("ENGVECS2"));
            // Not only the ids: each vector is the one its BLOB holds (float16 on both sides).
            const QList<qint64> probes{qint64(stored.front()), qint64(stored[stored.size() / 2]),
                                       qint64(stored.back())};
            int probed = 0;
            internals(*reopened).store().forEachVector(
                [&](qint64 id, const Vector &vector) {
                    internals(*reopened).vectors().setSearchWidth(VectorIndex::kExactSearch);
                    const auto hit = internals(*reopened).vectors().search(vector, 1).value(0);
                    QCOMPARE(hit.id, id);
                    QVERIFY(std::abs(double(hit.similarity) - storedSimilarity(vector, vector)) < 1e-5);
                    ++probed;
                },
                probes);
            QCOMPARE(probed, 3);
        }
    }
};

QTEST_GUILESS_MAIN(TestVectorFile)
#include "tst_vectorfile.moc"
