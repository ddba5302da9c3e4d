#pragma once

#include "agent/AgentConnection.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace engram {

/// Tools › Connect Agent…: the workbench's face of `engram-cli connect`. Shows what connecting
/// Claude Code or Codex to the open vault would change in the agent's own files (the dry run's
/// diff), and applies it or takes Engram out again, through AgentConnection as the CLI does.
class ConnectAgentDialog : public QDialog {
    Q_OBJECT
public:
    /// `program` is the engram-cli the hooks will run (absolute).
    ConnectAgentDialog(const QString &vaultPath, const QString &program, QWidget *parent = nullptr);

    /// engram-cli beside this executable, else on the PATH; empty when neither exists.
    static QString findProgram();

    /// Shows the dry run of connecting with the current choices; writes nothing.
    void refreshPlan();
    bool apply();
    bool remove();

private:
    AgentConnection::Options options(bool remove) const;
    void showChanges(const QList<ConfigFileChange> &changes, const QString &noneText);
    void showError(const QString &text);

    QString m_vaultPath;
    QString m_program;
    QComboBox *m_agent;
    QComboBox *m_scope;
    QLineEdit *m_projectDir;
    QPlainTextEdit *m_diff;
    QLabel *m_status;
    QPushButton *m_applyButton;
    QPushButton *m_removeButton;
    QList<ConfigFileChange> m_plan;
};

} // namespace engram
