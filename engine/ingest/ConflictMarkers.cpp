#include "ingest/ConflictMarkers.h"

namespace engram {

namespace {

/// The line without its ending (LF or CRLF).
QByteArrayView lineAt(const QByteArray &bytes, qsizetype begin, qsizetype end)
{
    QByteArrayView line(bytes.constData() + begin, end - begin);
    if (line.endsWith('\r'))
        line.chop(1);
    return line;
}

} // namespace

int ConflictMarkers::firstConflictLine(const QByteArray &bytes)
{
    enum class Seen { Nothing, Ours, Separator };
    Seen seen = Seen::Nothing;
    int line = 0;
    int oursLine = 0;
    qsizetype begin = 0;
    while (begin <= bytes.size()) {
        qsizetype end = bytes.indexOf('\n', begin);
        if (end < 0)
            end = bytes.size();
        ++line;
        const QByteArrayView text = lineAt(bytes, begin, end);
        if (text.startsWith("<<<<<<< ") || text == "<<<<<<<") {
            seen = Seen::Ours;
            oursLine = line;
        } else if (seen == Seen::Ours && text == "=======") {
            seen = Seen::Separator;
        } else if (seen == Seen::Separator && (text.startsWith(">>>>>>> ") || text == ">>>>>>>")) {
            return oursLine;
        }
        begin = end + 1;
    }
    return 0;
}

QString ConflictMarkers::problemMessage()
{
    return QStringLiteral("file holds git conflict markers (<<<<<<< / ======= / >>>>>>>): two versions of it met "
                          "in a sync; not indexed until you choose (engram-cli sync --resolve PATH --take "
                          "mine|theirs|FILE, or the workbench's Resolve Conflicts)");
}

} // namespace engram
