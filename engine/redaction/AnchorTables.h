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
///   anchor starts at the pair (kHere), may start a byte before it (kBefore: its second, third and fourth bytes) or,
///   for the short anchors named to the build, may start a byte after it (kAfter: its first two bytes, any byte
///   before them) instead of the byte before;
/// - `thirds`: the sets, 256 bytes each: for each byte, the sum of the kinds of the sets that hold it (a start row's
///   sets are all kHere); set 0 is empty;
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
    /// The values in `thirds`: the test of every other place says in one load whether an anchor starts at it (kHere:
    /// its first three bytes, exactly) and whether one may start a byte before (kBefore) or after (kAfter), which only
    /// then is tested.
    static constexpr std::uint8_t kBefore = 1;
    static constexpr std::uint8_t kHere = 2;
    static constexpr std::uint8_t kAfter = 4;
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
    Byte at[4]{};
    int length = 0;
};

/// Calls `take` with each spelling of `literal`: as written when it is exact, else each of its first four bytes that is
/// a letter in both cases, in the order of the capitals' bits (its letters' subsets, not the 16 flips of four bytes:
/// a constant expression has a budget of steps).
template <typename Take>
constexpr void forEachSpelling(std::string_view literal, Take &&take)
{
    Spelling written;
    written.length = int(literal.size());
    unsigned letters = 0;
    for (std::size_t k = 0; k < 4 && k < literal.size(); ++k) {
        written.at[k] = Byte(literal[k]);
        if (written.at[k] >= 'a' && written.at[k] <= 'z')
            letters |= 1u << k;
    }
    if (isExact(literal))
        letters = 0;
    for (unsigned capitals = 0;; capitals = (capitals - letters) & letters) {
        Spelling s = written;
        for (std::size_t k = 0; k < 4; ++k)
            if (capitals & (1u << k))
                s.at[k] = upper(s.at[k]);
        take(s);
        if (capitals == letters)
            break;
    }
}

/// A pair and the third byte after it; kAny: any byte (a second byte of kAny: any pair that starts with `first`); of
/// which kind (AnchorTables::kHere or kBefore).
struct Triple {
    Byte first = 0;
    int second = 0;
    int third = 0;
    std::uint8_t kind = AnchorTables::kHere;
};

/// Three sets of bytes, one of each kind.
struct ByteSet {
    std::array<std::uint64_t, 12> words{}; // kBefore's 256 bits, then kHere's, then kAfter's
    constexpr void add(int byte, std::uint8_t kind)
    {
        const std::size_t base = kind == AnchorTables::kHere ? 4 : kind == AnchorTables::kAfter ? 8 : 0;
        for (std::size_t k = 0; k < 4; ++k)
            if (byte == kAny || std::size_t(byte) >> 6 == k)
                words[base + k] |= byte == kAny ? ~0ull : 1ull << (byte & 63);
    }
    constexpr std::uint8_t valueOf(int byte) const
    {
        const auto has = [&](std::size_t base) { return (words[base + (std::size_t(byte) >> 6)] >> (byte & 63)) & 1; };
        return std::uint8_t((has(0) ? AnchorTables::kBefore : 0) | (has(4) ? AnchorTables::kHere : 0)
                            | (has(8) ? AnchorTables::kAfter : 0));
    }
    constexpr bool operator==(const ByteSet &other) const { return words == other.words; }
    constexpr std::size_t hash() const
    {
        std::uint64_t h = 0;
        for (const std::uint64_t w : words)
            h = h * 31 + w;
        return std::size_t(h * 0x9e3779b97f4a7c15ull >> 40);
    }
};

/// Everything the tables hold, at their largest (the sizes are known once built).
template <std::size_t Literals>
struct Built {
    static constexpr std::size_t kMaxTriples = Literals * 16 * 2;
    static constexpr std::size_t kMaxRows = 64; // 52 start rows and 59 cover rows for the catalogue; more: overflow
    std::array<std::uint16_t, 256> startRow{};
    std::array<Byte, kMaxRows * 256> startSets{};
    std::size_t startSetsSize = 256;
    std::array<Byte, 65536> coverOf{};
    std::array<ByteSet, 256> sets{};
    std::size_t setCount = 0;
    std::array<std::uint16_t, kMaxRows * 256> bucketOf{};
    std::size_t bucketCount = 0;
    std::array<std::uint64_t, 1024> pairs{};
    std::array<std::uint64_t, 1024> triplesEnded{};
    std::array<std::uint64_t, 1024> quads{};
    bool overflow = false; // more than 256 sets or kMaxRows rows

    std::array<std::uint16_t, 1024> setByHash{}; // 1 + a set's index, by its hash (open addressing)

    /// The index of `set`, added when new. By hash: comparing with every set before took most of the steps a
    /// compiler allows a constant expression (clang: a million).
    constexpr int setIndex(const ByteSet &set)
    {
        for (std::size_t at = set.hash();; ++at) {
            std::uint16_t &slot = setByHash[at % setByHash.size()];
            if (slot != 0 && sets[slot - 1u] == set)
                return slot - 1;
            if (slot != 0)
                continue;
            if (setCount == sets.size()) {
                overflow = true;
                return 0;
            }
            sets[setCount] = set;
            slot = std::uint16_t(++setCount);
            return slot - 1;
        }
    }

    /// Rows for `triples`: `row` gets each first byte's offset in `rowSets`. Written for the steps a compiler allows
    /// a constant expression: a row visits the second bytes it holds, not all 256.
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
        std::array<std::uint16_t, kMaxTriples> grouped{}; // the triples' indexes, by first byte
        for (std::size_t t = 0; t < count; ++t)
            grouped[next[triples[t].first]++] = std::uint16_t(t);
        std::size_t size = 256; // row 0 is empty
        std::array<ByteSet, 256> thirdsOf{};
        std::array<int, 256> takenBy{};       // the first byte + 1 of the row that last took a second byte
        std::array<std::uint8_t, 256> held{}; // the second bytes this row holds, in the order taken
        for (std::size_t first = 0; first < 256; ++first) {
            if (from[first] == from[first + 1])
                continue;
            std::size_t heldCount = 0;
            for (std::size_t g = from[first]; g < from[first + 1]; ++g) {
                const Triple &triple = triples[grouped[g]];
                const int low = triple.second == kAny ? 0 : triple.second;
                const int high = triple.second == kAny ? 255 : triple.second;
                for (int second = low; second <= high; ++second) {
                    if (takenBy[std::size_t(second)] != int(first) + 1) {
                        takenBy[std::size_t(second)] = int(first) + 1;
                        thirdsOf[std::size_t(second)] = ByteSet();
                        held[heldCount++] = std::uint8_t(second);
                    }
                    thirdsOf[std::size_t(second)].add(triple.third, triple.kind);
                }
            }
            if (size + 256 > rowSets.size()) {
                overflow = true;
                return size;
            }
            row[first] = std::uint16_t(size);
            for (std::size_t h = 0; h < heldCount; ++h)
                rowSets[size + held[h]] = Byte(setIndex(thirdsOf[held[h]]));
            size += 256;
        }
        return size;
    }
};

static constexpr void setBit(std::array<std::uint64_t, 1024> &bits, std::uint16_t at)
{
    bits[at >> 6] |= 1ull << (at & 63);
}

/// The tables for `literals`. The anchors in `testedAfter` (two or three bytes) are found at a place the scan does not
/// test by the test of the place before (kAfter, their first two bytes) rather than of the place after (kBefore, their
/// second byte and any two, or their second and third and any byte): every `-` of a UUID passed that test for `--`,
/// every `w` for `pw`, every `at` for `pat` (a step of the scan in four passed it on the largest sample, one in seven
/// so).
template <std::size_t Literals, std::size_t After>
constexpr Built<Literals> build(const std::array<std::string_view, Literals> &literals,
                                const std::array<std::string_view, After> &testedAfter)
{
    Built<Literals> out;
    out.setIndex(ByteSet()); // set 0, empty: the pairs no anchor holds
    std::array<Triple, Built<Literals>::kMaxTriples> starts{};
    std::array<Triple, Built<Literals>::kMaxTriples> covers{};
    std::size_t startCount = 0;
    std::size_t coverCount = 0;
    std::array<ByteSet, 256> afterOf{}; // by the first byte of a spelling tested after: its second bytes
    std::array<bool, 256> hasAfter{};
    for (const std::string_view literal : literals) {
        const bool after = std::find(testedAfter.begin(), testedAfter.end(), literal) != testedAfter.end();
        if (after && literal.size() > 3)
            out.overflow = true; // a longer anchor keeps three of its bytes in the test of the place after
        forEachSpelling(literal, [&](const Spelling &s) {
            const Triple start{s.at[0], s.at[1], s.length == 2 ? kAny : s.at[2]};
            starts[startCount++] = start;
            covers[coverCount++] = start;
            if (after) {
                afterOf[s.at[0]].add(s.at[1], AnchorTables::kAfter);
                hasAfter[s.at[0]] = true;
            } else if (s.length == 2)
                covers[coverCount++] = Triple{s.at[1], kAny, kAny, AnchorTables::kBefore};
            else
                covers[coverCount++] = Triple{s.at[1], s.at[2], s.length == 3 ? kAny : s.at[3], AnchorTables::kBefore};
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
    // An anchor tested after starts at the pair's second byte, whatever its first: every pair that ends in its first
    // byte gets its second as kAfter, each set joined once.
    for (int second = 0; second < 256; ++second) {
        if (!hasAfter[std::size_t(second)])
            continue;
        std::array<std::uint16_t, 256> joined{}; // 1 + the joined set, by the set joined
        for (int first = 0; first < 256; ++first) {
            Byte &set = out.coverOf[std::size_t(first | (second << 8))];
            if (joined[set] == 0) {
                ByteSet with = out.sets[set];
                for (std::size_t k = 0; k < 4; ++k)
                    with.words[8 + k] |= afterOf[std::size_t(second)].words[8 + k];
                joined[set] = std::uint16_t(1 + out.setIndex(with));
            }
            set = Byte(joined[set] - 1);
        }
    }
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
            out[set * 256 + std::size_t(third)] = built.sets[set].valueOf(third);
    return out;
}

} // namespace compiled

} // namespace engram::redaction
