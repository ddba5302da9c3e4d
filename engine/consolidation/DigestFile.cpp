#include "consolidation/DigestFile.h"

#include "core/FrontMatter.h"
#include "core/TextAnalysis.h"

#include <QRegularExpression>

namespace engram {

namespace {

const QStringList kKnownKeys = {QStringLiteral("layer"),           QStringLiteral("period"),
                                QStringLiteral("derived_from"),    QStringLiteral("created"),
                                QStringLiteral("consolidated_at"), QStringLiteral("method"),
                                QStringLiteral("fallback_reason"), QStringLiteral("sources_hash"),
                                QStringLiteral("tokens_in"),       QStringLiteral("tokens_out")};

QString quoted(QString text)
{
    text.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    text.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return QLatin1Char('"') + text + QLatin1Char('"');
}

const QRegularExpression &itemPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^- (.*) \(from ((?:`[^`]+`(?:, )?)+)(?:; raw ((?:`[^`]+`(?:, )?)+))?\)\s*$)"));
    return pattern;
}

} // namespace

QString SourceRange::toString() const
{
    return QStringLiteral("%1:%2-%3").arg(path).arg(startLine).arg(endLine);
}

std::optional<SourceRange> SourceRange::parse(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^(.+):(\d+)(?:-(\d+))?$)"));
    const auto match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    SourceRange r;
    r.path = match.captured(1);
    r.startLine = match.captured(2).toInt();
    r.endLine = match.captured(3).isEmpty() ? r.startLine : match.captured(3).toInt();
    if (r.startLine < 1 || r.endLine < r.startLine)
        return std::nullopt;
    return r;
}

int DigestFile::bodyTokens() const
{
    int tokens = 0;
    for (const DigestItem &item : items)
        tokens += TextAnalysis::estimateTokens(item.text);
    return tokens;
}

QString DigestFile::render()
{
    // Front matter is written by hand (not FrontMatter::render) so that
    // derived_from is a readable block list, one source per line.
    QStringList lines{QStringLiteral("---")};
    auto scalar = [&](const QString &key, const QString &value) {
        if (!value.isEmpty())
            lines << key + QStringLiteral(": ") + quoted(value);
    };
    for (auto it = extra.cbegin(); it != extra.cend(); ++it)
        scalar(it.key(), it.value().toString());
    scalar(QStringLiteral("layer"), layer);
    scalar(QStringLiteral("period"), period);
    lines << QStringLiteral("derived_from:");
    for (const SourceRange &r : std::as_const(derivedFrom))
        lines << QStringLiteral("  - ") + quoted(r.toString());
    scalar(QStringLiteral("created"), created.toString(Qt::ISODate));
    scalar(QStringLiteral("consolidated_at"), consolidatedAt.toUTC().toString(Qt::ISODate));
    scalar(QStringLiteral("method"), method);
    scalar(QStringLiteral("fallback_reason"), fallbackReason);
    scalar(QStringLiteral("sources_hash"), sourcesHash);
    lines << QStringLiteral("tokens_in: %1").arg(tokensIn) << QStringLiteral("tokens_out: %1").arg(tokensOut);
    lines << QStringLiteral("---") << QString() << QStringLiteral("# ") + heading << QString();
    for (DigestItem &item : items) {
        auto cites = [](const QList<SourceRange> &ranges) {
            QStringList out;
            for (const SourceRange &r : ranges)
                out << QLatin1Char('`') + r.toString() + QLatin1Char('`');
            return out.join(QStringLiteral(", "));
        };
        item.line = int(lines.size()) + 1;
        const QString raw =
            item.raw.isEmpty() || item.raw == item.sources ? QString() : QStringLiteral("; raw ") + cites(item.raw);
        lines << QStringLiteral("- %1 (from %2%3)").arg(item.text.simplified(), cites(item.sources), raw);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

Result<DigestFile> DigestFile::parse(const QString &content)
{
    const QStringList lines = content.split(QLatin1Char('\n'));
    auto fm = FrontMatter::parse(lines);
    if (!fm)
        return fm.error();
    DigestFile d;
    const QVariantMap &v = fm->values;
    d.layer = v.value(QStringLiteral("layer")).toString();
    d.period = v.value(QStringLiteral("period")).toString();
    d.method = v.value(QStringLiteral("method")).toString();
    d.fallbackReason = v.value(QStringLiteral("fallback_reason")).toString();
    d.sourcesHash = v.value(QStringLiteral("sources_hash")).toString();
    d.created = QDateTime::fromString(v.value(QStringLiteral("created")).toString(), Qt::ISODate);
    d.consolidatedAt = QDateTime::fromString(v.value(QStringLiteral("consolidated_at")).toString(), Qt::ISODate);
    d.tokensIn = v.value(QStringLiteral("tokens_in")).toInt();
    d.tokensOut = v.value(QStringLiteral("tokens_out")).toInt();
    for (const QVariant &entry : v.value(QStringLiteral("derived_from")).toList())
        if (auto r = SourceRange::parse(entry.toString()))
            d.derivedFrom << *r;
    for (auto it = v.cbegin(); it != v.cend(); ++it)
        if (!kKnownKeys.contains(it.key()))
            d.extra.insert(it.key(), it.value());
    static const QRegularExpression cite(QStringLiteral("`([^`]+)`"));
    for (int i = fm->bodyStartLine - 1; i < lines.size(); ++i) {
        const QString &line = lines[i];
        if (d.heading.isEmpty() && line.startsWith(QLatin1String("# ")))
            d.heading = line.mid(2).trimmed();
        const auto match = itemPattern().match(line);
        if (!match.hasMatch())
            continue;
        DigestItem item;
        item.text = match.captured(1);
        item.line = i + 1;
        for (int group : {2, 3}) {
            auto cites = cite.globalMatch(match.captured(group));
            while (cites.hasNext())
                if (auto r = SourceRange::parse(cites.next().captured(1)))
                    (group == 2 ? item.sources : item.raw) << *r;
        }
        d.items << item;
    }
    return d;
}

namespace {

/// Sets the line `key: <rendered>` in the front matter (see withFrontMatterKey).
QString withFrontMatterEntry(const QString &content, const QString &key, const QString &rendered)
{
    QStringList lines = content.split(QLatin1Char('\n'));
    const QString entry = key + QStringLiteral(": ") + rendered;
    if (lines.isEmpty() || lines.first().trimmed() != QLatin1String("---"))
        return QStringLiteral("---\n") + entry + QStringLiteral("\n---\n") + content;
    for (int i = 1; i < lines.size(); ++i) {
        const QString trimmed = lines[i].trimmed();
        if (trimmed == QLatin1String("---") || trimmed == QLatin1String("...")) {
            lines.insert(i, entry);
            return lines.join(QLatin1Char('\n'));
        }
        if (lines[i].startsWith(key + QLatin1Char(':'))) {
            lines[i] = entry;
            // a block list under the old value would now be orphaned: drop it
            while (i + 1 < lines.size() && lines[i + 1].startsWith(QLatin1String("  -")))
                lines.removeAt(i + 1);
            return lines.join(QLatin1Char('\n'));
        }
    }
    return content; // unterminated front matter: leave the file as it is
}

} // namespace

QString withFrontMatterKey(const QString &content, const QString &key, const QString &value)
{
    return withFrontMatterEntry(content, key, quoted(value));
}

QString withFrontMatterList(const QString &content, const QString &key, const QStringList &values)
{
    if (values.size() == 1)
        return withFrontMatterKey(content, key, values.first());
    QStringList items;
    for (const QString &v : values)
        items << quoted(v);
    return withFrontMatterEntry(content, key, QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']'));
}

} // namespace engram
