#include "IndexStatus.h"

#include "VaultSession.h"
#include "ingest/ConflictMarkers.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>

namespace engram {

IndexStatus::IndexStatus(VaultSession *session, QStatusBar *bar) : QWidget(bar), m_session(session), m_bar(bar)
{
    setObjectName(QStringLiteral("indexStatus"));
    m_vault = new QLabel(this);
    m_vault->setObjectName(QStringLiteral("vaultSummary"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("indexProgress"));
    m_progress->setMaximumWidth(180);
    m_progress->setTextVisible(false);
    m_progress->hide();
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_progress);
    layout->addWidget(m_vault);
    bar->addPermanentWidget(this);

    connect(session, &VaultSession::opening, this,
            [this](const QString &path) { m_bar->showMessage(tr("Opening %1…").arg(QDir::toNativeSeparators(path))); });
    connect(session, &VaultSession::opened, this, [this] { m_bar->clearMessage(); });
    connect(session, &VaultSession::openFailed, this, [this](const QString &, const QString &message) {
        m_bar->showMessage(tr("Cannot open the vault: %1").arg(message));
    });
    connect(session, &VaultSession::busyChanged, this, [this](bool busy, const QString &what) {
        m_progress->setVisible(busy);
        m_progress->setRange(0, 0);
        if (busy)
            m_bar->showMessage(what);
    });
    connect(session, &VaultSession::progress, this, [this](int done, int total, const QString &path) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_bar->showMessage(tr("Indexing %1/%2: %3").arg(done).arg(total).arg(path));
    });
    connect(session, &VaultSession::indexed, this, [this](const IndexReport &report) {
        QString text = tr("Indexed %Ln file(s) in %1 ms", nullptr, report.indexed).arg(report.elapsedMs);
        if (report.removed > 0)
            text += tr(", removed %Ln", nullptr, report.removed);
        // A file a sync left in conflict is no failure to look up in Health: the banner names it.
        int conflicted = 0;
        for (const Problem &problem : report.problems)
            conflicted += problem.message == ConflictMarkers::problemMessage() ? 1 : 0;
        conflicted = qMin(conflicted, report.failed);
        if (report.failed > conflicted)
            text += tr(", %Ln failed (see Health)", nullptr, report.failed - conflicted);
        if (conflicted > 0)
            text += tr(", %Ln in conflict after a sync (Resolve… above)", nullptr, conflicted);
        m_bar->showMessage(text, 8000);
    });
    connect(session, &VaultSession::failed, this,
            [this](const QString &message) { m_bar->showMessage(tr("Indexing error: %1").arg(message)); });
    connect(session, &VaultSession::catalogReady, this, [this] {
        m_vault->setText(QStringLiteral("%1 · %2 · %3")
                             .arg(QDir(m_session->vaultPath()).dirName(),
                                  tr("%Ln file(s)", nullptr, int(m_session->stats().files)),
                                  tr("%Ln memory(s)", nullptr, int(m_session->stats().chunks))));
        m_vault->setToolTip(QDir::toNativeSeparators(m_session->vaultPath()));
    });
    connect(session, &VaultSession::closed, this, [this] { m_vault->clear(); });
}

} // namespace engram
