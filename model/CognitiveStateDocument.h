#pragma once

#include "WatchedFile.h"
#include "cognition/CognitiveState.h"

#include <QObject>
#include <QUndoStack>

#include <memory>

namespace engram {

/// The four editable lists of the state.
enum class StateList { Priorities, Heuristics, Learnings, Avoidances };

/// The cognitive state open for editing. The file format, validation, atomic
/// writes and the refusal to overwrite a change made on disk are the engine's
/// CognitiveStore; this class adds the QUndoStack (every change one undoable
/// command) and a watcher that reports changes made by others while it is open.
class CognitiveStateDocument : public QObject {
    Q_OBJECT
public:
    explicit CognitiveStateDocument(QObject *parent = nullptr);
    ~CognitiveStateDocument() override;

    /// Opens `<vault>/state/cognitive.json` (a missing file is the default state).
    Status open(const QString &vaultPath);
    Status reload();
    Status save(bool overwriteExternalChange = false);
    void close();

    /// What a merge did, for the person to read.
    struct MergeReport {
        int fromDisk = 0;           ///< items the other side added that are now in the lists
        int kept = 0;               ///< items added here that stay
        int removed = 0;            ///< items either side deleted
        bool focusConflict = false; ///< both changed the focus: this side's focus was kept
    };
    /// True while the file on disk differs from what was loaded or saved here.
    bool changedOnDisk() const { return m_watch.changedOnDisk(); }
    /// Merges the file as it is on disk now with the edits made here, list by list against the
    /// state as loaded: an item added on either side is kept, one deleted on either side goes, an
    /// item both sides changed is kept in both versions. One undoable step; the result is unsaved
    /// and saving it writes over the file as merged.
    Result<MergeReport> mergeWithDisk();
    /// The three-way merge itself: `base` as loaded, `mine` as edited here, `theirs` as on disk.
    static CognitiveState merge(const CognitiveState &base, const CognitiveState &mine, const CognitiveState &theirs,
                                MergeReport *report = nullptr);

    bool isOpen() const { return m_store != nullptr; }
    bool isModified() const { return !m_undo.isClean(); }
    QString filePath() const { return m_store ? m_store->filePath() : QString(); }
    QString vaultPath() const { return m_vaultPath; }
    const CognitiveState &state() const { return m_state; }
    QUndoStack *undoStack() { return &m_undo; }

    static int count(const CognitiveState &state, StateList list);
    static QString text(const CognitiveState &state, StateList list, int row);

    // Edits: each pushes one undo command.
    void addItem(StateList list, const QString &text);
    void editItem(StateList list, int row, const QString &text);
    void removeItem(StateList list, int row);
    void moveItem(StateList list, int from, int to);
    void setFocusText(const QString &text);

    /// Used by the undo command: replaces the whole state.
    void applyState(const CognitiveState &state);

Q_SIGNALS:
    void stateReset();
    void changedExternally();
    void errorOccurred(const QString &message);

private:
    void push(const QString &description, const CognitiveState &after, int mergeId = -1);

    QString m_vaultPath;
    std::unique_ptr<CognitiveStore> m_store;
    CognitiveState m_state;
    CognitiveState m_base; ///< as last loaded or saved: the common ancestor of a merge
    WatchedFile m_watch;   ///< only notices changes; reading and writing is the store's
    QUndoStack m_undo;
};

} // namespace engram
