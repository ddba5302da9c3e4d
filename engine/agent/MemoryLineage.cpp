#include "agent/MemoryLineage.h"

#include "core/FrontMatter.h"
#include "dynamics/MemoryDynamics.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace engram {

namespace {

QStringList listValue(const QJsonValue &value)
{
    QStringList out;
    if (value.isArray()) {
        for (const QJsonValue &v : value.toArray())
            out << v.toString().trimmed();
    } else {
        out << value.toString().trimmed();
    }
    out.removeAll(QString());
    return out;
}

bool truthy(const QJsonValue &value)
{
    if (value.isBool())
        return value.toBool();
    const QString text = value.toString().trimmed().toLower();
    return text == QLatin1String("true") || text == QLatin1String("yes");
}

} // namespace

QString MemoryLineage::resolve(const QString &reference)
{
    QString r = reference;
    if (r.startsWith(QLatin1String("wiki:")))
        return r.mid(5); // a name no indexed file answers to: shown as written
    r = QDir::cleanPath(r);
    IndexStore &store = internals(m_engine).store();
    if (!r.endsWith(QLatin1String(".md")) && !store.file(r) && store.file(r + QStringLiteral(".md")))
        return r + QStringLiteral(".md");
    return r;
}

MemoryFileFacts MemoryLineage::facts(const QString &path)
{
    if (const auto it = m_facts.constFind(path); it != m_facts.constEnd())
        return *it;
    MemoryFileFacts f;
    f.path = path;
    QStringList statedSuccessors;
    if (auto s = internals(m_engine).store().database().cached(
            QStringLiteral("SELECT front_matter FROM files WHERE path = ?"));
        s) {
        s->bind(1, path);
        if (s->next()) {
            f.indexed = true;
            const QJsonObject fm = QJsonDocument::fromJson(s->text(0).toUtf8()).object();
            f.category = fm.value(QStringLiteral("category")).toString();
            f.created = FrontMatter::date(fm.contains(QStringLiteral("created"))
                                              ? fm.value(QStringLiteral("created")).toVariant()
                                              : fm.value(QStringLiteral("date")).toVariant());
            f.due = FrontMatter::date(fm.value(QStringLiteral("due")).toVariant());
            f.archived = truthy(fm.value(QStringLiteral("archived")));
            statedSuccessors = listValue(fm.value(QStringLiteral("superseded_by")));
        }
        s->reset();
    }
    // File-level edges only (ordinal 0 adds the first chunk's, which states none of these): the
    // whole-file form also matches every chunk key by LIKE, a scan of the edge table. A reference
    // written without ".md" (`supersedes: memories/semantic/x`) is stored as written.
    QList<MemoryEdge> edges = internals(m_engine).dynamics().edges(path, 0);
    if (path.endsWith(QLatin1String(".md")))
        edges += internals(m_engine).dynamics().edges(path.chopped(3), 0);
    for (const MemoryEdge &e : std::as_const(edges)) {
        const bool supersedes = e.type == QLatin1String("supersedes");
        if (!supersedes && e.type != QLatin1String("derived_from"))
            continue;
        const QString from = MemoryDynamics::pathOfKey(e.from);
        const QString to = resolve(e.to);
        if (from == path && to != path) {
            QStringList &list = supersedes ? f.supersedes : f.derivedFrom;
            if (!list.contains(to))
                list << to;
        } else if (supersedes && to == path && from != path && !f.supersededBy.contains(from)) {
            f.supersededBy << from;
        }
    }
    for (const QString &s : std::as_const(statedSuccessors))
        if (const QString successor = resolve(s); !f.supersededBy.contains(successor))
            f.supersededBy << successor;
    m_facts.insert(path, f);
    return f;
}

QStringList MemoryLineage::chain(const QString &path)
{
    QStringList older;
    QSet<QString> seen{path};
    for (QString at = path;;) {
        const QStringList previous = facts(at).supersedes;
        if (previous.isEmpty() || seen.contains(previous.constFirst()))
            break;
        at = previous.constFirst();
        seen.insert(at);
        older.prepend(at);
    }
    QStringList chain = older;
    chain << path;
    for (QString at = path;;) {
        const QStringList next = facts(at).supersededBy;
        if (next.isEmpty() || seen.contains(next.constLast()))
            break;
        at = next.constLast();
        seen.insert(at);
        chain << at;
    }
    return chain;
}

} // namespace engram
