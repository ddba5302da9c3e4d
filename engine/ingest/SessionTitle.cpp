#include "ingest/SessionTitle.h"

#include <QRegularExpression>

namespace engram {

namespace {

QString collapsed(const QString &text)
{
    return text.simplified();
}

QString tagContent(const QString &text, const QString &tag)
{
    const QString open = QLatin1Char('<') + tag + QLatin1Char('>');
    const QString close = QStringLiteral("</") + tag + QLatin1Char('>');
    const qsizetype start = text.indexOf(open);
    if (start < 0)
        return {};
    const qsizetype end = text.indexOf(close, start + open.size());
    return text.mid(start + open.size(), end < 0 ? -1 : end - start - open.size());
}

/// Blocks the client adds to a person's message for the model, not said by the person.
QString withoutReminders(QString text)
{
    static const QRegularExpression reminder(QStringLiteral("<system-reminder>.*?</system-reminder>"),
                                             QRegularExpression::DotMatchesEverythingOption);
    return text.remove(reminder);
}

} // namespace

QString SessionTitle::claudeRequest(const QString &text, bool *commandOnly)
{
    if (commandOnly)
        *commandOnly = false;
    const QString trimmed = withoutReminders(text).trimmed();
    if (trimmed.isEmpty() || trimmed.startsWith(QLatin1String("Caveat:"))
        || trimmed.startsWith(QLatin1String("[Request interrupted")) || trimmed.contains(u"<local-command-stdout>")
        || trimmed.contains(u"<local-command-stderr>"))
        return {};
    if (trimmed.contains(u"<command-name>")) {
        const QString arguments = collapsed(tagContent(trimmed, QStringLiteral("command-args")));
        if (!arguments.isEmpty())
            return arguments;
        if (commandOnly)
            *commandOnly = true;
        return collapsed(tagContent(trimmed, QStringLiteral("command-name")));
    }
    return collapsed(trimmed);
}

QString SessionTitle::codexRequest(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.startsWith(QLatin1String("<environment_context>"))
        || trimmed.startsWith(QLatin1String("<user_instructions>")))
        return {};
    static const QString marker = QStringLiteral("## My request for Codex:");
    const qsizetype at = trimmed.indexOf(marker);
    return collapsed(at < 0 ? trimmed : trimmed.mid(at + marker.size()));
}

QString SessionTitle::shorten(const QString &text, int maxChars)
{
    if (text.size() <= maxChars)
        return text;
    const QString head = text.left(maxChars);
    // A word boundary in the second half keeps the title whole words; a single long token is cut.
    const qsizetype space = head.lastIndexOf(QLatin1Char(' '));
    const QString kept = space > maxChars / 2 ? head.left(space) : head;
    return kept.trimmed() + QStringLiteral("…");
}

QString SessionTitle::compose(const QString &request, const QString &cwd, const QDateTime &started)
{
    QString cleanCwd = cwd;
    while (cleanCwd.size() > 1 && (cleanCwd.endsWith(QLatin1Char('/')) || cleanCwd.endsWith(QLatin1Char('\\'))))
        cleanCwd.chop(1);
    const QString project = cleanCwd.section(QRegularExpression(QStringLiteral("[/\\\\]")), -1);
    QStringList where;
    if (!project.isEmpty())
        where << project;
    if (started.isValid())
        where << started.toLocalTime().date().toString(Qt::ISODate);
    const QString shortRequest = shorten(request, kMaxRequestChars);
    if (where.isEmpty())
        return shortRequest;
    return shortRequest + QStringLiteral(" — ") + where.join(QStringLiteral(", "));
}

} // namespace engram
