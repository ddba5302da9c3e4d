#pragma once

#include <QObject>

namespace engram {

class VaultSession;

/// Makes a window a drop target: dropped files are copied into the vault's
/// drop folder (QSettings "ingest/folder", default notes/inbox), dropped text
/// becomes a note, and what was refused is reported with the reason.
class DropIngestFilter : public QObject {
    Q_OBJECT
public:
    DropIngestFilter(VaultSession *session, QWidget *target);

    static QString dropFolder();

Q_SIGNALS:
    /// What the drop did; `refused`: some of it was not taken (the person should read why).
    void message(const QString &text, bool refused);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    VaultSession *m_session;
};

} // namespace engram
