#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <QJsonValue>

namespace engram::mcp {

/// Checks a value against the JSON Schema subset the tools' input schemas use:
/// type (one or a list), properties, required, additionalProperties: false,
/// enum, minimum/maximum, minLength/maxLength, items, minItems/maxItems. The
/// error names the offending field ("arguments.k must be an integer, not a
/// string"), so a client (or a model) can correct its call.
class JsonSchema {
public:
    static Status validate(const QJsonValue &value, const QJsonObject &schema, const QString &path);
};

} // namespace engram::mcp
