#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QSyntaxHighlighter;

namespace engram {

class ConversationView;
class InjectedContextPanel;
class WatchedFile;

/// The detail pane of the memory browser: previews a vault file with syntax
/// highlighting, marks the lines a memory came from, and edits the file
/// (atomic save; a change made on disk meanwhile is noticed and never overwritten silently).
/// An agent session (a .jsonl transcript) is shown as a conversation; its raw lines are one
/// click away and read-only until the person asks to edit them.
class NoteEditor : public QWidget {
    Q_OBJECT
public:
    explicit NoteEditor(QWidget *parent = nullptr);

    /// Shows `relativePath` of `vaultPath`, scrolled to and marking lines start..end (1-based).
    void openFile(const QString &vaultPath, const QString &relativePath, int startLine = 0, int endLine = 0);
    void clear();
    /// A note a sync left in conflict: its last good version `text`, read-only, with a banner that
    /// says why (nothing is saved from here; the conflict dialog chooses what it says).
    void showLastGood(const QString &relativePath, const QByteArray &text);
    bool save(bool overwriteExternalChange = false);
    void reload();
    void openInSystemEditor();

    QString relativePath() const { return m_relativePath; }
    bool isModified() const;
    /// What the person is about to do with unsaved edits open: the question names it.
    enum class Leaving { Note, Vault, Quit };
    /// Before the file is left (another memory, another vault, quit): unsaved edits are saved,
    /// discarded or kept as the person answers. False when they chose Cancel: stay where you are.
    bool maybeSave(Leaving leaving = Leaving::Note);
    bool isTranscript() const { return m_transcript; }
    /// For a transcript: shows its raw lines (true) or the conversation (false).
    void showRaw(bool raw);
    /// For a transcript: makes the raw lines editable (and shows them).
    void startEditing();
    ConversationView *conversationView() const { return m_conversation; }

Q_SIGNALS:
    void saved(const QString &relativePath);
    /// The note has (or no longer has) edits that are not saved: the window title's `*` follows.
    void modifiedChanged(bool modified);

private:
    void showBanner(const QString &text, bool offerReload, bool offerOverwrite);
    void markLines(int startLine, int endLine);
    void updateButtons();
    void showConversation(const QByteArray &bytes);

    QString m_vaultPath;
    QString m_relativePath;
    WatchedFile *m_file;
    QLabel *m_pathLabel;
    QPlainTextEdit *m_text;
    QSyntaxHighlighter *m_highlighter = nullptr;
    QWidget *m_banner;
    QLabel *m_bannerText;
    QPushButton *m_reloadButton;
    QPushButton *m_overwriteButton;
    QPushButton *m_changesButton;
    QPlainTextEdit *m_changes; ///< what differs between the text and the file on disk
    QPushButton *m_saveButton;
    QPushButton *m_externalButton;
    QPushButton *m_rawButton;
    QPushButton *m_editButton;
    QStackedWidget *m_stack;
    ConversationView *m_conversation;
    InjectedContextPanel *m_injected;
    bool m_transcript = false;
};

} // namespace engram
