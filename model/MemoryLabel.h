#pragma once

#include "ingest/Document.h"

#include <QString>

namespace engram {

/// A memory as a person reads it in a list: its file's title and the heading path inside it.
/// A heading path starts with the file's top heading, which is usually its title: "Welcome to
/// Engram › Welcome to Engram > Where things go" said the title twice, so that part is dropped.
/// A top heading that says the title and more ("John & Maria — session 1 (8 May 2023)" under the
/// title "John & Maria — session 1") stands for it.
inline QString memoryLabel(const QString &title, const QString &heading)
{
    if (heading.isEmpty() || heading == title)
        return title;
    const qsizetype topEnd = heading.indexOf(kHeadingSeparator);
    const QString top = heading.left(topEnd);
    if (!title.isEmpty() && top != title && top.startsWith(title))
        return topEnd < 0 ? top : top + QStringLiteral(" › ") + heading.mid(topEnd + kHeadingSeparator.size());
    const QString prefix = title + kHeadingSeparator;
    const QString rest = heading.startsWith(prefix) ? heading.mid(prefix.size()) : heading;
    return title.isEmpty() ? rest : title + QStringLiteral(" › ") + rest;
}

} // namespace engram
