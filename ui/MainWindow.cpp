#include "MainWindow.h"

#include "Engine.h"
#include "RecallResultsModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace engram {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Engram"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    m_summary = new QLabel(central);
    m_summary->setObjectName(QStringLiteral("vaultSummary"));
    m_query = new QLineEdit(central);
    m_query->setObjectName(QStringLiteral("recallQuery"));
    m_query->setPlaceholderText(tr("Ask your memory…"));
    m_results = new QTableView(central);
    m_results->setObjectName(QStringLiteral("recallResults"));
    m_model = new RecallResultsModel(this);
    m_results->setModel(m_model);
    m_results->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_summary);
    layout->addWidget(m_query);
    layout->addWidget(m_results, 1);
    setCentralWidget(central);
    connect(m_query, &QLineEdit::returnPressed, this, &MainWindow::runRecall);
    resize(1100, 720);
}

MainWindow::~MainWindow() = default;

bool MainWindow::openVault(const QString &path)
{
    auto engine = Engine::open(path);
    if (!engine) {
        statusBar()->showMessage(engine.error().toString());
        return false;
    }
    m_engine = std::move(*engine);
    const IndexReport report = m_engine->index();
    const VaultStats stats = m_engine->stats();
    m_summary->setText(tr("Vault %1 — %2 files, %3 memories").arg(path).arg(stats.files).arg(stats.chunks));
    statusBar()->showMessage(tr("Indexed %1 files in %2 ms").arg(report.indexed).arg(report.elapsedMs));
    return true;
}

void MainWindow::runRecall()
{
    if (!m_engine)
        return;
    RecallQuery query;
    query.text = m_query->text();
    auto results = m_engine->recall(query);
    if (!results) {
        statusBar()->showMessage(results.error().toString());
        return;
    }
    m_model->setResults(*results);
}

} // namespace engram
