// CognitiveStore: the `<engram-state>` preamble and the record of which
// heuristics the last pack carried (for crediting them on positive feedback).
#include "cognition/CognitiveState.h"
#include "redaction/RedactionGate.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSaveFile>

namespace engram {

namespace {

constexpr int kMaxHeuristics = 8;
constexpr int kMaxLearningsShown = 5;
constexpr int kMaxAvoidances = 8;
constexpr int kMaxItemChars = 240;

const QString kPackedFile = QStringLiteral(".engram/last-pack.json");

QString timeOfDay(int hour)
{
    if (hour < 5)
        return QStringLiteral("night");
    if (hour < 12)
        return QStringLiteral("morning");
    if (hour < 17)
        return QStringLiteral("afternoon");
    if (hour < 22)
        return QStringLiteral("evening");
    return QStringLiteral("night");
}

QString clip(const QString &text)
{
    const QString s = text.simplified();
    return s.size() > kMaxItemChars ? s.left(kMaxItemChars - 1) + QStringLiteral("…") : s;
}

/// Lines added in priority order while they fit in a character budget; a
/// section heading is added with the first item that fits under it.
class BudgetedText {
public:
    explicit BudgetedText(qsizetype budgetChars) : m_budget(budgetChars) { }

    bool add(const QString &line)
    {
        if (m_used + line.size() + 1 > m_budget)
            return false;
        m_lines << line;
        m_used += line.size() + 1;
        return true;
    }
    bool addUnder(const QString &heading, const QString &line)
    {
        if (m_headings.contains(heading))
            return add(line);
        if (m_used + heading.size() + line.size() + 2 > m_budget)
            return false;
        m_headings << heading;
        add(heading);
        return add(line);
    }
    QStringList lines() const { return m_lines; }

private:
    qsizetype m_budget;
    qsizetype m_used = 0;
    QStringList m_lines;
    QStringList m_headings;
};

} // namespace

QString CognitiveStore::renderPreamble(const CognitiveState &state, const QDateTime &now, int tokenBudget,
                                       QStringList *heuristicsShown)
{
    const QString open = QStringLiteral("<engram-state>");
    const QString close = QStringLiteral("</engram-state>");
    const qsizetype budgetChars = qsizetype(qMax(0, tokenBudget)) * 4 - open.size() - close.size() - 2;
    if (budgetChars <= 0)
        return {};
    BudgetedText text(budgetChars);

    const QDateTime local = now.toLocalTime();
    text.add(QStringLiteral("Now: %1 %2, %3")
                 .arg(QLocale::c().dayName(local.date().dayOfWeek()), timeOfDay(local.time().hour()),
                      local.toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
    if (!state.focus.current.isEmpty())
        text.add(QStringLiteral("Focus: %1").arg(clip(state.focus.current)));
    if (!state.focus.priorities.isEmpty())
        text.add(QStringLiteral("Priorities: %1").arg(clip(state.focus.priorities.join(QStringLiteral("; ")))));

    // Avoidances are short and costly to forget, so they come before heuristics.
    for (const QString &a : state.avoidances.mid(0, kMaxAvoidances))
        text.addUnder(QStringLiteral("Avoid:"), QStringLiteral("- ") + clip(a));

    const QList<int> order = state.heuristicsByUse();
    for (int i = 0; i < order.size() && i < kMaxHeuristics; ++i) {
        const Heuristic &h = state.heuristics[order[i]];
        const QString uses = h.useCount > 0 ? QStringLiteral(" (worked %1×)").arg(h.useCount) : QString();
        if (text.addUnder(QStringLiteral("What works:"), QStringLiteral("- ") + clip(h.text) + uses) && heuristicsShown)
            *heuristicsShown << h.text;
    }

    int shown = 0;
    for (qsizetype i = state.learnings.size() - 1; i >= 0 && shown < kMaxLearningsShown; --i, ++shown) {
        const Learning &l = state.learnings[i];
        text.addUnder(QStringLiteral("Recent learnings:"), QStringLiteral("- [%1] %2").arg(l.category, clip(l.text)));
    }

    return open + QLatin1Char('\n') + text.lines().join(QLatin1Char('\n')) + QLatin1Char('\n') + close;
}

QString CognitiveStore::preamble(const QDateTime &now, int tokenBudget)
{
    m_lastHeuristics.clear();
    if (!exists())
        return {};
    auto loaded = load();
    if (!loaded) {
        // Say so in the pack rather than hand the agent a silently empty state.
        return QStringLiteral("<engram-state>\nThe cognitive state could not be read (%1); run `engram-cli health`.\n"
                              "</engram-state>")
            .arg(loaded.error().toString())
            .left(qMax(0, tokenBudget) * 4);
    }
    // Each entry through the gate as it was written, before rendering folds its lines: a key's lines joined
    // by spaces and clipped are no recognisable key (a state file edited by hand reaches every pack).
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate)
        return QStringLiteral("<engram-state>\nThe cognitive state is not shown: %1.\n</engram-state>")
            .arg(gate.error().toString())
            .left(qMax(0, tokenBudget) * 4);
    auto clean = CognitiveState::fromJson(gate->clean(loaded->toJson()));
    if (!clean) // never the state as read instead: that is what the gate is for
        return QStringLiteral("<engram-state>\nThe cognitive state is not shown: %1.\n</engram-state>")
            .arg(clean.error().toString())
            .left(qMax(0, tokenBudget) * 4);
    return renderPreamble(*clean, now, tokenBudget, &m_lastHeuristics);
}

Status CognitiveStore::notePackedHeuristics(const QString &vaultPath, const QStringList &texts, const QDateTime &when)
{
    if (!QDir(vaultPath).mkpath(QStringLiteral(".engram")))
        return Error{QStringLiteral("cannot create the index folder"), QStringLiteral(".engram")};
    QSaveFile out(QDir(vaultPath).filePath(kPackedFile));
    if (!out.open(QIODevice::WriteOnly))
        return Error{out.errorString(), kPackedFile};
    out.write(QJsonDocument(QJsonObject{{QStringLiteral("time"), when.toUTC().toString(Qt::ISODate)},
                                        {QStringLiteral("heuristics"), QJsonArray::fromStringList(texts)}})
                  .toJson(QJsonDocument::Compact));
    if (!out.commit())
        return Error{out.errorString(), kPackedFile};
    return {};
}

QStringList CognitiveStore::packedHeuristics(const QString &vaultPath, QDateTime *when)
{
    QFile in(QDir(vaultPath).filePath(kPackedFile));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject o = QJsonDocument::fromJson(in.readAll()).object();
    if (when)
        *when = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODate);
    QStringList texts;
    for (const QJsonValue &v : o.value(QStringLiteral("heuristics")).toArray())
        texts << v.toString();
    return texts;
}

} // namespace engram
