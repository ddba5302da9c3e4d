#include "MemoryCatalog.h"

#include "IndexStore.h"

namespace engram {

Result<QList<MemoryRow>> MemoryCatalog::rows()
{
    auto statement = m_store.database().prepare(QStringLiteral(
        "SELECT c.id, f.path, c.title, c.heading, c.region, c.store, c.layer, c.category, c.start_line, c.end_line, "
        "c.tokens, c.time FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY c.file_id, c.ordinal"));
    if (!statement)
        return statement.error();
    QList<MemoryRow> out;
    while (statement->next()) {
        MemoryRow row;
        row.id = statement->int64(0);
        row.path = statement->text(1);
        row.title = statement->text(2);
        row.heading = statement->text(3);
        row.region = statement->text(4);
        row.store = statement->text(5);
        row.layer = statement->text(6);
        row.category = statement->text(7);
        row.startLine = statement->integer(8);
        row.endLine = statement->integer(9);
        row.tokens = statement->integer(10);
        if (!statement->isNull(11))
            row.time = QDateTime::fromSecsSinceEpoch(statement->int64(11));
        out << row;
    }
    return out;
}

} // namespace engram
