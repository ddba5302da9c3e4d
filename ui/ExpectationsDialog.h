#pragma once

#include "Job.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

namespace engram {

class ExpectationsModel;
class VaultSession;
struct ExpectationReport;

/// The owner's regression lab in the workbench: every expectation (a question and the memory that
/// answers it, marked from the Recall view or with `engram-cli expect add`) with its status, rank
/// and change since the last check. A check runs on a worker connection and reinforces nothing.
class ExpectationsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExpectationsDialog(VaultSession *session, QWidget *parent = nullptr);
    ExpectationsModel *model() const { return m_model; }

    /// Asks every expectation's question again (top k from the spin box).
    void check();

private:
    void showReport(const ExpectationReport &report);
    void removeSelected();

    VaultSession *m_session;
    ExpectationsModel *m_model;
    QTableView *m_table;
    QSpinBox *m_k;
    QLabel *m_summary;
    QPushButton *m_check;
    QPushButton *m_remove;
    LatestJob m_job;
};

} // namespace engram
