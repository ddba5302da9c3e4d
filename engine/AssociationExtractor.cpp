#include "AssociationExtractor.h"

#include "MemoryDynamics.h"

#include <QFileInfo>

namespace engram {

namespace {

QStringList listValue(const QVariant &value)
{
    QStringList out;
    if (value.typeId() == QMetaType::QVariantList || value.typeId() == QMetaType::QStringList) {
        for (const QVariant &v : value.toList())
            out << v.toString().trimmed();
    } else if (!value.toString().trimmed().isEmpty()) {
        out << value.toString().trimmed();
    }
    out.removeAll(QString());
    return out;
}

/// A front matter reference: a vault-relative path, or a [[wiki]] name.
QString referenceKey(QString reference)
{
    reference = reference.trimmed();
    if (reference.startsWith(QLatin1String("[[")) && reference.endsWith(QLatin1String("]]")))
        return QStringLiteral("wiki:") + AssociationExtractor::wikiKey(reference.mid(2, reference.size() - 4));
    if (reference.startsWith(QLatin1String("./")))
        reference = reference.mid(2);
    if (!reference.contains(QLatin1Char('/')) && !reference.contains(QLatin1Char('.')))
        return QStringLiteral("wiki:") + AssociationExtractor::wikiKey(reference);
    return reference;
}

bool isImage(const QString &text)
{
    return text.contains(QLatin1String("[image:")) || text.contains(QLatin1String("!["));
}

bool isPrompt(const Chunk &chunk)
{
    const QString speaker = chunk.speaker.toLower();
    return speaker == QLatin1String("user") || speaker == QLatin1String("human") || speaker == QLatin1String("you")
        || chunk.text.trimmed().endsWith(QLatin1Char('?'));
}

} // namespace

QString AssociationExtractor::wikiKey(const QString &target)
{
    QString key = target.section(QLatin1Char('|'), 0, 0).section(QLatin1Char('#'), 0, 0).trimmed().toLower();
    if (key.endsWith(QLatin1String(".md")))
        key.chop(3);
    return key.section(QLatin1Char('/'), -1);
}

QList<StatedEdge> AssociationExtractor::edges(const Document &document, const QList<Chunk> &chunks)
{
    QList<StatedEdge> out;
    const QString file = document.path;
    for (const QString &link : document.wikiLinks) {
        const QString key = wikiKey(link);
        if (!key.isEmpty())
            out << StatedEdge{file, QStringLiteral("wiki:") + key, QStringLiteral("related"), 0.8};
    }
    for (const QString &source : listValue(document.frontMatter.value(QStringLiteral("derived_from"))))
        out << StatedEdge{file, referenceKey(source), QStringLiteral("derived_from"), 1.0};
    for (const QString &old : listValue(document.frontMatter.value(QStringLiteral("supersedes"))))
        out << StatedEdge{file, referenceKey(old), QStringLiteral("supersedes"), 1.0};

    for (qsizetype i = 0; i + 1 < chunks.size(); ++i) {
        const Chunk &a = chunks[i];
        const Chunk &b = chunks[i + 1];
        if (a.isTurn && b.isTurn && a.speaker != b.speaker && isPrompt(a))
            out << StatedEdge{MemoryDynamics::chunkKey(file, a.ordinal), MemoryDynamics::chunkKey(file, b.ordinal),
                              QStringLiteral("caused"), 0.8};
        else if (isImage(a.text) && !isImage(b.text))
            out << StatedEdge{MemoryDynamics::chunkKey(file, a.ordinal), MemoryDynamics::chunkKey(file, b.ordinal),
                              QStringLiteral("part_of"), 1.0};
    }
    out.removeIf([&](const StatedEdge &e) { return e.to.isEmpty() || e.to == QLatin1String("wiki:") || e.to == file; });
    return out;
}

FileFacts AssociationExtractor::facts(const Document &document)
{
    FileFacts f;
    f.project = document.frontMatter.value(QStringLiteral("project")).toString().trimmed();
    f.valence = qBound(-1.0, document.frontMatter.value(QStringLiteral("valence")).toDouble(), 1.0);
    f.arousal = qBound(0.0, document.frontMatter.value(QStringLiteral("arousal")).toDouble(), 1.0);
    f.linkName = QFileInfo(document.path).completeBaseName().toLower();
    f.titleKey = document.title.trimmed().toLower();
    return f;
}

} // namespace engram
