#include "ingest/Tagger.h"

#include <QRegularExpression>

namespace engram {

namespace vocabulary {
QStringList regions()
{
    return {QStringLiteral("identity"),
            QStringLiteral("language-comprehension"),
            QStringLiteral("language-production"),
            QStringLiteral("vision"),
            QStringLiteral("episodic"),
            QStringLiteral("spatial")};
}
QStringList stores()
{
    return {QStringLiteral("sensory"), QStringLiteral("episodic"), QStringLiteral("semantic"),
            QStringLiteral("procedural"), QStringLiteral("prospective")};
}
QStringList layers()
{
    return {QStringLiteral("core"),  QStringLiteral("raw"),    QStringLiteral("session"),
            QStringLiteral("daily"), QStringLiteral("weekly"), QStringLiteral("fact")};
}
QStringList categories()
{
    return {QStringLiteral("decision"), QStringLiteral("lesson"), QStringLiteral("person"), QStringLiteral("rule"),
            QStringLiteral("event"),    QStringLiteral("fact"),   QStringLiteral("goal"),   QStringLiteral("workflow")};
}
} // namespace vocabulary

namespace {

Tag explicitTag(Document &doc, const char *key, const QStringList &allowed)
{
    const QString name = QString::fromLatin1(key);
    if (!doc.frontMatter.contains(name))
        return {};
    const QString value = doc.frontMatter.value(name).toString().trimmed().toLower();
    if (allowed.contains(value))
        return Tag{value, true};
    doc.warnings << ParseWarning{1, QStringLiteral("front matter `%1: %2` is not one of %3; inferred instead")
                                        .arg(name, value, allowed.join(QStringLiteral(", ")))};
    return {};
}

QStringList pathParts(const QString &path)
{
    return path.toLower().split(QLatin1Char('/'), Qt::SkipEmptyParts);
}

QString inferLayer(const QStringList &parts, const Document &doc)
{
    if (parts.size() >= 2 && parts[0] == QLatin1String("consolidated")) {
        const QString layer = parts[1] == QLatin1String("facts") ? QStringLiteral("fact") : parts[1];
        if (vocabulary::layers().contains(layer))
            return layer;
    }
    if (parts.contains(QLatin1String("identity")) || parts.contains(QLatin1String("core")))
        return QStringLiteral("core");
    const QString base = parts.isEmpty() ? QString() : parts.last();
    if (base.startsWith(QLatin1String("soul")) || base.startsWith(QLatin1String("identity"))
        || base.startsWith(QLatin1String("rules")) || base.startsWith(QLatin1String("persona")))
        return QStringLiteral("core");
    Q_UNUSED(doc);
    return QStringLiteral("raw");
}

QString inferStore(const QStringList &parts, const Document &doc, const QString &category)
{
    if (parts.size() >= 2 && parts[0] == QLatin1String("memories") && vocabulary::stores().contains(parts[1]))
        return parts[1];
    if (parts.contains(QLatin1String("inbox")) || parts.contains(QLatin1String("sensory")))
        return QStringLiteral("sensory");
    if (parts.size() >= 2 && parts[0] == QLatin1String("consolidated"))
        return parts[1] == QLatin1String("fact") || parts[1] == QLatin1String("facts") ? QStringLiteral("semantic")
                                                                                       : QStringLiteral("episodic");
    if (doc.kind == DocumentKind::Transcript || doc.kind == DocumentKind::AgentLog
        || (!parts.isEmpty() && parts[0] == QLatin1String("sessions")))
        return QStringLiteral("episodic");
    if (category == QLatin1String("goal"))
        return QStringLiteral("prospective");
    if (category == QLatin1String("workflow") || category == QLatin1String("rule"))
        return QStringLiteral("procedural");
    return QStringLiteral("semantic");
}

QString inferRegion(const QStringList &parts, const Document &doc, const QString &layer)
{
    if (layer == QLatin1String("core"))
        return QStringLiteral("identity");
    if (doc.kind == DocumentKind::Transcript || doc.kind == DocumentKind::AgentLog)
        return QStringLiteral("episodic");
    for (const QString &part : parts) {
        if (part == QLatin1String("sessions") || part == QLatin1String("journal") || part == QLatin1String("daily")
            || part == QLatin1String("consolidated"))
            return QStringLiteral("episodic");
        if (part == QLatin1String("images") || part == QLatin1String("captions")
            || part == QLatin1String("screenshots"))
            return QStringLiteral("vision");
        if (part == QLatin1String("projects") || part == QLatin1String("code") || part == QLatin1String("architecture"))
            return QStringLiteral("spatial");
        if (part == QLatin1String("drafts") || part == QLatin1String("writing") || part == QLatin1String("outputs")
            || part == QLatin1String("posts"))
            return QStringLiteral("language-production");
    }
    return QStringLiteral("language-comprehension");
}

bool isDigestLayer(const QString &layer)
{
    return layer == QLatin1String("session") || layer == QLatin1String("daily") || layer == QLatin1String("weekly")
           || layer == QLatin1String("fact");
}

QString inferCategory(const QString &text, bool isTurn)
{
    static const struct {
        const char *category;
        QRegularExpression pattern;
    } rules[] = {
        {"decision",
         QRegularExpression(QStringLiteral(R"(\b(we |i )?(decided|decision|chose|agreed to|going with|settled on)\b)"),
                            QRegularExpression::CaseInsensitiveOption)},
        {"lesson", QRegularExpression(QStringLiteral(R"(\b(lesson|learned|learnt|takeaway|next time|mistake)\b)"),
                                      QRegularExpression::CaseInsensitiveOption)},
        {"rule", QRegularExpression(QStringLiteral(R"(^\s*(always|never|must|do not|don't)\b|\brule:)"),
                                    QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption)},
        {"goal",
         QRegularExpression(
             QStringLiteral(
                 R"(\b(goal|deadline|todo|to-do|plan to|by (monday|tuesday|wednesday|thursday|friday|next week))\b)"),
             QRegularExpression::CaseInsensitiveOption)},
        {"workflow",
         QRegularExpression(QStringLiteral(R"(\b(how to|step \d|steps:|workflow|procedure)\b|^\s*1\.\s)"),
                            QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption)},
    };
    for (const auto &rule : rules)
        if (rule.pattern.match(text).hasMatch())
            return QString::fromLatin1(rule.category);
    return isTurn ? QStringLiteral("event") : QStringLiteral("fact");
}

} // namespace

Tags Tagger::documentTags(Document &doc)
{
    Tags tags;
    tags.region = explicitTag(doc, "region", vocabulary::regions());
    tags.store = explicitTag(doc, "store", vocabulary::stores());
    tags.layer = explicitTag(doc, "layer", vocabulary::layers());
    tags.category = explicitTag(doc, "category", vocabulary::categories());
    const QStringList parts = pathParts(doc.path);
    if (tags.layer.value.isEmpty())
        tags.layer = Tag{inferLayer(parts, doc), false};
    if (tags.region.value.isEmpty())
        tags.region = Tag{inferRegion(parts, doc, tags.layer.value), false};
    if (tags.store.value.isEmpty())
        tags.store = Tag{inferStore(parts, doc, tags.category.value), false};
    return tags;
}

void Tagger::tagChunk(const Tags &documentTags, Chunk &chunk)
{
    chunk.tags = documentTags;
    if (chunk.tags.category.value.isEmpty())
        chunk.tags.category = Tag{inferCategory(chunk.text, chunk.isTurn), false};
    if (!chunk.tags.region.isExplicit && chunk.text.contains(QLatin1String("[image:"))
        && chunk.tags.region.value != QLatin1String("identity")) {
        // a caption of an image is what the vision region holds
        if (chunk.text.size() < 400)
            chunk.tags.region = Tag{QStringLiteral("vision"), false};
    }
    // A goal in a note is prospective memory; a digest that reports someone's plan stays a digest.
    if (!chunk.tags.store.isExplicit && chunk.tags.category.value == QLatin1String("goal")
        && chunk.tags.store.value == QLatin1String("semantic") && !isDigestLayer(chunk.tags.layer.value))
        chunk.tags.store = Tag{QStringLiteral("prospective"), false};
}

} // namespace engram
