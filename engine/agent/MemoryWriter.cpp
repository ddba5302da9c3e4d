#include "agent/MemoryWriter.h"

#include "core/CrashPoint.h"
#include "core/FrontMatter.h"
#include "core/TextAnalysis.h"
#include "core/VaultBoundary.h"
#include "dynamics/MemoryDynamics.h"
#include "hygiene/MemoryComparison.h"
#include "ingest/Tagger.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QRegularExpression>

namespace engram {

namespace {

const QStringList &sources()
{
    static const QStringList list{QStringLiteral("conversation"), QStringLiteral("cron"), QStringLiteral("observation"),
                                  QStringLiteral("inference"), QStringLiteral("external")};
    return list;
}

} // namespace

MemoryWriter::MemoryWriter(Engine &engine) : m_engine(engine) { }

QString MemoryWriter::slugify(const QString &text)
{
    const QString folded = text.normalized(QString::NormalizationForm_KD).toLower();
    QString slug;
    for (const QChar c : folded) {
        if ((c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9')))
            slug += c;
        else if (c.isLetterOrNumber() && c.unicode() > 0x7f && c.category() != QChar::Mark_NonSpacing)
            slug += c; // keep letters of other scripts; they are safe in a file name
        else if (!slug.isEmpty() && !slug.endsWith(QLatin1Char('-')) && c.category() != QChar::Mark_NonSpacing)
            slug += QLatin1Char('-');
    }
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    if (slug.size() > 60) {
        slug.truncate(60);
        const qsizetype cut = slug.lastIndexOf(QLatin1Char('-'));
        if (cut > 30)
            slug.truncate(cut);
    }
    return slug.isEmpty() ? QStringLiteral("memory") : slug;
}

Status MemoryWriter::checkRelativePath(const QString &relativePath)
{
    if (relativePath.trimmed().isEmpty())
        return Error{QStringLiteral("no path given; name a vault-relative file such as memories/episodic/x.md")};
    if (QDir::isAbsolutePath(relativePath) || relativePath.startsWith(QLatin1Char('/'))
        || relativePath.contains(QLatin1Char('\\')))
        return Error{
            QStringLiteral("%1 is not a vault-relative path (use forward slashes, no leading /)").arg(relativePath)};
    const QStringList parts = relativePath.split(QLatin1Char('/'));
    for (const QString &part : parts)
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String("..")
            || part.startsWith(QLatin1Char('.')))
            return Error{QStringLiteral("%1 leaves the vault or names a hidden file; give a plain vault-relative path")
                             .arg(relativePath)};
    return {};
}

Status MemoryWriter::validate(const RememberRequest &r) const
{
    if (!vocabulary::stores().contains(r.store))
        return Error{QStringLiteral("store \"%1\" is not one of %2")
                         .arg(r.store, vocabulary::stores().join(QStringLiteral(", ")))};
    if (!r.category.isEmpty() && !vocabulary::categories().contains(r.category))
        return Error{QStringLiteral("category \"%1\" is not one of %2")
                         .arg(r.category, vocabulary::categories().join(QStringLiteral(", ")))};
    if (r.content.trimmed().isEmpty())
        return Error{QStringLiteral("nothing to remember: the content is empty")};
    if (r.valence && (*r.valence < -1.0 || *r.valence > 1.0))
        return Error{QStringLiteral("valence %1 is outside -1..1").arg(*r.valence)};
    if (r.arousal && (*r.arousal < 0.0 || *r.arousal > 1.0))
        return Error{QStringLiteral("arousal %1 is outside 0..1").arg(*r.arousal)};
    if (r.confidence && (*r.confidence < 0.0 || *r.confidence > 1.0))
        return Error{QStringLiteral("confidence %1 is outside 0..1").arg(*r.confidence)};
    if (!sources().contains(r.source))
        return Error{
            QStringLiteral("source \"%1\" is not one of %2").arg(r.source, sources().join(QStringLiteral(", ")))};
    if (r.title.contains(QLatin1Char('\n')))
        return Error{QStringLiteral("the title must be one line")};
    if (!r.supersedes.isEmpty()) {
        if (Status s = checkRelativePath(r.supersedes); !s)
            return Error{QStringLiteral("supersedes: %1").arg(s.error().message)};
        if (!QFileInfo::exists(QDir(m_engine.vaultPath()).filePath(r.supersedes)))
            return Error{QStringLiteral("supersedes: %1 does not exist in the vault").arg(r.supersedes)};
    }
    return {};
}

Result<QString> MemoryWriter::remember(const RememberRequest &asked, Outcome *outcome)
{
    // What an agent or a paste asks to keep passes the vault's gate before anything is written.
    const RedactionGate &gate = m_engine.redactionGate();
    RememberRequest request = asked;
    request.title = gate.clean(asked.title);
    request.content = gate.clean(asked.content);
    request.tags = gate.clean(asked.tags);
    request.category = gate.clean(asked.category);
    request.project = gate.clean(asked.project);
    if (Status s = validate(request); !s)
        return s.error();
    if (request.supersedes.isEmpty())
        if (const std::optional<Chunk> known = restatedMemory(request.content)) {
            if (Status s = internals(m_engine).dynamics().recordAccess({*known}, QStringLiteral("remember")); !s)
                return s.error();
            if (outcome)
                *outcome = Outcome{0, std::nullopt, known->path};
            return known->path;
        }
    const QDateTime now = m_engine.now();
    QString title = request.title.trimmed();
    if (title.isEmpty()) {
        title = request.content.simplified();
        if (title.size() > 60)
            title = title.left(60).section(QLatin1Char(' '), 0, -2);
    }
    const QString folder = QStringLiteral("memories/") + request.store;
    const VaultBoundary boundary(m_engine.vaultPath());
    if (auto made = boundary.makeFolder(folder); !made)
        return made.error();
    const QString stem = slugify(title);
    QString relative;
    for (int n = 1;; ++n) {
        relative = folder + QLatin1Char('/') + stem + (n > 1 ? QStringLiteral("-%1").arg(n) : QString())
                   + QStringLiteral(".md");
        // A broken link holds a name too: writing to it would write wherever it points.
        if (!boundary.holdsEntry(relative) && !boundary.holdsEntry(archiveFolder() + QLatin1Char('/') + relative))
            break;
    }

    QVariantMap fm;
    fm.insert(QStringLiteral("title"), title);
    fm.insert(QStringLiteral("store"), request.store);
    if (!request.category.isEmpty())
        fm.insert(QStringLiteral("category"), request.category);
    if (!request.tags.isEmpty())
        fm.insert(QStringLiteral("tags"), request.tags);
    if (request.valence)
        fm.insert(QStringLiteral("valence"), *request.valence);
    if (request.arousal)
        fm.insert(QStringLiteral("arousal"), *request.arousal);
    if (request.confidence)
        fm.insert(QStringLiteral("confidence"), *request.confidence);
    fm.insert(QStringLiteral("source"), request.source);
    if (!request.project.isEmpty())
        fm.insert(QStringLiteral("project"), request.project);
    if (!request.supersedes.isEmpty())
        fm.insert(QStringLiteral("supersedes"), request.supersedes);
    fm.insert(QStringLiteral("created"), now.toUTC());
    const QString text =
        FrontMatter::render(fm, {QStringLiteral("title"), QStringLiteral("store"), QStringLiteral("category"),
                                 QStringLiteral("tags"), QStringLiteral("valence"), QStringLiteral("arousal"),
                                 QStringLiteral("confidence"), QStringLiteral("source"), QStringLiteral("project"),
                                 QStringLiteral("supersedes"), QStringLiteral("created")})
        + QLatin1Char('\n') + request.content.trimmed() + QLatin1Char('\n');

    if (Status s = boundary.writeFile(relative, text.toUtf8()); !s)
        return s.error();
    crashPoint("remember:written");

    // The file is the memory; the index is derived. Not indexed now (another process indexes the
    // vault for longer than the wait, the disk is full), it is still kept, and the next run takes it:
    // failing here would have an agent write it again.
    const IndexReport report = m_engine.indexPath(relative);
    saveVectors();
    Outcome done;
    done.chunks = report.chunks;
    if (report.error)
        done.notIndexed = *report.error;
    else if (report.failed > 0 && !report.problems.isEmpty())
        done.notIndexed = Error{report.problems.front().message, relative, report.problems.front().line};
    if (outcome)
        *outcome = done;
    return relative;
}

std::optional<Chunk> MemoryWriter::restatedMemory(const QString &content)
{
    QStringList words;
    for (const QString &w : TextAnalysis::words(content))
        if (!TextAnalysis::isStopWord(w) && !words.contains(w) && words.size() < 16)
            words << w;
    IndexStore &store = internals(m_engine).store();
    auto hits = store.keywordSearch(words, 20, {});
    if (!hits || hits->isEmpty())
        return std::nullopt;
    QList<qint64> ids;
    for (const IndexStore::KeywordHit &hit : *hits)
        ids << hit.id;
    const MemoryProfile mine = MemoryProfile::of(content);
    for (const Chunk &chunk : store.chunks(ids)) {
        const bool standing = chunk.path.startsWith(QLatin1String("memories/"))
                              || chunk.path.startsWith(QLatin1String("notes/"))
                              || chunk.path.startsWith(QLatin1String("consolidated/fact/"));
        if (!standing)
            continue;
        const MemoryProfile theirs = MemoryProfile::of(chunk.text, chunk.speaker);
        const Comparison c = compare(theirs, mine);
        // A memory that holds more than the one it resembles is news, not a restatement: it is written.
        const bool addsNothing = (mine.terms + mine.valueKeys()).size() <= (theirs.terms + theirs.valueKeys()).size();
        if (c.duplicate && addsNothing)
            return chunk;
    }
    return std::nullopt;
}

void MemoryWriter::saveVectors()
{
    // The vector file is a cache of the stored vectors: a save that fails leaves it marked stale and
    // the next opener brings it up to date, so a memory written and indexed does not fail for it.
    (void)m_engine.saveVectors();
}

Status MemoryWriter::moveFile(const QString &from, const QString &to)
{
    return VaultBoundary(m_engine.vaultPath()).move(from, to);
}

Status MemoryWriter::forget(const QString &relativePath, QString *archivedAs)
{
    if (Status s = checkRelativePath(relativePath); !s)
        return s;
    if (relativePath.startsWith(archiveFolder() + QLatin1Char('/')))
        return Error{QStringLiteral("%1 is already forgotten (archived); purge it to delete it").arg(relativePath)};
    const VaultBoundary boundary(m_engine.vaultPath());
    if (auto entry = boundary.resolveEntry(relativePath, VaultBoundary::Act::Move); !entry)
        return entry.error();
    QDir vault(m_engine.vaultPath());
    if (!QFileInfo(vault.filePath(relativePath)).isFile())
        return Error{QStringLiteral("%1 is not a file in the vault").arg(relativePath)};
    QString target = archiveFolder() + QLatin1Char('/') + relativePath;
    const QFileInfo info(target);
    for (int n = 2; boundary.holdsEntry(target); ++n)
        target =
            info.path() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral("-%1.").arg(n) + info.suffix();
    if (Status s = moveFile(relativePath, target); !s)
        return s;
    if (Status s = internals(m_engine).dynamics().record(QJsonObject{{QStringLiteral("type"), QStringLiteral("forget")},
                                                                     {QStringLiteral("path"), relativePath},
                                                                     {QStringLiteral("archive"), target}});
        !s) {
        // Not journaled, so not forgotten: put it back.
        if (Status back = moveFile(target, relativePath); !back)
            return Error{QStringLiteral("%1; and it could not be moved back from %2: %3")
                             .arg(s.error().toString(), target, back.error().toString())};
        return s;
    }
    if (archivedAs)
        *archivedAs = target;
    m_engine.indexPath(relativePath);
    saveVectors();
    return {};
}

Status MemoryWriter::restore(const QString &archivedRelativePath)
{
    if (Status s = checkRelativePath(archivedRelativePath); !s)
        return s;
    const QString prefix = archiveFolder() + QLatin1Char('/');
    if (!archivedRelativePath.startsWith(prefix))
        return Error{
            QStringLiteral("%1 is not in %2/; name the archived file").arg(archivedRelativePath, archiveFolder())};
    const VaultBoundary boundary(m_engine.vaultPath());
    if (auto entry = boundary.resolveEntry(archivedRelativePath, VaultBoundary::Act::Move); !entry)
        return entry.error();
    QDir vault(m_engine.vaultPath());
    if (!QFileInfo(vault.filePath(archivedRelativePath)).isFile())
        return Error{QStringLiteral("%1 is not an archived file").arg(archivedRelativePath)};
    QString original = internals(m_engine).dynamics().originalOfArchived(archivedRelativePath);
    if (original.isEmpty())
        original = archivedRelativePath.mid(prefix.size());
    if (Status s = checkRelativePath(original); !s)
        return Error{
            QStringLiteral("the journal restores %1 to %2: %3").arg(archivedRelativePath, original, s.error().message)};
    if (auto entry = boundary.resolveEntry(original, VaultBoundary::Act::Move); !entry)
        return entry.error();
    if (boundary.holdsEntry(original))
        return Error{QStringLiteral("cannot restore: %1 exists again; move it away first").arg(original)};
    if (Status s = moveFile(archivedRelativePath, original); !s)
        return s;
    if (Status s =
            internals(m_engine).dynamics().record(QJsonObject{{QStringLiteral("type"), QStringLiteral("restore")},
                                                              {QStringLiteral("path"), original},
                                                              {QStringLiteral("archive"), archivedRelativePath}});
        !s)
        return s;
    m_engine.indexPath(original);
    saveVectors();
    return {};
}

Status MemoryWriter::purge(const QString &relativePath)
{
    if (Status s = checkRelativePath(relativePath); !s)
        return s;
    const VaultBoundary boundary(m_engine.vaultPath());
    if (auto entry = boundary.resolveEntry(relativePath, VaultBoundary::Act::Delete); !entry)
        return entry.error();
    const QFileInfo file(QDir(m_engine.vaultPath()).filePath(relativePath));
    const bool brokenLink = file.isSymLink() && !file.exists(); // may be purged: only the link goes
    if (!file.isFile() && !brokenLink)
        return Error{QStringLiteral("%1 is not a file in the vault").arg(relativePath)};
    QString original = relativePath;
    if (relativePath.startsWith(archiveFolder() + QLatin1Char('/'))) {
        original = internals(m_engine).dynamics().originalOfArchived(relativePath);
        if (original.isEmpty())
            original = relativePath.mid(archiveFolder().size() + 1);
    }
    if (Status s = boundary.remove(relativePath); !s)
        return s;
    if (Status s = internals(m_engine).dynamics().record(QJsonObject{{QStringLiteral("type"), QStringLiteral("purge")},
                                                                     {QStringLiteral("path"), original},
                                                                     {QStringLiteral("archive"), relativePath}});
        !s)
        return s;
    m_engine.indexPath(relativePath);
    saveVectors();
    return {};
}

} // namespace engram
