#include "HelpMenu.h"

#include "VaultSession.h"

#include <QAction>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QSettings>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace engram {

namespace {

void collect(const QMenu *menu, QStringList &out)
{
    for (QAction *action : menu->actions()) {
        if (action->menu())
            collect(action->menu(), out);
        else if (!action->shortcut().isEmpty())
            out << action->shortcut().toString(QKeySequence::NativeText) + QLatin1Char('\t')
                       + action->text().remove(QLatin1Char('&'));
    }
}

QDialog *dialog(QWidget *parent, const QString &objectName, const QString &title)
{
    auto *d = new QDialog(parent);
    d->setObjectName(objectName);
    d->setWindowTitle(title);
    d->setAttribute(Qt::WA_DeleteOnClose);
    return d;
}

} // namespace

HelpMenu::HelpMenu(QMainWindow *window, VaultSession *session) : QObject(window), m_window(window), m_session(session)
{
    QMenu *help = window->menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction *shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, &HelpMenu::showShortcuts);
    shortcuts->setObjectName(QStringLiteral("actionShortcuts"));
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    QAction *guide = help->addAction(tr("&Wiring Engram into an Agent"), this,
                                     [] { QDesktopServices::openUrl(QUrl(QLatin1String(kAgentGuideUrl))); });
    guide->setObjectName(QStringLiteral("actionAgentGuide"));
    guide->setToolTip(QLatin1String(kAgentGuideUrl));
    help->addSeparator();
    QAction *about = help->addAction(tr("&About Engram"), this, &HelpMenu::showAbout);
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
}

QString HelpMenu::aboutText() const
{
    const QString vault = m_session->vaultPath();
    auto path = [](const QString &p) { return QDir::toNativeSeparators(p).toHtmlEscaped(); };
    QString rows;
    auto row = [&rows](const QString &label, const QString &value) {
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(label, value);
    };
    if (vault.isEmpty()) {
        row(tr("Vault"), tr("none open"));
    } else {
        row(tr("Vault"), path(vault));
        row(tr("Index"), path(QDir(vault).filePath(QStringLiteral(".engram"))));
        row(tr("Configuration"), path(QDir(vault).filePath(QStringLiteral("engram.json"))));
    }
    row(tr("Workbench settings"), path(QSettings().fileName()));
    return tr("<h3>Engram %1</h3><p>A memory workbench for AI agents: plain files in a vault, an index derived "
              "from them, recall and context packs for the agent.</p><p>Licensed under the MIT licence.</p>")
               .arg(QStringLiteral(ENGRAM_VERSION))
           + QStringLiteral("<table cellspacing='4'>%1</table>").arg(rows)
           + tr("<p><a href='%1'>Wiring Engram into an agent</a> (README)</p>").arg(QLatin1String(kAgentGuideUrl));
}

QStringList HelpMenu::shortcuts() const
{
    QStringList out;
    for (QAction *action : m_window->menuBar()->actions())
        if (action->menu())
            collect(action->menu(), out);
    return out;
}

void HelpMenu::showAbout()
{
    QDialog *about = dialog(m_window, QStringLiteral("aboutDialog"), tr("About Engram"));
    auto *text = new QLabel(aboutText(), about);
    text->setObjectName(QStringLiteral("aboutText"));
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    text->setOpenExternalLinks(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, about);
    connect(buttons, &QDialogButtonBox::rejected, about, &QDialog::reject);
    auto *layout = new QVBoxLayout(about);
    layout->addWidget(text);
    layout->addWidget(buttons);
    about->open();
}

void HelpMenu::showShortcuts()
{
    QDialog *list = dialog(m_window, QStringLiteral("shortcutsDialog"), tr("Keyboard Shortcuts"));
    auto *tree = new QTreeWidget(list);
    tree->setObjectName(QStringLiteral("shortcutsList"));
    tree->setHeaderLabels({tr("Keys"), tr("Action")});
    tree->setRootIsDecorated(false);
    for (const QString &line : shortcuts())
        new QTreeWidgetItem(tree, line.split(QLatin1Char('\t')));
    tree->resizeColumnToContents(0);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, list);
    connect(buttons, &QDialogButtonBox::rejected, list, &QDialog::reject);
    auto *layout = new QVBoxLayout(list);
    layout->addWidget(tree);
    layout->addWidget(buttons);
    list->resize(420, 480);
    list->open();
}

} // namespace engram
