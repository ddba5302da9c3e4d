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
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScopedValueRollback>
#include <QSplitter>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace engram {

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

    m_editor = new NoteEditor(this);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("memorySplitter"));
    splitter->addWidget(m_table);
    splitter->addWidget(m_editor);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({2000, 1000}); // two thirds for the table, whatever the window's width
    m_empty = new EmptyState(splitter, this);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_empty, 1);

    m_searchDelay = new QTimer(this);
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(120);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_searchDelay, &QTimer::timeout, this, [this] {
        m_proxy->setSearchText(m_search->text());
        updateCount();
    });
    auto comboFilter = [this](QComboBox *combo, void (MemoryFilterProxy::*setter)(const QString &)) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, setter] {
            (m_proxy->*setter)(combo->currentData().toString());
            updateCount();
        });
    };
    comboFilter(m_region, &MemoryFilterProxy::setRegion);
    comboFilter(m_store, &MemoryFilterProxy::setStore);
    comboFilter(m_layer, &MemoryFilterProxy::setLayer);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current, const QModelIndex &previous) {
                if (m_returning)
                    return;
                // Leaving a note with unsaved edits asks first; Cancel puts the selection back.
                const bool otherFile = current.data(PathRole).toString() != m_editor->relativePath();
                if (otherFile && !m_editor->maybeSave()) {
                    const QScopedValueRollback<bool> returning(m_returning, true);
                    m_table->setCurrentIndex(previous);
                    return;
                }
                showSelected();
            });
    // A saved note moves its own rows only: the proxy keeps its sort, the view its selection and scroll.
    connect(m_session, &VaultSession::catalogReset, this, [this] { m_model->setRows(m_session->catalog()); });
    connect(m_session, &VaultSession::catalogChanged, m_model, &MemoryTableModel::applyDelta);
    connect(m_session, &VaultSession::catalogReady, this, &MemoryBrowser::updateFilters);
    connect(m_session, &VaultSession::opening, this, [this] {
        m_model->setRows({});
        m_editor->clear();
        m_empty->showMessage(tr("Opening the vault…"));
    });
    connect(m_session, &VaultSession::closed, this, [this] {
        m_model->setRows({});
        m_editor->clear();
        m_empty->showMessage(tr("No vault is open. Use File › Open Vault…"));
    });
    connect(m_editor, &NoteEditor::saved, this, [this](const QString &path) { m_session->requestIndexPaths({path}); });
    m_empty->showMessage(tr("No vault is open. Use File › Open Vault…"));
    m_model->setRows(m_session->catalog());
    updateFilters();
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
    if (m_session->isOpen() && m_model->rowCount() == 0)
        m_empty->showMessage(m_session->isBusy() ? tr("Indexing… memories appear here as soon as they are indexed.")
                                                 : tr("This vault holds no memories yet. Drop Markdown or text files "
                                                      "onto the window, or write notes in %1.")
                                                       .arg(m_session->vaultPath()));
    else if (m_session->isOpen())
        m_empty->showContent();
    updateCount();
}

void MemoryBrowser::setRegionFilter(const QString &region)
{
    const int index = m_region->findData(region);
    m_region->setCurrentIndex(index < 0 ? 0 : index);
}

void MemoryBrowser::setStrengths(const QHash<qint64, MemoryStrength> &strengths)
{
    m_model->setStrengths(strengths);
}

void MemoryBrowser::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

bool MemoryBrowser::showMemory(qint64 chunkId)
{
    const QModelIndex source = m_model->indexOfChunk(chunkId);
    if (!source.isValid())
        return false;
    QModelIndex index = m_proxy->mapFromSource(source);
    if (!index.isValid()) { // filtered out: show everything again
        m_search->clear();
        m_proxy->setSearchText({});
        for (QComboBox *combo : {m_region, m_store, m_layer})
            combo->setCurrentIndex(0);
        index = m_proxy->mapFromSource(source);
    }
    if (index.parent().isValid())
        m_table->expand(index.parent());
    m_table->setCurrentIndex(index);
    m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
    return true;
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
    // Rows, not memories: a session is one row however many turns it holds.
    m_count->setText(tr("%1 of %2").arg(locale.toString(m_proxy->rowCount()), locale.toString(m_model->rowCount())));
}

} // namespace engram
