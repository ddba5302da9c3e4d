// The memory side of the sleep pass: sensory clustering and promotion.
#include "consolidation/ConsolidatorRun.h"
#include "core/FrontMatter.h"
#include "core/TextAnalysis.h"
#include "dynamics/JournalReplayer.h"
#include "dynamics/MemoryDynamics.h"
#include "index/Embedder.h"
#include "vault/EngineInternals.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>

#include <cmath>
#include <functional>
#include <numeric>

namespace engram {

namespace {

struct Memory {
    QString path;
    QString content;
    QVariantMap frontMatter;
    QList<Chunk> chunks;
};

/// Memory files of one store (by their chunks' store tag), with their front matter.
QList<Memory> memoriesOfStore(Engine &engine, const std::function<QString(const QString &)> &read, const QString &store)
{
    QList<Memory> out;
    QStringList paths = internals(engine).store().files().keys();
    std::sort(paths.begin(), paths.end());
    for (const QString &path : std::as_const(paths)) {
        if (path.startsWith(QLatin1String("consolidated/")) || path.startsWith(QLatin1String("sessions/"))
            || path.startsWith(QLatin1String("state/")))
            continue;
        Memory m;
        m.chunks = internals(engine).store().chunksOfFile(path);
        if (m.chunks.isEmpty() || m.chunks.first().tags.store.value != store)
            continue;
        m.path = path;
        m.content = read(path);
        auto fm = FrontMatter::parse(m.content.split(QLatin1Char('\n')));
        if (!fm)
            continue; // the indexer already reports a broken front matter; leave the file alone
        m.frontMatter = fm->values;
        out << m;
    }
    return out;
}

double cosine(const Vector &a, const Vector &b)
{
    double dot = 0.0, na = 0.0, nb = 0.0;
    for (qsizetype i = 0; i < qMin(a.size(), b.size()); ++i) {
        dot += double(a[i]) * b[i];
        na += double(a[i]) * a[i];
        nb += double(b[i]) * b[i];
    }
    return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0.0;
}

int findRoot(QList<int> &parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

} // namespace

Status Consolidator::Run::clusterSensory()
{
    QList<Memory> members;
    for (Memory &m : memoriesOfStore(
             engine, [this](const QString &p) { return read(p); }, QStringLiteral("sensory")))
        if (!m.frontMatter.contains(QStringLiteral("consolidated_into")))
            members << m;
    if (members.size() < 2)
        return {};
    QStringList texts;
    for (const Memory &m : std::as_const(members)) {
        QStringList parts;
        for (const Chunk &c : m.chunks)
            parts << c.text;
        texts << parts.join(QLatin1Char('\n'));
    }
    auto vectors = internals(engine).embedder().embed(texts);
    if (!vectors)
        return vectors.error();

    const double threshold = engine.config().consolidation.clusterThreshold;
    QList<int> parent(members.size());
    std::iota(parent.begin(), parent.end(), 0);
    for (int i = 0; i < members.size(); ++i)
        for (int j = i + 1; j < members.size(); ++j)
            if (cosine(vectors->at(i), vectors->at(j)) > threshold)
                parent[findRoot(parent, j)] = findRoot(parent, i);
    QMap<int, QList<int>> clusters;
    for (int i = 0; i < members.size(); ++i)
        clusters[findRoot(parent, i)] << i;

    for (const QList<int> &cluster : std::as_const(clusters)) {
        if (cluster.size() < 2)
            continue;
        DigestFile d;
        QStringList memberPaths;
        QByteArray hash;
        for (int i : cluster) {
            const Memory &m = members[i];
            memberPaths << m.path;
            hash += m.path.toUtf8() + m.content.toUtf8();
            const SourceRange range{m.path, m.chunks.first().startLine, m.chunks.last().endLine};
            d.derivedFrom << range;
            d.items << DigestItem{texts[i], {range}, 0, {}};
            d.tokensIn += TextAnalysis::estimateTokens(texts[i]);
        }
        const QString path = QStringLiteral("memories/episodic/cluster-%1.md")
                                 .arg(sha1Hex(memberPaths.join(QLatin1Char('\n')).toUtf8()).left(10));
        d.extra.insert(QStringLiteral("store"), QStringLiteral("episodic"));
        d.extra.insert(QStringLiteral("title"), QStringLiteral("Cluster of %1 sensory memories").arg(cluster.size()));
        d.created = now;
        d.consolidatedAt = now;
        d.method = QStringLiteral("cluster:cosine>%1").arg(threshold);
        d.sourcesHash = sha1Hex(hash);
        d.heading = QStringLiteral("%1 similar sensory memories").arg(cluster.size());
        d.tokensOut = d.bodyTokens();
        if (Status s = write(path, d.render()); !s)
            return s;
        report.memories << MemoryAction{QStringLiteral("cluster"), path, memberPaths.join(QStringLiteral(", "))};
        for (int i : cluster) {
            const Memory &m = members[i];
            const QString updated = withFrontMatterKey(m.content, QStringLiteral("consolidated_into"), path);
            if (updated == m.content)
                continue; // unterminated front matter: never rewrite what we cannot read
            if (Status s = write(m.path, updated); !s)
                return s;
            report.memories << MemoryAction{QStringLiteral("consolidated_into"), m.path, path};
        }
    }
    return {};
}

Status Consolidator::Run::promoteEpisodic()
{
    const ConsolidationSettings &settings = engine.config().consolidation;
    const QHash<QString, int> counts = access.countsByPath(engine.vaultPath());
    for (const Memory &m : memoriesOfStore(
             engine, [this](const QString &p) { return read(p); }, QStringLiteral("episodic"))) {
        if (!m.path.startsWith(QLatin1String("memories/")))
            continue; // transcripts stay episodic: only memories are promoted
        bool ok = false;
        double confidence = m.frontMatter.value(QStringLiteral("confidence")).toDouble(&ok);
        if (!ok)
            confidence = 0.5; // what `remember` assumes when nothing is said
        const int recalled = counts.value(m.path);
        if (recalled < settings.promoteAccessCount || confidence < settings.promoteConfidence)
            continue;
        QString updated = withFrontMatterKey(m.content, QStringLiteral("store"), QStringLiteral("semantic"));
        updated = withFrontMatterKey(updated, QStringLiteral("promoted"), now.toUTC().toString(Qt::ISODate));
        if (Status s = write(m.path, updated); !s)
            return s;
        report.memories << MemoryAction{
            QStringLiteral("promote"), m.path,
            QStringLiteral("episodic → semantic (recalled %1×, confidence %2)").arg(recalled).arg(confidence)};
        if (options.dryRun)
            continue;
        // Through the dynamics' own writer: one journal format, replayed like every other event.
        QJsonArray keys;
        for (const Chunk &chunk : m.chunks)
            keys.append(MemoryDynamics::chunkKey(chunk.path, chunk.ordinal));
        if (Status s =
                internals(engine).dynamics().record(QJsonObject{{QStringLiteral("type"), QStringLiteral("promote")},
                                                                {QStringLiteral("t"), JournalReplayer::iso(now)},
                                                                {QStringLiteral("path"), m.path},
                                                                {QStringLiteral("keys"), keys},
                                                                {QStringLiteral("from"), QStringLiteral("episodic")},
                                                                {QStringLiteral("to"), QStringLiteral("semantic")}});
            !s)
            return s;
    }
    return {};
}

} // namespace engram
