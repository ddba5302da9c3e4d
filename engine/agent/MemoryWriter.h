#pragma once

#include "core/Result.h"
#include "ingest/Chunk.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace engram {

class Engine;

/// What `remember` writes: one memory, as a Markdown file with front matter.
struct RememberRequest {
    QString store = QStringLiteral("episodic"); ///< sensory|episodic|semantic|procedural|prospective
    QString category;                           ///< decision|lesson|person|rule|event|fact|goal|workflow (optional)
    QString title;
    QString content;
    QStringList tags;
    std::optional<double> valence, arousal, confidence;
    QString source = QStringLiteral("conversation"); ///< conversation|cron|observation|inference|external
    QString project;
    QString supersedes; ///< vault-relative path of a memory this one replaces (optional)
};

/// Writes canonical memory files, then indexes them (dual write: the file
/// first, so the vault is always the truth). `remember` never overwrites: a
/// taken name gets -2, -3 …; names are slugs and cannot leave the vault.
/// `forget` moves a file into `archive/` inside the vault (not indexed) and
/// journals it, so `restore` can bring it back; `purge` deletes for good.
/// Every write, move and delete goes through VaultBoundary: nothing outside
/// the vault is touched, and a link is moved or deleted as a link.
class MemoryWriter {
public:
    explicit MemoryWriter(Engine &engine);

    /// What became of a memory after its file was written.
    struct Outcome {
        qint64 chunks = 0; ///< indexed from it
        /// Why it is not searchable yet (another process held the index past the wait, the disk is
        /// full): the file is written, so the memory is kept and the next index run takes it.
        std::optional<Error> notIndexed;
        /// The memory this one restates (hygiene/MemoryComparison calls them duplicates): nothing was
        /// written, that memory was reinforced (an access), and remember() returned its path.
        QString restates;
    };

    /// Writes and indexes the memory; returns the vault-relative path written. It fails only when
    /// nothing was written: a memory whose file is written but not indexed is kept, and says why in
    /// `outcome` (when given). A restatement of a memory the vault already holds (in memories/, notes/
    /// or a consolidated fact) writes nothing: the existing memory is reinforced and its path returned
    /// (`outcome.restates`). A request that names what it `supersedes` is always written.
    Result<QString> remember(const RememberRequest &request, Outcome *outcome = nullptr);
    /// Moves the file to `archive/<path>` (`-2`, `-3` … when taken); journaled, restorable. `archivedAs`
    /// (when given) receives the archive path.
    Status forget(const QString &relativePath, QString *archivedAs = nullptr);
    /// Moves an archived file (`archive/…`) back where it was.
    Status restore(const QString &archivedRelativePath);
    /// Deletes a file (live or archived) for good. The caller confirms first.
    Status purge(const QString &relativePath);

    /// A safe file name stem: lower-case letters, digits and hyphens, at most 60 characters.
    static QString slugify(const QString &text);
    /// Checks that `relativePath` names a place inside the vault (no `..`, not absolute, no hidden parts).
    static Status checkRelativePath(const QString &relativePath);
    static QString archiveFolder() { return QStringLiteral("archive"); }

private:
    Status validate(const RememberRequest &request) const;
    /// The standing memory `content` restates, if the index holds one.
    std::optional<Chunk> restatedMemory(const QString &content);
    Status moveFile(const QString &from, const QString &to);
    void saveVectors();

    Engine &m_engine;
};

} // namespace engram
