#include "redaction/RedactionGate.h"

#include "core/Config.h"

#include <QJsonArray>

namespace engram {

RedactionGate::RedactionGate(SecretRedactor redactor) : m_redactor(std::move(redactor)) { }

Result<RedactionGate> RedactionGate::forVault(const QString &vaultPath)
{
    auto config = Config::load(vaultPath);
    if (!config)
        return Error{
            QStringLiteral("secrets are not redacted without valid settings: %1").arg(config.error().toString())};
    return forConfig(*config);
}

RedactionGate RedactionGate::forConfig(const Config &config)
{
    return RedactionGate(SecretRedactor(config.capture.redaction));
}

QByteArray RedactionGate::clean(const QByteArray &text) const
{
    int count = 0;
    QByteArray out = m_redactor.redactText(text, &count);
    m_redactions += count;
    return out;
}

QString RedactionGate::clean(const QString &text) const
{
    if (text.isEmpty())
        return text;
    int count = 0;
    const QByteArray bytes = text.toUtf8();
    const QByteArray out = m_redactor.redactText(bytes, &count);
    if (count == 0)
        return text; // unchanged, and not converted back
    m_redactions += count;
    return QString::fromUtf8(out);
}

QStringList RedactionGate::clean(const QStringList &texts) const
{
    QStringList out;
    out.reserve(texts.size());
    for (const QString &t : texts)
        out << clean(t);
    return out;
}

QJsonValue RedactionGate::clean(const QJsonValue &value) const
{
    if (value.isString())
        return clean(value.toString());
    if (value.isObject())
        return clean(value.toObject());
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(clean(v));
        return out;
    }
    return value;
}

QJsonObject RedactionGate::clean(const QJsonObject &object) const
{
    QJsonObject out;
    for (auto it = object.begin(); it != object.end(); ++it)
        out.insert(it.key(), clean(it.value()));
    return out;
}

namespace {
const QString kProblemPrefix = QStringLiteral("holds a secret (");
const QString kProblemSuffix =
    QStringLiteral("): recall and packs hand it out redacted, and sync does not commit the file; "
                   "engram-cli redact --apply rewrites it");
} // namespace

QString RedactionGate::problemMessage(const QString &kind)
{
    return kProblemPrefix + kind + kProblemSuffix;
}

bool RedactionGate::isSecretProblem(const QString &message, QString *kind)
{
    if (!message.startsWith(kProblemPrefix) || !message.endsWith(kProblemSuffix))
        return false;
    if (kind)
        *kind = message.mid(kProblemPrefix.size(), message.size() - kProblemPrefix.size() - kProblemSuffix.size());
    return true;
}

QList<SecretRedactor::Finding> RedactionGate::find(const QByteArray &text) const
{
    return m_redactor.find(text);
}

} // namespace engram
