#pragma once

#include <QChart>
#include <QPalette>

namespace engram {

/// Colours that follow the desktop's palette, light or dark: a chart theme to match the window, and
/// selections that keep their colour when a view loses focus.
class Appearance {
public:
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
