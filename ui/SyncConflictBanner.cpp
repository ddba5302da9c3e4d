#include "SyncConflictBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace engram {

SyncConflictBanner::SyncConflictBanner(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("syncConflictBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // The tooltip colours, as the editor's own banner: they stand out in light and dark palettes,
    // and follow a change of appearance (roles, not colours copied once).
    setBackgroundRole(QPalette::ToolTipBase);
    m_text = new QLabel(this);
    m_text->setForegroundRole(QPalette::ToolTipText);
    m_text->setObjectName(QStringLiteral("syncConflictText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    auto *resolve = new QPushButton(tr("Resolve…"), this);
    resolve->setObjectName(QStringLiteral("syncConflictResolveButton"));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(resolve);
    connect(resolve, &QPushButton::clicked, this, &SyncConflictBanner::resolveRequested);
    hide();
}

void SyncConflictBanner::setFiles(const QStringList &files)
{
    m_files = files;
    m_text->setText(tr("⚠ Sync stopped: %n file(s) changed on this machine and on another: %1. Until you choose "
                       "what they say they are not searched; Memories shows their last good version.",
                       nullptr, int(files.size()))
                        .arg(files.join(QStringLiteral(", "))));
    setVisible(!files.isEmpty());
}

} // namespace engram
