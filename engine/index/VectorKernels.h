#pragma once

#include <cstddef>
#include <cstdint>

namespace engram {

/// The distance functions of the vector index, in hnswlib's calling convention (a, b, a pointer to
/// the dimension count as size_t), and the int8 form the graph keeps its vectors in.
///
/// A quantised vector is a float scale followed by one int8 per dimension, q[i] = round(v[i] / scale)
/// with scale = max|v[i]| / 127 (symmetric, per vector): 388 bytes for 384 dimensions instead of
/// 1 536, so a graph of a million hashed vectors holds 0.5 GB instead of 1.7 GB. Its inner products
/// are approximate (hashed 384-dim vectors: |error| ≲ 0.01 of a similarity), so the index ranks the
/// graph's candidates again with the float16 vectors (VectorIndex).
namespace VectorKernels {

using Distance = float (*)(const void *, const void *, const void *);

/// IEEE float16 (binary16), the form the exact re-score keeps its vectors in: 768 bytes at 384
/// dimensions instead of 1 536. Rounded to nearest, ties to even, in portable code, so a vector
/// has the same bits on every CPU and every path (an add, a rebuild from SQLite, a loaded file).
/// A unit vector's components lose below 2⁻¹² of their value: a similarity moves by ~1e-4.
std::uint16_t toHalf(float value);
float fromHalf(std::uint16_t half);
void toHalf(const float *vector, std::size_t dimensions, std::uint16_t *out);
void fromHalf(const std::uint16_t *halves, std::size_t dimensions, float *out);
/// 1 − a·b, `a` floats (the query), `b` float16 (a stored vector): AVX2 + FMA + F16C where the
/// CPU has them, else portable.
Distance halfDistance();

/// Bytes of one quantised vector of `dimensions`.
constexpr std::size_t quantisedSize(std::size_t dimensions)
{
    return sizeof(float) + dimensions;
}
void quantise(const float *vector, std::size_t dimensions, void *out);
/// 1 − a·b over two quantised vectors (integer sums, so exact for the int8 values: the same in any
/// order and on any CPU).
Distance quantisedDistance();

} // namespace VectorKernels
} // namespace engram
