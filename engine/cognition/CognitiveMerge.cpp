#include "cognition/CognitiveMerge.h"

#include "cognition/Reflection.h"

#include <QCryptographicHash>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <functional>
#include <optional>

namespace engram {

namespace {

QString identity(const QString &text)
{
    return text.simplified().toLower();
}

QSet<QString> wordsOf(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[^\\w]+"));
    const QStringList words = identity(text).split(separators, Qt::SkipEmptyParts);
    return QSet<QString>(words.cbegin(), words.cend());
}

double overlap(const QString &a, const QString &b)
{
    const QSet<QString> x = wordsOf(a);
    const QSet<QString> y = wordsOf(b);
    if (x.isEmpty() && y.isEmpty())
        return 1.0;
    const QSet<QString> both = QSet<QString>(x).intersect(y);
    return double(both.size()) / double(QSet<QString>(x).unite(y).size());
}

constexpr double kSameItemOverlap = 0.5;

/// A value both sides may have changed: the side that changed it wins; when both changed it
/// differently, mine is kept and `conflicted` is set.
template <typename T>
T pick(const T &base, const T &mine, const T &theirs, bool *conflicted = nullptr)
{
    if (mine == base)
        return theirs;
    if (theirs == base || theirs == mine)
        return mine;
    if (conflicted)
        *conflicted = true;
    return mine;
}

/// A counter both sides advanced: the ancestor plus each side's increment.
int added(int base, int mine, int theirs)
{
    return std::max(0, mine + theirs - base);
}

QDateTime later(const QDateTime &a, const QDateTime &b)
{
    if (!a.isValid())
        return b;
    if (!b.isValid())
        return a;
    return std::max(a, b);
}

/// How one item type merges: its text, and the merge of three versions of one item.
template <typename T>
struct ItemRules {
    QString kind;
    std::function<QString(const T &)> text;
    /// Merges one item; a text, category or context both sides changed differently is a conflict.
    std::function<T(const T &base, const T &mine, const T &theirs, bool *conflicted)> merge;
};

/// For each ancestor item a side no longer has by identity, the item that side added with the
/// most words in common (at least kSameItemOverlap): the same item, edited.
template <typename T>
QHash<QString, QString> editsOf(const QList<T> &base, const QHash<QString, T> &side, const QSet<QString> &baseKeys,
                                const ItemRules<T> &rules, const QStringList &sideOrder)
{
    QHash<QString, QString> edits;
    QSet<QString> claimed;
    for (const T &item : base) {
        const QString key = identity(rules.text(item));
        if (side.contains(key))
            continue;
        QString best;
        double bestOverlap = kSameItemOverlap;
        for (const QString &candidate : sideOrder) {
            if (baseKeys.contains(candidate) || claimed.contains(candidate))
                continue;
            const double o = overlap(rules.text(item), rules.text(side.value(candidate)));
            if (o >= bestOverlap) {
                best = candidate;
                bestOverlap = o + 1e-9; // the first of equals
            }
        }
        if (!best.isEmpty()) {
            edits.insert(key, best);
            claimed.insert(best);
        }
    }
    return edits;
}

template <typename T>
QList<T> mergeList(const QList<T> &base, const QList<T> &mine, const QList<T> &theirs, const T &empty,
                   const ItemRules<T> &rules, QList<CognitiveConflict> &conflicts)
{
    auto byKey = [&](const QList<T> &list, QStringList &order) {
        QHash<QString, T> out;
        for (const T &item : list) {
            const QString key = identity(rules.text(item));
            if (key.isEmpty() || out.contains(key))
                continue;
            out.insert(key, item);
            order << key;
        }
        return out;
    };
    QStringList baseOrder, mineOrder, theirsOrder;
    const QHash<QString, T> b = byKey(base, baseOrder);
    const QHash<QString, T> m = byKey(mine, mineOrder);
    const QHash<QString, T> t = byKey(theirs, theirsOrder);
    const QSet<QString> baseKeys(baseOrder.cbegin(), baseOrder.cend());
    const QHash<QString, QString> mineEdits = editsOf(base, m, baseKeys, rules, mineOrder);
    const QHash<QString, QString> theirsEdits = editsOf(base, t, baseKeys, rules, theirsOrder);

    // What each ancestor item became on each side: its key there, or nothing (removed).
    auto onSide = [](const QString &key, const QHash<QString, T> &side,
                     const QHash<QString, QString> &edits) -> std::optional<QString> {
        if (side.contains(key))
            return key;
        if (edits.contains(key))
            return edits.value(key);
        return std::nullopt;
    };
    auto mergeOne = [&](const T &ancestor, const T &a, const T &c) {
        bool conflicted = false;
        T merged = rules.merge(ancestor, a, c, &conflicted);
        if (conflicted)
            conflicts << CognitiveConflict{rules.kind, rules.text(ancestor), rules.text(a), rules.text(c)};
        return merged;
    };

    QHash<QString, T> result; // by the key the merged item takes in mine's order
    QSet<QString> usedTheirs; // their keys accounted for
    QList<T> tail;            // kept items that mine no longer has (their additions, edits mine removed)
    for (const QString &key : baseOrder) {
        const std::optional<QString> mk = onSide(key, m, mineEdits);
        const std::optional<QString> tk = onSide(key, t, theirsEdits);
        if (tk)
            usedTheirs.insert(*tk);
        const bool mineChanged = mk && (*mk != key || rules.text(m.value(*mk)) != rules.text(b.value(key)));
        const bool theirsChanged = tk && (*tk != key || rules.text(t.value(*tk)) != rules.text(b.value(key)));
        if (mk && tk)
            result.insert(*mk, mergeOne(b.value(key), m.value(*mk), t.value(*tk)));
        else if (mk && mineChanged)
            result.insert(*mk, m.value(*mk)); // edited here, removed there: the edit is kept
        else if (tk && theirsChanged)
            tail << t.value(*tk); // removed here, edited there: the edit is kept
        // else removed on one side (or both) and left alone on the other: removed
    }
    for (const QString &key : mineOrder)
        if (!baseKeys.contains(key) && !result.contains(key)) {
            if (t.contains(key)) { // added on both sides
                usedTheirs.insert(key);
                result.insert(key, mergeOne(empty, m.value(key), t.value(key)));
            } else {
                result.insert(key, m.value(key));
            }
        }
    for (const QString &key : theirsOrder)
        if (!baseKeys.contains(key) && !usedTheirs.contains(key) && !result.contains(key))
            tail << t.value(key);

    QList<T> out;
    for (const QString &key : mineOrder)
        if (result.contains(key))
            out << result.value(key);
    out << tail;
    return out;
}

CognitiveConflict conflictOf(const QString &kind, const QString &base, const QString &mine, const QString &theirs)
{
    return CognitiveConflict{kind, base, mine, theirs};
}

QString jsonText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isUndefined())
        return {};
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace

QJsonObject CognitiveConflict::toJson() const
{
    return QJsonObject{{QStringLiteral("kind"), kind},
                       {QStringLiteral("base"), base},
                       {QStringLiteral("mine"), mine},
                       {QStringLiteral("theirs"), theirs}};
}

CognitiveConflict CognitiveConflict::fromJson(const QJsonObject &o)
{
    return CognitiveConflict{o.value(QStringLiteral("kind")).toString(), o.value(QStringLiteral("base")).toString(),
                             o.value(QStringLiteral("mine")).toString(), o.value(QStringLiteral("theirs")).toString()};
}

CognitiveMergeResult mergeCognitive(const CognitiveState &base, const CognitiveState &mine,
                                    const CognitiveState &theirs)
{
    CognitiveMergeResult out;
    QList<CognitiveConflict> &conflicts = out.conflicts;
    CognitiveState &merged = out.merged;

    const ItemRules<Heuristic> heuristicRules{
        QStringLiteral("heuristic"), [](const Heuristic &h) { return h.text; },
        [](const Heuristic &b, const Heuristic &m, const Heuristic &t, bool *conflicted) {
            Heuristic h;
            h.text = pick(b.text, m.text, t.text, conflicted);
            h.source = pick(b.source, m.source, t.source);
            h.useCount = added(b.useCount, m.useCount, t.useCount);
            h.lastUsed = later(m.lastUsed, t.lastUsed);
            return h;
        }};
    const ItemRules<Learning> learningRules{
        QStringLiteral("learning"), [](const Learning &l) { return l.text; },
        [](const Learning &b, const Learning &m, const Learning &t, bool *conflicted) {
            Learning l;
            l.text = pick(b.text, m.text, t.text, conflicted);
            l.category = pick(b.category, m.category, t.category, conflicted);
            l.context = pick(b.context, m.context, t.context, conflicted);
            l.timestamp = pick(b.timestamp, m.timestamp, t.timestamp);
            return l;
        }};
    auto textRules = [](const QString &kind) {
        return ItemRules<QString>{kind, [](const QString &s) { return s; },
                                  [](const QString &b, const QString &m, const QString &t, bool *conflicted) {
                                      return pick(b, m, t, conflicted);
                                  }};
    };

    merged.heuristics =
        mergeList(base.heuristics, mine.heuristics, theirs.heuristics, Heuristic{}, heuristicRules, conflicts);
    merged.learnings =
        mergeList(base.learnings, mine.learnings, theirs.learnings, Learning{}, learningRules, conflicts);
    // Oldest first and bounded, as appendLearning() keeps them.
    std::stable_sort(merged.learnings.begin(), merged.learnings.end(), [](const Learning &a, const Learning &b) {
        return a.timestamp.isValid() && b.timestamp.isValid() && a.timestamp < b.timestamp;
    });
    if (merged.learnings.size() > CognitiveState::kMaxLearnings)
        merged.learnings = merged.learnings.mid(merged.learnings.size() - CognitiveState::kMaxLearnings);
    merged.avoidances = mergeList(base.avoidances, mine.avoidances, theirs.avoidances, QString(),
                                  textRules(QStringLiteral("avoidance")), conflicts);
    merged.focus.priorities = mergeList(base.focus.priorities, mine.focus.priorities, theirs.focus.priorities,
                                        QString(), textRules(QStringLiteral("priority")), conflicts);
    bool focusConflict = false;
    merged.focus.current = pick(base.focus.current, mine.focus.current, theirs.focus.current, &focusConflict);
    if (focusConflict)
        conflicts << conflictOf(QStringLiteral("focus"), base.focus.current, mine.focus.current, theirs.focus.current);
    merged.focus.lastUpdated = later(mine.focus.lastUpdated, theirs.focus.lastUpdated);

    merged.engagement.meaningfulInteractions =
        added(base.engagement.meaningfulInteractions, mine.engagement.meaningfulInteractions,
              theirs.engagement.meaningfulInteractions);
    merged.engagement.totalInteractions = added(base.engagement.totalInteractions, mine.engagement.totalInteractions,
                                                theirs.engagement.totalInteractions);
    merged.engagement.lastMeaningfulAt = later(mine.engagement.lastMeaningfulAt, theirs.engagement.lastMeaningfulAt);

    // Unknown keys as whole values; conflicts waiting from earlier merges are kept from both sides.
    const QString proposalsKey = QString::fromLatin1(kMergeProposalsKey);
    QStringList keys = mine.extra.keys() + theirs.extra.keys() + base.extra.keys();
    keys.removeDuplicates();
    keys.sort();
    for (const QString &key : std::as_const(keys)) {
        if (key == proposalsKey)
            continue;
        bool conflicted = false;
        const QJsonValue value =
            pick(base.extra.value(key), mine.extra.value(key), theirs.extra.value(key), &conflicted);
        if (conflicted)
            conflicts << conflictOf(QStringLiteral("setting:") + key, jsonText(base.extra.value(key)),
                                    jsonText(mine.extra.value(key)), jsonText(theirs.extra.value(key)));
        if (!value.isUndefined())
            merged.extra.insert(key, value);
    }
    QJsonArray waiting;
    for (const CognitiveState *side : {&mine, &theirs})
        for (const QJsonValue &v : side->extra.value(proposalsKey).toArray())
            if (!waiting.contains(v))
                waiting.append(v);
    for (const CognitiveConflict &c : std::as_const(conflicts))
        if (!waiting.contains(c.toJson()))
            waiting.append(c.toJson());
    if (!waiting.isEmpty())
        merged.extra.insert(proposalsKey, waiting);
    return out;
}

Result<int> adoptMergeProposals(const QString &vaultPath, const QDateTime &now)
{
    const QString key = QString::fromLatin1(kMergeProposalsKey);
    CognitiveStore store(vaultPath);
    QFile file(store.filePath());
    if (!file.open(QIODevice::ReadOnly) || !file.readAll().contains(kMergeProposalsKey))
        return 0; // the common case, without parsing the state on every open
    auto state = store.load();
    if (!state)
        return state.error();
    const QJsonArray waiting = state->extra.value(key).toArray();
    if (waiting.isEmpty())
        return 0;
    ReflectionRecord record;
    record.id = QStringLiteral("merge-")
                + QString::fromLatin1(QCryptographicHash::hash(QJsonDocument(waiting).toJson(QJsonDocument::Compact),
                                                               QCryptographicHash::Sha1)
                                          .toHex()
                                          .left(12));
    record.time = now;
    record.model = QStringLiteral("merge");
    record.interactionsAt = state->engagement.totalInteractions;
    for (const QJsonValue &v : waiting) {
        const CognitiveConflict c = CognitiveConflict::fromJson(v.toObject());
        Learning l;
        l.text = c.theirs.isEmpty() ? c.mine : c.theirs;
        l.context = QStringLiteral("%1 edited on two machines; the state keeps \"%2\", this is the other version")
                        .arg(c.kind, c.mine);
        l.timestamp = now;
        record.proposals << l;
    }
    // The proposal is written first: a crash before the state is saved leaves the conflicts in
    // the state, and the next call finds the record by its id instead of adding it twice.
    if (Status s = Reflection(vaultPath, Endpoint{}).propose(record); !s)
        return s.error();
    if (Status s = store.edit([&](CognitiveState &edited) -> Status {
            edited.extra.remove(key);
            return {};
        });
        !s)
        return s.error();
    return int(waiting.size());
}

} // namespace engram
