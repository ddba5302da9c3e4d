#pragma once

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace engram {
class Engine;
}

namespace engram::test {

/// A throw-away vault folder for one test: write files into it, open an
/// Engine on it, and it is removed afterwards.
class TestVault {
public:
    TestVault();

    QString path() const { return m_dir.path(); }
    QString filePath(const QString &relative) const;

    /// Writes `content` to `relative` (creating folders); returns the absolute path.
    QString write(const QString &relative, const QByteArray &content);
    QString write(const QString &relative, const QString &content) { return write(relative, content.toUtf8()); }
    QByteArray read(const QString &relative) const;
    bool remove(const QString &relative);

    /// Copies a folder from tests/data into the vault.
    void copyFixture(const QString &fixture, const QString &to = {});

    /// SHA-1 of every file outside .engram/ (and except state/journal/, Engram's own
    /// append-only records), for "no vault file was modified" checks.
    QByteArray fingerprint() const;

private:
    QTemporaryDir m_dir;
};

/// An Engine on the vault after a full index run; a failure to open ends the test binary.
std::unique_ptr<Engine> openIndexed(const TestVault &vault);

/// How many times longer than its normal bound a test with a speed target may take: code built
/// with AddressSanitizer and UndefinedBehaviorSanitizer (ENGRAM_SANITIZE) runs 2-3x slower.
/// How many times fewer files a test whose size is not its point writes under the sanitizers: there
/// it is run for memory errors, which the same code paths show at a fifth of the size, and at full
/// size its indexing takes 12x as long (tst_onefolder: 92 s against 7.5 s).
#ifdef ENGRAM_SANITIZED
constexpr int kSanitizerSlowdown = 3;
constexpr int kSanitizerShrink = 5;
#else
constexpr int kSanitizerSlowdown = 1;
constexpr int kSanitizerShrink = 1;
#endif

/// How long a GUI test waits for something to happen (an index run, a preview, a dialog) before it fails
/// naming what it waited for. A wait, not a speed bound: it only ends a test that would otherwise hang, so it
/// allows for a loaded machine (the settings preview of tst_expectationsgui, 6 s quiet under the sanitizers,
/// missed a 20 s wait with a build and three benchmarks beside the suite). Under Qt Test's 300 s per function.
constexpr int kWaitMs = 60000 * kSanitizerSlowdown;

/// tests/data/<relative>
QString dataPath(const QString &relative);
/// ../shared/<relative> next to the project (LoCoMo corpus, agent-log samples).
QString sharedPath(const QString &relative);
/// Empty when ../shared/<relative> exists, else a message naming what is missing and where it was looked for.
QString missingShared(const QString &relative);
/// The bytes of ../shared/<relative>; a file that cannot be read ends the test binary, naming it.
QByteArray readShared(const QString &relative);

} // namespace engram::test

/// Fails the running test (it never skips) when ../shared/<relative> is missing: CI always has
/// ../shared next to the clone, so a missing corpus is a broken setup, not a reason to pass.
#define ENGRAM_REQUIRE_SHARED(relative)                                                                                \
    do {                                                                                                               \
        const QString engramMissing = engram::test::missingShared(relative);                                           \
        if (!engramMissing.isEmpty())                                                                                  \
            QFAIL(qPrintable(engramMissing));                                                                          \
    } while (false)

// Qt Test's waits without a timeout of their own (QTRY_VERIFY, QTRY_VERIFY2, QTRY_COMPARE) give up after
// 5 s: a speed bound on a shared machine, not a hang guard (CI ran the suite 2.5 times slower than a
// quiet machine here). Every test that includes this header waits test::kWaitMs instead; a wait that
// ends sooner costs nothing, and a wait is never what a test asserts.
#undef QTRY_VERIFY
#undef QTRY_VERIFY2
#undef QTRY_COMPARE
#define QTRY_VERIFY(expr) QTRY_VERIFY_WITH_TIMEOUT(expr, engram::test::kWaitMs)
#define QTRY_VERIFY2(expr, messageExpression) QTRY_VERIFY2_WITH_TIMEOUT(expr, messageExpression, engram::test::kWaitMs)
#define QTRY_COMPARE(expr, expected) QTRY_COMPARE_WITH_TIMEOUT(expr, expected, engram::test::kWaitMs)
