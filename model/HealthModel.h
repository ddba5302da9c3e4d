#pragma once

#include "vault/EngineTypes.h"

#include <QAbstractTableModel>

namespace engram {

/// The health checks as rows: check, status, reason, fix.
class HealthModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { CheckColumn, StatusColumn, ReasonColumn, FixColumn, ColumnCount };

    explicit HealthModel(QObject *parent = nullptr);

    void setChecks(const QList<HealthCheck> &checks);
    const QList<HealthCheck> &checks() const { return m_checks; }
    /// The worst status: error > missing > stale > not yet > ok.
    HealthStatus worstStatus() const;
    /// The worst status of the checks that need a person (needsAPerson), ok when none does.
    HealthStatus worstNeedingAPerson() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusLabel(HealthStatus status);
    /// Stale, missing or error; ok and "not yet" (nothing has started) are not failures.
    static bool isFailure(HealthStatus status);
    /// A failure a person should act on. The agent's own activity (today's session, tool usage)
    /// missing or stale is a quiet day, not a fault: the row says so, the headline does not.
    static bool needsAPerson(const HealthCheck &check);

private:
    QList<HealthCheck> m_checks;
};

} // namespace engram
