#pragma once

#include <QJsonObject>
#include <QStringList>

/// Builders of the JSON Schemas in the tool table.
namespace engram::mcp::schema {

QJsonObject str(const QString &description);
QJsonObject nonEmptyString(const QString &description, int maxLength = 100000);
QJsonObject oneOf(const QStringList &values, const QString &description);
QJsonObject integer(const QString &description, int minimum, int maximum);
QJsonObject number(const QString &description, double minimum, double maximum);
QJsonObject boolean(const QString &description);
QJsonObject arrayOf(const QJsonObject &items, const QString &description, int maxItems = 50);
QJsonObject stringList(const QString &description);
/// An object schema; input schemas are closed so a misspelt argument is an error, not ignored.
QJsonObject object(const QJsonObject &properties, const QStringList &required = {}, bool closed = false);
QJsonObject input(const QJsonObject &properties, const QStringList &required = {});
QJsonObject type(const char *name);
QJsonObject arrayOfItems(const QJsonObject &items);
/// Counts by name: {"semantic": 3, …}.
QJsonObject counts();
/// A memory in structured output (MemoryItem::toJson).
QJsonObject memory();
QJsonObject memories();
/// The `explain` argument of the tools that answer with memories (MemoryItem::Detail).
QJsonObject explain();
/// The recall filters an argument may carry.
QJsonObject filters();

} // namespace engram::mcp::schema
