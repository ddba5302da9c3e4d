#include "MainWindow.h"

#include "Appearance.h"
#include "ConflictDialog.h"
#include "ConnectAgentDialog.h"
#include "DropIngestFilter.h"
#include "ExpectationsDialog.h"
#include "GraphView.h"
#include "HealthDashboard.h"
#include "HelpMenu.h"
#include "IndexStatus.h"
#include "MemoryBrowser.h"
#include "MessageLog.h"
#include "NoteEditor.h"
#include "PackPanel.h"
#include "RecallPanel.h"
#include "RecallResultsModel.h"
#include "RegionMapView.h"
#include "ReviewView.h"
#include "SettingsDialog.h"
#include "StateEditor.h"
#include "SyncConflictBanner.h"
#include "SyncRunner.h"
#include "TimelineView.h"
#include "ToolStatsView.h"
#include "VaultInsights.h"
#include "VaultSession.h"
#include "core/VaultLayout.h"

#include <QAbstractItemView>
#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace engram {

namespace {
const int kMaxRecent = 8;
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent),
      m_session(new VaultSession(this)),
      m_insights(new VaultInsights(m_session, this)),
      m_sync(new SyncRunner(m_session, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    Appearance::applySavedTheme(); // before the views exist: they are made in the chosen colours
    setWindowTitle(tr("Engram"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    m_tabs->setDocumentMode(true);
    m_browser = new MemoryBrowser(m_session, m_tabs);
    m_recall = new RecallPanel(m_session, m_tabs);
    m_pack = new PackPanel(m_session, m_tabs);
    m_state = new StateEditor(m_session, m_tabs);
    m_regions = new RegionMapView(m_session, m_tabs);
    m_graph = new GraphView(m_tabs);
    m_timeline = new TimelineView(m_tabs);
    m_tools = new ToolStatsView(m_tabs);
    m_health = new HealthDashboard(m_session, m_tabs);
    m_review = new ReviewView(m_session, m_tabs);
    m_tabs->addTab(m_browser, tr("&Memories"));
    m_tabs->addTab(m_recall, tr("&Recall"));
    m_tabs->addTab(m_pack, tr("Context &Pack"));
    m_tabs->addTab(m_state, tr("&State"));
    m_tabs->addTab(m_regions, tr("Re&gions"));
    m_tabs->addTab(m_graph, tr("&Associations"));
    m_tabs->addTab(m_timeline, tr("&Consolidation"));
    m_tabs->addTab(m_tools, tr("&Tools"));
    m_tabs->addTab(m_health, tr("&Health"));
    // Not "Re&view": Alt+V opens the View menu.
    m_tabs->addTab(m_review, tr("Rev&iew"));
    // A sync's conflict shows above every view until it is resolved.
    m_conflictBanner = new SyncConflictBanner(this);
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_conflictBanner);
    centralLayout->addWidget(m_tabs, 1);
    setCentralWidget(central);
    connect(m_conflictBanner, &SyncConflictBanner::resolveRequested, this, &MainWindow::showConflicts);
    // A tab is entered to be used: Recall to ask (as Ctrl+L does), by click, Alt+2 or the View menu.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_recall)
            m_recall->focusQuery();
    });

    new IndexStatus(m_session, statusBar());
    auto *drops = new DropIngestFilter(m_session, this);
    m_messages = new MessageLog(statusBar());
    statusBar()->addPermanentWidget(m_messages);
    connect(drops, &DropIngestFilter::message, this, [this](const QString &text, bool refused) {
        report(text, refused ? MessageLog::Severity::Warning : MessageLog::Severity::Info);
    });
    connect(m_session, &VaultSession::failed, m_messages,
            [this](const QString &message) { m_messages->add(message, MessageLog::Severity::Error); });
    connect(m_session, &VaultSession::openFailed, m_messages, [this](const QString &path, const QString &message) {
        m_messages->add(tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), message),
                        MessageLog::Severity::Error);
    });
    connect(m_regions, &RegionMapView::regionClicked, this, [this](const QString &region) {
        m_browser->setRegionFilter(region);
        m_tabs->setCurrentWidget(m_browser);
    });
    connect(m_graph, &GraphView::nodeActivated, this, [this](qint64 id) {
        if (m_browser->showMemory(id))
            m_tabs->setCurrentWidget(m_browser);
    });
    connect(m_session, &VaultSession::opened, this, [this](const QString &path) {
        setWindowTitle(tr("%1[*] — Engram").arg(QDir(path).dirName())); // [*]: unsaved edits
        rememberVault(path);
        refreshConflicts(); // a merge left in conflict by an earlier run
    });
    connect(m_session, &VaultSession::closed, this, &MainWindow::refreshConflicts);
    connect(m_health, &HealthDashboard::fixRequested, this, [this](HealthFix fix) {
        if (fix == HealthFix::ConnectAgent)
            showConnectAgent();
        else if (fix == HealthFix::EditState)
            m_tabs->setCurrentWidget(m_state);
        else if (fix == HealthFix::ResolveConflicts)
            showConflicts();
    });
    connect(m_health, &HealthDashboard::reviewRequested, this, [this] { m_tabs->setCurrentWidget(m_review); });
    connect(m_review, &ReviewView::editRequested, this, [this](qint64 id) {
        if (m_browser->showMemory(id))
            m_tabs->setCurrentWidget(m_browser);
    });
    connect(m_review, &ReviewView::failed, this,
            [this](const QString &message) { report(message, MessageLog::Severity::Error); });
    connect(m_browser->editor(), &NoteEditor::modifiedChanged, this, [this](bool modified) {
        if (windowTitle().contains(QLatin1String("[*]"))) // a vault's title; none open: nothing to mark
            setWindowModified(modified);
    });
    connectInsights();
    createMenus();
    new HelpMenu(this, m_session);
    selectWelcomeNoteOnce();

    QSettings settings;
    resize(1200, 780);
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("window/tab"), 0).toInt());
}

MainWindow::~MainWindow()
{
    // The session is a child, deleted (and so closed) after this destructor; its "closed" would
    // then reach this window's handlers when it is no longer a MainWindow. Close it while it is.
    m_session->close();
}

void MainWindow::selectWelcomeNoteOnce()
{
    // A first look at a vault shows a memory, not an empty editor: the welcome note a new vault
    // starts with, when nothing else was chosen before the catalog arrived.
    connect(m_session, &VaultSession::opened, this, [this] { m_welcomeShown = false; });
    // The first catalog of a new vault may come before the note is indexed: look again at each
    // change until something is selected, in the rows that changed. (Every row of the catalog
    // read again at each change took 50-150 ms at a million memories.)
    auto showWelcome = [this](const QList<MemoryRow> &rows) {
        if (m_welcomeShown)
            return;
        const auto *table = m_browser->findChild<QAbstractItemView *>(QStringLiteral("memoryTable"));
        m_welcomeShown = table && table->selectionModel() && table->selectionModel()->hasSelection();
        for (auto row = rows.cbegin(); !m_welcomeShown && row != rows.cend(); ++row)
            if (row->path == QLatin1String("notes/welcome.md"))
                m_welcomeShown = m_browser->showMemory(row->id);
    };
    connect(m_session, &VaultSession::catalogReset, this, [this, showWelcome] {
        // A vault of its first notes, not one of many thousands whose list shows its first rows.
        constexpr qsizetype kNewVaultRows = 20000;
        if (m_session->catalog().size() <= kNewVaultRows)
            showWelcome(m_session->catalog());
    });
    connect(m_session, &VaultSession::catalogChanged, this,
            [showWelcome](const CatalogDelta &delta) { showWelcome(delta.rows); });
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Vault…"), this, &MainWindow::chooseVault);
    open->setObjectName(QStringLiteral("actionOpenVault"));
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentVaultsMenu"));
    fillRecentMenu();
    file->addSeparator();
    QAction *settingsAction = file->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    settingsAction->setObjectName(QStringLiteral("actionSettings"));
    settingsAction->setShortcut(QKeySequence::Preferences);
    settingsAction->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *memory = menuBar()->addMenu(tr("&Memory"));
    QAction *find = memory->addAction(tr("&Find Memory"), this, [this] {
        m_tabs->setCurrentWidget(m_browser);
        m_browser->focusSearch();
    });
    find->setShortcut(QKeySequence::Find);
    QAction *ask = memory->addAction(tr("&Ask…"), this, [this] {
        m_tabs->setCurrentWidget(m_recall);
        m_recall->focusQuery();
    });
    ask->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    // The pack is for what is on screen: the question asked in Recall, else the pack's own task.
    QAction *copyPack = memory->addAction(tr("&Copy Context Pack"), this, [this] {
        if (m_tabs->currentWidget() != m_pack && !m_recall->question().isEmpty())
            m_pack->copyFor(m_recall->question());
        else
            m_pack->copyToClipboard();
    });
    connect(m_pack, &PackPanel::copied, this, [this](const QString &madeFor) {
        statusBar()->showMessage(tr("Context pack for “%1” copied to the clipboard").arg(madeFor), 8000);
    });
    copyPack->setObjectName(QStringLiteral("actionCopyPack"));
    copyPack->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    memory->addSeparator();
    QAction *consolidate = memory->addAction(tr("C&onsolidate Now"), this, &MainWindow::consolidateNow);
    consolidate->setObjectName(QStringLiteral("actionConsolidate"));
    QAction *reindex = memory->addAction(tr("&Re-index Vault"), m_session, &VaultSession::requestIndexAll);
    reindex->setObjectName(QStringLiteral("actionReindex"));
    reindex->setShortcut(QKeySequence::Refresh);
    QAction *rebuild = memory->addAction(tr("Re&build Index"), m_session, &VaultSession::requestRebuild);
    rebuild->setObjectName(QStringLiteral("actionRebuild"));
    QAction *watch = memory->addAction(tr("&Watch Vault for Changes"));
    watch->setObjectName(QStringLiteral("actionWatch"));
    watch->setCheckable(true);
    watch->setChecked(true);
    connect(watch, &QAction::toggled, m_session, &VaultSession::setWatching);

    createSyncMenu();

    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    QAction *connectAgent = tools->addAction(tr("Connect &Agent…"), this, &MainWindow::showConnectAgent);
    connectAgent->setObjectName(QStringLiteral("actionConnectAgent"));
    connectAgent->setToolTip(tr("Add Engram's hooks and MCP server to Claude Code or Codex, or take them out"));
    QAction *expectations = tools->addAction(tr("&Expectations…"), this, &MainWindow::showExpectations);
    expectations->setObjectName(QStringLiteral("actionExpectations"));
    expectations->setToolTip(tr("Which questions still find the memory marked as their right answer"));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction *go = view->addAction(m_tabs->tabText(i).remove(QLatin1Char('&')), this,
                                      [this, i] { m_tabs->setCurrentIndex(i); });
        // Alt+1 … Alt+9, then Alt+0 for the tenth.
        if (i < 10)
            go->setShortcut(QKeySequence(Qt::ALT | Qt::Key(i < 9 ? Qt::Key_1 + i : Qt::Key_0)));
    }
    view->addSeparator();
    createAppearanceMenu(view);
}

void MainWindow::createAppearanceMenu(QMenu *view)
{
    // Light or dark whatever the desktop says: a desktop without a dark theme had no way to one.
    QMenu *appearance = view->addMenu(tr("&Appearance"));
    appearance->setObjectName(QStringLiteral("appearanceMenu"));
    auto *themes = new QActionGroup(appearance);
    const Appearance::Theme saved = Appearance::savedTheme();
    const struct {
        Appearance::Theme theme;
        QString text;
        const char *name;
    } choices[] = {{Appearance::Theme::System, tr("&System"), "actionAppearanceSystem"},
                   {Appearance::Theme::Light, tr("&Light"), "actionAppearanceLight"},
                   {Appearance::Theme::Dark, tr("&Dark"), "actionAppearanceDark"}};
    for (const auto &choice : choices) {
        QAction *action = appearance->addAction(choice.text);
        action->setObjectName(QLatin1String(choice.name));
        action->setCheckable(true);
        action->setChecked(choice.theme == saved);
        themes->addAction(action);
        const Appearance::Theme theme = choice.theme;
        connect(action, &QAction::triggered, this, [theme] { Appearance::setTheme(theme); });
    }
}

void MainWindow::connectInsights()
{
    connect(m_insights, &VaultInsights::ready, this, [this] {
        const VaultInsightData &d = m_insights->data();
        m_browser->setStrengths(d.strengths, d.strengthsMoved, d.sessionsMoved);
        if (!d.regions.isEmpty())
            m_regions->setStats(d.regions);
        m_graph->setData(d.graph, d.focus);
        m_tools->setData(d.tools);
        m_timeline->setData(d.timeline);
        if (!d.error.isEmpty())
            report(d.error, MessageLog::Severity::Error);
    });
    // The graph shows what the person is looking at: the memory selected, or the question asked.
    connect(m_browser, &MemoryBrowser::memorySelected, m_graph, [this](qint64 id) { m_graph->focusNode(id); });
    connect(m_recall->model(), &QAbstractItemModel::modelReset, m_graph, [this] {
        QList<qint64> best;
        for (const RecallResult &r : m_recall->model()->results().mid(0, 5))
            best << r.chunk.id;
        if (!best.isEmpty())
            m_graph->focusQuestion(m_recall->question(), best);
    });
    connect(m_timeline, &TimelineView::digestSelected, this, [this](const QString &path) {
        if (auto root = m_insights->lineage(path))
            m_timeline->setLineage(path, *root);
        else
            m_timeline->setStatus(root.error().toString());
    });
    connect(m_timeline, &TimelineView::consolidateRequested, this, &MainWindow::consolidateNow);
    connect(m_insights, &VaultInsights::consolidationStarted, this,
            [this] { m_timeline->setStatus(tr("Consolidating…"), true); });
    connect(m_insights, &VaultInsights::consolidationFinished, this, [this](const QString &summary) {
        m_timeline->setStatus(summary);
        report(summary, MessageLog::Severity::Info); // logged; a run that went well asks nothing of the person
        m_sync->afterConsolidation();
    });
    connect(m_insights, &VaultInsights::consolidationFailed, this, [this](const QString &message) {
        m_timeline->setStatus(tr("Consolidation failed: %1").arg(message));
        report(tr("Consolidation failed: %1").arg(message), MessageLog::Severity::Error);
    });
}

void MainWindow::report(const QString &text, MessageLog::Severity severity)
{
    statusBar()->showMessage(text, 10000);
    m_messages->add(text, severity); // kept until read: the status bar's line is gone with the next progress line
}

void MainWindow::consolidateNow()
{
    if (!m_insights->consolidateNow())
        statusBar()->showMessage(
            m_session->isOpen() ? tr("A consolidation is already running") : tr("No vault is open"), 5000);
}

void MainWindow::createSyncMenu()
{
    QMenu *sync = menuBar()->addMenu(tr("S&ync"));
    QAction *now = sync->addAction(tr("&Sync Now"), this, &MainWindow::syncNow);
    now->setObjectName(QStringLiteral("actionSyncNow"));
    now->setToolTip(tr("Commit the vault's changes, merge the remote's and push (git)"));
    QAction *conflicts = sync->addAction(tr("&Resolve Conflicts…"), this, &MainWindow::showConflicts);
    conflicts->setObjectName(QStringLiteral("actionResolveConflicts"));
    connect(m_sync, &SyncRunner::started, this, [this] { statusBar()->showMessage(tr("Syncing…")); });
    connect(m_sync, &SyncRunner::progress, this,
            [this](const QString &step) { statusBar()->showMessage(tr("Sync: %1").arg(step), 10000); });
    connect(m_sync, &SyncRunner::finished, this, &MainWindow::reportSync);
    connect(m_sync, &SyncRunner::finished, this, &MainWindow::refreshConflicts);
}

void MainWindow::syncNow()
{
    if (!m_session->isOpen()) {
        statusBar()->showMessage(tr("No vault is open"), 5000);
        return;
    }
    if (!m_sync->isRepository() && !offerRepository())
        return;
    if (!m_sync->syncNow())
        statusBar()->showMessage(tr("A sync is already running"), 5000);
}

bool MainWindow::offerRepository()
{
    QMessageBox ask(
        QMessageBox::Question, tr("Sync"),
        tr("%1 is not a git repository yet. Make it one?").arg(QDir::toNativeSeparators(m_session->vaultPath())),
        QMessageBox::Yes | QMessageBox::Cancel, this);
    ask.setObjectName(QStringLiteral("makeRepositoryPrompt"));
    ask.setInformativeText(tr("Engram syncs a vault with git: it commits your files (never the index in .engram/), "
                              "merges what other machines pushed, and pushes. Nothing in the vault is changed but "
                              "a .gitignore and a .gitattributes."));
    if (ask.exec() != QMessageBox::Yes)
        return false;
    QInputDialog remote(this);
    remote.setObjectName(QStringLiteral("remoteUrlDialog"));
    remote.setWindowTitle(tr("Sync"));
    remote.setLabelText(tr("The remote to sync with (a git URL or a folder); leave empty to commit locally for now:"));
    if (remote.exec() != QDialog::Accepted)
        return false;
    auto made = m_sync->makeRepository(remote.textValue().trimmed());
    if (!made) {
        report(tr("Could not make the vault a repository: %1").arg(made.error().toString()),
               MessageLog::Severity::Error);
        return false;
    }
    return true;
}

void MainWindow::reportSync(const SyncReport &r)
{
    QString text;
    switch (r.outcome) {
    case SyncReport::Outcome::UpToDate: text = tr("Sync: up to date"); break;
    case SyncReport::Outcome::Synced:
        text = tr("Synced with %1: %2 file(s) committed, %3 received")
                   .arg(r.remote)
                   .arg(r.committedPaths.size())
                   .arg(r.receivedPaths.size());
        break;
    case SyncReport::Outcome::LocalOnly: text = tr("Committed locally; push skipped: %1").arg(r.pushSkipped); break;
    case SyncReport::Outcome::Conflicts:
        text = tr("Sync stopped: %Ln file(s) in conflict, changed on both machines: %1 (Resolve… above)", nullptr,
                  int(r.conflicts.size()))
                   .arg(r.conflicts.join(QStringLiteral(", ")));
        break;
    case SyncReport::Outcome::Failed: text = tr("Sync failed: %1").arg(r.error.toString()); break;
    }
    // Conflicts and failures wait to be read; a sync that went well only goes in the log.
    const bool needsThePerson = r.outcome == SyncReport::Outcome::Conflicts || r.outcome == SyncReport::Outcome::Failed;
    report(text, needsThePerson ? MessageLog::Severity::Error : MessageLog::Severity::Info);
    if (!r.refusedFiles.isEmpty())
        report(tr("Not committed (too large): %1").arg(r.refusedFiles.join(QStringLiteral("; "))),
               MessageLog::Severity::Warning);
}

void MainWindow::showConflicts()
{
    if (!m_session->isOpen()) {
        statusBar()->showMessage(tr("No vault is open"), 5000);
        return;
    }
    auto *dialog = new ConflictDialog(m_sync->service(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ConflictDialog::resolved, m_session, [this](const QString &path) {
        m_session->requestIndexPaths({path});
        refreshConflicts();
    });
    connect(dialog, &ConflictDialog::allResolved, this, [this] { m_sync->syncNow(); });
    dialog->show();
}

void MainWindow::refreshConflicts()
{
    QStringList files;
    QList<MemoryBrowser::ConflictedNote> notes;
    if (m_session->isOpen() && m_sync->isRepository()) {
        const VaultSync sync = m_sync->service();
        if (auto listed = sync.conflicts())
            files = *listed;
        for (const QString &path : std::as_const(files)) {
            // The last good version is this machine's as it was committed before the merge (the
            // common ancestor's when this machine had none).
            auto sides = sync.sides(path);
            if (sides && (sides->hasMine || sides->hasBase))
                notes.append({path, sides->hasMine ? sides->mine : sides->base});
        }
    }
    m_conflictBanner->setFiles(files);
    m_browser->setConflicts(notes);
}

QStringList MainWindow::recentVaults()
{
    return QSettings().value(QStringLiteral("vaults/recent")).toStringList();
}

void MainWindow::rememberVault(const QString &path)
{
    QStringList recent = recentVaults();
    recent.removeAll(path);
    recent.prepend(path);
    QSettings settings;
    settings.setValue(QStringLiteral("vaults/recent"), recent.mid(0, kMaxRecent));
    settings.setValue(QStringLiteral("vaults/last"), path);
    fillRecentMenu();
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = recentVaults();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent.at(i);
        QAction *action =
            m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(path)), this,
                                    [this, path] { openVaultAsking(path); });
        action->setEnabled(QFileInfo(path).isDir());
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::openVault(const QString &path)
{
    m_session->open(QDir(path).absolutePath());
}

bool MainWindow::openVaultAsking(const QString &path)
{
    const QString absolute = QDir(path).absolutePath();
    const QString shown = QDir::toNativeSeparators(absolute);
    if (!QFileInfo(absolute).isDir()) {
        QMessageBox missing(QMessageBox::Warning, tr("Open Vault"),
                            tr("%1 does not exist or is not a folder.").arg(shown), QMessageBox::Ok, this);
        missing.setObjectName(QStringLiteral("vaultMissingMessage"));
        missing.exec();
        return false;
    }
    if (!VaultLayout::isVault(absolute)) {
        QMessageBox ask(QMessageBox::Question, tr("Open Vault"), tr("Make %1 an Engram vault?").arg(shown),
                        QMessageBox::Yes | QMessageBox::Cancel, this);
        ask.setObjectName(QStringLiteral("makeVaultPrompt"));
        ask.setDefaultButton(QMessageBox::Yes); // Enter accepts, whatever the platform theme's order of buttons
        ask.setInformativeText(
            tr("Engram keeps its index in .engram/ inside the folder and adds the folders "
               "notes/, memories/, sessions/, consolidated/ and state/. Your files stay as they are."));
        if (ask.exec() != QMessageBox::Yes)
            return false;
    }
    if (!confirmLeavingEdits())
        return false;
    openVault(absolute);
    return true;
}

bool MainWindow::confirmLeavingEdits(NoteEditor::Leaving leaving)
{
    return m_browser->editor()->maybeSave(leaving) && m_state->maybeSave();
}

void MainWindow::chooseVault()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Open Vault"), m_session->vaultPath());
    if (!path.isEmpty())
        openVaultAsking(path);
}

void MainWindow::showSettings()
{
    if (!m_session->isOpen())
        return;
    // Window-modal without a nested event loop: its expectation preview runs as a job meanwhile.
    auto *dialog = new SettingsDialog(m_session->vaultPath(), m_session->engine(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (dialog->needsReopen() && confirmLeavingEdits())
            openVault(m_session->vaultPath());
    });
    dialog->open();
}

void MainWindow::showExpectations()
{
    if (!m_session->isOpen()) {
        statusBar()->showMessage(tr("Open a vault first: expectations live in its state/ folder"), 5000);
        return;
    }
    auto *dialog = new ExpectationsDialog(m_session, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->check();
}

void MainWindow::showConnectAgent()
{
    if (!m_session->isOpen()) {
        statusBar()->showMessage(tr("Open a vault first: the agent is connected to the open vault"), 5000);
        return;
    }
    // Modeless: the person can read a session while deciding.
    auto *dialog = new ConnectAgentDialog(m_session->vaultPath(), ConnectAgentDialog::findProgram(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!confirmLeavingEdits(NoteEditor::Leaving::Quit)) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/tab"), m_tabs->currentIndex());
    m_browser->saveSettings();
    m_session->close();
    event->accept();
}

} // namespace engram
