#include "consolidation/Consolidator.h"

#include "consolidation/ConsolidatorRun.h"
#include "core/JsonNumber.h"
#include "core/TextAnalysis.h"
#include "core/VaultBoundary.h"
#include "vault/EngineInternals.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>
#include <numeric>

namespace engram {

namespace {

/// One raw session as the index knows it.
struct Session {
    QString path;
    QString id;
    QDate date;
    QString fileHash;
    QDateTime time; ///< the newest turn time, else the session date
    QList<Chunk> chunks;
};

QString isoWeek(const QDate &date)
{
    int year = 0;
    const int week = date.weekNumber(&year);
    return QStringLiteral("%1-W%2").arg(year).arg(week, 2, 10, QLatin1Char('0'));
}

int budgetFor(int tokensIn, double share, int floor, int ceiling)
{
    return std::clamp(int(tokensIn * share), floor, ceiling);
}

bool isRawSession(const FileRecord &file, const QList<Chunk> &chunks)
{
    if (file.path.startsWith(QLatin1String("consolidated/")) || file.path.startsWith(QLatin1String("memories/"))
        || file.path.startsWith(QLatin1String("state/")) || chunks.isEmpty())
        return false;
    if (chunks.first().tags.layer.value != QLatin1String("raw"))
        return false;
    return file.kind == QLatin1String("transcript") || file.kind == QLatin1String("agent-log")
           || file.path.startsWith(QLatin1String("sessions/"));
}

Session describeSession(const FileRecord &file, const QList<Chunk> &chunks)
{
    Session s;
    s.path = file.path;
    s.fileHash = file.hash;
    s.chunks = chunks;
    for (const Chunk &c : chunks) {
        if (c.time.isValid() && !s.date.isValid())
            s.date = c.time.date();
        if (c.time.isValid())
            s.time = qMax(s.time, c.time);
    }
    static const QRegularExpression datePattern(QStringLiteral(R"((\d{4}-\d{2}-\d{2}))"));
    if (!s.date.isValid()) {
        const auto match = datePattern.match(file.path);
        if (match.hasMatch())
            s.date = QDate::fromString(match.captured(1), Qt::ISODate);
    }
    if (!s.date.isValid())
        s.date = QDateTime::fromMSecsSinceEpoch(file.mtimeMs, Qt::UTC).date();
    if (!s.time.isValid())
        s.time = s.date.startOfDay(Qt::UTC);
    QString id = file.path.section(QLatin1Char('.'), 0, -2);
    if (id.isEmpty())
        id = file.path;
    if (id.startsWith(QLatin1String("sessions/")))
        id = id.mid(9);
    id.remove(QRegularExpression(QStringLiteral(R"(^\d{4}-\d{2}-\d{2}/)")));
    s.id = id.replace(QLatin1Char('/'), QLatin1Char('-'));
    return s;
}

QList<SummaryUnit> unitsOfDigest(const QString &path, const DigestFile &digest)
{
    QList<SummaryUnit> units;
    for (const DigestItem &item : digest.items)
        units << SummaryUnit{item.text, path, item.line, item.line, {}, item.raw.isEmpty() ? item.sources : item.raw};
    return units;
}

QJsonObject ledgerJson(const LedgerEntry &e)
{
    return QJsonObject{{QStringLiteral("at"), e.at.toUTC().toString(Qt::ISODate)},
                       {QStringLiteral("layer"), e.layer},
                       {QStringLiteral("period"), e.period},
                       {QStringLiteral("path"), e.path},
                       {QStringLiteral("method"), e.method},
                       {QStringLiteral("tokens_in"), e.tokensIn},
                       {QStringLiteral("tokens_out"), e.tokensOut},
                       {QStringLiteral("compression"), e.compression()},
                       {QStringLiteral("sources"), e.sources},
                       {QStringLiteral("elapsed_ms"), double(e.elapsedMs)}};
}

constexpr int kLedgerLines = 5000;

QList<SourceRange> rawOf(const QList<SummaryUnit> &units)
{
    QList<SourceRange> raw;
    for (const SummaryUnit &u : units)
        for (const SourceRange &r : u.raw)
            if (!raw.contains(r))
                raw << r;
    return raw;
}

} // namespace

QString sha1Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex());
}

QString Consolidator::Run::read(const QString &path) const
{
    const auto it = written.constFind(path);
    if (it != written.constEnd())
        return *it;
    QFile file(QDir(engine.vaultPath()).filePath(path));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

Status Consolidator::Run::write(const QString &path, const QString &raw)
{
    // A digest quotes its sources, and an LLM digest is an agent's words: both pass the gate.
    const QString content = engine.redactionGate().clean(raw);
    written.insert(path, content);
    if (options.dryRun)
        return {};
    return VaultBoundary(engine.vaultPath()).writeFile(path, content.toUtf8());
}

Status Consolidator::Run::digest(const QString &path, const QString &layer, const QString &period,
                                 const QString &heading, const QList<SummaryUnit> &units,
                                 const QList<SourceRange> &derivedFrom, const QString &sourcesHash, int budget,
                                 const QDateTime &when)
{
    const QString existing = read(path);
    if (!existing.isEmpty()) {
        auto old = DigestFile::parse(existing);
        if (old && old->sourcesHash == sourcesHash) {
            ++report.unchanged;
            return {};
        }
    }
    QElapsedTimer timer;
    timer.start();
    DigestFile d;
    d.layer = layer;
    d.period = period;
    d.heading = heading;
    d.derivedFrom = derivedFrom;
    d.created = when.isValid() ? when : now;
    d.consolidatedAt = now;
    d.sourcesHash = sourcesHash;
    for (const SummaryUnit &u : units)
        d.tokensIn += TextAnalysis::estimateTokens(u.text);
    if (llm) {
        QStringList texts;
        for (const SummaryUnit &u : units)
            texts << u.text;
        auto lines = llm->summarize(layer, period, texts, budget);
        if (lines) {
            d.method = llm->methodName();
            for (const QString &line : std::as_const(*lines))
                d.items << DigestItem{line, derivedFrom, 0,
                                      rawOf(units)}; // abstractive: each line cites the whole period
        } else {
            d.fallbackReason = QStringLiteral("llm failed: %1").arg(lines.error().toString());
        }
    }
    if (d.items.isEmpty()) {
        d.method = QStringLiteral("extractive:tfidf-mmr");
        for (int i : ExtractiveSummarizer::select(units, {budget, 0.7}))
            d.items << DigestItem{
                units[i].text, {SourceRange{units[i].path, units[i].startLine, units[i].endLine}}, 0, units[i].raw};
    }
    d.tokensOut = d.bodyTokens();
    if (Status s = write(path, d.render()); !s)
        return s;
    DigestAction action{path,
                        layer,
                        period,
                        d.method,
                        d.fallbackReason,
                        d.tokensIn,
                        d.tokensOut,
                        int(derivedFrom.size()),
                        timer.elapsed(),
                        existing.isEmpty()};
    report.digests << action;
    ledger << LedgerEntry{now,         layer,          period,          path, d.method, d.tokensIn,
                          d.tokensOut, action.sources, action.elapsedMs};
    return {};
}

Consolidator::Consolidator(Engine &engine, const AccessCounts *access)
    : m_engine(engine), m_access(access ? access : &m_defaultAccess)
{ }

Result<ConsolidationReport> Consolidator::run(const ConsolidationOptions &options)
{
    QElapsedTimer timer;
    timer.start();
    Run run{m_engine, options, *m_access, options.now.isValid() ? options.now : QDateTime::currentDateTimeUtc(), {}, {},
            {},       {},      {}};
    run.report.dryRun = options.dryRun;
    const Config &config = m_engine.config();
    run.methodKey = QStringLiteral("extractive:tfidf-mmr");
    if (config.consolidation.useLlm && config.llmEndpoint.configured()) {
        run.llm.emplace(config.llmEndpoint);
        run.methodKey = run.llm->methodName();
    }
    // The index is derived and may be refreshed even in a dry run: the raw units come from it.
    m_engine.index();

    if (Status s = run.clusterSensory(); !s)
        return s.error();
    if (Status s = run.promoteEpisodic(); !s)
        return s.error();

    QMap<QDate, QList<Session>> byDate;
    const QHash<QString, FileRecord> files = internals(m_engine).store().files();
    QStringList paths = files.keys();
    std::sort(paths.begin(), paths.end());
    for (const QString &path : std::as_const(paths)) {
        const QList<Chunk> chunks = internals(m_engine).store().chunksOfFile(path);
        if (isRawSession(files.value(path), chunks)) {
            Session s = describeSession(files.value(path), chunks);
            byDate[s.date] << s;
        }
    }
    auto due = [&](const QDate &d) {
        return (!options.since.isValid() || d >= options.since) && (!options.until.isValid() || d <= options.until);
    };

    // Session digests, then each due day's digest.
    QMap<QString, QList<QDate>> weeks;
    for (auto day = byDate.cbegin(); day != byDate.cend(); ++day) {
        if (!due(day.key()))
            continue;
        const QString date = day.key().toString(Qt::ISODate);
        QList<SummaryUnit> dayUnits;
        QList<SourceRange> dayDerived;
        QByteArray dayHash = run.methodKey.toUtf8();
        QDateTime dayTime;
        for (const Session &s : day.value()) {
            QList<SummaryUnit> units;
            for (const Chunk &c : s.chunks)
                units << SummaryUnit{c.text, s.path, c.startLine, c.endLine, c.tags.category.value, {}};
            const SourceRange whole{s.path, s.chunks.first().startLine, s.chunks.last().endLine};
            const int tokensIn = std::accumulate(units.cbegin(), units.cend(), 0, [](int sum, const SummaryUnit &u) {
                return sum + TextAnalysis::estimateTokens(u.text);
            });
            const QString digestPath = QStringLiteral("consolidated/session/%1/%2.md").arg(date, s.id);
            const QString title = s.chunks.first().title.isEmpty() ? s.id : s.chunks.first().title;
            // An agent session's title already ends with its date ("… — engram, 2025-09-03"): said once.
            const QString digestTitle = title.contains(date)
                                            ? QStringLiteral("Session digest: %1").arg(title)
                                            : QStringLiteral("Session digest: %1 (%2)").arg(title, date);
            if (Status st = run.digest(digestPath, QStringLiteral("session"), s.id, digestTitle, units, {whole},
                                       sha1Hex((run.methodKey + s.path + s.fileHash).toUtf8()),
                                       budgetFor(tokensIn, 0.2, 60, 400), s.time);
                !st)
                return st.error();
            auto parsed = DigestFile::parse(run.read(digestPath));
            if (!parsed || parsed->items.isEmpty())
                continue;
            dayUnits << unitsOfDigest(digestPath, *parsed);
            dayDerived << SourceRange{digestPath, parsed->items.first().line, parsed->items.last().line};
            dayHash += digestPath.toUtf8() + run.read(digestPath).toUtf8();
            dayTime = qMax(dayTime, parsed->created);
        }
        if (dayUnits.isEmpty())
            continue;
        const int tokensIn = std::accumulate(dayUnits.cbegin(), dayUnits.cend(), 0, [](int sum, const SummaryUnit &u) {
            return sum + TextAnalysis::estimateTokens(u.text);
        });
        if (Status st = run.digest(QStringLiteral("consolidated/daily/%1.md").arg(date), QStringLiteral("daily"), date,
                                   QStringLiteral("Daily digest: %1").arg(date), dayUnits, dayDerived, sha1Hex(dayHash),
                                   budgetFor(tokensIn, 0.5, 80, 500), dayTime);
            !st)
            return st.error();
        weeks[isoWeek(day.key())] << day.key();
    }

    // Weekly digests from every daily digest of the week (due or not), then the week's facts.
    for (auto week = weeks.cbegin(); week != weeks.cend(); ++week) {
        QList<SummaryUnit> units;
        QList<SourceRange> derived;
        QByteArray hash = run.methodKey.toUtf8();
        QDateTime weekTime;
        for (auto day = byDate.cbegin(); day != byDate.cend(); ++day) {
            if (isoWeek(day.key()) != week.key())
                continue;
            const QString dailyPath = QStringLiteral("consolidated/daily/%1.md").arg(day.key().toString(Qt::ISODate));
            const QString content = run.read(dailyPath);
            auto parsed = DigestFile::parse(content);
            if (content.isEmpty() || !parsed || parsed->items.isEmpty())
                continue;
            units << unitsOfDigest(dailyPath, *parsed);
            derived << SourceRange{dailyPath, parsed->items.first().line, parsed->items.last().line};
            hash += dailyPath.toUtf8() + content.toUtf8();
            weekTime = qMax(weekTime, parsed->created);
        }
        if (units.isEmpty())
            continue;
        const int tokensIn = std::accumulate(units.cbegin(), units.cend(), 0, [](int sum, const SummaryUnit &u) {
            return sum + TextAnalysis::estimateTokens(u.text);
        });
        const QString weeklyPath = QStringLiteral("consolidated/weekly/%1.md").arg(week.key());
        if (Status st = run.digest(weeklyPath, QStringLiteral("weekly"), week.key(),
                                   QStringLiteral("Weekly digest: %1").arg(week.key()), units, derived, sha1Hex(hash),
                                   budgetFor(tokensIn, 0.5, 120, 600), weekTime);
            !st)
            return st.error();
        const QString weekly = run.read(weeklyPath);
        auto parsed = DigestFile::parse(weekly);
        if (!parsed || parsed->items.isEmpty())
            continue;
        const QList<SummaryUnit> factUnits = unitsOfDigest(weeklyPath, *parsed);
        if (Status st = run.digest(QStringLiteral("consolidated/fact/%1.md").arg(week.key()), QStringLiteral("fact"),
                                   week.key(), QStringLiteral("Facts: %1").arg(week.key()), factUnits,
                                   {SourceRange{weeklyPath, parsed->items.first().line, parsed->items.last().line}},
                                   sha1Hex(run.methodKey.toUtf8() + weeklyPath.toUtf8() + weekly.toUtf8()),
                                   budgetFor(parsed->tokensOut, 0.34, 40, 200), parsed->created);
            !st)
            return st.error();
    }

    if (!options.dryRun && (!run.report.digests.isEmpty() || !run.report.memories.isEmpty())) {
        m_engine.index(); // digests and edited memories are canonical files like any other
        // The ledger is canonical and bounded: append, and keep the newest lines.
        QFile file(QDir(m_engine.vaultPath()).filePath(ledgerPath()));
        QStringList lines;
        if (file.open(QIODevice::ReadOnly)) {
            lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            file.close();
        }
        for (const LedgerEntry &e : std::as_const(run.ledger))
            lines << QString::fromUtf8(QJsonDocument(ledgerJson(e)).toJson(QJsonDocument::Compact));
        if (lines.size() > kLedgerLines)
            lines = lines.mid(lines.size() - kLedgerLines);
        if (Status s = VaultBoundary(m_engine.vaultPath())
                           .writeFile(ledgerPath(), lines.join(QLatin1Char('\n')).toUtf8() + '\n');
            !s)
            return s.error();
    }
    run.report.elapsedMs = timer.elapsed();
    return run.report;
}

QList<LedgerEntry> Consolidator::ledger() const
{
    QList<LedgerEntry> entries;
    QFile file(QDir(m_engine.vaultPath()).filePath(ledgerPath()));
    if (!file.open(QIODevice::ReadOnly))
        return entries;
    while (!file.atEnd()) {
        const QJsonObject o = QJsonDocument::fromJson(file.readLine()).object();
        if (o.isEmpty())
            continue;
        entries << LedgerEntry{QDateTime::fromString(o.value(QStringLiteral("at")).toString(), Qt::ISODate),
                               o.value(QStringLiteral("layer")).toString(),
                               o.value(QStringLiteral("period")).toString(),
                               o.value(QStringLiteral("path")).toString(),
                               o.value(QStringLiteral("method")).toString(),
                               o.value(QStringLiteral("tokens_in")).toInt(),
                               o.value(QStringLiteral("tokens_out")).toInt(),
                               o.value(QStringLiteral("sources")).toInt(),
                               JsonNumber::toInteger(o.value(QStringLiteral("elapsed_ms")).toDouble())};
    }
    return entries;
}

} // namespace engram
