#include "PackPanel.h"

#include "VaultSession.h"
#include "Vocabulary.h"
#include "vault/Engine.h"

#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace engram {

PackPanel::PackPanel(VaultSession *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("packPanel"));
    m_task = new QLineEdit(this);
    m_task->setObjectName(QStringLiteral("packTask"));
    m_task->setPlaceholderText(tr("The task at hand (what the agent is about to do)…"));
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("packMode"));
    m_budget = new QSpinBox(this);
    m_budget->setObjectName(QStringLiteral("packBudget"));
    m_budget->setRange(50, 32000);
    m_budget->setSingleStep(50);
    m_budget->setSuffix(tr(" tokens"));
    m_copy = new QPushButton(tr("&Copy Pack"), this);
    m_copy->setObjectName(QStringLiteral("packCopyButton"));
    m_copy->setToolTip(tr("Copy the pack to the clipboard (Ctrl+Shift+C)"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_task, 1);
    top->addWidget(new QLabel(tr("Mode:"), this));
    top->addWidget(m_mode);
    top->addWidget(new QLabel(tr("Budget:"), this));
    top->addWidget(m_budget);
    top->addWidget(m_copy);

    m_tokens = new QLabel(this);
    m_tokens->setObjectName(QStringLiteral("packTokens"));
    m_preview = new QPlainTextEdit(this);
    m_preview->setObjectName(QStringLiteral("packPreview"));
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_tokens);
    layout->addWidget(m_preview, 1);

    m_delay = new QTimer(this);
    m_delay->setSingleShot(true);
    m_delay->setInterval(300);
    // A pack is a recall over the whole vault: build it only while the panel
    // is on screen (or when copied), never behind the person's back.
    auto markStale = [this] {
        m_stale = true;
        if (isVisible())
            m_delay->start();
    };
    connect(m_task, &QLineEdit::textChanged, this, markStale);
    connect(m_mode, &QComboBox::currentTextChanged, this, markStale);
    connect(m_budget, &QSpinBox::valueChanged, this, markStale);
    connect(m_delay, &QTimer::timeout, this, &PackPanel::rebuild);
    connect(m_copy, &QPushButton::clicked, this, &PackPanel::copyToClipboard);
    connect(m_session, &VaultSession::opened, this, &PackPanel::refreshModes);
    connect(m_session, &VaultSession::indexed, this, markStale);
    connect(m_session, &VaultSession::packReady, this, &PackPanel::showPack);
    refreshModes();
}

void PackPanel::refreshModes()
{
    Engine *engine = m_session->engine();
    QSignalBlocker blockMode(m_mode);
    QSignalBlocker blockBudget(m_budget);
    m_mode->clear();
    if (!engine) {
        m_tokens->setText(tr("No vault is open."));
        return;
    }
    for (const QString &mode : engine->config().modeNames())
        m_mode->addItem(Vocabulary::mode(mode), mode);
    m_mode->setCurrentIndex(qMax(0, m_mode->findData(engine->config().defaultMode)));
    m_budget->setValue(engine->config().packBudget);
    m_stale = true;
}

void PackPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        m_delay->start();
}

QString PackPanel::previewText() const
{
    return m_preview->toPlainText();
}

void PackPanel::rebuild()
{
    m_delay->stop();
    Engine *engine = m_session->engine();
    if (!engine)
        return;
    RecallQuery query;
    // The query is the engine's, not the reader's: a German UI must not search for German words.
    query.text = madeFor();
    query.mode = m_mode->currentData().toString();
    query.k = 50;
    m_stale = false;
    m_pending = m_session->requestPack(query, m_budget->value());
}

void PackPanel::showPack(int id, const ContextPack &pack, const QString &error)
{
    if (id != m_pending)
        return; // built for inputs that have changed since
    m_pending = 0;
    if (!error.isEmpty()) {
        m_tokens->setText(error);
        m_preview->clear();
        m_copyWhenReady = false;
        return;
    }
    m_preview->setPlainText(pack.markdown);
    m_tokens->setText(tr("%1 of %2 tokens · %Ln memories included", nullptr, int(pack.included.size()))
                          .arg(pack.tokens)
                          .arg(pack.budget)
                      + (pack.skipped > 0 ? tr(" · %Ln did not fit", nullptr, pack.skipped) : QString()));
    if (std::exchange(m_copyWhenReady, false))
        copyToClipboard();
}

QString PackPanel::madeFor() const
{
    return m_task->text().trimmed().isEmpty() ? defaultTask() : m_task->text().trimmed();
}

void PackPanel::copyFor(const QString &task)
{
    if (task.trimmed() != m_task->text().trimmed())
        m_task->setText(task.trimmed()); // marks the pack stale: it is built for this task, then copied
    copyToClipboard();
}

void PackPanel::copyToClipboard()
{
    if (m_stale || m_pending) {
        m_copyWhenReady = true; // copied as soon as the pack for the current inputs is built
        if (!m_pending)
            rebuild();
        return;
    }
    if (m_preview->toPlainText().isEmpty())
        return;
    QGuiApplication::clipboard()->setText(m_preview->toPlainText());
    m_tokens->setText(m_tokens->text() + tr(" · copied"));
    Q_EMIT copied(madeFor());
}

} // namespace engram
