#pragma once

#include <QMainWindow>

#include <memory>

class QLineEdit;
class QTableView;
class QLabel;

namespace engram {

class Engine;
class RecallResultsModel;

/// The workbench window. It only arranges the views; each view is its own widget.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a vault; returns false (and shows why in the status bar) on failure.
    bool openVault(const QString &path);

private:
    void runRecall();

    std::unique_ptr<Engine> m_engine;
    QLineEdit *m_query = nullptr;
    QTableView *m_results = nullptr;
    QLabel *m_summary = nullptr;
    RecallResultsModel *m_model = nullptr;
};

} // namespace engram
