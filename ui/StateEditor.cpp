#include "StateEditor.h"

#include "CognitiveStateDocument.h"
#include "EmptyState.h"
#include "ProposalPanel.h"
#include "StateListModel.h"
#include "VaultSession.h"
#include "cognition/Reflection.h"

#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace engram {

StateEditor::StateEditor(VaultSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_document(new CognitiveStateDocument(this))
{
    setObjectName(QStringLiteral("stateEditor"));
    auto *content = new QWidget(this);
    m_focus = new QLineEdit(content);
    m_focus->setObjectName(QStringLiteral("stateFocus"));
    m_focus->setPlaceholderText(tr("What the agent is focused on now…"));
    QUndoStack *undo = m_document->undoStack();
    auto *undoButton = new QPushButton(tr("&Undo"), content);
    undoButton->setObjectName(QStringLiteral("stateUndoButton"));
    undoButton->setShortcut(QKeySequence::Undo);
    auto *redoButton = new QPushButton(tr("&Redo"), content);
    redoButton->setObjectName(QStringLiteral("stateRedoButton"));
    redoButton->setShortcut(QKeySequence::Redo);
    m_save = new QPushButton(tr("&Save"), content);
    m_save->setObjectName(QStringLiteral("stateSaveButton"));
    m_save->setShortcut(QKeySequence::Save);
    auto *reload = new QPushButton(tr("Re&load"), content);
    reload->setObjectName(QStringLiteral("stateReloadButton"));
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Focus:"), content));
    top->addWidget(m_focus, 1);
    top->addWidget(undoButton);
    top->addWidget(redoButton);
    top->addWidget(reload);
    top->addWidget(m_save);

    auto *grid = new QGridLayout;
    grid->addWidget(
        makeListEditor(StateList::Priorities, QStringLiteral("priority"), tr("Priorities"), tr("Add a priority…")), 0,
        0);
    grid->addWidget(makeListEditor(StateList::Heuristics, QStringLiteral("heuristic"), tr("Heuristics"),
                                   tr("Add a rule of thumb…")),
                    0, 1);
    grid->addWidget(
        makeListEditor(StateList::Learnings, QStringLiteral("learning"), tr("Learnings"), tr("Add something learned…")),
        1, 0);
    grid->addWidget(makeListEditor(StateList::Avoidances, QStringLiteral("avoidance"), tr("Avoidances"),
                                   tr("Add something to avoid…")),
                    1, 1);
    m_proposals = new ProposalPanel(content);
    m_status = new QLabel(content);
    m_status->setObjectName(QStringLiteral("stateStatus"));
    m_status->setWordWrap(true);

    // An outside change while there are edits here: the person chooses, item by item if they like.
    m_conflict = new QWidget(content);
    m_conflict->setObjectName(QStringLiteral("stateConflictBanner"));
    m_conflict->setAutoFillBackground(true);
    QPalette bannerPalette = m_conflict->palette();
    bannerPalette.setColor(QPalette::Window, bannerPalette.color(QPalette::ToolTipBase));
    bannerPalette.setColor(QPalette::WindowText, bannerPalette.color(QPalette::ToolTipText));
    m_conflict->setPalette(bannerPalette);
    auto *conflictText = new QLabel(
        tr("state/cognitive.json changed on disk while you were editing. Keep yours, take the one on disk, or "
           "merge them (items added on either side stay, items deleted on either side go)."),
        m_conflict);
    conflictText->setWordWrap(true);
    auto *keepMine = new QPushButton(tr("&Keep Mine"), m_conflict);
    keepMine->setObjectName(QStringLiteral("stateKeepMineButton"));
    keepMine->setToolTip(tr("Save your version over the one on disk"));
    auto *takeTheirs = new QPushButton(tr("&Take Theirs"), m_conflict);
    takeTheirs->setObjectName(QStringLiteral("stateTakeTheirsButton"));
    takeTheirs->setToolTip(tr("Drop your edits and load the version on disk"));
    auto *merge = new QPushButton(tr("&Merge"), m_conflict);
    merge->setObjectName(QStringLiteral("stateMergeButton"));
    merge->setToolTip(tr("Combine both, item by item; you review and save the result"));
    auto *conflictLayout = new QHBoxLayout(m_conflict);
    conflictLayout->addWidget(conflictText, 1);
    conflictLayout->addWidget(keepMine);
    conflictLayout->addWidget(takeTheirs);
    conflictLayout->addWidget(merge);
    m_conflict->hide();

    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->addWidget(m_conflict);
    contentLayout->addLayout(top);
    contentLayout->addLayout(grid, 1);
    contentLayout->addWidget(m_proposals);
    contentLayout->addWidget(m_status);
    m_empty = new EmptyState(content, this);
    m_empty->showMessage(tr("No vault is open."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_empty);

    connect(undoButton, &QPushButton::clicked, undo, &QUndoStack::undo);
    connect(redoButton, &QPushButton::clicked, undo, &QUndoStack::redo);
    connect(undo, &QUndoStack::canUndoChanged, undoButton, &QPushButton::setEnabled);
    connect(undo, &QUndoStack::canRedoChanged, redoButton, &QPushButton::setEnabled);
    connect(undo, &QUndoStack::undoTextChanged, undoButton,
            [undoButton](const QString &text) { undoButton->setToolTip(tr("Undo %1").arg(text)); });
    connect(undo, &QUndoStack::cleanChanged, m_save, [this](bool clean) { m_save->setEnabled(!clean); });
    undoButton->setEnabled(false);
    redoButton->setEnabled(false);
    m_save->setEnabled(false);
    connect(m_save, &QPushButton::clicked, this, &StateEditor::save);
    connect(reload, &QPushButton::clicked, this, &StateEditor::load);
    connect(m_focus, &QLineEdit::editingFinished, this, [this] { m_document->setFocusText(m_focus->text()); });
    connect(m_document, &CognitiveStateDocument::stateReset, this, [this] {
        if (m_focus->text() != m_document->state().focus.current)
            m_focus->setText(m_document->state().focus.current);
    });
    connect(m_document, &CognitiveStateDocument::changedExternally, this, [this] {
        if (!m_document->isModified()) {
            load();
            showStatus(tr("Reloaded: state/cognitive.json changed on disk."));
        } else {
            showConflict();
        }
    });
    connect(keepMine, &QPushButton::clicked, this, [this] {
        m_conflict->hide();
        m_document->setFocusText(m_focus->text());
        if (Status s = m_document->save(true); !s)
            return showStatus(s.error().toString());
        showStatus(tr("Saved your version over the one on disk: %1").arg(m_document->filePath()));
    });
    connect(takeTheirs, &QPushButton::clicked, this, [this] {
        m_conflict->hide();
        load();
        showStatus(tr("Took the version on disk; your edits were dropped."));
    });
    connect(merge, &QPushButton::clicked, this, &StateEditor::mergeWithDisk);
    connect(m_proposals, &ProposalPanel::accepted, this,
            [this](const ReflectionProposal &p) { resolveProposal(p, true); });
    connect(m_proposals, &ProposalPanel::rejected, this,
            [this](const ReflectionProposal &p) { resolveProposal(p, false); });
    connect(m_session, &VaultSession::opened, this, &StateEditor::load);
    connect(m_session, &VaultSession::closed, this, [this] {
        m_document->close();
        m_empty->showMessage(tr("No vault is open."));
    });
}

QWidget *StateEditor::makeListEditor(StateList list, const QString &name, const QString &title,
                                     const QString &placeholder)
{
    auto *box = new QGroupBox(title);
    auto *model = new StateListModel(m_document, list, this);
    m_models << model;
    auto *view = new QListView(box);
    view->setObjectName(name + QStringLiteral("List"));
    view->setModel(model);
    view->setWordWrap(true);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    auto *input = new QLineEdit(box);
    input->setObjectName(name + QStringLiteral("Input"));
    input->setPlaceholderText(placeholder);
    auto *add = new QPushButton(tr("Add"), box);
    add->setObjectName(name + QStringLiteral("AddButton"));
    auto *remove = new QPushButton(tr("Delete"), box);
    remove->setObjectName(name + QStringLiteral("DeleteButton"));
    auto *up = new QPushButton(tr("Up"), box);
    up->setObjectName(name + QStringLiteral("UpButton"));
    auto *down = new QPushButton(tr("Down"), box);
    down->setObjectName(name + QStringLiteral("DownButton"));
    auto *row = new QHBoxLayout;
    row->addWidget(input, 1);
    row->addWidget(add);
    row->addWidget(remove);
    row->addWidget(up);
    row->addWidget(down);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(view, 1);
    layout->addLayout(row);

    auto addItem = [this, list, input] {
        m_document->addItem(list, input->text());
        input->setText(QString()); // unlike clear(), forgets the box's own undo: Ctrl+Z now undoes the item
    };
    input->installEventFilter(this);
    connect(add, &QPushButton::clicked, this, addItem);
    connect(input, &QLineEdit::returnPressed, this, addItem);
    connect(remove, &QPushButton::clicked, this, [this, list, view] {
        if (view->currentIndex().isValid())
            m_document->removeItem(list, view->currentIndex().row());
    });
    auto move = [this, list, view, model](int delta) {
        const int from = view->currentIndex().row();
        if (from < 0)
            return;
        m_document->moveItem(list, from, from + delta);
        view->setCurrentIndex(model->index(qBound(0, from + delta, model->rowCount() - 1)));
    };
    connect(up, &QPushButton::clicked, this, [move] { move(-1); });
    connect(down, &QPushButton::clicked, this, [move] { move(+1); });
    return box;
}

bool StateEditor::eventFilter(QObject *watched, QEvent *event)
{
    // A line edit takes Ctrl+Z and Ctrl+Shift+Z for itself even with nothing to undo. When the
    // box has nothing of its own to undo, the key goes to the view's undo stack instead, so the
    // item just added with Enter is what Ctrl+Z takes back.
    auto *input = qobject_cast<QLineEdit *>(watched);
    if (input && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool undo = key->matches(QKeySequence::Undo) && !input->isUndoAvailable();
        const bool redo = key->matches(QKeySequence::Redo) && !input->isRedoAvailable();
        if (undo || redo) {
            event->accept();
            if (event->type() == QEvent::KeyPress)
                undo ? m_document->undoStack()->undo() : m_document->undoStack()->redo();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void StateEditor::load()
{
    if (!m_session->isOpen())
        return;
    m_conflict->hide();
    if (Status s = m_document->open(m_session->vaultPath()); !s) {
        m_empty->showMessage(
            tr("state/cognitive.json cannot be read: %1\nFix the file or move it aside.").arg(s.error().toString()));
        return;
    }
    m_empty->showContent();
    loadProposals();
    showStatus(QFileInfo::exists(m_document->filePath())
                   ? tr("Editing %1").arg(m_document->filePath())
                   : tr("No cognitive state yet: saving creates %1").arg(m_document->filePath()));
}

bool StateEditor::save()
{
    m_document->setFocusText(m_focus->text());
    if (m_document->changedOnDisk()) {
        showConflict(); // never a dead end: the banner offers keep, take or merge
        return false;
    }
    if (Status s = m_document->save(); !s) {
        showStatus(s.error().toString());
        return false;
    }
    showStatus(tr("Saved %1").arg(m_document->filePath()));
    return true;
}

bool StateEditor::maybeSave()
{
    m_document->setFocusText(m_focus->text());
    if (!m_document->isModified())
        return true;
    QMessageBox ask(QMessageBox::Question, tr("Unsaved Changes"),
                    tr("The cognitive state has changes that are not saved."),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    ask.setObjectName(QStringLiteral("unsavedStatePrompt"));
    ask.setDefaultButton(QMessageBox::Save);
    switch (ask.exec()) {
    case QMessageBox::Save: return save();
    case QMessageBox::Discard: m_document->undoStack()->setClean(); return true;
    default: return false;
    }
}

void StateEditor::loadProposals()
{
    QList<ReflectionProposal> proposals;
    if (m_session->isOpen()) {
        const Reflection reflection(m_session->vaultPath(), m_session->engine()->config().llmEndpoint);
        auto records = reflection.load();
        if (!records) {
            showStatus(tr("Reflection proposals cannot be read: %1").arg(records.error().toString()));
        } else {
            for (const ReflectionRecord &r : std::as_const(*records)) {
                if (r.status != QLatin1String("proposed"))
                    continue;
                for (int i = 0; i < r.proposals.size(); ++i) {
                    const Learning &l = r.proposals.at(i);
                    const QString when = QLocale().toString(r.time.toLocalTime(), QLocale::ShortFormat);
                    proposals << ReflectionProposal{l.category, l.text,
                                                    l.context.isEmpty()
                                                        ? tr("Proposed by %1 on %2").arg(r.model, when)
                                                        : tr("%1 (proposed by %2 on %3)").arg(l.context, r.model, when),
                                                    r.id, i};
                }
            }
        }
    }
    m_proposals->setProposals(proposals);
}

void StateEditor::resolveProposal(const ReflectionProposal &proposal, bool accept)
{
    if (!m_session->isOpen())
        return;
    // Reflection writes the state file itself: pending edits are saved first so neither is lost.
    if (accept && m_document->isModified() && !save())
        return loadProposals();
    const Reflection reflection(m_session->vaultPath(), m_session->engine()->config().llmEndpoint);
    const QDateTime now = m_session->engine()->now();
    const Status s = accept ? reflection.accept(proposal.reflectionId, {proposal.index}, now)
                            : reflection.dismiss(proposal.reflectionId, now);
    if (!s) {
        showStatus(s.error().toString());
        return loadProposals();
    }
    if (accept) {
        load();
        showStatus(tr("Accepted as a learning: “%1”").arg(proposal.text));
    } else {
        loadProposals();
        showStatus(tr("Reflection dismissed."));
    }
}

void StateEditor::showConflict()
{
    m_conflict->show();
    showStatus(tr("state/cognitive.json changed on disk: choose Keep Mine, Take Theirs or Merge above."));
}

void StateEditor::mergeWithDisk()
{
    m_document->setFocusText(m_focus->text());
    auto report = m_document->mergeWithDisk();
    if (!report)
        return showStatus(report.error().toString());
    m_conflict->hide();
    QString text = tr("Merged: %Ln item(s) from disk", nullptr, report->fromDisk)
                   + tr(", %Ln of yours kept", nullptr, report->kept) + tr(", %Ln deleted", nullptr, report->removed);
    if (report->focusConflict)
        text += tr("; both changed the focus: yours is kept");
    showStatus(text + tr(". Review and save (Undo takes the merge back)."));
}

void StateEditor::showStatus(const QString &text)
{
    m_status->setText(text);
}

} // namespace engram
