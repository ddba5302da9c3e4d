#include "ExpectationsDialog.h"

#include "ExpectationsModel.h"
#include "VaultSession.h"
#include "agent/Expectations.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace engram {

namespace {

/// A check's answer, or why there is none.
struct CheckOutcome {
    std::optional<ExpectationReport> report;
    QString error;
};

} // namespace

ExpectationsDialog::ExpectationsDialog(VaultSession *session, QWidget *parent)
    : QDialog(parent), m_session(session), m_model(new ExpectationsModel(this))
{
    setObjectName(QStringLiteral("expectationsDialog"));
    setWindowTitle(tr("Expectations"));
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("expectationsTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ExpectationsModel::QuestionColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ExpectationsModel::TargetColumn, QHeaderView::Stretch);
    // The short columns as wide as their header and cells: "Seit der letzten Prüfung" was cut.
    for (int column : {ExpectationsModel::StatusColumn, ExpectationsModel::RankColumn, ExpectationsModel::ChangeColumn})
        m_table->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);

    m_summary = new QLabel(tr("Mark a recall result as the right answer to add an expectation."), this);
    m_summary->setObjectName(QStringLiteral("expectationsSummary"));
    m_summary->setWordWrap(true);
    m_k = new QSpinBox(this);
    m_k->setObjectName(QStringLiteral("expectationsTopK"));
    m_k->setRange(1, Expectations::kSearchDepth);
    m_k->setValue(10);
    m_k->setPrefix(tr("pass within top "));
    m_check = new QPushButton(tr("&Check"), this);
    m_check->setObjectName(QStringLiteral("expectationsCheck"));
    m_remove = new QPushButton(tr("&Remove"), this);
    m_remove->setObjectName(QStringLiteral("expectationsRemove"));
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_k);
    controls->addWidget(m_check);
    controls->addWidget(m_remove);
    controls->addStretch(1);
    controls->addWidget(close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addLayout(controls);
    resize(760, 420);

    connect(m_check, &QPushButton::clicked, this, &ExpectationsDialog::check);
    connect(m_remove, &QPushButton::clicked, this, &ExpectationsDialog::removeSelected);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_session, &VaultSession::closed, this, &QDialog::reject);
}

void ExpectationsDialog::check()
{
    Engine *engine = m_session->engine();
    if (!engine) {
        m_summary->setText(tr("No vault is open."));
        return;
    }
    auto worker = engine->openWorker();
    if (!worker) {
        m_summary->setText(worker.error().toString());
        return;
    }
    m_summary->setText(tr("Checking…"));
    m_check->setEnabled(false);
    std::shared_ptr<Engine> connection(std::move(*worker));
    ExpectationCheckOptions options;
    options.k = m_k->value();
    runJob(
        this, m_job.next(),
        [connection, options](const CancelFlag &) {
            auto report = Expectations(connection->vaultPath()).check(*connection, options);
            return report ? CheckOutcome{*report, {}} : CheckOutcome{std::nullopt, report.error().toString()};
        },
        [this](const CheckOutcome &outcome) {
            m_check->setEnabled(true);
            if (!outcome.report) {
                m_summary->setText(outcome.error);
                return;
            }
            showReport(*outcome.report);
        });
}

void ExpectationsDialog::showReport(const ExpectationReport &report)
{
    m_model->setReport(report);
    if (report.results.isEmpty()) {
        m_summary->setText(tr("No expectations yet: in Recall, select the result that answers your question and "
                              "choose “Mark as Right Answer”."));
        return;
    }
    QString text = tr("%1 of %2 pass within the top %3")
                       .arg(report.count(ExpectationStatus::Pass))
                       .arg(report.results.size())
                       .arg(report.k);
    if (const int failed = report.count(ExpectationStatus::Fail))
        text += tr(", %Ln fail", nullptr, failed);
    if (const int missing = report.count(ExpectationStatus::Missing))
        text += tr(", %Ln missing", nullptr, missing);
    if (const int changed = report.changed())
        text += tr("; %Ln changed since the last check", nullptr, changed);
    m_summary->setText(text + QLatin1Char('.'));
}

void ExpectationsDialog::removeSelected()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_session->isOpen())
        return;
    // The file may have changed since the check: remove by what the row shows, not by position.
    const Expectation shown = m_model->report().results.at(current.row()).expectation;
    const Expectations expectations(m_session->vaultPath());
    auto all = expectations.load();
    if (!all) {
        m_summary->setText(all.error().toString());
        return;
    }
    for (int i = 0; i < all->size(); ++i) {
        if (all->at(i).key() != shown.key())
            continue;
        if (auto removed = expectations.removeAt(i + 1); !removed) {
            m_summary->setText(removed.error().toString());
            return;
        }
        break;
    }
    check();
}

} // namespace engram
