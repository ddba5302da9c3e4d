#include "cognition/InteractionLearner.h"

#include "cognition/CognitiveState.h"
#include "cognition/ToolUsage.h"
#include "core/TextAnalysis.h"
#include "core/VaultBoundary.h"
#include "redaction/RedactionGate.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace engram {

namespace {

const QString kLastTurnFile = QStringLiteral(".engram/agent-end-last");

QString firstLine(const QString &text, int max = 160)
{
    const QString line = text.trimmed().section(QLatin1Char('\n'), 0, 0).simplified();
    return line.size() > max ? line.left(max - 1) + QStringLiteral("…") : line;
}

QString yamlQuoted(const QString &text)
{
    QString s = text;
    s.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + s + QLatin1Char('"');
}

QByteArray turnFingerprint(const AgentTurn &turn)
{
    return QCryptographicHash::hash(
               (turn.sessionId + QLatin1Char('\n') + QString::number(turn.userLine) + QLatin1Char('\n') + turn.userText)
                   .toUtf8(),
               QCryptographicHash::Sha1)
        .toHex();
}

/// The turn as the learner may keep it: what the person and the agent said, and each failed tool's
/// error line, through the vault's gate (the transcript itself is the agent's raw log).
AgentTurn redacted(const AgentTurn &turn, const RedactionGate &gate)
{
    AgentTurn out = turn;
    out.userText = gate.clean(turn.userText);
    out.previousReply = gate.clean(turn.previousReply);
    out.reply = gate.clean(turn.reply);
    for (ToolEvent &e : out.toolEvents)
        e.error = gate.clean(e.error);
    return out;
}

} // namespace

InteractionLearner::InteractionLearner(const QString &vaultPath) : m_vaultPath(vaultPath) { }

Result<QString> InteractionLearner::writeMemory(const QString &vaultPath, const QString &store, const QString &rawText,
                                                const QString &signal, const QDateTime &now)
{
    auto gate = RedactionGate::forVault(vaultPath);
    if (!gate)
        return gate.error();
    const QString text = gate->clean(rawText);
    const QStringList words = TextAnalysis::words(text);
    const QString slug = words.mid(0, 6).join(QLatin1Char('-')).left(60);
    const QString folder = QStringLiteral("memories/") + store;
    const VaultBoundary boundary(vaultPath);
    if (auto made = boundary.makeFolder(folder); !made)
        return made.error();
    const QString stem = folder + QLatin1Char('/') + now.toLocalTime().toString(QStringLiteral("yyyy-MM-dd-"))
                         + (slug.isEmpty() ? QStringLiteral("memory") : slug);
    QString relative = stem + QStringLiteral(".md");
    for (int n = 2; boundary.holdsEntry(relative); ++n)
        relative = stem + QStringLiteral("-%1.md").arg(n);

    const QString title = words.mid(0, 8).join(QLatin1Char(' '));
    QString content =
        QStringLiteral("---\ntitle: %1\nstore: %2\ncreated: %3\nsource: agent-end\nsignal: %4\n---\n\n%5\n")
            .arg(yamlQuoted(title), store, now.toUTC().toString(Qt::ISODate), yamlQuoted(signal), text.trimmed());
    if (Status s = boundary.writeFile(relative, content.toUtf8()); !s)
        return s.error();
    return relative;
}

Result<AppliedInteraction> InteractionLearner::apply(const AgentTurn &rawTurn, const QDateTime &now)
{
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate)
        return gate.error();
    const AgentTurn turn = redacted(rawTurn, *gate);
    AppliedInteraction applied;
    applied.analysis = InteractionAnalyzer::analyze(turn);

    const QString lastPath = QDir(m_vaultPath).filePath(kLastTurnFile);
    const QByteArray fingerprint = turnFingerprint(turn);
    {
        QFile last(lastPath);
        if (last.open(QIODevice::ReadOnly) && last.readAll().trimmed() == fingerprint) {
            applied.alreadySeen = true;
            return applied;
        }
    }

    const InteractionAnalysis &a = applied.analysis;
    const QStringList packed = CognitiveStore::packedHeuristics(m_vaultPath);
    CognitiveStore store(m_vaultPath);
    Status s = store.edit([&](CognitiveState &state) -> Status {
        if (!a.positiveSignal.isEmpty()) {
            for (Heuristic &h : state.heuristics)
                if (packed.contains(h.text)) {
                    ++h.useCount;
                    h.lastUsed = now;
                    applied.creditedHeuristics << h.text;
                }
            const QString what = firstLine(turn.previousReply);
            Learning l{what.isEmpty() ? QStringLiteral("The person was pleased with the last answer")
                                      : QStringLiteral("Worked well: %1").arg(what),
                       QStringLiteral("feedback"),
                       QStringLiteral("signal \"%1\" in: %2").arg(a.positiveSignal, firstLine(turn.userText, 120)),
                       now};
            state.appendLearning(l);
            applied.learningsAdded << l.text;
        }
        for (const MemoryRequest &r : a.requests) {
            const QString context = QStringLiteral("signal \"%1\" in the person's message").arg(r.signal);
            if (r.kind == MemoryRequest::Kind::Learning) {
                state.appendLearning(Learning{r.text, r.category, context, now});
                applied.learningsAdded << r.text;
            } else if (r.kind == MemoryRequest::Kind::Avoidance
                       && !state.avoidances.contains(r.text, Qt::CaseInsensitive)) {
                state.avoidances << r.text;
                applied.avoidancesAdded << r.text;
            }
        }
        ++state.engagement.totalInteractions;
        if (a.meaningful) {
            ++state.engagement.meaningfulInteractions;
            state.engagement.lastMeaningfulAt = now;
        }
        return {};
    });
    if (!s)
        return s.error();

    for (const MemoryRequest &r : a.requests) {
        if (r.kind != MemoryRequest::Kind::Memory)
            continue;
        auto written = m_sink ? m_sink(r.text, r.signal, now)
                              : writeMemory(m_vaultPath, QStringLiteral("semantic"), r.text, r.signal, now);
        if (!written)
            return written.error();
        applied.memoriesWritten << *written;
    }

    if (!turn.toolEvents.isEmpty()) {
        auto recorded = ToolUsage(m_vaultPath).record(turn.toolEvents);
        if (recorded)
            applied.toolEventsRecorded = *recorded;
        else
            applied.toolEventsError = recorded.error().toString();
    }

    QDir(m_vaultPath).mkpath(QStringLiteral(".engram"));
    QSaveFile mark(lastPath);
    if (mark.open(QIODevice::WriteOnly)) {
        mark.write(fingerprint + '\n');
        (void)mark.commit();
    }
    return applied;
}

} // namespace engram
