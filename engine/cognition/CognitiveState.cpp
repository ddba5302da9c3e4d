#include "cognition/CognitiveState.h"

#include "core/VaultBoundary.h"
#include "redaction/RedactionGate.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace engram {

namespace {

QString isoTime(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODate) : QString();
}

QDateTime parseTime(const QJsonValue &v)
{
    QDateTime t = QDateTime::fromString(v.toString(), Qt::ISODate);
    return t.isValid() ? t : QDateTime();
}

/// 1-based line of the first `"key"` in `text`, or 0.
int lineOfKey(const QByteArray &text, const QString &key)
{
    const qsizetype at = text.indexOf(QByteArray("\"") + key.toUtf8() + "\"");
    return at < 0 ? 0 : int(text.left(at).count('\n')) + 1;
}

int lineOfOffset(const QByteArray &text, int offset)
{
    return int(text.left(offset).count('\n')) + 1;
}

Status indexError(const QString &kind, int index, int size)
{
    return Error{QStringLiteral("there is no %1 number %2 (there are %3)").arg(kind).arg(index + 1).arg(size)};
}

Status emptyError(const QString &kind)
{
    return Error{QStringLiteral("a %1 needs some text").arg(kind)};
}

template <typename List>
Status removeFrom(List &list, int index, const QString &kind)
{
    if (index < 0 || index >= list.size())
        return indexError(kind, index, int(list.size()));
    list.removeAt(index);
    return {};
}

Status checkLearning(const Learning &learning)
{
    if (learning.text.trimmed().isEmpty())
        return emptyError(QStringLiteral("learning"));
    if (!Learning::isValidCategory(learning.category))
        return Error{
            QStringLiteral("category \"%1\" is not one of insight, feedback, pattern, mistake").arg(learning.category)};
    return {};
}

} // namespace

bool Learning::isValidCategory(const QString &category)
{
    return category == QLatin1String("insight") || category == QLatin1String("feedback")
           || category == QLatin1String("pattern") || category == QLatin1String("mistake");
}

QJsonObject CognitiveState::toJson() const
{
    QJsonObject o = extra;
    o.insert(QStringLiteral("focus"),
             QJsonObject{{QStringLiteral("current"), focus.current},
                         {QStringLiteral("priorities"), QJsonArray::fromStringList(focus.priorities)},
                         {QStringLiteral("lastUpdated"), isoTime(focus.lastUpdated)}});
    QJsonArray hs;
    for (const Heuristic &h : heuristics)
        hs.append(QJsonObject{{QStringLiteral("text"), h.text},
                              {QStringLiteral("source"), h.source},
                              {QStringLiteral("useCount"), h.useCount},
                              {QStringLiteral("lastUsed"), isoTime(h.lastUsed)}});
    o.insert(QStringLiteral("heuristics"), hs);
    QJsonArray ls;
    for (const Learning &l : learnings)
        ls.append(QJsonObject{{QStringLiteral("text"), l.text},
                              {QStringLiteral("category"), l.category},
                              {QStringLiteral("context"), l.context},
                              {QStringLiteral("timestamp"), isoTime(l.timestamp)}});
    o.insert(QStringLiteral("learnings"), ls);
    o.insert(QStringLiteral("avoidances"), QJsonArray::fromStringList(avoidances));
    o.insert(QStringLiteral("engagement"),
             QJsonObject{{QStringLiteral("meaningfulInteractions"), engagement.meaningfulInteractions},
                         {QStringLiteral("totalInteractions"), engagement.totalInteractions},
                         {QStringLiteral("lastMeaningfulAt"), isoTime(engagement.lastMeaningfulAt)}});
    return o;
}

Result<CognitiveState> CognitiveState::fromJson(const QJsonObject &o)
{
    CognitiveState s;
    const QStringList known = {QStringLiteral("focus"), QStringLiteral("heuristics"), QStringLiteral("learnings"),
                               QStringLiteral("avoidances"), QStringLiteral("engagement")};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key()))
            s.extra.insert(it.key(), it.value());

    const QJsonValue focus = o.value(QStringLiteral("focus"));
    if (!focus.isUndefined() && !focus.isNull()) {
        if (!focus.isObject())
            return Error{QStringLiteral("`focus` must be an object with current, priorities and lastUpdated")};
        const QJsonObject f = focus.toObject();
        s.focus.current = f.value(QStringLiteral("current")).toString();
        const QJsonValue priorities = f.value(QStringLiteral("priorities"));
        if (!priorities.isUndefined() && !priorities.isArray())
            return Error{QStringLiteral("`focus.priorities` must be a list of strings")};
        for (const QJsonValue &p : priorities.toArray())
            s.focus.priorities << p.toString();
        s.focus.lastUpdated = parseTime(f.value(QStringLiteral("lastUpdated")));
    }

    const QJsonValue heuristics = o.value(QStringLiteral("heuristics"));
    if (!heuristics.isUndefined() && !heuristics.isArray())
        return Error{QStringLiteral("`heuristics` must be a list")};
    int n = 0;
    for (const QJsonValue &v : heuristics.toArray()) {
        ++n;
        Heuristic h;
        if (v.isString()) { // a person may write a bare string
            h.text = v.toString();
        } else if (v.isObject()) {
            const QJsonObject ho = v.toObject();
            h.text = ho.value(QStringLiteral("text")).toString();
            h.source = ho.value(QStringLiteral("source")).toString();
            h.useCount = ho.value(QStringLiteral("useCount")).toInt();
            h.lastUsed = parseTime(ho.value(QStringLiteral("lastUsed")));
        } else {
            return Error{QStringLiteral("heuristic %1 must be an object with text, source, useCount, lastUsed").arg(n)};
        }
        if (h.text.trimmed().isEmpty())
            return Error{QStringLiteral("heuristic %1 has no `text`").arg(n)};
        if (h.useCount < 0)
            return Error{QStringLiteral("heuristic %1 has a negative `useCount`").arg(n)};
        s.heuristics << h;
    }

    const QJsonValue learnings = o.value(QStringLiteral("learnings"));
    if (!learnings.isUndefined() && !learnings.isArray())
        return Error{QStringLiteral("`learnings` must be a list")};
    n = 0;
    for (const QJsonValue &v : learnings.toArray()) {
        ++n;
        if (!v.isObject())
            return Error{
                QStringLiteral("learning %1 must be an object with text, category, context, timestamp").arg(n)};
        const QJsonObject lo = v.toObject();
        Learning l;
        l.text = lo.value(QStringLiteral("text")).toString();
        l.category = lo.value(QStringLiteral("category")).toString(QStringLiteral("insight"));
        l.context = lo.value(QStringLiteral("context")).toString();
        l.timestamp = parseTime(lo.value(QStringLiteral("timestamp")));
        if (l.text.trimmed().isEmpty())
            return Error{QStringLiteral("learning %1 has no `text`").arg(n)};
        if (!Learning::isValidCategory(l.category))
            return Error{QStringLiteral("learning %1 has category \"%2\"; use insight, feedback, pattern or mistake")
                             .arg(n)
                             .arg(l.category)};
        s.learnings << l;
    }
    while (s.learnings.size() > kMaxLearnings)
        s.learnings.removeFirst();

    const QJsonValue avoidances = o.value(QStringLiteral("avoidances"));
    if (!avoidances.isUndefined() && !avoidances.isArray())
        return Error{QStringLiteral("`avoidances` must be a list of strings")};
    for (const QJsonValue &v : avoidances.toArray()) {
        if (!v.isString())
            return Error{QStringLiteral("`avoidances` must be a list of strings")};
        s.avoidances << v.toString();
    }

    const QJsonValue engagement = o.value(QStringLiteral("engagement"));
    if (!engagement.isUndefined() && !engagement.isNull()) {
        if (!engagement.isObject())
            return Error{QStringLiteral("`engagement` must be an object")};
        const QJsonObject e = engagement.toObject();
        s.engagement.meaningfulInteractions = e.value(QStringLiteral("meaningfulInteractions")).toInt();
        s.engagement.totalInteractions = e.value(QStringLiteral("totalInteractions")).toInt();
        s.engagement.lastMeaningfulAt = parseTime(e.value(QStringLiteral("lastMeaningfulAt")));
    }
    return s;
}

void CognitiveState::appendLearning(const Learning &learning)
{
    learnings << learning;
    while (learnings.size() > kMaxLearnings)
        learnings.removeFirst();
}

QList<int> CognitiveState::heuristicsByUse() const
{
    QList<int> order;
    for (int i = 0; i < heuristics.size(); ++i)
        order << i;
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
        const Heuristic &x = heuristics[a];
        const Heuristic &y = heuristics[b];
        if (x.useCount != y.useCount)
            return x.useCount > y.useCount;
        const qint64 tx = x.lastUsed.isValid() ? x.lastUsed.toMSecsSinceEpoch() : 0;
        const qint64 ty = y.lastUsed.isValid() ? y.lastUsed.toMSecsSinceEpoch() : 0;
        return tx > ty;
    });
    return order;
}

CognitiveStore::CognitiveStore(const QString &vaultPath) : m_vaultPath(vaultPath) { }

QString CognitiveStore::filePath() const
{
    return QDir(m_vaultPath).filePath(relativePath());
}

bool CognitiveStore::exists() const
{
    return QFileInfo::exists(filePath());
}

Result<CognitiveState> CognitiveStore::load()
{
    QFile file(filePath());
    if (!file.exists()) {
        m_loaded = true;
        m_existed = false;
        m_readHash.clear();
        m_state = CognitiveState{};
        return m_state;
    }
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read it: %1").arg(file.errorString()), relativePath()};
    const QByteArray bytes = file.readAll();
    CognitiveState state;
    if (!bytes.trimmed().isEmpty()) {
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
        if (parseError.error != QJsonParseError::NoError)
            return Error{QStringLiteral("not valid JSON: %1; fix it by hand (Engram will not overwrite it)")
                             .arg(parseError.errorString()),
                         relativePath(), lineOfOffset(bytes, parseError.offset)};
        if (!doc.isObject())
            return Error{QStringLiteral("must hold a JSON object { \"focus\": …, \"heuristics\": [ … ] }"),
                         relativePath(), 1};
        auto parsed = CognitiveState::fromJson(doc.object());
        if (!parsed) {
            // Point at the line of the key the message names.
            const QString message = parsed.error().message;
            int line = 1;
            for (const QString &key :
                 {QStringLiteral("priorities"), QStringLiteral("heuristics"), QStringLiteral("learnings"),
                  QStringLiteral("avoidances"), QStringLiteral("engagement"), QStringLiteral("focus")})
                if (message.contains(key.chopped(1), Qt::CaseInsensitive)) {
                    line = qMax(1, lineOfKey(bytes, key));
                    break;
                }
            return Error{message, relativePath(), line};
        }
        state = *parsed;
    }
    m_loaded = true;
    m_existed = true;
    m_readHash = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
    m_state = state;
    return m_state;
}

Result<CognitiveState> CognitiveStore::state()
{
    if (!m_loaded)
        return load();
    return m_state;
}

Status CognitiveStore::save(const CognitiveState &state)
{
    // The concurrent-edit check: the file must be exactly what load() read.
    QFile current(filePath());
    const bool existsNow = current.exists();
    if (!m_loaded) {
        if (existsNow)
            return Error{QStringLiteral("the file exists but was not read first; reload before saving"),
                         relativePath()};
    } else if (existsNow != m_existed) {
        return Error{existsNow ? QStringLiteral("the file was created by someone else since it was read; "
                                                "reload it and apply the change again")
                               : QStringLiteral("the file was deleted since it was read; reload before saving"),
                     relativePath()};
    } else if (existsNow) {
        if (!current.open(QIODevice::ReadOnly))
            return Error{QStringLiteral("cannot read it: %1").arg(current.errorString()), relativePath()};
        if (QCryptographicHash::hash(current.readAll(), QCryptographicHash::Sha1) != m_readHash)
            return Error{QStringLiteral("the file changed on disk since it was read (edited by hand?); "
                                        "nothing was overwritten: reload it and apply the change again"),
                         relativePath()};
    }

    // Learnings, focus and heuristics come from the learner, reflection, MCP and the state editor, and every
    // session-start pack prints them: no secret is kept in them, whoever wrote it.
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate)
        return gate.error();
    const QJsonObject clean = gate->clean(state.toJson());
    const QByteArray bytes = QJsonDocument(clean).toJson(QJsonDocument::Indented);
    if (Status s = VaultBoundary(m_vaultPath).writeFile(relativePath(), bytes); !s)
        return s;
    m_loaded = true;
    m_existed = true;
    m_readHash = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
    if (gate->redactions() == 0) {
        m_state = state;
    } else if (auto reread = CognitiveState::fromJson(clean)) {
        m_state = *reread;
    } else {
        m_state = state;
    }
    return {};
}

Status CognitiveStore::edit(const std::function<Status(CognitiveState &)> &change)
{
    auto loaded = state();
    if (!loaded)
        return loaded.error();
    CognitiveState copy = *loaded;
    if (Status s = change(copy); !s)
        return s;
    return save(copy);
}

Status CognitiveStore::addHeuristic(const QString &text, const QString &source)
{
    return edit([&](CognitiveState &s) -> Status {
        if (text.trimmed().isEmpty())
            return emptyError(QStringLiteral("heuristic"));
        for (const Heuristic &h : std::as_const(s.heuristics))
            if (h.text.compare(text.trimmed(), Qt::CaseInsensitive) == 0)
                return Error{QStringLiteral("that heuristic is already there")};
        s.heuristics << Heuristic{text.trimmed(), source, 0, {}};
        return {};
    });
}

Status CognitiveStore::updateHeuristic(int index, const QString &text)
{
    return edit([&](CognitiveState &s) -> Status {
        if (index < 0 || index >= s.heuristics.size())
            return indexError(QStringLiteral("heuristic"), index, int(s.heuristics.size()));
        if (text.trimmed().isEmpty())
            return emptyError(QStringLiteral("heuristic"));
        s.heuristics[index].text = text.trimmed();
        return {};
    });
}

Status CognitiveStore::removeHeuristic(int index)
{
    return edit(
        [&](CognitiveState &s) -> Status { return removeFrom(s.heuristics, index, QStringLiteral("heuristic")); });
}

Status CognitiveStore::addLearning(const Learning &learning)
{
    return edit([&](CognitiveState &s) -> Status {
        if (Status valid = checkLearning(learning); !valid)
            return valid;
        Learning l = learning;
        if (!l.timestamp.isValid())
            l.timestamp = QDateTime::currentDateTimeUtc();
        s.appendLearning(l);
        return {};
    });
}

Status CognitiveStore::updateLearning(int index, const Learning &learning)
{
    return edit([&](CognitiveState &s) -> Status {
        if (index < 0 || index >= s.learnings.size())
            return indexError(QStringLiteral("learning"), index, int(s.learnings.size()));
        if (Status valid = checkLearning(learning); !valid)
            return valid;
        Learning l = learning;
        if (!l.timestamp.isValid())
            l.timestamp = s.learnings[index].timestamp;
        s.learnings[index] = l;
        return {};
    });
}

Status CognitiveStore::removeLearning(int index)
{
    return edit(
        [&](CognitiveState &s) -> Status { return removeFrom(s.learnings, index, QStringLiteral("learning")); });
}

Status CognitiveStore::addAvoidance(const QString &text)
{
    return edit([&](CognitiveState &s) -> Status {
        if (text.trimmed().isEmpty())
            return emptyError(QStringLiteral("avoidance"));
        if (s.avoidances.contains(text.trimmed(), Qt::CaseInsensitive))
            return Error{QStringLiteral("that avoidance is already there")};
        s.avoidances << text.trimmed();
        return {};
    });
}

Status CognitiveStore::updateAvoidance(int index, const QString &text)
{
    return edit([&](CognitiveState &s) -> Status {
        if (index < 0 || index >= s.avoidances.size())
            return indexError(QStringLiteral("avoidance"), index, int(s.avoidances.size()));
        if (text.trimmed().isEmpty())
            return emptyError(QStringLiteral("avoidance"));
        s.avoidances[index] = text.trimmed();
        return {};
    });
}

Status CognitiveStore::removeAvoidance(int index)
{
    return edit(
        [&](CognitiveState &s) -> Status { return removeFrom(s.avoidances, index, QStringLiteral("avoidance")); });
}

Status CognitiveStore::setFocus(const QString &current, const QStringList &priorities, const QDateTime &now)
{
    return edit([&](CognitiveState &s) -> Status {
        s.focus.current = current.trimmed();
        s.focus.priorities.clear();
        for (const QString &p : priorities)
            if (!p.trimmed().isEmpty())
                s.focus.priorities << p.trimmed();
        s.focus.lastUpdated = now.isValid() ? now : QDateTime::currentDateTimeUtc();
        return {};
    });
}

Result<int> CognitiveStore::creditHeuristics(const QStringList &texts, const QDateTime &now)
{
    int credited = 0;
    Status s = edit([&](CognitiveState &state) -> Status {
        for (Heuristic &h : state.heuristics)
            if (texts.contains(h.text)) {
                ++h.useCount;
                h.lastUsed = now;
                ++credited;
            }
        return {};
    });
    if (!s)
        return s.error();
    return credited;
}

Status CognitiveStore::recordInteraction(bool meaningful, const QDateTime &now)
{
    return edit([&](CognitiveState &s) -> Status {
        ++s.engagement.totalInteractions;
        if (meaningful) {
            ++s.engagement.meaningfulInteractions;
            s.engagement.lastMeaningfulAt = now;
        }
        return {};
    });
}

} // namespace engram
