#include "HealthModel.h"

#include "HealthText.h"
#include "Roles.h"

#include <QColor>

namespace engram {

namespace {

/// Worse is larger: the enum is declared from best to worst.
int severity(HealthStatus status)
{
    return int(status);
}

} // namespace

HealthModel::HealthModel(QObject *parent) : QAbstractTableModel(parent) { }

void HealthModel::setChecks(const QList<HealthCheck> &checks)
{
    beginResetModel();
    m_checks = checks;
    endResetModel();
}

HealthStatus HealthModel::worstStatus() const
{
    HealthStatus worst = HealthStatus::Ok;
    for (const HealthCheck &c : m_checks)
        if (severity(c.status) > severity(worst))
            worst = c.status;
    return worst;
}

bool HealthModel::isFailure(HealthStatus status)
{
    return status != HealthStatus::Ok && status != HealthStatus::NotYet;
}

bool HealthModel::needsAPerson(const HealthCheck &check)
{
    if (!isFailure(check.status))
        return false;
    const bool agentActivity = check.id == HealthCheckId::TodaysSession || check.id == HealthCheckId::ToolUsage;
    return !(agentActivity && (check.status == HealthStatus::Missing || check.status == HealthStatus::Stale));
}

HealthStatus HealthModel::worstNeedingAPerson() const
{
    HealthStatus worst = HealthStatus::Ok;
    for (const HealthCheck &c : m_checks)
        if (needsAPerson(c) && severity(c.status) > severity(worst))
            worst = c.status;
    return worst;
}

QString HealthModel::statusLabel(HealthStatus status)
{
    switch (status) {
    case HealthStatus::Ok: return tr("OK");
    case HealthStatus::NotYet: return tr("not yet", "health status: something that has not started in this vault");
    case HealthStatus::Stale: return tr("Stale");
    case HealthStatus::Missing: return tr("Missing");
    case HealthStatus::Error: return tr("Error");
    }
    return tr("Error");
}

int HealthModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_checks.size());
}

int HealthModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HealthModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HealthCheck &c = m_checks.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case CheckColumn: return HealthText::title(c);
        case StatusColumn: return statusLabel(c.status);
        case ReasonColumn: return HealthText::detail(c);
        case FixColumn:
            return isFailure(c.status) || c.status == HealthStatus::NotYet ? HealthText::advice(c) : QString();
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() != StatusColumn)
            return {};
        if (isFailure(c.status) && !needsAPerson(c))
            return QColor(0x8a, 0x8a, 0x8a); // a quiet day: grey as "not yet", not a warning's colour
        switch (c.status) {
        case HealthStatus::Ok: return QColor(0x2e, 0x9e, 0x4f);
        case HealthStatus::NotYet: return QColor(0x8a, 0x8a, 0x8a);
        case HealthStatus::Stale: return QColor(0xd9, 0xa4, 0x06);
        case HealthStatus::Missing: return QColor(0xe0, 0x6c, 0x00);
        case HealthStatus::Error: return QColor(0xc6, 0x28, 0x28);
        }
        return {};
    case StatusRole: return healthStatusName(c.status);
    case FixRole: return HealthText::advice(c);
    case Qt::ToolTipRole: return HealthText::detail(c);
    }
    return {};
}

QVariant HealthModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CheckColumn: return tr("Check");
    case StatusColumn: return tr("Status");
    case ReasonColumn: return tr("Details");
    case FixColumn: return tr("Fix");
    }
    return {};
}

} // namespace engram
