#pragma once

#include "Job.h"
#include "core/Config.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace engram {

class Engine;
class LinkedVaultsPage;

/// The vault's settings (engram.json): embedder, LLM endpoint, budgets and the
/// weights of each ranking mode, the vaults this one links. Saved with Config::save; the drop folder is
/// a per-user setting (QSettings). With the vault's open `engine`, it previews before saving how
/// many of the owner's expectations (agent/Expectations) the edited settings would pass.
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(const QString &vaultPath, Engine *engine = nullptr, QWidget *parent = nullptr);

    /// True when the saved change needs the vault reopened (a new embedder re-embeds everything).
    bool needsReopen() const { return m_needsReopen; }
    void accept() override;

private:
    struct EndpointFields {
        QComboBox *kind;
        QLineEdit *url;
        QLineEdit *model;
        QLineEdit *keyEnv;
    };
    QWidget *endpointPage(EndpointFields &fields, const Endpoint &endpoint, bool embedder);
    Endpoint readEndpoint(const EndpointFields &fields) const;
    /// The settings as edited; an error names the field that is not valid.
    Result<Config> editedConfig() const;
    /// Checks the expectations with the current and the edited settings on worker connections.
    void previewExpectations();
    void showPreviewList();

    QString m_vaultPath;
    Config m_config;
    bool m_needsReopen = false;
    EndpointFields m_embedding{};
    EndpointFields m_llm{};
    QSpinBox *m_dimensions = nullptr;
    QSpinBox *m_packBudget = nullptr;
    QSpinBox *m_preambleBudget = nullptr;
    QComboBox *m_defaultMode = nullptr;
    QLineEdit *m_dropFolder = nullptr;
    QTableWidget *m_modes = nullptr;
    LinkedVaultsPage *m_linkedVaults = nullptr;
    QLabel *m_error = nullptr;
    Engine *m_engine = nullptr;
    QLabel *m_preview = nullptr;
    QPushButton *m_previewList = nullptr; ///< every expectation the edit would break or fix
    QStringList m_previewBroken;
    QStringList m_previewFixed;
    QTimer *m_previewTimer = nullptr;
    LatestJob m_previewJob;
};

} // namespace engram
