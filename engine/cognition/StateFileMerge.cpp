#include "cognition/StateFileMerge.h"

#include "cognition/CognitiveMerge.h"
#include "cognition/CognitiveState.h"
#include "cognition/Reflection.h"
#include "cognition/ToolUsage.h"
#include "core/VaultBoundary.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

namespace engram {

namespace {

Result<QByteArray> readAll(const QString &path)
{
    if (path.isEmpty() || !QFileInfo::exists(path))
        return QByteArray();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read it: %1").arg(file.errorString()), path};
    return file.readAll();
}

Status writeAtomically(const QString &path, const QByteArray &bytes)
{
    const QFileInfo info(path);
    return VaultBoundary(info.absolutePath()).writeFile(info.fileName(), bytes);
}

Result<CognitiveState> cognitiveOf(const QString &path)
{
    auto bytes = readAll(path);
    if (!bytes)
        return bytes.error();
    if (bytes->trimmed().isEmpty())
        return CognitiveState{};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return Error{QStringLiteral("not a cognitive state: %1")
                         .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                                      : QStringLiteral("not a JSON object")),
                     path, int(bytes->left(error.offset).count('\n')) + 1};
    auto state = CognitiveState::fromJson(doc.object());
    if (!state)
        return Error{state.error().message, path};
    return state;
}

Result<QList<QJsonObject>> linesOf(const QString &path)
{
    auto bytes = readAll(path);
    if (!bytes)
        return bytes.error();
    QList<QJsonObject> out;
    int line = 0;
    for (const QByteArray &raw : bytes->split('\n')) {
        ++line;
        const QByteArray text = raw.trimmed();
        if (text.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return Error{QStringLiteral("not a JSON object; fix the line and merge again"), path, line};
        out << doc.object();
    }
    return out;
}

QString keyOf(const QJsonObject &line, bool reflections)
{
    if (reflections)
        return line.value(QStringLiteral("id")).toString();
    const QString call = line.value(QStringLiteral("callId")).toString();
    if (!call.isEmpty())
        return line.value(QStringLiteral("session")).toString() + QLatin1Char('\n') + call;
    return QString::fromUtf8(QJsonDocument(line).toJson(QJsonDocument::Compact));
}

bool decided(const QJsonObject &reflection)
{
    const QString status = reflection.value(QStringLiteral("status")).toString();
    return !status.isEmpty() && status != QLatin1String("proposed");
}

QList<QJsonObject> mergeLines(const QList<QJsonObject> &base, const QList<QJsonObject> &mine,
                              const QList<QJsonObject> &theirs, bool reflections, int *conflicts)
{
    auto byKey = [&](const QList<QJsonObject> &lines, QStringList *order) {
        QHash<QString, QJsonObject> out;
        for (const QJsonObject &line : lines) {
            const QString key = keyOf(line, reflections);
            if (!out.contains(key) && order)
                *order << key;
            out.insert(key, line);
        }
        return out;
    };
    QStringList order;
    const QHash<QString, QJsonObject> b = byKey(base, nullptr);
    const QHash<QString, QJsonObject> m = byKey(mine, &order);
    const QHash<QString, QJsonObject> t = byKey(theirs, &order);
    order.removeDuplicates();
    QList<QJsonObject> out;
    for (const QString &key : std::as_const(order)) {
        const bool inBase = b.contains(key);
        if (inBase && (!m.contains(key) || !t.contains(key))) {
            const QJsonObject &kept = m.contains(key) ? m.value(key) : t.value(key);
            if (kept == b.value(key))
                continue; // removed on one side (bounded away, or deleted) and unchanged on the other
            out << kept;  // changed on one side, removed on the other: the change is kept
            continue;
        }
        if (!m.contains(key)) {
            out << t.value(key);
            continue;
        }
        if (!t.contains(key) || m.value(key) == t.value(key) || t.value(key) == b.value(key)) {
            out << m.value(key);
            continue;
        }
        if (m.value(key) == b.value(key)) {
            out << t.value(key);
            continue;
        }
        // Changed on both sides: a reflection someone decided on keeps that decision.
        if (reflections && decided(t.value(key)) && !decided(m.value(key))) {
            out << t.value(key);
            continue;
        }
        ++*conflicts;
        out << m.value(key);
    }
    const QString timeKey = QStringLiteral("time");
    std::stable_sort(out.begin(), out.end(), [&](const QJsonObject &x, const QJsonObject &y) {
        return x.value(timeKey).toString() < y.value(timeKey).toString();
    });
    return out;
}

/// The state file `path` names: its vault-relative path, also when the vault is a folder inside
/// the repository (git's %P is relative to the repository's top).
QString stateFileOf(const QString &path)
{
    for (const QString &known : {CognitiveStore::relativePath(), ToolUsage::relativePath(), Reflection::relativePath()})
        if (path == known || path.endsWith(QLatin1Char('/') + known))
            return known;
    return {};
}

} // namespace

bool StateFileMerge::handles(const QString &path)
{
    return !stateFileOf(path).isEmpty();
}

Result<StateFileMerge::Outcome> StateFileMerge::merge(const QString &repositoryPath, const QString &basePath,
                                                      const QString &minePath, const QString &theirsPath)
{
    const QString path = stateFileOf(repositoryPath);
    Outcome outcome;
    if (path == CognitiveStore::relativePath()) {
        auto base = cognitiveOf(basePath);
        auto mine = cognitiveOf(minePath);
        auto theirs = cognitiveOf(theirsPath);
        for (const auto *state : {&base, &mine, &theirs})
            if (!*state)
                return state->error();
        const CognitiveMergeResult merged = mergeCognitive(*base, *mine, *theirs);
        outcome.conflicts = int(merged.conflicts.size());
        if (Status s = writeAtomically(minePath, QJsonDocument(merged.merged.toJson()).toJson(QJsonDocument::Indented));
            !s)
            return s.error();
        return outcome;
    }
    if (path.isEmpty())
        return Error{QStringLiteral("Engram merges only %1, %2 and %3")
                         .arg(CognitiveStore::relativePath(), ToolUsage::relativePath(), Reflection::relativePath()),
                     repositoryPath};
    auto base = linesOf(basePath);
    auto mine = linesOf(minePath);
    auto theirs = linesOf(theirsPath);
    for (const auto *lines : {&base, &mine, &theirs})
        if (!*lines)
            return lines->error();
    const QList<QJsonObject> merged =
        mergeLines(*base, *mine, *theirs, path == Reflection::relativePath(), &outcome.conflicts);
    QByteArray bytes;
    for (const QJsonObject &line : merged)
        bytes += QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    if (Status s = writeAtomically(minePath, bytes); !s)
        return s.error();
    return outcome;
}

} // namespace engram
