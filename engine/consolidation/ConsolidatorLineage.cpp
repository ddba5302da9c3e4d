// Lineage: from a digest, fact or clustered memory down to raw lines.
#include "consolidation/Consolidator.h"
#include "core/FrontMatter.h"
#include "vault/Engine.h"

#include <QDir>
#include <QFile>
#include <QSet>

namespace engram {

namespace {

constexpr int kMaxDepth = 12; // more layers than exist: a guard against citation cycles

LineageNode follow(const QString &vault, const SourceRange &range, int depth)
{
    LineageNode node;
    node.range = range;
    QFile file(QDir(vault).filePath(range.path));
    if (!file.open(QIODevice::ReadOnly))
        return node;
    const QString content = QString::fromUtf8(file.readAll());
    const int lineCount = int(content.count(QLatin1Char('\n')) + (content.endsWith(QLatin1Char('\n')) ? 0 : 1));
    if (node.range.startLine <= 0) {
        node.range.startLine = 1;
        node.range.endLine = lineCount;
    }
    node.exists = node.range.endLine <= lineCount;
    auto digest = DigestFile::parse(content);
    if (!digest) {
        node.layer = QStringLiteral("raw");
        return node;
    }
    node.layer = !digest->layer.isEmpty() ? digest->layer
                 : digest->extra.contains(QStringLiteral("store"))
                     ? digest->extra.value(QStringLiteral("store")).toString()
                     : QStringLiteral("raw");
    if (depth >= kMaxDepth)
        return node;
    QList<SourceRange> seen;
    for (const DigestItem &item : digest->items) {
        if (item.line < node.range.startLine || item.line > node.range.endLine)
            continue;
        for (const SourceRange &source : item.sources) {
            if (seen.contains(source) || source.path == range.path)
                continue;
            seen << source;
            node.children << follow(vault, source, depth + 1);
        }
    }
    return node;
}

void collectLeaves(const LineageNode &node, QList<LineageNode> &out)
{
    if (node.children.isEmpty()) {
        for (const LineageNode &known : std::as_const(out))
            if (known.range == node.range)
                return;
        out << node;
        return;
    }
    for (const LineageNode &child : node.children)
        collectLeaves(child, out);
}

} // namespace

Result<LineageNode> Consolidator::lineage(const QString &path, int startLine, int endLine) const
{
    QString relative = QDir::fromNativeSeparators(path);
    const QString vault = m_engine.vaultPath() + QLatin1Char('/');
    if (relative.startsWith(vault))
        relative = relative.mid(vault.size());
    if (!QFile::exists(QDir(m_engine.vaultPath()).filePath(relative)))
        return Error{QStringLiteral("%1 is not a file of the vault %2").arg(relative, m_engine.vaultPath())};
    return follow(m_engine.vaultPath(), SourceRange{relative, startLine, endLine > 0 ? endLine : startLine}, 0);
}

QList<LineageNode> Consolidator::leaves(const LineageNode &root)
{
    QList<LineageNode> out;
    collectLeaves(root, out);
    return out;
}

} // namespace engram
