#include "RecallPanel.h"

#include "RecallResultsModel.h"
#include "Roles.h"
#include "ScoreBarDelegate.h"
#include "VaultSession.h"
#include "Vocabulary.h"
#include "agent/Expectations.h"
#include "vault/Engine.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace engram {

RecallPanel::RecallPanel(VaultSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new RecallResultsModel(this))
{
    setObjectName(QStringLiteral("recallPanel"));
    m_query = new QLineEdit(this);
    m_query->setObjectName(QStringLiteral("recallQuery"));
    m_query->setPlaceholderText(tr("Ask your memory a question and press Enter…"));
    m_query->setClearButtonEnabled(true);
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("recallMode"));
    m_count = new QSpinBox(this);
    m_count->setObjectName(QStringLiteral("recallCount"));
    m_count->setRange(1, 100);
    m_count->setValue(10);
    m_count->setPrefix(tr("top "));
    auto *run = new QPushButton(tr("&Recall"), this);
    run->setObjectName(QStringLiteral("recallButton"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_query, 1);
    top->addWidget(new QLabel(tr("Mode:"), this));
    top->addWidget(m_mode);
    top->addWidget(m_count);
    top->addWidget(run);

    m_results = new QTableView(this);
    m_results->setObjectName(QStringLiteral("recallResults"));
    m_results->setModel(m_model);
    m_results->setItemDelegateForColumn(RecallResultsModel::BreakdownColumn, new ScoreBarDelegate(m_results));
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->setSelectionMode(QAbstractItemView::SingleSelection);
    m_results->verticalHeader()->hide();
    m_results->verticalHeader()->setDefaultSectionSize(30);
    m_results->horizontalHeader()->setStretchLastSection(true);
    m_results->setColumnWidth(RecallResultsModel::RankColumn, 36);
    m_results->setColumnWidth(RecallResultsModel::ScoreColumn, 60);
    m_results->setColumnWidth(RecallResultsModel::BreakdownColumn, 130);
    m_results->setColumnWidth(RecallResultsModel::SourceColumn, 260);
    m_nothing = new QLabel(m_results->viewport());
    m_nothing->setObjectName(QStringLiteral("recallNothing"));
    m_nothing->setAlignment(Qt::AlignCenter);
    m_nothing->setWordWrap(true);
    m_nothing->hide();
    m_results->viewport()->installEventFilter(this);

    QString legend;
    for (const char *signal : {"relevance", "strength", "recency", "access", "coactivation", "graph"})
        legend += QStringLiteral("<span style='color:%1'>■</span> %2 &nbsp; ")
                      .arg(ScoreBarDelegate::colorFor(QLatin1String(signal)).name(),
                           Vocabulary::signal(QLatin1String(signal)));
    m_legend = new QLabel(tr("Signals: %1").arg(legend), this);
    m_legend->setObjectName(QStringLiteral("recallLegend"));

    m_sourceHeader = new QLabel(this);
    m_sourceHeader->setObjectName(QStringLiteral("recallSourceHeader"));
    m_sourceHeader->setWordWrap(true);
    m_source = new QPlainTextEdit(this);
    m_source->setObjectName(QStringLiteral("recallSource"));
    m_source->setReadOnly(true);
    m_source->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_mark = new QPushButton(tr("Mark as Right &Answer"), this);
    m_mark->setObjectName(QStringLiteral("recallMarkExpected"));
    m_mark->setToolTip(tr("This result answers the question: keep it as an expectation that Tools › Expectations "
                          "and `engram-cli expect check` test"));
    m_mark->setEnabled(false);
    m_markStatus = new QLabel(this);
    m_markStatus->setObjectName(QStringLiteral("recallMarkStatus"));
    m_markStatus->setWordWrap(true);
    auto *markAction = new QAction(m_mark->text(), m_results);
    markAction->setObjectName(QStringLiteral("actionMarkExpected"));
    m_results->addAction(markAction);
    m_results->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *markRow = new QHBoxLayout;
    markRow->addWidget(m_mark);
    markRow->addWidget(m_markStatus, 1);
    auto *sourcePane = new QWidget(this);
    auto *sourceLayout = new QVBoxLayout(sourcePane);
    sourceLayout->setContentsMargins(0, 0, 0, 0);
    sourceLayout->addWidget(m_sourceHeader);
    sourceLayout->addWidget(m_source, 1);
    sourceLayout->addLayout(markRow);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_results);
    splitter->addWidget(sourcePane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_legend);
    layout->addWidget(splitter, 1);

    connect(m_query, &QLineEdit::returnPressed, this, &RecallPanel::runRecall);
    connect(run, &QPushButton::clicked, this, &RecallPanel::runRecall);
    connect(m_results->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RecallPanel::showSelected);
    connect(m_mark, &QPushButton::clicked, this, &RecallPanel::markSelectedAsExpected);
    connect(markAction, &QAction::triggered, this, &RecallPanel::markSelectedAsExpected);
    connect(m_session, &VaultSession::opened, this, &RecallPanel::refreshModes);
    connect(m_session, &VaultSession::recallReady, this, &RecallPanel::showResults);
    connect(m_session, &VaultSession::closed, this, [this] {
        m_model->setResults({});
        m_nothing->hide();
    });
    refreshModes();
}

void RecallPanel::focusQuery()
{
    m_query->setFocus();
    m_query->selectAll();
}

void RecallPanel::refreshModes()
{
    const QString current = m_mode->currentData().toString();
    m_mode->clear();
    if (Engine *engine = m_session->engine()) {
        for (const QString &mode : engine->config().modeNames())
            m_mode->addItem(Vocabulary::mode(mode), mode);
        m_mode->setCurrentIndex(qMax(0, m_mode->findData(current.isEmpty() ? engine->config().defaultMode : current)));
    }
}

void RecallPanel::runRecall()
{
    Engine *engine = m_session->engine();
    if (!engine || m_query->text().trimmed().isEmpty())
        return;
    RecallQuery query;
    query.text = m_query->text();
    m_question = query.text.trimmed();
    query.mode = m_mode->currentData().toString();
    query.k = m_count->value();
    m_clock.start();
    m_pending = m_session->requestRecall(query);
    m_pendingQuestion = query.text;
    m_pendingMode = query.mode;
    m_sourceHeader->setText(tr("Recalling…"));
}

void RecallPanel::showResults(int id, const QList<RecallResult> &results, const QString &error)
{
    if (id != m_pending)
        return; // an answer to a question asked before the last one
    m_pending = 0;
    m_source->clear();
    m_markStatus->clear();
    m_askedQuestion = m_pendingQuestion;
    m_askedMode = m_pendingMode;
    m_mark->setEnabled(error.isEmpty() && !results.isEmpty());
    if (!error.isEmpty()) {
        m_sourceHeader->setText(error);
        m_model->setResults({});
        m_nothing->hide();
        return;
    }
    m_model->setResults(results);
    // Recall's match is absolute: an empty answer means memory holds nothing on it, not a failure. The
    // table says so itself, where its rows would be.
    m_nothing->setText(tr("Nothing in memory about “%1”.").arg(m_askedQuestion.toHtmlEscaped()));
    m_nothing->setGeometry(m_results->viewport()->rect());
    m_nothing->setVisible(results.isEmpty());
    if (results.isEmpty()) {
        m_sourceHeader->clear();
        return;
    }
    m_sourceHeader->setText(tr("%Ln result(s) in %1 ms", nullptr, int(results.size())).arg(m_clock.elapsed()));
    m_results->selectRow(0);
}

namespace {

/// The weight `mode` gives the signal `name`, 0 for a signal that is not one of its terms.
double configuredWeight(const RankingMode &mode, const QString &name)
{
    const std::pair<const char *, double> weights[] = {{"relevance", mode.relevance},       {"strength", mode.strength},
                                                       {"recency", mode.recency},           {"access", mode.access},
                                                       {"coactivation", mode.coactivation}, {"graph", mode.graph}};
    for (const auto &[signal, weight] : weights)
        if (name == QLatin1String(signal))
            return weight;
    return 0.0;
}

} // namespace

bool RecallPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_results->viewport() && event->type() == QEvent::Resize)
        m_nothing->setGeometry(m_results->viewport()->rect());
    return QWidget::eventFilter(watched, event);
}

void RecallPanel::showSelected()
{
    const QModelIndex current = m_results->currentIndex();
    Engine *engine = m_session->engine();
    if (!current.isValid() || !engine)
        return;
    const RecallResult &result = m_model->results().at(current.row());
    QStringList parts;
    QStringList notes; // what the score does not add up: the gate's match, whether it is of the time asked about
    // Each term shows the mode's configured weight; what this memory scales it by (its relevance for
    // strength, recency and access, its layer's weight for all) is said apart, once per factor: the
    // scaled weights ("× 0.22" on one row, "× 0.30" on another) read as inconsistent.
    const RankingMode &mode = engine->config().mode(m_askedMode.isEmpty() ? engine->config().defaultMode : m_askedMode);
    const QLocale numbers = locale();
    QMap<QString, QStringList> scaledBy; // factor (as shown) → the signals it scales
    for (const ScoreComponent &s : result.breakdown) {
        if (s.informative && s.name == QLatin1String("partial")) {
            notes << tr("partial: the question's specific words are not in it");
            continue;
        }
        if (s.informative && s.name == QLatin1String("when")) {
            notes << (s.value > 0.0 ? tr("of the time the question names") : tr("not of the time the question names"));
            continue;
        }
        if (s.informative) {
            notes << QStringLiteral("%1 %2").arg(Vocabulary::signal(s.name), numbers.toString(s.value, 'f', 2));
            continue;
        }
        const double configured = configuredWeight(mode, s.name);
        const double weight = configured > 0.0 ? configured : s.weight;
        parts << tr("%1 %2 × %3")
                     .arg(Vocabulary::signal(s.name), numbers.toString(s.value, 'f', 2),
                          numbers.toString(weight, 'f', 2));
        const double factor = configured > 0.0 ? s.weight / configured : 1.0;
        if (std::abs(factor - 1.0) >= 0.005)
            scaledBy[numbers.toString(factor, 'f', 2)] << Vocabulary::signal(s.name);
    }
    for (auto it = scaledBy.cbegin(); it != scaledBy.cend(); ++it)
        notes << tr("%1 weighed × %2 for this memory (its relevance and layer)")
                     .arg(it.value().join(QStringLiteral(", ")), it.key());
    const QString sum = parts.join(QStringLiteral(" + "))
                        + (notes.isEmpty() ? QString() : QStringLiteral(" · ") + notes.join(QStringLiteral(" · ")));
    const QString where =
        result.vault.isEmpty() ? result.chunk.path : QStringLiteral("[%1] %2").arg(result.vault, result.chunk.path);
    m_sourceHeader->setText(tr("<b>%1:%2-%3</b> — score %4 = %5")
                                .arg(where.toHtmlEscaped())
                                .arg(result.chunk.startLine)
                                .arg(result.chunk.endLine)
                                .arg(numbers.toString(result.score, 'f', 3))
                                .arg(sum));
    // An expectation pins a file of this vault: a linked vault's result cannot be one.
    m_mark->setEnabled(result.vault.isEmpty());
    // A linked vault's file is read by its own engine, on the query thread: show the memory as recalled.
    const QString text = result.vault.isEmpty() ? engine->displayText(result.chunk) : result.chunk.text;
    m_source->setPlainText(text.isEmpty() ? tr("(the source file is gone; re-index to drop this memory)") : text);
}

void RecallPanel::markSelectedAsExpected()
{
    const QModelIndex current = m_results->currentIndex();
    if (!current.isValid() || !m_session->isOpen() || m_askedQuestion.trimmed().isEmpty())
        return;
    if (!m_model->results().at(current.row()).vault.isEmpty())
        return; // a linked vault's memory is no file of this vault's to expect
    const Chunk &chunk = m_model->results().at(current.row()).chunk;
    auto expectation = Expectation::fromTarget(
        m_askedQuestion, QStringLiteral("%1:%2-%3").arg(chunk.path).arg(chunk.startLine).arg(chunk.endLine));
    if (!expectation) {
        m_markStatus->setText(expectation.error().toString());
        return;
    }
    // The mode it was asked in: a mode the vault's default stands for is not pinned.
    if (Engine *engine = m_session->engine(); engine && m_askedMode != engine->config().defaultMode)
        expectation->mode = m_askedMode;
    auto added = Expectations(m_session->vaultPath()).add(*expectation);
    if (!added)
        m_markStatus->setText(added.error().toString());
    else if (*added)
        m_markStatus->setText(tr("Expected: “%1” → %2").arg(expectation->question, expectation->target()));
    else
        m_markStatus->setText(tr("Already expected: “%1” → %2").arg(expectation->question, expectation->target()));
}

} // namespace engram
