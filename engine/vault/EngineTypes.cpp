#include "vault/EngineTypes.h"

namespace engram {

QString healthStatusName(HealthStatus status)
{
    switch (status) {
    case HealthStatus::Ok: return QStringLiteral("ok");
    case HealthStatus::NotYet: return QStringLiteral("not-yet");
    case HealthStatus::Stale: return QStringLiteral("stale");
    case HealthStatus::Missing: return QStringLiteral("missing");
    case HealthStatus::Error: return QStringLiteral("error");
    }
    return QStringLiteral("error");
}

QJsonObject VaultStats::toJson(const QString &vaultPath) const
{
    auto counts = [](const QHash<QString, qint64> &byValue) {
        QJsonObject o;
        for (auto it = byValue.cbegin(); it != byValue.cend(); ++it)
            o.insert(it.key().isEmpty() ? QStringLiteral("(none)") : it.key(), double(it.value()));
        return o;
    };
    return QJsonObject{{QStringLiteral("vault"), vaultPath},
                       {QStringLiteral("files"), double(files)},
                       {QStringLiteral("chunks"), double(chunks)},
                       {QStringLiteral("vectors"), double(vectors)},
                       {QStringLiteral("problems"), double(problems)},
                       {QStringLiteral("embedder"), embedder},
                       {QStringLiteral("last_index"), lastIndex},
                       {QStringLiteral("regions"), counts(byRegion)},
                       {QStringLiteral("stores"), counts(byStore)},
                       {QStringLiteral("layers"), counts(byLayer)},
                       {QStringLiteral("categories"), counts(byCategory)}};
}

} // namespace engram
