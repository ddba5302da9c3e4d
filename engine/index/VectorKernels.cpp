#include "index/VectorKernels.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define ENGRAM_RUNTIME_AVX2 1
#endif

namespace engram::VectorKernels {

namespace {

/// Fabian Giesen's float → half with round-to-nearest-even (public domain), and its inverse.
std::uint32_t bitsOf(float value)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

float floatOf(std::uint32_t bits)
{
    float value = 0.0f;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

float halfDistancePortable(const void *a, const void *b, const void *dimensions)
{
    const std::size_t n = *static_cast<const std::size_t *>(dimensions);
    const float *x = static_cast<const float *>(a);
    const auto *y = static_cast<const std::uint16_t *>(b);
    float dot = 0.0f;
    for (std::size_t i = 0; i < n; ++i)
        dot += x[i] * fromHalf(y[i]);
    return 1.0f - dot;
}

float quantisedDistancePortable(const void *a, const void *b, const void *dimensions)
{
    const std::size_t n = *static_cast<const std::size_t *>(dimensions);
    float scaleA = 0.0f;
    float scaleB = 0.0f;
    std::memcpy(&scaleA, a, sizeof(float));
    std::memcpy(&scaleB, b, sizeof(float));
    const auto *x = static_cast<const std::int8_t *>(a) + sizeof(float);
    const auto *y = static_cast<const std::int8_t *>(b) + sizeof(float);
    std::int32_t sum = 0;
    for (std::size_t i = 0; i < n; ++i)
        sum += std::int32_t(x[i]) * std::int32_t(y[i]);
    return 1.0f - scaleA * scaleB * float(sum);
}

#ifdef ENGRAM_RUNTIME_AVX2
__attribute__((target("avx2"))) float quantisedDistanceAvx2(const void *a, const void *b, const void *dimensions)
{
    const std::size_t n = *static_cast<const std::size_t *>(dimensions);
    float scaleA = 0.0f;
    float scaleB = 0.0f;
    std::memcpy(&scaleA, a, sizeof(float));
    std::memcpy(&scaleB, b, sizeof(float));
    const auto *x = static_cast<const std::int8_t *>(a) + sizeof(float);
    const auto *y = static_cast<const std::int8_t *>(b) + sizeof(float);
    // int8 → int16, multiplied and summed in pairs into int32: |q| ≤ 127, so a lane holds
    // 2 × 127² per step and cannot overflow below 66 000 dimensions.
    __m256i sum = _mm256_setzero_si256();
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256i xs = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(x + i)));
        const __m256i ys = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(y + i)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(xs, ys));
    }
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_hadd_epi32(half, half);
    half = _mm_hadd_epi32(half, half);
    std::int32_t dot = _mm_cvtsi128_si32(half);
    for (; i < n; ++i)
        dot += std::int32_t(x[i]) * std::int32_t(y[i]);
    return 1.0f - scaleA * scaleB * float(dot);
}

/// The exact scan (up to 20 000 vectors) and the re-score of the graph's candidates.
__attribute__((target("avx2,fma,f16c"))) float halfDistanceAvx2(const void *a, const void *b, const void *dimensions)
{
    const float *x = static_cast<const float *>(a);
    const auto *y = static_cast<const std::uint16_t *>(b);
    const std::size_t n = *static_cast<const std::size_t *>(dimensions);
    __m256 sum0 = _mm256_setzero_ps();
    __m256 sum1 = _mm256_setzero_ps();
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256 y0 = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(y + i)));
        const __m256 y1 = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(y + i + 8)));
        sum0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), y0, sum0);
        sum1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8), y1, sum1);
    }
    for (; i + 8 <= n; i += 8)
        sum0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i),
                               _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(y + i))), sum0);
    const __m256 sum = _mm256_add_ps(sum0, sum1);
    __m128 half = _mm_add_ps(_mm256_castps256_ps128(sum), _mm256_extractf128_ps(sum, 1));
    half = _mm_hadd_ps(half, half);
    half = _mm_hadd_ps(half, half);
    float dot = _mm_cvtss_f32(half);
    for (; i < n; ++i)
        dot += x[i] * fromHalf(y[i]);
    return 1.0f - dot;
}

bool hasAvx2()
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

bool hasF16c()
{
    // CPUID leaf 1, ECX bit 29: clang 14's __builtin_cpu_supports knows no "f16c" (GCC's does).
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return hasAvx2() && __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_F16C) != 0;
}
#endif

} // namespace

Distance halfDistance()
{
#ifdef ENGRAM_RUNTIME_AVX2
    if (hasF16c())
        return halfDistanceAvx2;
#endif
    return halfDistancePortable;
}

std::uint16_t toHalf(float value)
{
    constexpr std::uint32_t infinity = 255u << 23;
    constexpr std::uint32_t halfOverflow = (127u + 16u) << 23; // 65 536: infinity in float16
    const float subnormalMagic = floatOf(((127u - 15u) + (23u - 10u) + 1u) << 23);
    std::uint32_t bits = bitsOf(value);
    const std::uint32_t sign = bits & 0x80000000u;
    bits ^= sign;
    std::uint32_t out = 0;
    if (bits >= halfOverflow) {
        out = bits > infinity ? 0x7e00u : 0x7c00u; // NaN stays NaN, the rest is infinity
    } else if (bits < (113u << 23)) {              // below 2⁻¹⁴: a subnormal half, rounded by the float addition
        out = bitsOf(floatOf(bits) + subnormalMagic) - bitsOf(subnormalMagic);
    } else {
        const std::uint32_t odd = (bits >> 13) & 1u;
        bits += ((15u - 127u) << 23) + 0xfffu + odd; // new exponent bias; round half to even
        out = bits >> 13;
    }
    return std::uint16_t(out | (sign >> 16));
}

float fromHalf(std::uint16_t half)
{
    constexpr std::uint32_t exponentMask = 0x7c00u << 13;
    std::uint32_t bits = std::uint32_t(half & 0x7fffu) << 13;
    const std::uint32_t exponent = bits & exponentMask;
    bits += (127u - 15u) << 23;
    float value = 0.0f;
    if (exponent == exponentMask) { // infinity, NaN
        value = floatOf(bits + ((128u - 16u) << 23));
    } else if (exponent == 0) { // zero, subnormal
        value = floatOf(bits + (1u << 23)) - floatOf(113u << 23);
    } else {
        value = floatOf(bits);
    }
    return floatOf(bitsOf(value) | (std::uint32_t(half & 0x8000u) << 16));
}

void toHalf(const float *vector, std::size_t dimensions, std::uint16_t *out)
{
    for (std::size_t i = 0; i < dimensions; ++i)
        out[i] = toHalf(vector[i]);
}

void fromHalf(const std::uint16_t *halves, std::size_t dimensions, float *out)
{
    for (std::size_t i = 0; i < dimensions; ++i)
        out[i] = fromHalf(halves[i]);
}

Distance quantisedDistance()
{
#ifdef ENGRAM_RUNTIME_AVX2
    if (hasAvx2())
        return quantisedDistanceAvx2;
#endif
    return quantisedDistancePortable;
}

void quantise(const float *vector, std::size_t dimensions, void *out)
{
    float largest = 0.0f;
    for (std::size_t i = 0; i < dimensions; ++i)
        largest = std::fmax(largest, std::fabs(vector[i]));
    const float scale = largest > 0.0f ? largest / 127.0f : 0.0f;
    const float inverse = largest > 0.0f ? 127.0f / largest : 0.0f;
    std::memcpy(out, &scale, sizeof(float));
    auto *q = static_cast<std::int8_t *>(out) + sizeof(float);
    for (std::size_t i = 0; i < dimensions; ++i) {
        const float value = std::nearbyint(vector[i] * inverse);
        q[i] = std::int8_t(std::fmax(-127.0f, std::fmin(127.0f, value)));
    }
}

} // namespace engram::VectorKernels
