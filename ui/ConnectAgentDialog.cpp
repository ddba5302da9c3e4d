#include "ConnectAgentDialog.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace engram {

ConnectAgentDialog::ConnectAgentDialog(const QString &vaultPath, const QString &program, QWidget *parent)
    : QDialog(parent), m_vaultPath(vaultPath), m_program(program)
{
    setObjectName(QStringLiteral("connectAgentDialog"));
    setWindowTitle(tr("Connect Agent"));
    m_agent = new QComboBox(this);
    m_agent->setObjectName(QStringLiteral("connectAgentCombo"));
    m_agent->addItem(tr("Claude Code"), int(AgentConnection::Agent::ClaudeCode));
    m_agent->addItem(tr("Codex"), int(AgentConnection::Agent::Codex));
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("connectScopeCombo"));
    m_scope->addItem(tr("Every project (user settings)"), int(AgentConnection::Scope::User));
    m_scope->addItem(tr("One project folder"), int(AgentConnection::Scope::Project));
    m_projectDir = new QLineEdit(QDir::currentPath(), this);
    m_projectDir->setObjectName(QStringLiteral("connectProjectDir"));
    m_projectDir->setEnabled(false);
    auto *vault = new QLabel(QDir::toNativeSeparators(vaultPath), this);
    vault->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *form = new QFormLayout;
    form->addRow(tr("&Agent:"), m_agent);
    form->addRow(tr("&Scope:"), m_scope);
    form->addRow(tr("&Project folder:"), m_projectDir);
    form->addRow(tr("Vault:"), vault);

    m_diff = new QPlainTextEdit(this);
    m_diff->setObjectName(QStringLiteral("connectDiff"));
    m_diff->setReadOnly(true);
    m_diff->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("connectStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_applyButton = buttons->addButton(tr("&Apply"), QDialogButtonBox::ApplyRole);
    m_applyButton->setObjectName(QStringLiteral("connectApplyButton"));
    m_applyButton->setToolTip(tr("Write the change shown above (each file is backed up first)"));
    m_removeButton = buttons->addButton(tr("&Remove"), QDialogButtonBox::DestructiveRole);
    m_removeButton->setObjectName(QStringLiteral("connectRemoveButton"));
    m_removeButton->setToolTip(tr("Take out exactly what connecting added"));
    // Enter applies what the dialog shows; the button box made Remove, first in its row, the default.
    m_removeButton->setAutoDefault(false);
    m_applyButton->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Changes to the agent's configuration:"), this));
    layout->addWidget(m_diff, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(760, 520);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_applyButton, &QPushButton::clicked, this, &ConnectAgentDialog::apply);
    connect(m_removeButton, &QPushButton::clicked, this, &ConnectAgentDialog::remove);
    connect(m_agent, &QComboBox::currentIndexChanged, this, &ConnectAgentDialog::refreshPlan);
    connect(m_scope, &QComboBox::currentIndexChanged, this, [this] {
        m_projectDir->setEnabled(m_scope->currentData().toInt() == int(AgentConnection::Scope::Project));
        refreshPlan();
    });
    connect(m_projectDir, &QLineEdit::editingFinished, this, &ConnectAgentDialog::refreshPlan);
    refreshPlan();
}

QString ConnectAgentDialog::findProgram()
{
    const QString beside = QStandardPaths::findExecutable(
        QStringLiteral("engram-cli"),
        {QCoreApplication::applicationDirPath(), QCoreApplication::applicationDirPath() + QStringLiteral("/..")});
    if (!beside.isEmpty())
        return QFileInfo(beside).canonicalFilePath();
    return QStandardPaths::findExecutable(QStringLiteral("engram-cli"));
}

AgentConnection::Options ConnectAgentDialog::options(bool remove) const
{
    AgentConnection::Options o;
    o.agent = AgentConnection::Agent(m_agent->currentData().toInt());
    o.scope = AgentConnection::Scope(m_scope->currentData().toInt());
    o.vaultPath = QFileInfo(m_vaultPath).absoluteFilePath();
    o.program = m_program;
    o.projectDir = QFileInfo(m_projectDir->text()).absoluteFilePath();
    o.remove = remove;
    return o;
}

void ConnectAgentDialog::showError(const QString &text)
{
    m_status->setText(text);
    m_applyButton->setEnabled(false);
}

void ConnectAgentDialog::showChanges(const QList<ConfigFileChange> &changes, const QString &noneText)
{
    QString diff;
    QStringList notes;
    for (const ConfigFileChange &c : changes) {
        notes << c.notes;
        if (c.changes())
            diff += AgentConnection::diff(c.path, c.before, c.after);
    }
    m_diff->setPlainText(diff.isEmpty() ? noneText : diff);
    if (!notes.isEmpty())
        m_status->setText(m_status->text() + QLatin1Char('\n') + notes.join(QLatin1Char('\n')));
}

void ConnectAgentDialog::refreshPlan()
{
    m_plan.clear();
    m_status->clear();
    if (m_program.isEmpty()) {
        m_diff->clear();
        showError(tr("engram-cli was not found beside the workbench or on the PATH; the agent's hooks need it."));
        return;
    }
    auto plan = AgentConnection::plan(options(false));
    if (!plan) {
        m_diff->clear();
        showError(plan.error().toString()); // a malformed settings file: its line and why; nothing is written
        return;
    }
    m_plan = *plan;
    const bool any = std::any_of(m_plan.cbegin(), m_plan.cend(), [](const ConfigFileChange &c) { return c.changes(); });
    m_applyButton->setEnabled(any);
    m_status->setText(any ? tr("Nothing is written until you press Apply.")
                          : tr("%1 is already connected to this vault.").arg(m_agent->currentText()));
    showChanges(m_plan, tr("(no change)"));
}

bool ConnectAgentDialog::apply()
{
    if (m_plan.isEmpty())
        return false;
    auto backups = AgentConnection::apply(m_plan);
    if (!backups) {
        showError(backups.error().toString());
        return false;
    }
    const QList<ConfigFileChange> applied = m_plan;
    refreshPlan();
    showChanges(applied, {});
    m_status->setText(tr("Connected %1 to this vault; restart the agent to load it. Backups: %2")
                          .arg(m_agent->currentText(),
                               backups->isEmpty() ? tr("none (new files)") : backups->join(QStringLiteral(", "))));
    return true;
}

bool ConnectAgentDialog::remove()
{
    auto plan = AgentConnection::plan(options(true));
    if (!plan) {
        showError(plan.error().toString());
        return false;
    }
    auto backups = AgentConnection::apply(*plan);
    if (!backups) {
        showError(backups.error().toString());
        return false;
    }
    refreshPlan();
    const bool any = std::any_of(plan->cbegin(), plan->cend(), [](const ConfigFileChange &c) { return c.changes(); });
    showChanges(*plan, tr("(nothing of Engram's was there)"));
    m_status->setText(any ? tr("Removed Engram from %1's configuration.").arg(m_agent->currentText())
                          : tr("Nothing of Engram's to remove from %1's configuration.").arg(m_agent->currentText()));
    return any;
}

} // namespace engram
