#pragma once

#include "core/Result.h"

#include <QString>

namespace engram {

/// The merge of one state file that two clones both changed, for git's merge driver
/// (`engram-cli merge-state %O %A %B --path %P`): the result replaces `minePath` atomically and
/// never holds conflict markers.
/// - `state/cognitive.json`: mergeCognitive(); conflicts are kept in the file as proposals.
/// - `state/tool-usage.jsonl`, `state/reflections.jsonl` (bounded sets rewritten whole, not
///   append-only logs): lines merge by identity (a tool call by session and call id, a reflection
///   by id) against the ancestor: added on either side kept, removed on one side and unchanged
///   on the other removed, changed on one side taken; a reflection decided on one side (applied,
///   dismissed) keeps that decision. Oldest first, by their time.
/// `path` (git's %P: vault-relative, or under the vault's folder in a larger repository) says
/// which; an empty `basePath` or empty base
/// file is an empty ancestor (both sides added the file). An unreadable or invalid input is an
/// error naming the file and line, and nothing is written.
class StateFileMerge {
public:
    struct Outcome {
        int conflicts = 0; ///< items edited on both sides (cognitive.json: kept as proposals)
    };
    static Result<Outcome> merge(const QString &path, const QString &basePath, const QString &minePath,
                                 const QString &theirsPath);
    /// True for the state files merge() knows.
    static bool handles(const QString &path);
};

} // namespace engram
