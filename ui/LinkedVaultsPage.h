#pragma once

#include "core/Config.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;

namespace engram {

/// The settings page of the vaults this one links (engram.json `linked_vaults`, a team's shared
/// vault): the list, and a name and folder to add one. A link is checked when added (the folder is a
/// vault, not this one, and does not link back); an entry already in engram.json that no longer
/// checks out is listed with the reason.
class LinkedVaultsPage : public QWidget {
    Q_OBJECT
public:
    LinkedVaultsPage(const QString &vaultPath, const QList<LinkedVault> &links, QWidget *parent = nullptr);

    QList<LinkedVault> links() const { return m_links; }

private:
    void addLink();
    void removeSelected();
    void refresh();

    QString m_vaultPath;
    QList<LinkedVault> m_links;
    QListWidget *m_list = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_path = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace engram
