#pragma once

#include <QtGlobal>

#include <cmath>
#include <limits>

namespace engram {

/// JSON numbers arrive as doubles, from files and from agents: converting one past qint64's range
/// (or NaN) to an integer is undefined behaviour in C++ (`qint64(2.4e121)`; a fuzzer's find in the
/// MCP reader). These convert every double safely.
namespace JsonNumber {

/// True for a whole number a double holds exactly (|v| ≤ 2^53), as JSON-RPC ids and schema
/// integers must be.
inline bool isExactInteger(double v)
{
    return std::isfinite(v) && std::trunc(v) == v && std::fabs(v) <= 9007199254740992.0;
}

/// `v` rounded toward zero and clamped to qint64's range; NaN gives `fallback`.
inline qint64 toInteger(double v, qint64 fallback = 0)
{
    if (std::isnan(v))
        return fallback;
    constexpr double kMax = 9.2e18; // just inside qint64 (9.22e18), exact as a double
    if (v >= kMax)
        return qint64(kMax);
    if (v <= -kMax)
        return -qint64(kMax);
    return qint64(v);
}

} // namespace JsonNumber

} // namespace engram
