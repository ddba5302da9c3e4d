#pragma once

#include "EditableCognitiveState.h"
#include "WatchedFile.h"

#include <QObject>
#include <QUndoStack>

namespace engram {

/// The cognitive state open for editing: state/cognitive.json read and written
/// through a WatchedFile, every change an undoable command on one QUndoStack.
/// The engine's CognitiveStore can replace the file adapter later; the editor
/// only talks to this class.
class CognitiveStateDocument : public QObject {
    Q_OBJECT
public:
    explicit CognitiveStateDocument(QObject *parent = nullptr);

    /// Opens `<vault>/state/cognitive.json` (a missing file is an empty state).
    Status open(const QString &vaultPath);
    Status reload();
    Status save(bool overwriteExternalChange = false);
    void close();

    bool isOpen() const { return !m_file.path().isEmpty(); }
    bool isModified() const { return !m_undo.isClean(); }
    QString filePath() const { return m_file.path(); }
    const EditableCognitiveState &state() const { return m_state; }
    QUndoStack *undoStack() { return &m_undo; }

    static int count(const EditableCognitiveState &state, StateList list);
    static QString text(const EditableCognitiveState &state, StateList list, int row);

    // Edits: each pushes one undo command.
    void addItem(StateList list, const QString &text);
    void editItem(StateList list, int row, const QString &text);
    void removeItem(StateList list, int row);
    void moveItem(StateList list, int from, int to);
    void setFocusText(const QString &text);

    /// Used by the undo command: replaces the whole state.
    void applyState(const EditableCognitiveState &state);

Q_SIGNALS:
    void stateReset();
    void changedExternally();
    void errorOccurred(const QString &message);

private:
    void push(const QString &description, const EditableCognitiveState &after, int mergeId = -1);

    EditableCognitiveState m_state;
    WatchedFile m_file;
    QUndoStack m_undo;
};

} // namespace engram
