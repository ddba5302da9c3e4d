#include "WriterFixtures.h"

#include "core/Database.h"
#include "index/VectorIndex.h"
#include "vault/Engine.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTimeZone>

namespace engram::test {

namespace {

const QStringList &vocabulary()
{
    static const QStringList words =
        QStringLiteral("river garden lantern compiler harbour violin glacier pepper quartz meadow ledger falcon canyon "
                       "orchard beacon tundra saffron piston mosaic ember kettle walnut prism cobalt fjord hammock "
                       "juniper basalt cricket marble ferry thistle copper almond nebula pigeon trellis cedar bison "
                       "velvet oyster sorrel magnet timber drizzle parsley anvil lagoon gravel tulip radish quiver "
                       "sparrow harvest cinder mango fossil pylon rapids satchel")
            .split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return words;
}

QString sentence(QRandomGenerator &random, int words)
{
    QStringList out;
    for (int i = 0; i < words; ++i)
        out << vocabulary().at(int(random.bounded(quint32(vocabulary().size()))));
    return out.join(QLatin1Char(' ')) + QLatin1Char('.');
}

} // namespace

void writeNotes(const QString &vaultPath, int files, int seed, const QString &folder)
{
    QRandomGenerator random{quint32(seed)};
    for (int i = 0; i < files; ++i) {
        const QString relative = QStringLiteral("%1/%2/note-%3-%4.md").arg(folder).arg(i % 17).arg(seed).arg(i);
        const QString path = QDir(vaultPath).filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        QString text = QStringLiteral("---\ncreated: 2026-0%1-1%2\n---\n# %3\n\n")
                           .arg(1 + i % 9)
                           .arg(i % 10)
                           .arg(sentence(random, 3));
        for (int p = 0; p < 3; ++p)
            text += sentence(random, 12 + int(random.bounded(10))) + QStringLiteral("\n\n");
        file.write(text.toUtf8());
    }
}

QStringList noteQueries(int count, int seed)
{
    QRandomGenerator random{quint32(seed)};
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << sentence(random, 2 + i % 3).chopped(1);
    return out;
}

std::vector<qint64> vectorFileIds(const QString &vaultPath, int dimensions)
{
    VectorIndex vectors(dimensions);
    if (!vectors.load(QDir(vaultPath).filePath(QStringLiteral(".engram/vectors.hnsw"))))
        return {};
    return vectors.ids();
}

namespace {

template <typename Visit>
void query(const QString &vaultPath, const QString &sql, Visit visit)
{
    const QString path = QDir(vaultPath).filePath(QStringLiteral(".engram/index.db"));
    if (!QFile::exists(path))
        return;
    Database db;
    if (!db.open(path, true))
        return;
    auto statement = db.prepare(sql);
    if (!statement)
        return;
    while (statement->next())
        visit(*statement);
}

} // namespace

std::vector<qint64> indexVectorIds(const QString &vaultPath)
{
    std::vector<qint64> ids;
    query(vaultPath, QStringLiteral("SELECT id FROM chunks WHERE vector IS NOT NULL ORDER BY id"),
          [&](Statement &s) { ids.push_back(s.int64(0)); });
    return ids;
}

QSet<QString> indexedPaths(const QString &vaultPath)
{
    QSet<QString> paths;
    query(vaultPath, QStringLiteral("SELECT path FROM files"), [&](Statement &s) { paths.insert(s.text(0)); });
    return paths;
}

qint64 indexedFileCount(const QString &vaultPath)
{
    qint64 count = 0;
    query(vaultPath, QStringLiteral("SELECT count(*) FROM files"), [&](Statement &s) { count = s.int64(0); });
    return count;
}

QByteArray journalText(const QString &vaultPath)
{
    QByteArray text;
    const QDir vault(vaultPath);
    QStringList files{vault.filePath(QStringLiteral("state/journal.jsonl"))};
    const QDir folder(vault.filePath(QStringLiteral("state/journal")));
    for (const QString &name : folder.entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name))
        files << folder.filePath(name);
    for (const QString &path : std::as_const(files)) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            text += file.readAll();
    }
    return text;
}

QSet<QString> journalSeenPaths(const QString &vaultPath)
{
    QSet<QString> paths;
    const QDir folder(QDir(vaultPath).filePath(QStringLiteral("state/journal")));
    for (const QString &name : folder.entryList({QStringLiteral("*.jsonl")}, QDir::Files)) {
        QFile file(folder.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        while (!file.atEnd()) {
            const QJsonObject event = QJsonDocument::fromJson(file.readLine()).object();
            if (event.value(QStringLiteral("type")).toString() == QLatin1String("seen"))
                paths.insert(event.value(QStringLiteral("path")).toString());
        }
    }
    return paths;
}

void copyVaultFiles(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    const QDir source(from);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = source.relativeFilePath(path);
        if (relative.startsWith(QLatin1String(".engram/")))
            continue;
        const QString target = QDir(to).filePath(relative);
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::copy(path, target);
    }
}

QStringList recallLines(Engine &engine, const QStringList &queries, const QString &mode)
{
    QStringList lines;
    for (const QString &text : queries) {
        RecallQuery q;
        q.text = text;
        q.mode = mode;
        q.k = 10;
        q.now = QDateTime(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC);
        q.reinforce = false;
        auto results = engine.recall(q);
        if (!results) {
            lines << QStringLiteral("%1: error %2").arg(text, results.error().toString());
            continue;
        }
        for (const RecallResult &r : std::as_const(*results))
            lines << QStringLiteral("%1 | %2:%3-%4 | %5 | v%6 k%7")
                         .arg(text, r.chunk.path)
                         .arg(r.chunk.startLine)
                         .arg(r.chunk.endLine)
                         .arg(r.score, 0, 'f', 6)
                         .arg(r.vectorRank)
                         .arg(r.keywordRank);
    }
    return lines;
}

} // namespace engram::test
