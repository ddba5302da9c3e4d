#include "DropIngestFilter.h"

#include "VaultIngest.h"
#include "VaultSession.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QSettings>
#include <QWidget>

namespace engram {

DropIngestFilter::DropIngestFilter(VaultSession *session, QWidget *target) : QObject(target), m_session(session)
{
    target->setAcceptDrops(true);
    target->installEventFilter(this);
}

QString DropIngestFilter::dropFolder()
{
    return QSettings().value(QStringLiteral("ingest/folder"), QStringLiteral("notes/inbox")).toString();
}

bool DropIngestFilter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (m_session->isOpen() && (drag->mimeData()->hasUrls() || drag->mimeData()->hasText())) {
            drag->setDropAction(Qt::CopyAction);
            drag->accept();
            return true;
        }
        return false;
    }
    if (event->type() != QEvent::Drop)
        return QObject::eventFilter(watched, event);
    auto *drop = static_cast<QDropEvent *>(event);
    const VaultIngest ingest(m_session->vaultPath(), dropFolder());
    const IngestReport report = drop->mimeData()->hasUrls() ? ingest.ingestFiles(drop->mimeData()->urls())
                                                            : ingest.ingestText(drop->mimeData()->text());
    drop->setDropAction(Qt::CopyAction);
    drop->accept();
    if (!report.written.isEmpty())
        m_session->requestIndexPaths(report.written);
    QString text;
    if (!report.written.isEmpty())
        text = tr("Added %Ln file(s) to %1", nullptr, int(report.written.size())).arg(dropFolder());
    if (!report.refused.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(" · "))
                + tr("Refused: %1").arg(report.refused.join(QStringLiteral("; ")));
    Q_EMIT message(text, !report.refused.isEmpty());
    return true;
}

} // namespace engram
