#include "recall/WordFrequency.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cmath>

namespace engram {

WordFrequency WordFrequency::fromFile(const QString &path)
{
    WordFrequency list;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return list;
    // Read whole and parsed in place: every recall and remember of engram-cli reads the list, and a copy of
    // each line and field (74,000 lines) was most of such a call under the sanitizers (0.8 s of 1 s).
    const QByteArray bytes = f.readAll();
    list.m_count.reserve(bytes.count('\n') + 1);
    double total = 0.0;
    for (qsizetype start = 0; start < bytes.size();) {
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0)
            end = bytes.size();
        const QByteArrayView line = QByteArrayView(bytes).sliced(start, end - start).trimmed();
        start = end + 1;
        const qsizetype tab = line.indexOf('\t');
        if (tab <= 0)
            continue;
        bool ok = false;
        const qint64 count = line.sliced(tab + 1).toLongLong(&ok);
        if (!ok || count <= 0)
            continue;
        QString word = QString::fromUtf8(line.first(tab));
        if (!word.isLower())
            word = word.toLower();
        list.m_count[word] += count;
        total += double(count);
    }
    list.m_total = total;
    return list;
}

QString WordFrequency::defaultPath()
{
    const QString fromEnvironment = qEnvironmentVariable("ENGRAM_WORD_FREQUENCY");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
#ifdef ENGRAM_WORD_FREQUENCY_FILE
    if (QFileInfo::exists(QStringLiteral(ENGRAM_WORD_FREQUENCY_FILE)))
        return QStringLiteral(ENGRAM_WORD_FREQUENCY_FILE);
#endif
    if (QCoreApplication::instance())
        return QCoreApplication::applicationDirPath() + QStringLiteral("/../share/engram/english.tsv");
#ifdef ENGRAM_WORD_FREQUENCY_FILE
    return QStringLiteral(ENGRAM_WORD_FREQUENCY_FILE);
#else
    return {};
#endif
}

const WordFrequency &WordFrequency::english()
{
    static const WordFrequency list = fromFile(defaultPath());
    return list;
}

double WordFrequency::zipf(const QString &word) const
{
    const qint64 count = m_count.value(word);
    if (count <= 0 || m_total <= 0.0)
        return 0.0;
    return std::log10(double(count) * 1e9 / m_total);
}

} // namespace engram
