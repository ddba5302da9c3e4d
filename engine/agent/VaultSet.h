#pragma once

#include "core/Config.h"
#include "core/Result.h"
#include "recall/ContextPack.h"
#include "recall/RecallTypes.h"

#include <QHash>

#include <memory>
#include <vector>

namespace engram {

class Engine;

/// What a recall over the set answers: one list, best first, and what it had to leave out.
struct SetRecall {
    QList<RecallResult> results; ///< each with its `vault`: "" for the personal vault, else the link's name
    QStringList warnings;        ///< linked vaults skipped (missing, unopenable) and why; a merge by rank
    bool mergedByRank = false;   ///< the vaults embed differently, so their scores are not comparable
};

/// A pack over the set; each of `pack.included` carries its `vault`.
struct SetPack {
    ContextPack pack;
    QStringList warnings;
    bool mergedByRank = false;
};

/// The personal vault and the vaults its engram.json links (`linked_vaults`, a team's shared vault):
/// recall and packs draw from all of them into one list, each result labelled with its vault.
///
/// Each vault ranks with its own Engine, so a result's score is what it would have at home; the
/// lists are merged by score, which the same ranking makes comparable when the vaults embed alike
/// (same embedder kind, dimensions and model). When they do not, a score mixes incomparable vector
/// similarities, and the lists are interleaved by rank instead (personal first), with a warning.
///
/// Only the personal vault is reinforced (access, co-activation): a linked vault is shared, and
/// one person's recalls would move every teammate's ranking and, written into its journal, turn
/// into git conflicts between the people who sync it. A linked vault that is missing, not a vault,
/// links back to this one or cannot be opened is skipped with a warning; recall never fails for it.
class VaultSet {
public:
    /// Opens the vaults `personal`'s config links, only those named in `only` when it is not empty (as
    /// restrictTo(), which still checks the names). `personal` must outlive the set.
    explicit VaultSet(Engine &personal, const QStringList &only = {});
    ~VaultSet();

    Engine &personal() const { return m_personal; }
    /// Whether the personal vault's engram.json links any vault (even one that failed to open).
    bool hasLinks() const;
    /// The names of the linked vaults that opened, in engram.json's order.
    QStringList linkedNames() const;
    /// A linked vault by name, or null when it is not linked or did not open.
    Engine *linked(const QString &name) const;
    /// The engine of a result's vault ("" or "personal": the personal one).
    Engine &engineOf(const QString &vault) const;
    /// Where `remember` writes for `vault` ("" or "personal": the personal vault): an error names the
    /// linked vaults when there is no such link, or says why the linked vault did not open.
    Result<Engine *> writeTarget(const QString &vault) const;
    /// Why linked vaults were skipped when the set opened.
    QStringList openWarnings() const { return m_openWarnings; }

    /// Draw only from these vaults ("personal" or linked names); empty = all. An unknown name is an
    /// error that lists the linked vaults.
    Status restrictTo(const QStringList &vaults);

    /// Recall in every vault with the same query (text, mode, filter, clock) and merge.
    Result<SetRecall> recall(const RecallQuery &query);
    /// One pack from the merged list within `budget` (-1: the personal config's), the personal preamble
    /// first; an item of a linked vault cites `[name] path:lines`.
    Result<SetPack> pack(const RecallQuery &query, int budget = -1);

    /// The label a result of `vault` carries in JSON: "personal" for "".
    static QString label(const QString &vault);
    /// Checks a link of the vault at `vaultPath`: the folder exists, is a vault, is not this vault
    /// and does not link back to it (directly or through its own links). Returns the resolved folder;
    /// the error names engram.json and the entry.
    static Result<QString> checkLink(const QString &vaultPath, const LinkedVault &link);
    /// Adds a link to the vault's engram.json (checked first; other settings are kept as written).
    static Status addLink(const QString &vaultPath, const LinkedVault &link);
    /// Removes the link called `name`; an error when there is none.
    static Status removeLink(const QString &vaultPath, const QString &name);

private:
    struct Member;
    bool selected(const QString &vault) const;
    static bool embedsAlike(const Config &a, const Config &b);
    Result<SetRecall> gather(const RecallQuery &query);

    Engine &m_personal;
    std::vector<std::unique_ptr<Member>> m_linked;
    QStringList m_openWarnings;
    QHash<QString, Error> m_failedLinks; ///< by name: why a linked vault did not open
    QStringList m_selection;
};

} // namespace engram
