#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QStatusBar;

namespace engram {

class VaultSession;

/// The status bar's account of the background indexer: progress while it
/// works, the last result or error after.
class IndexStatus : public QWidget {
    Q_OBJECT
public:
    IndexStatus(VaultSession *session, QStatusBar *bar);

private:
    VaultSession *m_session;
    QStatusBar *m_bar;
    QLabel *m_vault;
    QProgressBar *m_progress;
};

} // namespace engram
