// engram-cli state
#include "CliCommand.h"
#include "cognition/CognitiveState.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

void printState(QTextStream &out, const CognitiveState &s)
{
    out << "focus: " << (s.focus.current.isEmpty() ? QStringLiteral("(none)") : s.focus.current) << "\n";
    for (const QString &p : s.focus.priorities)
        out << "  priority: " << p << "\n";
    out << "heuristics:\n";
    for (int i = 0; i < s.heuristics.size(); ++i)
        out << QStringLiteral("  %1. %2 (used %3×, from %4)\n")
                   .arg(i + 1)
                   .arg(s.heuristics[i].text)
                   .arg(s.heuristics[i].useCount)
                   .arg(s.heuristics[i].source.isEmpty() ? QStringLiteral("?") : s.heuristics[i].source);
    out << "learnings (" << s.learnings.size() << " of " << CognitiveState::kMaxLearnings << "):\n";
    for (int i = 0; i < s.learnings.size(); ++i)
        out << QStringLiteral("  %1. [%2] %3%4\n")
                   .arg(i + 1)
                   .arg(s.learnings[i].category, s.learnings[i].text,
                        s.learnings[i].context.isEmpty() ? QString() : QStringLiteral(" — ") + s.learnings[i].context);
    out << "avoidances:\n";
    for (int i = 0; i < s.avoidances.size(); ++i)
        out << QStringLiteral("  %1. %2\n").arg(i + 1).arg(s.avoidances[i]);
    out << QStringLiteral("engagement: %1 meaningful of %2 interactions\n")
               .arg(s.engagement.meaningfulInteractions)
               .arg(s.engagement.totalInteractions);
    out.flush();
}

int runState(CliContext &cx)
{
    const QStringList args = cx.parser.positionalArguments();
    const QString action = args.value(0, QStringLiteral("show"));
    const QString rest = args.mid(1).join(QLatin1Char(' '));
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    CognitiveStore store(vault);
    auto number = [&](bool *ok) {
        const int n = rest.toInt(ok);
        return n - 1;
    };
    Status result;
    bool ok = true;
    if (action == QLatin1String("show")) {
        auto state = store.load();
        if (!state)
            return cx.fail(state.error().toString());
        if (cx.json())
            cx.out << QJsonDocument(state->toJson()).toJson(QJsonDocument::Indented);
        else
            printState(cx.out, *state);
        return ExitOk;
    } else if (action == QLatin1String("focus")) {
        result = store.setFocus(rest, cx.parser.values(QStringLiteral("priority")));
    } else if (action == QLatin1String("add-heuristic")) {
        result = store.addHeuristic(rest, QStringLiteral("person"));
    } else if (action == QLatin1String("remove-heuristic")) {
        const int i = number(&ok);
        result = ok ? store.removeHeuristic(i) : Status(Error{QStringLiteral("say which one by number")});
    } else if (action == QLatin1String("add-learning")) {
        result = store.addLearning(Learning{rest, cx.parser.value(QStringLiteral("category")),
                                            QStringLiteral("added by hand"), QDateTime::currentDateTimeUtc()});
    } else if (action == QLatin1String("remove-learning")) {
        const int i = number(&ok);
        result = ok ? store.removeLearning(i) : Status(Error{QStringLiteral("say which one by number")});
    } else if (action == QLatin1String("add-avoidance")) {
        result = store.addAvoidance(rest);
    } else if (action == QLatin1String("remove-avoidance")) {
        const int i = number(&ok);
        result = ok ? store.removeAvoidance(i) : Status(Error{QStringLiteral("say which one by number")});
    } else {
        cx.fail(QStringLiteral("unknown action \"%1\"; use show, focus, add-heuristic, remove-heuristic, "
                               "add-learning, remove-learning, add-avoidance or remove-avoidance")
                    .arg(action));
        return ExitUsage;
    }
    if (!result)
        return cx.fail(result.error().toString());
    auto state = store.state();
    if (!cx.json() && state)
        printState(cx.out, *state);
    return ExitOk;
}

const CommandRegistration stateCommand{CliCommand{
    QStringLiteral("state"),
    QStringLiteral("Show or edit the cognitive state (focus, heuristics, learnings, avoidances)."),
    [](QCommandLineParser &p) {
        p.addPositionalArgument(QStringLiteral("action"),
                                QStringLiteral("show | focus TEXT | add-heuristic TEXT | remove-heuristic N | "
                                               "add-learning TEXT | remove-learning N | add-avoidance TEXT | "
                                               "remove-avoidance N"),
                                QStringLiteral("[action] [text...]"));
        p.addOption({QStringLiteral("priority"), QStringLiteral("A priority for `focus` (repeatable)."),
                     QStringLiteral("text")});
        p.addOption({QStringLiteral("category"),
                     QStringLiteral("insight, feedback, pattern or mistake (add-learning)."),
                     QStringLiteral("category"), QStringLiteral("insight")});
    },
    runState}};

} // namespace

} // namespace engram::cli
