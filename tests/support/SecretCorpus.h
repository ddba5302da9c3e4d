#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace engram::test {

/// One secret as a person or a tool writes it. Every body is drawn from the seed, so no real-looking
/// secret is checked in, and each run of the tests can draw new ones.
struct SecretSample {
    QString kind;    ///< the kind its replacement must name: [REDACTED:<kind>]
    QByteArray text; ///< the secret with what surrounds it (prefix, assignment, header, BEGIN line …)
    QByteArray body; ///< the part that must not survive; lines joined with '\n' for a multi-line key
    bool multiLine() const { return text.contains('\n'); }
};

/// The seed of a test run's secrets: ENGRAM_SECRET_SEED when set (to explore, or replay a failure), else a
/// fixed one, so the suite gives the same answer every run.
quint32 corpusSeedFromEnvironment();

/// The shapes of secret the redaction gate must catch (100+), written from the providers' own
/// documented formats (prefix, alphabet, length), not from the rules that catch them.
QList<SecretSample> secretCorpus(quint32 seed);

/// `text` as Claude Code's Read tool shows a file: each line numbered from `firstLine` ("     2→…").
QByteArray lineNumbered(const QByteArray &text, int firstLine = 1);

/// The lines of a secret's body as they would stand in a file (a wrapped key line by line), each from
/// 6 characters: what a leak check looks for where a run-by-run search would be too slow (whole files).
QList<QByteArray> bodyLines(const QByteArray &body);

/// Whether `haystack` holds a run of `length` or more characters of any line of `body`.
bool holdsRunOf(const QByteArray &haystack, const QByteArray &body, int length = 8);

} // namespace engram::test
