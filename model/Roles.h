#pragma once

#include <Qt>

namespace engram {

/// The item-data roles every Engram model speaks, declared in one place.
enum EngramRole {
    ChunkIdRole = Qt::UserRole + 1,
    PathRole,
    StartLineRole,
    EndLineRole,
    ScoreRole,
    BreakdownRole, ///< QVariantList of QVariantMap{name, value, weight}
    RegionRole,
    StoreRole,
    LayerRole,
    StrengthRole,
    SortRole, ///< the raw value a proxy sorts by
    TitleRole,
    CategoryRole,
    LastAccessRole,
    StatusRole,      ///< health: ok, stale, missing, error
    FixRole,         ///< health: the action that fixes a check
    SearchTextRole,  ///< the text search-as-you-type matches against
    VaultRole,       ///< recall: the linked vault a result came from; empty for the open vault
    FindingIdRole,   ///< review: the finding's id (MemoryReview)
    FindingKindRole, ///< review: int(FindingKind)
};

} // namespace engram
