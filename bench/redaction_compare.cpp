// Everything the redactor says about a set of inputs, written out so two builds can be compared byte for byte:
// each file given, whole and line by line, and generated lines (anchors of the catalogue in random case among
// tokens, names, signs and escapes; wrapped key bodies). Build it at two commits and diff the outputs
// (bench/README.md, "Redaction", sixth pass). Usage: redaction_compare SEED LINES FILE...
#include "redaction/SecretCatalogue.h"
#include "redaction/SecretRedactor.h"

#include <QCoreApplication>
#include <QFile>
#include <QRandomGenerator>

#include <cstdio>

using namespace engram;

namespace {

qint64 g_replaced = 0;

/// The redacted text and the findings of `text`, after a header naming it.
void describe(FILE *out, const QByteArray &name, const QByteArray &text, const SecretRedactor &redactor)
{
    int count = 0;
    const QByteArray redacted = redactor.redactText(text, &count);
    g_replaced += count;
    std::fprintf(out, "== %s %d\n", name.constData(), count);
    std::fwrite(redacted.constData(), 1, size_t(redacted.size()), out);
    for (const SecretRedactor::Finding &f : redactor.find(text))
        std::fprintf(out, "\n-- %s %d:%d", qPrintable(f.kind), f.line, f.column);
    std::fputc('\n', out);
}

QByteArray randomCase(QByteArray text, QRandomGenerator &random)
{
    for (char &c : text)
        if (random.bounded(2))
            c = c >= 'a' && c <= 'z' ? char(c - 32) : (c >= 'A' && c <= 'Z' ? char(c + 32) : c);
    return text;
}

QByteArray randomRun(QRandomGenerator &random, const char *alphabet, int length)
{
    const int size = int(qstrlen(alphabet));
    QByteArray out;
    for (int k = 0; k < length; ++k)
        out += alphabet[random.bounded(size)];
    return out;
}

/// A line of anchors (any case, or as written), tokens, names, signs, quotes and JSON escapes.
QByteArray generatedLine(QRandomGenerator &random, const QList<QByteArray> &anchors)
{
    static const char *const kAlnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static const char *const kName = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.";
    static const QList<QByteArray> kGlue{" ",  "=", ": ", ":",   "\"",   "\\\"", "\\n", "\n",  "'",  "_",  "-",
                                         ".",  "/", "//", "://", "@",    " -p",  "\t",  "=> ", ":=", "\\", "→",
                                         ", ", "{", "}",  "[",   "\r\n", "--",   "~",   "%3D", "==", "+"};
    QByteArray line;
    const int parts = 1 + int(random.bounded(14));
    for (int p = 0; p < parts; ++p) {
        switch (random.bounded(6)) {
        case 0:
        case 1: {
            const QByteArray &anchor = anchors.at(random.bounded(anchors.size()));
            line += random.bounded(3) == 0 ? anchor : randomCase(anchor, random);
            break;
        }
        case 2: line += randomRun(random, kAlnum, int(random.bounded(48))); break;
        case 3: line += randomRun(random, kName, int(random.bounded(12))); break;
        default: line += kGlue.at(random.bounded(kGlue.size()));
        }
    }
    return line;
}

/// Two to four lines of 10–100 base64 characters, each separator a key's text may use, with or without a header.
QByteArray generatedKeyBody(QRandomGenerator &random)
{
    static const char *const kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    static const QList<QByteArray> kBreaks{"\n", "\\n", "\r\n", "\\r\\n", " ", "\n     2→", "\\n    12\\t", "\"", ""};
    QByteArray out = random.bounded(4) == 0 ? QByteArray("-----BEGIN RSA PRIVATE KEY-----") : QByteArray();
    if (random.bounded(2))
        out.prepend(randomRun(random, "abc \"", int(random.bounded(20))));
    const int lines = 2 + int(random.bounded(3));
    for (int k = 0; k < lines; ++k) {
        out += kBreaks.at(random.bounded(kBreaks.size()));
        out += randomRun(random, kBase64, 10 + int(random.bounded(91)));
    }
    if (random.bounded(3) == 0)
        out += "\\n-----END RSA PRIVATE KEY-----";
    return out;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: redaction_compare SEED LINES [FILE...]\n");
        return 2;
    }
    const quint32 seed = QByteArray(argv[1]).toUInt();
    const int lines = QByteArray(argv[2]).toInt();
    const SecretRedactor redactor;
    FILE *out = stdout;
    std::fprintf(stderr, "seed %u, %d generated lines and as many key bodies\n", seed, lines);
    for (int a = 3; a < argc; ++a) {
        QFile file(QString::fromLocal8Bit(argv[a]));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", argv[a]);
        const QByteArray bytes = file.readAll();
        describe(out, argv[a], bytes, redactor);
        qsizetype from = 0;
        int number = 0;
        while (from < bytes.size()) {
            qsizetype end = bytes.indexOf('\n', from);
            end = end < 0 ? bytes.size() : end + 1;
            describe(out, QByteArray(argv[a]) + ':' + QByteArray::number(++number), bytes.mid(from, end - from),
                     redactor);
            from = end;
        }
    }
    QList<QByteArray> anchors;
    for (const redaction::Rule &rule : redaction::catalogue())
        anchors += rule.anchors;
    QRandomGenerator random(seed);
    for (int k = 0; k < lines; ++k)
        describe(out, "line " + QByteArray::number(k), generatedLine(random, anchors), redactor);
    for (int k = 0; k < lines; ++k)
        describe(out, "body " + QByteArray::number(k), generatedKeyBody(random), redactor);
    std::fprintf(stderr, "%lld replacements\n", g_replaced);
    return 0;
}
