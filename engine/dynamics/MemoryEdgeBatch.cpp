// MemoryDynamics::edgesOfMany: the edges of many nodes at once, for the graph walk of a recall;
// MemoryDynamics::allEdges: every edge, for the association graph's overview.
#include "dynamics/DecayPolicy.h"
#include "dynamics/JournalReplayer.h"
#include "dynamics/MemoryDynamics.h"
#include "index/IndexStore.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace engram {

QHash<QString, QList<MemoryEdge>> MemoryDynamics::edgesOfMany(const QStringList &keys, const QDateTime &at, int limit)
{
    // For each key the same list as edgesOf(key, at, false), cut to `limit`, from two queries
    // for the whole frontier instead of two to four per node (a deep recall walked up to 128
    // nodes: at 100k chunks that was two thirds of it). One query returns every edge in the
    // order edgesOf sorts by, so each key's share of it comes out in that order too.
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    Database &db = m_store.database();
    QHash<QString, QList<MemoryEdge>> out;
    if (keys.isEmpty() || limit <= 0)
        return out;

    // A file is also reached through the wiki links that name it; a file of a project is
    // related to the project's other files.
    QHash<QString, QStringList> targetsOf; // key -> its other names ("wiki:…")
    QHash<QString, QString> projectOf;
    QStringList files;
    for (const QString &key : keys)
        if (pathOfKey(key) == key)
            files << key;
    if (!files.isEmpty()) {
        auto f = db.cached(QStringLiteral("SELECT path, link_name, title_key, project FROM dyn_facts "
                                          "WHERE path IN (SELECT value FROM json_each(?))"));
        if (f) {
            f->bind(1, sqlList(files));
            while (f->next()) {
                QStringList &names = targetsOf[f->text(0)];
                names << QStringLiteral("wiki:") + f->text(1);
                if (!f->text(2).isEmpty())
                    names << QStringLiteral("wiki:") + f->text(2);
                projectOf.insert(f->text(0), f->text(3));
            }
        }
    }
    QHash<QString, QStringList> keysNamed; // a name an edge may end at -> the keys it stands for
    for (const QString &key : keys) {
        keysNamed[key] << key;
        for (const QString &name : targetsOf.value(key))
            if (!keysNamed[name].contains(key))
                keysNamed[name] << key;
    }

    auto s = db.cached(
        QStringLiteral("SELECT src, dst, type, origin, weight, count, updated FROM dyn_edges "
                       "WHERE src IN (SELECT value FROM json_each(?1)) OR dst IN (SELECT value FROM json_each(?2)) "
                       "ORDER BY weight DESC, src, dst, type"));
    auto resolve = db.cached(
        QStringLiteral("SELECT path FROM dyn_facts WHERE link_name = ?1 OR title_key = ?1 ORDER BY path LIMIT 1"));
    if (!s)
        return out;
    s->bind(1, sqlList(keys)).bind(2, sqlList(keysNamed.keys()));

    constexpr int kRowsPerKey = 500; // edgesOf's LIMIT
    QHash<QString, int> rowsSeen;
    QHash<QString, QString> resolved;
    const QSet<QString> keySet(keys.cbegin(), keys.cend());
    while (s->next()) {
        const QString src = s->text(0);
        const QString dst = s->text(1);
        QStringList owners;
        if (keySet.contains(src))
            owners << src;
        for (const QString &key : keysNamed.value(dst))
            if (!owners.contains(key))
                owners << key;
        MemoryEdge e{src, dst, s->text(2), s->real(4), s->integer(5), JournalReplayer::fromMs(*s, 6), s->text(3)};
        if (e.type == QLatin1String("co_activated"))
            e.weight = DecayPolicy::coactivationAt(e.weight, e.updated, t);
        if (e.to.startsWith(QLatin1String("wiki:")) && resolve) {
            const auto known = resolved.constFind(e.to);
            if (known != resolved.constEnd()) {
                e.to = *known;
            } else {
                QString path = e.to;
                resolve->bind(1, e.to.mid(5));
                if (resolve->next())
                    path = resolve->text(0);
                resolve->reset();
                resolved.insert(e.to, path);
                e.to = path;
            }
        }
        for (const QString &key : std::as_const(owners)) {
            if (++rowsSeen[key] > kRowsPerKey)
                continue;
            QList<MemoryEdge> &list = out[key];
            if (e.from != e.to && list.size() < limit)
                list << e;
        }
    }
    for (auto it = projectOf.cbegin(); it != projectOf.cend(); ++it) {
        QList<MemoryEdge> &list = out[it.key()];
        if (it.value().isEmpty() || list.size() >= limit)
            continue;
        auto p = db.cached(
            QStringLiteral("SELECT path FROM dyn_facts WHERE project = ? AND path <> ? ORDER BY path LIMIT 24"));
        if (!p)
            break;
        p->bind(1, it.value()).bind(2, it.key());
        while (p->next() && list.size() < limit)
            list << MemoryEdge{it.key(), p->text(0), QStringLiteral("related"), 0.3, 0, {}, QStringLiteral("project")};
    }
    return out;
}

QList<MemoryEdge> MemoryDynamics::allEdges(const QDateTime &at)
{
    // What edges() of every file would list, in two queries: edges() asks the table once per
    // file (with a LIKE on both ends, a scan each), which capped the graph at 4,000 memories.
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    Database &db = m_store.database();
    QList<MemoryEdge> out;
    QHash<QString, QString> pathNamed; // "wiki:name" -> the first file (by path) of that link name or title
    QList<QPair<QString, QString>> projectAndPath;
    if (auto f = db.cached(QStringLiteral("SELECT path, link_name, title_key, project FROM dyn_facts ORDER BY path"));
        f) {
        while (f->next()) {
            const QString path = f->text(0);
            for (int column : {1, 2})
                if (const QString name = f->text(column); !name.isEmpty())
                    pathNamed.insert(QStringLiteral("wiki:") + name,
                                     pathNamed.value(QStringLiteral("wiki:") + name, path));
            if (!f->text(3).isEmpty())
                projectAndPath << qMakePair(f->text(3), path);
        }
    }
    if (auto s = db.cached(QStringLiteral("SELECT src, dst, type, origin, weight, count, updated FROM dyn_edges "
                                          "ORDER BY src, dst, type, origin"));
        s) {
        while (s->next()) {
            MemoryEdge e{s->text(0), s->text(1), s->text(2), s->real(4), s->integer(5), JournalReplayer::fromMs(*s, 6),
                         s->text(3)};
            if (e.type == QLatin1String("co_activated"))
                e.weight = DecayPolicy::coactivationAt(e.weight, e.updated, t);
            if (e.to.startsWith(QLatin1String("wiki:")))
                e.to = pathNamed.value(e.to, e.to);
            if (e.from != e.to)
                out << e;
        }
    }
    // A file of a project is related to the project's first 24 other files by path, as edges() says.
    std::sort(projectAndPath.begin(), projectAndPath.end());
    for (qsizetype first = 0; first < projectAndPath.size();) {
        qsizetype end = first;
        while (end < projectAndPath.size() && projectAndPath.at(end).first == projectAndPath.at(first).first)
            ++end;
        for (qsizetype i = first; i < end; ++i) {
            int mates = 0;
            for (qsizetype j = first; j < end && mates < 24; ++j) {
                if (j == i)
                    continue;
                out << MemoryEdge{
                    projectAndPath.at(i).second, projectAndPath.at(j).second, QStringLiteral("related"), 0.3, 0, {},
                    QStringLiteral("project")};
                ++mates;
            }
        }
        first = end;
    }
    return out;
}

} // namespace engram
