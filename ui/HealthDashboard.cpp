#include "HealthDashboard.h"

#include "HealthModel.h"
#include "VaultSession.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>

namespace engram {

HealthDashboard::HealthDashboard(VaultSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new HealthModel(this))
{
    setObjectName(QStringLiteral("healthDashboard"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("healthSummary"));
    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_summary->setFont(big);
    m_refresh = new QPushButton(tr("&Check Again"), this);
    m_refresh->setObjectName(QStringLiteral("healthRefreshButton"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_refresh);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("healthTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(true);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setSectionResizeMode(HealthModel::ReasonColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setColumnWidth(HealthModel::CheckColumn, 170);
    m_table->setColumnWidth(HealthModel::StatusColumn, 90);
    m_table->setColumnWidth(HealthModel::FixColumn, 170);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);

    connect(m_refresh, &QPushButton::clicked, this, &HealthDashboard::refresh);
    connect(m_session, &VaultSession::healthReady, this, &HealthDashboard::showChecks);
    connect(m_session, &VaultSession::opened, this, &HealthDashboard::refresh);
    connect(m_session, &VaultSession::indexed, this, [this] {
        if (m_refreshAfterIndex) {
            m_refreshAfterIndex = false;
            refresh();
        }
    });
    m_summary->setText(tr("No vault is open."));
}

void HealthDashboard::refresh()
{
    if (!m_session->isOpen())
        return;
    m_summary->setText(tr("Checking…"));
    m_session->requestHealth();
}

HealthDashboard::FixAction HealthDashboard::actionFor(const HealthCheck &check)
{
    if (check.status == QLatin1String("ok") || check.fix.isEmpty())
        return FixAction::None;
    if (check.fix.contains(QLatin1String("rebuild")))
        return FixAction::Rebuild;
    if (check.fix.contains(QLatin1String("create")))
        return FixAction::CreateFile;
    if (check.fix.contains(QLatin1String(" index")))
        return FixAction::Reindex;
    return FixAction::None;
}

void HealthDashboard::showChecks(const QList<HealthCheck> &checks)
{
    m_model->setChecks(checks);
    const QString worst = m_model->worstStatus();
    m_summary->setText(worst == QLatin1String("ok") ? tr("✔ Everything is healthy")
                                                    : tr("Needs attention: %1").arg(HealthModel::statusLabel(worst)));
    for (int row = 0; row < checks.size(); ++row) {
        const HealthCheck &check = checks.at(row);
        const FixAction action = actionFor(check);
        if (action == FixAction::None)
            continue;
        auto *button = new QPushButton(action == FixAction::Rebuild   ? tr("Rebuild Index")
                                       : action == FixAction::Reindex ? tr("Re-index Now")
                                                                      : tr("Create File"),
                                       m_table);
        button->setObjectName(QStringLiteral("healthFixButton"));
        button->setProperty("check", check.name);
        button->setToolTip(check.fix);
        connect(button, &QPushButton::clicked, this, [this, check] { fix(check); });
        m_table->setIndexWidget(m_model->index(row, HealthModel::FixColumn), button);
    }
}

void HealthDashboard::fix(const HealthCheck &check)
{
    m_refreshAfterIndex = true;
    switch (actionFor(check)) {
    case FixAction::Rebuild:
        m_summary->setText(tr("Rebuilding the index…"));
        m_session->requestRebuild();
        break;
    case FixAction::Reindex:
        m_summary->setText(tr("Re-indexing…"));
        m_session->requestIndexAll();
        break;
    case FixAction::CreateFile: {
        m_refreshAfterIndex = false;
        // "create state/x.json": an empty but valid file the owning layer fills in.
        const auto match = QRegularExpression(QStringLiteral("create\\s+(\\S+)")).match(check.fix);
        const QString relative = match.hasMatch() ? match.captured(1) : QString();
        if (relative.isEmpty() || relative.contains(QLatin1String(".."))) {
            m_summary->setText(check.fix);
            break;
        }
        const QString path = QDir(m_session->vaultPath()).filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QSaveFile file(path);
        if (file.open(QIODevice::WriteOnly)) {
            file.write(relative.endsWith(QLatin1String(".json")) ? QByteArray("{}\n") : QByteArray());
            file.commit();
        }
        refresh();
        break;
    }
    case FixAction::None: break;
    }
}

} // namespace engram
