#pragma once

#include <QCoreApplication>

namespace engram {

/// The engine's words for tags, signals, modes and edges ("episodic", "relevance", "co_activated")
/// in the workbench's language. The engine's value stays the key everywhere (filters, queries,
/// item data); only what a person reads goes through here. A value Engram does not know (a mode or
/// tag from engram.json) is shown as it is.
class Vocabulary {
    Q_DECLARE_TR_FUNCTIONS(engram::Vocabulary)
public:
    static QString region(const QString &value);
    static QString store(const QString &value);
    static QString layer(const QString &value);
    static QString signal(const QString &value);
    static QString mode(const QString &value);
    static QString edgeType(const QString &value);
};

} // namespace engram
