#pragma once

#include "vault/Engine.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace engram {

class HealthModel;
class VaultSession;

/// Every health check at a glance (ok / stale / missing / error) with the
/// action that fixes a failing one a click away.
class HealthDashboard : public QWidget {
    Q_OBJECT
public:
    enum class FixAction { None, Reindex, Rebuild, CreateFile };

    explicit HealthDashboard(VaultSession *session, QWidget *parent = nullptr);

    void refresh();
    HealthModel *model() const { return m_model; }
    /// What a check's fix text asks for.
    static FixAction actionFor(const HealthCheck &check);

private:
    void showChecks(const QList<HealthCheck> &checks);
    void fix(const HealthCheck &check);

    VaultSession *m_session;
    HealthModel *m_model;
    QLabel *m_summary;
    QPushButton *m_refresh;
    QTableView *m_table;
    bool m_refreshAfterIndex = false;
};

} // namespace engram
