#pragma once

#include "recall/RecallTypes.h"

#include <QElapsedTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
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
    bool eventFilter(QObject *watched, QEvent *event) override;
    void refreshModes();
    /// Records the selected result as the right answer to the question asked (state/expectations.jsonl).
    void markSelectedAsExpected();

    VaultSession *m_session;
    RecallResultsModel *m_model;
    QLineEdit *m_query;
    QComboBox *m_mode;
    QSpinBox *m_count;
    QTableView *m_results;
    /// The results table's own message when recall found nothing ("Nothing in memory about …"), laid over
    /// its empty viewport.
    QLabel *m_nothing;
    QLabel *m_legend;
    QLabel *m_sourceHeader;
    QPlainTextEdit *m_source;
    QPushButton *m_mark;
    QLabel *m_markStatus;
    QString m_askedQuestion; ///< the question of the results shown (the field may have changed since)
    QString m_askedMode;
    QElapsedTimer m_clock;
    int m_pending = 0;
    QString m_question; ///< the question of the last recall asked (Ctrl+Shift+C packs for it)
    QString m_pendingQuestion;
    QString m_pendingMode;
};

} // namespace engram
