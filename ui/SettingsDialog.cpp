#include "SettingsDialog.h"

#include "DropIngestFilter.h"
#include "LinkedVaultsPage.h"
#include "Vocabulary.h"
#include "agent/Expectations.h"
#include "vault/Engine.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace engram {

namespace {

const QStringList kWeightNames{QStringLiteral("relevance"), QStringLiteral("strength"),     QStringLiteral("recency"),
                               QStringLiteral("access"),    QStringLiteral("coactivation"), QStringLiteral("graph")};

double *weightOf(RankingMode &mode, int column)
{
    double *weights[] = {&mode.relevance, &mode.strength, &mode.recency, &mode.access, &mode.coactivation, &mode.graph};
    return weights[column];
}

/// The expectations asked with the saved settings and with the edited ones, or why not.
struct PreviewOutcome {
    ExpectationReport current;
    ExpectationReport edited;
    QString error;
};

/// Waits this long after the last edit before asking: typing "0.55" is one preview, not four.
constexpr int kPreviewDelayMs = 300;

} // namespace

SettingsDialog::SettingsDialog(const QString &vaultPath, Engine *engine, QWidget *parent)
    : QDialog(parent), m_vaultPath(vaultPath), m_engine(engine)
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("settingsError"));
    m_error->setWordWrap(true);
    auto loaded = Config::load(vaultPath);
    if (loaded)
        m_config = *loaded;
    else
        m_error->setText(tr("engram.json could not be read (%1); saving replaces it.").arg(loaded.error().toString()));

    auto *tabs = new QTabWidget(this);
    QWidget *embedding = endpointPage(m_embedding, m_config.embeddingEndpoint, true);
    tabs->addTab(embedding, tr("Embedder"));
    tabs->addTab(endpointPage(m_llm, m_config.llmEndpoint, false), tr("LLM Endpoint"));

    auto *budgets = new QWidget(tabs);
    auto *budgetForm = new QFormLayout(budgets);
    m_packBudget = new QSpinBox(budgets);
    m_packBudget->setObjectName(QStringLiteral("settingsPackBudget"));
    m_packBudget->setRange(50, 32000);
    m_packBudget->setValue(m_config.packBudget);
    m_preambleBudget = new QSpinBox(budgets);
    m_preambleBudget->setRange(0, 8000);
    m_preambleBudget->setValue(m_config.preambleBudget);
    m_defaultMode = new QComboBox(budgets);
    m_defaultMode->setObjectName(QStringLiteral("settingsDefaultMode"));
    for (const QString &mode : m_config.modeNames())
        m_defaultMode->addItem(Vocabulary::mode(mode), mode); // shown in the UI's language, saved by its name
    m_defaultMode->setCurrentIndex(qMax(0, m_defaultMode->findData(m_config.defaultMode)));
    m_dropFolder = new QLineEdit(DropIngestFilter::dropFolder(), budgets);
    m_dropFolder->setObjectName(QStringLiteral("settingsDropFolder"));
    budgetForm->addRow(tr("Context pack budget (tokens):"), m_packBudget);
    budgetForm->addRow(tr("Preamble budget (tokens):"), m_preambleBudget);
    budgetForm->addRow(tr("Default mode:"), m_defaultMode);
    budgetForm->addRow(tr("Folder for dropped files:"), m_dropFolder);
    tabs->addTab(budgets, tr("Budgets"));

    m_modes = new QTableWidget(int(m_config.modeNames().size()), int(kWeightNames.size()), tabs);
    m_modes->setObjectName(QStringLiteral("settingsModeWeights"));
    // Signals and modes in the UI's language (as Recall shows them), weights in its number format.
    for (int column = 0; column < kWeightNames.size(); ++column)
        m_modes->setHorizontalHeaderItem(column, new QTableWidgetItem(Vocabulary::signal(kWeightNames.at(column))));
    m_modes->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    const QString weightHint = tr("A weight from 0 to 1: how much the signal counts in the score. The terms are "
                                  "added, so weights that sum to about 1 keep scores between 0 and 1.");
    for (int row = 0; row < m_config.modeNames().size(); ++row) {
        const QString name = m_config.modeNames().at(row);
        auto *header = new QTableWidgetItem(Vocabulary::mode(name));
        header->setData(Qt::UserRole, name);
        m_modes->setVerticalHeaderItem(row, header);
        RankingMode mode = m_config.mode(name);
        for (int column = 0; column < kWeightNames.size(); ++column) {
            auto *cell = new QTableWidgetItem(locale().toString(*weightOf(mode, column)));
            cell->setToolTip(weightHint);
            m_modes->setItem(row, column, cell);
        }
    }
    auto *weights = new QWidget(tabs);
    auto *weightsLayout = new QVBoxLayout(weights);
    auto *hint = new QLabel(weightHint, weights);
    hint->setObjectName(QStringLiteral("settingsWeightsHint"));
    hint->setWordWrap(true);
    weightsLayout->addWidget(hint);
    weightsLayout->addWidget(m_modes, 1);
    tabs->addTab(weights, tr("Mode Weights"));
    m_linkedVaults = new LinkedVaultsPage(vaultPath, m_config.linkedVaults, tabs);
    tabs->addTab(m_linkedVaults, tr("Linked Vaults"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(tabs, 1);
    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("settingsExpectationPreview"));
    m_preview->setWordWrap(true);
    m_preview->setVisible(m_engine != nullptr);
    m_previewList = new QPushButton(tr("Show &Which…"), this);
    m_previewList->setObjectName(QStringLiteral("settingsPreviewList"));
    m_previewList->hide();
    connect(m_previewList, &QPushButton::clicked, this, &SettingsDialog::showPreviewList);
    auto *previewRow = new QHBoxLayout;
    previewRow->addWidget(m_preview, 1);
    previewRow->addWidget(m_previewList, 0, Qt::AlignTop);
    layout->addLayout(previewRow);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(620, 420);

    if (m_engine) {
        m_previewTimer = new QTimer(this);
        m_previewTimer->setSingleShot(true);
        m_previewTimer->setInterval(kPreviewDelayMs);
        connect(m_previewTimer, &QTimer::timeout, this, &SettingsDialog::previewExpectations);
        auto later = [this] { m_previewTimer->start(); };
        connect(m_modes, &QTableWidget::itemChanged, this, later);
        connect(m_defaultMode, &QComboBox::currentIndexChanged, this, later);
        connect(m_embedding.kind, &QComboBox::currentIndexChanged, this, later);
        connect(m_dimensions, &QSpinBox::valueChanged, this, later);
        connect(m_embedding.url, &QLineEdit::textChanged, this, later);
        connect(m_embedding.model, &QLineEdit::textChanged, this, later);
        previewExpectations();
    }
}

QWidget *SettingsDialog::endpointPage(EndpointFields &fields, const Endpoint &endpoint, bool embedder)
{
    auto *page = new QWidget(this);
    auto *form = new QFormLayout(page);
    fields.kind = new QComboBox(page);
    if (embedder)
        fields.kind->addItem(tr("Built-in (offline, no model download)"), QStringLiteral("hash"));
    else
        fields.kind->addItem(tr("None"), QString());
    fields.kind->addItem(tr("OpenAI-compatible"), QStringLiteral("openai"));
    fields.kind->addItem(tr("Ollama"), QStringLiteral("ollama"));
    fields.kind->setCurrentIndex(qMax(0, fields.kind->findData(embedder ? m_config.embedderKind : endpoint.kind)));
    fields.url = new QLineEdit(endpoint.url, page);
    fields.url->setPlaceholderText(QStringLiteral("http://127.0.0.1:11434"));
    fields.model = new QLineEdit(endpoint.model, page);
    fields.keyEnv = new QLineEdit(endpoint.apiKeyEnv, page);
    fields.keyEnv->setPlaceholderText(tr("name of an environment variable, e.g. OPENAI_API_KEY"));
    form->addRow(tr("Kind:"), fields.kind);
    form->addRow(tr("URL:"), fields.url);
    form->addRow(tr("Model:"), fields.model);
    form->addRow(tr("API key variable:"), fields.keyEnv);
    if (embedder) {
        m_dimensions = new QSpinBox(page);
        m_dimensions->setObjectName(QStringLiteral("settingsDimensions"));
        m_dimensions->setRange(16, 4096);
        m_dimensions->setValue(m_config.embedderDimensions);
        form->addRow(tr("Dimensions (built-in):"), m_dimensions);
        auto *note = new QLabel(tr("Changing the embedder re-embeds every memory when the vault is reopened."), page);
        note->setWordWrap(true);
        form->addRow(note);
    }
    return page;
}

Endpoint SettingsDialog::readEndpoint(const EndpointFields &fields) const
{
    Endpoint e;
    e.kind = fields.kind->currentData().toString();
    if (e.kind == QLatin1String("hash"))
        e.kind.clear();
    e.url = fields.url->text().trimmed();
    e.model = fields.model->text().trimmed();
    e.apiKeyEnv = fields.keyEnv->text().trimmed();
    return e;
}

Result<Config> SettingsDialog::editedConfig() const
{
    Config next = m_config;
    next.embedderKind = m_embedding.kind->currentData().toString();
    next.embedderDimensions = m_dimensions->value();
    next.embeddingEndpoint = readEndpoint(m_embedding);
    next.llmEndpoint = readEndpoint(m_llm);
    next.packBudget = m_packBudget->value();
    next.preambleBudget = m_preambleBudget->value();
    next.defaultMode = m_defaultMode->currentData().toString();
    next.linkedVaults = m_linkedVaults->links();
    for (int row = 0; row < m_modes->rowCount(); ++row) {
        RankingMode mode = next.mode(m_modes->verticalHeaderItem(row)->data(Qt::UserRole).toString());
        for (int column = 0; column < kWeightNames.size(); ++column) {
            // The UI's number format ("0,3" in German), or the file's ("0.3").
            const QString text = m_modes->item(row, column)->text().trimmed();
            bool ok = false;
            double value = locale().toDouble(text, &ok);
            if (!ok)
                value = QLocale::c().toDouble(text, &ok);
            if (!ok || value < 0 || value > 1)
                return Error{tr("The %1 weight of mode %2 must be a number from 0 to 1.")
                                 .arg(Vocabulary::signal(kWeightNames.at(column)), Vocabulary::mode(mode.name))};
            *weightOf(mode, column) = value;
        }
        next.setMode(mode);
    }
    return next;
}

void SettingsDialog::previewExpectations()
{
    auto edited = editedConfig();
    if (!edited) {
        m_preview->setText(tr("Expectations: no preview until %1").arg(edited.error().message));
        return;
    }
    auto expectations = Expectations(m_vaultPath).load();
    if (!expectations) {
        m_preview->setText(tr("Expectations: %1").arg(expectations.error().toString()));
        return;
    }
    if (expectations->isEmpty()) {
        m_preview->setText(tr("Expectations: none yet. Mark right answers in Recall to see here how a change "
                              "would score before you save it."));
        return;
    }
    bool keywordOnly = false;
    const Config previewed = Expectations::previewConfig(m_engine->config(), *edited, &keywordOnly);
    auto current = m_engine->openWorker();
    auto candidate = m_engine->openWorker(previewed);
    if (!current || !candidate) {
        m_preview->setText((current ? candidate.error() : current.error()).toString());
        return;
    }
    m_preview->setText(tr("Expectations: checking the edited settings…"));
    std::shared_ptr<Engine> now(std::move(*current));
    std::shared_ptr<Engine> next(std::move(*candidate));
    runJob(
        this, m_previewJob.next(),
        [now, next, keywordOnly](const CancelFlag &) {
            PreviewOutcome outcome;
            const Expectations expectations(now->vaultPath());
            auto before = expectations.check(*now, {10, false, false});
            auto after = expectations.check(*next, {10, false, keywordOnly});
            if (!before || !after) {
                outcome.error = (before ? after.error() : before.error()).toString();
                return outcome;
            }
            Expectations::compare(*after, *before);
            outcome.current = *before;
            outcome.edited = *after;
            return outcome;
        },
        [this](const PreviewOutcome &outcome) {
            if (!outcome.error.isEmpty()) {
                m_preview->setText(tr("Expectations: %1").arg(outcome.error));
                return;
            }
            const ExpectationReport &r = outcome.edited;
            const int total = int(r.results.size());
            const int pass = r.count(ExpectationStatus::Pass);
            QStringList broken;
            QStringList fixed;
            for (const ExpectationResult &result : r.results) {
                const QString named = tr("“%1” → %2").arg(result.expectation.question, result.expectation.target());
                if (result.change == ExpectationChange::Broken)
                    broken << named;
                else if (result.change == ExpectationChange::Fixed)
                    fixed << named;
            }
            QString text = tr("Expectations with these settings: %1 of %2 pass, %3 fail (saved settings: %4 pass)")
                               .arg(pass)
                               .arg(total)
                               .arg(total - pass)
                               .arg(outcome.current.count(ExpectationStatus::Pass));
            if (!broken.isEmpty() || !fixed.isEmpty())
                text += tr("; %1 would break, %2 would be fixed").arg(broken.size()).arg(fixed.size());
            if (r.keywordOnly)
                text += tr(". Keyword side only: the new embedder's vectors exist after a re-index");
            text += QLatin1Char('.');
            // Which ones, not only how many: the first few here, every one behind the button.
            constexpr int kNamed = 3;
            if (!broken.isEmpty())
                text += QLatin1Char('\n') + tr("Would break: %1").arg(broken.mid(0, kNamed).join(QStringLiteral("; ")));
            if (!fixed.isEmpty())
                text +=
                    QLatin1Char('\n') + tr("Would be fixed: %1").arg(fixed.mid(0, kNamed).join(QStringLiteral("; ")));
            m_preview->setText(text);
            m_previewBroken = broken;
            m_previewFixed = fixed;
            m_previewList->setVisible(!broken.isEmpty() || !fixed.isEmpty());
        });
}

void SettingsDialog::showPreviewList()
{
    QString list;
    if (!m_previewBroken.isEmpty())
        list += tr("Would break:") + QStringLiteral("\n  ") + m_previewBroken.join(QStringLiteral("\n  ")) + u'\n';
    if (!m_previewFixed.isEmpty())
        list += tr("Would be fixed:") + QStringLiteral("\n  ") + m_previewFixed.join(QStringLiteral("\n  ")) + u'\n';
    auto *box = new QMessageBox(QMessageBox::Information, tr("Expectations"),
                                tr("%Ln expectation(s) would change with these settings.", nullptr,
                                   int(m_previewBroken.size() + m_previewFixed.size())),
                                QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("settingsPreviewListBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setDetailedText(list.trimmed());
    box->open();
}

void SettingsDialog::accept()
{
    auto edited = editedConfig();
    if (!edited) {
        m_error->setText(edited.error().message);
        return;
    }
    const Config &next = *edited;
    if (Status s = next.save(m_vaultPath); !s) {
        m_error->setText(s.error().toString());
        return;
    }
    QSettings().setValue(QStringLiteral("ingest/folder"), m_dropFolder->text().trimmed());
    m_needsReopen = next.embedderKind != m_config.embedderKind || next.embedderDimensions != m_config.embedderDimensions
                    || next.embeddingEndpoint.url != m_config.embeddingEndpoint.url
                    || next.embeddingEndpoint.model != m_config.embeddingEndpoint.model
                    || next.toJson() != m_config.toJson();
    QDialog::accept();
}

} // namespace engram
