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
    BreakdownRole,  ///< QVariantList of QVariantMap{name, value, weight}
    RegionRole,
    StoreRole,
    LayerRole,
    StrengthRole,
    SortRole,       ///< the raw value a proxy sorts by
};

} // namespace engram
