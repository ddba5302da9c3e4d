#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace engram::test {

/// True when $ENGRAM_REGEN_GOLDEN is set (scripts/regen-golden.sh): golden comparisons then write
/// the reference instead of comparing with it.
bool regeneratingGolden();

/// Compares `actual` with the reference tests/data/<relative>. Empty when they are equal (or when
/// regenerating: the reference is then rewritten); otherwise a message naming the file, with a
/// unified diff (3 lines of context, `-` reference, `+` actual) and how to accept the change.
QString goldenMismatch(const QString &actual, const QString &relative);

/// A unified diff of two texts line by line; empty when they are equal.
QString unifiedDiff(const QString &expected, const QString &actual, const QString &expectedName,
                    const QString &actualName);

/// The files of tests/data/<folder> whose name ends with `suffix`, relative to it, sorted: the rows
/// of a data-driven golden test (one row per case file).
QStringList goldenCases(const QString &folder, const QString &suffix);

/// Makes an output comparable from run to run: the vault's absolute path becomes <vault>, a date
/// or date-time of the day the test runs becomes <today> or <now> (outputs that follow the real
/// clock: wake's "Now:", stats' last_index), the value of a JSON key ending in "_ms" (a timing)
/// becomes "<ms>", and a JSON number with a fraction is rounded to 4 decimals (scores differ in
/// the last bits between compilers and CPUs; 4 decimals is 100x finer than any ranking gap pinned).
class GoldenNormalizer {
public:
    explicit GoldenNormalizer(const QString &vaultPath);

    QString text(QString text) const;
    QJsonValue json(const QJsonValue &value) const;
    /// Parses `bytes` as JSON and prints it normalized, indented, keys sorted; not JSON: a message
    /// with the bytes, so the diff shows what came instead.
    QString jsonText(const QByteArray &bytes) const;

private:
    QStringList m_vaultPaths;
    QList<QDate> m_today;
};

} // namespace engram::test

/// Fails the running test with a readable diff when `actual` differs from tests/data/<relative>.
#define ENGRAM_COMPARE_GOLDEN(actual, relative)                                                                        \
    do {                                                                                                               \
        const QString engramMismatch = engram::test::goldenMismatch(actual, relative);                                 \
        if (!engramMismatch.isEmpty())                                                                                 \
            QFAIL(qPrintable(engramMismatch));                                                                         \
    } while (false)
