#pragma once

#include <QColor>
#include <QGraphicsItem>
#include <QGraphicsView>
#include <QImage>
#include <QList>
#include <QString>

class QTimer;

namespace engram {

/// Everything the association graph draws, in one item: edges batched per colour, nodes
/// batched per colour, then labels at screen size. One item instead of one per node: at 20,000
/// nodes the scene's per-item work (bounding rects, sorting, painter state) cost more than
/// the drawing itself. Level of detail: nodes under two pixels become squares, edges lose
/// antialiasing above 1,500 lines, labels appear when they fit and never overlap.
class GraphPicture : public QGraphicsItem {
public:
    struct Node {
        qint64 key = 0; ///< a memory's id, or a community's index
        QString label;
        QString tooltip; ///< empty: the label
        QColor color;
        double radius = 4.0;
        int rank = 0;       ///< labels are placed in rank order (0 first); a lower one wins the space
        bool focus = false; ///< the memory the view is about: ringed, its label bold
    };
    struct Edge {
        int from = 0; ///< index into nodes()
        int to = 0;
        QColor color;
        double width = 0.0;  ///< 0: cosmetic one pixel
        double weight = 0.5; ///< the spring's pull in the layout
    };

    explicit GraphPicture(QWidget *palette);

    void setGraph(const QList<Node> &nodes, const QList<Edge> &edges);
    const QList<Node> &nodes() const { return m_nodes; }
    int edgeCount() const { return int(m_edges.size()); }
    const Edge &edge(int i) const { return m_edges.at(i); }
    QList<QPointF> &positions() { return m_positions; }
    const QList<QPointF> &positions() const { return m_positions; }
    /// Labels of every node at any zoom (a focused view), or only when zoomed in (everything).
    void setAlwaysLabelled(bool on) { m_alwaysLabelled = on; }
    void setSelected(int index);
    int selected() const { return m_selected; }
    /// The node under a scene point (within its radius plus `slack` scene units), or -1.
    int nodeAt(const QPointF &scenePos, double slack) const;
    /// The labels of the last paint: a node's index and its label's box, in the viewport's pixels.
    const QList<QPair<int, QRectF>> &labelBoxes() const { return m_labelBoxes; }
    /// Recomputes the bounding rect after the layout moved the nodes.
    void positionsChanged();

    /// While the view zooms or pans, a large graph is drawn from its last picture, scaled.
    void setMoving(bool moving);
    /// Above this many nodes and edges the picture is cached (see paint()).
    static constexpr int kCachedAbove = 6000;

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void paintContent(QPainter *painter, const QRectF &exposed, double lod);
    void paintLabels(QPainter *painter, const QRectF &exposed, double lod);

    QWidget *m_palette;
    QList<Node> m_nodes;
    QList<Edge> m_edges;
    QList<QPointF> m_positions;
    QList<QString> m_elided; ///< labels elided to the label width, made on first paint
    QList<QPair<int, QRectF>> m_labelBoxes;
    QRectF m_bounds;
    bool m_alwaysLabelled = false;
    int m_selected = -1;
    bool m_moving = false;
    bool m_cacheValid = false;
    QImage m_cache;
    QTransform m_cacheTransform;
};

/// The graph's viewport: the wheel zooms about the cursor, a drag pans, a click selects,
/// a double-click or Enter opens the selected node, Backspace goes back.
class GraphCanvas : public QGraphicsView {
    Q_OBJECT
public:
    GraphCanvas(QGraphicsScene *scene, QWidget *parent);
    void setPicture(GraphPicture *picture) { m_picture = picture; }

Q_SIGNALS:
    void activated(int index);
    void selected(int index);
    void backRequested();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    int nodeAt(const QPoint &viewportPos) const;
    /// The view is zooming or panning: a large picture is scaled until it is still for 150 ms.
    void moving();

    GraphPicture *m_picture = nullptr;
    QTimer *m_still;
};

} // namespace engram
