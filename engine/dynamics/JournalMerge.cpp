#include "dynamics/JournalMerge.h"

#include "dynamics/JournalReplayer.h"

#include <QJsonDocument>

#include <algorithm>

namespace engram {

QString JournalPositions::toText() const
{
    QJsonObject files;
    for (auto it = this->files.cbegin(); it != this->files.cend(); ++it)
        files.insert(it.key(), QJsonObject{{QStringLiteral("offset"), QString::number(it->offset)},
                                           {QStringLiteral("fingerprint"), it->fingerprint},
                                           {QStringLiteral("last"), QString::number(it->lastOrder)},
                                           {QStringLiteral("count"), QString::number(it->count)}});
    QJsonObject out{{QStringLiteral("files"), files}};
    if (any)
        out.insert(QStringLiteral("high"), QJsonObject{{QStringLiteral("order"), QString::number(highOrder)},
                                                       {QStringLiteral("device"), highDevice}});
    return QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Compact));
}

JournalPositions JournalPositions::fromText(const QString &text)
{
    JournalPositions out;
    const QJsonObject root = QJsonDocument::fromJson(text.toUtf8()).object();
    const QJsonObject files = root.value(QStringLiteral("files")).toObject();
    for (auto it = files.begin(); it != files.end(); ++it) {
        const QJsonObject f = it.value().toObject();
        File file;
        file.offset = f.value(QStringLiteral("offset")).toString().toLongLong();
        file.fingerprint = f.value(QStringLiteral("fingerprint")).toString();
        file.lastOrder = f.value(QStringLiteral("last")).toString().toLongLong();
        file.count = f.value(QStringLiteral("count")).toString().toLongLong();
        out.files.insert(it.key(), file);
    }
    if (root.contains(QStringLiteral("high"))) {
        const QJsonObject high = root.value(QStringLiteral("high")).toObject();
        out.any = true;
        out.highOrder = high.value(QStringLiteral("order")).toString().toLongLong();
        out.highDevice = high.value(QStringLiteral("device")).toString();
    }
    return out;
}

qint64 JournalMerge::orderOf(const QJsonObject &event, qint64 previous)
{
    qint64 order = previous;
    const QJsonValue stamped = event.value(QStringLiteral("o"));
    if (stamped.isDouble())
        order = qint64(stamped.toDouble());
    else if (const QDateTime t = JournalReplayer::fromIso(event.value(QStringLiteral("t"))); t.isValid())
        order = t.toMSecsSinceEpoch();
    return std::max(order, previous);
}

qint64 JournalMerge::stampFor(const QJsonObject &event, const JournalPositions &positions, qint64 previous)
{
    const qint64 floor = positions.any ? std::max(positions.highOrder + 1, previous) : previous;
    const QDateTime t = JournalReplayer::fromIso(event.value(QStringLiteral("t")));
    if (t.isValid() && t.toMSecsSinceEpoch() >= floor)
        return 0;
    return floor;
}

bool JournalMerge::precedes(const OrderedEvent &a, const OrderedEvent &b)
{
    if (a.order != b.order)
        return a.order < b.order;
    if (a.device != b.device)
        return a.device < b.device;
    return a.position < b.position;
}

Result<JournalMerge::Pending> JournalMerge::readNew(const Journal &journal, const JournalPositions &positions)
{
    Pending out;
    const QStringList devices = journal.devices();
    bool full = false;
    for (auto it = positions.files.cbegin(); it != positions.files.cend() && !full; ++it) {
        if (!devices.contains(it.key()))
            full = it->offset > 0; // a device file that is gone took its events with it
        else if (it->offset > 0
                 && (journal.size(it.key()) < it->offset
                     || journal.fingerprint(it.key(), it->offset) != it->fingerprint))
            full = true; // compacted (here or on the device that owns it) or replaced
    }
    const JournalPositions from = full ? JournalPositions() : positions;
    out.next = from;
    for (const QString &device : devices) {
        JournalPositions::File file = from.files.value(device);
        auto chunk = journal.readFrom(device, file.offset);
        if (!chunk)
            return chunk.error();
        out.problems << chunk->problems;
        for (const QJsonObject &event : std::as_const(chunk->events)) {
            file.lastOrder = orderOf(event, file.lastOrder);
            out.events << OrderedEvent{file.lastOrder, device, file.count++, event};
        }
        file.offset = chunk->endOffset;
        file.fingerprint = journal.fingerprint(device, file.offset);
        out.next.files.insert(device, file);
    }
    std::stable_sort(out.events.begin(), out.events.end(), precedes);
    if (!full && from.any && !out.events.isEmpty()) {
        const OrderedEvent &first = out.events.first();
        const bool after =
            first.order > from.highOrder || (first.order == from.highOrder && first.device >= from.highDevice);
        if (!after) // another device's events belong before what was replayed: replay everything
            return readNew(journal, JournalPositions());
    }
    out.fullReplay = full || !from.any;
    if (!out.events.isEmpty()) {
        out.next.any = true;
        out.next.highOrder = out.events.last().order;
        out.next.highDevice = out.events.last().device;
    }
    return out;
}

} // namespace engram
