#pragma once

#include "ViewData.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QWidget>

class QCheckBox;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QSlider;
class QSpinBox;
class QTimer;

namespace engram {

class EmptyState;
class GraphEdgesItem;
class GraphNodeItem;

/// The association graph: memories as nodes, typed edges in colour, laid out
/// by a force-directed simulation that runs in small time slices on the UI
/// thread (a spatial grid keeps each step near-linear for thousands of nodes).
/// Level of detail hides labels when zoomed out; a selected memory's
/// neighbourhood can be shown alone and expanded hop by hop.
class GraphView : public QWidget {
    Q_OBJECT
public:
    explicit GraphView(QWidget *parent = nullptr);

    void setData(const GraphData &data);
    /// Adds the nodes and edges of a neighbourhood (from the engine) not yet in the graph.
    void mergeData(const GraphData &data);
    const GraphData &data() const { return m_data; }
    static QStringList edgeTypes();
    static QColor colorFor(const QString &edgeType);

    /// Shows only the nodes within `hops` of `id` (0 hops = whole graph).
    void focusNode(qint64 id, int hops);
    int visibleNodeCount() const { return int(m_visible.size()); }
    bool isSettled() const;

Q_SIGNALS:
    void nodeActivated(qint64 id);
    /// The selected memory's neighbourhood is shown: the engine should supply its edges (mergeData).
    void neighbourhoodRequested(qint64 id, int hops);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void fitToVisible();
    void rebuildScene();
    void applyFilters();
    void fillLegend();
    void step();
    bool edgeShown(const GraphEdge &edge) const;

    GraphData m_data;
    EmptyState *m_empty;
    QGraphicsScene *m_scene;
    QGraphicsView *m_view;
    GraphEdgesItem *m_edgesItem = nullptr;
    QHash<qint64, GraphNodeItem *> m_nodes;
    QSet<qint64> m_visible;
    QHash<QString, QCheckBox *> m_typeBoxes;
    QSlider *m_minWeight;
    QSpinBox *m_hops;
    QLabel *m_info;
    QLabel *m_legend;
    QTimer *m_timer;
    qint64 m_focus = 0;
    double m_temperature = 0.0;
    QElapsedTimer m_sinceRepaint;
};

} // namespace engram
