#include "ReviewModel.h"

#include "Roles.h"

#include <QLocale>
#include <QRegularExpression>
#include <QSet>

namespace engram {

namespace {

/// Whether a row shows something else than before (its text, reason, dates or recalls changed).
bool sameRow(const ReviewFinding &a, const ReviewFinding &b)
{
    return a.reason == b.reason && a.older.text == b.older.text && a.newer.text == b.newer.text
           && a.older.recalls == b.older.recalls && a.newer.recalls == b.newer.recalls && a.older.date == b.older.date
           && a.newer.date == b.newer.date && a.older.source() == b.older.source()
           && a.newer.source() == b.newer.source();
}

QString dateText(const QDateTime &date)
{
    return date.isValid() ? QLocale().toString(date.toLocalTime().date(), QLocale::ShortFormat) : QString();
}

/// Where `text` holds `word` whole, in any case ("Cork" in "lives in Cork.", not in "Corkboard"), or -1. Read on
/// the UI thread for each row painted: a scan, no expression compiled.
qsizetype wholeWordAt(const QString &text, const QString &word)
{
    auto isWordChar = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_') || c.isMark(); };
    for (qsizetype at = text.indexOf(word, 0, Qt::CaseInsensitive); at >= 0;
         at = text.indexOf(word, at + 1, Qt::CaseInsensitive)) {
        const qsizetype end = at + word.size();
        if ((at == 0 || !isWordChar(text.at(at - 1))) && (end == text.size() || !isWordChar(text.at(end))))
            return at;
    }
    return -1;
}

/// `values` as the two texts write them: the engine names values in lower case ("cork → seattle"), a person
/// reads "Cork → Seattle". A word either text holds whole, in another case, is shown that way; one neither holds
/// ("friday" of "Fridays") stays as it is.
QString asWritten(const QString &values, const ReviewFinding &f)
{
    static const QRegularExpression word(QStringLiteral("\\w+"), QRegularExpression::UseUnicodePropertiesOption);
    QString out = values;
    QList<QRegularExpressionMatch> words;
    for (auto it = word.globalMatch(values); it.hasNext();)
        words.prepend(it.next()); // from the end, so each replacement leaves the earlier offsets as they were
    for (const QRegularExpressionMatch &m : std::as_const(words)) {
        const QString *written = nullptr;
        qsizetype at = -1;
        for (const QString *text : {&f.older.text, &f.newer.text}) {
            if ((at = wholeWordAt(*text, m.captured())) >= 0) {
                written = text;
                break;
            }
        }
        if (written)
            out.replace(m.capturedStart(), m.capturedLength(), written->mid(at, m.capturedLength()));
    }
    return out;
}

} // namespace

ReviewModel::ReviewModel(QObject *parent) : QAbstractTableModel(parent) { }

int ReviewModel::rowOf(const QString &id) const
{
    for (int row = 0; row < m_findings.size(); ++row)
        if (m_findings.at(row).id == id)
            return row;
    return -1;
}

bool ReviewModel::keepsOrder(const QList<ReviewFinding> &next) const
{
    QSet<QString> nextIds;
    for (const ReviewFinding &f : next)
        nextIds.insert(f.id);
    QStringList kept;
    for (const ReviewFinding &f : m_findings)
        if (nextIds.contains(f.id))
            kept << f.id;
    qsizetype at = 0;
    for (const ReviewFinding &f : next)
        if (at < kept.size() && f.id == kept.at(at))
            ++at;
    return at == kept.size();
}

void ReviewModel::setFindings(const QList<ReviewFinding> &next)
{
    if (!keepsOrder(next)) {
        beginResetModel();
        m_findings = next;
        endResetModel();
        return;
    }
    QSet<QString> nextIds;
    for (const ReviewFinding &f : next)
        nextIds.insert(f.id);
    // Removals, from the bottom up, a run of rows at a time.
    for (int row = int(m_findings.size()) - 1; row >= 0;) {
        if (nextIds.contains(m_findings.at(row).id)) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !nextIds.contains(m_findings.at(first - 1).id))
            --first;
        beginRemoveRows({}, first, row);
        m_findings.remove(first, row - first + 1);
        endRemoveRows();
        row = first - 1;
    }
    // The rows left are in the new order: what is between them is new.
    QSet<QString> kept;
    for (const ReviewFinding &f : std::as_const(m_findings))
        kept.insert(f.id);
    for (int row = 0; row < next.size(); ++row) {
        if (row < m_findings.size() && m_findings.at(row).id == next.at(row).id) {
            if (!sameRow(m_findings.at(row), next.at(row))) {
                m_findings[row] = next.at(row);
                Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
            }
            continue;
        }
        int last = row;
        while (last + 1 < next.size() && !kept.contains(next.at(last + 1).id))
            ++last;
        beginInsertRows({}, row, last);
        for (int i = row; i <= last; ++i)
            m_findings.insert(i, next.at(i));
        endInsertRows();
        row = last;
    }
}

QString ReviewModel::kindLabel(FindingKind kind)
{
    switch (kind) {
    case FindingKind::Duplicate: return tr("Duplicate");
    case FindingKind::Contradiction: return tr("Contradiction");
    case FindingKind::Stale: return tr("Stale fact");
    }
    return {};
}

QString ReviewModel::reasonText(const ReviewFinding &f)
{
    // The engine's reasons are English phrases of a few known shapes (hygiene/MemoryComparison,
    // MemoryReview); "friday → tuesday" needs no translation.
    if (f.reason == QLatin1String("the same text"))
        return tr("the same text");
    if (f.reason == QLatin1String("the same words in another order"))
        return tr("the same words in another order");
    if (f.reason == QLatin1String("the same subject and words, reworded"))
        return tr("the same subject and words, reworded");
    if (f.reason == QLatin1String("one holds the other"))
        return tr("one holds the other");
    if (f.reason == QLatin1String("the newer one says no"))
        return tr("the newer one says no");
    if (f.reason == QLatin1String("the older one says no"))
        return tr("the older one says no");
    // A life update names the slot of a person's life that changed: "home: barcelona → hamburg".
    static const QRegularExpression life(QStringLiteral("^(home|work|partner): (.+)$"));
    if (const QRegularExpressionMatch m = life.match(f.reason); m.hasMatch()) {
        const QString values = asWritten(m.captured(2), f);
        if (m.captured(1) == QLatin1String("home"))
            return tr("home: %1").arg(values);
        if (m.captured(1) == QLatin1String("work"))
            return tr("work: %1").arg(values);
        return tr("partner: %1").arg(values);
    }
    // A decision reversed names what one side adopts and the other drops: "cognito: adopted → dropped".
    static const QRegularExpression decision(QStringLiteral("^(.+): (adopted → dropped|dropped → adopted again)$"));
    if (const QRegularExpressionMatch m = decision.match(f.reason); m.hasMatch()) {
        const QString things = asWritten(m.captured(1), f);
        if (m.captured(2).startsWith(QLatin1String("adopted")))
            return tr("%1: adopted → dropped").arg(things);
        return tr("%1: dropped → adopted again").arg(things);
    }
    static const QRegularExpression stale(
        QStringLiteral("^not confirmed since (\\d{4}-\\d{2}-\\d{2}); (.+) \\((\\d{4}-\\d{2}-\\d{2})\\) talks about its "
                       "subject differently$"));
    if (const QRegularExpressionMatch m = stale.match(f.reason); m.hasMatch()) {
        const QString since = QLocale().toString(QDate::fromString(m.captured(1), Qt::ISODate), QLocale::ShortFormat);
        const QString when = QLocale().toString(QDate::fromString(m.captured(3), Qt::ISODate), QLocale::ShortFormat);
        return tr("not confirmed since %1; %2 (%3) talks about its subject differently")
            .arg(since, m.captured(2), when);
    }
    return asWritten(f.reason, f);
}

int ReviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int ReviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReviewModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ReviewFinding &f = m_findings.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KindColumn: return kindLabel(f.kind);
        // What the newer memory says (the reason and the detail show the rest): a pair of paths, each
        // ~70 characters in a real vault, left no room to read either.
        case MemoryColumn: return f.newer.text.simplified().left(300);
        case ReasonColumn: return reasonText(f);
        case DateColumn: return dateText(f.newer.date);
        case RecallsColumn: return f.older.recalls + f.newer.recalls;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == MemoryColumn)
            return QStringLiteral("%1\n%2").arg(f.older.source(), f.newer.source());
        if (index.column() == ReasonColumn)
            return reasonText(f);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == RecallsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case FindingIdRole: return f.id;
    case FindingKindRole: return int(f.kind);
    case PathRole: return f.newer.chunk.path;
    case ChunkIdRole: return f.newer.chunk.id;
    case SortRole:
        switch (index.column()) {
        case DateColumn: return f.newer.date;
        case RecallsColumn: return f.older.recalls + f.newer.recalls;
        default: return data(index, Qt::DisplayRole);
        }
    }
    return {};
}

QVariant ReviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KindColumn: return tr("Kind");
    case MemoryColumn: return tr("Newer memory");
    case ReasonColumn: return tr("Why");
    case DateColumn: return tr("Newest");
    case RecallsColumn: return tr("Recalled", "how often the two memories were recalled");
    }
    return {};
}

} // namespace engram
