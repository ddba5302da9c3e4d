#pragma once

#include "MessageLog.h"
#include "NoteEditor.h"

#include <QMainWindow>

class QMenu;
class QTabWidget;

namespace engram {

struct SyncReport;
class GraphView;
class HealthDashboard;
class MemoryBrowser;
class PackPanel;
class RecallPanel;
class RegionMapView;
class ReviewView;
class StateEditor;
class SyncConflictBanner;
class SyncRunner;
class TimelineView;
class ToolStatsView;
class VaultInsights;
class VaultSession;

/// The workbench window. It arranges the views in tabs, owns the menus and
/// shortcuts, and restores its state; each view is its own widget over its
/// own model and talks to the VaultSession itself.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Starts opening a vault (the window stays responsive; progress shows in the status bar).
    void openVault(const QString &path);
    /// Opens a vault the person named: a missing folder is an error naming it, a folder that is
    /// not yet a vault is made one only after asking, and unsaved edits are saved, discarded or
    /// kept first. False when nothing was opened.
    bool openVaultAsking(const QString &path);
    /// Unsaved edits of the note and of the state: saved, discarded, or (false) the person cancelled.
    bool confirmLeavingEdits(NoteEditor::Leaving leaving = NoteEditor::Leaving::Vault);
    VaultSession *session() const { return m_session; }
    /// Strengths, graph, tool statistics and the consolidation ledger, computed off the UI thread.
    VaultInsights *insights() const { return m_insights; }

    MemoryBrowser *browser() const { return m_browser; }
    RecallPanel *recallPanel() const { return m_recall; }
    PackPanel *packPanel() const { return m_pack; }
    StateEditor *stateEditor() const { return m_state; }
    HealthDashboard *healthDashboard() const { return m_health; }
    GraphView *graphView() const { return m_graph; }
    TimelineView *timelineView() const { return m_timeline; }
    ToolStatsView *toolStatsView() const { return m_tools; }
    RegionMapView *regionMap() const { return m_regions; }
    ReviewView *reviewView() const { return m_review; }
    QTabWidget *tabs() const { return m_tabs; }
    /// Syncs the vault with its git remote off the UI thread (Sync menu, after consolidation, timer).
    SyncRunner *syncRunner() const { return m_sync; }
    /// The messages that matter, kept until read (status bar button "messagesButton").
    MessageLog *messageLog() const { return m_messages; }
    SyncConflictBanner *conflictBanner() const { return m_conflictBanner; }

    static QStringList recentVaults();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    /// View › Appearance: System, Light or Dark, remembered for the next start.
    void createAppearanceMenu(QMenu *view);
    void selectWelcomeNoteOnce();
    void rememberVault(const QString &path);
    void fillRecentMenu();
    void chooseVault();
    void showSettings();
    void showConnectAgent();
    void showExpectations();
    void connectInsights();
    void consolidateNow();
    void createSyncMenu();
    void syncNow();
    void showConflicts();
    /// The files a sync left in conflict, read from git: named in the banner, and listed in
    /// Memories with their last good version.
    void refreshConflicts();
    /// Offers to make the open vault a git repository; true when it became one.
    bool offerRepository();
    void reportSync(const SyncReport &report);
    /// A message that matters: shown in the status bar and kept in the message log.
    void report(const QString &text, MessageLog::Severity severity);

    VaultSession *m_session;
    VaultInsights *m_insights;
    SyncRunner *m_sync;
    QTabWidget *m_tabs;
    MemoryBrowser *m_browser;
    RecallPanel *m_recall;
    PackPanel *m_pack;
    StateEditor *m_state;
    RegionMapView *m_regions;
    GraphView *m_graph;
    TimelineView *m_timeline;
    ToolStatsView *m_tools;
    HealthDashboard *m_health;
    ReviewView *m_review;
    SyncConflictBanner *m_conflictBanner;
    QMenu *m_recentMenu = nullptr;
    bool m_welcomeShown = false;
    MessageLog *m_messages = nullptr;
};

} // namespace engram
