#include "NoteEditor.h"

#include "NoteHighlighter.h"
#include "WatchedFile.h"

#include <QDesktopServices>
#include <QDir>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
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
    m_saveButton = new QPushButton(tr("&Save"), this);
    m_saveButton->setObjectName(QStringLiteral("noteSaveButton"));
    m_saveButton->setShortcut(QKeySequence::Save);
    m_saveButton->setToolTip(
        tr("Save the file (%1)").arg(QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText)));
    m_externalButton = new QPushButton(tr("Open in &Editor"), this);
    m_externalButton->setObjectName(QStringLiteral("noteOpenExternalButton"));
    auto *header = new QHBoxLayout;
    header->addWidget(m_pathLabel, 1);
    header->addWidget(m_externalButton);
    header->addWidget(m_saveButton);

    m_banner = new QWidget(this);
    m_banner->setObjectName(QStringLiteral("noteConflictBanner"));
    m_banner->setAutoFillBackground(true);
    QPalette bannerPalette = m_banner->palette();
    bannerPalette.setColor(QPalette::Window, bannerPalette.color(QPalette::ToolTipBase));
    bannerPalette.setColor(QPalette::WindowText, bannerPalette.color(QPalette::ToolTipText));
    m_banner->setPalette(bannerPalette);
    m_bannerText = new QLabel(m_banner);
    m_bannerText->setWordWrap(true);
    m_reloadButton = new QPushButton(tr("&Reload from Disk"), m_banner);
    m_reloadButton->setObjectName(QStringLiteral("noteReloadButton"));
    m_overwriteButton = new QPushButton(tr("Save &Anyway"), m_banner);
    m_overwriteButton->setObjectName(QStringLiteral("noteOverwriteButton"));
    auto *bannerLayout = new QHBoxLayout(m_banner);
    bannerLayout->addWidget(m_bannerText, 1);
    bannerLayout->addWidget(m_reloadButton);
    bannerLayout->addWidget(m_overwriteButton);
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

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(header);
    layout->addWidget(m_banner);
    layout->addWidget(m_text, 1);

    connect(m_saveButton, &QPushButton::clicked, this, [this] { save(); });
    connect(m_externalButton, &QPushButton::clicked, this, &NoteEditor::openInSystemEditor);
    connect(m_reloadButton, &QPushButton::clicked, this, &NoteEditor::reload);
    connect(m_overwriteButton, &QPushButton::clicked, this, [this] { save(true); });
    connect(m_text->document(), &QTextDocument::modificationChanged, this, &NoteEditor::updateButtons);
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
    m_text->setReadOnly(true);
    m_banner->hide();
    updateButtons();
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
    m_text->setPlainText(QString::fromUtf8(*bytes));
    m_text->setReadOnly(false);
    m_text->document()->setModified(false);
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
    Q_EMIT saved(m_relativePath);
    return true;
}

bool NoteEditor::isModified() const
{
    return m_text->document()->isModified();
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
}

void NoteEditor::updateButtons()
{
    const bool open = !m_relativePath.isEmpty();
    m_saveButton->setEnabled(open && isModified());
    m_externalButton->setEnabled(open);
}

} // namespace engram
