#include "Appearance.h"

namespace engram {

bool Appearance::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QChart *Appearance::newChart(const QPalette &palette)
{
    auto *chart = new QChart;
    restyle(chart, palette);
    return chart;
}

void Appearance::restyle(QChart *chart, const QPalette &palette)
{
    if (!chart)
        return;
    const QChart::ChartTheme theme = isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() != theme)
        chart->setTheme(theme);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
}

QPalette Appearance::withFocusedSelection(QPalette palette)
{
    for (QPalette::ColorRole role : {QPalette::Highlight, QPalette::HighlightedText})
        palette.setColor(QPalette::Inactive, role, palette.color(QPalette::Active, role));
    return palette;
}

} // namespace engram
