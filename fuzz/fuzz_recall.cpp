// libFuzzer target: a query, any bytes, through the whole of recall over a small indexed vault:
// the tokenizer, the FTS5 query built from the words, the time the query names (QueryTime), the
// match gate, the ranking and the pack. Recall answers or says why not; it never crashes, and
// what it answers keeps its invariants.
#include "FuzzSupport.h"
#include "recall/QueryTime.h"
#include "vault/Engine.h"

#include <QDir>

using namespace engram;

namespace {

Engine &engine()
{
    static const std::unique_ptr<Engine> instance = [] {
        fuzz::ensureApplication();
        const QDir vault(fuzz::scratchVault());
        vault.mkpath(QStringLiteral("notes"));
        fuzz::writeFile(vault.filePath(QStringLiteral("notes/sqlite.md")),
                        "---\ntitle: Why SQLite\n---\n# Why SQLite\n\nWe chose SQLite with FTS5 on 7 July 2023: one "
                        "file, no server, and BM25 ranking built in.\n\n## Vectors\n\nhnswlib holds the vectors "
                        "beside it; the index is derived and rebuilt from the files.\n");
        fuzz::writeFile(vault.filePath(QStringLiteral("notes/garden.md")),
                        "# Garden\n\nAphids on the roses in August 2023. Ladybirds fixed it.\n\n"
                        "Die Tomaten im März säen, am 3. Dez. 2025 geerntet. 東京の庭園。\n");
        fuzz::writeFile(vault.filePath(QStringLiteral("notes/talk.md")),
                        "**Caroline:** I went to the LGBTQ support group yesterday.\n\n"
                        "**Melanie:** That is wonderful! How did it feel?\n\n"
                        "**Caroline:** Like coming home, honestly.\n");
        auto opened = Engine::open(vault.path());
        if (!opened)
            std::abort();
        if ((*opened)->index().error)
            std::abort();
        return std::move(*opened);
    }();
    return *instance;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Engine &e = engine();
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    static const QDate today(2026, 12, 1);

    if (const auto when = QueryTime::of(text, today)) {
        fuzz::require(when->first.isValid() && when->last.isValid(), "a named time is a window of valid days");
        fuzz::require(when->first <= when->last, "a window starts before it ends");
        fuzz::require(!when->phrase.isEmpty() && text.contains(when->phrase), "the phrase is words of the query");
        fuzz::require(when->contains(QDateTime(when->first, QTime(12, 0))), "a window holds its first day");
        fuzz::require(when->contains(QDateTime(when->last, QTime(12, 0))), "a window holds its last day");
    }

    RecallQuery query;
    query.text = text;
    query.k = 5;
    query.reinforce = false; // the vault stays the same for every input
    query.now = QDateTime(today, QTime(9, 0));
    const auto results = e.recall(query);
    if (!results) {
        fuzz::require(!results.error().message.isEmpty(), "a refused query says why");
        return 0;
    }
    fuzz::require(results->size() <= query.k, "at most k results");
    for (const RecallResult &r : *results) {
        fuzz::require(r.match >= 0.0 && r.match <= 1.0, "the match is absolute, 0..1");
        fuzz::require(!r.chunk.path.isEmpty() && r.chunk.startLine >= 1 && r.chunk.endLine >= r.chunk.startLine,
                      "a result cites a file and its lines");
        double sum = 0.0;
        for (const ScoreComponent &s : r.breakdown)
            sum += s.contribution();
        fuzz::require(qAbs(sum - r.score) < 1e-6, "the score is the sum of its terms");
    }

    const auto pack = e.pack(query, 200);
    fuzz::require(pack.ok() || !pack.error().message.isEmpty(), "a refused pack says why");
    return 0;
}
