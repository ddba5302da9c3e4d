#include "JsonSchema.h"

#include "core/JsonNumber.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace engram::mcp {

namespace {

bool hasType(const QJsonValue &v, const QString &type)
{
    if (type == QLatin1String("string"))
        return v.isString();
    if (type == QLatin1String("boolean"))
        return v.isBool();
    if (type == QLatin1String("number"))
        return v.isDouble();
    if (type == QLatin1String("integer"))
        return v.isDouble() && JsonNumber::isExactInteger(v.toDouble());
    if (type == QLatin1String("object"))
        return v.isObject();
    if (type == QLatin1String("array"))
        return v.isArray();
    if (type == QLatin1String("null"))
        return v.isNull();
    return false;
}

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return hasType(v, QStringLiteral("integer")) ? QStringLiteral("an integer") : QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("missing");
}

QString article(const QString &type)
{
    const bool vowel =
        type.startsWith(QLatin1Char('a')) || type.startsWith(QLatin1Char('i')) || type.startsWith(QLatin1Char('o'));
    return (vowel ? QStringLiteral("an ") : QStringLiteral("a ")) + type;
}

QString render(const QJsonValue &v)
{
    if (v.isString())
        return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace

Status JsonSchema::validate(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    const QJsonValue typeValue = schema.value(QStringLiteral("type"));
    if (!typeValue.isUndefined()) {
        QStringList types;
        if (typeValue.isArray()) {
            for (const QJsonValue &t : typeValue.toArray())
                types << t.toString();
        } else {
            types << typeValue.toString();
        }
        bool matched = false;
        for (const QString &t : types)
            matched = matched || hasType(value, t);
        if (!matched) {
            QStringList wanted;
            for (const QString &t : types)
                wanted << article(t);
            return Error{QStringLiteral("%1 must be %2, not %3")
                             .arg(path, wanted.join(QStringLiteral(" or ")), typeName(value))};
        }
    }
    if (schema.contains(QStringLiteral("enum"))) {
        const QJsonArray allowed = schema.value(QStringLiteral("enum")).toArray();
        if (!allowed.contains(value)) {
            QStringList names;
            for (const QJsonValue &a : allowed)
                names << render(a);
            return Error{QStringLiteral("%1 must be one of %2, not %3")
                             .arg(path, names.join(QStringLiteral(", ")), render(value))};
        }
    }
    if (value.isDouble()) {
        const double v = value.toDouble();
        if (schema.contains(QStringLiteral("minimum")) && v < schema.value(QStringLiteral("minimum")).toDouble())
            return Error{QStringLiteral("%1 must be at least %2, not %3")
                             .arg(path, render(schema.value(QStringLiteral("minimum"))), render(value))};
        if (schema.contains(QStringLiteral("maximum")) && v > schema.value(QStringLiteral("maximum")).toDouble())
            return Error{QStringLiteral("%1 must be at most %2, not %3")
                             .arg(path, render(schema.value(QStringLiteral("maximum"))), render(value))};
    }
    if (value.isString()) {
        const qsizetype length = value.toString().size();
        if (schema.contains(QStringLiteral("minLength")) && length < schema.value(QStringLiteral("minLength")).toInt())
            return Error{QStringLiteral("%1 must have at least %2 characters")
                             .arg(path)
                             .arg(schema.value(QStringLiteral("minLength")).toInt())};
        if (schema.contains(QStringLiteral("maxLength")) && length > schema.value(QStringLiteral("maxLength")).toInt())
            return Error{QStringLiteral("%1 must have at most %2 characters, not %3")
                             .arg(path)
                             .arg(schema.value(QStringLiteral("maxLength")).toInt())
                             .arg(length)};
    }
    if (value.isArray()) {
        const QJsonArray items = value.toArray();
        if (schema.contains(QStringLiteral("minItems"))
            && items.size() < schema.value(QStringLiteral("minItems")).toInt())
            return Error{QStringLiteral("%1 must have at least %2 items")
                             .arg(path)
                             .arg(schema.value(QStringLiteral("minItems")).toInt())};
        if (schema.contains(QStringLiteral("maxItems"))
            && items.size() > schema.value(QStringLiteral("maxItems")).toInt())
            return Error{QStringLiteral("%1 must have at most %2 items")
                             .arg(path)
                             .arg(schema.value(QStringLiteral("maxItems")).toInt())};
        const QJsonObject itemSchema = schema.value(QStringLiteral("items")).toObject();
        for (qsizetype i = 0; i < items.size(); ++i)
            if (Status s = validate(items.at(i), itemSchema, QStringLiteral("%1[%2]").arg(path).arg(i)); !s)
                return s;
    }
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
        const bool closed = schema.value(QStringLiteral("additionalProperties")) == QJsonValue(false);
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            const QString field = path + QLatin1Char('.') + it.key();
            if (!properties.contains(it.key())) {
                if (closed)
                    return Error{QStringLiteral("%1 is not a known argument; the arguments are %2")
                                     .arg(field, properties.keys().join(QStringLiteral(", ")))};
                continue;
            }
            if (Status s = validate(it.value(), properties.value(it.key()).toObject(), field); !s)
                return s;
        }
        // After the unknown-name check, so a misspelt argument is named as such rather than as a missing one.
        for (const QJsonValue &name : schema.value(QStringLiteral("required")).toArray())
            if (!object.contains(name.toString()))
                return Error{QStringLiteral("%1.%2 is required").arg(path, name.toString())};
    }
    return {};
}

} // namespace engram::mcp
