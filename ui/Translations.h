#pragma once

namespace engram {

/// Installs Qt's and Engram's translations for the system locale. English
/// needs one too: it carries the plural forms ("1 memory", "2 memories").
class Translations {
public:
    static void install();
};

} // namespace engram
