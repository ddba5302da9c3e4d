#include "consolidation/LlmSummarizer.h"

#include "core/ChatCall.h"

namespace engram {

QString LlmSummarizer::methodName() const
{
    return QStringLiteral("llm:%1:%2").arg(m_endpoint.kind, m_endpoint.model);
}

Result<QStringList> LlmSummarizer::summarize(const QString &layer, const QString &period, const QStringList &units,
                                             int tokenBudget) const
{
    // Keep the request bounded: about 6000 tokens of source.
    QString source;
    for (const QString &unit : units) {
        if (source.size() + unit.size() > 24000)
            break;
        source += QStringLiteral("- ") + unit.simplified() + QLatin1Char('\n');
    }
    const QString system =
        QStringLiteral(
            "You consolidate an agent's memory. Write a %1 digest for %2 as short Markdown bullet points, one fact, "
            "decision, lesson, rule or goal per line, at most %3 tokens in all. Keep names, dates and numbers. "
            "Copy explicit decisions, lessons, rules and goals verbatim. Output only the bullet lines.")
            .arg(layer, period)
            .arg(tokenBudget);
    auto content = ChatCall(m_endpoint, ChatOptions{0.0, tokenBudget * 2, false}).ask(system, source);
    if (!content)
        return content.error();
    QStringList lines;
    for (QString line : content->split(QLatin1Char('\n'))) {
        line = line.trimmed();
        while (line.startsWith(QLatin1Char('-')) || line.startsWith(QLatin1Char('*')) || line.startsWith(QChar(0x2022)))
            line = line.mid(1).trimmed();
        if (!line.isEmpty())
            lines << line;
    }
    if (lines.isEmpty())
        return Error{
            QStringLiteral("the model answered no digest lines, only \"%1\"").arg(content->simplified().left(160))};
    return lines;
}

} // namespace engram
