#pragma once

#include "vault/EngineTypes.h"

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
    explicit HealthDashboard(VaultSession *session, QWidget *parent = nullptr);

    void refresh();
    HealthModel *model() const { return m_model; }
    /// The fix the view offers as a button for a check that is not ok, else None (a Manual fix is
    /// a person's to do; its text is in the Fix column).
    static HealthFix actionFor(const HealthCheck &check);
    static QString actionLabel(HealthFix fix);

Q_SIGNALS:
    /// A fix the window runs (Connect Agent, the State view): it refreshes when done.
    void fixRequested(engram::HealthFix fix);
    /// The person wants to see the open review findings (the Review view).
    void reviewRequested();

private:
    void showChecks(const QList<HealthCheck> &checks);
    void fix(const HealthCheck &check);

    VaultSession *m_session;
    HealthModel *m_model;
    QLabel *m_summary;
    QPushButton *m_refresh;
    QLabel *m_review;
    QPushButton *m_openReview;
    QTableView *m_table;
    bool m_refreshAfterIndex = false;
};

} // namespace engram
