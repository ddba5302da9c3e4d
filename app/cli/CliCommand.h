#pragma once

#include "vault/Engine.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QTextStream>

#include <functional>
#include <memory>

namespace engram::cli {

/// Exit codes: 0 ok, 1 the command failed, 2 usage error; `health` uses 0–3 by worst status.
enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitUsage = 2 };

/// What a command gets: its parsed options, the output streams and the vault.
class CliContext {
public:
    CliContext(QCommandLineParser &parser, QTextStream &out, QTextStream &err) : parser(parser), out(out), err(err) { }

    QCommandLineParser &parser;
    QTextStream &out;
    QTextStream &err;

    QString vaultPath() const;
    /// Opens the vault; prints the error and returns null on failure.
    std::unique_ptr<Engine> openEngine(bool create = false);
    /// The vault folder for commands that do not open the index; prints why
    /// and returns an empty string when it does not exist.
    QString requireVault();
    /// When nothing matched because the index is empty (never indexed, or
    /// .engram/ deleted), says on stderr how to build it.
    void noteIfIndexEmpty(Engine &engine);
    bool json() const { return parser.isSet(QStringLiteral("json")); }
    /// Prints `object` (one compact JSON line) with --json, else `text` as a line.
    void report(const QString &text, const QJsonObject &object);
    /// Prints `message` to stderr with the command's name and returns ExitFailure.
    int fail(const QString &message);
    /// A count option (≥ 1), or `fallback`; sets `ok` false (and prints why) on a bad value.
    int intOption(const QString &name, int fallback, bool *ok);
    /// The --now option (see addNowOption), or the current time; sets `ok`
    /// false (and prints why) on a value that is not an ISO 8601 date and time.
    QDateTime nowOption(bool *ok);

    QString commandName;
};

/// One `engram-cli` sub-command. Each file of app/cli registers its own
/// commands with a static CommandRegistration.
struct CliCommand {
    QString name;
    QString summary;
    std::function<void(QCommandLineParser &)> addOptions;
    std::function<int(CliContext &)> run;
};

QList<CliCommand> &commandRegistry();

struct CommandRegistration {
    explicit CommandRegistration(CliCommand command) { commandRegistry().append(std::move(command)); }
};

/// Parses the common filter options (--store, --region, --layer, --category, --tag, --path).
RecallFilter filterFromOptions(const QCommandLineParser &parser);
void addFilterOptions(QCommandLineParser &parser);
/// --now: answer as of a fixed moment, for reproducible output.
void addNowOption(QCommandLineParser &parser, const QString &whatFollowsTheClock);

/// `stats --tools` (ToolCommands.cpp).
int runToolStats(CliContext &cx);

} // namespace engram::cli
