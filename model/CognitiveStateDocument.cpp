#include "CognitiveStateDocument.h"

#include <QDir>
#include <QUndoCommand>

namespace engram {

namespace {

/// A before/after snapshot: the state is small (≤ 50 learnings), so a full
/// copy is simpler and safer than per-field inverse operations.
class StateCommand : public QUndoCommand {
public:
    StateCommand(CognitiveStateDocument *document, EditableCognitiveState before, EditableCognitiveState after, const QString &text,
                 int mergeId)
        : QUndoCommand(text), m_document(document), m_before(std::move(before)), m_after(std::move(after)),
          m_mergeId(mergeId)
    {
    }
    void undo() override { m_document->applyState(m_before); }
    void redo() override { m_document->applyState(m_after); }
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand *other) override
    {
        m_after = static_cast<const StateCommand *>(other)->m_after;
        return true;
    }

private:
    CognitiveStateDocument *m_document;
    EditableCognitiveState m_before;
    EditableCognitiveState m_after;
    int m_mergeId;
};

template <typename Edit>
void editList(EditableCognitiveState &s, StateList list, Edit edit)
{
    switch (list) {
    case StateList::Priorities: edit(s.focus.priorities); break;
    case StateList::Heuristics: edit(s.heuristics); break;
    case StateList::Learnings: edit(s.learnings); break;
    case StateList::Avoidances: edit(s.avoidances); break;
    }
}

QString &textOf(QString &item) { return item; }
QString &textOf(EditableCognitiveState::Heuristic &item) { return item.text; }
QString &textOf(EditableCognitiveState::Learning &item) { return item.text; }

template <typename T>
T makeItem(const QString &text)
{
    T item;
    textOf(item) = text;
    return item;
}

template <>
EditableCognitiveState::Heuristic makeItem(const QString &text)
{
    return {text, QStringLiteral("workbench"), 0, {}};
}

template <>
EditableCognitiveState::Learning makeItem(const QString &text)
{
    return {text, QStringLiteral("insight"), QStringLiteral("added in the workbench"),
            QDateTime::currentDateTimeUtc()};
}

} // namespace

CognitiveStateDocument::CognitiveStateDocument(QObject *parent) : QObject(parent)
{
    connect(&m_file, &WatchedFile::changedExternally, this, &CognitiveStateDocument::changedExternally);
}

Status CognitiveStateDocument::open(const QString &vaultPath)
{
    auto bytes = m_file.load(QDir(vaultPath).filePath(QStringLiteral("state/cognitive.json")));
    if (!bytes)
        return bytes.error();
    auto state = EditableCognitiveState::fromJson(*bytes);
    if (!state)
        return Error{state.error().message, QStringLiteral("state/cognitive.json")};
    m_undo.clear();
    applyState(*state);
    return {};
}

Status CognitiveStateDocument::reload()
{
    const QString path = m_file.path();
    if (path.isEmpty())
        return Error{tr("no vault is open")};
    return open(QDir::cleanPath(path + QStringLiteral("/../..")));
}

Status CognitiveStateDocument::save(bool overwriteExternalChange)
{
    if (Status s = m_file.save(m_state.toJson(), overwriteExternalChange); !s)
        return s;
    m_undo.setClean();
    return {};
}

void CognitiveStateDocument::close()
{
    m_file.close();
    m_undo.clear();
    applyState({});
}

int CognitiveStateDocument::count(const EditableCognitiveState &state, StateList list)
{
    int n = 0;
    editList(const_cast<EditableCognitiveState &>(state), list, [&](auto &items) { n = int(items.size()); });
    return n;
}

QString CognitiveStateDocument::text(const EditableCognitiveState &state, StateList list, int row)
{
    QString out;
    editList(const_cast<EditableCognitiveState &>(state), list, [&](auto &items) {
        if (row >= 0 && row < items.size())
            out = textOf(items[row]);
    });
    return out;
}

void CognitiveStateDocument::addItem(StateList list, const QString &text)
{
    if (text.trimmed().isEmpty())
        return;
    EditableCognitiveState after = m_state;
    editList(after, list, [&](auto &items) {
        using Item = std::decay_t<decltype(items.front())>;
        items.append(makeItem<Item>(text.trimmed()));
    });
    push(tr("Add “%1”").arg(text.trimmed()), after);
}

void CognitiveStateDocument::editItem(StateList list, int row, const QString &text)
{
    if (row < 0 || row >= count(m_state, list) || text.trimmed().isEmpty())
        return;
    EditableCognitiveState after = m_state;
    editList(after, list, [&](auto &items) { textOf(items[row]) = text.trimmed(); });
    push(tr("Edit “%1”").arg(text.trimmed()), after);
}

void CognitiveStateDocument::removeItem(StateList list, int row)
{
    if (row < 0 || row >= count(m_state, list))
        return;
    EditableCognitiveState after = m_state;
    editList(after, list, [&](auto &items) { items.removeAt(row); });
    push(tr("Delete “%1”").arg(text(m_state, list, row)), after);
}

void CognitiveStateDocument::moveItem(StateList list, int from, int to)
{
    const int n = count(m_state, list);
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    EditableCognitiveState after = m_state;
    editList(after, list, [&](auto &items) { items.move(from, to); });
    push(tr("Move “%1”").arg(text(m_state, list, from)), after);
}

void CognitiveStateDocument::setFocusText(const QString &text)
{
    if (text == m_state.focus.current)
        return;
    EditableCognitiveState after = m_state;
    after.focus.current = text;
    after.focus.lastUpdated = QDateTime::currentDateTimeUtc();
    push(tr("Change focus"), after, 1);
}

void CognitiveStateDocument::applyState(const EditableCognitiveState &state)
{
    m_state = state;
    Q_EMIT stateReset();
}

void CognitiveStateDocument::push(const QString &description, const EditableCognitiveState &after, int mergeId)
{
    m_undo.push(new StateCommand(this, m_state, after, description, mergeId));
}

} // namespace engram
