#include "MemoryTableModel.h"

#include "Job.h"
#include "MemoryLabel.h"
#include "Roles.h"
#include "Vocabulary.h"

#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace engram {

namespace {

/// A session's own row, made from its turns: its title and tags, no lines of its own (selecting
/// it shows the whole conversation).
MemoryRow summaryRow(const QList<MemoryRow> &turns)
{
    MemoryRow summary = turns.constFirst();
    summary.id = 0;
    summary.heading.clear();
    summary.excerpt.clear();
    summary.startLine = summary.endLine = 0;
    summary.tokens = 0;
    for (const MemoryRow &turn : turns)
        summary.tokens += turn.tokens;
    return summary;
}

/// "user: make the list sortable\nassistant: …" → "You: make the list sortable"; a Markdown
/// transcript's "**Caroline:** I went" → "Caroline: I went"; a later piece of a long answer →
/// "Assistant: … and then".
QString turnText(const MemoryRow &row)
{
    QString text = row.excerpt.trimmed();
    if (text.isEmpty())
        return row.title;
    const qsizetype nl = text.indexOf(QLatin1Char('\n'));
    if (nl > 0)
        text.truncate(nl);
    // A turn opens with its speaker's name, plain in an agent's log and in bold or not in Markdown.
    // A long turn is split into pieces; the ones after the first go on without the name.
    static const QRegularExpression label(QStringLiteral("^\\*{0,2}([^*:\\n]{1,60}?):\\*{0,2}\\s+"));
    QString speaker = row.speaker;
    const QRegularExpressionMatch named = label.match(text);
    const QString name = named.hasMatch() ? named.captured(1).trimmed() : QString();
    if (named.hasMatch() && (name == speaker || name == QLatin1String("user") || name == QLatin1String("assistant"))) {
        speaker = name;
        text = text.mid(named.capturedLength());
    } else if (!speaker.isEmpty()) {
        text.prepend(QStringLiteral("… "));
    }
    // Markup of the agent's own (<command-message>…) and Markdown heading marks say nothing here.
    if (text.contains(QLatin1Char('<'))) {
        static const QRegularExpression tag(QStringLiteral("</?([A-Za-z][\\w-]*)>"));
        const QString bare = QString(text).remove(tag).trimmed();
        // A message of nothing but markup (an empty command output) is named by its first tag.
        const QRegularExpressionMatch first = tag.match(text);
        text = !bare.isEmpty() || !first.hasMatch() ? bare : QStringLiteral("(%1)").arg(first.captured(1));
    }
    static const QRegularExpression headingMark(QStringLiteral("^#+\\s+"));
    text.remove(headingMark);
    text = text.simplified();
    if (speaker == QLatin1String("user"))
        return MemoryTableModel::tr("You: %1").arg(text);
    if (speaker == QLatin1String("assistant"))
        return MemoryTableModel::tr("Assistant: %1").arg(text);
    if (!speaker.isEmpty()) // a person of a transcript, by the name it gives
        return QStringLiteral("%1: %2").arg(speaker, text);
    return text;
}

int roundedStrength(double strength)
{
    return int(qRound64(strength * 100.0));
}

} // namespace

MemoryTableModel::MemoryTableModel(QObject *parent) : QAbstractItemModel(parent) { }

MemoryTableModel::~MemoryTableModel() = default;

MemoryTableModel::Layout::Layout() = default;
MemoryTableModel::Layout::~Layout() = default;
MemoryTableModel::Layout::Layout(Layout &&) noexcept = default;
MemoryTableModel::Layout &MemoryTableModel::Layout::operator=(Layout &&) noexcept = default;

std::shared_ptr<MemoryTableModel::Layout> MemoryTableModel::layOut(const QList<MemoryRow> &rows,
                                                                   const QHash<qint64, MemoryStrength> &strengths)
{
    auto layout = std::make_shared<Layout>();
    layout->strengths = strengths;
    layout->top.reserve(rows.size());
    for (const MemoryRow &row : rows) {
        if (!row.session) {
            layout->top << row;
            continue;
        }
        auto &session = layout->sessions[row.path];
        if (!session) {
            session = std::make_unique<Session>();
            session->row = int(layout->top.size());
            layout->top << row; // replaced by the summary once every turn is in
        }
        session->turns << row;
    }
    for (auto &[path, session] : layout->sessions) {
        layout->top[session->row] = summaryRow(session->turns);
        aggregate(*session, strengths);
    }
    layout->files = FileRowIndex(layout->top);
    layout->pathOfChunk.reserve(rows.size());
    for (const MemoryRow &row : rows)
        layout->pathOfChunk.insert(row.id, row.path);
    layout->memoryCount = rows.size();
    return layout;
}

void MemoryTableModel::setRows(const QList<MemoryRow> &rows)
{
    setLayout(layOut(rows, m_strengths));
}

void MemoryTableModel::setLayout(const std::shared_ptr<Layout> &layout)
{
    Layout fresh = std::move(*layout);
    beginResetModel();
    m_topSessions.clear();
    std::swap(m_top, fresh.top);
    std::swap(m_files, fresh.files);
    std::swap(m_pathOfChunk, fresh.pathOfChunk);
    std::swap(m_sessions, fresh.sessions);
    m_memoryCount = fresh.memoryCount;
    m_shown = qMin(int(m_top.size()), kPage);
    // Strengths that arrived while the rows were laid out: the sessions' own rows take them now.
    if (!fresh.strengths.isSharedWith(m_strengths))
        for (auto &[path, session] : m_sessions)
            aggregate(*session);
    endResetModel();
    releaseOffThread(std::move(fresh)); // the rows shown until now
}

void MemoryTableModel::extendLayout(const std::shared_ptr<Layout> &layout)
{
    const QList<MemoryRow> &top = layout->top;
    const bool extends =
        top.size() >= m_top.size()
        && std::equal(m_top.cbegin(), m_top.cend(), top.cbegin(),
                      [](const MemoryRow &a, const MemoryRow &b) { return a.id == b.id && a.path == b.path; });
    if (!extends) {
        setLayout(layout);
        return;
    }
    Layout fresh = std::move(*layout);
    // Views hold indexes into the sessions they have seen (a turn selected, a session expanded):
    // those stay the objects they point to (their turns are the same turns).
    for (auto &[path, session] : m_sessions)
        if (auto it = fresh.sessions.find(path); it != fresh.sessions.end())
            std::swap(it->second, session);
    m_topSessions.clear();
    std::swap(m_top, fresh.top);
    std::swap(m_files, fresh.files);
    std::swap(m_pathOfChunk, fresh.pathOfChunk);
    std::swap(m_sessions, fresh.sessions);
    m_memoryCount = fresh.memoryCount;
    if (!fresh.strengths.isSharedWith(m_strengths))
        for (auto &[path, session] : m_sessions)
            aggregate(*session);
    // The rows views hold are the same rows: no signal until they fetch more (or a page came short).
    if (m_shown < kPage && m_top.size() > m_shown) {
        const int shown = qMin(int(m_top.size()), kPage);
        beginInsertRows({}, m_shown, shown - 1);
        m_shown = shown;
        endInsertRows();
    }
    releaseOffThread(std::move(fresh));
}

bool MemoryTableModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_shown < m_top.size();
}

void MemoryTableModel::fetchMore(const QModelIndex &parent)
{
    if (!parent.isValid())
        fetchRows(kFetch);
}

void MemoryTableModel::fetchRows(int rows)
{
    if (!canFetchMore({}) || rows <= 0)
        return;
    const int more = qMin(int(m_top.size()) - m_shown, rows);
    beginInsertRows({}, m_shown, m_shown + more - 1);
    m_shown += more;
    endInsertRows();
}

void MemoryTableModel::showFirstPage()
{
    if (m_shown <= kPage)
        return;
    beginResetModel();
    m_shown = kPage;
    endResetModel();
}

void MemoryTableModel::applyDelta(const CatalogDelta &delta)
{
    m_topSessions.clear();
    QHash<QString, QList<MemoryRow>> fresh;
    for (const MemoryRow &row : delta.rows)
        fresh[row.path] << row;
    // The memories of the delta's files go, their rows now come: counted by file, not over every session.
    for (const QString &path : QSet<QString>(delta.paths.cbegin(), delta.paths.cend())) {
        const auto session = m_sessions.find(path);
        if (session != m_sessions.end()) {
            m_memoryCount -= session->second->turns.size();
            for (const MemoryRow &turn : std::as_const(session->second->turns))
                m_pathOfChunk.remove(turn.id);
        } else {
            const QList<int> rows = m_files.rowsOf(path);
            m_memoryCount -= rows.size();
            for (int r : rows)
                m_pathOfChunk.remove(m_top.at(r).id);
        }
        const QList<MemoryRow> now = fresh.value(path);
        m_memoryCount += now.size();
        for (const MemoryRow &row : now)
            m_pathOfChunk.insert(row.id, row.path);
    }
    auto isSession = [&](const QString &path) {
        const auto it = fresh.constFind(path);
        return it != fresh.constEnd() && it->constFirst().session;
    };
    // A file that turned from a note into a session (or back) leaves as one and comes back as the other.
    QStringList turned;
    for (const QString &path : delta.paths)
        if (fresh.contains(path) && isSession(path) != (m_sessions.find(path) != m_sessions.end()))
            turned << path;
    if (!turned.isEmpty()) {
        CatalogDelta leave;
        leave.paths = turned;
        applyTopDelta(leave);
    }

    // A session that goes on changes its turns in place, then its own row below.
    CatalogDelta top{delta.paths, {}, delta.vectors, delta.lastIndex};
    QSet<QString> summarised;
    for (const MemoryRow &row : delta.rows) {
        if (!row.session) {
            top.rows << row;
            continue;
        }
        if (summarised.contains(row.path))
            continue;
        summarised.insert(row.path);
        const QList<MemoryRow> &turns = fresh[row.path];
        top.rows << summaryRow(turns);
        if (auto it = m_sessions.find(row.path); it != m_sessions.end()) {
            updateTurns(*it->second, turns);
        } else {
            auto session = std::make_unique<Session>();
            session->row = -1; // numbered when its row is appended
            session->turns = turns;
            aggregate(*session);
            m_sessions.emplace(row.path, std::move(session));
            m_topSessions.clear();
        }
    }
    applyTopDelta(top);
}

void MemoryTableModel::applyTopDelta(const CatalogDelta &delta)
{
    m_topSessions.clear();
    const qsizetype rowsBefore = m_top.size();
    const CatalogEdit edit = m_files.plan(delta);
    // Changes first: their row numbers are the ones before any removal. Rows not shown yet change
    // without a signal.
    for (qsizetype i = 0; i < edit.changed.size();) {
        qsizetype end = i;
        m_top[edit.changed.at(i).row] = delta.rows.at(edit.changed.at(i).source);
        while (end + 1 < edit.changed.size() && edit.changed.at(end + 1).row == edit.changed.at(end).row + 1) {
            ++end;
            m_top[edit.changed.at(end).row] = delta.rows.at(edit.changed.at(end).source);
        }
        if (edit.changed.at(i).row < m_shown)
            Q_EMIT dataChanged(index(edit.changed.at(i).row, 0),
                               index(qMin(edit.changed.at(end).row, m_shown - 1), ColumnCount - 1));
        i = end + 1;
    }
    auto remove = [this](int first, int last) {
        // The view asks a removed session's turns for their parent while they go: it lives until then.
        std::vector<std::unique_ptr<Session>> gone;
        for (int r = first; r <= last; ++r)
            if (m_top.at(r).session)
                if (auto it = m_sessions.find(m_top.at(r).path); it != m_sessions.end() && it->second->row == r) {
                    gone.push_back(std::move(it->second));
                    m_sessions.erase(it);
                }
        CatalogEdit::removeRows(m_top, first, last - first + 1);
        // Sessions below move up; a few thousand sessions, not every row, are renumbered.
        for (auto &[path, session] : m_sessions)
            if (session->row > last)
                session->row -= last - first + 1;
        m_topSessions.clear();
    };
    for (const auto &[first, last] : CatalogEdit::descendingRuns(edit.removed)) {
        if (last >= m_shown)
            remove(qMax(first, m_shown), last); // not shown: no signal
        if (first >= m_shown)
            continue;
        const int shownLast = qMin(last, m_shown - 1);
        beginRemoveRows({}, first, shownLast);
        remove(first, shownLast);
        m_shown -= shownLast - first + 1;
        endRemoveRows();
    }
    if (!edit.appended.isEmpty()) {
        const int first = int(m_top.size());
        const bool shown = m_shown == first; // a view that holds every row sees new ones at once
        if (shown)
            beginInsertRows({}, first, first + int(edit.appended.size()) - 1);
        for (qsizetype source : edit.appended) {
            const MemoryRow &row = delta.rows.at(source);
            if (row.session)
                if (auto it = m_sessions.find(row.path); it != m_sessions.end())
                    it->second->row = int(m_top.size());
            m_top << row;
        }
        m_topSessions.clear();
        if (shown) {
            m_shown = int(m_top.size());
            endInsertRows();
        }
    }
    m_files.follow(edit, delta, rowsBefore);
}

void MemoryTableModel::updateTurns(Session &session, const QList<MemoryRow> &turns)
{
    if (session.row >= m_shown || !session.seen) { // views have not seen its turns: no signals to send
        session.turns = turns;
        aggregate(session);
        return;
    }
    const QModelIndex parent = index(session.row, 0);
    CatalogDelta delta;
    delta.paths = {turns.constFirst().path};
    delta.rows = turns;
    const CatalogEdit edit = CatalogEdit::plan(session.turns, delta);
    for (qsizetype i = 0; i < edit.changed.size();) {
        qsizetype end = i;
        session.turns[edit.changed.at(i).row] = turns.at(edit.changed.at(i).source);
        while (end + 1 < edit.changed.size() && edit.changed.at(end + 1).row == edit.changed.at(end).row + 1) {
            ++end;
            session.turns[edit.changed.at(end).row] = turns.at(edit.changed.at(end).source);
        }
        Q_EMIT dataChanged(index(edit.changed.at(i).row, 0, parent),
                           index(edit.changed.at(end).row, ColumnCount - 1, parent));
        i = end + 1;
    }
    for (const auto &[first, last] : CatalogEdit::descendingRuns(edit.removed)) {
        beginRemoveRows(parent, first, last);
        session.turns.remove(first, last - first + 1);
        endRemoveRows();
    }
    if (!edit.appended.isEmpty()) {
        const int first = int(session.turns.size());
        beginInsertRows(parent, first, first + int(edit.appended.size()) - 1);
        for (qsizetype source : edit.appended)
            session.turns << turns.at(source);
        endInsertRows();
    }
    aggregate(session);
}

bool MemoryTableModel::aggregate(Session &session, const QHash<qint64, MemoryStrength> &strengths)
{
    double strength = -1.0;
    QDateTime lastAccess;
    for (const MemoryRow &turn : std::as_const(session.turns)) {
        const auto it = strengths.constFind(turn.id);
        if (it == strengths.constEnd())
            continue;
        strength = qMax(strength, it->strength);
        if (it->lastAccess.isValid() && (!lastAccess.isValid() || it->lastAccess > lastAccess))
            lastAccess = it->lastAccess;
    }
    const bool moved =
        roundedStrength(strength) != roundedStrength(session.strength) || lastAccess != session.lastAccess;
    session.strength = strength;
    session.lastAccess = lastAccess;
    return moved;
}

QSet<qint64> MemoryTableModel::movedStrengths(const QHash<qint64, MemoryStrength> &before,
                                              const QHash<qint64, MemoryStrength> &after)
{
    // Strengths arrive after every index run; most did not move as far as the table shows
    // them (two decimals). Only rows that did are announced: a dataChanged over 100k rows
    // makes the proxy test every one of them against its filter again.
    QSet<qint64> moved;
    if (before.isSharedWith(after))
        return moved;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || roundedStrength(old->strength) != roundedStrength(it->strength)
            || old->archived != it->archived || old->lastAccess != it->lastAccess)
            moved.insert(it.key());
    }
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        if (!after.contains(it.key()))
            moved.insert(it.key());
    return moved;
}

void MemoryTableModel::setStrengths(const QHash<qint64, MemoryStrength> &strengths)
{
    setStrengths(strengths, movedStrengths(m_strengths, strengths));
}

QHash<QString, MemoryTableModel::SessionStrength>
MemoryTableModel::sessionStrengths(const QList<MemoryRow> &rows, const QHash<qint64, MemoryStrength> &strengths)
{
    QHash<QString, SessionStrength> sessions;
    SessionStrength *current = nullptr;
    const QChar *currentPath = nullptr; // a file's rows are adjacent and share their path's text
    for (const MemoryRow &row : rows) {
        if (!row.session)
            continue;
        if (row.path.constData() != currentPath || !current) {
            current = &sessions[row.path];
            currentPath = row.path.constData();
        }
        const auto it = strengths.constFind(row.id);
        if (it == strengths.constEnd())
            continue;
        current->strength = qMax(current->strength, it->strength);
        if (it->lastAccess.isValid() && (!current->lastAccess.isValid() || it->lastAccess > current->lastAccess))
            current->lastAccess = it->lastAccess;
    }
    return sessions;
}

QHash<QString, MemoryTableModel::SessionStrength>
MemoryTableModel::movedSessions(const QHash<QString, SessionStrength> &before,
                                const QHash<QString, SessionStrength> &after, const QList<MemoryRow> &rows,
                                const QSet<qint64> &movedTurns)
{
    QHash<QString, SessionStrength> moved;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || roundedStrength(old->strength) != roundedStrength(it->strength)
            || old->lastAccess != it->lastAccess)
            moved.insert(it.key(), *it);
    }
    if (movedTurns.isEmpty())
        return moved;
    const QChar *lastPath = nullptr; // a file's rows are adjacent and share their path's text
    for (const MemoryRow &row : rows) {
        if (!row.session || row.path.constData() == lastPath || !movedTurns.contains(row.id))
            continue;
        lastPath = row.path.constData();
        if (const auto it = after.constFind(row.path); it != after.cend())
            moved.insert(it.key(), *it);
    }
    return moved;
}

void MemoryTableModel::setStrengths(const QHash<qint64, MemoryStrength> &strengths, const QSet<qint64> &moved)
{
    QHash<QString, SessionStrength> sessions;
    for (const auto &[path, session] : m_sessions)
        if (std::any_of(session->turns.cbegin(), session->turns.cend(),
                        [&moved](const MemoryRow &turn) { return moved.contains(turn.id); })) {
            Session aggregated;
            aggregated.turns = session->turns;
            aggregate(aggregated, strengths);
            sessions.insert(path, SessionStrength{aggregated.strength, aggregated.lastAccess});
        }
    setStrengths(strengths, moved, sessions);
}

void MemoryTableModel::setStrengths(const QHash<qint64, MemoryStrength> &strengths, const QSet<qint64> &moved,
                                    const QHash<QString, SessionStrength> &sessions)
{
    releaseOffThread(std::exchange(m_strengths, strengths)); // a million entries take ~30 ms to free
    if (moved.isEmpty() && sessions.isEmpty())
        return;
    auto announce = [this](int first, int last, const QModelIndex &parent) {
        Q_EMIT dataChanged(index(first, StrengthColumn, parent), index(last, LastAccessColumn, parent));
    };
    // Past a few thousand, one signal for every row shown: a signal per run of rows costs more than
    // the proxy's one pass over them. (The first strengths of a vault move every row.)
    constexpr qsizetype kFew = 4096;
    const bool many = moved.size() + sessions.size() > kFew;
    if (many && m_shown > 0) {
        // QTreeView finds each row of a dataChanged in its own rows by a linear search from the last
        // one it painted: 20,000 rows changed took it 3.8 s. A header change first makes it lay out
        // again once, later, and skip the rows one by one (its items' height and their rectangles).
        Q_EMIT headerDataChanged(Qt::Horizontal, StrengthColumn, LastAccessColumn);
        announce(0, m_shown - 1, {});
    }
    QList<int> rows;
    if (!many)
        for (int r = 0; r < m_shown; ++r)
            if (!m_top.at(r).session && moved.contains(m_top.at(r).id))
                rows << r;
    // The sessions whose own row moved, aggregated off the UI thread: 65,000 sessions' turns looked
    // up here took ~300 ms at a million memories.
    for (auto it = sessions.cbegin(); it != sessions.cend(); ++it) {
        const auto found = m_sessions.find(it.key());
        if (found == m_sessions.end())
            continue; // gone since, or not here yet (its turns are aggregated as they arrive)
        Session &session = *found->second;
        const bool rowMoved =
            roundedStrength(it->strength) != roundedStrength(session.strength) || it->lastAccess != session.lastAccess;
        session.strength = it->strength;
        session.lastAccess = it->lastAccess;
        if (rowMoved && session.row < m_shown && !many)
            rows << session.row;
    }
    // Turns only where a view or proxy may hold them.
    for (auto &[path, session] : m_sessions) {
        if (session->row >= m_shown || !session->seen || moved.isEmpty())
            continue;
        QList<int> turns;
        for (int t = 0; t < session->turns.size(); ++t)
            if (moved.contains(session->turns.at(t).id))
                turns << t;
        for (qsizetype i = 0; i < turns.size();) {
            qsizetype end = i;
            while (end + 1 < turns.size() && turns.at(end + 1) == turns.at(end) + 1)
                ++end;
            announce(turns.at(i), turns.at(end), index(session->row, 0));
            i = end + 1;
        }
    }
    std::sort(rows.begin(), rows.end());
    for (qsizetype i = 0; i < rows.size();) {
        qsizetype end = i;
        while (end + 1 < rows.size() && rows.at(end + 1) == rows.at(end) + 1)
            ++end;
        announce(rows.at(i), rows.at(end), {});
        i = end + 1;
    }
}

MemoryTableModel::Session *MemoryTableModel::sessionAt(int topRow) const
{
    const MemoryRow &row = m_top.at(topRow);
    if (!row.session)
        return nullptr;
    if (m_topSessions.size() != m_top.size()) {
        m_topSessions.fill(nullptr, m_top.size());
        for (const auto &[path, session] : m_sessions)
            if (session->row >= 0 && session->row < m_top.size() && m_top.at(session->row).session
                && m_top.at(session->row).path == path)
                m_topSessions[session->row] = session.get();
    }
    if (Session *session = m_topSessions.at(topRow))
        return session;
    const auto it = m_sessions.find(row.path);
    return it == m_sessions.end() ? nullptr : it->second.get();
}

MemoryTableModel::Session *MemoryTableModel::sessionOf(const QModelIndex &index) const
{
    return static_cast<Session *>(index.internalPointer());
}

const MemoryRow &MemoryTableModel::rowOf(const QModelIndex &index) const
{
    const Session *session = sessionOf(index);
    return session ? session->turns.at(index.row()) : m_top.at(index.row());
}

int MemoryTableModel::topRowOfChunk(qint64 chunkId) const
{
    const auto path = m_pathOfChunk.constFind(chunkId);
    if (path == m_pathOfChunk.cend())
        return -1;
    if (const auto session = m_sessions.find(*path); session != m_sessions.end())
        return session->second->row;
    for (int r : m_files.rowsOf(*path))
        if (m_top.at(r).id == chunkId)
            return r;
    return -1;
}

QModelIndex MemoryTableModel::indexOfChunk(qint64 chunkId) const
{
    const int top = topRowOfChunk(chunkId);
    if (top < 0 || top >= m_shown)
        return {};
    if (!m_top.at(top).session)
        return index(top, 0);
    Session *session = sessionAt(top);
    for (int t = 0; session && t < session->turns.size(); ++t)
        if (session->turns.at(t).id == chunkId) {
            session->seen = true;
            return createIndex(t, 0, session);
        }
    return {};
}

QModelIndex MemoryTableModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < m_shown ? createIndex(row, column, nullptr) : QModelIndex();
    if (sessionOf(parent) || parent.column() != 0)
        return {};
    Session *session = sessionAt(parent.row());
    if (!session || row >= session->turns.size())
        return {};
    session->seen = true;
    return createIndex(row, column, session);
}

QModelIndex MemoryTableModel::parent(const QModelIndex &child) const
{
    const Session *session = child.isValid() ? sessionOf(child) : nullptr;
    return session ? createIndex(session->row, 0, nullptr) : QModelIndex();
}

int MemoryTableModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return m_shown;
    if (sessionOf(parent) || parent.column() != 0)
        return 0;
    const Session *session = sessionAt(parent.row());
    return session ? int(session->turns.size()) : 0;
}

int MemoryTableModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant MemoryTableModel::display(const MemoryRow &row, int column, const Session *session, bool turn) const
{
    switch (column) {
    case TitleColumn:
        if (turn)
            return turnText(row);
        return memoryLabel(row.title, row.heading);
    case StoreColumn: return Vocabulary::store(row.store);
    case RegionColumn: return Vocabulary::region(row.region);
    case LayerColumn: return Vocabulary::layer(row.layer);
    case StrengthColumn: {
        if (session)
            return session->strength < 0 ? QVariant() : QVariant(QLocale().toString(session->strength, 'f', 2));
        const auto it = m_strengths.constFind(row.id);
        return it == m_strengths.constEnd() ? QVariant() : QVariant(QLocale().toString(it->strength, 'f', 2));
    }
    case LastAccessColumn: {
        QDateTime lastAccess;
        if (session) {
            lastAccess = session->lastAccess;
        } else if (const auto it = m_strengths.constFind(row.id); it != m_strengths.constEnd()) {
            lastAccess = it->lastAccess;
        }
        return lastAccess.isValid() ? QLocale().toString(lastAccess.toLocalTime(), QLocale::ShortFormat) : QVariant();
    }
    case SourceColumn:
        if (session)
            return tr("%Ln passage(s) · %1", nullptr, int(session->turns.size())).arg(row.path);
        if (turn) // its session's row above names the file
            return row.startLine == row.endLine ? tr("line %1").arg(row.startLine)
                                                : tr("lines %1–%2").arg(row.startLine).arg(row.endLine);
        return QStringLiteral("%1:%2-%3").arg(row.path).arg(row.startLine).arg(row.endLine);
    }
    return {};
}

QVariant MemoryTableModel::sortValue(const MemoryRow &row, int column, const Session *session, bool turn) const
{
    switch (column) {
    case StrengthColumn:
        return session ? session->strength : m_strengths.value(row.id, MemoryStrength{-1.0, {}, false}).strength;
    case LastAccessColumn: return session ? session->lastAccess : m_strengths.value(row.id).lastAccess;
    case SourceColumn:
        return row.path + QLatin1Char(':') + QString::number(row.startLine).rightJustified(8, QLatin1Char('0'));
    }
    return display(row, column, session, turn);
}

QVariant MemoryTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this)
        return {};
    const bool turn = sessionOf(index) != nullptr;
    const MemoryRow &row = rowOf(index);
    const Session *session = turn ? nullptr : sessionAt(index.row());
    switch (role) {
    case Qt::DisplayRole: return display(row, index.column(), session, turn);
    case Qt::ToolTipRole:
        if (index.column() == StrengthColumn && m_strengths.isEmpty())
            return tr("No strength data yet: it appears once the dynamics journal records accesses.");
        if (session)
            return tr("%1\n%2\n%Ln passage(s)", nullptr, int(session->turns.size())).arg(row.title, row.path);
        return QStringLiteral("%1\n%2:%3-%4").arg(row.title, row.path).arg(row.startLine).arg(row.endLine);
    case SortRole: return sortValue(row, index.column(), session, turn);
    case ChunkIdRole: return session ? QVariant() : QVariant(row.id);
    case PathRole: return row.path;
    case StartLineRole: return row.startLine;
    case EndLineRole: return row.endLine;
    case TitleRole: return row.title;
    case RegionRole: return row.region;
    case StoreRole: return row.store;
    case LayerRole: return row.layer;
    case CategoryRole: return row.category;
    case StrengthRole:
        return session ? session->strength : m_strengths.value(row.id, MemoryStrength{-1.0, {}, false}).strength;
    case SearchTextRole:
        return row.title + QLatin1Char(' ') + row.heading + QLatin1Char(' ') + row.excerpt + QLatin1Char(' ')
               + row.path;
    }
    return {};
}

Qt::ItemFlags MemoryTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractItemModel::flags(index);
    if (index.isValid() && (sessionOf(index) || !m_top.at(index.row()).session))
        flags |= Qt::ItemNeverHasChildren;
    return flags;
}

QVariant MemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TitleColumn: return tr("Title");
    case StoreColumn: return tr("Store");
    case RegionColumn: return tr("Region");
    case LayerColumn: return tr("Layer", "consolidation layer");
    case StrengthColumn: return tr("Strength");
    case LastAccessColumn: return tr("Last access");
    case SourceColumn: return tr("Source");
    }
    return {};
}

} // namespace engram
