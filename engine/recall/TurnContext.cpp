#include "recall/TurnContext.h"

#include "core/TextAnalysis.h"

namespace engram {

QString TurnContext::key(const QString &path, int ordinal)
{
    return path + QLatin1Char('#') + QString::number(ordinal);
}

void TurnContext::add(const QList<Chunk> &chunks)
{
    for (const Chunk &c : chunks)
        m_chunks.insert(key(c.path, c.ordinal), c);
}

const Chunk *TurnContext::at(const QString &path, int ordinal) const
{
    const auto it = m_chunks.constFind(key(path, ordinal));
    return it == m_chunks.constEnd() || !it->isTurn ? nullptr : &*it;
}

double TurnContext::smoothed(const Chunk &turn, double own, double weight, const QHash<qint64, double> &relevance) const
{
    if (!turn.isTurn || weight <= 0.0)
        return own;
    double best = 0.0;
    for (int step : {-1, 1})
        if (const Chunk *n = at(turn.path, turn.ordinal + step))
            best = qMax(best, relevance.value(n->id));
    return (own + weight * best) / (1.0 + weight);
}

void TurnContext::widen(Chunk &chunk, QSet<QString> &shown) const
{
    shown.insert(key(chunk.path, chunk.ordinal));
    if (!chunk.isTurn)
        return;
    auto available = [&](const Chunk *c) { return c && !shown.contains(key(c->path, c->ordinal)); };
    const Chunk *previous = at(chunk.path, chunk.ordinal - 1);
    const Chunk *next = at(chunk.path, chunk.ordinal + 1);
    const bool asks = chunk.text.contains(QLatin1Char('?'));
    if (!asks && available(previous) && previous->text.contains(QLatin1Char('?'))) {
        shown.insert(key(previous->path, previous->ordinal));
        chunk.text = previous->text + QLatin1Char('\n') + chunk.text;
        chunk.startLine = previous->startLine;
    }
    if (asks && available(next)) {
        shown.insert(key(next->path, next->ordinal));
        chunk.text += QLatin1Char('\n') + next->text;
        chunk.endLine = next->endLine;
    }
    chunk.tokens = TextAnalysis::estimateTokens(chunk.text);
}

} // namespace engram
