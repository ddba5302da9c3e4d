#include "cognition/InteractionAnalyzer.h"

#include "core/TextAnalysis.h"
#include "ingest/DocumentParser.h"

#include <QRegularExpression>
#include <QSet>

namespace engram {

namespace {

constexpr int kMaxRequestChars = 2000;

bool isAssistant(const QString &speaker)
{
    static const QSet<QString> names{QStringLiteral("assistant"), QStringLiteral("ai"),    QStringLiteral("agent"),
                                     QStringLiteral("claude"),    QStringLiteral("codex"), QStringLiteral("gpt"),
                                     QStringLiteral("model"),     QStringLiteral("bot")};
    return names.contains(speaker.toLower());
}

bool isSystem(const QString &speaker)
{
    return speaker.compare(QLatin1String("system"), Qt::CaseInsensitive) == 0
           || speaker.compare(QLatin1String("developer"), Qt::CaseInsensitive) == 0;
}

/// Section text without its "speaker:" / "**Speaker**:" prefix.
QString withoutSpeaker(const QString &text, const QString &speaker)
{
    static const QRegularExpression prefix(QStringLiteral(R"(^\s*\**\s*([^:*\n]{1,40}?)\s*\**\s*:\s*\**\s*)"));
    const auto m = prefix.match(text);
    if (m.hasMatch() && m.captured(1).trimmed().compare(speaker, Qt::CaseInsensitive) == 0)
        return text.mid(m.capturedLength()).trimmed();
    return text.trimmed();
}

QString clip(const QString &text)
{
    const QString t = text.trimmed();
    return t.size() > kMaxRequestChars ? t.left(kMaxRequestChars - 1) + QStringLiteral("…") : t;
}

/// "(start of message or sentence) (please|also|and)? " before a request phrase.
QString sentenceStart()
{
    return QStringLiteral(R"((?:^|(?<=[.!?])\s+)(?:(?:please|pls|also|and|oh|ok|okay),?\s+)?)");
}

bool negatedBefore(const QString &text, qsizetype at)
{
    static const QRegularExpression negation(QStringLiteral(R"((?:\b(?:not|never|hardly|no)|n't)\s+(?:\w+\s+)?$)"),
                                             QRegularExpression::CaseInsensitiveOption);
    return negation.match(text.left(at).right(30)).hasMatch();
}

/// A short exchange the document parser does not take for a transcript:
/// "Name: text" paragraphs, continuation lines joined to the turn.
QList<Section> speakerParagraphs(const QString &text)
{
    static const QRegularExpression turnStart(QStringLiteral(R"(^\s*\**([A-Za-z][\w .-]{0,30}?)\**\s*:\s*\**)"));
    QList<Section> sections;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const auto m = turnStart.match(lines[i]);
        if (m.hasMatch()) {
            Section s;
            s.isTurn = true;
            s.speaker = m.captured(1).trimmed();
            s.text = lines[i].trimmed();
            s.startLine = s.endLine = i + 1;
            sections << s;
        } else if (!sections.isEmpty() && !lines[i].trimmed().isEmpty()) {
            sections.last().text += QLatin1Char('\n') + lines[i];
            sections.last().endLine = i + 1;
        }
    }
    return sections;
}

} // namespace

Result<AgentTurn> AgentTurn::fromTranscript(const QString &name, const QByteArray &bytes)
{
    QString path = name.isEmpty() ? QStringLiteral("turn") : name;
    if (!path.endsWith(QLatin1String(".jsonl")) && !path.endsWith(QLatin1String(".md"))
        && !path.endsWith(QLatin1String(".txt")))
        path += bytes.trimmed().startsWith('{') ? QStringLiteral(".jsonl") : QStringLiteral(".md");
    auto doc = DocumentParser::parse(path, bytes);
    if (!doc)
        return doc.error();
    bool anyTurn = false;
    for (const Section &s : std::as_const(doc->sections))
        anyTurn = anyTurn || s.isTurn;
    if (!anyTurn && doc->kind != DocumentKind::AgentLog)
        doc->sections = speakerParagraphs(QString::fromUtf8(bytes));
    int lastUser = -1;
    for (int i = 0; i < doc->sections.size(); ++i) {
        const Section &s = doc->sections[i];
        if (s.isTurn && !isAssistant(s.speaker) && !isSystem(s.speaker))
            lastUser = i;
    }
    if (lastUser < 0)
        return Error{QStringLiteral("the transcript has no message from the person; nothing to learn from"), name};
    AgentTurn turn;
    const Section &user = doc->sections[lastUser];
    turn.userText = withoutSpeaker(user.text, user.speaker);
    turn.userLine = user.startLine;
    for (int i = lastUser - 1; i >= 0; --i) {
        const Section &s = doc->sections[i];
        if (s.isTurn && isAssistant(s.speaker)) {
            turn.previousReply = withoutSpeaker(s.text, s.speaker);
            break;
        }
        if (s.isTurn && !isSystem(s.speaker))
            break; // another user message: there was no reply in between
    }
    QStringList reply;
    for (int i = lastUser + 1; i < doc->sections.size(); ++i)
        if (doc->sections[i].isTurn && isAssistant(doc->sections[i].speaker))
            reply << withoutSpeaker(doc->sections[i].text, doc->sections[i].speaker);
    turn.reply = reply.join(QLatin1Char('\n'));
    turn.toolEvents = doc->toolEvents;
    if (!doc->toolEvents.isEmpty())
        turn.sessionId = doc->toolEvents.last().sessionId;
    return turn;
}

QString InteractionAnalyzer::positiveFeedback(const QString &text)
{
    // Phrases that are praise wherever they stand.
    static const QRegularExpression phrases(
        QStringLiteral(R"(\b(love it|love this|love that|spot on|nailed it|well done|great job|great work|nice work|)"
                       R"(nice job|good job|works perfectly|that works|that's it|that did it|thank you so much|)"
                       R"(thanks so much|you're a star)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    // Single words that are praise only as an exclamation or opening a sentence
    // ("Perfect!", "Exactly." — but not "a perfect hash", "what exactly").
    static const QRegularExpression words(
        QStringLiteral(
            R"((?:^|(?<=[.!?\n])\s*)(perfect|exactly|awesome|excellent|brilliant|fantastic|amazing|beautiful)\b)"
            R"(|\b(perfect|exactly|awesome|excellent|brilliant|fantastic|amazing|beautiful)\s*!)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression emoji(
        QStringLiteral("(\U0001F389|\U0001F64C|\U0001F44F|\U0001F973|\U0001F4AF|\U0001F680|\u2764\uFE0F?|"
                       "\U0001F60D|\U0001F44D|\u2728|\u2705|\U0001F525)"));
    for (const QRegularExpression *re : {&phrases, &words}) {
        auto it = re->globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            const int group = m.capturedStart(1) >= 0 ? 1 : 2;
            if (!negatedBefore(text, m.capturedStart(group)))
                return m.captured(group).toLower();
        }
    }
    const auto m = emoji.match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

QList<MemoryRequest> InteractionAnalyzer::memoryRequests(const QString &text, const QString &previousReply)
{
    using Kind = MemoryRequest::Kind;
    static const QRegularExpression remember(
        sentenceStart() + QStringLiteral(R"((remember)\s*(that\b|this\b|:)\s*([^\n]*))"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
    static const QRegularExpression note(
        sentenceStart() + QStringLiteral(R"((note|lesson learned|lesson|learned)\s*(:|that\b)\s*([^\n]+))"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
    static const QRegularExpression mistake(sentenceStart() + QStringLiteral(R"((mistake)\s*(:)\s*([^\n]+))"),
                                            QRegularExpression::CaseInsensitiveOption
                                                | QRegularExpression::MultilineOption);
    static const QRegularExpression avoid(sentenceStart() + QStringLiteral(R"((avoid|never again)\s*(:)\s*([^\n]+))"),
                                          QRegularExpression::CaseInsensitiveOption
                                              | QRegularExpression::MultilineOption);

    struct Rule {
        const QRegularExpression *re;
        Kind kind;
        QString category;
    };
    const QList<Rule> rules{{&remember, Kind::Memory, {}},
                            {&note, Kind::Learning, QStringLiteral("insight")},
                            {&mistake, Kind::Learning, QStringLiteral("mistake")},
                            {&avoid, Kind::Avoidance, {}}};

    QList<QPair<qsizetype, MemoryRequest>> found;
    for (const Rule &rule : rules) {
        auto it = rule.re->globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            MemoryRequest r;
            r.kind = rule.kind;
            r.category = rule.category;
            const QString how = m.captured(2).toLower();
            r.signal = (m.captured(1) + (how == QLatin1String(":") ? how : QLatin1Char(' ') + how)).toLower();
            QString body = m.captured(3).trimmed();
            const bool introduced =
                body.startsWith(QLatin1Char('-')) || body.startsWith(QLatin1Char(':')) || how != QLatin1String("this");
            if (body.startsWith(QLatin1Char('-')) || body.startsWith(QLatin1Char(':')))
                body = body.mid(1).trimmed();
            // A request ends where the next one begins ("… port 5433. Note: …").
            static const QRegularExpression next(
                QStringLiteral(
                    R"((?<=[.!?])\s+(?:(?:please|also|and)\s+)?(?:remember|note|lesson|learned|mistake|avoid|never again)\b)"),
                QRegularExpression::CaseInsensitiveOption);
            if (const auto n = next.match(body); n.hasMatch())
                body = body.left(n.capturedStart()).trimmed();
            // "Remember this. …" — "this" is what the agent just said.
            if (rule.kind == Kind::Memory
                && (!introduced || body.startsWith(QLatin1Char('.')) || body.startsWith(QLatin1Char('!'))
                    || body.startsWith(QLatin1Char('?'))))
                body.clear();
            if (rule.kind == Kind::Memory && TextAnalysis::words(body).size() < 3) {
                // "remember this" / "remember that!": what the agent just said.
                if (previousReply.trimmed().isEmpty())
                    continue;
                body = previousReply;
            }
            r.text = clip(body);
            if (r.text.isEmpty())
                continue;
            found << qMakePair(m.capturedStart(), r);
        }
    }
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<MemoryRequest> out;
    for (const auto &f : std::as_const(found))
        out << f.second;
    return out;
}

bool InteractionAnalyzer::isMeaningful(const AgentTurn &turn, QString *reason)
{
    static const QSet<QString> acknowledgements{
        QStringLiteral("ok"),        QStringLiteral("okay"),      QStringLiteral("k"),      QStringLiteral("thanks"),
        QStringLiteral("thank you"), QStringLiteral("thx"),       QStringLiteral("ty"),     QStringLiteral("hi"),
        QStringLiteral("hello"),     QStringLiteral("hey"),       QStringLiteral("yes"),    QStringLiteral("no"),
        QStringLiteral("yep"),       QStringLiteral("nope"),      QStringLiteral("sure"),   QStringLiteral("cool"),
        QStringLiteral("nice"),      QStringLiteral("great"),     QStringLiteral("got it"), QStringLiteral("lol"),
        QStringLiteral("bye"),       QStringLiteral("continue"),  QStringLiteral("go on"),  QStringLiteral("go ahead"),
        QStringLiteral("ok thanks"), QStringLiteral("good night")};
    auto say = [reason](const QString &why) {
        if (reason)
            *reason = why;
    };
    const QString bare = TextAnalysis::words(turn.userText).join(QLatin1Char(' '));
    if (acknowledgements.contains(bare)) {
        say(QStringLiteral("throwaway: a bare \"%1\"").arg(bare));
        return false;
    }
    if (!memoryRequests(turn.userText, turn.previousReply).isEmpty()) {
        say(QStringLiteral("meaningful: a memory request"));
        return true;
    }
    const qsizetype terms = TextAnalysis::terms(turn.userText + QLatin1Char('\n') + turn.reply).size();
    if (terms >= kMeaningfulWords) {
        say(QStringLiteral("meaningful: %1 content words").arg(terms));
        return true;
    }
    say(QStringLiteral("throwaway: only %1 content words").arg(terms));
    return false;
}

InteractionAnalysis InteractionAnalyzer::analyze(const AgentTurn &turn)
{
    InteractionAnalysis a;
    a.positiveSignal = positiveFeedback(turn.userText);
    a.requests = memoryRequests(turn.userText, turn.previousReply);
    a.meaningful = isMeaningful(turn, &a.engagementReason);
    return a;
}

} // namespace engram
