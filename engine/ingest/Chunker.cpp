#include "ingest/Chunker.h"

#include "core/TextAnalysis.h"
#include "core/WorkCount.h"

#include <QRegularExpression>

namespace engram {

namespace {

Chunk startChunk(const Document &doc, const Section &s)
{
    Chunk c;
    c.path = doc.path;
    c.title = doc.title;
    c.heading = s.heading;
    c.startLine = s.startLine;
    c.endLine = s.endLine;
    c.speaker = s.speaker;
    c.isTurn = s.isTurn;
    c.time = s.time.isValid() ? s.time : doc.created;
    c.text = s.text;
    return c;
}

/// Splits `text` into pieces of at most `maxTokens`, preferring sentence ends.
QStringList splitLong(const QString &text, int maxTokens)
{
    static const QRegularExpression sentenceEnd(QStringLiteral(R"((?<=[.!?])\s+|\n)"));
    const int maxChars = maxTokens * 4;
    WorkCount::add(text.size());
    QStringList pieces;
    QString current;
    for (const QString &sentence : text.split(sentenceEnd, Qt::SkipEmptyParts)) {
        if (!current.isEmpty() && current.size() + sentence.size() + 1 > maxChars) {
            pieces << current;
            current.clear();
        }
        if (sentence.size() > maxChars) {
            for (qsizetype at = 0; at < sentence.size(); at += maxChars)
                pieces << sentence.mid(at, maxChars);
            continue;
        }
        current += (current.isEmpty() ? QString() : QStringLiteral(" ")) + sentence;
    }
    if (!current.isEmpty())
        pieces << current;
    return pieces;
}

} // namespace

QList<Chunk> Chunker::chunk(const Document &document) const
{
    QList<Chunk> out;
    if (document.kind == DocumentKind::Transcript || document.kind == DocumentKind::AgentLog)
        chunkTurns(document, out);
    else
        chunkNote(document, out);
    for (int i = 0; i < out.size(); ++i) {
        out[i].ordinal = i;
        out[i].tokens = TextAnalysis::estimateTokens(out[i].text);
        WorkCount::add(out[i].text.size() + out[i].title.size() + out[i].heading.size());
    }
    return out;
}

void Chunker::chunkNote(const Document &doc, QList<Chunk> &out) const
{
    const int maxChars = m_options.maxTokens * 4;
    bool open = false;
    for (const Section &s : doc.sections) {
        if (s.text.size() > maxChars) {
            open = false;
            // A long paragraph: pieces share its line range (a paragraph is one line block).
            for (const QString &piece : splitLong(s.text, m_options.maxTokens)) {
                Chunk c = startChunk(doc, s);
                c.text = piece;
                out << c;
            }
            continue;
        }
        if (open) {
            Chunk &last = out.last();
            if (last.heading == s.heading && last.text.size() + s.text.size() + 2 <= maxChars) {
                last.text += QStringLiteral("\n\n") + s.text;
                last.endLine = s.endLine;
                continue;
            }
        }
        out << startChunk(doc, s);
        open = true;
    }
}

void Chunker::chunkTurns(const Document &doc, QList<Chunk> &out) const
{
    const int perChunk = qMax(1, m_options.turnsPerChunk);
    int inCurrent = 0;
    for (const Section &s : doc.sections) {
        if (!s.isTurn) {
            // Narration between turns (a heading's paragraph, a note) stands alone.
            out << startChunk(doc, s);
            inCurrent = perChunk;
            continue;
        }
        if (inCurrent > 0 && inCurrent < perChunk && !out.isEmpty() && out.last().isTurn) {
            Chunk &last = out.last();
            last.text += QStringLiteral("\n") + s.text;
            last.endLine = s.endLine;
            if (last.speaker != s.speaker)
                last.speaker.clear();
            ++inCurrent;
            continue;
        }
        if (s.text.size() > m_options.maxTokens * 8) {
            // Very long turns (pasted logs, long answers) are split; each piece keeps the turn's lines.
            for (const QString &piece : splitLong(s.text, m_options.maxTokens * 2)) {
                Chunk c = startChunk(doc, s);
                c.text = piece;
                out << c;
            }
            inCurrent = perChunk;
            continue;
        }
        out << startChunk(doc, s);
        inCurrent = 1;
    }
}

} // namespace engram
