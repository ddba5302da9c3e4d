// Why the review misses a planted pair: for each pair of bench/hygiene's planted.json (of one kind), which
// step of the finding index drops it — candidate selection (FindingIndex::candidatesOf, replayed here from
// the stored profiles), the coverage bound, or compare()'s rules — with both profiles.
//
//   hygiene_explain --vault DIR [--kind contradiction] [--missed-only]
//
// Run it after hygiene_bench on the same vault (it reads review_profiles and review_findings).
#include "core/Database.h"
#include "hygiene/FindingIndex.h"
#include "hygiene/MemoryComparison.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace engram;

namespace {

struct Entry {
    qint64 chunkId = 0;
    qint64 fileId = 0;
    qint64 time = 0;
    MemoryProfile profile;
    QVector<int> features;
};

bool isConflictSlot(const QString &feature)
{
    return feature.startsWith(QLatin1String("day:")) || feature.startsWith(QLatin1String("month:"))
           || feature.startsWith(QLatin1String("number:"));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("vault"), QStringLiteral("The vault."), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("kind"), QStringLiteral("Planted kind."), QStringLiteral("kind"),
                      QStringLiteral("contradiction")});
    parser.addOption({QStringLiteral("missed-only"), QStringLiteral("Only pairs with no finding.")});
    parser.process(app);
    const QString vault = parser.value(QStringLiteral("vault"));
    Database db;
    if (Status s = db.open(vault + QStringLiteral("/.engram/index.db"), true); !s) {
        std::fprintf(stderr, "%s\n", qPrintable(s.error().toString()));
        return 1;
    }
    QVector<Entry> entries;
    QHash<qint64, int> entryOfChunk;
    QHash<QString, int> featureIds;
    QVector<QString> featureNames;
    QVector<QVector<int>> postings;
    {
        auto s = db.prepare(
            QStringLiteral("SELECT chunk_id, file_id, time, profile FROM review_profiles ORDER BY chunk_id"));
        while (s->next()) {
            Entry e{s->int64(0), s->int64(1), s->int64(2), MemoryProfile::deserialize(s->text(3)), {}};
            const int index = int(entries.size());
            QSet<QString> fs = e.profile.terms | e.profile.valueKeys() | e.profile.subjectKeys();
            for (const QString &f : fs) {
                int id = featureIds.value(f, -1);
                if (id < 0) {
                    id = int(featureNames.size());
                    featureIds.insert(f, id);
                    featureNames << f;
                    postings.append(QVector<int>());
                }
                e.features << id;
                postings[id] << index;
            }
            std::sort(e.features.begin(), e.features.end());
            entryOfChunk.insert(e.chunkId, index);
            entries << e;
        }
    }
    const double n = double(entries.size());
    auto weight = [&](const QString &f) {
        const int id = featureIds.value(f, -1);
        if (id < 0 || postings[id].isEmpty())
            return 1.0;
        return std::log(1.0 + (n + 1) / double(postings[id].size()));
    };
    QVector<double> score(entries.size(), 0.0);
    auto candidatesOf = [&](int index) {
        const Entry &entry = entries[index];
        QVector<int> probe;
        for (int f : entry.features)
            if (!isConflictSlot(featureNames[f]))
                probe << f;
        std::sort(probe.begin(), probe.end(), [&](int a, int b) { return postings[a].size() < postings[b].size(); });
        probe.resize(qMin<qsizetype>(probe.size(), FindingIndex::kProbeFeatures));
        const qsizetype cap = qMax<qsizetype>(400, entries.size() / 50);
        QVector<int> touched;
        for (int f : probe) {
            const QVector<int> &list = postings[f];
            if (list.size() > cap)
                continue;
            const double idf = std::log(1.0 + (n + 1) / double(list.size()));
            for (int other : list) {
                if (other == index || entries[other].fileId == entry.fileId)
                    continue;
                if (score[other] == 0.0)
                    touched << other;
                score[other] += idf;
            }
        }
        auto better = [&](int a, int b) { return score[a] != score[b] ? score[a] > score[b] : a < b; };
        std::sort(touched.begin(), touched.end(), better);
        QVector<int> out = touched;
        for (int t : std::as_const(touched))
            score[t] = 0.0;
        return out;
    };
    auto chunksOf = [&](const QString &path, int line) {
        QList<qint64> out;
        auto s = db.prepare(QStringLiteral("SELECT c.id, c.start_line, c.end_line FROM chunks c JOIN files f ON "
                                           "f.id = c.file_id WHERE f.path = ?"));
        s->bind(1, path);
        while (s->next())
            if (line <= 0 || (s->int64(1) <= line && line <= s->int64(2)))
                out << s->int64(0);
        return out;
    };
    QHash<QPair<qint64, qint64>, QString> stored;
    {
        auto s = db.prepare(QStringLiteral("SELECT older, newer, kind FROM review_findings"));
        while (s->next()) {
            stored.insert({s->int64(0), s->int64(1)}, s->text(2));
            stored.insert({s->int64(1), s->int64(0)}, s->text(2));
        }
    }
    QFile file(vault + QStringLiteral("/planted.json"));
    if (!file.open(QIODevice::ReadOnly))
        return 1;
    const QJsonArray pairs = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("pairs")).toArray();
    const QString kind = parser.value(QStringLiteral("kind"));
    QHash<QString, int> tally;
    for (const QJsonValue &v : pairs) {
        const QJsonObject p = v.toObject();
        if (p.value(QStringLiteral("kind")).toString() != kind)
            continue;
        const QString form = p.value(QStringLiteral("form")).toString();
        const QList<qint64> as =
            chunksOf(p.value(QStringLiteral("a")).toString(), p.value(QStringLiteral("a_line")).toInt());
        const QList<qint64> bs =
            chunksOf(p.value(QStringLiteral("b")).toString(), p.value(QStringLiteral("b_line")).toInt());
        QString verdict = QStringLiteral("no-profile");
        QString detail;
        for (qint64 ca : as)
            for (qint64 cb : bs) {
                if (!entryOfChunk.contains(ca) || !entryOfChunk.contains(cb))
                    continue;
                const int ia = entryOfChunk[ca], ib = entryOfChunk[cb];
                const QString st = stored.value({ca, cb});
                const QVector<int> candA = candidatesOf(ia), candB = candidatesOf(ib);
                const int rankAB = int(candA.indexOf(ib)), rankBA = int(candB.indexOf(ia));
                const int later = qMax(ia, ib);
                const int rankLater = later == ia ? rankAB : rankBA;
                const Entry &a = entries[ia], &b = entries[ib];
                const bool aOlder = a.time != b.time ? a.time < b.time : a.chunkId < b.chunkId;
                const Entry &older = aOlder ? a : b, &newer = aOlder ? b : a;
                const Comparison c = compare(older.profile, newer.profile, weight);
                QString step;
                if (!st.isEmpty())
                    step = QStringLiteral("stored-") + st;
                else if (rankLater < 0 || rankLater >= FindingIndex::kCandidates)
                    step = QStringLiteral("not-candidate");
                else
                    step = QStringLiteral("compared-nothing");
                detail +=
                    QStringLiteral("  rank(later picks earlier)=%1 rank(a->b)=%2 rank(b->a)=%3 compare: %4 %5 sim=%6\n")
                        .arg(rankLater)
                        .arg(rankAB)
                        .arg(rankBA)
                        .arg(c.duplicate       ? QStringLiteral("dup")
                             : c.contradiction ? QStringLiteral("contr")
                             : c.related       ? QStringLiteral("related")
                                               : QStringLiteral("none"),
                             c.reason)
                        .arg(c.similarity, 0, 'f', 2);
                detail += QStringLiteral("  older: %1\n  newer: %2\n")
                              .arg(older.profile.serialize(), newer.profile.serialize());
                verdict = step;
            }
        ++tally[form + QStringLiteral(" ") + verdict];
        if (parser.isSet(QStringLiteral("missed-only")) && verdict.startsWith(QLatin1String("stored-contradiction")))
            continue;
        std::printf("%s %s %s\n  A: %s\n  B: %s\n%s\n", qPrintable(p.value(QStringLiteral("id")).toString()),
                    qPrintable(form), qPrintable(verdict), qPrintable(p.value(QStringLiteral("a_text")).toString()),
                    qPrintable(p.value(QStringLiteral("b_text")).toString()), qPrintable(detail));
    }
    QStringList keys = tally.keys();
    keys.sort();
    for (const QString &k : keys)
        std::printf("%-50s %d\n", qPrintable(k), tally[k]);
    return 0;
}
