#include "Golden.h"

#include "TestVault.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <vector>

namespace engram::test {

namespace {

QStringList linesOf(const QString &text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast(); // a final newline ends the last line, it does not start another
    return lines;
}

} // namespace

bool regeneratingGolden()
{
    return qEnvironmentVariableIsSet("ENGRAM_REGEN_GOLDEN");
}

QString unifiedDiff(const QString &expected, const QString &actual, const QString &expectedName,
                    const QString &actualName)
{
    const QStringList a = linesOf(expected);
    const QStringList b = linesOf(actual);
    if (a == b)
        return {};
    // Longest common subsequence over lines: references are at most a few hundred lines.
    const qsizetype n = a.size(), m = b.size();
    std::vector<std::vector<int>> lcs(size_t(n + 1), std::vector<int>(size_t(m + 1), 0));
    for (qsizetype i = n - 1; i >= 0; --i)
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[size_t(i)][size_t(j)] = a[i] == b[j]
                                            ? lcs[size_t(i + 1)][size_t(j + 1)] + 1
                                            : qMax(lcs[size_t(i + 1)][size_t(j)], lcs[size_t(i)][size_t(j + 1)]);
    struct Op {
        char kind; // ' ', '-', '+'
        qsizetype a, b;
    };
    std::vector<Op> ops;
    qsizetype i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[i] == b[j]) {
            ops.push_back({' ', i++, j++});
        } else if (i < n && (j == m || lcs[size_t(i + 1)][size_t(j)] >= lcs[size_t(i)][size_t(j + 1)])) {
            ops.push_back({'-', i++, j}); // removed lines first, as diff -u shows them
        } else {
            ops.push_back({'+', i, j++});
        }
    }
    constexpr qsizetype kContext = 3;
    QString out = QStringLiteral("--- %1\n+++ %2\n").arg(expectedName, actualName);
    const qsizetype count = qsizetype(ops.size());
    for (qsizetype k = 0; k < count;) {
        if (ops[size_t(k)].kind == ' ') {
            ++k;
            continue;
        }
        // A hunk: from kContext lines before this change to kContext after the last change that
        // is less than 2 * kContext equal lines away.
        const qsizetype start = qMax<qsizetype>(0, k - kContext);
        qsizetype lastChange = k;
        for (qsizetype h = k; h < count && h - lastChange <= 2 * kContext; ++h)
            if (ops[size_t(h)].kind != ' ')
                lastChange = h;
        const qsizetype end = qMin(count, lastChange + 1 + kContext);
        qsizetype aLines = 0, bLines = 0;
        QString body;
        for (qsizetype h = start; h < end; ++h) {
            const Op &op = ops[size_t(h)];
            aLines += op.kind != '+';
            bLines += op.kind != '-';
            body += QLatin1Char(op.kind) + (op.kind == '+' ? b[op.b] : a[op.a]) + QLatin1Char('\n');
        }
        out += QStringLiteral("@@ -%1,%2 +%3,%4 @@\n")
                   .arg(ops[size_t(start)].a + 1)
                   .arg(aLines)
                   .arg(ops[size_t(start)].b + 1)
                   .arg(bLines)
               + body;
        k = end;
    }
    return out;
}

QString goldenMismatch(const QString &actual, const QString &relative)
{
    const QString path = dataPath(relative);
    if (regeneratingGolden()) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        f.write(actual.toUtf8());
        return {};
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("tests/data/%1 is missing (%2): run scripts/regen-golden.sh and review the new file")
            .arg(relative, f.errorString());
    const QString diff = unifiedDiff(QString::fromUtf8(f.readAll()), actual, QStringLiteral("tests/data/") + relative,
                                     QStringLiteral("actual"));
    if (diff.isEmpty())
        return {};
    return QStringLiteral("output differs from tests/data/%1:\n%2If the change is intended, run "
                          "scripts/regen-golden.sh and review `git diff tests/data/golden`.")
        .arg(relative, diff);
}

QStringList goldenCases(const QString &folder, const QString &suffix)
{
    const QString root = dataPath(folder);
    QStringList cases;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (file.endsWith(suffix))
            cases << QDir(root).relativeFilePath(file);
    }
    cases.sort();
    return cases;
}

GoldenNormalizer::GoldenNormalizer(const QString &vaultPath)
{
    // The canonical path first: a longer match must not leave a tail of the shorter one behind.
    const QString canonical = QFileInfo(vaultPath).canonicalFilePath();
    if (!canonical.isEmpty() && canonical != vaultPath)
        m_vaultPaths << canonical;
    m_vaultPaths << vaultPath;
    const QDateTime now = QDateTime::currentDateTime();
    // Yesterday and tomorrow too: a run across midnight, and UTC against the local zone.
    for (int day = -1; day <= 1; ++day)
        for (const QDate &d : {now.date().addDays(day), now.toUTC().date().addDays(day)})
            if (!m_today.contains(d))
                m_today << d;
}

QString GoldenNormalizer::text(QString text) const
{
    for (const QString &path : m_vaultPaths)
        text.replace(path, QStringLiteral("<vault>"));
    static const QRegularExpression dateTime(
        QStringLiteral(R"((\d{4}-\d{2}-\d{2})([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)"));
    QString out;
    qsizetype last = 0;
    for (auto it = dateTime.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        if (!m_today.contains(QDate::fromString(match.captured(1), Qt::ISODate)))
            continue;
        out += text.mid(last, match.capturedStart() - last);
        out += match.captured(2).isEmpty() ? QStringLiteral("<today>") : QStringLiteral("<now>");
        last = match.capturedEnd();
    }
    return out + text.mid(last);
}

QJsonValue GoldenNormalizer::json(const QJsonValue &value) const
{
    switch (value.type()) {
    case QJsonValue::String: return text(value.toString());
    case QJsonValue::Double: {
        const double d = value.toDouble();
        return d == std::trunc(d) ? value : QJsonValue(std::round(d * 1e4) / 1e4);
    }
    case QJsonValue::Array: {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(json(v));
        return out;
    }
    case QJsonValue::Object: {
        const QJsonObject in = value.toObject();
        QJsonObject out;
        for (auto it = in.begin(); it != in.end(); ++it)
            out.insert(text(it.key()),
                       it.key().endsWith(QLatin1String("_ms")) ? QJsonValue(QStringLiteral("<ms>")) : json(it.value()));
        return out;
    }
    default: return value;
    }
}

QString GoldenNormalizer::jsonText(const QByteArray &bytes) const
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return QStringLiteral("not JSON (%1 at offset %2):\n%3")
            .arg(error.errorString())
            .arg(error.offset)
            .arg(text(QString::fromUtf8(bytes)));
    const QJsonValue normalized = json(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    return QString::fromUtf8(normalized.isArray()
                                 ? QJsonDocument(normalized.toArray()).toJson(QJsonDocument::Indented)
                                 : QJsonDocument(normalized.toObject()).toJson(QJsonDocument::Indented));
}

} // namespace engram::test
