#include "agent/AgentConnection.h"

#include "agent/JsonTextEditor.h"
#include "agent/TomlBlockEditor.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>

namespace engram {

namespace {

using Options = AgentConnection::Options;

/// One Claude Code hook Engram adds: the event, its matcher (tool events only) and the command.
struct ClaudeHook {
    QString event;
    QString matcher;
    QString subcommand; ///< "hook agent-end": how a hand-written form of the same hook is recognised
    QStringList arguments;
    int timeoutSeconds;
};

QList<ClaudeHook> claudeHooks()
{
    const QString format = QStringLiteral("--format");
    const QString claude = QStringLiteral("claude");
    return {
        {QStringLiteral("SessionStart"),
         {},
         QStringLiteral("hook session-start"),
         {QStringLiteral("hook"), QStringLiteral("session-start"), format, claude},
         30},
        {QStringLiteral("Stop"),
         {},
         QStringLiteral("hook agent-end"),
         {QStringLiteral("hook"), QStringLiteral("agent-end"), format, claude, QStringLiteral("--reflect-if-due")},
         60},
        {QStringLiteral("SessionEnd"),
         {},
         QStringLiteral("hook capture"),
         {QStringLiteral("hook"), QStringLiteral("capture"), format, claude},
         60},
        {QStringLiteral("PostToolUse"),
         QStringLiteral("*"),
         QStringLiteral("hook tool"),
         {QStringLiteral("hook"), QStringLiteral("tool"), format, claude},
         10},
        {QStringLiteral("PostToolUseFailure"),
         QStringLiteral("*"),
         QStringLiteral("hook tool"),
         {QStringLiteral("hook"), QStringLiteral("tool"), format, claude},
         10},
    };
}

Result<QByteArray> readIfThere(const QString &path, bool *existed)
{
    QFile file(path);
    *existed = file.exists();
    if (!*existed)
        return QByteArray();
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read it: %1; nothing was written").arg(file.errorString()), path};
    return file.readAll();
}

int lineAt(const QByteArray &bytes, qsizetype offset)
{
    return int(bytes.left(offset).count('\n')) + 1;
}

/// The line where `"key"` first appears (for messages about a key of the wrong type).
int lineOfKey(const QByteArray &bytes, const QString &key)
{
    const qsizetype at = bytes.indexOf('"' + key.toUtf8() + '"');
    return at < 0 ? 0 : lineAt(bytes, at);
}

/// The person's JSON file for text edits; a file that does not parse is refused with its line.
Result<JsonTextEditor> jsonEditor(const QByteArray &bytes, const QString &path)
{
    auto editor = JsonTextEditor::parse(bytes, path);
    if (!editor)
        return Error{editor.error().message + QStringLiteral("; nothing was written"), path, editor.error().line};
    return editor;
}

Error typeError(const QByteArray &bytes, const QString &path, const QString &key, const QString &kind)
{
    return Error{QStringLiteral("`%1` is not %2, so Engram cannot add to it; nothing was written").arg(key, kind), path,
                 lineOfKey(bytes, key.section(QLatin1Char('.'), -1))};
}

/// One text edit of `change.after`, re-read for the next one.
Status edit(ConfigFileChange &change, JsonTextEditor &editor, const Result<QByteArray> &edited)
{
    if (!edited)
        return Error{edited.error().message + QStringLiteral("; nothing was written"), change.path};
    change.after = *edited;
    auto next = JsonTextEditor::parse(change.after, change.path);
    if (!next)
        return next.error();
    editor = *next;
    return {};
}

QString ourHookCommand(const Options &o, const ClaudeHook &h)
{
    return AgentConnection::shellCommand(QStringList{o.program} + h.arguments
                                         + QStringList{QStringLiteral("--vault"), o.vaultPath});
}

/// Where `command` runs under `event` in a settings object: (group, handler), or (-1, -1).
QPair<int, int> findCommand(const QJsonObject &hooks, const QString &event, const QString &command)
{
    const QJsonArray groups = hooks.value(event).toArray();
    for (int g = 0; g < groups.size(); ++g) {
        const QJsonArray handlers = groups.at(g).toObject().value(QStringLiteral("hooks")).toArray();
        for (int k = 0; k < handlers.size(); ++k)
            if (handlers.at(k).toObject().value(QStringLiteral("command")).toString() == command)
                return {g, k};
    }
    return {-1, -1};
}

/// A hand-written form of Engram's hook `h` under its event ("hooks.Stop[0].hooks[1] runs `…`"), or empty.
QString otherEngramHook(const QJsonObject &hooks, const ClaudeHook &h, const QString &ours)
{
    const QJsonArray groups = hooks.value(h.event).toArray();
    for (int g = 0; g < groups.size(); ++g) {
        const QJsonArray handlers = groups.at(g).toObject().value(QStringLiteral("hooks")).toArray();
        for (int k = 0; k < handlers.size(); ++k) {
            const QString command = handlers.at(k).toObject().value(QStringLiteral("command")).toString();
            if (command != ours && command.contains(QLatin1String("engram-cli")) && command.contains(h.subcommand))
                return QStringLiteral("hooks.%1[%2].hooks[%3] runs `%4`").arg(h.event).arg(g).arg(k).arg(command);
        }
    }
    return {};
}

/// The hooks object of the user's own settings, for project scope (empty when none).
QJsonObject userHooks(const QString &userSettings)
{
    QFile file(userSettings);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("hooks")).toObject();
}

Status mergeClaudeHooks(const Options &o, ConfigFileChange &change, const QString &userSettings)
{
    auto parsed = jsonEditor(change.before, change.path);
    if (!parsed)
        return parsed.error();
    JsonTextEditor editor = *parsed;
    const QJsonValue hooksValue = editor.value({QStringLiteral("hooks")});
    if (!hooksValue.isUndefined() && !hooksValue.isObject())
        return typeError(change.before, change.path, QStringLiteral("hooks"), QStringLiteral("an object"));
    const QJsonObject userLevel = userSettings.isEmpty() ? QJsonObject() : userHooks(userSettings);
    // Each new event goes first in `hooks`: the last one added ends up on top, so add them backwards
    // and they read in the order Claude Code runs them.
    QList<ClaudeHook> hooksInOrder = claudeHooks();
    if (!o.remove)
        std::reverse(hooksInOrder.begin(), hooksInOrder.end());
    for (const ClaudeHook &h : std::as_const(hooksInOrder)) {
        const QString ours = ourHookCommand(o, h);
        const QJsonObject hooks = editor.value({QStringLiteral("hooks")}).toObject();
        const QJsonValue eventValue = hooks.value(h.event);
        if (!eventValue.isUndefined() && !eventValue.isArray())
            return typeError(change.before, change.path, QStringLiteral("hooks.") + h.event, QStringLiteral("a list"));
        const QString other = otherEngramHook(hooks, h, ours);
        if (o.remove) {
            bool removed = false;
            for (auto at = findCommand(hooks, h.event, ours); at.first >= 0;
                 at = findCommand(editor.value({QStringLiteral("hooks")}).toObject(), h.event, ours)) {
                const JsonTextEditor::Path group{QStringLiteral("hooks"), h.event, at.first};
                const bool alone = editor.value(group).toObject().value(QStringLiteral("hooks")).toArray().size() == 1;
                const JsonTextEditor::Path path = alone
                                                      ? group
                                                      : JsonTextEditor::Path{QStringLiteral("hooks"), h.event, at.first,
                                                                             QStringLiteral("hooks"), at.second};
                if (Status s = edit(change, editor, editor.without(path)); !s)
                    return s;
                removed = true;
            }
            if (!removed) {
                if (!other.isEmpty())
                    change.notes << other + QStringLiteral(": not added by connect; left as it is");
                continue;
            }
            // A list or object that held only Engram's entries goes with them.
            if (editor.value({QStringLiteral("hooks"), h.event}).toArray().isEmpty())
                if (Status s = edit(change, editor, editor.without({QStringLiteral("hooks"), h.event})); !s)
                    return s;
            if (editor.value({QStringLiteral("hooks")}).toObject().isEmpty())
                if (Status s = edit(change, editor, editor.without({QStringLiteral("hooks")})); !s)
                    return s;
            continue;
        }
        if (findCommand(hooks, h.event, ours).first >= 0)
            continue;
        if (!other.isEmpty()) {
            change.notes << other
                                + QStringLiteral(" already; left as it is (remove it and run connect again to "
                                                 "use Engram's form)");
            continue;
        }
        if (findCommand(userLevel, h.event, ours).first >= 0) {
            change.notes << QStringLiteral("hooks.%1: your user settings (%2) run Engram's hook already; not added "
                                           "again here (it would run twice)")
                                .arg(h.event, userSettings);
            continue;
        }
        QJsonObject group{
            {QStringLiteral("hooks"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("command")},
                                                             {QStringLiteral("command"), ours},
                                                             {QStringLiteral("timeout"), h.timeoutSeconds}}}}};
        if (!h.matcher.isEmpty())
            group.insert(QStringLiteral("matcher"), h.matcher);
        const Status s =
            eventValue.isUndefined()
                ? edit(change, editor, editor.withMember({QStringLiteral("hooks")}, h.event, QJsonArray{group}))
                : edit(change, editor, editor.withPrepended({QStringLiteral("hooks"), h.event}, group));
        if (!s)
            return s;
    }
    return {};
}

QJsonObject claudeServer(const Options &o)
{
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("stdio")},
        {QStringLiteral("command"), o.program},
        {QStringLiteral("args"), QJsonArray{QStringLiteral("mcp"), QStringLiteral("--vault"), o.vaultPath}}};
}

/// Claude Code adds fields of its own (an empty "env"); command and arguments say whose a server is.
bool isOurServer(const QJsonObject &server, const QJsonObject &ours)
{
    return !server.isEmpty() && server.value(QStringLiteral("command")) == ours.value(QStringLiteral("command"))
           && server.value(QStringLiteral("args")) == ours.value(QStringLiteral("args"));
}

/// The MCP server in `servers` (the path of an `mcpServers` object: top level for the user, under
/// `projects.<dir>` for one project on this machine only, as `claude mcp add --scope local` does).
Status mergeClaudeMcp(const Options &o, ConfigFileChange &change, const JsonTextEditor::Path &servers)
{
    auto parsed = jsonEditor(change.before, change.path);
    if (!parsed)
        return parsed.error();
    JsonTextEditor editor = *parsed;
    const QJsonValue serversValue = editor.value(servers);
    if (!serversValue.isUndefined() && !serversValue.isObject())
        return typeError(change.before, change.path, QStringLiteral("mcpServers"), QStringLiteral("an object"));
    const QJsonObject ours = claudeServer(o);
    const QJsonObject existing = serversValue.toObject().value(QStringLiteral("engram")).toObject();
    const bool present = isOurServer(existing, ours);
    const QString otherNote = QStringLiteral("mcpServers.engram (line %1) starts `%2`, not this vault's server; left "
                                             "as it is")
                                  .arg(lineOfKey(change.before, QStringLiteral("engram")))
                                  .arg(existing.value(QStringLiteral("command")).toString());
    const JsonTextEditor::Path server = servers + JsonTextEditor::Path{QStringLiteral("engram")};
    if (o.remove) {
        if (!present) {
            if (serversValue.toObject().contains(QStringLiteral("engram")))
                change.notes << otherNote;
            return {};
        }
        if (Status s = edit(change, editor, editor.without(server)); !s)
            return s;
        // Empty objects Engram's server leaves behind go too, up to the top level; but a project's
        // entry in ~/.claude.json that holds more keys keeps its `"mcpServers": {}`, as Claude Code
        // writes it for every project.
        for (JsonTextEditor::Path path = servers; !path.isEmpty(); path.removeLast()) {
            const QJsonValue left = editor.value(path);
            if (!left.isObject() || !left.toObject().isEmpty()
                || (path == servers && path.size() > 1
                    && editor.value(path.mid(0, path.size() - 1)).toObject().size() > 1))
                break;
            if (Status s = edit(change, editor, editor.without(path)); !s)
                return s;
        }
        return {};
    }
    if (present)
        return {};
    if (servers.size() > 1
        && isOurServer(editor.value({QStringLiteral("mcpServers"), QStringLiteral("engram")}).toObject(), ours)) {
        change.notes << QStringLiteral("mcpServers.engram: your user scope runs this vault's server already; not added "
                                       "for the project too");
        return {};
    }
    if (!existing.isEmpty() || serversValue.toObject().contains(QStringLiteral("engram"))) {
        change.notes << otherNote;
        return {};
    }
    JsonTextEditor::Path parent = servers;
    const QString key = std::get<QString>(parent.takeLast());
    if (!serversValue.isUndefined())
        return edit(change, editor, editor.withMember(servers, QStringLiteral("engram"), ours));
    return edit(change, editor, editor.withMember(parent, key, QJsonObject{{QStringLiteral("engram"), ours}}));
}

QString tomlArray(const QStringList &items)
{
    QStringList quoted;
    for (const QString &item : items)
        quoted << TomlBlockEditor::quoted(item);
    return QLatin1Char('[') + quoted.join(QStringLiteral(", ")) + QLatin1Char(']');
}

Status mergeCodex(const Options &o, ConfigFileChange &change)
{
    const QString notifyBlock = QStringLiteral("notify");
    const QString mcpBlock = QStringLiteral("mcp server");
    QString text = QString::fromUtf8(change.before);
    auto editor = TomlBlockEditor::parse(text, change.path);
    if (!editor)
        return Error{editor.error().message + QStringLiteral("; nothing was written"), editor.error().path,
                     editor.error().line};
    if (o.remove) {
        text = editor->withoutBlock(notifyBlock);
        auto again = TomlBlockEditor::parse(text, change.path);
        if (!again)
            return again.error();
        text = again->withoutBlock(mcpBlock);
        change.after = text.toUtf8();
        return {};
    }
    const QStringList notify{
        QStringLiteral("notify = ")
        + tomlArray({o.program, QStringLiteral("hook"), QStringLiteral("agent-end"), QStringLiteral("--format"),
                     QStringLiteral("codex"), QStringLiteral("--vault"), o.vaultPath})};
    bool found = false;
    (void)editor->block(notifyBlock, &found);
    if (const int line = editor->topLevelKeyLine(QStringLiteral("notify")); !found && line > 0)
        change.notes << QStringLiteral("%1:%2: `notify` is set already, and Codex runs one notify program: Engram's "
                                       "capture is not wired; call `%3 hook agent-end --format codex --vault %4 "
                                       "\"$1\"` from yours, or run `engram-cli capture` now and then")
                            .arg(change.path)
                            .arg(line)
                            .arg(o.program, o.vaultPath);
    else
        text = editor->withBlock(notifyBlock, notify, true);
    auto next = TomlBlockEditor::parse(text, change.path);
    if (!next)
        return next.error();
    const QStringList server{
        QStringLiteral("[mcp_servers.engram]"), QStringLiteral("command = ") + TomlBlockEditor::quoted(o.program),
        QStringLiteral("args = ") + tomlArray({QStringLiteral("mcp"), QStringLiteral("--vault"), o.vaultPath})};
    (void)next->block(mcpBlock, &found);
    if (const int line = next->tableLine(QStringLiteral("mcp_servers.engram")); !found && line > 0)
        change.notes << QStringLiteral("%1:%2: an MCP server named engram is configured already; left as it is")
                            .arg(change.path)
                            .arg(line);
    else
        text = next->withBlock(mcpBlock, server, false);
    change.after = text.toUtf8();
    return {};
}

Result<ConfigFileChange> load(const QString &path, const QString &what)
{
    ConfigFileChange change;
    change.path = path;
    change.what = what;
    auto bytes = readIfThere(path, &change.existed);
    if (!bytes)
        return bytes.error();
    change.before = change.after = *bytes;
    return change;
}

} // namespace

bool AgentConnection::agentFromName(const QString &name, Agent *agent)
{
    if (name == QLatin1String("claude-code") || name == QLatin1String("claude")) {
        *agent = Agent::ClaudeCode;
        return true;
    }
    if (name == QLatin1String("codex")) {
        *agent = Agent::Codex;
        return true;
    }
    return false;
}

Result<QList<ConfigFileChange>> AgentConnection::plan(const Options &o)
{
    const QString home = o.environment.value(QStringLiteral("HOME"), QDir::homePath());
    const bool project = o.scope == Scope::Project;
    const QDir projectDir(o.projectDir.isEmpty() ? QDir::currentPath() : o.projectDir);
    QList<ConfigFileChange> changes;
    if (o.agent == Agent::ClaudeCode) {
        const QString configDir = o.environment.value(QStringLiteral("CLAUDE_CONFIG_DIR"));
        const QString userDir = configDir.isEmpty() ? QDir(home).filePath(QStringLiteral(".claude")) : configDir;
        // A project's hooks go to its own, unshared settings.local.json: they name this machine's
        // paths. Its MCP server goes where `claude mcp add --scope local` puts one: the project's
        // entry in the user's ~/.claude.json.
        const QString userSettings = QDir(userDir).filePath(QStringLiteral("settings.json"));
        const QString settings =
            project ? projectDir.filePath(QStringLiteral(".claude/settings.local.json")) : userSettings;
        // User-scope MCP servers live in ~/.claude.json, or in $CLAUDE_CONFIG_DIR/.claude.json.
        const QString mcp = QDir(configDir.isEmpty() ? home : configDir).filePath(QStringLiteral(".claude.json"));
        const JsonTextEditor::Path serverPath =
            project ? JsonTextEditor::Path{QStringLiteral("projects"), projectDir.absolutePath(),
                                           QStringLiteral("mcpServers")}
                    : JsonTextEditor::Path{QStringLiteral("mcpServers")};
        auto hooks = load(settings, QStringLiteral("Claude Code settings (hooks)"));
        if (!hooks)
            return hooks.error();
        if (Status merged = mergeClaudeHooks(o, *hooks, project ? userSettings : QString()); !merged)
            return merged.error();
        auto servers = load(mcp, QStringLiteral("Claude Code MCP servers"));
        if (!servers)
            return servers.error();
        if (Status merged = mergeClaudeMcp(o, *servers, serverPath); !merged)
            return merged.error();
        changes << *hooks << *servers;
    } else {
        const QString codexHome =
            o.environment.value(QStringLiteral("CODEX_HOME"), QDir(home).filePath(QStringLiteral(".codex")));
        const QString config = project ? projectDir.filePath(QStringLiteral(".codex/config.toml"))
                                       : QDir(codexHome).filePath(QStringLiteral("config.toml"));
        auto change = load(config, QStringLiteral("Codex configuration (notify, MCP server)"));
        if (!change)
            return change.error();
        if (Status merged = mergeCodex(o, *change); !merged)
            return merged.error();
        changes << *change;
    }
    return changes;
}

Result<QStringList> AgentConnection::apply(const QList<ConfigFileChange> &changes)
{
    for (const ConfigFileChange &c : changes) {
        if (!c.changes())
            continue;
        const QFileInfo info(c.path);
        // The owner's write bit too: root may write anything, but a file marked read-only was
        // marked so for a reason.
        if (c.existed && (!info.isWritable() || !(info.permissions() & QFileDevice::WriteOwner)))
            return Error{QStringLiteral("the file is read-only; nothing was written (make it writable, or make the "
                                        "change shown above by hand)"),
                         c.path};
    }
    QStringList backups;
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    for (const ConfigFileChange &c : changes) {
        if (!c.changes())
            continue;
        if (!QDir().mkpath(QFileInfo(c.path).absolutePath()))
            return Error{QStringLiteral("cannot create its folder; nothing more was written"), c.path};
        if (c.existed) {
            QString backup = c.path + QStringLiteral(".engram-backup-") + stamp;
            for (int n = 2; QFileInfo::exists(backup); ++n)
                backup = c.path + QStringLiteral(".engram-backup-%1-%2").arg(stamp).arg(n);
            if (!QFile::copy(c.path, backup))
                return Error{QStringLiteral("cannot write the backup %1; the file was not changed").arg(backup),
                             c.path};
            backups << backup;
        }
        QSaveFile file(c.path);
        if (!file.open(QIODevice::WriteOnly) || file.write(c.after) != c.after.size() || !file.commit())
            return Error{QStringLiteral("cannot write it: %1; it was not changed").arg(file.errorString()), c.path};
    }
    return backups;
}

QString AgentConnection::shellCommand(const QStringList &arguments)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:@%+=,-]+$"));
    QStringList out;
    for (const QString &a : arguments)
        out << (plain.match(a).hasMatch()
                    ? a
                    : QLatin1Char('\'') + QString(a).replace(QLatin1Char('\''), QStringLiteral("'\\''"))
                          + QLatin1Char('\''));
    return out.join(QLatin1Char(' '));
}

QString AgentConnection::diff(const QString &path, const QByteArray &before, const QByteArray &after)
{
    const auto lines = [](const QByteArray &bytes) {
        QStringList list = bytes.isEmpty() ? QStringList() : QString::fromUtf8(bytes).split(QLatin1Char('\n'));
        if (!list.isEmpty() && list.constLast().isEmpty())
            list.removeLast(); // the line end of the last line, not a line of its own
        return list;
    };
    const QStringList a = lines(before);
    const QStringList b = lines(after);
    qsizetype prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a.at(prefix) == b.at(prefix))
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix
           && a.at(a.size() - 1 - suffix) == b.at(b.size() - 1 - suffix))
        ++suffix;
    const QStringList midA = a.mid(prefix, a.size() - prefix - suffix);
    const QStringList midB = b.mid(prefix, b.size() - prefix - suffix);
    // Longest common subsequence of the changed middle; past 4 M cells (a rewritten file) the
    // middle is shown as removed then added.
    QList<QPair<QChar, QString>> ops;
    const qsizetype n = midA.size();
    const qsizetype m = midB.size();
    if (n * m <= 4'000'000) {
        QList<int> table((n + 1) * (m + 1), 0);
        const auto at = [&](qsizetype i, qsizetype j) -> int & { return table[i * (m + 1) + j]; };
        for (qsizetype i = n - 1; i >= 0; --i)
            for (qsizetype j = m - 1; j >= 0; --j)
                at(i, j) = midA.at(i) == midB.at(j) ? at(i + 1, j + 1) + 1 : qMax(at(i + 1, j), at(i, j + 1));
        qsizetype i = 0;
        qsizetype j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && midA.at(i) == midB.at(j)) {
                ops.append({QLatin1Char(' '), midA.at(i)});
                ++i;
                ++j;
            } else if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j))) {
                ops.append({QLatin1Char('+'), midB.at(j++)});
            } else {
                ops.append({QLatin1Char('-'), midA.at(i++)});
            }
        }
    } else {
        for (const QString &line : midA)
            ops.append({QLatin1Char('-'), line});
        for (const QString &line : midB)
            ops.append({QLatin1Char('+'), line});
    }
    constexpr int kContext = 2;
    QString out = QStringLiteral("--- %1\n+++ %1 (after)\n").arg(path);
    for (qsizetype k = qMax<qsizetype>(0, prefix - kContext); k < prefix; ++k)
        out += QLatin1Char(' ') + a.at(k) + QLatin1Char('\n');
    for (const auto &[sign, line] : ops)
        out += sign + line + QLatin1Char('\n');
    for (qsizetype k = a.size() - suffix; k < qMin(a.size(), a.size() - suffix + kContext); ++k)
        out += QLatin1Char(' ') + a.at(k) + QLatin1Char('\n');
    return out;
}

} // namespace engram
