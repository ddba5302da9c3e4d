#include "RecallResultsModel.h"

#include "Roles.h"
#include "Vocabulary.h"

#include <QLocale>

#include <algorithm>

namespace engram {

RecallResultsModel::RecallResultsModel(QObject *parent) : QAbstractTableModel(parent) { }

void RecallResultsModel::setResults(const QList<RecallResult> &results)
{
    beginResetModel();
    m_results = results;
    endResetModel();
}

int RecallResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int RecallResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecallResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RecallResult &r = m_results.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn: return index.row() + 1;
        case ScoreColumn: return QLocale().toString(r.score, 'f', 3);
        case SourceColumn: {
            // A session's turn is named by the session's readable title (its file name is a UUID);
            // the path is the cell's tooltip.
            const bool titled = r.chunk.isTurn && !r.chunk.title.isEmpty();
            const QString source = QStringLiteral("%1:%2-%3")
                                       .arg(titled ? r.chunk.title : r.chunk.path)
                                       .arg(r.chunk.startLine)
                                       .arg(r.chunk.endLine);
            // A linked vault's result (a team's) says so before its path; the open vault's need no tag.
            return r.vault.isEmpty() ? source : QStringLiteral("[%1] %2").arg(r.vault, source);
        }
        case RegionColumn: return Vocabulary::region(r.chunk.tags.region.value);
        case TextColumn: {
            // A partial result holds some of the question's words but not its specific ones: not an answer.
            const bool partial = std::any_of(r.breakdown.cbegin(), r.breakdown.cend(), [](const ScoreComponent &s) {
                return s.informative && s.name == QLatin1String("partial") && s.value > 0.0;
            });
            const QString text = r.chunk.text.simplified().left(300);
            return partial ? tr("(partial) %1").arg(text) : text;
        }
        }
        return {};
    case Qt::ToolTipRole: return index.column() == SourceColumn ? r.chunk.path : r.chunk.text.left(2000);
    case ChunkIdRole: return r.chunk.id;
    case PathRole: return r.chunk.path;
    case VaultRole: return r.vault;
    case StartLineRole: return r.chunk.startLine;
    case EndLineRole: return r.chunk.endLine;
    case ScoreRole: return r.score;
    case RegionRole: return r.chunk.tags.region.value;
    case StoreRole: return r.chunk.tags.store.value;
    case LayerRole: return r.chunk.tags.layer.value;
    case BreakdownRole: {
        QVariantList list;
        for (const ScoreComponent &s : r.breakdown)
            list << QVariantMap{{QStringLiteral("name"), s.name},
                                {QStringLiteral("value"), s.value},
                                {QStringLiteral("weight"), s.weight},
                                {QStringLiteral("informative"), s.informative}};
        return list;
    }
    }
    return {};
}

QVariant RecallResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn: return tr("#");
    case ScoreColumn: return tr("Score");
    case BreakdownColumn: return tr("Signals");
    case SourceColumn: return tr("Source");
    case RegionColumn: return tr("Region");
    case TextColumn: return tr("Text");
    }
    return {};
}

} // namespace engram
