#include "index/Fts5Ranking.h"

#include <QtGlobal>

#include <cmath>
#include <cstring>
#include <sqlite3.h>
#include <vector>

namespace engram {

namespace {

/// What one query's ranking computes once: FTS5's Fts5Bm25Data.
struct QueryStatistics {
    double averageLength = 0.0;
    std::vector<double> idf;       ///< per phrase
    std::vector<double> frequency; ///< per phrase, the current row's weighted hits
};

int countRow(const Fts5ExtensionApi *, Fts5Context *, void *count)
{
    ++*static_cast<sqlite3_int64 *>(count);
    return SQLITE_OK;
}

/// `scored` phrases (all when negative) and, when `documents` is given, each one's number of rows
/// holding it (negative: count them here, as bm25() does).
int queryStatistics(const Fts5ExtensionApi *api, Fts5Context *fts, int scored, sqlite3_value **documents,
                    QueryStatistics **out)
{
    auto *stats = static_cast<QueryStatistics *>(api->xGetAuxdata(fts, 0));
    if (stats) {
        *out = stats;
        return SQLITE_OK;
    }
    stats = new QueryStatistics;
    const int phrases = scored >= 0 ? qMin(scored, api->xPhraseCount(fts)) : api->xPhraseCount(fts);
    stats->idf.assign(size_t(phrases), 0.0);
    stats->frequency.assign(size_t(phrases), 0.0);
    sqlite3_int64 rows = 0;
    sqlite3_int64 tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK)
        rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc == SQLITE_OK)
        stats->averageLength = double(tokens) / double(rows);
    for (int i = 0; rc == SQLITE_OK && i < phrases; ++i) {
        sqlite3_int64 hits = documents ? sqlite3_value_int64(documents[i]) : -1;
        if (hits < 0) {
            hits = 0;
            rc = api->xQueryPhrase(fts, i, &hits, countRow);
        }
        if (rc == SQLITE_OK) {
            double idf = std::log((double(rows) - double(hits) + 0.5) / (double(hits) + 0.5));
            stats->idf[size_t(i)] = idf <= 0.0 ? 1e-6 : idf;
        }
    }
    if (rc == SQLITE_OK)
        rc = api->xSetAuxdata(fts, stats, [](void *p) { delete static_cast<QueryStatistics *>(p); });
    else
        delete stats;
    if (rc == SQLITE_OK)
        *out = stats;
    return rc;
}

/// bm25() over the first `scored` phrases (all when negative), with the row counts `documents` of
/// those phrases when given.
void rankRow(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int weightCount,
             sqlite3_value **weights, int scored, sqlite3_value **documents)
{
    constexpr double k1 = 1.2;
    constexpr double b = 0.75;
    constexpr size_t kMaxCachedRows = 4'000'000;
    auto *cache = static_cast<RowLengthCache *>(api->xUserData(fts));
    QueryStatistics *stats = nullptr;
    int rc = queryStatistics(api, fts, scored, documents, &stats);
    int instances = 0;
    if (rc == SQLITE_OK) {
        std::fill(stats->frequency.begin(), stats->frequency.end(), 0.0);
        rc = api->xInstCount(fts, &instances);
    }
    for (int i = 0; rc == SQLITE_OK && i < instances; ++i) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK && size_t(phrase) < stats->frequency.size())
            stats->frequency[size_t(phrase)] += weightCount > column ? sqlite3_value_double(weights[column]) : 1.0;
    }
    double length = 0.0;
    if (rc == SQLITE_OK) {
        const sqlite3_int64 row = api->xRowid(fts);
        const auto known = cache->tokens.find(row);
        if (known != cache->tokens.end()) {
            length = double(known->second);
        } else {
            int tokens = 0;
            rc = api->xColumnSize(fts, -1, &tokens);
            if (rc == SQLITE_OK) {
                if (cache->tokens.size() >= kMaxCachedRows)
                    cache->tokens.clear();
                cache->tokens.emplace(row, tokens);
                length = double(tokens);
            }
        }
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    double score = 0.0;
    RowLengthCache::Record *record = cache->record;
    if (record) {
        if (record->idf.empty())
            record->idf = stats->idf;
        record->rows.push_back(api->xRowid(fts));
    }
    for (size_t i = 0; i < stats->idf.size(); ++i) {
        const double f = stats->frequency[i];
        const double part = (f * (k1 + 1.0)) / (f + k1 * (1 - b + b * length / stats->averageLength));
        score += stats->idf[i] * part;
        if (record)
            record->parts.push_back(part);
    }
    sqlite3_result_double(context, -1.0 * score);
}

void cachedBm25(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int weightCount,
                sqlite3_value **weights)
{
    rankRow(api, fts, context, weightCount, weights, -1, nullptr);
}

void leadingBm25(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int argumentCount,
                 sqlite3_value **arguments)
{
    const int columns = api->xColumnCount(fts);
    if (argumentCount < columns) {
        sqlite3_result_error(context, "engram_bm25_leading: one weight per column, then one row count per phrase", -1);
        return;
    }
    rankRow(api, fts, context, columns, arguments, argumentCount - columns, arguments + columns);
}

} // namespace

Status installCachedBm25(sqlite3 *db, RowLengthCache *cache)
{
    fts5_api *api = nullptr;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nullptr) != SQLITE_OK)
        return Error{
            QStringLiteral("index database: FTS5 is not available: %1").arg(QString::fromUtf8(sqlite3_errmsg(db)))};
    sqlite3_bind_pointer(statement, 1, &api, "fts5_api_ptr", nullptr);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    if (!api || api->iVersion < 2)
        return Error{QStringLiteral("index database: this SQLite's FTS5 has no extension API")};
    if (api->xCreateFunction(api, "engram_bm25", cache, cachedBm25, nullptr) != SQLITE_OK)
        return Error{QStringLiteral("index database: cannot register engram_bm25")};
    if (api->xCreateFunction(api, "engram_bm25_leading", cache, leadingBm25, nullptr) != SQLITE_OK)
        return Error{QStringLiteral("index database: cannot register engram_bm25_leading")};
    return {};
}

} // namespace engram
