// Why the review misses a planted pair: for each pair of bench/hygiene's planted.json (of one kind), which
// step of the finding index drops it — candidate selection (FindingIndex::candidateChunksOf), the coverage
// bound, or compare()'s rules — with both profiles.
//
//   hygiene_explain --vault DIR [--kind contradiction] [--missed-only]
//   hygiene_explain --pairs FILE     (FILE or - : one pair a line, "older<TAB>newer", each a standing written fact;
//                                     prints how compare() reads them and both profiles, no vault needed)
//
// Run it after hygiene_bench on the same vault (it reads review_profiles and review_findings; its update() of the
// finding index finds nothing new to compare).
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

#include <cstdio>

using namespace engram;

namespace {

struct Entry {
    qint64 chunkId = 0;
    qint64 time = 0;
    MemoryProfile profile;
};

QString verdictOf(const Comparison &c)
{
    return c.duplicate       ? QStringLiteral("dup")
           : c.contradiction ? QStringLiteral("contr")
           : c.related       ? QStringLiteral("related")
                             : QStringLiteral("none");
}

/// The reading of pairs of texts typed by hand: what a rule makes of a sentence, before it is planted in a vault.
int explainPairs(const QString &path)
{
    QFile file;
    const bool opened = path == QLatin1String("-") ? file.open(stdin, QIODevice::ReadOnly)
                                                   : (file.setFileName(path), file.open(QIODevice::ReadOnly));
    if (!opened) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        return 1;
    }
    int line = 0;
    QList<QPair<MemoryProfile, MemoryProfile>> pairs;
    QHash<QString, int> leadCount; // the file's texts are the vault a name is led with in
    while (!file.atEnd()) {
        ++line;
        const QString text = QString::fromUtf8(file.readLine()).trimmed();
        if (text.isEmpty() || text.startsWith(QLatin1Char('#')))
            continue;
        const QStringList two = text.split(QLatin1Char('\t'));
        if (two.size() != 2) {
            std::fprintf(stderr, "%s:%d: not \"older<TAB>newer\"\n", qPrintable(path), line);
            return 1;
        }
        MemoryProfile older = MemoryProfile::of(two[0]), newer = MemoryProfile::of(two[1]);
        older.standing = newer.standing = true;
        for (const MemoryProfile *p : {&older, &newer})
            if (!p->lead.isEmpty())
                ++leadCount[p->lead];
        pairs.append({older, newer});
    }
    const auto leads = [&](const QString &name) { return leadCount.value(name); };
    for (const auto &[older, newer] : std::as_const(pairs)) {
        const Comparison c = compare(older, newer, {}, leads);
        std::printf("%s %s sim=%.2f\n  older: %s\n  newer: %s\n", qPrintable(verdictOf(c)), qPrintable(c.reason),
                    c.similarity, qPrintable(older.serialize()), qPrintable(newer.serialize()));
    }
    return 0;
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
    parser.addOption(
        {QStringLiteral("pairs"), QStringLiteral("Pairs of texts to read, older<TAB>newer."), QStringLiteral("file")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("pairs")))
        return explainPairs(parser.value(QStringLiteral("pairs")));
    const QString vault = parser.value(QStringLiteral("vault"));
    Database db;
    if (Status s = db.open(vault + QStringLiteral("/.engram/index.db")); !s) {
        std::fprintf(stderr, "%s\n", qPrintable(s.error().toString()));
        return 1;
    }
    // The finding index as update() leaves it: a no-op after hygiene_bench ran on this vault.
    FindingIndex index(db);
    if (auto scan = index.update(); !scan) {
        std::fprintf(stderr, "%s\n", qPrintable(scan.error().toString()));
        return 1;
    }
    QHash<qint64, Entry> entries;
    {
        auto s = db.prepare(QStringLiteral("SELECT chunk_id, time, profile FROM review_profiles"));
        while (s->next())
            entries.insert(s->int64(0), Entry{s->int64(0), s->int64(1), MemoryProfile::deserialize(s->text(2))});
    }
    auto weight = [&](const QString &feature) { return index.weight(feature); };
    auto leads = [&](const QString &name) { return index.leads(name); };
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
                if (!entries.contains(ca) || !entries.contains(cb))
                    continue;
                const QString st = stored.value({ca, cb});
                const QList<qint64> candA = index.candidateChunksOf(ca), candB = index.candidateChunksOf(cb);
                const int rankAB = int(candA.indexOf(cb)), rankBA = int(candB.indexOf(ca));
                const int rankLater = ca > cb ? rankAB : rankBA;
                const Entry &a = entries[ca], &b = entries[cb];
                const bool aOlder = a.time != b.time ? a.time < b.time : a.chunkId < b.chunkId;
                const Entry &older = aOlder ? a : b, &newer = aOlder ? b : a;
                const Comparison c = compare(older.profile, newer.profile, weight, leads);
                QString step;
                if (!st.isEmpty())
                    step = QStringLiteral("stored-") + st;
                else if (rankLater < 0)
                    step = QStringLiteral("not-candidate");
                else
                    step = QStringLiteral("compared-nothing");
                detail +=
                    QStringLiteral("  rank(later picks earlier)=%1 rank(a->b)=%2 rank(b->a)=%3 compare: %4 %5 sim=%6\n")
                        .arg(rankLater)
                        .arg(rankAB)
                        .arg(rankBA)
                        .arg(verdictOf(c), c.reason)
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
