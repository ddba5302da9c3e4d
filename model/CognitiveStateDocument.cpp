#include "CognitiveStateDocument.h"

#include <QDir>
#include <QUndoCommand>

#include <algorithm>

namespace engram {

namespace {

/// A before/after snapshot: the state is small (≤ 50 learnings), so a full
/// copy is simpler and safer than per-field inverse operations.
class StateCommand : public QUndoCommand {
public:
    StateCommand(CognitiveStateDocument *document, CognitiveState before, CognitiveState after, const QString &text,
                 int mergeId)
        : QUndoCommand(text),
          m_document(document),
          m_before(std::move(before)),
          m_after(std::move(after)),
          m_mergeId(mergeId)
    { }
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
    CognitiveState m_before;
    CognitiveState m_after;
    int m_mergeId;
};

template <typename Edit>
void editList(CognitiveState &s, StateList list, Edit edit)
{
    switch (list) {
    case StateList::Priorities: edit(s.focus.priorities); break;
    case StateList::Heuristics: edit(s.heuristics); break;
    case StateList::Learnings: edit(s.learnings); break;
    case StateList::Avoidances: edit(s.avoidances); break;
    }
}

QString &textOf(QString &item)
{
    return item;
}
QString &textOf(Heuristic &item)
{
    return item.text;
}
QString &textOf(Learning &item)
{
    return item.text;
}
const QString &textOf(const QString &item)
{
    return item;
}
const QString &textOf(const Heuristic &item)
{
    return item.text;
}
const QString &textOf(const Learning &item)
{
    return item.text;
}

template <typename T>
bool containsText(const QList<T> &items, const QString &text)
{
    return std::any_of(items.cbegin(), items.cend(), [&](const T &item) { return textOf(item) == text; });
}

/// Items are known by their text: an edit is a deletion and an addition. Theirs keep their order
/// (and their own fields, such as a heuristic's use count); ours that are new follow.
template <typename T>
QList<T> mergeList(const QList<T> &base, const QList<T> &mine, const QList<T> &theirs,
                   CognitiveStateDocument::MergeReport &report)
{
    QList<T> merged;
    for (const T &item : theirs) {
        const bool inBase = containsText(base, textOf(item));
        if (inBase && !containsText(mine, textOf(item))) {
            ++report.removed; // deleted here
            continue;
        }
        if (!inBase)
            ++report.fromDisk;
        merged << item;
    }
    for (const T &item : mine) {
        const bool inBase = containsText(base, textOf(item));
        if (inBase && !containsText(theirs, textOf(item)))
            ++report.removed; // deleted there
        if (inBase || containsText(merged, textOf(item)))
            continue;
        ++report.kept;
        merged << item;
    }
    return merged;
}

template <typename T>
T makeItem(const QString &text)
{
    T item;
    textOf(item) = text;
    return item;
}

template <>
Heuristic makeItem(const QString &text)
{
    return {text, QStringLiteral("workbench"), 0, {}};
}

template <>
Learning makeItem(const QString &text)
{
    return {text, QStringLiteral("insight"), QStringLiteral("added in the workbench"), QDateTime::currentDateTimeUtc()};
}

} // namespace

CognitiveStateDocument::CognitiveStateDocument(QObject *parent) : QObject(parent)
{
    connect(&m_watch, &WatchedFile::changedExternally, this, &CognitiveStateDocument::changedExternally);
}

CognitiveStateDocument::~CognitiveStateDocument() = default;

Status CognitiveStateDocument::open(const QString &vaultPath)
{
    auto store = std::make_unique<CognitiveStore>(vaultPath);
    auto state = store->load();
    if (!state)
        return state.error();
    if (auto watched = m_watch.load(vaultPath, CognitiveStore::relativePath()); !watched)
        return watched.error();
    m_vaultPath = vaultPath;
    m_store = std::move(store);
    m_undo.clear();
    m_base = *state;
    applyState(*state);
    return {};
}

Status CognitiveStateDocument::reload()
{
    if (!m_store)
        return Error{tr("no vault is open")};
    return open(m_vaultPath);
}

Status CognitiveStateDocument::save(bool overwriteExternalChange)
{
    if (!m_store)
        return Error{tr("no vault is open")};
    if (overwriteExternalChange && m_watch.changedOnDisk()) {
        // Taking the file as read now lets the store write over it; an invalid file stays an error.
        if (auto current = m_store->load(); !current)
            return current.error();
    }
    if (Status s = m_store->save(m_state); !s)
        return s;
    // What is on disk now is ours. When it cannot be read back the hash stays that of the last
    // load, so the next check reports an outside change, which asks before anything is overwritten.
    (void)m_watch.load(m_vaultPath, CognitiveStore::relativePath());
    m_base = m_state;
    m_undo.setClean();
    return {};
}

Result<CognitiveStateDocument::MergeReport> CognitiveStateDocument::mergeWithDisk()
{
    if (!m_store)
        return Error{tr("no vault is open")};
    // Reading the file makes it the one the store checks the next save against, so the merged
    // state is written over it; a later outside change is noticed again.
    auto theirs = m_store->load();
    if (!theirs)
        return theirs.error();
    if (auto watched = m_watch.load(m_vaultPath, CognitiveStore::relativePath()); !watched)
        return watched.error();
    MergeReport report;
    CognitiveState merged = merge(m_base, m_state, *theirs, &report);
    m_base = *theirs;
    push(tr("Merge the changes made on disk"), merged);
    return report;
}

CognitiveState CognitiveStateDocument::merge(const CognitiveState &base, const CognitiveState &mine,
                                             const CognitiveState &theirs, MergeReport *report)
{
    MergeReport local;
    MergeReport &r = report ? *report : local;
    CognitiveState merged = theirs; // engagement and unknown keys: the file's
    merged.focus.priorities = mergeList(base.focus.priorities, mine.focus.priorities, theirs.focus.priorities, r);
    merged.heuristics = mergeList(base.heuristics, mine.heuristics, theirs.heuristics, r);
    merged.learnings = mergeList(base.learnings, mine.learnings, theirs.learnings, r);
    merged.avoidances = mergeList(base.avoidances, mine.avoidances, theirs.avoidances, r);
    const bool mineChanged = mine.focus.current != base.focus.current;
    const bool theirsChanged = theirs.focus.current != base.focus.current;
    if (mineChanged) {
        merged.focus.current = mine.focus.current;
        merged.focus.lastUpdated = mine.focus.lastUpdated;
        r.focusConflict = theirsChanged && theirs.focus.current != mine.focus.current;
    }
    while (merged.learnings.size() > CognitiveState::kMaxLearnings)
        merged.learnings.removeFirst();
    return merged;
}

void CognitiveStateDocument::close()
{
    m_watch.close();
    m_store.reset();
    m_vaultPath.clear();
    m_undo.clear();
    m_base = {};
    applyState({});
}

int CognitiveStateDocument::count(const CognitiveState &state, StateList list)
{
    int n = 0;
    editList(const_cast<CognitiveState &>(state), list, [&](auto &items) { n = int(items.size()); });
    return n;
}

QString CognitiveStateDocument::text(const CognitiveState &state, StateList list, int row)
{
    QString out;
    editList(const_cast<CognitiveState &>(state), list, [&](auto &items) {
        if (row >= 0 && row < items.size())
            out = textOf(items[row]);
    });
    return out;
}

void CognitiveStateDocument::addItem(StateList list, const QString &text)
{
    if (text.trimmed().isEmpty())
        return;
    CognitiveState after = m_state;
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
    CognitiveState after = m_state;
    editList(after, list, [&](auto &items) { textOf(items[row]) = text.trimmed(); });
    push(tr("Edit “%1”").arg(text.trimmed()), after);
}

void CognitiveStateDocument::removeItem(StateList list, int row)
{
    if (row < 0 || row >= count(m_state, list))
        return;
    CognitiveState after = m_state;
    editList(after, list, [&](auto &items) { items.removeAt(row); });
    push(tr("Delete “%1”").arg(text(m_state, list, row)), after);
}

void CognitiveStateDocument::moveItem(StateList list, int from, int to)
{
    const int n = count(m_state, list);
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    CognitiveState after = m_state;
    editList(after, list, [&](auto &items) { items.move(from, to); });
    push(tr("Move “%1”").arg(text(m_state, list, from)), after);
}

void CognitiveStateDocument::setFocusText(const QString &text)
{
    if (text == m_state.focus.current)
        return;
    CognitiveState after = m_state;
    after.focus.current = text;
    after.focus.lastUpdated = QDateTime::currentDateTimeUtc();
    push(tr("Change focus"), after, 1);
}

void CognitiveStateDocument::applyState(const CognitiveState &state)
{
    m_state = state;
    Q_EMIT stateReset();
}

void CognitiveStateDocument::push(const QString &description, const CognitiveState &after, int mergeId)
{
    m_undo.push(new StateCommand(this, m_state, after, description, mergeId));
}

} // namespace engram
