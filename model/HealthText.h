#pragma once

#include "vault/EngineTypes.h"

#include <QCoreApplication>

namespace engram {

/// A health check in the workbench's language, worded from its typed fields (id, detail and its
/// values, advice) rather than from the engine's English, which stays the words of the CLI.
class HealthText {
    Q_DECLARE_TR_FUNCTIONS(engram::HealthText)
public:
    static QString title(const HealthCheck &check);
    /// What the check found, with "stale after …" when it is stale and the verbatim lines under it.
    static QString detail(const HealthCheck &check);
    /// What a person does about it; empty when there is nothing to do.
    static QString advice(const HealthCheck &check);
    /// "5 min ago", "3 h ago", "2 days ago".
    static QString age(qint64 seconds);
};

} // namespace engram
