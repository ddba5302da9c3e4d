#pragma once

#include <QObject>

class QMainWindow;
class QMenu;

namespace engram {

class VaultSession;

/// The Help menu: About (version, licence and the paths of the open vault, its index, its
/// configuration and the workbench's settings), every keyboard shortcut of the window's menus, and
/// the README's guide to wiring Engram into an agent.
class HelpMenu : public QObject {
    Q_OBJECT
public:
    static constexpr const char *kAgentGuideUrl = "https://github.com/engram/engram#wiring-engram-into-an-agent";

    /// Adds the menu to `window`'s menu bar, last.
    HelpMenu(QMainWindow *window, VaultSession *session);

    /// The About text, as HTML.
    QString aboutText() const;
    /// "Ctrl+O\tOpen Vault…" for every action with a shortcut in the window's menus.
    QStringList shortcuts() const;

    void showAbout();
    void showShortcuts();

private:
    QMainWindow *m_window;
    VaultSession *m_session;
};

} // namespace engram
