// Hostile files: nothing a file holds may make indexing super-linear,
// special files (FIFO, socket, device) are skipped with a reason instead of blocking, files
// the scanner cannot name or reach are reported, and a lone CR ends a line.
#include "EngineFixtures.h"
#include "TestVault.h"
#include "core/Database.h"
#include "core/WorkCount.h"
#include "index/IndexStore.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QTest>

#include <fcntl.h>
#include <future>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

using namespace engram;
using test::TestVault;

namespace {

/// One hostile file of size parameter `n`: the content, and the vault-relative name it gets.
struct HostileFile {
    QString path;
    QByteArray content;
};

HostileFile hostileFile(const QString &kind, int n)
{
    auto repeat = [](const char *piece, int times) { return QByteArray(piece).repeated(times); };
    if (kind == QLatin1String("heading space runs")) {
        // The heading regex backtracked cubically in the length of a run of spaces.
        const QByteArray spaces(n, ' ');
        return {QStringLiteral("h.md"), ("# a" + spaces + "b" + spaces + "#\n").repeated(2)};
    }
    if (kind == QLatin1String("unclosed wiki links with alias"))
        return {QStringLiteral("w.md"), repeat("[[a|", n)};
    if (kind == QLatin1String("unclosed wiki links with heading"))
        return {QStringLiteral("w.md"), repeat("[[a#", n)};
    if (kind == QLatin1String("open brackets"))
        return {QStringLiteral("b.md"), repeat("[", n)};
    if (kind == QLatin1String("links without a closing parenthesis"))
        return {QStringLiteral("l.md"), repeat("[a](", n)};
    if (kind == QLatin1String("distinct wiki links")) {
        QByteArray text;
        for (int i = 0; i < n; ++i)
            text += "[[note " + QByteArray::number(i) + "]] ";
        return {QStringLiteral("d.md"), text};
    }
    if (kind == QLatin1String("front matter block list"))
        return {QStringLiteral("f.md"), "---\ntags:\n" + repeat("  - x\n", n) + "---\nbody\n"};
    if (kind == QLatin1String("long heading over many paragraphs")) {
        // Every chunk carries its heading: a huge heading copied into each was quadratic.
        return {QStringLiteral("p.md"), "# " + QByteArray(n, 'h') + "\n\n" + repeat("word\n\n", n / 4)};
    }
    if (kind == QLatin1String("long title over many paragraphs"))
        return {QStringLiteral("t.md"), "---\ntitle: " + QByteArray(n, 't') + "\n---\n\n" + repeat("word\n\n", n / 4)};
    if (kind == QLatin1String("huge single line"))
        return {QStringLiteral("s.md"), repeat("lorem ipsum dolor sit amet ", n)};
    if (kind == QLatin1String("one very long word"))
        return {QStringLiteral("v.md"), QByteArray(n, 'a')};
    if (kind == QLatin1String("tiny lines"))
        return {QStringLiteral("n.md"), repeat("a\n", n)};
    if (kind == QLatin1String("headings"))
        return {QStringLiteral("g.md"), repeat("# \n###### h\n", n)};
    if (kind == QLatin1String("cr-only paragraphs"))
        return {QStringLiteral("c.md"), repeat("a paragraph\r\rof text\r", n)};
    if (kind == QLatin1String("invalid agent-log lines"))
        return {QStringLiteral("j.jsonl"), repeat("{\n", n)};
    qFatal("unknown hostile file kind %s", qPrintable(kind));
}

/// The work one index run of a vault holding only `file` does, counted: the characters the ingest
/// passes read and write (WorkCount) and the operations SQLite's virtual machine runs for the
/// index's statements (Database::vmSteps). Not CPU seconds: their ratio for the same two runs went
/// from 5.5 (quiet) to 8.8 (a build beside it) and failed a bound that a count keeps every time.
struct Work {
    qint64 text = 0;
    qint64 sql = 0;
};

/// How often the ingest passes may read or write each character of a file: decoding, lines,
/// headings, paragraphs, link and markup scans, sections, chunks with their heading and title.
constexpr qint64 kPassesPerCharacter = 16;

Work workToIndex(const HostileFile &file)
{
    TestVault vault;
    vault.write(file.path, file.content);
    auto engine = Engine::open(vault.path());
    if (!engine)
        qFatal("cannot open a vault: %s", qPrintable(engine.error().toString()));
    const Database &db = internals(**engine).store().database();
    const qint64 text = WorkCount::total();
    const qint64 sql = db.vmSteps();
    (void)(*engine)->index();
    return Work{WorkCount::total() - text, db.vmSteps() - sql};
}

std::optional<Problem> problemFor(Engine &engine, const QString &path)
{
    for (const Problem &p : internals(engine).store().problems())
        if (p.path == path)
            return p;
    return std::nullopt;
}

/// Runs `work` on a thread and waits at most `seconds`; a special file that blocks the
/// reader fails the test instead of hanging it. On a timeout `unblock` is called so the
/// thread can finish before the test ends.
template <typename Work>
bool finishesWithin(int seconds, Work work, const std::function<void()> &unblock)
{
    std::packaged_task<void()> task(std::move(work));
    std::future<void> done = task.get_future();
    std::thread thread(std::move(task));
    const bool finished = done.wait_for(std::chrono::seconds(seconds)) == std::future_status::ready;
    if (!finished)
        unblock();
    thread.join();
    return finished;
}

/// Opens the FIFO for writing and closes it: a reader blocked in open() then reads EOF.
void releaseFifoReader(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0)
        ::close(fd);
}

void writeGoodNote(TestVault &vault)
{
    vault.write(QStringLiteral("notes/alpha.md"),
                QStringLiteral("# Alpaca\n\nThe alpaca named Quilliam eats hay in the morning.\n"));
}

/// Folders nested deep enough that the path of `deep.md` at the bottom is longer than
/// PATH_MAX; made with *at() calls, as no single path can reach there.
class DeepFolders {
public:
    DeepFolders(const QString &root, int levels) : m_root(root)
    {
        int fd = ::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY);
        for (int i = 0; i < levels && fd >= 0; ++i) {
            const QByteArray name = QByteArray::number(i).rightJustified(3, '0') + QByteArray(240, 'd');
            if (::mkdirat(fd, name.constData(), 0700) != 0)
                qFatal("mkdirat failed at level %d", i);
            m_names << name;
            m_fds << fd;
            fd = ::openat(fd, name.constData(), O_RDONLY | O_DIRECTORY);
        }
        if (fd < 0)
            qFatal("openat failed");
        m_fds << fd;
        const int file = ::openat(fd, "deep.md", O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const QByteArray text("# Deep\n\nThe bathyscaphe note lies too deep to reach.\n");
        if (file < 0 || ::write(file, text.constData(), size_t(text.size())) != text.size())
            qFatal("cannot write deep.md");
        ::close(file);
    }

    ~DeepFolders()
    {
        ::unlinkat(m_fds.last(), "deep.md", 0);
        for (qsizetype i = m_names.size() - 1; i >= 0; --i) {
            ::close(m_fds[i + 1]);
            ::unlinkat(m_fds[i], m_names[i].constData(), AT_REMOVEDIR);
        }
        ::close(m_fds.front());
    }

    /// Vault-relative path of the first folder whose absolute path is longer than PATH_MAX.
    QString firstUnreachableFolder() const
    {
        QString relative;
        for (const QByteArray &name : m_names) {
            relative += (relative.isEmpty() ? QString() : QStringLiteral("/")) + QString::fromUtf8(name);
            if (QFile::encodeName(m_root + QLatin1Char('/') + relative).size() >= PATH_MAX)
                return relative;
        }
        return {};
    }

private:
    QString m_root;
    QList<QByteArray> m_names;
    QList<int> m_fds;
};

} // namespace

class TestHostileFiles : public QObject {
    Q_OBJECT
private slots:
    void hostileContent_indexesInLinearTime_data()
    {
        QTest::addColumn<QString>("kind");
        // Sized so that 4n crosses where the old regular expressions gave up and fell back to a
        // quadratic search (a line of about 256 KiB), or where a quadratic cost dominates.
        QTest::addColumn<int>("n");
        const QList<std::pair<const char *, int>> rows{
            {"heading space runs", 2000},
            {"unclosed wiki links with alias", 20000},
            {"unclosed wiki links with heading", 20000},
            {"open brackets", 20000},
            {"links without a closing parenthesis", 10000},
            {"distinct wiki links", 10000},
            {"front matter block list", 5000},
            {"long heading over many paragraphs", 100000},
            {"long title over many paragraphs", 100000},
            {"huge single line", 20000},
            {"one very long word", 500000},
            {"tiny lines", 100000},
            {"headings", 10000},
            {"cr-only paragraphs", 10000},
            {"invalid agent-log lines", 20000},
        };
        for (const auto &[kind, n] : rows)
            QTest::newRow(kind) << QString::fromLatin1(kind) << n;
    }

    void hostileContent_indexesInLinearTime()
    {
        QFETCH(QString, kind);
        QFETCH(int, n);
        const HostileFile small = hostileFile(kind, n);
        const HostileFile large = hostileFile(kind, 4 * n);
        const Work single = workToIndex(small);
        const Work fourTimes = workToIndex(large);
        const QString figures = QStringLiteral("%1: n = %2 (%3 bytes): %4 characters and %5 SQLite steps; "
                                               "4n: %6 characters and %7 SQLite steps")
                                    .arg(kind)
                                    .arg(n)
                                    .arg(small.content.size())
                                    .arg(single.text)
                                    .arg(single.sql)
                                    .arg(fourTimes.text)
                                    .arg(fourTimes.sql);
        qInfo("%s", qPrintable(figures));
        // Linear: four times the input is four times the work (less, with the fixed costs); a
        // quadratic pass makes it sixteen. Counts do not vary from run to run, so the bound is
        // tight: 5x. And each character of the file is read a bounded number of times.
        QVERIFY2(fourTimes.text <= 5 * single.text, qPrintable(figures));
        QVERIFY2(fourTimes.sql <= 5 * single.sql, qPrintable(figures));
        QVERIFY2(fourTimes.text <= kPassesPerCharacter * large.content.size(), qPrintable(figures));
    }

    void headingsWithLongRunsOfSpaces_areHeadingsAndQuick()
    {
        // The heading regex hit PCRE2's backtracking limit on each such line: 30 ms per line
        // (2 000 lines took over a minute), and then did not take the line for a heading.
        TestVault vault;
        const QString path = QStringLiteral("notes/spaced.md");
        const QByteArray spaces(450, ' '); // titles of ~453 characters: under the 500 kept as a heading
        QByteArray text;
        for (int i = 0; i < 200; ++i)
            text += "## a" + spaces + "b" + QByteArray::number(i) + spaces + "##\n\nThe gecko " + QByteArray::number(i)
                    + " climbs.\n\n";
        vault.write(path, text);
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const qint64 before = WorkCount::total();
        const IndexReport report = (*engine)->index();
        const qint64 work = WorkCount::total() - before;
        QVERIFY2(
            work <= kPassesPerCharacter * text.size(),
            qPrintable(
                QStringLiteral("200 heading lines of %1 bytes: %2 characters of work").arg(text.size()).arg(work)));
        QCOMPARE(report.failed, 0);
        const QList<Chunk> chunks = internals(**engine).store().chunksOfFile(path);
        QCOMPARE(chunks.size(), 200); // one per paragraph: the heading lines are headings, not text
        QCOMPARE(chunks.front().heading, QStringLiteral("a") + QString(450, u' ') + QStringLiteral("b0"));
        QCOMPARE(chunks.front().text, QStringLiteral("The gecko 0 climbs."));
    }

    void deeplyNestedFrontMatterList_isAnErrorNotACrash()
    {
        TestVault vault;
        writeGoodNote(vault);
        const QString path = QStringLiteral("notes/nested.md");
        // 2 000 deep: the old parser recursed once per level, copying the rest each time (200 000
        // levels took minutes and 16 GB before the stack ran out); now 16 levels are the limit.
        vault.write(path, "---\nk: " + QByteArray(2000, '[') + QByteArray(2000, ']') + "\n---\nbody\n");
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.failed, 1);
        const auto problem = problemFor(**engine, path);
        QVERIFY2(problem && problem->line == 2 && problem->message.contains(QStringLiteral("front matter")),
                 qPrintable(test::problemList(internals(**engine).store().problems())));
        QVERIFY(internals(**engine).store().file(QStringLiteral("notes/alpha.md")));
    }

    void nulBytesPastTheFirst8KiB_makeTheFileBinary()
    {
        TestVault vault;
        writeGoodNote(vault);
        const QString path = QStringLiteral("notes/late-nul.md");
        vault.write(path, QByteArray(9000, 'a') + QByteArray("\0text\0", 6).repeated(100));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.failed, 1);
        const auto problem = problemFor(**engine, path);
        QVERIFY2(problem && problem->message.contains(QStringLiteral("binary")),
                 qPrintable(test::problemList(internals(**engine).store().problems())));
        QVERIFY(internals(**engine).store().chunksOfFile(path).isEmpty());
    }

    void agentLogWithManyBadLines_isReportedInASummaryNotLineByLine()
    {
        TestVault vault;
        writeGoodNote(vault);
        const QString path = QStringLiteral("sessions/broken.jsonl");
        vault.write(path, QByteArray("{\n").repeated(10000));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const IndexReport report = (*engine)->index();
        QList<Problem> problems;
        for (const Problem &p : internals(**engine).store().problems())
            if (p.path == path)
                problems << p;
        // 20 lines named one by one, one summary, and "no text to index".
        QCOMPARE(problems.size(), 22);
        bool summarised = false;
        int lastNamedLine = 0;
        for (const Problem &p : std::as_const(problems)) {
            summarised = summarised || p.message.contains(QStringLiteral("9980 more lines"));
            lastNamedLine = qMax(lastNamedLine, p.line);
        }
        QCOMPARE(lastNamedLine, 20);
        QVERIFY2(summarised, qPrintable(test::problemList(problems)));
        QCOMPARE(report.problems.size(), 22);
    }

    void specialFile_isSkippedWithAReasonAndDoesNotBlock_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("named pipe");
        QTest::newRow("socket") << QStringLiteral("socket") << QStringLiteral("socket");
        QTest::newRow("link to a character device") << QStringLiteral("device") << QStringLiteral("device");
    }

    void specialFile_isSkippedWithAReasonAndDoesNotBlock()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        TestVault vault;
        writeGoodNote(vault);
        const QString path = QStringLiteral("notes/x.md");
        const QString absolute = vault.filePath(path);
        const QByteArray native = QFile::encodeName(absolute);
        int socketFd = -1;
        if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(native.constData(), 0600), 0);
        } else if (kind == QLatin1String("socket")) {
            socketFd = ::socket(AF_UNIX, SOCK_STREAM, 0);
            sockaddr_un address{};
            address.sun_family = AF_UNIX;
            QVERIFY(size_t(native.size()) < sizeof(address.sun_path));
            std::copy(native.cbegin(), native.cend(), address.sun_path);
            QCOMPARE(::bind(socketFd, reinterpret_cast<sockaddr *>(&address), sizeof(address)), 0);
        } else {
            QVERIFY(QFile::link(QStringLiteral("/dev/zero"), absolute));
        }
        auto opened = Engine::open(vault.path());
        QVERIFY(opened.ok());
        Engine &engine = **opened;

        IndexReport report;
        QVERIFY2(finishesWithin(
                     20, [&] { report = engine.index(); }, [&] { releaseFifoReader(absolute); }),
                 "index blocked on a special file");
        const auto problem = problemFor(engine, path);
        QVERIFY2(problem, qPrintable(test::problemList(internals(engine).store().problems())));
        QCOMPARE(problem->severity, QStringLiteral("error"));
        QVERIFY2(problem->message.contains(reason), qPrintable(problem->message));
        QCOMPARE(report.failed, 1);
        QVERIFY(internals(engine).store().file(QStringLiteral("notes/alpha.md")));
        QVERIFY(!internals(engine).store().file(path));
        const HealthCheck health = test::healthCheck(engine, QStringLiteral("indexing problems"));
        QVERIFY2(health.reason.contains(path) && health.status == HealthStatus::Error, qPrintable(health.reason));

        // The single-path entry (a watcher, `engram-cli index PATH`) skips it the same way.
        IndexReport single;
        QVERIFY2(finishesWithin(
                     20, [&] { single = engine.indexPath(path); }, [&] { releaseFifoReader(absolute); }),
                 "indexPath blocked on a special file");
        QCOMPARE(single.failed, 1);
        QVERIFY(!single.problems.isEmpty() && single.problems.front().message.contains(reason));
        QVERIFY(problemFor(engine, path));
        if (socketFd >= 0)
            ::close(socketFd);
    }

    void fileNameNotValidUtf8_isReportedWithItsBytesEscaped()
    {
        TestVault vault;
        writeGoodNote(vault);
        QVERIFY(QDir(vault.path()).mkpath(QStringLiteral("notes")));
        // "café.md" and a folder "résumé" in Latin-1, as an old archive unpacks them.
        const QByteArray notes = QFile::encodeName(vault.filePath(QStringLiteral("notes")));
        const QByteArray file = notes + "/caf\xe9.md";
        const int fd = ::open(file.constData(), O_WRONLY | O_CREAT, 0600);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, "# Cafe\n\nThe okapi cafe.\n", 24), ssize_t(24));
        ::close(fd);
        const QByteArray folder = notes + "/r\xe9sum\xe9";
        QCOMPARE(::mkdir(folder.constData(), 0700), 0);
        const int inner = ::open((folder + "/inner.md").constData(), O_WRONLY | O_CREAT, 0600);
        QVERIFY(inner >= 0);
        ::close(inner);
        // QTemporaryDir cannot name these to remove them.
        const auto removeRaw = qScopeGuard([&] {
            ::unlink(file.constData());
            ::unlink((folder + "/inner.md").constData());
            ::rmdir(folder.constData());
        });

        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const IndexReport report = (*engine)->index();
        const QString list = test::problemList(internals(**engine).store().problems());
        const auto fileProblem = problemFor(**engine, QStringLiteral("notes/caf\\xE9.md"));
        QVERIFY2(fileProblem && fileProblem->severity == QLatin1String("error")
                     && fileProblem->message.contains(QStringLiteral("not valid UTF-8")),
                 qPrintable(list));
        const auto folderProblem = problemFor(**engine, QStringLiteral("notes/r\\xE9sum\\xE9"));
        QVERIFY2(folderProblem && folderProblem->message.contains(QStringLiteral("folder")), qPrintable(list));
        QCOMPARE(report.failed, 2);
        QCOMPARE(internals(**engine).store().fileCount(), 1);
        const HealthCheck health = test::healthCheck(**engine, QStringLiteral("indexing problems"));
        QVERIFY2(health.status == HealthStatus::Error && health.reason.contains(QStringLiteral("caf\\xE9")),
                 qPrintable(health.reason));
    }

    void pathLongerThanPathMax_isReported()
    {
        TestVault vault;
        writeGoodNote(vault);
        QString unreachable;
        {
            DeepFolders deep(vault.path(), 20);
            unreachable = deep.firstUnreachableFolder();
            QVERIFY(!unreachable.isEmpty());
            auto engine = Engine::open(vault.path());
            QVERIFY(engine.ok());
            const IndexReport report = (*engine)->index();
            const auto problem = problemFor(**engine, unreachable);
            QVERIFY2(problem && problem->severity == QLatin1String("error")
                         && problem->message.contains(QStringLiteral("PATH_MAX")),
                     qPrintable(test::problemList(internals(**engine).store().problems())));
            QCOMPARE(report.failed, 1);
            QVERIFY(internals(**engine).store().file(QStringLiteral("notes/alpha.md")));
            const HealthCheck health = test::healthCheck(**engine, QStringLiteral("indexing problems"));
            QCOMPARE(health.status, HealthStatus::Error);
        }
    }

    void crOnlyLineEnds_breakLinesForChunksRecallAndSource_data()
    {
        QTest::addColumn<QByteArray>("lineEnd");
        QTest::newRow("CR (old Mac)") << QByteArray("\r");
        QTest::newRow("CRLF (Windows)") << QByteArray("\r\n");
    }

    void crOnlyLineEnds_breakLinesForChunksRecallAndSource()
    {
        QFETCH(QByteArray, lineEnd);
        TestVault vault;
        const QString path = QStringLiteral("notes/classic.md");
        // Two headed sections of one paragraph each, too long to share a chunk.
        const QByteArray first = "The aardwolf eats termites at night. " + QByteArray("It hunts alone. ").repeated(20);
        const QByteArray second = "The pangolin curls into a ball. " + QByteArray("Its scales are hard. ").repeated(20);
        const QList<QByteArray> lines{
            "# Animals",         "", "## Aardwolf", "", first.trimmed(), "", "## Pangolin", "", second.trimmed(),
            "second line of it", ""};
        vault.write(path, lines.join(lineEnd));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.failed, 0);
        QVERIFY2(internals(**engine).store().problems().isEmpty(),
                 qPrintable(test::problemList(internals(**engine).store().problems())));
        const QList<Chunk> chunks = internals(**engine).store().chunksOfFile(path);
        QCOMPARE(chunks.size(), 2);
        QCOMPARE(chunks[0].startLine, 5);
        QCOMPARE(chunks[0].endLine, 5);
        QCOMPARE(chunks[0].heading, QStringLiteral("Animals > Aardwolf"));
        QCOMPARE(chunks[1].startLine, 9);
        QCOMPARE(chunks[1].endLine, 10);

        RecallQuery query;
        query.text = QStringLiteral("pangolin scales");
        auto results = (*engine)->recall(query);
        QVERIFY(results.ok() && !results->isEmpty());
        QCOMPARE(results->front().chunk.path, path);
        QCOMPARE(results->front().chunk.startLine, 9);
        QCOMPARE((*engine)->sourceText(results->front().chunk),
                 QString::fromUtf8(second.trimmed() + "\nsecond line of it"));
    }
};

QTEST_GUILESS_MAIN(TestHostileFiles)
#include "tst_hostilefiles.moc"
