// engram-cli capture: copies every existing session of Claude Code and Codex into the vault
// (the hooks capture new sessions as they go; this back-fills what was there before).
#include "CliCommand.h"
#include "ingest/SessionCapture.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

struct Source {
    QString root;
    QString agent; ///< empty: told from each file's content
};

QList<Source> defaultSources()
{
    const QString claudeDir =
        qEnvironmentVariable("CLAUDE_CONFIG_DIR", QDir::home().filePath(QStringLiteral(".claude")));
    const QString codexHome = qEnvironmentVariable("CODEX_HOME", QDir::home().filePath(QStringLiteral(".codex")));
    return {{QDir(claudeDir).filePath(QStringLiteral("projects")), QStringLiteral("claude-code")},
            {QDir(codexHome).filePath(QStringLiteral("sessions")), QStringLiteral("codex")}};
}

int runCapture(CliContext &cx)
{
    QDateTime since;
    if (cx.parser.isSet(QStringLiteral("since"))) {
        const QDate day = QDate::fromString(cx.parser.value(QStringLiteral("since")), Qt::ISODate);
        if (!day.isValid())
            return cx.fail(QStringLiteral("--since takes a day as YYYY-MM-DD, not \"%1\"")
                               .arg(cx.parser.value(QStringLiteral("since"))));
        since = day.startOfDay();
    }
    QList<Source> sources;
    for (const QString &from : cx.parser.values(QStringLiteral("from"))) {
        if (!QFileInfo(from).isDir())
            return cx.fail(QStringLiteral("--from %1: no such folder").arg(from));
        sources << Source{from, {}};
    }
    if (sources.isEmpty())
        sources = defaultSources();
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    auto config = Config::load(vault);
    if (!config)
        return cx.fail(config.error().toString());
    SessionCapture capture(vault, config->capture.redact);

    QList<QPair<QString, QString>> files; // path, agent
    for (const Source &s : std::as_const(sources)) {
        if (!QFileInfo(s.root).isDir()) {
            cx.err << "engram-cli capture: " << s.root << ": no such folder; skipped" << Qt::endl;
            continue;
        }
        for (const QString &path : SessionCapture::transcriptsUnder(s.root, since))
            files.append({path, s.agent});
    }
    int created = 0;
    int updated = 0;
    int unchanged = 0;
    int failed = 0;
    qint64 lines = 0;
    qint64 redactions = 0;
    QJsonArray failures;
    for (int i = 0; i < files.size(); ++i) {
        const auto &[path, agent] = files.at(i);
        auto outcome = capture.capture(path, agent);
        QString line = QStringLiteral("[%1/%2] ").arg(i + 1).arg(files.size());
        if (!outcome) {
            ++failed;
            failures.append(outcome.error().toString());
            cx.err << line << "failed: " << outcome.error().toString() << Qt::endl;
            continue;
        }
        lines += outcome->linesAdded;
        redactions += outcome->redactions;
        if (outcome->created)
            ++created;
        else if (outcome->linesAdded > 0)
            ++updated;
        else
            ++unchanged;
        cx.err << line << outcome->target << ": +" << outcome->linesAdded << " line(s)";
        if (outcome->redactions > 0)
            cx.err << ", " << outcome->redactions << " secret(s) redacted";
        if (!outcome->note.isEmpty())
            cx.err << " (" << outcome->note << ")";
        cx.err << Qt::endl;
    }
    cx.report(QStringLiteral("%1 transcript(s): %2 new, %3 updated, %4 unchanged, %5 failed; %6 line(s) added, %7 "
                             "secret(s) redacted%8")
                  .arg(files.size())
                  .arg(created)
                  .arg(updated)
                  .arg(unchanged)
                  .arg(failed)
                  .arg(lines)
                  .arg(redactions)
                  .arg(config->capture.redact ? QString() : QStringLiteral(" (redaction is off: capture.redact)")),
              QJsonObject{{QStringLiteral("transcripts"), int(files.size())},
                          {QStringLiteral("new"), created},
                          {QStringLiteral("updated"), updated},
                          {QStringLiteral("unchanged"), unchanged},
                          {QStringLiteral("failed"), failures},
                          {QStringLiteral("lines"), double(lines)},
                          {QStringLiteral("redactions"), double(redactions)}});
    return failed > 0 ? ExitFailure : ExitOk;
}

const CommandRegistration captureCommand{CliCommand{
    QStringLiteral("capture"),
    QStringLiteral("Copy Claude Code's and Codex's existing sessions into sessions/ (new lines only, secrets "
                   "redacted)."),
    [](QCommandLineParser &p) {
        p.addOptions({{QStringLiteral("from"),
                       QStringLiteral("A folder of transcripts (*.jsonl, searched below); repeatable. Default: "
                                      "$CLAUDE_CONFIG_DIR/projects (~/.claude/projects) and $CODEX_HOME/sessions "
                                      "(~/.codex/sessions)."),
                       QStringLiteral("dir")},
                      {QStringLiteral("since"), QStringLiteral("Only transcripts changed on or after this day."),
                       QStringLiteral("YYYY-MM-DD")}});
    },
    runCapture}};

} // namespace

} // namespace engram::cli
