#include "TimelineView.h"

#include "Appearance.h"
#include "EmptyState.h"
#include "Vocabulary.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChartView>
#include <QDateTimeAxis>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMap>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <functional>
#include <memory>

namespace engram {

namespace {

/// Shows `chart` in `view` (a QChartView) and deletes the chart it showed: setChart hands the
/// previous chart back to the caller, so replacing charts on every refresh leaked them all.
void replaceChart(QWidget *view, QChart *chart)
{
    auto *chartView = static_cast<QChartView *>(view);
    std::unique_ptr<QChart> previous(chartView->chart());
    chartView->setChart(chart);
}

/// A day as the locale writes it short, with the month's name: "Mar 2" in English, "2. März" in
/// German (its short date, "02.03.26", puts the day first and follows it with a dot).
QString dayFormat(const QLocale &locale)
{
    const QString shortDate = locale.dateFormat(QLocale::ShortFormat);
    if (!shortDate.startsWith(QLatin1Char('d')))
        return QStringLiteral("MMM d");
    const qsizetype afterDay = shortDate.indexOf(QRegularExpression(QStringLiteral("[^d]")));
    const bool dotted = afterDay > 0 && shortDate.at(afterDay) == QLatin1Char('.');
    return dotted ? QStringLiteral("d. MMM") : QStringLiteral("d MMM");
}

const QStringList kLayers{QStringLiteral("raw"), QStringLiteral("session"), QStringLiteral("daily"),
                          QStringLiteral("weekly"), QStringLiteral("fact")};

} // namespace

TimelineView::TimelineView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineView"));
    auto *splitter = new QSplitter(Qt::Vertical, this);
    auto *tokens = new QChartView(splitter);
    tokens->setObjectName(QStringLiteral("timelineTokensChart"));
    tokens->setRenderHint(QPainter::Antialiasing);
    m_tokensChart = tokens;
    auto *bottom = new QSplitter(Qt::Horizontal, splitter);
    auto *ratio = new QChartView(bottom);
    ratio->setObjectName(QStringLiteral("timelineRatioChart"));
    ratio->setRenderHint(QPainter::Antialiasing);
    m_ratioChart = ratio;
    m_lineage = new QTreeWidget(bottom);
    m_lineage->setObjectName(QStringLiteral("timelineLineage"));
    m_lineage->setHeaderLabels({tr("Digest or fact → sources"), tr("Layer"), tr("Compression")});
    m_lineage->setColumnWidth(0, 320);
    splitter->addWidget(tokens);
    splitter->addWidget(bottom);
    // Half the width for the ratio chart: at a third, its title, legend and dates were cut off at
    // the default window size.
    ratio->setMinimumWidth(380);
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 1);
    m_empty = new EmptyState(splitter, this);
    m_consolidate = new QPushButton(tr("Consolidate &Now"), this);
    m_consolidate->setObjectName(QStringLiteral("consolidateNowButton"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("timelineStatus"));
    m_status->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_consolidate);
    bar->addWidget(m_status, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_empty, 1);
    connect(m_consolidate, &QPushButton::clicked, this, &TimelineView::consolidateRequested);
    connect(m_lineage, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item && !item->parent())
            Q_EMIT digestSelected(item->text(0));
    });
    setData({});
}

void TimelineView::setStatus(const QString &text, bool running)
{
    m_status->setText(text);
    m_consolidate->setEnabled(!running);
}

void TimelineView::setLineage(const QString &digest, const LineageNode &root)
{
    QTreeWidgetItem *top = nullptr;
    for (int i = 0; i < m_lineage->topLevelItemCount() && !top; ++i)
        if (m_lineage->topLevelItem(i)->text(0) == digest)
            top = m_lineage->topLevelItem(i);
    if (!top)
        return;
    qDeleteAll(top->takeChildren());
    const std::function<void(QTreeWidgetItem *, const LineageNode &)> add = [&add](QTreeWidgetItem *parent,
                                                                                   const LineageNode &node) {
        for (const LineageNode &child : node.children) {
            const QString where =
                child.range.startLine > 0
                    ? tr("%1 (lines %2–%3)").arg(child.range.path).arg(child.range.startLine).arg(child.range.endLine)
                    : child.range.path;
            auto *item = new QTreeWidgetItem(
                parent, {child.exists ? where : tr("%1 (missing)").arg(where), Vocabulary::layer(child.layer)});
            add(item, child);
        }
    };
    add(top, root);
    top->setExpanded(true);
}

void TimelineView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_data.isEmpty())
        setData(m_data); // charts in the new palette's theme
}

void TimelineView::setData(const TimelineData &data)
{
    m_data = data;
    if (data.isEmpty()) {
        m_empty->showMessage(tr("No consolidation yet.\nWhen sessions are consolidated into daily and weekly digests "
                                "and facts, their tokens, compression and lineage appear here."));
        return;
    }
    if (data.tokens.isEmpty() && data.lineage.isEmpty()) {
        m_empty->showMessage(tr("%Ln digest(s) in consolidated/, none recorded in the consolidation ledger: their "
                                "tokens, compression and lineage are unknown.\nConsolidate Now records what it "
                                "writes; those digests appear here then.",
                                nullptr, int(data.unrecorded.size())));
        return;
    }
    m_empty->showContent();

    // Tokens per layer per day: one stacked bar per day.
    QMap<QDate, QHash<QString, qint64>> byDay;
    for (const LayerTokens &t : data.tokens)
        byDay[t.day][t.layer] += t.tokens;
    auto *bars = new QStackedBarSeries;
    for (const QString &layer : kLayers) {
        auto *set = new QBarSet(Vocabulary::layer(layer));
        for (auto it = byDay.cbegin(); it != byDay.cend(); ++it)
            *set << double(it.value().value(layer));
        bars->append(set);
    }
    auto *tokensChart = Appearance::newChart(palette());
    tokensChart->setTitle(tr("Tokens per layer"));
    tokensChart->addSeries(bars);
    auto *days = new QBarCategoryAxis;
    for (auto it = byDay.cbegin(); it != byDay.cend(); ++it)
        days->append(locale().toString(it.key(), dayFormat(locale())));
    tokensChart->addAxis(days, Qt::AlignBottom);
    bars->attachAxis(days);
    auto *tokenAxis = new QValueAxis;
    tokenAxis->setLabelFormat(QStringLiteral("%d"));
    tokensChart->addAxis(tokenAxis, Qt::AlignLeft);
    bars->attachAxis(tokenAxis);
    // Ticks at round numbers (0, 500, 1000 …): the axis's own split of its range ticked at 522, 1045, 1568.
    tokenAxis->applyNiceNumbers();
    replaceChart(m_tokensChart, tokensChart);

    // Compression ratio of each digest over time, one series per layer.
    auto *ratioChart = Appearance::newChart(palette());
    ratioChart->setTitle(tr("Compression ratio"));
    auto *time = new QDateTimeAxis;
    time->setFormat(dayFormat(locale()));
    time->setTickCount(4);
    auto *ratioAxis = new QValueAxis;
    ratioAxis->setTitleText(tr("source ÷ digest tokens"));
    ratioAxis->setLabelFormat(QStringLiteral("%.1f"));
    ratioChart->addAxis(time, Qt::AlignBottom);
    ratioChart->addAxis(ratioAxis, Qt::AlignLeft);
    double maxRatio = 1.0;
    QDateTime first;
    QDateTime last;
    for (const QString &layer : kLayers.mid(1)) {
        auto *series = new QScatterSeries;
        series->setName(Vocabulary::layer(layer));
        series->setMarkerSize(9);
        for (const Lineage &l : data.lineage)
            if (l.layer == layer && l.day.isValid()) {
                const QDateTime at = l.day.startOfDay();
                series->append(double(at.toMSecsSinceEpoch()), l.compression);
                maxRatio = qMax(maxRatio, l.compression);
                first = first.isValid() ? qMin(first, at) : at;
                last = last.isValid() ? qMax(last, at) : at;
            }
        ratioChart->addSeries(series);
        series->attachAxis(time);
        series->attachAxis(ratioAxis);
    }
    // The days digests were made on, with a margin of a twentieth of the span each side (half a day
    // at least): a day's margin each side left a few days' digests in a mostly empty range.
    if (first.isValid()) {
        const qint64 margin = qMax<qint64>(12 * 3600, first.secsTo(last) / 20);
        time->setRange(first.addSecs(-margin), last.addSecs(margin));
        time->setTickCount(int(qBound(qint64(2), first.daysTo(last) + 1, qint64(6))));
    }
    ratioAxis->setRange(0, maxRatio * 1.1);
    replaceChart(m_ratioChart, ratioChart);

    m_lineage->clear();
    for (const Lineage &l : data.lineage) { // newest first
        auto *item = new QTreeWidgetItem({l.digest, Vocabulary::layer(l.layer),
                                          QStringLiteral("%1×").arg(locale().toString(l.compression, 'f', 1))});
        m_lineage->insertTopLevelItem(0, item);
        for (const QString &source : l.sources)
            new QTreeWidgetItem(item, {source});
    }
    for (const QString &digest : data.unrecorded)
        m_lineage->addTopLevelItem(new QTreeWidgetItem({digest, tr("not in the ledger")}));
}

} // namespace engram
