#include "index/MemoryCatalog.h"

#include "index/IndexStore.h"

#include <QSet>

namespace engram {

namespace {

const QString kColumns = QStringLiteral(
    "SELECT c.id, f.path, c.title, c.heading, c.region, c.store, c.layer, c.category, c.start_line, c.end_line, "
    // A conversation (an agent's log, a Markdown transcript) is one session of turns; a turn is shown
    // by its first words. Notes are not, so 100k note rows carry no text.
    "c.tokens, c.time, f.kind IN ('agent-log', 'transcript'), "
    "CASE WHEN f.kind IN ('agent-log', 'transcript') THEN substr(c.text, 1, 160) ELSE '' END, "
    "CASE WHEN f.kind IN ('agent-log', 'transcript') THEN c.speaker ELSE '' END "
    "FROM chunks c JOIN files f ON f.id = c.file_id ");

} // namespace

/// Reads rows of kColumns. Rows of one file share its path and title, and tags
/// take a handful of values: sharing those strings (implicitly) saves most
/// allocations, so a 100k-row catalog is quick to build, hand over and free.
class MemoryCatalog::RowReader {
public:
    /// `part`: called with `out` whenever it holds `partSize` rows or more and the next row starts
    /// another file (out is emptied after).
    void read(Statement &statement, QList<MemoryRow> &out, qsizetype partSize = 0,
              const std::function<void(const QList<MemoryRow> &)> &part = {});

private:
    QString shared(const QString &value)
    {
        const auto it = m_tagValues.constFind(value);
        return it != m_tagValues.constEnd() ? *it : *m_tagValues.insert(value);
    }

    QSet<QString> m_tagValues;
};

Result<QList<MemoryRow>> MemoryCatalog::rows()
{
    auto statement = m_store.database().prepare(kColumns + QStringLiteral("ORDER BY c.file_id, c.ordinal"));
    if (!statement)
        return statement.error();
    QList<MemoryRow> out;
    RowReader().read(*statement, out);
    return out;
}

Status MemoryCatalog::rows(qsizetype partSize, const std::function<void(const QList<MemoryRow> &)> &part)
{
    auto statement = m_store.database().prepare(kColumns + QStringLiteral("ORDER BY c.file_id, c.ordinal"));
    if (!statement)
        return statement.error();
    QList<MemoryRow> out;
    RowReader().read(*statement, out, partSize, part);
    part(out); // the last part, empty for an empty index
    return {};
}

Result<QList<MemoryRow>> MemoryCatalog::rows(const QStringList &paths)
{
    QList<MemoryRow> out;
    RowReader reader;
    for (const QString &path : paths) {
        auto statement = m_store.database().cached(kColumns + QStringLiteral("WHERE f.path = ? ORDER BY c.ordinal"));
        if (!statement)
            return statement.error();
        statement->bind(1, path);
        reader.read(*statement, out);
    }
    return out;
}

void MemoryCatalog::RowReader::read(Statement &statement, QList<MemoryRow> &out, qsizetype partSize,
                                    const std::function<void(const QList<MemoryRow> &)> &part)
{
    while (statement.next()) {
        MemoryRow row;
        row.id = statement.int64(0);
        const QString path = statement.text(1);
        if (part && out.size() >= partSize && out.constLast().path != path) {
            part(out);
            out.clear();
        }
        const bool sameFile = !out.isEmpty() && out.constLast().path == path;
        row.path = sameFile ? out.constLast().path : path;
        const QString title = statement.text(2);
        row.title = sameFile && out.constLast().title == title ? out.constLast().title : title;
        row.heading = statement.text(3);
        row.region = shared(statement.text(4));
        row.store = shared(statement.text(5));
        row.layer = shared(statement.text(6));
        row.category = shared(statement.text(7));
        row.startLine = statement.integer(8);
        row.endLine = statement.integer(9);
        row.tokens = statement.integer(10);
        if (!statement.isNull(11))
            row.time = QDateTime::fromSecsSinceEpoch(statement.int64(11), Qt::UTC);
        row.session = statement.integer(12) != 0;
        row.excerpt = statement.text(13);
        row.speaker = shared(statement.text(14));
        out << row;
    }
}

} // namespace engram
