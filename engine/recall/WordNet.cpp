#include "recall/WordNet.h"

#include <QDir>
#include <QSet>

#include <cstring>

namespace engram {

namespace {

QByteArray fieldsUpTo(const uchar *begin, qint64 size, qint64 from, char stop)
{
    qint64 end = from;
    while (end < size && begin[end] != stop && begin[end] != '\n')
        ++end;
    return QByteArray(reinterpret_cast<const char *>(begin + from), end - from);
}

} // namespace

WordNet::WordNet(const QString &directory)
    : m_indexFile(QDir(directory).filePath(QStringLiteral("index.noun"))),
      m_dataFile(QDir(directory).filePath(QStringLiteral("data.noun")))
{
    if (!m_indexFile.open(QIODevice::ReadOnly) || !m_dataFile.open(QIODevice::ReadOnly))
        return;
    m_indexSize = m_indexFile.size();
    m_dataSize = m_dataFile.size();
    m_index = m_indexFile.map(0, m_indexSize);
    m_data = m_dataFile.map(0, m_dataSize);
    if (!m_index || !m_data) {
        m_index = m_data = nullptr;
        return;
    }
    QFile exceptions(QDir(directory).filePath(QStringLiteral("noun.exc")));
    if (exceptions.open(QIODevice::ReadOnly)) {
        while (!exceptions.atEnd()) {
            const QList<QByteArray> parts = exceptions.readLine().trimmed().split(' ');
            if (parts.size() >= 2)
                m_exceptions.insert(QString::fromLatin1(parts[0]), QString::fromLatin1(parts[1]));
        }
    }
}

WordNet::~WordNet() = default;

const WordNet *WordNet::system()
{
    static const std::unique_ptr<WordNet> instance = [] {
        QString directory = qEnvironmentVariable("ENGRAM_WORDNET_DIR");
        if (directory.isEmpty())
            directory = QStringLiteral("/usr/share/wordnet");
        auto wordNet = std::make_unique<WordNet>(directory);
        return wordNet->isValid() ? std::move(wordNet) : nullptr;
    }();
    return instance.get();
}

QByteArray WordNet::indexLine(const QByteArray &lemma) const
{
    // index.noun is sorted by lemma in byte order (its licence header lines start with spaces and
    // sort first): binary search over byte positions, each probe read from the start of its line.
    qint64 low = 0;
    qint64 high = m_indexSize;
    while (low < high) {
        const qint64 middle = low + (high - low) / 2;
        qint64 start = middle;
        while (start > 0 && m_index[start - 1] != '\n')
            --start;
        const QByteArray key = fieldsUpTo(m_index, m_indexSize, start, ' ');
        qint64 next = start;
        while (next < m_indexSize && m_index[next] != '\n')
            ++next;
        const int order = m_index[start] == ' ' ? -1 : std::strcmp(key.constData(), lemma.constData());
        if (order == 0)
            return fieldsUpTo(m_index, m_indexSize, start, '\n');
        if (order < 0)
            low = next + 1;
        else
            high = start;
    }
    return {};
}

QList<qint64> WordNet::senses(const QString &lemma) const
{
    if (!isValid() || lemma.isEmpty())
        return {};
    // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    const QList<QByteArray> fields = indexLine(lemma.toLatin1()).split(' ');
    if (fields.size() < 4)
        return {};
    const int pointerKinds = fields[3].toInt();
    const qsizetype firstOffset = 4 + pointerKinds + 2;
    QList<qint64> out;
    for (qsizetype i = firstOffset; i < fields.size(); ++i)
        if (!fields[i].isEmpty())
            out << fields[i].toLongLong();
    return out;
}

QString WordNet::nounLemma(const QString &word) const
{
    if (!isValid() || word.isEmpty())
        return {};
    if (const auto it = m_exceptions.constFind(word); it != m_exceptions.constEnd())
        return *it;
    if (!senses(word).isEmpty())
        return word;
    // morphy's noun rules, in its order.
    static const QList<QPair<QString, QString>> endings = {
        {QStringLiteral("s"), QString()},        {QStringLiteral("ses"), QStringLiteral("s")},
        {QStringLiteral("xes"), QStringLiteral("x")}, {QStringLiteral("zes"), QStringLiteral("z")},
        {QStringLiteral("ches"), QStringLiteral("ch")}, {QStringLiteral("shes"), QStringLiteral("sh")},
        {QStringLiteral("men"), QStringLiteral("man")}, {QStringLiteral("ies"), QStringLiteral("y")},
    };
    for (const auto &[ending, replacement] : endings) {
        if (word.size() <= ending.size() || !word.endsWith(ending))
            continue;
        const QString candidate = word.left(word.size() - ending.size()) + replacement;
        if (!senses(candidate).isEmpty())
            return candidate;
    }
    return {};
}

bool WordNet::readSynset(qint64 offset, Synset &out) const
{
    // synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id...] p_cnt [ptr...] | gloss
    if (offset < 0 || offset >= m_dataSize)
        return false;
    const QList<QByteArray> fields = fieldsUpTo(m_data, m_dataSize, offset, '|').split(' ');
    if (fields.size() < 4 || fields[0].toLongLong() != offset)
        return false;
    bool ok = false;
    const int words = fields[3].toInt(&ok, 16);
    if (!ok || fields.size() < 4 + 2 * words + 1)
        return false;
    out.words.clear();
    out.narrower.clear();
    for (int i = 0; i < words; ++i)
        out.words << QString::fromLatin1(fields[4 + 2 * i]).toLower();
    qsizetype at = 4 + 2 * words;
    const int pointers = fields[at++].toInt();
    for (int i = 0; i < pointers && at + 3 < fields.size(); ++i, at += 4) {
        const QByteArray &symbol = fields[at];
        if ((symbol == "~" || symbol == "~i") && fields[at + 2] == "n")
            out.narrower << fields[at + 1].toLongLong();
    }
    return true;
}

QStringList WordNet::narrower(const QStringList &lemmas, int maxSenses, int depth, int limit) const
{
    QStringList out;
    if (!isValid())
        return out;
    const QSet<QString> own(lemmas.cbegin(), lemmas.cend());
    QSet<QString> seen;
    QSet<qint64> visited;
    for (const QString &lemma : lemmas) {
        QList<qint64> frontier = senses(lemma).mid(0, maxSenses);
        for (int level = 0; level < depth && !frontier.isEmpty() && out.size() < limit; ++level) {
            QList<qint64> next;
            for (const qint64 offset : std::as_const(frontier)) {
                Synset synset;
                if (!readSynset(offset, synset))
                    continue;
                for (const qint64 child : std::as_const(synset.narrower)) {
                    if (visited.contains(child))
                        continue;
                    visited.insert(child);
                    next << child;
                    Synset member;
                    if (!readSynset(child, member))
                        continue;
                    for (const QString &word : std::as_const(member.words)) {
                        // A multi-word member ("tai_chi") is no single token for the keyword search.
                        if (word.contains(QLatin1Char('_')) || own.contains(word) || seen.contains(word))
                            continue;
                        seen.insert(word);
                        out << word;
                        if (out.size() >= limit)
                            return out;
                    }
                }
            }
            frontier = next;
        }
    }
    return out;
}

} // namespace engram
