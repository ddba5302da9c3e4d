#include "LinkedVaultsPage.h"

#include "agent/VaultSet.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace engram {

LinkedVaultsPage::LinkedVaultsPage(const QString &vaultPath, const QList<LinkedVault> &links, QWidget *parent)
    : QWidget(parent), m_vaultPath(vaultPath), m_links(links)
{
    auto *intro = new QLabel(tr("Recall and context packs also draw from these vaults; each result names the vault "
                                "it came from. Captured sessions always stay in this vault."),
                             this);
    intro->setWordWrap(true);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("settingsLinkedVaults"));
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("settingsLinkName"));
    m_name->setPlaceholderText(tr("team"));
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("settingsLinkPath"));
    m_path->setPlaceholderText(tr("/path/to/team-vault, or relative to this vault"));
    auto *add = new QPushButton(tr("Link"), this);
    add->setObjectName(QStringLiteral("settingsLinkAdd"));
    auto *remove = new QPushButton(tr("Unlink"), this);
    remove->setObjectName(QStringLiteral("settingsLinkRemove"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("settingsLinkStatus"));
    m_status->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Folder:"), m_path);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    connect(add, &QPushButton::clicked, this, &LinkedVaultsPage::addLink);
    connect(m_path, &QLineEdit::returnPressed, this, &LinkedVaultsPage::addLink);
    connect(remove, &QPushButton::clicked, this, &LinkedVaultsPage::removeSelected);
    refresh();
}

void LinkedVaultsPage::refresh()
{
    m_list->clear();
    for (const LinkedVault &link : std::as_const(m_links)) {
        auto folder = VaultSet::checkLink(m_vaultPath, link);
        QString text = QStringLiteral("%1 — %2").arg(link.name, link.resolvedPath(m_vaultPath));
        if (!folder)
            text += QLatin1Char(' ') + tr("(left out of recall: %1)").arg(folder.error().message);
        m_list->addItem(text);
    }
}

void LinkedVaultsPage::addLink()
{
    const LinkedVault link{m_name->text().trimmed(), m_path->text().trimmed()};
    if (!LinkedVault::isValidName(link.name)) {
        m_status->setText(tr("A name is 1–40 lower-case letters, digits, '-' or '_' (not “personal”)."));
        return;
    }
    for (const LinkedVault &existing : std::as_const(m_links))
        if (existing.name == link.name) {
            m_status->setText(tr("“%1” is linked already.").arg(link.name));
            return;
        }
    auto folder = VaultSet::checkLink(m_vaultPath, link);
    if (!folder) {
        m_status->setText(folder.error().message);
        return;
    }
    m_links << link;
    m_name->clear();
    m_path->clear();
    m_status->setText(tr("Linked “%1”; saving reopens the vault.").arg(link.name));
    refresh();
}

void LinkedVaultsPage::removeSelected()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_links.size())
        return;
    const QString name = m_links.takeAt(row).name;
    m_status->setText(tr("Unlinked “%1” (its files are untouched); saving reopens the vault.").arg(name));
    refresh();
}

} // namespace engram
