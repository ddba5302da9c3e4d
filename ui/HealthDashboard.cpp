#include "HealthDashboard.h"

#include "HealthModel.h"
#include "HealthText.h"
#include "VaultSession.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace engram {

namespace {

/// The Fix column: a cell with a button is the button's size and shows only the button (the advice
/// is its tooltip). The advice text under it, wrapped into 170 px, made such a row ~110 px tall.
class FixCellDelegate : public QStyledItemDelegate {
public:
    explicit FixCellDelegate(QTableView *view) : QStyledItemDelegate(view), m_view(view) { }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (const QWidget *button = m_view->indexWidget(index))
            return button->sizeHint();
        return QStyledItemDelegate::sizeHint(option, index);
    }
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!m_view->indexWidget(index))
            QStyledItemDelegate::paint(painter, option, index);
    }

private:
    QTableView *m_view;
};

} // namespace

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
    // The memories themselves: what the Review view has open (duplicates, contradictions, stale facts).
    m_review = new QLabel(this);
    m_review->setObjectName(QStringLiteral("healthReviewSummary"));
    m_openReview = new QPushButton(tr("Review…"), this);
    m_openReview->setObjectName(QStringLiteral("healthOpenReviewButton"));
    m_openReview->setToolTip(tr("Open the Review view: duplicates, contradictions and stale facts to resolve"));
    auto *review = new QHBoxLayout;
    review->addWidget(m_review, 1);
    review->addWidget(m_openReview);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("healthTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(true);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setItemDelegateForColumn(HealthModel::FixColumn, new FixCellDelegate(m_table));
    // A check's name and status on one line in any language ("Index passt zu den Dateien", "noch
    // nicht" wrapped at the former 170 and 90 px); the details take the rest.
    m_table->horizontalHeader()->setSectionResizeMode(HealthModel::CheckColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(HealthModel::StatusColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(HealthModel::ReasonColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setColumnWidth(HealthModel::FixColumn, 170);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(review);
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
    connect(m_openReview, &QPushButton::clicked, this, &HealthDashboard::reviewRequested);
    connect(m_session, &VaultSession::findingsReady, this,
            [this](const QList<ReviewFinding> &findings, const QString &error) {
                if (!error.isEmpty())
                    m_review->setText(tr("Review findings could not be read: %1").arg(error));
                else if (findings.isEmpty())
                    m_review->setText(tr("No duplicates, contradictions or stale facts to review"));
                else
                    m_review->setText(tr("%Ln finding(s) to review: duplicates, contradictions or stale facts", nullptr,
                                         int(findings.size())));
            });
    connect(m_session, &VaultSession::opened, m_review, [this] { m_review->setText(tr("Looking for findings…")); });
    connect(m_session, &VaultSession::closed, m_review, [this] { m_review->clear(); });
    m_summary->setText(tr("No vault is open."));
}

void HealthDashboard::refresh()
{
    if (!m_session->isOpen())
        return;
    m_summary->setText(tr("Checking…"));
    m_session->requestHealth();
}

HealthFix HealthDashboard::actionFor(const HealthCheck &check)
{
    if (check.status == HealthStatus::Ok)
        return HealthFix::None;
    switch (check.fix) {
    case HealthFix::Reindex:
    case HealthFix::Rebuild:
    case HealthFix::ConnectAgent:
    case HealthFix::EditState:
    case HealthFix::ResolveConflicts: return check.fix;
    case HealthFix::None:
    case HealthFix::Manual: return HealthFix::None;
    }
    return HealthFix::None;
}

QString HealthDashboard::actionLabel(HealthFix fix)
{
    switch (fix) {
    case HealthFix::Rebuild: return tr("Rebuild Index");
    case HealthFix::Reindex: return tr("Re-index Now");
    case HealthFix::ConnectAgent: return tr("Connect Agent…");
    case HealthFix::EditState: return tr("Set a Focus…");
    case HealthFix::ResolveConflicts: return tr("Resolve Conflicts…");
    case HealthFix::None:
    case HealthFix::Manual: break;
    }
    return {};
}

void HealthDashboard::showChecks(const QList<HealthCheck> &checks)
{
    m_model->setChecks(checks);
    const HealthStatus worst = m_model->worstNeedingAPerson();
    int notYet = 0;
    int quiet = 0;
    for (const HealthCheck &check : checks) {
        notYet += check.status == HealthStatus::NotYet ? 1 : 0;
        quiet += HealthModel::isFailure(check.status) && !HealthModel::needsAPerson(check) ? 1 : 0;
    }
    if (HealthModel::isFailure(worst))
        m_summary->setText(tr("Needs attention: %1").arg(HealthModel::statusLabel(worst)));
    else if (quiet > 0)
        m_summary->setText(tr("✔ Healthy · the agent has been quiet lately"));
    else if (notYet > 0)
        m_summary->setText(tr("✔ Healthy · %Ln not started yet", nullptr, notYet));
    else
        m_summary->setText(tr("✔ Everything is healthy"));
    for (int row = 0; row < checks.size(); ++row) {
        const HealthCheck &check = checks.at(row);
        const HealthFix action = actionFor(check);
        if (action == HealthFix::None)
            continue;
        auto *button = new QPushButton(actionLabel(action), m_table);
        button->setObjectName(QStringLiteral("healthFixButton"));
        button->setProperty("check", check.name);
        button->setProperty("fix", int(action));
        button->setToolTip(HealthText::advice(check));
        connect(button, &QPushButton::clicked, this, [this, check] { fix(check); });
        m_table->setIndexWidget(m_model->index(row, HealthModel::FixColumn), button);
    }
    m_table->resizeRowsToContents(); // the buttons now set their rows' height
}

void HealthDashboard::fix(const HealthCheck &check)
{
    m_refreshAfterIndex = true;
    switch (actionFor(check)) {
    case HealthFix::Rebuild:
        m_summary->setText(tr("Rebuilding the index…"));
        m_session->requestRebuild();
        break;
    case HealthFix::Reindex:
        m_summary->setText(tr("Re-indexing…"));
        m_session->requestIndexAll();
        break;
    case HealthFix::ConnectAgent:
    case HealthFix::EditState:
    case HealthFix::ResolveConflicts:
        m_refreshAfterIndex = false;
        Q_EMIT fixRequested(actionFor(check));
        break;
    case HealthFix::None:
    case HealthFix::Manual: m_refreshAfterIndex = false; break;
    }
}

} // namespace engram
