#pragma once

#include "core/Result.h"
#include "redaction/SecretRedactor.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <atomic>

namespace engram {

class Config;

/// The one gate between the vault and everything that enters it from an agent or a paste, and the
/// second line at its exits (DESIGN.md rule 6). Every road into the vault — capture, the learner,
/// `remember`, `checkpoint`, drops, LLM output, the cognitive state — passes its text through a gate
/// before the write; recall results, packs and tool results pass through one again on the way out,
/// so a secret a person typed into a note by hand does not reach an agent either. A gate is the
/// vault's SecretRedactor (the built-in catalogue and the vault's own extra patterns and
/// allow-list) plus a count of what it replaced.
class RedactionGate {
public:
    /// The built-in catalogue.
    RedactionGate() = default;
    explicit RedactionGate(SecretRedactor redactor);

    /// The gate of the vault at `vaultPath`: its engram.json's redaction settings. A settings file
    /// that does not load is an error, never a gate that lets everything through.
    static Result<RedactionGate> forVault(const QString &vaultPath);
    /// The gate of loaded settings.
    static RedactionGate forConfig(const Config &config);

    RedactionGate(const RedactionGate &other) : m_redactor(other.m_redactor), m_redactions(other.redactions()) { }
    RedactionGate &operator=(const RedactionGate &other)
    {
        m_redactor = other.m_redactor;
        m_redactions = other.redactions();
        return *this;
    }

    QString clean(const QString &text) const;
    QByteArray clean(const QByteArray &text) const;
    QStringList clean(const QStringList &texts) const;
    /// Every string in `value`, keys excepted, at any depth.
    QJsonValue clean(const QJsonValue &value) const;
    QJsonObject clean(const QJsonObject &object) const;

    /// What `text` holds that the gate would replace.
    QList<SecretRedactor::Finding> find(const QByteArray &text) const;

    /// The indexer's warning for a file that holds a secret of `kind` (health's "secrets" check counts them).
    static QString problemMessage(const QString &kind);
    /// Whether an index problem is one of those; its kind in `*kind`.
    static bool isSecretProblem(const QString &message, QString *kind = nullptr);

    /// How many secrets this gate has replaced so far.
    int redactions() const { return m_redactions.load(std::memory_order_relaxed); }

private:
    SecretRedactor m_redactor;
    /// One engine's gate serves its query and index threads alike.
    mutable std::atomic_int m_redactions = 0;
};

} // namespace engram
