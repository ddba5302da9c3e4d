#include "ingest/SessionCapture.h"

#include "core/VaultBoundary.h"
#include "core/VaultLock.h"
#include "redaction/RedactionGate.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>

#include <cstring>
#include <memory>
#include <optional>

namespace engram {

namespace {

constexpr qint64 kFingerprintBytes = 64 * 1024;
constexpr qsizetype kWriteChunk = 1024 * 1024; // bounded memory for a 200 MB transcript
constexpr int kDayProbeLines = 200;            // Claude puts summary lines (no timestamp) first

const QString kLedgerFolder = QStringLiteral(".engram/captures");

struct Ledger {
    bool present = false;
    QString target;
    qint64 offset = 0;
    QByteArray head;
    QByteArray tail;
    qint64 targetSize = 0;
    qint64 lines = 0;
    qint64 redactions = 0;
    QString firstCaptured;
};

QByteArray fingerprint(QFile &file, qint64 from, qint64 length)
{
    if (length <= 0)
        return {};
    if (!file.seek(from))
        return {};
    return QCryptographicHash::hash(file.read(length), QCryptographicHash::Sha1).toHex();
}

QByteArray headFingerprint(QFile &file, qint64 offset)
{
    return fingerprint(file, 0, qMin(offset, kFingerprintBytes));
}

QByteArray tailFingerprint(QFile &file, qint64 offset)
{
    const qint64 from = qMax<qint64>(0, offset - kFingerprintBytes);
    return fingerprint(file, from, offset - from);
}

QString safeId(QString id)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]"));
    id.replace(unsafe, QStringLiteral("-"));
    return id.left(120);
}

/// The local day of the first timestamped line; the file's change day when none has one.
QDate firstDay(QFile &file)
{
    file.seek(0);
    for (int i = 0; i < kDayProbeLines && !file.atEnd(); ++i) {
        const QByteArray line = file.readLine(4 * 1024 * 1024);
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        QString stamp = o.value(QStringLiteral("timestamp")).toString();
        if (stamp.isEmpty())
            stamp = o.value(QStringLiteral("payload")).toObject().value(QStringLiteral("timestamp")).toString();
        const QDateTime time = QDateTime::fromString(stamp, Qt::ISODateWithMs);
        if (time.isValid())
            return time.toLocalTime().date();
    }
    return QFileInfo(file).lastModified().date();
}

/// Reads complete lines (ending in '\n') from `source`'s current position; a last line without
/// one is being written by the agent and waits for the next capture.
class LineReader {
public:
    explicit LineReader(QFile &source) : m_source(source), m_position(source.pos()) { }
    bool next(QByteArray &line)
    {
        if (m_source.atEnd())
            return false;
        line = m_source.readLine();
        if (!line.endsWith('\n'))
            return false;
        m_position += line.size();
        return true;
    }
    qint64 position() const { return m_position; }

private:
    QFile &m_source;
    qint64 m_position;
};

} // namespace

SessionCapture::SessionCapture(QString vaultPath, bool redact) : m_vaultPath(std::move(vaultPath)), m_redact(redact) { }

QString SessionCapture::detectAgent(const QString &transcriptPath)
{
    QFile file(transcriptPath);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("claude-code");
    for (int i = 0; i < 20 && !file.atEnd(); ++i) {
        const QJsonObject o = QJsonDocument::fromJson(file.readLine(4 * 1024 * 1024)).object();
        if (o.isEmpty())
            continue;
        return o.contains(QStringLiteral("payload")) ? QStringLiteral("codex") : QStringLiteral("claude-code");
    }
    return QStringLiteral("claude-code");
}

QString SessionCapture::sessionIdFromPath(const QString &transcriptPath)
{
    const QString base = QFileInfo(transcriptPath).completeBaseName();
    // rollout-2025-09-25T08-02-05-0199812e-64f0-7f73-91fc-095dda01c36e: the UUID is the last 36.
    static const QRegularExpression uuidAtEnd(
        QStringLiteral("([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$"));
    const QRegularExpressionMatch m = uuidAtEnd.match(base);
    return m.hasMatch() ? m.captured(1) : base;
}

QStringList SessionCapture::transcriptsUnder(const QString &root, const QDateTime &since)
{
    QStringList found;
    QDirIterator it(root, {QStringLiteral("*.jsonl")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (since.isValid() && it.fileInfo().lastModified() < since)
            continue;
        found << path;
    }
    found.sort();
    return found;
}

CaptureRecord SessionCapture::latestCapture(const QString &vaultPath)
{
    const QDir dir(QDir(vaultPath).filePath(kLedgerFolder));
    const QFileInfoList ledgers = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time);
    if (ledgers.isEmpty())
        return {};
    QFile file(ledgers.first().filePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    return CaptureRecord{o.value(QStringLiteral("target")).toString(),
                         QDateTime::fromString(o.value(QStringLiteral("lastCaptured")).toString(), Qt::ISODate)};
}

Result<CaptureOutcome> SessionCapture::capture(const QString &transcriptPath, QString agent, QString sessionId)
{
    const QFileInfo info(transcriptPath);
    if (!info.exists())
        return Error{QStringLiteral("the transcript does not exist; nothing captured"), transcriptPath};
    if (!info.isFile())
        return Error{QStringLiteral("the transcript is not a file; nothing captured"), transcriptPath};
    QFile source(transcriptPath);
    if (!source.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read the transcript: %1; nothing captured").arg(source.errorString()),
                     transcriptPath};
    if (agent.isEmpty())
        agent = detectAgent(transcriptPath);
    if (sessionId.isEmpty())
        sessionId = sessionIdFromPath(transcriptPath);
    CaptureOutcome outcome;
    outcome.agent = agent;
    outcome.sessionId = sessionId;

    const VaultBoundary boundary(m_vaultPath);
    const QString key = safeId(agent) + QLatin1Char('-') + safeId(sessionId);
    auto ledgerFolder = boundary.makeFolder(kLedgerFolder);
    if (!ledgerFolder)
        return ledgerFolder.error();
    const QString ledgerPath = kLedgerFolder + QLatin1Char('/') + key + QStringLiteral(".json");
    // One capture per session at a time, so two hooks of one session (Stop and SessionEnd close
    // together) never append the same lines twice; other sessions capture in parallel.
    auto lock = VaultLock::acquireFile(QDir(*ledgerFolder).filePath(key + QStringLiteral(".lock")),
                                       QStringLiteral("the capture of session %1").arg(key), m_lockTimeoutMs);
    if (!lock)
        return lock.error();

    Ledger ledger;
    {
        QFile file(QDir(m_vaultPath).filePath(ledgerPath));
        if (file.open(QIODevice::ReadOnly)) {
            QJsonParseError error;
            const QJsonObject o = QJsonDocument::fromJson(file.readAll(), &error).object();
            ledger.target = o.value(QStringLiteral("target")).toString();
            if (error.error == QJsonParseError::NoError && ledger.target.startsWith(QLatin1String("sessions/"))) {
                ledger.present = true;
                ledger.offset = qint64(o.value(QStringLiteral("offset")).toDouble());
                ledger.head = o.value(QStringLiteral("head")).toString().toLatin1();
                ledger.tail = o.value(QStringLiteral("tail")).toString().toLatin1();
                ledger.targetSize = qint64(o.value(QStringLiteral("targetSize")).toDouble());
                ledger.lines = qint64(o.value(QStringLiteral("lines")).toDouble());
                ledger.redactions = qint64(o.value(QStringLiteral("redactions")).toDouble());
                ledger.firstCaptured = o.value(QStringLiteral("firstCaptured")).toString();
            } else {
                outcome.note = QStringLiteral("the capture record %1 is unreadable; ").arg(ledgerPath);
            }
        }
    }
    if (!ledger.present)
        ledger.target = QStringLiteral("sessions/%1/%2.jsonl").arg(firstDay(source).toString(Qt::ISODate), key);
    outcome.target = ledger.target;
    auto folder = boundary.makeFolder(QFileInfo(ledger.target).path());
    if (!folder)
        return folder.error();
    auto real = boundary.resolveForWrite(ledger.target);
    if (!real)
        return real.error();

    enum class Mode { Fresh, Append, Merge } mode = Mode::Fresh;
    const bool targetExists = QFileInfo::exists(*real);
    const qint64 size = source.size();
    if (ledger.present && targetExists) {
        const qint64 copySize = QFileInfo(*real).size();
        if (size < ledger.offset) {
            mode = Mode::Merge;
            outcome.note +=
                QStringLiteral("the transcript shrank from %1 to %2 bytes since the last capture (rewritten?); "
                               "read whole again, only lines the vault copy lacks were added")
                    .arg(ledger.offset)
                    .arg(size);
        } else if (headFingerprint(source, ledger.offset) != ledger.head
                   || tailFingerprint(source, ledger.offset) != ledger.tail) {
            mode = Mode::Merge;
            outcome.note +=
                QStringLiteral("the transcript's captured part changed since the last capture (rewritten?); "
                               "read whole again, only lines the vault copy lacks were added");
        } else if (copySize < ledger.targetSize) {
            mode = Mode::Merge;
            outcome.note += QStringLiteral("the vault copy is shorter than captured (%1 of %2 bytes; edited?); only "
                                           "lines it lacks were added")
                                .arg(copySize)
                                .arg(ledger.targetSize);
        } else {
            mode = Mode::Append;
        }
    } else if (targetExists) {
        mode = Mode::Merge;
        outcome.note += QStringLiteral("no capture record for %1 (.engram/ cleared?); only lines it lacks were added")
                            .arg(ledger.target);
    } else if (ledger.present) {
        outcome.note += QStringLiteral("the vault copy %1 was gone; captured whole again").arg(ledger.target);
    }
    outcome.recaptured = mode == Mode::Merge;
    outcome.created = mode == Mode::Fresh;

    std::optional<RedactionGate> gate;
    if (m_redact) {
        auto vaultGate = RedactionGate::forVault(m_vaultPath);
        if (!vaultGate)
            return Error{vaultGate.error().message + QStringLiteral("; not captured"), ledger.target};
        gate = std::move(*vaultGate);
    }
    const auto transform = [&](const QByteArray &line) { return gate ? gate->clean(line) : line; };
    qint64 newOffset = 0;
    qint64 targetSize = 0;
    const QString copyError = QStringLiteral("cannot write the session copy: %1 (is the disk full?); the capture "
                                             "record is unchanged, so the next capture redoes it");
    if (mode == Mode::Fresh) {
        QSaveFile out(*real);
        if (!out.open(QIODevice::WriteOnly))
            return Error{copyError.arg(out.errorString()), ledger.target};
        source.seek(0);
        LineReader reader(source);
        QByteArray line;
        QByteArray buffer;
        while (reader.next(line)) {
            buffer += transform(line);
            ++outcome.linesAdded;
            if (buffer.size() >= kWriteChunk) {
                if (out.write(buffer) != buffer.size())
                    return Error{copyError.arg(out.errorString()), ledger.target};
                buffer.clear();
            }
        }
        if (out.write(buffer) != buffer.size() || !out.commit())
            return Error{copyError.arg(out.errorString()), ledger.target};
        newOffset = reader.position();
        targetSize = QFileInfo(*real).size();
    } else {
        QFile out(*real);
        if (!out.open(QIODevice::ReadWrite))
            return Error{copyError.arg(out.errorString()), ledger.target};
        QSet<QByteArray> held;
        if (mode == Mode::Append) {
            if (out.size() > ledger.targetSize) { // a capture stopped mid-append: its half lines go
                if (!out.resize(ledger.targetSize))
                    return Error{copyError.arg(out.errorString()), ledger.target};
            }
            source.seek(ledger.offset);
        } else {
            out.seek(0);
            while (!out.atEnd()) {
                const QByteArray line = out.readLine();
                held.insert(QCryptographicHash::hash(line.trimmed(), QCryptographicHash::Sha1));
            }
            source.seek(0);
        }
        out.seek(out.size());
        if (out.size() > 0) { // a copy without its last line end gets one before more lines
            out.seek(out.size() - 1);
            const bool ended = out.read(1) == "\n";
            out.seek(out.size());
            if (!ended && out.write("\n") != 1)
                return Error{copyError.arg(out.errorString()), ledger.target};
        }
        LineReader reader(source);
        QByteArray line;
        QByteArray buffer;
        while (reader.next(line)) {
            QByteArray kept = transform(line);
            if (mode == Mode::Merge) {
                const QByteArray hash = QCryptographicHash::hash(kept.trimmed(), QCryptographicHash::Sha1);
                if (held.contains(hash))
                    continue;
                held.insert(hash);
            }
            buffer += kept;
            ++outcome.linesAdded;
            if (buffer.size() >= kWriteChunk) {
                if (out.write(buffer) != buffer.size())
                    return Error{copyError.arg(out.errorString()), ledger.target};
                buffer.clear();
            }
        }
        if (out.write(buffer) != buffer.size() || !out.flush())
            return Error{copyError.arg(out.errorString()), ledger.target};
        newOffset = reader.position();
        targetSize = out.size();
    }
    outcome.bytesRead = newOffset - (mode == Mode::Append ? ledger.offset : 0);
    const int redactions = gate ? gate->redactions() : 0;
    outcome.redactions = redactions;

    if (mode == Mode::Append && newOffset == ledger.offset)
        return outcome; // nothing new: the record stays as it was (running twice changes nothing)
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const QJsonObject record{
        {QStringLiteral("agent"), agent},
        {QStringLiteral("session"), sessionId},
        {QStringLiteral("source"), QFileInfo(transcriptPath).absoluteFilePath()},
        {QStringLiteral("target"), ledger.target},
        {QStringLiteral("offset"), double(newOffset)},
        {QStringLiteral("head"), QString::fromLatin1(headFingerprint(source, newOffset))},
        {QStringLiteral("tail"), QString::fromLatin1(tailFingerprint(source, newOffset))},
        {QStringLiteral("targetSize"), double(targetSize)},
        {QStringLiteral("lines"), double((mode == Mode::Fresh ? 0 : ledger.lines) + outcome.linesAdded)},
        {QStringLiteral("redactions"), double(ledger.redactions + redactions)},
        {QStringLiteral("firstCaptured"), ledger.firstCaptured.isEmpty() ? now : ledger.firstCaptured},
        {QStringLiteral("lastCaptured"), now}};
    if (Status written = boundary.writeFile(ledgerPath, QJsonDocument(record).toJson(QJsonDocument::Indented));
        !written)
        return written.error();
    return outcome;
}

} // namespace engram
