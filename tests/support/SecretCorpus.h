#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace engram::test {

/// A secret as a person or a tool writes it, with a random body.
struct SecretSample {
    QString kind;    ///< the kind its redaction names
    QByteArray text; ///< the secret as written (prefix, assignment or header included)
    QByteArray body; ///< the part that must not survive
};

/// Secret shapes with bodies drawn from `seed`; never a fixed secret.
QList<SecretSample> secretCorpus(quint32 seed);

} // namespace engram::test
