#pragma once

#include "TestVault.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace engram::test {

/// A folder outside a test vault holding keep.md, for "nothing leaves the
/// vault" checks: `link(…)` makes links from inside the vault to it, and
/// `untouched()` says whether the folder still holds exactly keep.md with its
/// first bytes.
class OutsideLinks {
public:
    /// keep.md holds `content`: a test may need a file the engine can read (JSON, Markdown …).
    explicit OutsideLinks(QByteArray content = QByteArrayLiteral("# Keep\nThis file lives outside the vault.\n"))
        : m_content(std::move(content))
    {
        QFile file(m_dir.filePath(QStringLiteral("keep.md")));
        if (!file.open(QIODevice::WriteOnly) || file.write(m_content) != m_content.size())
            qFatal("cannot write the outside file");
    }

    QByteArray content() const { return m_content; }
    QString folder() const { return m_dir.path(); }
    QString keepPath() const { return m_dir.filePath(QStringLiteral("keep.md")); }

    /// Makes the vault entry `relative` a link to `target` (absolute), creating its folder.
    static void link(const TestVault &vault, const QString &relative, const QString &target)
    {
        const QString at = vault.filePath(relative);
        QDir().mkpath(QFileInfo(at).absolutePath());
        if (!QFile::link(target, at))
            qFatal("cannot link %s to %s", qPrintable(at), qPrintable(target));
    }
    /// `relative` becomes a link to the outside folder.
    void linkFolder(const TestVault &vault, const QString &relative) const { link(vault, relative, folder()); }
    /// `relative` becomes a link to the outside keep.md.
    void linkKeep(const TestVault &vault, const QString &relative) const { link(vault, relative, keepPath()); }

    /// The outside folder holds keep.md alone, with its first content.
    bool untouched() const
    {
        const QStringList entries =
            QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
        QFile file(keepPath());
        return entries == QStringList{QStringLiteral("keep.md")} && !QFileInfo(keepPath()).isSymLink()
               && file.open(QIODevice::ReadOnly) && file.readAll() == content();
    }
    /// What the folder holds now, for failure messages.
    QString listing() const
    {
        return QDir(m_dir.path())
            .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)
            .join(QStringLiteral(", "));
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_content;
};

} // namespace engram::test
