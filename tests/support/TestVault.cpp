#include "TestVault.h"

#include "EngineFixtures.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace engram::test {

TestVault::TestVault() : m_dir(QDir::tempPath() + QStringLiteral("/engram-test-XXXXXX")) { }

QString TestVault::filePath(const QString &relative) const
{
    return QDir(m_dir.path()).filePath(relative);
}

QString TestVault::write(const QString &relative, const QByteArray &content)
{
    const QString path = filePath(relative);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write test file %s", qPrintable(path));
    file.write(content);
    return path;
}

QByteArray TestVault::read(const QString &relative) const
{
    QFile file(filePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

bool TestVault::remove(const QString &relative)
{
    return QFile::remove(filePath(relative));
}

void TestVault::copyFixture(const QString &fixture, const QString &to)
{
    const QString source = dataPath(fixture);
    QDirIterator it(source, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString relative = QDir(source).relativeFilePath(file);
        QFile in(file);
        if (!in.open(QIODevice::ReadOnly))
            qFatal("cannot read fixture %s", qPrintable(file));
        write(to.isEmpty() ? relative : to + QLatin1Char('/') + relative, in.readAll());
    }
}

QByteArray TestVault::fingerprint() const
{
    QStringList files;
    QDirIterator it(m_dir.path(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString relative = QDir(m_dir.path()).relativeFilePath(file);
        // The derived index and Engram's own append-only journals (first-seen events are
        // written while indexing) are not the person's files.
        if (!relative.startsWith(QLatin1String(".engram/")) && !relative.startsWith(QLatin1String("state/journal/")))
            files << relative;
    }
    files.sort();
    QCryptographicHash hash(QCryptographicHash::Sha1);
    for (const QString &relative : files) {
        hash.addData(relative.toUtf8());
        QFile f(filePath(relative));
        if (f.open(QIODevice::ReadOnly))
            hash.addData(f.readAll());
    }
    return hash.result().toHex();
}

QString dataPath(const QString &relative)
{
    return QDir(QStringLiteral(ENGRAM_TEST_DATA)).filePath(relative);
}

QString sharedPath(const QString &relative)
{
    const QString fromEnv = qEnvironmentVariable("ENGRAM_SHARED_DIR");
    return QDir(fromEnv.isEmpty() ? QStringLiteral(ENGRAM_SHARED_DIR) : fromEnv).filePath(relative);
}

QString missingShared(const QString &relative)
{
    const QString path = sharedPath(relative);
    if (QFileInfo::exists(path))
        return {};
    return QStringLiteral("%1 is missing: this test needs ../shared next to the checkout (looked for %2; "
                          "ENGRAM_SHARED_DIR=<folder> names another place)")
        .arg(QStringLiteral("../shared/") + relative, QDir::cleanPath(path));
}

std::unique_ptr<Engine> openIndexed(const TestVault &vault)
{
    auto engine = openEngine(vault);
    engine->index();
    return engine;
}

QByteArray readShared(const QString &relative)
{
    QFile file(sharedPath(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    return file.readAll();
}

} // namespace engram::test
