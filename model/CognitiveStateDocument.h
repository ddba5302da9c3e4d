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
    WatchedFile m_watch; ///< only notices changes; reading and writing is the store's
    QUndoStack m_undo;
};

} // namespace engram
