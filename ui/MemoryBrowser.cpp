#include "MemoryBrowser.h"

#include "Appearance.h"
#include "EmptyState.h"
#include "MemoryFilterProxy.h"
#include "MemoryTableModel.h"
#include "NoteEditor.h"
#include "Roles.h"
#include "VaultSession.h"
#include "Vocabulary.h"

#include <QComboBox>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QScopedValueRollback>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace engram {

namespace {
const int kMinTitleWidth = 180; // "Welcome to Engram › Where things go" less its last word
const QString kSplitterKey = QStringLiteral("memories/splitter");
} // namespace

MemoryBrowser::MemoryBrowser(VaultSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new MemoryTableModel(this)), m_proxy(new MemoryFilterProxy(this))
{
    setObjectName(QStringLiteral("memoryBrowser"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setDynamicSortFilter(true);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("memorySearch"));
    m_search->setPlaceholderText(tr("Search titles and paths…"));
    m_search->setClearButtonEnabled(true);
    auto makeCombo = [this](const char *name) {
        auto *combo = new QComboBox(this);
        combo->setObjectName(QLatin1String(name));
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        return combo;
    };
    m_region = makeCombo("memoryRegionFilter");
    m_store = makeCombo("memoryStoreFilter");
    m_layer = makeCombo("memoryLayerFilter");
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("memoryCount"));
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 1);
    filters->addWidget(m_region);
    filters->addWidget(m_store);
    filters->addWidget(m_layer);
    filters->addWidget(m_count);

    m_table = new QTreeView(this);
    m_table->setObjectName(QStringLiteral("memoryTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setAllColumnsShowFocus(true);
    // Notes are flat; only sessions open, so the branch column stays narrow.
    m_table->setIndentation(m_table->fontMetrics().height());
    // Uniform row heights and no resize-to-contents: the view stays virtual at 100k rows.
    m_table->setUniformRowHeights(true);
    m_table->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->setPalette(Appearance::withFocusedSelection(m_table->palette()));
    // Every column on screen at the default 1200 px window (the table gets two thirds, ~780 px):
    // the tag columns as wide as their longest word in the UI's language (at most 130 px), the
    // source 120 px, and the title the rest (~220 px in German, the longest words).
    QHeaderView *header = m_table->header();
    const QFontMetrics metrics(m_table->font());
    const auto fit = [&metrics](QString (*word)(const QString &), const QStringList &values) {
        int widest = 0;
        for (const QString &value : values)
            widest = qMax(widest, metrics.horizontalAdvance(word ? word(value) : value));
        return qMin(widest + 14, 130);
    };
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(MemoryTableModel::TitleColumn, QHeaderView::Stretch);
    header->setStretchLastSection(false);
    m_table->setColumnWidth(MemoryTableModel::StoreColumn,
                            fit(&Vocabulary::store, {QStringLiteral("procedural"), QStringLiteral("prospective"),
                                                     QStringLiteral("semantic"), QStringLiteral("episodic")}));
    m_table->setColumnWidth(
        MemoryTableModel::RegionColumn,
        fit(&Vocabulary::region, {QStringLiteral("language-comprehension"), QStringLiteral("language-production"),
                                  QStringLiteral("identity")}));
    m_table->setColumnWidth(MemoryTableModel::LayerColumn,
                            fit(&Vocabulary::layer, {QStringLiteral("session"), QStringLiteral("weekly"),
                                                     QStringLiteral("daily"), QStringLiteral("fact")}));
    m_table->setColumnWidth(MemoryTableModel::StrengthColumn, fit(nullptr, {tr("Strength"), QStringLiteral("0.00")}));
    m_table->setColumnWidth(MemoryTableModel::SourceColumn, 120);
    m_table->setColumnWidth(
        MemoryTableModel::LastAccessColumn,
        fit(nullptr, {QLocale().toString(QDateTime(QDate(2026, 12, 30), QTime(20, 10)), QLocale::ShortFormat)}));

    // The title and the tag columns stay on screen however narrow the table is dragged: the
    // splitter stops at them, and the last access and source give way first (fitColumns).
    int essential = kMinTitleWidth;
    for (int c : {MemoryTableModel::StoreColumn, MemoryTableModel::RegionColumn, MemoryTableModel::LayerColumn,
                  MemoryTableModel::StrengthColumn})
        essential += header->sectionSize(c);
    m_essentialWidth = essential;
    m_table->setMinimumWidth(essential + m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent)
                             + 2 * m_table->frameWidth() + m_table->indentation());
    m_table->viewport()->installEventFilter(this);
    m_nothing = new EmptyViewNote(m_table);
    m_nothing->setObjectName(QStringLiteral("memoryTableEmpty"));

    m_editor = new NoteEditor(this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("memorySplitter"));
    // Notes a sync left in conflict are not in the index: they are listed here, above it.
    m_conflicts = new QListWidget(this);
    m_conflicts->setObjectName(QStringLiteral("conflictedNotes"));
    m_conflicts->hide();
    auto *listSide = new QWidget(this);
    auto *listLayout = new QVBoxLayout(listSide);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_conflicts);
    listLayout->addWidget(m_table, 1);
    m_splitter->addWidget(listSide);
    m_splitter->addWidget(m_editor);
    m_splitter->setCollapsible(0, false);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 1);
    // Two thirds for the table whatever the window's width, unless the person left it otherwise.
    if (!m_splitter->restoreState(QSettings().value(kSplitterKey).toByteArray()))
        m_splitter->setSizes({2000, 1000});

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_splitter, 1);

    m_searchDelay = new QTimer(this);
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(120);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_searchDelay, &QTimer::timeout, this, [this] {
        m_proxy->setSearchText(m_search->text());
        m_fetch->start();
        updateCount();
        updateEmptyNote();
    });
    auto comboFilter = [this](QComboBox *combo, void (MemoryFilterProxy::*setter)(const QString &)) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, setter] {
            (m_proxy->*setter)(combo->currentData().toString());
            m_fetch->start();
            updateCount();
            updateEmptyNote();
        });
    };
    comboFilter(m_region, &MemoryFilterProxy::setRegion);
    comboFilter(m_store, &MemoryFilterProxy::setStore);
    comboFilter(m_layer, &MemoryFilterProxy::setLayer);
    // A memory opens when it becomes the current row and is selected: a click sets the current row
    // first and selects it after, the keyboard selects first. A current row nobody selected is Qt's
    // doing (focus on a table without one makes the first row current, unselected): nothing opens.
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MemoryBrowser::chooseCurrent);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MemoryBrowser::chooseCurrent);
    // A saved note moves its own rows only: the proxy keeps its sort, the view its selection and scroll.
    // A large catalog shows its first files while the rest is read; the whole one then extends them.
    connect(m_session, &VaultSession::catalogPreview, this, [this](const QList<MemoryRow> &firstRows) {
        takeCatalog({CatalogStep::Reset, firstRows, {}});
        m_previewed = true;
    });
    connect(m_session, &VaultSession::catalogReset, this, [this] {
        const auto kind = std::exchange(m_previewed, false) ? CatalogStep::Extend : CatalogStep::Reset;
        takeCatalog({kind, m_session->catalog(), {}});
    });
    connect(m_session, &VaultSession::catalogChanged, this, [this](const CatalogDelta &delta) {
        takeCatalog({CatalogStep::Delta, {}, delta});
    });
    connect(m_session, &VaultSession::catalogReady, this, &MemoryBrowser::updateFilters);
    connect(m_session, &VaultSession::opening, this, [this] {
        m_opening = true;
        clearRows();
        m_editor->clear();
        updateEmptyNote();
    });
    connect(m_session, &VaultSession::opened, this, [this] { m_opening = false; });
    // The first index of a large vault takes minutes: while the list is empty it says how far it is,
    // not that the vault holds nothing (it did, at 1,202 of 1,440 files).
    connect(m_session, &VaultSession::busyChanged, this, [this](bool busy) {
        // An index of files ended: its rows follow (a catalog of 20,000 memories takes seconds),
        // and until they do the list is being filled, not empty.
        if (!busy && m_indexed.second > 0)
            m_awaitingRows = true;
        if (!busy)
            m_indexed = {};
        updateEmptyNote();
    });
    for (auto arrived : {&VaultSession::catalogReset, &VaultSession::catalogReady, &VaultSession::closed})
        connect(m_session, arrived, this, [this] {
            m_awaitingRows = false;
            updateEmptyNote();
        });
    connect(m_session, &VaultSession::progress, this, [this](int done, int total) {
        m_indexed = {done, total};
        if (m_proxy->rowCount() == 0)
            updateEmptyNote();
    });
    connect(m_session, &VaultSession::closed, this, [this] {
        m_opening = false;
        clearRows();
        m_editor->clear();
        updateEmptyNote();
    });
    m_fetch = new QTimer(this);
    m_fetch->setInterval(0);
    connect(m_fetch, &QTimer::timeout, this, &MemoryBrowser::fetchForFilter);
    m_reveal = new QTimer(this);
    m_reveal->setInterval(0);
    connect(m_reveal, &QTimer::timeout, this, &MemoryBrowser::revealStep);
    connect(m_table->header(), &QHeaderView::sortIndicatorChanged, this, [this] {
        m_fetch->start();
        // A long list starts from its first page when sorted: the memory the person was reading is
        // found again in the new order (fetched up to it, a slice a turn) and selected, as a sort of
        // a short list keeps it. One the filters hide stays hidden.
        if (m_chosenChunk != 0 && !m_chosen.isValid() && m_revealing == 0) {
            m_revealKeepsFilters = true;
            m_revealing = m_chosenChunk;
            m_revealSlice = MemoryTableModel::kPage;
            m_reveal->start();
        }
    });
    for (auto change : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, change, this, &MemoryBrowser::updateEmptyNote);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &MemoryBrowser::updateEmptyNote);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MemoryBrowser::updateEmptyNote);
    connect(m_conflicts, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        const int at = m_conflicts->row(item);
        if (at < 0 || at >= m_conflicted.size() || !m_editor->maybeSave())
            return;
        const QScopedValueRollback<bool> returning(m_returning, true);
        m_table->selectionModel()->clear();
        m_chosen = QPersistentModelIndex();
        m_chosenChunk = 0;
        m_editor->showLastGood(m_conflicted.at(at).path, m_conflicted.at(at).lastGood);
    });
    connect(m_editor, &NoteEditor::saved, this, [this](const QString &path) { m_session->requestIndexPaths({path}); });
    m_model->setRows(m_session->catalog());
    updateFilters();
}

void MemoryBrowser::clearRows()
{
    m_revealing = 0;
    m_chosenChunk = 0;
    m_steps.clear();
    m_layout.cancel();
    m_layingOut = false;
    m_previewed = false;
    m_model->setRows({});
}

void MemoryBrowser::takeCatalog(CatalogStep step)
{
    if (step.kind == CatalogStep::Reset) { // what was still to come belongs to the catalog it replaces
        m_steps.clear();
        m_layout.cancel();
        m_layingOut = false;
    }
    m_steps << std::move(step);
    nextCatalogStep();
}

void MemoryBrowser::nextCatalogStep()
{
    // Below this many rows the grouping is under ~2 ms: done here, as a delta is.
    constexpr qsizetype kLayOutHere = 5000;
    while (!m_layingOut && !m_steps.isEmpty()) {
        CatalogStep step = m_steps.takeFirst();
        if (step.kind == CatalogStep::Delta) {
            m_model->applyDelta(step.delta);
            continue;
        }
        const bool reset = step.kind == CatalogStep::Reset;
        auto laidOut = [this, reset](const std::shared_ptr<MemoryTableModel::Layout> &layout) {
            if (reset)
                m_model->setLayout(layout);
            else
                m_model->extendLayout(layout);
            updateCount();
            updateEmptyNote();
            m_fetch->start();
        };
        if (step.rows.size() < kLayOutHere) {
            laidOut(MemoryTableModel::layOut(step.rows, m_model->strengths()));
            continue;
        }
        m_layingOut = true;
        runJob(
            this, m_layout.next(),
            [rows = std::move(step.rows), strengths = m_model->strengths()](const CancelFlag &) {
                return MemoryTableModel::layOut(rows, strengths);
            },
            [this, laidOut](const std::shared_ptr<MemoryTableModel::Layout> &layout) {
                m_layingOut = false;
                laidOut(layout);
                nextCatalogStep();
            });
    }
}

bool MemoryBrowser::isFilteredOrSorted() const
{
    return !m_search->text().trimmed().isEmpty() || !m_region->currentData().toString().isEmpty()
           || !m_store->currentData().toString().isEmpty() || !m_layer->currentData().toString().isEmpty()
           || m_table->header()->sortIndicatorSection() >= 0;
}

void MemoryBrowser::fetchForFilter()
{
    if (!isFilteredOrSorted() || !m_model->canFetchMore({})) {
        m_fetch->stop();
        return;
    }
    fetchSlice(&m_fetchSlice, MemoryTableModel::kPage);
}

void MemoryBrowser::fetchSlice(int *slice, int most)
{
    // Each row fetched is filtered and placed in the sort by the proxy on this thread (~1-5 µs, more
    // as it holds more): a page of 20,000 held the window for up to 670 ms at a million memories.
    // The slice follows what the last one cost, to stay near 15 ms a turn.
    QElapsedTimer clock;
    clock.start();
    m_model->fetchRows(*slice);
    updateCount();
    updateEmptyNote();
    const qint64 spent = clock.elapsed();
    if (spent < 8)
        *slice = qMin(*slice * 2, most);
    else if (spent > 20)
        *slice = qMax(*slice / 2, 250);
}

void MemoryBrowser::saveSettings() const
{
    QSettings().setValue(kSplitterKey, m_splitter->saveState());
}

bool MemoryBrowser::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void MemoryBrowser::fitColumns()
{
    // The source, then the last access, leave the table before the title shrinks below its minimum.
    const int available = m_table->viewport()->width();
    const QHeaderView *header = m_table->header();
    if (!header->isSectionHidden(MemoryTableModel::LastAccessColumn)) // as the person may have made it
        m_lastAccessWidth = header->sectionSize(MemoryTableModel::LastAccessColumn);
    if (!header->isSectionHidden(MemoryTableModel::SourceColumn))
        m_sourceWidth = header->sectionSize(MemoryTableModel::SourceColumn);
    const bool showLastAccess = available >= m_essentialWidth + m_lastAccessWidth;
    const bool showSource = available >= m_essentialWidth + m_lastAccessWidth + m_sourceWidth;
    m_table->setColumnHidden(MemoryTableModel::LastAccessColumn, !showLastAccess);
    m_table->setColumnHidden(MemoryTableModel::SourceColumn, !showSource);
}

void MemoryBrowser::setConflicts(const QList<ConflictedNote> &notes)
{
    m_conflicted = notes;
    m_conflicts->clear();
    for (const ConflictedNote &note : notes) {
        auto *item = new QListWidgetItem(tr("⚠ %1 — in conflict after a sync: its last good version").arg(note.path),
                                         m_conflicts);
        item->setToolTip(tr("Two versions of this note met in a sync. Choose what it says with Resolve… above; "
                            "until then it is not searched."));
    }
    // As high as its rows, a few at most: the memories stay the list's main part.
    const int rows = int(qMin<qsizetype>(notes.size(), 4));
    m_conflicts->setFixedHeight(rows * m_conflicts->sizeHintForRow(0) + 2 * m_conflicts->frameWidth());
    m_conflicts->setVisible(!notes.isEmpty());
}

void MemoryBrowser::updateEmptyNote()
{
    if (m_proxy->rowCount() > 0) {
        m_nothing->hide();
        return;
    }
    QString message;
    if (m_opening)
        message = tr("Opening the vault…");
    else if (!m_session->isOpen())
        message = tr("No vault is open. Use File › Open Vault…");
    else if (m_model->rowCount() == 0 && m_session->isBusy() && m_indexed.second > 0)
        message = tr("Indexing %1 of %2 files… memories appear here as soon as they are indexed.")
                      .arg(locale().toString(m_indexed.first), locale().toString(m_indexed.second));
    else if (m_model->rowCount() == 0 && m_session->isBusy())
        message = tr("Indexing… memories appear here as soon as they are indexed.");
    else if (m_model->rowCount() == 0 && (m_awaitingRows || m_layingOut || !m_session->catalog().isEmpty()))
        message = tr("Listing the memories…");
    else if (m_model->rowCount() == 0)
        message = tr("This vault holds no memories yet. Drop Markdown or text files onto the window, or write "
                     "notes in %1.")
                      .arg(m_session->vaultPath());
    else if (!m_search->text().trimmed().isEmpty())
        message = tr("No memory matches “%1” with these filters.").arg(m_search->text().trimmed());
    else
        message = tr("No memory matches these filters.");
    m_nothing->showMessage(message);
}

void MemoryBrowser::fillCombo(QComboBox *combo, const QHash<QString, qint64> &counts, const QString &anyText,
                              QString (*word)(const QString &))
{
    const QString current = combo->currentData().toString();
    QSignalBlocker blocker(combo);
    combo->clear();
    combo->addItem(anyText, QString());
    QStringList keys = counts.keys();
    std::sort(keys.begin(), keys.end());
    for (const QString &key : keys)
        if (!key.isEmpty())
            combo->addItem(QStringLiteral("%1 (%2)").arg(word(key), QLocale().toString(counts.value(key))), key);
    combo->setCurrentIndex(qMax(0, combo->findData(current)));
}

void MemoryBrowser::updateFilters()
{
    const VaultStats &stats = m_session->stats();
    fillCombo(m_region, stats.byRegion, tr("All regions"), &Vocabulary::region);
    fillCombo(m_store, stats.byStore, tr("All stores"), &Vocabulary::store);
    fillCombo(m_layer, stats.byLayer, tr("All layers"), &Vocabulary::layer);
    m_proxy->setRegion(m_region->currentData().toString());
    updateEmptyNote();
    updateCount();
}

void MemoryBrowser::setRegionFilter(const QString &region)
{
    const int index = m_region->findData(region);
    m_region->setCurrentIndex(index < 0 ? 0 : index);
}

void MemoryBrowser::setStrengths(const QHash<qint64, MemoryStrength> &strengths, const QSet<qint64> &moved,
                                 const QHash<QString, MemoryTableModel::SessionStrength> &sessions)
{
    m_model->setStrengths(strengths, moved, sessions);
}

void MemoryBrowser::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

bool MemoryBrowser::showMemory(qint64 chunkId)
{
    if (m_model->topRowOfChunk(chunkId) < 0)
        return false;
    m_revealKeepsFilters = false;
    m_revealing = chunkId;
    m_revealSlice = MemoryTableModel::kPage;
    revealStep();
    return true;
}

void MemoryBrowser::revealStep()
{
    const int top = m_model->topRowOfChunk(m_revealing);
    if (top < 0) { // gone meanwhile
        m_revealing = 0;
        m_reveal->stop();
        return;
    }
    if (top >= m_model->rowCount()) {
        // The rows up to a memory far down the list are fetched in slices: given at once while sorted,
        // the proxy placed each in the sort in one turn (84,000 rows: 658 ms at a million memories).
        // Unsorted they cost little to place and the slices grow without bound (the view lays out every
        // row it holds after each slice, so many small ones would cost it seconds in all).
        fetchSlice(&m_revealSlice,
                   isFilteredOrSorted() ? MemoryTableModel::kPage : std::numeric_limits<int>::max() / 2);
        m_reveal->start();
        return;
    }
    m_reveal->stop();
    const qint64 chunkId = std::exchange(m_revealing, 0);
    QModelIndex index = m_proxy->mapFromSource(m_model->indexOfChunk(chunkId));
    if (!index.isValid() && m_revealKeepsFilters)
        return;
    if (!index.isValid()) { // filtered out: show everything again
        m_search->clear();
        m_proxy->setSearchText({});
        for (QComboBox *combo : {m_region, m_store, m_layer})
            combo->setCurrentIndex(0);
        // A filter taken off may have started the list from its first page again (a reset).
        if (m_model->topRowOfChunk(chunkId) >= m_model->rowCount()) {
            m_revealing = chunkId;
            m_reveal->start();
            return;
        }
        index = m_proxy->mapFromSource(m_model->indexOfChunk(chunkId));
    }
    if (index.parent().isValid())
        m_table->expand(index.parent());
    m_table->setCurrentIndex(index);
    m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void MemoryBrowser::chooseCurrent()
{
    const QModelIndex current = m_table->currentIndex();
    if (m_returning || !current.isValid() || !m_table->selectionModel()->isSelected(current) || current == m_chosen)
        return;
    // Leaving a note with unsaved edits asks first; Cancel puts the selection back.
    const bool otherFile = current.data(PathRole).toString() != m_editor->relativePath();
    if (otherFile && !m_editor->maybeSave()) {
        const QScopedValueRollback<bool> returning(m_returning, true);
        if (m_chosen.isValid())
            m_table->setCurrentIndex(m_chosen);
        else
            m_table->selectionModel()->clear();
        return;
    }
    m_chosen = current;
    m_chosenChunk = current.data(ChunkIdRole).toLongLong();
    if (m_revealKeepsFilters && m_revealing != 0) { // the person chose another while a sort looked
        m_revealing = 0;
        m_reveal->stop();
    }
    showSelected();
}

void MemoryBrowser::showSelected()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_session->isOpen())
        return;
    m_editor->openFile(m_session->vaultPath(), current.data(PathRole).toString(), current.data(StartLineRole).toInt(),
                       current.data(EndLineRole).toInt());
    Q_EMIT memorySelected(current.data(ChunkIdRole).toLongLong());
}

void MemoryBrowser::updateCount()
{
    const QLocale locale;
    // Rows, not memories: a session is one row however many turns it holds. Rows not fetched yet
    // count as shown while no filter is on (they are, a scroll away).
    const int unfetched = m_model->topRowCount() - m_model->rowCount();
    const bool everyRow = m_proxy->rowCount() == m_model->rowCount();
    m_count->setText(tr("%1 of %2")
                         .arg(locale.toString(m_proxy->rowCount() + (everyRow ? unfetched : 0)),
                              locale.toString(m_model->topRowCount())));
}

} // namespace engram
