#pragma once

#include <QFrame>

class QLabel;

namespace engram {

/// The strip above the views while a sync has left files in conflict: it names them and offers
/// Resolve… (the conflict dialog). A conflict stops the sync and keeps the file out of the index,
/// so it must not be missed; hidden when no file is left in conflict.
class SyncConflictBanner : public QFrame {
    Q_OBJECT
public:
    explicit SyncConflictBanner(QWidget *parent = nullptr);

    /// The files in conflict (vault-relative); none hides the banner.
    void setFiles(const QStringList &files);
    QStringList files() const { return m_files; }

Q_SIGNALS:
    void resolveRequested();

private:
    QLabel *m_text;
    QStringList m_files;
};

} // namespace engram
