#pragma once

#include <QCoreApplication>
#include <QList>
#include <QStringList>
#include <QUrl>

namespace engram {

/// What a drop brought into the vault: the vault-relative paths written and,
/// for each thing refused, why.
struct IngestReport {
    QStringList written;
    QStringList refused;
};

/// Drag-and-drop ingestion: files are copied (never moved) into a folder of
/// the vault, names that already exist get a " (2)", " (3)" … suffix, and
/// types the indexer cannot read are refused with a message.
class VaultIngest {
    Q_DECLARE_TR_FUNCTIONS(VaultIngest)

public:
    VaultIngest(QString vaultPath, QString folder);

    IngestReport ingestFiles(const QList<QUrl> &urls) const;
    /// Writes dropped text as a new Markdown note.
    IngestReport ingestText(const QString &text) const;

    /// A free vault-relative path for `fileName` inside the folder.
    QString freeRelativePath(const QString &fileName) const;

private:
    QString m_vaultPath;
    QString m_folder;
};

} // namespace engram
