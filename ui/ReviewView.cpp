#include "ReviewView.h"

#include "EmptyState.h"
#include "ReviewModel.h"
#include "Roles.h"
#include "VaultSession.h"
#include "WordDiff.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QResizeEvent>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTextEdit>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace engram {

namespace {

/// Marks `spans` of `edit`'s text with `colour` (extra selections: the document stays as it is).
void mark(QTextEdit *edit, const QList<WordSpan> &spans, const QColor &colour)
{
    QList<QTextEdit::ExtraSelection> marks;
    for (const WordSpan &span : spans) {
        QTextEdit::ExtraSelection m;
        m.cursor = QTextCursor(edit->document());
        m.cursor.setPosition(span.start);
        m.cursor.setPosition(span.start + span.length, QTextCursor::KeepAnchor);
        m.format.setBackground(colour);
        marks << m;
    }
    edit->setExtraSelections(marks);
}

QTextEdit *memoryText(const char *name, QWidget *parent)
{
    auto *text = new QTextEdit(parent);
    text->setObjectName(QLatin1String(name));
    text->setReadOnly(true);
    text->setAcceptRichText(false);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return text;
}

QLabel *sideLabel(const char *name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

/// A one-line status that elides its middle when narrower than its text (the whole text is its
/// tooltip): a wrapped status made the bar above the list grow and the list jump at each action.
class StatusLine : public QLabel {
public:
    explicit StatusLine(QWidget *parent) : QLabel(parent)
    {
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    void setFullText(const QString &text)
    {
        m_full = text;
        setToolTip(text);
        fit();
    }
    QString fullText() const { return m_full; }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QLabel::resizeEvent(event);
        fit();
    }

private:
    void fit() { setText(fontMetrics().elidedText(m_full, Qt::ElideMiddle, qMax(0, contentsRect().width()))); }

    QString m_full;
};

QString fileName(const QString &path)
{
    return QFileInfo(path).fileName();
}

} // namespace

ReviewView::ReviewView(VaultSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new ReviewModel(this)), m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("reviewView"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(FindingKindRole);

    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("reviewKindFilter"));
    m_kind->addItem(tr("All findings"), -1);
    m_kind->addItem(tr("Duplicates"), int(FindingKind::Duplicate));
    m_kind->addItem(tr("Contradictions"), int(FindingKind::Contradiction));
    m_kind->addItem(tr("Stale facts"), int(FindingKind::Stale));
    auto *show = new QLabel(tr("&Show:"), this);
    show->setBuddy(m_kind);
    m_status = new StatusLine(this);
    m_status->setObjectName(QStringLiteral("reviewStatus"));
    m_undoButton = new QPushButton(tr("Undo"), this);
    m_undoButton->setObjectName(QStringLiteral("reviewUndoButton"));
    auto *top = new QHBoxLayout;
    top->addWidget(show);
    top->addWidget(m_kind);
    top->addSpacing(12);
    top->addWidget(m_status, 1);
    top->addWidget(m_undoButton);

    m_list = new QTreeView(this);
    m_list->setObjectName(QStringLiteral("reviewList"));
    m_list->setModel(m_proxy);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAllColumnsShowFocus(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    QHeaderView *header = m_list->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(ReviewModel::KindColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ReviewModel::MemoryColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(ReviewModel::ReasonColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(ReviewModel::DateColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ReviewModel::RecallsColumn, QHeaderView::ResizeToContents);
    header->resizeSection(ReviewModel::ReasonColumn, 280);

    auto *detail = new QWidget(this);
    m_reason = sideLabel("reviewReason", detail);
    QFont bold = m_reason->font();
    bold.setBold(true);
    m_reason->setFont(bold);
    m_olderTitle = new QLabel(detail);
    m_newerTitle = new QLabel(detail);
    m_olderTitle->setFont(bold);
    m_newerTitle->setFont(bold);
    m_olderInfo = sideLabel("reviewOlderInfo", detail);
    m_newerInfo = sideLabel("reviewNewerInfo", detail);
    m_olderText = memoryText("reviewOlderText", detail);
    m_newerText = memoryText("reviewNewerText", detail);
    auto *sides = new QHBoxLayout;
    for (auto [title, info, text] :
         {std::tuple{m_olderTitle, m_olderInfo, m_olderText}, std::tuple{m_newerTitle, m_newerInfo, m_newerText}}) {
        auto *column = new QVBoxLayout;
        column->addWidget(title);
        column->addWidget(info);
        column->addWidget(text, 1);
        sides->addLayout(column, 1);
    }

    auto button = [detail](const char *name, const QString &text, const QString &tip) {
        auto *b = new QPushButton(text, detail);
        b->setObjectName(QLatin1String(name));
        b->setToolTip(tip);
        return b;
    };
    auto menuButton = [detail](const char *name, const QString &text, const QString &tip) {
        auto *b = new QToolButton(detail);
        b->setObjectName(QLatin1String(name));
        b->setText(text);
        b->setToolTip(tip);
        b->setPopupMode(QToolButton::MenuButtonPopup);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setMenu(new QMenu(b));
        return b;
    };
    m_merge = menuButton("reviewMergeButton", tr("Merge"),
                         tr("Keep the newer memory, noting that it replaces the older one, and archive the older "
                            "(restorable); the arrow keeps the older instead"));
    QAction *keepNewer = m_merge->menu()->addAction(tr("Merge, Keep the Newer"));
    keepNewer->setObjectName(QStringLiteral("reviewMergeKeepNewerAction"));
    QAction *keepOlder = m_merge->menu()->addAction(tr("Merge, Keep the Older"));
    keepOlder->setObjectName(QStringLiteral("reviewMergeKeepOlderAction"));
    m_supersede = button("reviewSupersedeButton", tr("Newer Supersedes"),
                         tr("Both stay; the newer memory notes that it replaces the older one, which then ranks low"));
    m_keepBoth = button("reviewKeepBothButton", tr("Keep Both"),
                        tr("Both are right: keep them as they are and never pair them again"));
    m_archiveOlder =
        button("reviewArchiveOlderButton", tr("Archive Older"), tr("Archive the older memory (restorable)"));
    m_archiveNewer =
        button("reviewArchiveNewerButton", tr("Archive Newer"), tr("Archive the newer memory (restorable)"));
    m_edit = menuButton("reviewEditButton", tr("Edit…"),
                        tr("Open the memory in the Memories view's editor; the arrow chooses which"));
    QAction *editOlder = m_edit->menu()->addAction(tr("Edit the Older"));
    editOlder->setObjectName(QStringLiteral("reviewEditOlderAction"));
    QAction *editNewer = m_edit->menu()->addAction(tr("Edit the Newer"));
    editNewer->setObjectName(QStringLiteral("reviewEditNewerAction"));
    // The tool buttons as tall as the push buttons beside them.
    const int buttonHeight = m_keepBoth->sizeHint().height();
    m_merge->setMinimumHeight(buttonHeight);
    m_edit->setMinimumHeight(buttonHeight);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_merge);
    actions->addWidget(m_supersede);
    actions->addWidget(m_keepBoth);
    actions->addSpacing(12);
    actions->addWidget(m_archiveOlder);
    actions->addWidget(m_archiveNewer);
    actions->addStretch(1);
    actions->addWidget(m_edit);

    auto *detailLayout = new QVBoxLayout(detail);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_reason);
    detailLayout->addLayout(sides, 1);
    detailLayout->addLayout(actions);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("reviewSplitter"));
    splitter->addWidget(m_list);
    splitter->addWidget(detail);
    // Memories are a few lines each: the list gets more of the height than the two texts.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    m_empty = new EmptyState(splitter, this);
    m_empty->setObjectName(QStringLiteral("reviewEmptyState"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_empty, 1);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        const int kind = m_kind->currentData().toInt();
        m_proxy->setFilterRegularExpression(kind < 0 ? QString() : QStringLiteral("^%1$").arg(kind));
        ensureCurrent();
        updateEmptyState();
    });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, &ReviewView::showCurrent);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &ReviewView::ensureCurrent);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ReviewView::ensureCurrent);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &first, const QModelIndex &last) {
        const int row = m_list->currentIndex().row();
        if (row >= first.row() && row <= last.row())
            showCurrent();
    });
    connect(m_merge, &QToolButton::clicked, this, [this] { act(ReviewAction::Merge, Side::Newer); });
    connect(keepNewer, &QAction::triggered, this, [this] { act(ReviewAction::Merge, Side::Newer); });
    connect(keepOlder, &QAction::triggered, this, [this] { act(ReviewAction::Merge, Side::Older); });
    connect(m_supersede, &QPushButton::clicked, this, [this] { act(ReviewAction::Supersede, Side::Newer); });
    connect(m_keepBoth, &QPushButton::clicked, this, [this] { act(ReviewAction::KeepBoth, Side::Newer); });
    connect(m_archiveOlder, &QPushButton::clicked, this, [this] { act(ReviewAction::Archive, Side::Older); });
    connect(m_archiveNewer, &QPushButton::clicked, this, [this] { act(ReviewAction::Archive, Side::Newer); });
    connect(m_edit, &QToolButton::clicked, this, [this] {
        // A stale finding's fact is the older side: the one to bring up to date.
        const ReviewFinding *f = current();
        edit(f && f->kind == FindingKind::Stale ? Side::Older : Side::Newer);
    });
    connect(editOlder, &QAction::triggered, this, [this] { edit(Side::Older); });
    connect(editNewer, &QAction::triggered, this, [this] { edit(Side::Newer); });
    connect(m_undoButton, &QPushButton::clicked, this, &ReviewView::undo);
    auto *undoKey = new QShortcut(QKeySequence::Undo, this);
    undoKey->setContext(Qt::WidgetWithChildrenShortcut);
    connect(undoKey, &QShortcut::activated, this, &ReviewView::undo);

    connect(m_session, &VaultSession::opened, this, [this] {
        m_loaded = false;
        m_undo.clear(); // another vault's actions are not this one's to undo
        refresh();
        updateEmptyState();
        updateButtons();
    });
    // A run that changed nothing (a rescan, the watcher seeing a write the review already indexed)
    // leaves the findings as they were: no request for them.
    connect(m_session, &VaultSession::indexed, this, [this](const IndexReport &report) {
        if (report.indexed + report.removed + report.failed > 0 || !report.changedPaths.isEmpty())
            refresh();
    });
    connect(m_session, &VaultSession::closed, this, [this] {
        m_loaded = m_loading = m_loadAgain = m_busy = false;
        m_undo.clear();
        m_model->setFindings({});
        setStatus(QString());
        updateEmptyState();
        updateButtons();
    });
    connect(m_session, &VaultSession::findingsReady, this, &ReviewView::takeFindings);
    connect(m_session, &VaultSession::reviewResolved, this, &ReviewView::takeResolved);
    connect(m_session, &VaultSession::reviewUndone, this, &ReviewView::takeUndone);
    updateEmptyState();
    updateButtons();
}

void ReviewView::refresh()
{
    if (!m_session->isOpen())
        return;
    if (m_loading) {
        m_loadAgain = true; // the answer in flight may predate what asked
        return;
    }
    m_loading = true;
    m_session->requestFindings();
}

void ReviewView::takeFindings(const QList<ReviewFinding> &findings, const QString &error)
{
    m_loading = false;
    if (!error.isEmpty()) {
        setStatus(tr("Could not read the findings: %1").arg(error), true);
        Q_EMIT failed(tr("Review: could not read the findings: %1").arg(error));
    } else {
        const bool first = !m_loaded;
        m_loaded = true;
        m_model->setFindings(findings);
        // The reasons are short phrases or a sentence (a stale fact's): as wide as the widest of the
        // first list, within bounds; a width the person sets stays.
        if (first) {
            int widest = 0;
            for (int row = 0; row < qMin(m_model->rowCount(), 500); ++row)
                widest = qMax(widest, m_list->fontMetrics().horizontalAdvance(
                                          m_model->index(row, ReviewModel::ReasonColumn).data().toString()));
            m_list->header()->resizeSection(ReviewModel::ReasonColumn, qBound(160, widest + 16, 420));
        }
        if (!m_reselect.isEmpty()) {
            const int row = m_model->rowOf(m_reselect);
            const QModelIndex shown = row >= 0 ? m_proxy->mapFromSource(m_model->index(row, 0)) : QModelIndex();
            if (shown.isValid()) {
                m_list->setCurrentIndex(shown);
                m_reselect.clear();
            }
        }
        ensureCurrent();
    }
    updateEmptyState();
    updateButtons();
    if (std::exchange(m_loadAgain, false))
        refresh();
}

void ReviewView::takeResolved(const QString &, const ReviewUndo &undo, const QString &error)
{
    m_busy = false;
    if (!error.isEmpty()) {
        setStatus(tr("%1 failed: %2").arg(m_pendingWhat, error), true);
        Q_EMIT failed(tr("Review: %1 failed: %2").arg(m_pendingWhat, error));
    } else {
        m_undo.append({undo, m_pendingWhat});
        setStatus(tr("Done: %1.").arg(m_pendingWhat));
    }
    updateButtons();
}

void ReviewView::takeUndone(const QString &, const QString &error)
{
    m_busy = false;
    if (!error.isEmpty()) {
        m_reselect.clear();
        setStatus(tr("Undo of %1 failed: %2").arg(m_pendingWhat, error), true);
        Q_EMIT failed(tr("Review: undo of %1 failed: %2").arg(m_pendingWhat, error));
    } else {
        setStatus(tr("Undone: %1.").arg(m_pendingWhat));
    }
    updateButtons();
}

void ReviewView::act(ReviewAction action, Side side)
{
    const ReviewFinding *f = current();
    if (!f || m_busy)
        return;
    const ReviewSide &chosen = side == Side::Older ? f->older : f->newer;
    const ReviewSide &other = side == Side::Older ? f->newer : f->older;
    const QString take = chosen.chunk.path;
    const QString a = fileName(chosen.chunk.path), b = fileName(other.chunk.path);
    switch (action) {
    case ReviewAction::Merge: m_pendingWhat = tr("merge: kept %1, archived %2").arg(a, b); break;
    case ReviewAction::Supersede: m_pendingWhat = tr("%1 supersedes %2").arg(a, b); break;
    case ReviewAction::KeepBoth: m_pendingWhat = tr("kept both %1 and %2").arg(b, a); break;
    case ReviewAction::Archive: m_pendingWhat = tr("archived %1").arg(a); break;
    }
    m_busy = true;
    setStatus(tr("Working…"));
    updateButtons();
    m_session->requestResolve(f->id, action, take);
}

void ReviewView::undo()
{
    if (m_undo.isEmpty() || m_busy)
        return;
    const Done last = m_undo.takeLast();
    m_pendingWhat = last.what;
    m_reselect = last.undo.findingId;
    m_busy = true;
    setStatus(tr("Undoing…"));
    updateButtons();
    m_session->requestUndoReview(last.undo);
}

void ReviewView::edit(Side side)
{
    if (const ReviewFinding *f = current())
        Q_EMIT editRequested(side == Side::Older ? f->older.chunk.id : f->newer.chunk.id);
}

const ReviewFinding *ReviewView::current() const
{
    const QModelIndex shown = m_list->currentIndex();
    if (!shown.isValid())
        return nullptr;
    const QModelIndex source = m_proxy->mapToSource(shown);
    return source.isValid() ? &m_model->finding(source.row()) : nullptr;
}

void ReviewView::ensureCurrent()
{
    if (!m_list->currentIndex().isValid() && m_proxy->rowCount() > 0)
        m_list->setCurrentIndex(m_proxy->index(0, 0));
    showCurrent();
}

QString ReviewView::infoText(const ReviewSide &side) const
{
    const QString date =
        side.date.isValid() ? QLocale().toString(side.date.toLocalTime().date(), QLocale::LongFormat) : tr("no date");
    return tr("%1 · %2 · recalled %Ln time(s)", nullptr, side.recalls).arg(date, side.source());
}

void ReviewView::showCurrent()
{
    const ReviewFinding *f = current();
    if (!f) {
        for (QLabel *label : {m_reason, m_olderInfo, m_newerInfo, m_olderTitle, m_newerTitle})
            label->clear();
        m_olderText->clear();
        m_newerText->clear();
        updateButtons();
        return;
    }
    const QModelIndex shown = m_list->currentIndex();
    if (!m_list->selectionModel()->isSelected(shown)) // the current row moved here as the one above went
        m_list->selectionModel()->select(shown, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_reason->setText(tr("%1: %2").arg(ReviewModel::kindLabel(f->kind), ReviewModel::reasonText(*f)));
    const bool stale = f->kind == FindingKind::Stale;
    m_olderTitle->setText(stale ? tr("The fact") : tr("Older"));
    m_newerTitle->setText(stale ? tr("Newer material on its subject") : tr("Newer"));
    m_olderInfo->setText(infoText(f->older));
    m_newerInfo->setText(infoText(f->newer));
    m_olderText->setPlainText(f->older.text);
    m_newerText->setPlainText(f->newer.text);
    // What one side says and the other does not: red where only the older has it, green the newer.
    const WordDiff diff(f->older.text, f->newer.text);
    mark(m_olderText, diff.olderOnly(), QColor(220, 50, 47, 70));
    mark(m_newerText, diff.newerOnly(), QColor(40, 170, 60, 70));
    updateButtons();
}

void ReviewView::updateEmptyState()
{
    if (!m_session->isOpen()) {
        m_empty->showMessage(tr("No vault is open."));
        return;
    }
    if (!m_loaded) {
        m_empty->showMessage(tr("Looking for duplicates, contradictions and stale facts…"));
        return;
    }
    if (m_model->rowCount() == 0) {
        m_empty->showMessage(tr("Nothing to review: no duplicates, contradictions or stale facts among your "
                                "memories.\nNew ones show here as the vault is indexed."));
        return;
    }
    if (m_proxy->rowCount() == 0) {
        m_empty->showMessage(
            tr("No findings of this kind; %Ln of other kinds under “All findings”.", nullptr, m_model->rowCount()));
        return;
    }
    m_empty->showContent();
}

void ReviewView::updateButtons()
{
    const ReviewFinding *f = current();
    const bool ready = f && !m_busy;
    // A stale fact is brought up to date or let go: a session replaces no fact, nor is it archived for one.
    const bool paired = ready && f->kind != FindingKind::Stale;
    m_merge->setEnabled(paired);
    m_supersede->setEnabled(paired);
    m_keepBoth->setEnabled(ready);
    m_archiveOlder->setEnabled(ready);
    m_archiveNewer->setEnabled(paired);
    m_edit->setEnabled(f != nullptr);
    m_undoButton->setEnabled(!m_undo.isEmpty() && !m_busy);
    m_undoButton->setToolTip(m_undo.isEmpty() ? tr("Nothing to undo")
                                              : tr("Undo the last action: %1").arg(m_undo.constLast().what));
    if (f) {
        m_archiveOlder->setToolTip(tr("Archive %1 (restorable)").arg(f->older.chunk.path));
        m_archiveNewer->setToolTip(tr("Archive %1 (restorable)").arg(f->newer.chunk.path));
    }
}

void ReviewView::setStatus(const QString &text, bool error)
{
    static_cast<StatusLine *>(m_status)->setFullText(text);
    m_status->setProperty("error", error);
    QPalette palette = this->palette();
    if (error)
        palette.setColor(QPalette::WindowText, QColor(200, 40, 40));
    m_status->setPalette(palette);
}

} // namespace engram
