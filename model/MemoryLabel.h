#pragma once

#include <QString>

namespace engram {

/// A memory as a person reads it in a list: its file's title and the heading path inside it.
/// A heading path starts with the file's top heading, which is usually its title: "Welcome to
/// Engram › Welcome to Engram > Where things go" said the title twice, so that part is dropped.
inline QString memoryLabel(const QString &title, const QString &heading)
{
    if (heading.isEmpty() || heading == title)
        return title;
    const QString prefix = title + QStringLiteral(" > ");
    const QString rest = heading.startsWith(prefix) ? heading.mid(prefix.size()) : heading;
    return title.isEmpty() ? rest : title + QStringLiteral(" › ") + rest;
}

} // namespace engram
