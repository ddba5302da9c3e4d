#pragma once

#include "core/Result.h"
#include "dynamics/Journal.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <limits>

namespace engram {

/// One journal event and its place in the merged order of all devices.
struct OrderedEvent {
    qint64 order = 0;    ///< ms: the event's `o`, else its `t`, never less than the device's previous event
    QString device;      ///< whose file it is in
    qint64 position = 0; ///< its index among the events of that file
    QJsonObject event;
};

/// How far the index has replayed each device's file, kept in the index's meta table.
struct JournalPositions {
    struct File {
        qint64 offset = 0;
        QString fingerprint; ///< of the bytes before `offset`: a rewritten file is noticed
        qint64 lastOrder = std::numeric_limits<qint64>::min();
        qint64 count = 0; ///< events read so far (the next event's position)
    };
    QMap<QString, File> files;
    bool any = false; ///< an event was applied: `highOrder`/`highDevice` hold the last one's key
    qint64 highOrder = 0;
    QString highDevice;

    QString toText() const;
    static JournalPositions fromText(const QString &text);
};

/// The total order in which the index replays the journals of every device (DESIGN.md, "state
/// that merges"): by `order`, then device name, then position in the file. Each device's events
/// keep their file order, whatever its clock says (`order` is a running maximum), and two
/// machines holding the same files replay the same sequence, so they compute the same
/// strengths, access counts and edges and rank every query identically.
///
/// A new event is written with `o` above the newest event already replayed (when its clock is
/// behind, by hours of skew, say), so this device's own appends always extend the replayed order
/// and are applied incrementally. Events that arrive from another device (a sync) and sort before
/// what was replayed, and any file that shrank or was rewritten, make the next replay a full one.
class JournalMerge {
public:
    struct Pending {
        QList<OrderedEvent> events; ///< in replay order
        QStringList problems;
        bool fullReplay = false; ///< the caller clears the journal's rows before applying `events`
        JournalPositions next;   ///< the positions once `events` are applied
    };
    /// What the device files hold beyond `positions`, in replay order.
    static Result<Pending> readNew(const Journal &journal, const JournalPositions &positions);

    /// The order key of `event` in a file whose previous event had `previous`.
    static qint64 orderOf(const QJsonObject &event, qint64 previous);
    /// The `o` a new event of this device needs so it sorts after everything replayed; 0 when its `t` does.
    static qint64 stampFor(const QJsonObject &event, const JournalPositions &positions, qint64 previous);
    static bool precedes(const OrderedEvent &a, const OrderedEvent &b);
};

} // namespace engram
