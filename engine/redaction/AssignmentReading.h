#pragma once

#include <QStringView>

namespace engram::redaction {

/// The assignment rule's anchored expression (SecretCatalogue.cpp: `\G`, kStart, a quote, the name, a quote, blanks,
/// the sign, blanks, a quoted or a plain value) read by hand at one place, as PCRE2 matches it: whether it matches
/// there, and where its groups are. Read so the expression need not be compiled in a hook's process where every try is
/// rejected (Qt compiles and JIT-compiles it three times: a million instructions, a tenth of what redaction cost a
/// capture). The expression backtracks nowhere that changes its match (the name is the whole run of name characters
/// from where it starts, the quotes, blanks and sign are each one way, and the quoted value ends at the first character
/// its class leaves out), so one pass over the characters decides. A character past ASCII where the reading looks is
/// Unknown: in the name it may be a letter of a secret word without case (`ſ`, the Kelvin sign), and a value counts
/// characters, not UTF-16 units.
struct AssignmentReading {
    enum class Outcome { Unknown, NoMatch, Match };
    Outcome outcome = Outcome::Unknown;
    qsizetype nameStart = 0; ///< the group `name`
    qsizetype nameEnd = 0;
    qsizetype valueStart = 0; ///< the group `secret` when quoted, else `secret2`
    qsizetype valueEnd = 0;
    bool quoted = false;
    qsizetype end = 0; ///< the match's end
};

/// Whether `c` may stand in an assignment's plain value: the expression's class `[^\s"'`\\,;&<>(){}\[\]]`.
bool inPlainValue(char16_t c);

/// The assignment rule's anchored expression at `start` of `text` (the whole subject), read by hand.
AssignmentReading readAssignment(QStringView text, qsizetype start);

} // namespace engram::redaction
