// libFuzzer target: the review's reading of a text (hygiene/MemoryComparison). Whatever the bytes (two texts split
// at the first tab), a profile survives its stored line unchanged, a text is a copy of itself, and comparing two
// never calls them both a copy and a contradiction or gives a likeness outside 0..1, either way round.
#include "FuzzSupport.h"
#include "hygiene/MemoryComparison.h"

using namespace engram;

namespace {

void check(const MemoryProfile &older, const MemoryProfile &newer)
{
    const Comparison c = compare(older, newer);
    fuzz::require(!(c.duplicate && c.contradiction), "a copy is no contradiction");
    fuzz::require(c.similarity >= 0.0 && c.similarity <= 1.0 + 1e-9, "a likeness between 0 and 1");
    fuzz::require(!(c.duplicate || c.contradiction) || !c.reason.isEmpty(), "a finding says why");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::ensureApplication();
    const QString input = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype tab = input.indexOf(QLatin1Char('\t'));
    const QString first = tab < 0 ? input : input.left(tab), second = tab < 0 ? input : input.mid(tab + 1);
    for (const QString &speaker : {QString(), QStringLiteral("Rosa")}) {
        MemoryProfile a = MemoryProfile::of(first, speaker), b = MemoryProfile::of(second);
        a.standing = speaker.isEmpty();
        b.standing = true;
        const QString line = a.serialize();
        fuzz::require(MemoryProfile::deserialize(line).serialize() == line, "a profile survives its stored line");
        if (!a.normalized.isEmpty())
            fuzz::require(compare(a, a).duplicate, "a text is a copy of itself");
        check(a, b);
        check(b, a);
    }
    return 0;
}
