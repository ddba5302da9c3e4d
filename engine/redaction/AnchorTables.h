#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace engram::redaction {

/// The anchor pass's tables (SecretRedactor's scan), computed from the catalogue's anchor literals when the engine is
/// compiled: a hook is one process per capture, and building them there, with their pages, cost it about 1 ms.
/// For each way a text may spell an anchor's first four bytes (as written when the anchor has a capital, else each
/// letter in both cases):
/// - `startRow` and `startSets`: a first byte's row of 256 bytes (0: the empty row) and in it, by the second byte, the
///   set of third bytes that start an anchor at the pair (any byte after a two-byte anchor);
/// - `coverOf`: for every pair of bytes, as a little-endian load holds it, the set of third bytes after which an
///   anchor starts at the pair or a byte before it (its second, third and fourth bytes);
/// - `thirds`: the sets, 256 bytes each, 1 for a byte in the set; set 0 is empty;
/// - `bucketOf`: by a pair's place in the start rows, 1 + the number of its bucket of anchors (0: none);
/// - `pairs`, `triplesEnded`, `quads`: bits by the first two bytes of a two-byte anchor, a hash of the first three of
///   a three-byte one and of the first four of a longer one (the look at a marked place tests them first).
struct AnchorTables {
    const std::uint16_t *startRow;
    const std::uint8_t *startSets;
    std::size_t startSetsSize;
    const std::uint8_t *coverOf;
    const std::uint8_t *thirds;
    const std::uint16_t *bucketOf;
    std::size_t bucketCount;
    const std::uint64_t *pairs;
    const std::uint64_t *triplesEnded;
    const std::uint64_t *quads;

    static constexpr std::uint16_t pairKey(std::uint8_t a, std::uint8_t b) { return std::uint16_t((a << 8) | b); }
    static constexpr std::uint16_t tripleOf(std::uint8_t a, std::uint8_t b, std::uint8_t c)
    {
        return std::uint16_t((a * 977u + b * 131u + c) & 0xffff);
    }
    static constexpr std::uint16_t quadOf(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d)
    {
        return std::uint16_t((a * 7919u + b * 977u + c * 131u + d) & 0xffff);
    }
    static constexpr bool test(const std::uint64_t *bits, std::uint16_t at) { return (bits[at >> 6] >> (at & 63)) & 1; }
};

namespace compiled {

using Byte = std::uint8_t;
inline constexpr int kAny = -1;

constexpr Byte upper(Byte c)
{
    return c >= 'a' && c <= 'z' ? Byte(c - 32) : c;
}

/// An anchor with a capital is found only as written; one without, in any case.
constexpr bool isExact(std::string_view literal)
{
    return std::any_of(literal.begin(), literal.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

/// A spelling of an anchor's first four bytes (0 past its end).
struct Spelling {
    std::array<Byte, 4> at{};
    int length = 0;
};

/// Calls `take` with each spelling of `literal`: as written when it is exact, else each letter of its first four bytes
/// in both cases (a case flipped in a byte that has none spells nothing new).
template <typename Take>
constexpr void forEachSpelling(std::string_view literal, Take &&take)
{
    const bool exact = isExact(literal);
    for (int upperCased = 0; upperCased < (exact ? 1 : 16); ++upperCased) {
        Spelling s;
        s.length = int(literal.size());
        bool spelled = true;
        for (std::size_t k = 0; k < 4; ++k) {
            const bool flip = upperCased & (1 << k);
            const Byte c = k < literal.size() ? Byte(literal[k]) : Byte(0);
            s.at[k] = flip ? upper(c) : c;
            spelled = spelled && (!flip || s.at[k] != c);
        }
        if (spelled)
            take(s);
    }
}

/// A pair and the third byte after it; kAny: any byte (a second byte of kAny: any pair that starts with `first`).
struct Triple {
    Byte first = 0;
    int second = 0;
    int third = 0;
};

struct ByteSet {
    std::array<std::uint64_t, 4> words{};
    constexpr void add(int byte)
    {
        if (byte == kAny)
            words = {~0ull, ~0ull, ~0ull, ~0ull};
        else
            words[std::size_t(byte) >> 6] |= 1ull << (byte & 63);
    }
    constexpr bool has(int byte) const { return (words[std::size_t(byte) >> 6] >> (byte & 63)) & 1; }
    constexpr bool operator==(const ByteSet &) const = default;
};

/// Everything the tables hold, at their largest (the sizes are known once built).
template <std::size_t Literals>
struct Built {
    static constexpr std::size_t kMaxTriples = Literals * 16 * 2;
    static constexpr std::size_t kMaxRows = 128; // 52 start rows and 59 cover rows for the catalogue; more: overflow
    std::array<std::uint16_t, 256> startRow{};
    std::array<Byte, kMaxRows * 256> startSets{};
    std::size_t startSetsSize = 256;
    std::array<Byte, 65536> coverOf{};
    std::array<ByteSet, 256> sets{};
    std::size_t setCount = 1; // set 0, empty
    std::array<std::uint16_t, kMaxRows * 256> bucketOf{};
    std::size_t bucketCount = 0;
    std::array<std::uint64_t, 1024> pairs{};
    std::array<std::uint64_t, 1024> triplesEnded{};
    std::array<std::uint64_t, 1024> quads{};
    bool overflow = false; // more than 256 sets or kMaxRows rows

    constexpr int setIndex(const ByteSet &set)
    {
        for (std::size_t k = 0; k < setCount; ++k)
            if (sets[k] == set)
                return int(k);
        if (setCount == sets.size()) {
            overflow = true;
            return 0;
        }
        sets[setCount] = set;
        return int(setCount++);
    }

    /// Rows for `triples`: `row` gets each first byte's offset in `rowSets`.
    constexpr std::size_t fillRows(const std::array<Triple, kMaxTriples> &triples, std::size_t count,
                                   std::array<std::uint16_t, 256> &row, std::array<Byte, kMaxRows * 256> &rowSets)
    {
        // By first byte, in two passes.
        std::array<std::size_t, 257> from{};
        for (std::size_t t = 0; t < count; ++t)
            ++from[std::size_t(triples[t].first) + 1];
        for (std::size_t b = 0; b < 256; ++b)
            from[b + 1] += from[b];
        std::array<std::size_t, 257> next = from;
        std::array<Triple, kMaxTriples> grouped{};
        for (std::size_t t = 0; t < count; ++t)
            grouped[next[triples[t].first]++] = triples[t];
        std::size_t size = 256; // row 0 is empty
        std::array<ByteSet, 256> thirdsOf{};
        for (std::size_t first = 0; first < 256; ++first) {
            if (from[first] == from[first + 1])
                continue;
            std::array<bool, 256> taken{};
            for (std::size_t t = from[first]; t < from[first + 1]; ++t) {
                const Triple &triple = grouped[t];
                const int low = triple.second == kAny ? 0 : triple.second;
                const int high = triple.second == kAny ? 255 : triple.second;
                for (int second = low; second <= high; ++second) {
                    if (!taken[std::size_t(second)])
                        thirdsOf[std::size_t(second)] = ByteSet();
                    taken[std::size_t(second)] = true;
                    thirdsOf[std::size_t(second)].add(triple.third);
                }
            }
            if (size + 256 > rowSets.size()) {
                overflow = true;
                return size;
            }
            row[first] = std::uint16_t(size);
            for (std::size_t second = 0; second < 256; ++second)
                if (taken[second])
                    rowSets[size + second] = Byte(setIndex(thirdsOf[second]));
            size += 256;
        }
        return size;
    }
};

static constexpr void setBit(std::array<std::uint64_t, 1024> &bits, std::uint16_t at)
{
    bits[at >> 6] |= 1ull << (at & 63);
}

template <std::size_t Literals>
constexpr Built<Literals> build(const std::array<std::string_view, Literals> &literals)
{
    Built<Literals> out;
    std::array<Triple, Built<Literals>::kMaxTriples> starts{};
    std::array<Triple, Built<Literals>::kMaxTriples> covers{};
    std::size_t startCount = 0;
    std::size_t coverCount = 0;
    for (const std::string_view literal : literals) {
        forEachSpelling(literal, [&](const Spelling &s) {
            const Triple start{s.at[0], s.at[1], s.length == 2 ? kAny : s.at[2]};
            starts[startCount++] = start;
            covers[coverCount++] = start;
            if (s.length == 2)
                covers[coverCount++] = Triple{s.at[1], kAny, kAny};
            else
                covers[coverCount++] = Triple{s.at[1], s.at[2], s.length == 3 ? kAny : s.at[3]};
            if (s.length == 2)
                setBit(out.pairs, AnchorTables::pairKey(s.at[0], s.at[1]));
            if (s.length == 3)
                setBit(out.triplesEnded, AnchorTables::tripleOf(s.at[0], s.at[1], s.at[2]));
            if (s.length >= 4)
                setBit(out.quads, AnchorTables::quadOf(s.at[0], s.at[1], s.at[2], s.at[3]));
        });
    }
    out.startSetsSize = out.fillRows(starts, startCount, out.startRow, out.startSets);
    std::array<std::uint16_t, 256> coverRow{};
    std::array<Byte, Built<Literals>::kMaxRows * 256> coverSets{};
    out.fillRows(covers, coverCount, coverRow, coverSets);
    for (int first = 0; first < 256; ++first)
        if (coverRow[std::size_t(first)] != 0)
            for (int second = 0; second < 256; ++second)
                out.coverOf[std::size_t(first | (second << 8))] =
                    coverSets[coverRow[std::size_t(first)] + std::size_t(second)];
    // A bucket for each pair an anchor starts with, numbered as first found.
    for (std::size_t t = 0; t < startCount; ++t) {
        std::uint16_t &slot = out.bucketOf[out.startRow[starts[t].first] + std::size_t(starts[t].second)];
        if (slot == 0)
            slot = std::uint16_t(++out.bucketCount);
    }
    return out;
}

/// The first `N` entries of `from`.
template <std::size_t N, typename T, std::size_t M>
constexpr std::array<T, N> prefix(const std::array<T, M> &from)
{
    static_assert(N <= M);
    std::array<T, N> out{};
    std::copy(from.begin(), from.begin() + N, out.begin());
    return out;
}

/// The sets' bytes, 256 a set.
template <std::size_t Sets, std::size_t Literals>
constexpr std::array<Byte, Sets * 256> thirdsOf(const Built<Literals> &built)
{
    std::array<Byte, Sets * 256> out{};
    for (std::size_t set = 0; set < Sets; ++set)
        for (int third = 0; third < 256; ++third)
            out[set * 256 + std::size_t(third)] = built.sets[set].has(third) ? 1 : 0;
    return out;
}

} // namespace compiled

} // namespace engram::redaction
