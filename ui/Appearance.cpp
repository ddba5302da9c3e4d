#include "Appearance.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>

namespace engram {

namespace {

const char *const kThemeKey = "appearance/theme";

/// The palette the application started with (the desktop's), kept before the first change so
/// that System can return to it.
const QPalette &systemPalette()
{
    static const QPalette palette = QApplication::palette();
    return palette;
}

QString themeName(Appearance::Theme theme)
{
    switch (theme) {
    case Appearance::Theme::Light: return QStringLiteral("light");
    case Appearance::Theme::Dark: return QStringLiteral("dark");
    case Appearance::Theme::System: break;
    }
    return QStringLiteral("system");
}

void apply(Appearance::Theme theme)
{
    (void)systemPalette(); // taken before anything changes the application's palette
    switch (theme) {
    case Appearance::Theme::System: QApplication::setPalette(systemPalette()); break;
    case Appearance::Theme::Light: QApplication::setPalette(QApplication::style()->standardPalette()); break;
    case Appearance::Theme::Dark: QApplication::setPalette(Appearance::darkPalette()); break;
    }
}

} // namespace

Appearance::Theme Appearance::savedTheme()
{
    const QString name = QSettings().value(QLatin1String(kThemeKey)).toString();
    if (name == QLatin1String("light"))
        return Theme::Light;
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

void Appearance::setTheme(Theme theme)
{
    QSettings().setValue(QLatin1String(kThemeKey), themeName(theme));
    apply(theme);
}

void Appearance::applySavedTheme()
{
    const Theme theme = savedTheme();
    if (theme != Theme::System) // the desktop's palette is already the application's
        apply(theme);
}

QPalette Appearance::darkPalette()
{
    const QColor window(0x2b, 0x2b, 0x2b);
    const QColor base(0x1f, 0x1f, 0x1f);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x80, 0x80, 0x80);
    QPalette p(text, window); // button text, window: the other roles derived, then set as a dark theme has them
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x27, 0x27));
    p.setColor(QPalette::ToolTipBase, QColor(0x3b, 0x3a, 0x32));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Link, QColor(0x7a, 0xb7, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xdb));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::Shadow, Qt::black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

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
