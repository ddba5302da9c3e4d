#include "core/VaultLayout.h"

#include "core/VaultBoundary.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

namespace engram {

namespace {

const char *const kWelcome = R"(---
title: Welcome to Engram
store: semantic
category: fact
tags: [engram, getting-started]
---
# Welcome to Engram

This folder is your agent's memory. Everything in it is a plain file you can
read and edit; Engram only derives an index from it (in `.engram/`, safe to delete).

## Where things go

- `notes/` — anything you write, in any layout.
- `memories/<store>/` — memories written by `engram-cli remember` or the agent.
- `sessions/<yyyy-mm-dd>/` — raw transcripts (Markdown, or Claude Code / Codex JSONL logs).
- `consolidated/` — digests made by consolidation, each citing its sources.
- `state/cognitive.json` — the agent's focus, heuristics, learnings and avoidances.

## Try it

Ask the recall panel "where do transcripts go?", or run
`engram-cli recall --vault <this folder> "where do transcripts go"`.
)";

bool isEmptyVault(const QString &path)
{
    // Folders linked into the vault count: their files are the vault's to read.
    QDirIterator it(path, QDir::Files | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories | QDirIterator::FollowSymlinks);
    while (it.hasNext()) {
        const QString file = QDir(path).relativeFilePath(it.next());
        if (!file.startsWith(QLatin1Char('.')))
            return false;
    }
    return true;
}

} // namespace

QStringList VaultLayout::folders()
{
    return {QStringLiteral("notes"), QStringLiteral("memories"), QStringLiteral("sessions"),
            QStringLiteral("consolidated"), QStringLiteral("state")};
}

bool VaultLayout::isVault(const QString &path)
{
    const QDir root(path);
    return QFileInfo(root.filePath(QStringLiteral(".engram"))).isDir()
           || QFileInfo(root.filePath(QStringLiteral("engram.json"))).isFile();
}

Status VaultLayout::initialize(const QString &vaultPath)
{
    QDir root(vaultPath);
    if (!root.mkpath(QStringLiteral(".")))
        return Error{QStringLiteral("cannot create the vault folder %1").arg(vaultPath)};
    const bool empty = isEmptyVault(vaultPath);
    const VaultBoundary boundary(vaultPath);
    for (const QString &folder : folders()) {
        if (QFileInfo(root.filePath(folder)).isDir())
            continue; // there already, perhaps linked in from elsewhere: nothing to create
        if (auto made = boundary.makeFolder(folder); !made)
            return made.error();
    }
    if (!empty)
        return {};
    return boundary.writeFile(QStringLiteral("notes/welcome.md"), kWelcome);
}

} // namespace engram
