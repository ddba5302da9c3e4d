#pragma once

#include "recall/RecallTypes.h"

#include <QElapsedTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTableView;

namespace engram {

class RecallResultsModel;
class VaultSession;

/// Ask the memory a question: choose a mode, see the ranked results with the
/// score breakdown of each (a bar per signal) and the source lines.
class RecallPanel : public QWidget {
    Q_OBJECT
public:
    explicit RecallPanel(VaultSession *session, QWidget *parent = nullptr);

    void focusQuery();
    RecallResultsModel *model() const { return m_model; }
    /// The question whose results are on screen (empty before the first one).
    QString question() const { return m_question; }

private:
    void runRecall();
    void showResults(int id, const QList<engram::RecallResult> &results, const QString &error);
    void showSelected();
    void refreshModes();

    VaultSession *m_session;
    RecallResultsModel *m_model;
    QLineEdit *m_query;
    QComboBox *m_mode;
    QSpinBox *m_count;
    QTableView *m_results;
    QLabel *m_legend;
    QLabel *m_sourceHeader;
    QPlainTextEdit *m_source;
    QElapsedTimer m_clock;
    int m_pending = 0;
    QString m_question;
};

} // namespace engram
