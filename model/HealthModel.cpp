#include "HealthModel.h"

#include "Roles.h"

#include <QColor>

namespace engram {

namespace {

int severity(const QString &status)
{
    if (status == QLatin1String("error"))
        return 3;
    if (status == QLatin1String("missing"))
        return 2;
    if (status == QLatin1String("stale"))
        return 1;
    return 0;
}

} // namespace

HealthModel::HealthModel(QObject *parent) : QAbstractTableModel(parent) { }

void HealthModel::setChecks(const QList<HealthCheck> &checks)
{
    beginResetModel();
    m_checks = checks;
    endResetModel();
}

QString HealthModel::worstStatus() const
{
    QString worst = QStringLiteral("ok");
    for (const HealthCheck &c : m_checks)
        if (severity(c.status) > severity(worst))
            worst = c.status;
    return worst;
}

QString HealthModel::statusLabel(const QString &status)
{
    if (status == QLatin1String("ok"))
        return tr("OK");
    if (status == QLatin1String("stale"))
        return tr("Stale");
    if (status == QLatin1String("missing"))
        return tr("Missing");
    if (status == QLatin1String("error"))
        return tr("Error");
    return status;
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
        case CheckColumn: return c.name;
        case StatusColumn: return statusLabel(c.status);
        case ReasonColumn: return c.reason;
        case FixColumn: return c.status == QLatin1String("ok") ? QString() : c.fix;
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() != StatusColumn)
            return {};
        switch (severity(c.status)) {
        case 0: return QColor(0x2e, 0x9e, 0x4f);
        case 1: return QColor(0xd9, 0xa4, 0x06);
        case 2: return QColor(0xe0, 0x6c, 0x00);
        default: return QColor(0xc6, 0x28, 0x28);
        }
    case StatusRole: return c.status;
    case FixRole: return c.fix;
    case Qt::ToolTipRole: return c.reason;
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
