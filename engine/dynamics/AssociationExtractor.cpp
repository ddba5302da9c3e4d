#include "dynamics/AssociationExtractor.h"

#include "core/FrontMatter.h"
#include "dynamics/MemoryDynamics.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace engram {

namespace {

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
    for (const QString &source : FrontMatter::listOf(document.frontMatter.value(QStringLiteral("derived_from"))))
        out << StatedEdge{file, referenceKey(source), QStringLiteral("derived_from"), 1.0};
    for (const QString &old : FrontMatter::listOf(document.frontMatter.value(QStringLiteral("supersedes"))))
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
    const QVariantMap &fm = document.frontMatter;
    f.project = fm.value(QStringLiteral("project")).toString().trimmed();
    f.linkName = QFileInfo(document.path).completeBaseName().toLower();
    f.titleKey = document.title.trimmed().toLower();

    static const QStringList sources{QStringLiteral("conversation"), QStringLiteral("cron"),
                                     QStringLiteral("observation"), QStringLiteral("inference"),
                                     QStringLiteral("external")};
    const QString source = fm.value(QStringLiteral("source")).toString().trimmed().toLower();
    f.sourceExplicit = sources.contains(source);
    if (f.sourceExplicit)
        f.source = source;
    else if (document.path.startsWith(QLatin1String("sessions/"))
             || document.path.startsWith(QLatin1String("memories/")) || document.kind == DocumentKind::Transcript
             || document.kind == DocumentKind::AgentLog)
        f.source = QStringLiteral("conversation");
    else if (document.path.startsWith(QLatin1String("consolidated/")))
        f.source = QStringLiteral("inference");
    else
        f.source = QStringLiteral("external");

    bool ok = false;
    const double confidence = fm.value(QStringLiteral("confidence")).toDouble(&ok);
    f.confidenceExplicit = ok && fm.contains(QStringLiteral("confidence"));
    f.confidence =
        f.confidenceExplicit ? qBound(0.0, confidence, 1.0) : (f.source == QLatin1String("inference") ? 0.6 : 0.8);

    // A small lexicon is enough to tell a frightening or joyful memory from a plain one.
    static const QStringList positive{
        QStringLiteral("love"),      QStringLiteral("loved"),     QStringLiteral("happy"), QStringLiteral("thrilled"),
        QStringLiteral("amazing"),   QStringLiteral("wonderful"), QStringLiteral("proud"), QStringLiteral("excited"),
        QStringLiteral("delighted"), QStringLiteral("grateful"),  QStringLiteral("joy"),   QStringLiteral("great")};
    static const QStringList negative{
        QStringLiteral("scared"),   QStringLiteral("afraid"), QStringLiteral("terrified"),  QStringLiteral("angry"),
        QStringLiteral("furious"),  QStringLiteral("sad"),    QStringLiteral("devastated"), QStringLiteral("awful"),
        QStringLiteral("hate"),     QStringLiteral("panic"),  QStringLiteral("crash"),      QStringLiteral("failed"),
        QStringLiteral("disaster"), QStringLiteral("hurt")};
    static const QStringList intense{
        QStringLiteral("thrilled"),   QStringLiteral("terrified"), QStringLiteral("furious"), QStringLiteral("panic"),
        QStringLiteral("devastated"), QStringLiteral("excited"),   QStringLiteral("amazing"), QStringLiteral("crash"),
        QStringLiteral("disaster"),   QStringLiteral("scared")};
    int pos = 0;
    int neg = 0;
    int hot = 0;
    int words = 0;
    static const QRegularExpression nonWord(QStringLiteral("[^a-z']+")); // compiled once, not once per section
    for (const Section &section : document.sections) {
        const QStringList tokens = section.text.toLower().split(nonWord, Qt::SkipEmptyParts);
        words += int(tokens.size());
        for (const QString &w : tokens) {
            pos += positive.contains(w);
            neg += negative.contains(w);
            hot += intense.contains(w);
        }
        hot += int(section.text.count(QLatin1Char('!')) > 0);
    }
    const double valence = fm.value(QStringLiteral("valence")).toDouble(&ok);
    f.valenceExplicit = ok && fm.contains(QStringLiteral("valence"));
    f.valence =
        f.valenceExplicit ? qBound(-1.0, valence, 1.0) : (pos + neg ? double(pos - neg) / double(pos + neg + 1) : 0.0);
    const double arousal = fm.value(QStringLiteral("arousal")).toDouble(&ok);
    f.arousalExplicit = ok && fm.contains(QStringLiteral("arousal"));
    f.arousal = f.arousalExplicit ? qBound(0.0, arousal, 1.0) : qMin(1.0, words ? 25.0 * hot / double(words) : 0.0);
    return f;
}

} // namespace engram
