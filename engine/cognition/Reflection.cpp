#include "cognition/Reflection.h"

#include "core/ChatCall.h"
#include "core/JsonLinesFile.h"
#include "redaction/RedactionGate.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

namespace engram {

namespace {

constexpr int kLearningsInPrompt = 15;
constexpr int kMaxProposals = 12;

QString iso(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODate) : QString();
}

const QString kSystemPrompt =
    QStringLiteral("You reflect on the working state of an AI agent so that it works better next time. "
                   "Answer with one JSON object and nothing else: "
                   "{\"insights\": [\"...\"], \"patterns\": [\"...\"], \"questions\": [\"...\"]}. "
                   "Each entry is one short, specific sentence. At most 4 entries per list. "
                   "Do not repeat what the state already says.");

QStringList stringsOf(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        const QString text = v.isObject() ? v.toObject().value(QStringLiteral("text")).toString() : v.toString();
        if (!text.trimmed().isEmpty())
            out << text.simplified();
    }
    return out;
}

} // namespace

QJsonObject ReflectionRecord::toJson() const
{
    QJsonArray ps;
    for (const Learning &l : proposals)
        ps.append(QJsonObject{{QStringLiteral("text"), l.text}, {QStringLiteral("category"), l.category}});
    QJsonObject o{{QStringLiteral("id"), id},
                  {QStringLiteral("time"), iso(time)},
                  {QStringLiteral("model"), model},
                  {QStringLiteral("endpoint"), endpoint},
                  {QStringLiteral("interactions"), interactionsAt},
                  {QStringLiteral("proposals"), ps},
                  {QStringLiteral("status"), status}};
    if (decidedAt.isValid())
        o.insert(QStringLiteral("decidedAt"), iso(decidedAt));
    return o;
}

ReflectionRecord ReflectionRecord::fromJson(const QJsonObject &o)
{
    ReflectionRecord r;
    r.id = o.value(QStringLiteral("id")).toString();
    r.time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODate);
    r.model = o.value(QStringLiteral("model")).toString();
    r.endpoint = o.value(QStringLiteral("endpoint")).toString();
    r.interactionsAt = o.value(QStringLiteral("interactions")).toInt();
    for (const QJsonValue &v : o.value(QStringLiteral("proposals")).toArray()) {
        const QJsonObject p = v.toObject();
        Learning l;
        l.text = p.value(QStringLiteral("text")).toString();
        l.category = p.value(QStringLiteral("category")).toString(QStringLiteral("insight"));
        r.proposals << l;
    }
    r.status = o.value(QStringLiteral("status")).toString(QStringLiteral("proposed"));
    r.decidedAt = QDateTime::fromString(o.value(QStringLiteral("decidedAt")).toString(), Qt::ISODate);
    return r;
}

Reflection::Reflection(const QString &vaultPath, const Endpoint &llm) : m_vaultPath(vaultPath), m_llm(llm) { }

QString Reflection::filePath() const
{
    return QDir(m_vaultPath).filePath(relativePath());
}

Result<QList<ReflectionRecord>> Reflection::load() const
{
    auto objects =
        JsonLinesFile(m_vaultPath, relativePath(), QStringLiteral("id"))
            .read(QStringLiteral("not a reflection (%1); fix or delete the line"), QStringLiteral("needs an \"id\""));
    if (!objects)
        return objects.error();
    QList<ReflectionRecord> records;
    for (const QJsonObject &o : std::as_const(*objects))
        records << ReflectionRecord::fromJson(o);
    return records;
}

Status Reflection::write(const QList<ReflectionRecord> &all) const
{
    const QList<ReflectionRecord> records = all.size() > kMaxRecords ? all.mid(all.size() - kMaxRecords) : all;
    // Proposals come from an LLM that read the sessions: they pass the gate like anything else an agent says.
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate)
        return gate.error();
    QList<QJsonObject> objects;
    for (const ReflectionRecord &r : records)
        objects << gate->clean(r.toJson());
    return JsonLinesFile(m_vaultPath, relativePath(), QStringLiteral("id")).write(objects);
}

Result<ReflectionDue> Reflection::due(const QDateTime &now) const
{
    auto records = load();
    if (!records)
        return records.error();
    auto state = CognitiveStore(m_vaultPath).load();
    if (!state)
        return state.error();
    ReflectionDue d;
    const int total = state->engagement.totalInteractions;
    if (records->isEmpty()) {
        d.interactionsSince = total;
    } else {
        d.interactionsSince = total - records->last().interactionsAt;
        d.hoursSince = double(records->last().time.secsTo(now)) / 3600.0;
    }
    const bool enoughTurns = d.interactionsSince >= kMinInteractions;
    const bool enoughTime = d.hoursSince < 0 || d.hoursSince >= kMinHours;
    d.due = enoughTurns && enoughTime;
    const QString since = d.hoursSince < 0 ? QStringLiteral("no reflection yet")
                                           : QStringLiteral("%1 h since the last").arg(d.hoursSince, 0, 'f', 1);
    d.reason = QStringLiteral("%1 interactions and %2 (due at %3 interactions and %4 h)")
                   .arg(d.interactionsSince)
                   .arg(since)
                   .arg(kMinInteractions)
                   .arg(kMinHours);
    return d;
}

QString Reflection::prompt(const CognitiveState &s)
{
    QString p =
        QStringLiteral("Focus: %1\n").arg(s.focus.current.isEmpty() ? QStringLiteral("(none)") : s.focus.current);
    if (!s.focus.priorities.isEmpty())
        p += QStringLiteral("Priorities: %1\n").arg(s.focus.priorities.join(QStringLiteral("; ")));
    p += QStringLiteral("Heuristics (times they worked):\n");
    for (int i : s.heuristicsByUse())
        p += QStringLiteral("- %1 (%2)\n").arg(s.heuristics[i].text).arg(s.heuristics[i].useCount);
    p += QStringLiteral("Recent learnings:\n");
    for (const Learning &l : s.learnings.mid(qMax<qsizetype>(0, s.learnings.size() - kLearningsInPrompt)))
        p += QStringLiteral("- [%1] %2\n").arg(l.category, l.text);
    if (!s.avoidances.isEmpty())
        p += QStringLiteral("Avoidances:\n- %1\n").arg(s.avoidances.join(QStringLiteral("\n- ")));
    p += QStringLiteral("Engagement: %1 meaningful of %2 interactions.\n"
                        "What insights, patterns and open questions emerge?")
             .arg(s.engagement.meaningfulInteractions)
             .arg(s.engagement.totalInteractions);
    return p;
}

Result<QList<Learning>> Reflection::parseProposals(const QString &text)
{
    QList<Learning> out;
    auto add = [&out](const QStringList &texts, const QString &category, const QString &prefix) {
        for (const QString &t : texts)
            if (out.size() < kMaxProposals)
                out << Learning{prefix + t, category, {}, {}};
    };
    const qsizetype open = text.indexOf(QLatin1Char('{'));
    const qsizetype close = text.lastIndexOf(QLatin1Char('}'));
    if (open >= 0 && close > open) {
        const QJsonDocument doc = QJsonDocument::fromJson(text.mid(open, close - open + 1).toUtf8());
        if (doc.isObject()) {
            const QJsonObject o = doc.object();
            add(stringsOf(o.value(QStringLiteral("insights"))), QStringLiteral("insight"), {});
            add(stringsOf(o.value(QStringLiteral("patterns"))), QStringLiteral("pattern"), {});
            add(stringsOf(o.value(QStringLiteral("questions"))), QStringLiteral("insight"),
                QStringLiteral("Open question: "));
            if (!out.isEmpty())
                return out;
        }
    }
    // Markdown: a heading or label naming the list, then bullets.
    static const QRegularExpression label(
        QStringLiteral(R"(^\s*(?:#+\s*|\*\*)?(insights?|patterns?|(?:open )?questions?)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression bullet(QStringLiteral(R"(^\s*(?:[-*•]|\d+[.)])\s+(.+)$)"));
    QString current;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (const auto m = label.match(line); m.hasMatch()) {
            current = m.captured(1).toLower();
            continue;
        }
        const auto b = bullet.match(line);
        if (!b.hasMatch() || current.isEmpty())
            continue;
        const QString item = b.captured(1).simplified().remove(QStringLiteral("**"));
        if (current.startsWith(QLatin1String("insight")))
            add({item}, QStringLiteral("insight"), {});
        else if (current.startsWith(QLatin1String("pattern")))
            add({item}, QStringLiteral("pattern"), {});
        else
            add({item}, QStringLiteral("insight"), QStringLiteral("Open question: "));
    }
    if (out.isEmpty())
        return Error{QStringLiteral("the model's answer holds no insights, patterns or questions in the form asked "
                                    "for; it began: \"%1\"")
                         .arg(text.simplified().left(160))};
    return out;
}

Result<ReflectionRecord> Reflection::reflect(const QDateTime &now) const
{
    if (!m_llm.configured())
        return Error{QStringLiteral("reflection is unavailable: no llm endpoint in engram.json (add \"llm\": "
                                    "{\"kind\": \"ollama\", \"url\": \"http://127.0.0.1:11434\", \"model\": \"…\"})")};
    auto records = load();
    if (!records)
        return records.error();
    auto state = CognitiveStore(m_vaultPath).load();
    if (!state)
        return state.error();

    // A little warmth: the same state need not give the same reflection twice.
    const auto text = ChatCall(m_llm, ChatOptions{0.2, 0, true}).ask(kSystemPrompt, prompt(*state));
    if (!text)
        return Error{QStringLiteral("reflection failed, nothing was changed: %1").arg(text.error().message)};
    auto proposals = parseProposals(*text);
    if (!proposals)
        return Error{QStringLiteral("reflection failed, nothing was changed: %1").arg(proposals.error().message)};

    ReflectionRecord r;
    r.id = QStringLiteral("r-") + now.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    for (int n = 2;
         std::any_of(records->cbegin(), records->cend(), [&](const ReflectionRecord &x) { return x.id == r.id; }); ++n)
        r.id = QStringLiteral("r-%1-%2").arg(now.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss"))).arg(n);
    r.time = now;
    r.model = m_llm.model;
    r.endpoint = m_llm.kind;
    r.interactionsAt = state->engagement.totalInteractions;
    r.proposals = *proposals;
    for (Learning &l : r.proposals)
        l.context = QStringLiteral("reflection %1 (%2)").arg(r.id, m_llm.model);
    QList<ReflectionRecord> all = *records;
    all << r;
    if (Status s = write(all); !s)
        return s.error();
    return r;
}

Status Reflection::accept(const QString &id, const QList<int> &which, const QDateTime &now) const
{
    auto records = load();
    if (!records)
        return records.error();
    auto it = std::find_if(records->begin(), records->end(), [&](const ReflectionRecord &r) { return r.id == id; });
    if (it == records->end())
        return Error{QStringLiteral("there is no reflection \"%1\"; `engram-cli reflect --list` shows them").arg(id)};
    if (it->status != QLatin1String("proposed"))
        return Error{QStringLiteral("reflection %1 was already %2").arg(id, it->status)};
    QList<Learning> chosen;
    for (int i = 0; i < it->proposals.size(); ++i)
        if (which.isEmpty() || which.contains(i))
            chosen << it->proposals[i];
    for (int i : which)
        if (i < 0 || i >= it->proposals.size())
            return Error{QStringLiteral("reflection %1 has no proposal %2 (it has %3)")
                             .arg(id)
                             .arg(i + 1)
                             .arg(it->proposals.size())};
    Status s = CognitiveStore(m_vaultPath).edit([&](CognitiveState &state) -> Status {
        for (Learning l : std::as_const(chosen)) {
            l.context = QStringLiteral("reflection %1 (%2), accepted").arg(id, it->model);
            l.timestamp = now;
            state.appendLearning(l);
        }
        return {};
    });
    if (!s)
        return s;
    it->status = QStringLiteral("applied");
    it->decidedAt = now;
    return write(*records);
}

Status Reflection::dismiss(const QString &id, const QDateTime &now) const
{
    auto records = load();
    if (!records)
        return records.error();
    auto it = std::find_if(records->begin(), records->end(), [&](const ReflectionRecord &r) { return r.id == id; });
    if (it == records->end())
        return Error{QStringLiteral("there is no reflection \"%1\"").arg(id)};
    it->status = QStringLiteral("dismissed");
    it->decidedAt = now;
    return write(*records);
}

Status Reflection::propose(const ReflectionRecord &record) const
{
    auto records = load();
    if (!records)
        return records.error();
    if (std::any_of(records->cbegin(), records->cend(), [&](const ReflectionRecord &r) { return r.id == record.id; }))
        return {};
    *records << record;
    return write(*records);
}

} // namespace engram
