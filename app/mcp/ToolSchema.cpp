#include "ToolSchema.h"

#include "ingest/Tagger.h"

#include <QJsonArray>

namespace engram::mcp::schema {

QJsonObject str(const QString &description)
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("string")}};
    if (!description.isEmpty())
        o.insert(QStringLiteral("description"), description);
    return o;
}

QJsonObject nonEmptyString(const QString &description, int maxLength)
{
    QJsonObject o = str(description);
    o.insert(QStringLiteral("minLength"), 1);
    o.insert(QStringLiteral("maxLength"), maxLength);
    return o;
}

QJsonObject oneOf(const QStringList &values, const QString &description)
{
    QJsonObject o = str(description);
    o.insert(QStringLiteral("enum"), QJsonArray::fromStringList(values));
    return o;
}

QJsonObject integer(const QString &description, int minimum, int maximum)
{
    return {{QStringLiteral("type"), QStringLiteral("integer")},
            {QStringLiteral("description"), description},
            {QStringLiteral("minimum"), minimum},
            {QStringLiteral("maximum"), maximum}};
}

QJsonObject number(const QString &description, double minimum, double maximum)
{
    return {{QStringLiteral("type"), QStringLiteral("number")},
            {QStringLiteral("description"), description},
            {QStringLiteral("minimum"), minimum},
            {QStringLiteral("maximum"), maximum}};
}

QJsonObject boolean(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("boolean")}, {QStringLiteral("description"), description}};
}

QJsonObject arrayOf(const QJsonObject &items, const QString &description, int maxItems)
{
    return {{QStringLiteral("type"), QStringLiteral("array")},
            {QStringLiteral("description"), description},
            {QStringLiteral("items"), items},
            {QStringLiteral("maxItems"), maxItems}};
}

QJsonObject stringList(const QString &description)
{
    return arrayOf(QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}, description);
}

QJsonObject object(const QJsonObject &properties, const QStringList &required, bool closed)
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), properties}};
    if (!required.isEmpty())
        o.insert(QStringLiteral("required"), QJsonArray::fromStringList(required));
    if (closed)
        o.insert(QStringLiteral("additionalProperties"), false);
    return o;
}

QJsonObject input(const QJsonObject &properties, const QStringList &required)
{
    return object(properties, required, true);
}

QJsonObject type(const char *name)
{
    return {{QStringLiteral("type"), QLatin1String(name)}};
}

QJsonObject arrayOfItems(const QJsonObject &items)
{
    return {{QStringLiteral("type"), QStringLiteral("array")}, {QStringLiteral("items"), items}};
}

QJsonObject counts()
{
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("additionalProperties"), type("integer")}};
}

QJsonObject memory()
{
    return object(
        {{QStringLiteral("path"), type("string")},
         {QStringLiteral("start_line"), type("integer")},
         {QStringLiteral("end_line"), type("integer")},
         {QStringLiteral("source"), type("string")},
         {QStringLiteral("about"), str(QStringLiteral("The title and heading trail the text needs, when it does not "
                                                      "say them itself."))},
         {QStringLiteral("date"), type("string")},
         {QStringLiteral("title"), type("string")},
         {QStringLiteral("heading"), type("string")},
         {QStringLiteral("text"), type("string")},
         {QStringLiteral("region"), type("string")},
         {QStringLiteral("store"), type("string")},
         {QStringLiteral("layer"), type("string")},
         {QStringLiteral("category"), type("string")},
         {QStringLiteral("explicit_tags"), stringList(QStringLiteral("Tags its front matter sets; "
                                                                     "the others are inferred."))},
         {QStringLiteral("id"), type("integer")},
         {QStringLiteral("tokens"), type("integer")},
         {QStringLiteral("speaker"), type("string")},
         {QStringLiteral("time"), type("string")},
         {QStringLiteral("score"), type("number")},
         {QStringLiteral("strength"), type("number")},
         {QStringLiteral("breakdown"), arrayOfItems(object({{QStringLiteral("signal"), type("string")},
                                                            {QStringLiteral("value"), type("number")},
                                                            {QStringLiteral("weight"), type("number")},
                                                            {QStringLiteral("contribution"), type("number")},
                                                            {QStringLiteral("informative"), type("boolean")}}))},
         {QStringLiteral("keyword_rank"), type("integer")},
         {QStringLiteral("vector_rank"), type("integer")},
         {QStringLiteral("vault"), type("string")},
         {QStringLiteral("superseded_by"),
          stringList(QStringLiteral("Memories that replace this one: what they say holds, not this."))},
         {QStringLiteral("contradicted_by"),
          stringList(QStringLiteral("Newer memories that say otherwise (an open finding of `engram-cli review`): "
                                    "prefer them, and ask the person when it matters."))}},
        {QStringLiteral("source"), QStringLiteral("text")});
}

QJsonObject explain()
{
    return boolean(QStringLiteral("Give every field of each memory (title, heading, tags, ids) and the score's "
                                  "breakdown, for explaining a ranking; the default answer carries what answering "
                                  "needs."));
}

QJsonObject memories()
{
    return arrayOfItems(memory());
}

QJsonObject filters()
{
    return input(
        {{QStringLiteral("stores"), arrayOf(oneOf(vocabulary::stores(), {}), QStringLiteral("Only these stores."))},
         {QStringLiteral("regions"), arrayOf(oneOf(vocabulary::regions(), {}), QStringLiteral("Only these regions."))},
         {QStringLiteral("layers"), arrayOf(oneOf(vocabulary::layers(), {}), QStringLiteral("Only these layers."))},
         {QStringLiteral("categories"),
          arrayOf(oneOf(vocabulary::categories(), {}), QStringLiteral("Only these categories."))},
         {QStringLiteral("tags"), stringList(QStringLiteral("Only memories with any of these front matter tags."))},
         {QStringLiteral("path"),
          str(QStringLiteral("Only files under this vault-relative prefix, e.g. notes/project-x/."))},
         {QStringLiteral("include_archived"),
          boolean(QStringLiteral("Include archived (weak or forgotten) memories."))}});
}

} // namespace engram::mcp::schema
