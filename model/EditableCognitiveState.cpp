#include "EditableCognitiveState.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace engram {

namespace {

QDateTime readTime(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODate);
}

QJsonValue writeTime(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(time.toUTC().toString(Qt::ISODate)) : QJsonValue();
}

QStringList readStrings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << (v.isObject() ? v.toObject().value(QLatin1String("text")).toString() : v.toString());
    return out;
}

} // namespace

Result<EditableCognitiveState> EditableCognitiveState::fromJson(const QByteArray &json)
{
    EditableCognitiveState state;
    if (json.trimmed().isEmpty())
        return state;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return Error{QStringLiteral("not valid JSON at offset %1: %2").arg(error.offset).arg(error.errorString())};
    if (!document.isObject())
        return Error{QStringLiteral("the top level must be an object")};
    const QJsonObject root = document.object();
    state.other = root;
    const QJsonObject focus = root.value(QLatin1String("focus")).toObject();
    state.focus.current = focus.value(QLatin1String("current")).toString();
    state.focus.priorities = readStrings(focus.value(QLatin1String("priorities")));
    state.focus.lastUpdated = readTime(focus.value(QLatin1String("lastUpdated")));
    for (const QJsonValue &v : root.value(QLatin1String("heuristics")).toArray()) {
        const QJsonObject o = v.toObject();
        state.heuristics << Heuristic{o.value(QLatin1String("text")).toString(), o.value(QLatin1String("source")).toString(),
                                      o.value(QLatin1String("useCount")).toInt(), readTime(o.value(QLatin1String("lastUsed")))};
    }
    for (const QJsonValue &v : root.value(QLatin1String("learnings")).toArray()) {
        const QJsonObject o = v.toObject();
        state.learnings << Learning{o.value(QLatin1String("text")).toString(), o.value(QLatin1String("category")).toString(),
                                    o.value(QLatin1String("context")).toString(),
                                    readTime(o.value(QLatin1String("timestamp")))};
    }
    state.avoidances = readStrings(root.value(QLatin1String("avoidances")));
    return state;
}

QByteArray EditableCognitiveState::toJson() const
{
    QJsonObject root = other;
    QJsonObject focusObject = root.value(QLatin1String("focus")).toObject();
    focusObject.insert(QLatin1String("current"), focus.current);
    focusObject.insert(QLatin1String("priorities"), QJsonArray::fromStringList(focus.priorities));
    focusObject.insert(QLatin1String("lastUpdated"), writeTime(focus.lastUpdated));
    root.insert(QLatin1String("focus"), focusObject);
    QJsonArray heuristicArray;
    for (const Heuristic &h : heuristics)
        heuristicArray.append(QJsonObject{{QLatin1String("text"), h.text},
                                          {QLatin1String("source"), h.source},
                                          {QLatin1String("useCount"), h.useCount},
                                          {QLatin1String("lastUsed"), writeTime(h.lastUsed)}});
    root.insert(QLatin1String("heuristics"), heuristicArray);
    QJsonArray learningArray;
    for (const Learning &l : learnings)
        learningArray.append(QJsonObject{{QLatin1String("text"), l.text},
                                         {QLatin1String("category"), l.category},
                                         {QLatin1String("context"), l.context},
                                         {QLatin1String("timestamp"), writeTime(l.timestamp)}});
    root.insert(QLatin1String("learnings"), learningArray);
    root.insert(QLatin1String("avoidances"), QJsonArray::fromStringList(avoidances));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace engram
