#pragma once

#include <QString>
#include <QStringList>

namespace engram {

/// Narrows a recall: every set field must match.
struct RecallFilter {
    QStringList stores;
    QStringList regions;
    QStringList layers;
    QStringList categories;
    QStringList tags; ///< front matter tags (any of)
    QString pathPrefix;
    bool includeArchived = false;

    bool isEmpty() const
    {
        return stores.isEmpty() && regions.isEmpty() && layers.isEmpty() && categories.isEmpty() && tags.isEmpty()
               && pathPrefix.isEmpty();
    }
};

} // namespace engram
