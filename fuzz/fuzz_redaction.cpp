// libFuzzer target: the redaction gate. Whatever the bytes, redaction ends, is idempotent (a
// replacement is never a secret again), keeps a valid JSON line valid JSON (a captured transcript line
// stays readable), and find() names as many secrets as redactText replaced.
#include "FuzzSupport.h"
#include "redaction/SecretRedactor.h"

#include <QJsonDocument>
#include <QJsonParseError>

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    static const SecretRedactor redactor;
    int count = 0;
    const QByteArray once = redactor.redactText(bytes, &count);
    fuzz::require(count >= 0, "a count of replacements");
    fuzz::require(redactor.find(bytes).size() == count, "find() names what redactText replaces");
    int again = 0;
    fuzz::require(redactor.redactText(once, &again) == once && again == 0, "redaction is idempotent");
    if (count == 0)
        fuzz::require(once == bytes, "a text without secrets is unchanged");
    QJsonParseError before{};
    (void)QJsonDocument::fromJson(bytes, &before);
    if (before.error == QJsonParseError::NoError && !bytes.contains('\n')) {
        QJsonParseError after{};
        (void)QJsonDocument::fromJson(once, &after);
        fuzz::require(after.error == QJsonParseError::NoError, "a JSON line stays a JSON line");
    }
    return 0;
}
