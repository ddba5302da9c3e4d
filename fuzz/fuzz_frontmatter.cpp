// libFuzzer target: the front-matter parser. Whatever it accepts must render
// back to front matter that parses again to the same keys.
#include "FuzzSupport.h"
#include "core/FrontMatter.h"

#include <QStringDecoder>

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = QString::fromUtf8(bytes);
    const QStringList lines = text.split(QLatin1Char('\n'));
    const auto parsed = FrontMatter::parse(lines);
    if (!parsed) {
        fuzz::require(parsed.error().line >= 0 && parsed.error().line <= lines.size() + 1, "error line in the file");
        return 0;
    }
    fuzz::require(parsed->bodyStartLine >= 1 && parsed->bodyStartLine <= lines.size() + 1, "body start in the file");
    if (!parsed->present)
        return 0;
    const QString rendered = FrontMatter::render(parsed->values);
    const auto again = FrontMatter::parse(rendered.split(QLatin1Char('\n')));
    fuzz::require(bool(again), "rendered front matter parses again");
    fuzz::require(again->values.keys() == parsed->values.keys(), "rendered front matter keeps its keys");
    return 0;
}
