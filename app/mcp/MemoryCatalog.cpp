#include "MemoryCatalog.h"

#include "core/FrontMatter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSet>

namespace engram::mcp {

namespace {

constexpr qint64 kMaxBytes = 512 * 1024;

QStringList listValue(const QVariant &value)
{
    QStringList out;
    if (value.typeId() == QMetaType::QVariantList || value.typeId() == QMetaType::QStringList) {
        for (const QVariant &v : value.toList())
            if (!v.toString().trimmed().isEmpty())
                out << v.toString().trimmed();
    } else if (!value.toString().trimmed().isEmpty()) {
        out << value.toString().trimmed();
    }
    return out;
}

QDateTime dateValue(const QVariant &value)
{
    if (value.typeId() == QMetaType::QDateTime)
        return value.toDateTime();
    if (value.typeId() == QMetaType::QDate)
        return value.toDate().startOfDay();
    QDateTime t = QDateTime::fromString(value.toString(), Qt::ISODate);
    if (!t.isValid())
        t = QDate::fromString(value.toString(), Qt::ISODate).startOfDay();
    return t;
}

QString stem(const QString &path)
{
    QString s = path;
    if (s.endsWith(QLatin1String(".md")))
        s.chop(3);
    return s;
}

} // namespace

MemoryCatalog MemoryCatalog::scan(const QString &vaultPath)
{
    MemoryCatalog catalog;
    const QDir vault(vaultPath);
    QDirIterator it(vaultPath, {QStringLiteral("*.md")}, QDir::Files, QDirIterator::Subdirectories);
    QList<QPair<CatalogEntry, QStringList>> pending; // entry, raw supersedes references
    while (it.hasNext()) {
        const QString absolute = it.next();
        const QString relative = vault.relativeFilePath(absolute);
        bool hidden = false;
        for (const QString &part : relative.split(QLatin1Char('/')))
            hidden = hidden || part.startsWith(QLatin1Char('.'));
        if (hidden || it.fileInfo().size() > kMaxBytes)
            continue;
        QFile file(absolute);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
        auto parsed = FrontMatter::parse(lines);
        CatalogEntry e;
        e.path = relative;
        e.lineCount = int(lines.size());
        if (parsed && parsed->present) {
            const QVariantMap &fm = parsed->values;
            e.title = fm.value(QStringLiteral("title")).toString();
            e.store = fm.value(QStringLiteral("store")).toString();
            e.category = fm.value(QStringLiteral("category")).toString();
            e.created = dateValue(fm.value(QStringLiteral("created"), fm.value(QStringLiteral("date"))));
            e.due = dateValue(fm.value(QStringLiteral("due")));
            e.archived = fm.value(QStringLiteral("archived")).toBool();
            e.derivedFrom = listValue(fm.value(QStringLiteral("derived_from")));
            e.supersededBy = listValue(fm.value(QStringLiteral("superseded_by")));
            pending.append({e, listValue(fm.value(QStringLiteral("supersedes")))});
        } else {
            pending.append({e, {}});
        }
        const int bodyStart = parsed ? parsed->bodyStartLine - 1 : 0;
        QStringList body;
        for (int i = bodyStart; i < lines.size() && body.size() < 12; ++i) {
            const QString line = lines[i].trimmed();
            if (line.isEmpty())
                continue;
            if (pending.last().first.title.isEmpty() && line.startsWith(QLatin1Char('#'))) {
                pending.last().first.title = QString(line).remove(QLatin1Char('#')).trimmed();
                continue;
            }
            body << line;
        }
        pending.last().first.excerpt = body.join(QLatin1Char('\n'));
        if (pending.last().first.title.isEmpty())
            pending.last().first.title = it.fileInfo().completeBaseName();
        if (pending.last().first.store.isEmpty() && relative.startsWith(QLatin1String("memories/")))
            pending.last().first.store = relative.section(QLatin1Char('/'), 1, 1);
    }
    for (const auto &p : pending) {
        catalog.m_byPath.insert(p.first.path, int(catalog.m_entries.size()));
        catalog.m_byStem.insert(stem(p.first.path), p.first.path);
        catalog.m_entries << p.first;
    }
    // Resolve links now that every path is known, and record each supersession on both ends.
    for (int i = 0; i < pending.size(); ++i) {
        CatalogEntry &e = catalog.m_entries[i];
        for (const QString &ref : pending[i].second) {
            const QString target = catalog.resolve(ref);
            e.supersedes << target;
            if (const auto t = catalog.m_byPath.constFind(target); t != catalog.m_byPath.constEnd()) {
                QStringList &back = catalog.m_entries[*t].supersededBy;
                if (!back.contains(e.path))
                    back << e.path;
            }
        }
        for (QString &s : e.supersededBy)
            s = catalog.resolve(s);
        for (QString &d : e.derivedFrom)
            d = catalog.resolve(d);
    }
    return catalog;
}

QString MemoryCatalog::resolve(const QString &reference) const
{
    QString r = QDir::cleanPath(reference);
    if (r.startsWith(QLatin1String("[[")) && r.endsWith(QLatin1String("]]")))
        r = r.mid(2, r.size() - 4);
    if (m_byPath.contains(r))
        return r;
    if (const auto it = m_byStem.constFind(stem(r)); it != m_byStem.constEnd())
        return *it;
    // A bare slug ("use-sqlite"): the one file of that name, if there is exactly one.
    QString found;
    for (const CatalogEntry &e : m_entries)
        if (stem(e.path).section(QLatin1Char('/'), -1) == stem(r)) {
            if (!found.isEmpty())
                return r;
            found = e.path;
        }
    return found.isEmpty() ? r : found;
}

const CatalogEntry *MemoryCatalog::find(const QString &path) const
{
    const auto it = m_byPath.constFind(path);
    return it == m_byPath.constEnd() ? nullptr : &m_entries[*it];
}

QStringList MemoryCatalog::chain(const QString &path) const
{
    QStringList older;
    QSet<QString> seen{path};
    for (const CatalogEntry *e = find(path); e && !e->supersedes.isEmpty();) {
        const QString previous = e->supersedes.constFirst();
        if (seen.contains(previous))
            break;
        seen.insert(previous);
        older.prepend(previous);
        e = find(previous);
    }
    QStringList chain = older;
    chain << path;
    for (const CatalogEntry *e = find(path); e && !e->supersededBy.isEmpty();) {
        const QString next = e->supersededBy.constLast();
        if (seen.contains(next))
            break;
        seen.insert(next);
        chain << next;
        e = find(next);
    }
    return chain;
}

} // namespace engram::mcp
