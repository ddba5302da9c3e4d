#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace engram {

/// One configuration file an agent connection would change.
struct ConfigFileChange {
    QString path; ///< absolute
    QString what; ///< "Claude Code settings (hooks)", …
    bool existed = false;
    QByteArray before;
    QByteArray after;
    QStringList notes; ///< entries left alone and why ("Stop already runs …; left as it is")
    bool changes() const { return before != after; }
};

/// Wires Engram into a coding agent's own configuration, and takes it out again. Claude Code:
/// hooks in settings.json (SessionStart → the pack, Stop → learn and capture, SessionEnd →
/// capture, PostToolUse/PostToolUseFailure → tool statistics) and the MCP server in ~/.claude.json;
/// for one project, the hooks go to its unshared `.claude/settings.local.json` (never again when
/// the user settings run them already) and the server to the project's entry in ~/.claude.json
/// (Claude Code's "local" scope); CLAUDE_CONFIG_DIR moves the user files. Codex: the `notify`
/// program (each finished turn → learn and capture) and `[mcp_servers.engram]` in config.toml
/// ($CODEX_HOME, default ~/.codex; `.codex/config.toml` for a project).
///
/// Everything else in those files stays as it was, byte for byte: JSON files are edited as text,
/// one member or list element at a time (JsonTextEditor; a hook group is added per event, never
/// mixed into the person's groups), the TOML file as lines between marker comments
/// (TomlBlockEditor). An entry Engram already has in another form (a hand-written `engram-cli hook
/// agent-end`, another `notify`, another `[mcp_servers.engram]`) is left alone and named in the
/// notes. `remove` takes out exactly the entries `connect` adds, and an object or list left empty
/// by that. A file that does not parse is refused with its line and why, and then nothing is written.
class AgentConnection {
public:
    enum class Agent { ClaudeCode, Codex };
    enum class Scope { User, Project };

    struct Options {
        Agent agent = Agent::ClaudeCode;
        Scope scope = Scope::User;
        QString vaultPath;  ///< absolute
        QString program;    ///< absolute path of engram-cli, as the hooks will run it
        QString projectDir; ///< for Scope::Project
        bool remove = false;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    };

    /// "claude-code" / "codex" → the agent; false when unknown.
    static bool agentFromName(const QString &name, Agent *agent);

    /// The changes connecting (or removing) would make; reads, never writes.
    static Result<QList<ConfigFileChange>> plan(const Options &options);

    /// Writes the changed files: each is checked writable first (a read-only file is an error and
    /// nothing is written), then backed up next to itself (`<file>.engram-backup-<time>`) and
    /// replaced atomically. Returns the backups made.
    static Result<QStringList> apply(const QList<ConfigFileChange> &changes);

    /// A unified diff of `before` → `after` (two lines of context), headed by `path`.
    static QString diff(const QString &path, const QByteArray &before, const QByteArray &after);

    /// The shell form of a command line for a hook (arguments quoted where needed).
    static QString shellCommand(const QStringList &arguments);
};

} // namespace engram
