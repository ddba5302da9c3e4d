#pragma once

#include <QObject>
#include <QString>
#include <QtGlobal>

namespace engram::test {

/// The descendant of `parent` of type T named `name` (its objectName): GUI tests drive the real
/// window by object name. A missing one ends the test binary, naming what it looked for.
template <typename T>
T *child(QObject *parent, const char *name)
{
    T *found = parent->findChild<T *>(QLatin1String(name));
    if (!found)
        qFatal("no child named %s", name);
    return found;
}

} // namespace engram::test
