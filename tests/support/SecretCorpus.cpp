#include "SecretCorpus.h"

#include <QRandomGenerator>

namespace engram::test {

namespace {

QByteArray drawn(QRandomGenerator &random, const char *alphabet, int length)
{
    const QByteArray letters(alphabet);
    QByteArray out;
    for (int i = 0; i < length; ++i)
        out += letters.at(int(random.bounded(quint32(letters.size()))));
    return out;
}

const char *const kAlnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const char *const kUpperDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const char *const kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

} // namespace

QList<SecretSample> secretCorpus(quint32 seed)
{
    QRandomGenerator random(seed);
    QList<SecretSample> out;
    const auto add = [&](const char *kind, const QByteArray &prefix, const QByteArray &body,
                         const QByteArray &suffix = {}) {
        out << SecretSample{QString::fromLatin1(kind), prefix + body + suffix, body};
    };
    add("api-key", "sk-ant-api03-", drawn(random, kAlnum, 93) + "AA");
    add("api-key", "sk-proj-", drawn(random, kAlnum, 48));
    add("github-token", "ghp_", drawn(random, kAlnum, 36));
    add("github-token", "gho_", drawn(random, kAlnum, 36));
    add("slack-token", "xoxb-", drawn(random, "0123456789", 12) + '-' + drawn(random, kAlnum, 24));
    add("aws-key", "AKIA", drawn(random, kUpperDigits, 16));
    add("url-password", "postgres://deploy:", drawn(random, kAlnum, 20), "@db.internal:5432/app");
    QByteArray key;
    for (int i = 0; i < 4; ++i)
        key += drawn(random, kBase64, 64) + '\n';
    add("private-key", "-----BEGIN RSA PRIVATE KEY-----\n", key, "-----END RSA PRIVATE KEY-----");
    return out;
}

} // namespace engram::test
