#include "agent/Expectations.h"

#include "core/JsonLinesFile.h"
#include "core/VaultBoundary.h"
#include "vault/Engine.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace engram {

const QString Expectations::kFile = QStringLiteral("state/expectations.jsonl");
const QString Expectations::kLastFile = QStringLiteral(".engram/expectations-last.json");

namespace {

const QString kQuestion = QStringLiteral("question");
const QString kPath = QStringLiteral("path");
const QString kLines = QStringLiteral("lines");
const QString kMode = QStringLiteral("mode");
const QString kAdded = QStringLiteral("added");

/// "12" or "12-18" into a line range; false when it is neither (or runs backwards).
bool parseLines(const QString &text, int *start, int *end)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)(?:-(\\d+))?$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return false;
    *start = match.captured(1).toInt();
    *end = match.captured(2).isEmpty() ? *start : match.captured(2).toInt();
    return *start >= 1 && *end >= *start;
}

QString linesText(const Expectation &e)
{
    if (e.startLine <= 0)
        return {};
    return e.endLine > e.startLine ? QStringLiteral("%1-%2").arg(e.startLine).arg(e.endLine)
                                   : QString::number(e.startLine);
}

QJsonObject toObject(const Expectation &e)
{
    QJsonObject o{{kQuestion, e.question}, {kPath, e.path}};
    if (e.startLine > 0)
        o.insert(kLines, linesText(e));
    if (!e.mode.isEmpty())
        o.insert(kMode, e.mode);
    if (e.added.isValid())
        o.insert(kAdded, e.added.toString(Qt::ISODate));
    return o;
}

/// A path the way every other record names a file: vault-relative, forward slashes, no "./".
QString normalisedPath(const QString &path)
{
    return QDir::cleanPath(QDir::fromNativeSeparators(path.trimmed()));
}

Result<Expectation> fromObject(const QJsonObject &o)
{
    auto expectation = Expectation::fromTarget(o.value(kQuestion).toString(), o.value(kPath).toString());
    if (!expectation)
        return expectation;
    if (o.contains(kLines) && !parseLines(o.value(kLines).toString(), &expectation->startLine, &expectation->endLine))
        return Error{QStringLiteral("\"lines\" must be \"FROM-TO\" or one line number, not \"%1\"")
                         .arg(o.value(kLines).toVariant().toString())};
    expectation->mode = o.value(kMode).toString();
    if (o.contains(kAdded)) {
        expectation->added = QDate::fromString(o.value(kAdded).toString(), Qt::ISODate);
        if (!expectation->added.isValid())
            return Error{QStringLiteral("\"added\" must be a date (YYYY-MM-DD)")};
    }
    return expectation;
}

/// Whether a result at `path` lines `start`–`end` is the expected memory: the same file and, when
/// the expectation names lines, a range that overlaps them.
bool answers(const Expectation &e, const QString &path, int start, int end)
{
    if (path != e.path)
        return false;
    if (e.startLine <= 0)
        return true;
    return start <= e.endLine && end >= e.startLine;
}

ExpectationStatus statusFromName(const QString &name)
{
    for (ExpectationStatus s :
         {ExpectationStatus::Pass, ExpectationStatus::Fail, ExpectationStatus::Missing, ExpectationStatus::Error})
        if (ExpectationReport::statusName(s) == name)
            return s;
    return ExpectationStatus::Error;
}

void setChange(ExpectationResult &r, const ExpectationResult *previous)
{
    r.hadPrevious = previous != nullptr;
    if (!previous) {
        r.change = ExpectationChange::New;
        return;
    }
    r.previousStatus = previous->status;
    r.previousRank = previous->rank;
    const bool passes = r.status == ExpectationStatus::Pass;
    const bool passed = previous->status == ExpectationStatus::Pass;
    // A rank of 0 means "not found within the depth searched": further down than any found rank.
    const int now = r.rank > 0 ? r.rank : Expectations::kSearchDepth + 1;
    const int before = previous->rank > 0 ? previous->rank : Expectations::kSearchDepth + 1;
    if (passes && !passed)
        r.change = ExpectationChange::Fixed;
    else if (!passes && passed)
        r.change = ExpectationChange::Broken;
    else if (now < before)
        r.change = ExpectationChange::Up;
    else if (now > before)
        r.change = ExpectationChange::Down;
    else if (r.status == previous->status)
        r.change = ExpectationChange::Same;
    else // neither passes: a file that came back (fail) is better off than one gone or a mode unknown
        r.change = r.status == ExpectationStatus::Fail ? ExpectationChange::Up : ExpectationChange::Down;
}

} // namespace

QString Expectation::target() const
{
    return startLine > 0 ? path + QLatin1Char(':') + linesText(*this) : path;
}

QString Expectation::key() const
{
    return question.simplified() + QLatin1Char('\t') + target() + QLatin1Char('\t') + mode;
}

Result<Expectation> Expectation::fromTarget(const QString &question, const QString &target)
{
    Expectation e;
    e.question = question.simplified();
    if (e.question.isEmpty())
        return Error{QStringLiteral("the question is empty; say what you would ask")};
    QString path = target.trimmed();
    static const QRegularExpression lineSuffix(QStringLiteral(":(\\d+(?:-\\d+)?)$"));
    const QRegularExpressionMatch match = lineSuffix.match(path);
    if (match.hasMatch()) {
        if (!parseLines(match.captured(1), &e.startLine, &e.endLine))
            return Error{QStringLiteral("the lines of %1 run backwards or start at 0; write PATH:FROM-TO").arg(target)};
        path.chop(match.capturedLength(0));
    }
    e.path = normalisedPath(path);
    if (path.isEmpty() || e.path == QLatin1String("."))
        return Error{QStringLiteral("no expected file given; write PATH or PATH:FROM-TO (vault-relative)")};
    if (QDir::isAbsolutePath(e.path) || e.path.startsWith(QLatin1String("../")) || e.path == QLatin1String(".."))
        return Error{QStringLiteral("%1 is not a vault-relative path").arg(path)};
    return e;
}

int ExpectationReport::count(ExpectationStatus status) const
{
    return int(std::count_if(results.begin(), results.end(),
                             [status](const ExpectationResult &r) { return r.status == status; }));
}

int ExpectationReport::changed() const
{
    return int(std::count_if(results.begin(), results.end(), [](const ExpectationResult &r) {
        return r.change != ExpectationChange::Same && r.change != ExpectationChange::New;
    }));
}

QString ExpectationReport::summary() const
{
    QString text =
        QStringLiteral("%1 of %2 pass (top %3)").arg(count(ExpectationStatus::Pass)).arg(results.size()).arg(k);
    if (const int failed = count(ExpectationStatus::Fail))
        text += QStringLiteral(", %1 fail").arg(failed);
    if (const int missing = count(ExpectationStatus::Missing))
        text += QStringLiteral(", %1 missing").arg(missing);
    if (const int errors = count(ExpectationStatus::Error))
        text += QStringLiteral(", %1 could not run").arg(errors);
    if (keywordOnly)
        text += QStringLiteral(" — keyword side only: the new embedder needs a re-index");
    return text;
}

QString ExpectationReport::statusName(ExpectationStatus status)
{
    switch (status) {
    case ExpectationStatus::Pass: return QStringLiteral("pass");
    case ExpectationStatus::Fail: return QStringLiteral("fail");
    case ExpectationStatus::Missing: return QStringLiteral("missing");
    case ExpectationStatus::Error: return QStringLiteral("error");
    }
    return {};
}

QString ExpectationReport::changeName(ExpectationChange change)
{
    switch (change) {
    case ExpectationChange::New: return QStringLiteral("new");
    case ExpectationChange::Same: return QStringLiteral("same");
    case ExpectationChange::Fixed: return QStringLiteral("fixed");
    case ExpectationChange::Broken: return QStringLiteral("broken");
    case ExpectationChange::Up: return QStringLiteral("up");
    case ExpectationChange::Down: return QStringLiteral("down");
    }
    return {};
}

QJsonObject ExpectationReport::toJson() const
{
    QJsonArray items;
    for (const ExpectationResult &r : results) {
        QJsonObject o = toObject(r.expectation);
        o.insert(QStringLiteral("target"), r.expectation.target());
        o.insert(QStringLiteral("status"), statusName(r.status));
        o.insert(QStringLiteral("rank"), r.rank > 0 ? QJsonValue(r.rank) : QJsonValue());
        o.insert(QStringLiteral("change"), changeName(r.change));
        if (r.hadPrevious) {
            o.insert(QStringLiteral("previous_status"), statusName(r.previousStatus));
            o.insert(QStringLiteral("previous_rank"), r.previousRank > 0 ? QJsonValue(r.previousRank) : QJsonValue());
        }
        if (!r.detail.isEmpty())
            o.insert(QStringLiteral("detail"), r.detail);
        items.append(o);
    }
    return QJsonObject{{QStringLiteral("k"), k},
                       {QStringLiteral("total"), int(results.size())},
                       {QStringLiteral("passed"), count(ExpectationStatus::Pass)},
                       {QStringLiteral("failed"), count(ExpectationStatus::Fail)},
                       {QStringLiteral("missing"), count(ExpectationStatus::Missing)},
                       {QStringLiteral("errors"), count(ExpectationStatus::Error)},
                       {QStringLiteral("changed"), changed()},
                       {QStringLiteral("keyword_only"), keywordOnly},
                       {QStringLiteral("checked_at"), checkedAt},
                       {QStringLiteral("expectations"), items}};
}

Expectations::Expectations(QString vaultPath) : m_vaultPath(std::move(vaultPath)) { }

Result<QList<Expectation>> Expectations::load() const
{
    QList<Expectation> expectations;
    auto lines = JsonLinesFile(m_vaultPath, kFile, kQuestion)
                     .read(QStringLiteral("not a JSON object with a \"question\": %1"),
                           QStringLiteral("its question is empty or missing"), [&](const QJsonObject &o) -> Status {
                               auto expectation = fromObject(o);
                               if (!expectation)
                                   return expectation.error();
                               expectations << *expectation;
                               return {};
                           });
    if (!lines)
        return lines.error();
    return expectations;
}

Status Expectations::save(const QList<Expectation> &expectations) const
{
    QList<QJsonObject> objects;
    for (const Expectation &e : expectations)
        objects << toObject(e);
    return JsonLinesFile(m_vaultPath, kFile, kQuestion).write(objects);
}

Result<bool> Expectations::add(Expectation expectation) const
{
    auto checked = Expectation::fromTarget(expectation.question, expectation.target());
    if (!checked)
        return checked.error();
    auto expectations = load();
    if (!expectations)
        return expectations.error();
    expectation.question = checked->question;
    expectation.path = checked->path;
    for (const Expectation &e : *expectations)
        if (e.key() == expectation.key())
            return false;
    if (!expectation.added.isValid())
        expectation.added = QDate::currentDate();
    *expectations << expectation;
    if (Status s = save(*expectations); !s)
        return s.error();
    return true;
}

Result<Expectation> Expectations::removeAt(int index) const
{
    auto expectations = load();
    if (!expectations)
        return expectations.error();
    if (index < 1 || index > expectations->size())
        return Error{QStringLiteral("there is no expectation %1; `engram-cli expect list` numbers them 1 to %2")
                         .arg(index)
                         .arg(expectations->size())};
    const Expectation removed = expectations->takeAt(index - 1);
    if (Status s = save(*expectations); !s)
        return s.error();
    return removed;
}

Result<int> Expectations::removeQuestion(const QString &question) const
{
    auto expectations = load();
    if (!expectations)
        return expectations.error();
    const QString wanted = question.simplified();
    const qsizetype removed = expectations->removeIf([&](const Expectation &e) { return e.question == wanted; });
    if (removed == 0)
        return 0;
    if (Status s = save(*expectations); !s)
        return s.error();
    return int(removed);
}

Result<ExpectationReport> Expectations::check(Engine &engine, const ExpectationCheckOptions &options) const
{
    auto expectations = load();
    if (!expectations)
        return expectations.error();
    ExpectationReport report;
    report.k = qMax(1, options.k);
    report.keywordOnly = options.keywordOnly;
    report.checkedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const QHash<QString, ExpectationResult> previous = lastResults();
    for (const Expectation &e : *expectations) {
        ExpectationResult r;
        r.expectation = e;
        if (!QFileInfo(QDir(m_vaultPath).filePath(e.path)).isFile()) {
            r.status = ExpectationStatus::Missing;
            r.detail = QStringLiteral("%1 no longer exists in the vault").arg(e.path);
        } else {
            RecallQuery query;
            query.text = e.question;
            query.mode = e.mode;
            query.k = qMax(report.k, kSearchDepth);
            query.reinforce = false; // a check must not change what it measures
            auto results = engine.recall(query);
            if (!results) {
                r.status = ExpectationStatus::Error;
                r.detail = results.error().toString();
            } else {
                for (qsizetype i = 0; i < results->size() && r.rank == 0; ++i) {
                    const Chunk &c = results->at(i).chunk;
                    if (answers(e, c.path, c.startLine, c.endLine))
                        r.rank = int(i + 1);
                }
                r.status = r.rank > 0 && r.rank <= report.k ? ExpectationStatus::Pass : ExpectationStatus::Fail;
            }
        }
        const auto before = previous.constFind(e.key());
        setChange(r, before == previous.constEnd() ? nullptr : &*before);
        report.results << r;
    }
    if (options.remember)
        if (Status s = rememberResults(report); !s)
            return s.error();
    return report;
}

void Expectations::compare(ExpectationReport &report, const ExpectationReport &baseline)
{
    QHash<QString, ExpectationResult> before;
    for (const ExpectationResult &r : baseline.results)
        before.insert(r.expectation.key(), r);
    for (ExpectationResult &r : report.results) {
        const auto found = before.constFind(r.expectation.key());
        setChange(r, found == before.constEnd() ? nullptr : &*found);
    }
}

Config Expectations::previewConfig(const Config &current, const Config &candidate, bool *keywordOnly)
{
    const bool sameEmbedder = candidate.embedderKind == current.embedderKind
                              && candidate.embedderDimensions == current.embedderDimensions
                              && candidate.embeddingEndpoint.url == current.embeddingEndpoint.url
                              && candidate.embeddingEndpoint.model == current.embeddingEndpoint.model;
    if (keywordOnly)
        *keywordOnly = !sameEmbedder;
    if (sameEmbedder)
        return candidate;
    Config keywords = candidate;
    for (const QString &name : keywords.modeNames()) {
        RankingMode mode = keywords.mode(name);
        mode.vectorWeight = 0.0;
        keywords.setMode(mode);
    }
    return keywords;
}

QHash<QString, ExpectationResult> Expectations::lastResults() const
{
    QHash<QString, ExpectationResult> results;
    QFile file(QDir(m_vaultPath).filePath(kLastFile));
    if (!file.open(QIODevice::ReadOnly))
        return results; // never checked (or .engram/ rebuilt): every result is new
    const QJsonArray items =
        QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("results")).toArray();
    for (const QJsonValue &v : items) {
        const QJsonObject o = v.toObject();
        ExpectationResult r;
        r.status = statusFromName(o.value(QStringLiteral("status")).toString());
        r.rank = o.value(QStringLiteral("rank")).toInt();
        results.insert(o.value(QStringLiteral("key")).toString(), r);
    }
    return results;
}

Status Expectations::rememberResults(const ExpectationReport &report) const
{
    QJsonArray items;
    for (const ExpectationResult &r : report.results)
        items.append(QJsonObject{{QStringLiteral("key"), r.expectation.key()},
                                 {QStringLiteral("status"), ExpectationReport::statusName(r.status)},
                                 {QStringLiteral("rank"), r.rank}});
    const QJsonObject last{{QStringLiteral("checked_at"), report.checkedAt},
                           {QStringLiteral("k"), report.k},
                           {QStringLiteral("results"), items}};
    return VaultBoundary(m_vaultPath).writeFile(kLastFile, QJsonDocument(last).toJson(QJsonDocument::Indented));
}

} // namespace engram
