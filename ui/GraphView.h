#pragma once

#include "GraphFocus.h"
#include "ViewData.h"

#include <QElapsedTimer>
#include <QHash>
#include <QWidget>

#include <memory>

class QCheckBox;
class QGraphicsScene;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;

namespace engram {

class EmptyState;
class GraphCanvas;
class GraphPicture;

/// The association graph, focused: by default the neighbourhood of the memory selected (or of
/// a question's best results), a few dozen memories with readable labels; for a large vault
/// with nothing selected, an overview of its communities (clusters of associated memories,
/// named by their dominant words) that open into their members. Everything at once remains a
/// choice. A force-directed layout runs in small time slices on the UI thread.
class GraphView : public QWidget {
    Q_OBJECT
public:
    enum class Mode { Neighbourhood, Overview, Community, Everything };

    explicit GraphView(QWidget *parent = nullptr);
    ~GraphView() override;

    /// `focus`: the graph's edges indexed by node (GraphFocus), when built off the UI thread already.
    void setData(const GraphData &data, std::shared_ptr<const GraphFocus> focus = nullptr);
    const GraphData &data() const { return m_data; }
    static QStringList edgeTypes();
    static QColor colorFor(const QString &edgeType);

    /// Shows the memory `id` and the memories within `hops` of it (strongest associations first,
    /// capped); 0 hops: as many as the Hops box says.
    void focusNode(qint64 id, int hops = 0);
    /// Shows the neighbourhood of a question's results (`ids`, best first).
    void focusQuestion(const QString &question, const QList<qint64> &ids);
    /// The vault's communities, largest first.
    void showOverview();
    /// The members of community `index` (of data().communities).
    void openCommunity(int index);
    /// Every memory of the vault at once.
    void showEverything();
    /// The view shown before this one; false when there is none.
    bool back();

    Mode mode() const { return m_shown.mode; }
    /// Memories (or communities, in the overview) on screen.
    int visibleNodeCount() const;
    /// Associations drawn between them.
    int visibleEdgeCount() const;
    /// Their ids (community indices in the overview), in the order drawn.
    QList<qint64> shownKeys() const;
    /// Where a shown memory or community is in the scene (for a click in a test or a screenshot).
    QPointF scenePositionOf(qint64 key) const;
    /// Where a shown memory's or community's disc is on the canvas's viewport.
    QRectF discOnScreen(qint64 key) const;
    /// The labels the canvas drew last, by memory id (community index in the overview), in its
    /// viewport's pixels.
    QHash<qint64, QRectF> labelsOnScreen() const;
    bool isSettled() const;

    /// At most this many memories in a neighbourhood or an opened community: labels still fit.
    static constexpr int kMaxNeighbourhood = 40;
    static constexpr int kMaxMembers = 150;
    /// Communities in the overview (the rest are small; their count is said).
    static constexpr int kMaxCommunities = 120;
    /// A vault with more memories opens on its communities, a smaller one on all of them.
    static constexpr int kOverviewAbove = 150;

Q_SIGNALS:
    void nodeActivated(qint64 id);

protected:
    void showEvent(QShowEvent *event) override;

private:
    /// What is on screen: enough to show it again after the data refreshes or on Back.
    struct Shown {
        Mode mode = Mode::Everything;
        QList<qint64> seeds;
        QString about; ///< the memory's label, or the question
        int community = -1;
        bool question = false;
    };

    void display(const Shown &shown, bool remember);
    void showDefault();
    void applyFilters();
    void fillLegend();
    void startLayout(double spacing);
    void step();
    void fitToVisible();
    void activate(int index);
    bool edgeShown(const GraphEdge &edge) const;
    QString labelOf(qint64 id) const;
    void updateInfo(int shownMemories);

    GraphData m_data;
    std::shared_ptr<const GraphFocus> m_focus; ///< also the index of nodes by id
    Shown m_shown;
    QList<Shown> m_history;
    QList<qint64> m_pendingSeeds; ///< a memory selected before the graph arrived
    QList<qint64> m_keys;         ///< of the picture's nodes
    EmptyState *m_empty;
    QGraphicsScene *m_scene;
    GraphCanvas *m_view;
    GraphPicture *m_picture;
    QHash<QString, QCheckBox *> m_typeBoxes;
    QSlider *m_minWeight;
    QSpinBox *m_hops;
    QPushButton *m_back;
    QLabel *m_info;
    QLabel *m_legend;
    QTimer *m_timer;
    double m_temperature = 0.0;
    double m_spacing = 30.0;
    QElapsedTimer m_sinceRepaint;
};

} // namespace engram
