#include "NoteEditor.h"

#include "ConversationView.h"
#include "InjectedContextPanel.h"
#include "LineDiff.h"
#include "NoteHighlighter.h"
#include "WatchedFile.h"
#include "ingest/ConversationReader.h"

#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBlock>
#include <QUrl>
#include <QVBoxLayout>

#ifdef ENGRAM_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace engram {

NoteEditor::NoteEditor(QWidget *parent) : QWidget(parent), m_file(new WatchedFile(this))
{
    setObjectName(QStringLiteral("noteEditor"));
    m_pathLabel = new QLabel(this);
    m_pathLabel->setObjectName(QStringLiteral("notePath"));
    m_pathLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A session's title and path are long: the label gives way instead of squeezing the table.
    m_pathLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_saveButton = new QPushButton(tr("&Save"), this);
    m_saveButton->setObjectName(QStringLiteral("noteSaveButton"));
    m_saveButton->setShortcut(QKeySequence::Save);
    m_saveButton->setToolTip(
        tr("Save the file (%1)").arg(QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText)));
    m_externalButton = new QPushButton(tr("Open in &Editor"), this);
    m_externalButton->setObjectName(QStringLiteral("noteOpenExternalButton"));
    m_rawButton = new QPushButton(tr("&Raw"), this);
    m_rawButton->setObjectName(QStringLiteral("noteRawToggle"));
    m_rawButton->setCheckable(true);
    m_rawButton->setToolTip(tr("Show the session's raw lines instead of the conversation"));
    m_editButton = new QPushButton(tr("&Edit"), this);
    m_editButton->setObjectName(QStringLiteral("noteEditButton"));
    m_editButton->setToolTip(tr("Edit the raw lines of this session"));
    // The path on a line of its own: beside four buttons ("Rohtext", "Bearbeiten", "Im Editor
    // öffnen", "Speichern": ~390 px) it was cut to its first five letters.
    auto *header = new QHBoxLayout;
    header->addStretch(1);
    header->addWidget(m_rawButton);
    header->addWidget(m_editButton);
    header->addWidget(m_externalButton);
    header->addWidget(m_saveButton);

    m_banner = new QWidget(this);
    m_banner->setObjectName(QStringLiteral("noteConflictBanner"));
    m_banner->setAutoFillBackground(true);
    // Roles, not colours copied once: the banner follows View › Appearance.
    m_banner->setBackgroundRole(QPalette::ToolTipBase);
    m_bannerText = new QLabel(m_banner);
    m_bannerText->setForegroundRole(QPalette::ToolTipText);
    m_bannerText->setWordWrap(true);
    m_reloadButton = new QPushButton(tr("&Reload from Disk"), m_banner);
    m_reloadButton->setObjectName(QStringLiteral("noteReloadButton"));
    m_overwriteButton = new QPushButton(tr("Save &Anyway"), m_banner);
    m_overwriteButton->setObjectName(QStringLiteral("noteOverwriteButton"));
    // What changed on disk, before choosing Reload (lose mine) or Save Anyway (lose theirs).
    m_changesButton = new QPushButton(tr("Show &Changes"), m_banner);
    m_changesButton->setObjectName(QStringLiteral("noteShowChangesButton"));
    m_changesButton->setCheckable(true);
    m_changes = new QPlainTextEdit(m_banner);
    m_changes->setObjectName(QStringLiteral("noteDiskChanges"));
    m_changes->setReadOnly(true);
    m_changes->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_changes->setMaximumHeight(160);
    m_changes->hide();
    auto *bannerRow = new QHBoxLayout;
    bannerRow->addWidget(m_bannerText, 1);
    bannerRow->addWidget(m_changesButton);
    bannerRow->addWidget(m_reloadButton);
    bannerRow->addWidget(m_overwriteButton);
    auto *bannerLayout = new QVBoxLayout(m_banner);
    bannerLayout->addLayout(bannerRow);
    bannerLayout->addWidget(m_changes);
    m_banner->hide();

    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("noteText"));
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
#ifdef ENGRAM_HAVE_KSYNTAXHIGHLIGHTING
    static KSyntaxHighlighting::Repository repository;
    auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(m_text->document());
    highlighter->setTheme(repository.themeForPalette(palette()));
    m_highlighter = highlighter;
#else
    m_highlighter = new NoteHighlighter(m_text->document());
#endif

    m_conversation = new ConversationView(this);
    m_stack = new QStackedWidget(this);
    m_stack->setObjectName(QStringLiteral("noteSourceStack"));
    m_stack->addWidget(m_text);
    m_stack->addWidget(m_conversation);
    // What Engram gave the session, beside its turns (a transcript shown as a conversation only).
    m_injected = new InjectedContextPanel(this);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("noteConversationSplit"));
    split->addWidget(m_stack);
    split->addWidget(m_injected);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pathLabel);
    layout->addLayout(header);
    layout->addWidget(m_banner);
    layout->addWidget(split, 1);

    connect(m_saveButton, &QPushButton::clicked, this, [this] { save(); });
    connect(m_externalButton, &QPushButton::clicked, this, &NoteEditor::openInSystemEditor);
    connect(m_rawButton, &QPushButton::toggled, this, &NoteEditor::showRaw);
    connect(m_editButton, &QPushButton::clicked, this, &NoteEditor::startEditing);
    connect(m_reloadButton, &QPushButton::clicked, this, &NoteEditor::reload);
    connect(m_overwriteButton, &QPushButton::clicked, this, [this] { save(true); });
    connect(m_changesButton, &QPushButton::toggled, this, [this](bool show) {
        if (show) {
            QFile onDisk(QDir(m_vaultPath).filePath(m_relativePath));
            const QString disk = onDisk.open(QIODevice::ReadOnly) ? QString::fromUtf8(onDisk.readAll()) : QString();
            const LineDiff diff(m_text->toPlainText().split(QLatin1Char('\n')), disk.split(QLatin1Char('\n')));
            const QString described = diff.describe();
            m_changes->setPlainText(described.isEmpty() ? tr("(the file on disk says the same as your text)")
                                                        : tr("- your text, + the file on disk:\n") + described);
        }
        m_changes->setVisible(show);
    });
    connect(m_text->document(), &QTextDocument::modificationChanged, this, [this](bool modified) {
        updateButtons();
        // Unsaved edits are marked where the note is named, as in every editor.
        if (!m_relativePath.isEmpty())
            m_pathLabel->setText(modified ? m_relativePath + QStringLiteral(" *") : m_relativePath);
        Q_EMIT modifiedChanged(modified && !m_relativePath.isEmpty()); // no file: nothing to save
    });
    connect(m_file, &WatchedFile::changedExternally, this, [this] {
        if (!isModified()) {
            reload(); // nothing of ours to lose: follow the disk
            return;
        }
        showBanner(tr("%1 changed on disk while you were editing it.").arg(m_relativePath), true, true);
    });
    clear();
}

void NoteEditor::openFile(const QString &vaultPath, const QString &relativePath, int startLine, int endLine)
{
    if (relativePath != m_relativePath || vaultPath != m_vaultPath) {
        m_vaultPath = vaultPath;
        m_relativePath = relativePath;
        reload();
    }
    markLines(startLine, endLine);
}

void NoteEditor::clear()
{
    m_file->close();
    m_vaultPath.clear();
    m_relativePath.clear();
    m_pathLabel->setText(tr("Select a memory to see its source."));
    m_text->clear();
    m_text->document()->setModified(false);
    m_text->setReadOnly(true);
    m_transcript = false;
    m_conversation->clearConversation();
    m_injected->clear();
    m_stack->setCurrentWidget(m_text);
    m_banner->hide();
    updateButtons();
}

void NoteEditor::showLastGood(const QString &relativePath, const QByteArray &text)
{
    clear();
    m_pathLabel->setText(tr("%1 — in conflict: its last good version (read-only)").arg(relativePath));
    m_pathLabel->setToolTip(relativePath);
    m_text->setPlainText(QString::fromUtf8(text));
    m_text->document()->setModified(false);
    showBanner(tr("Two versions of %1 met in a sync. This is its last good version, as this machine had it before "
                  "the sync. Choose what the note says with Sync › Resolve Conflicts…")
                   .arg(relativePath),
               false, false);
}

void NoteEditor::reload()
{
    m_banner->hide();
    auto bytes = m_file->load(m_vaultPath, m_relativePath);
    if (!bytes) {
        showBanner(bytes.error().toString(), false, false);
        return;
    }
#ifdef ENGRAM_HAVE_KSYNTAXHIGHLIGHTING
    static KSyntaxHighlighting::Repository repository;
    static_cast<KSyntaxHighlighting::SyntaxHighlighter *>(m_highlighter)
        ->setDefinition(repository.definitionForFileName(m_relativePath));
#else
    static_cast<NoteHighlighter *>(m_highlighter)->setSyntax(NoteHighlighter::syntaxForFile(m_relativePath));
#endif
    m_pathLabel->setText(m_relativePath);
    m_pathLabel->setToolTip(m_relativePath);
    m_text->setPlainText(QString::fromUtf8(*bytes));
    // A session is the agent's record, appended to by capture: read, not edited, unless asked.
    m_transcript = m_relativePath.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive);
    m_text->setReadOnly(m_transcript);
    m_text->document()->setModified(false);
    if (m_transcript) {
        showConversation(*bytes);
        m_injected->setTranscript(QString::fromUtf8(*bytes));
        m_injected->setVisible(!m_injected->contexts().isEmpty() && !m_rawButton->isChecked());
    } else {
        m_conversation->clearConversation();
        m_injected->clear();
    }
    m_stack->setCurrentWidget(m_transcript && !m_rawButton->isChecked() ? static_cast<QWidget *>(m_conversation)
                                                                        : m_text);
    updateButtons();
}

void NoteEditor::showConversation(const QByteArray &bytes)
{
    // One read of the lines gives the turns and the title the index gives the session
    // (DocumentParser names one without a request by its file), so the conversation and the
    // Memories row agree.
    const Conversation conversation = ConversationReader::read(QString::fromUtf8(bytes));
    const QString title =
        conversation.title.isEmpty() ? QFileInfo(m_relativePath).completeBaseName() : conversation.title;
    m_conversation->setConversation(conversation, title);
}

void NoteEditor::showRaw(bool raw)
{
    if (m_rawButton->isChecked() != raw)
        m_rawButton->setChecked(raw); // toggled() comes back here
    if (m_transcript) {
        m_stack->setCurrentWidget(raw ? m_text : static_cast<QWidget *>(m_conversation));
        m_injected->setVisible(!raw && !m_injected->contexts().isEmpty());
    }
}

void NoteEditor::startEditing()
{
    if (!m_transcript)
        return;
    showRaw(true);
    m_text->setReadOnly(false);
    m_text->setFocus();
    updateButtons();
}

bool NoteEditor::save(bool overwriteExternalChange)
{
    if (m_relativePath.isEmpty())
        return false;
    if (Status s = m_file->save(m_text->toPlainText().toUtf8(), overwriteExternalChange); !s) {
        showBanner(s.error().toString(), true, true);
        return false;
    }
    m_banner->hide();
    m_text->document()->setModified(false);
    if (m_transcript)
        showConversation(m_text->toPlainText().toUtf8());
    Q_EMIT saved(m_relativePath);
    return true;
}

bool NoteEditor::isModified() const
{
    return m_text->document()->isModified();
}

bool NoteEditor::maybeSave(Leaving leaving)
{
    if (m_relativePath.isEmpty() || !isModified())
        return true;
    QMessageBox ask(QMessageBox::Question, tr("Unsaved Changes"),
                    tr("%1 has changes that are not saved.").arg(m_relativePath),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    ask.setObjectName(QStringLiteral("unsavedNotePrompt"));
    switch (leaving) {
    case Leaving::Note: ask.setInformativeText(tr("Save them before leaving the note?")); break;
    case Leaving::Vault: ask.setInformativeText(tr("Save them before opening another vault?")); break;
    case Leaving::Quit: ask.setInformativeText(tr("Save them before quitting Engram?")); break;
    }
    ask.setDefaultButton(QMessageBox::Save);
    switch (ask.exec()) {
    case QMessageBox::Save: return save(); // a refused save shows its banner and keeps the note open
    case QMessageBox::Discard: m_text->document()->setModified(false); return true;
    default: return false;
    }
}

void NoteEditor::openInSystemEditor()
{
    if (!m_relativePath.isEmpty())
        QDesktopServices::openUrl(QUrl::fromLocalFile(QDir(m_vaultPath).filePath(m_relativePath)));
}

void NoteEditor::showBanner(const QString &text, bool offerReload, bool offerOverwrite)
{
    m_bannerText->setText(text);
    m_reloadButton->setVisible(offerReload);
    m_overwriteButton->setVisible(offerOverwrite);
    m_changesButton->setChecked(false);
    m_changesButton->setVisible(offerReload && offerOverwrite); // two versions to compare
    m_banner->show();
}

void NoteEditor::markLines(int startLine, int endLine)
{
    QList<QTextEdit::ExtraSelection> selections;
    if (startLine > 0) {
        QTextEdit::ExtraSelection mark;
        const QColor highlight = palette().color(QPalette::Highlight);
        mark.format.setBackground(QColor(highlight.red(), highlight.green(), highlight.blue(), 40));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        const QTextBlock first = m_text->document()->findBlockByNumber(startLine - 1);
        const QTextBlock last = m_text->document()->findBlockByNumber(qMax(startLine, endLine) - 1);
        if (first.isValid()) {
            mark.cursor = QTextCursor(first);
            mark.cursor.setPosition(last.isValid() ? last.position() + last.length() - 1 : first.position(),
                                    QTextCursor::KeepAnchor);
            selections << mark;
            QTextCursor cursor(first);
            m_text->setTextCursor(cursor);
            m_text->centerCursor();
        }
    }
    m_text->setExtraSelections(selections);
    if (m_transcript)
        m_conversation->highlightLines(startLine, endLine);
}

void NoteEditor::updateButtons()
{
    const bool open = !m_relativePath.isEmpty();
    m_saveButton->setEnabled(open && isModified());
    m_externalButton->setEnabled(open);
    m_rawButton->setVisible(m_transcript);
    m_editButton->setVisible(m_transcript);
    m_editButton->setEnabled(m_transcript && m_text->isReadOnly());
}

} // namespace engram
