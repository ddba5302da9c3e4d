#pragma once

#include "sync/VaultSync.h"

#include <QDialog>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace engram {

/// The files a sync left in conflict, one at a time side by side: this machine's version, the
/// remote's, and the merged text to edit. Keep Mine, Take Theirs or Use Merged Text resolves the
/// file (written atomically inside the vault, then marked resolved); when the last one is
/// resolved the merge is committed and `allResolved` asks for a sync to carry it to the remote.
class ConflictDialog : public QDialog {
    Q_OBJECT
public:
    ConflictDialog(VaultSync sync, QWidget *parent = nullptr);

    /// Reads the list of conflicted files again.
    void reload();

Q_SIGNALS:
    /// A file was resolved (its path), so the index can follow.
    void resolved(const QString &path);
    void allResolved();

private:
    void showFile();
    void resolve(int choice);
    QString currentPath() const;

    VaultSync m_sync;
    QListWidget *m_files;
    QPlainTextEdit *m_mine;
    QPlainTextEdit *m_theirs;
    QPlainTextEdit *m_merged;
    QLabel *m_status;
    QPushButton *m_keepMine;
    QPushButton *m_takeTheirs;
    QPushButton *m_useMerged;
};

} // namespace engram
