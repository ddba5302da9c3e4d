#pragma once

#include <QChart>
#include <QPalette>

namespace engram {

/// Colours that follow the desktop's palette, light or dark: a chart theme to match the window, and
/// selections that keep their colour when a view loses focus.
class Appearance {
public:
    /// The window's colours: the desktop's, or light or dark whatever the desktop says (a Linux
    /// desktop without a dark theme has no other way to a dark window).
    enum class Theme { System, Light, Dark };
    /// The theme chosen last (View › Appearance), System when none was.
    static Theme savedTheme();
    /// Applies `theme` to the whole application (every view and chart follows its palette change)
    /// and remembers it for the next start.
    static void setTheme(Theme theme);
    /// Applies the theme chosen last; at a start, before the window shows.
    static void applySavedTheme();
    /// A dark palette of the window's colours, for the Dark theme.
    static QPalette darkPalette();

    /// Dark when the window's background is darker than its text.
    static bool isDark(const QPalette &palette);
    /// A chart in the light or dark Qt Charts theme of `palette`, its background the window's base.
    static QChart *newChart(const QPalette &palette);
    /// Re-themes a chart after a palette change, keeping the colours its code set on purpose.
    static void restyle(QChart *chart, const QPalette &palette);
    /// `palette` with the inactive (unfocused) selection drawn like the active one: the selected
    /// row of a table stays readable after a click elsewhere.
    static QPalette withFocusedSelection(QPalette palette);
};

} // namespace engram
