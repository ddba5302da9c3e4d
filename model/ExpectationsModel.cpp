#include "ExpectationsModel.h"

#include <QBrush>
#include <QColor>

namespace engram {

ExpectationsModel::ExpectationsModel(QObject *parent) : QAbstractTableModel(parent) { }

void ExpectationsModel::setReport(const ExpectationReport &report)
{
    beginResetModel();
    m_report = report;
    endResetModel();
}

int ExpectationsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_report.results.size());
}

int ExpectationsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ExpectationsModel::statusText(const ExpectationResult &result) const
{
    switch (result.status) {
    case ExpectationStatus::Pass: return tr("pass");
    case ExpectationStatus::Fail: return tr("fail");
    case ExpectationStatus::Missing: return tr("missing", "the expected file is gone");
    case ExpectationStatus::Error: return tr("error");
    }
    return {};
}

QString ExpectationsModel::rankText(const ExpectationResult &result) const
{
    if (result.status == ExpectationStatus::Missing || result.status == ExpectationStatus::Error)
        return QStringLiteral("–");
    if (result.rank == 0)
        return tr("below %1").arg(Expectations::kSearchDepth);
    return QString::number(result.rank);
}

QString ExpectationsModel::changeText(const ExpectationResult &result) const
{
    const QString before = result.previousRank > 0 ? tr(" (was %1)").arg(result.previousRank) : QString();
    switch (result.change) {
    case ExpectationChange::New: return tr("new", "first check of this expectation");
    case ExpectationChange::Same: return tr("same");
    case ExpectationChange::Fixed: return tr("fixed") + before;
    case ExpectationChange::Broken: return tr("broken") + before;
    case ExpectationChange::Up: return tr("up") + before;
    case ExpectationChange::Down: return tr("down") + before;
    }
    return {};
}

QVariant ExpectationsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_report.results.size())
        return {};
    const ExpectationResult &r = m_report.results.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case StatusColumn: return statusText(r);
        case QuestionColumn: return r.expectation.question;
        case TargetColumn: return r.expectation.target();
        case RankColumn: return rankText(r);
        case ChangeColumn: return changeText(r);
        }
    }
    if (role == Qt::ToolTipRole)
        return r.detail.isEmpty() ? QVariant() : QVariant(r.detail);
    if (role == Qt::ForegroundRole && index.column() == StatusColumn)
        return QBrush(r.status == ExpectationStatus::Pass ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
    return {};
}

QVariant ExpectationsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StatusColumn: return tr("Status");
    case QuestionColumn: return tr("Question");
    case TargetColumn: return tr("Right answer");
    case RankColumn: return tr("Rank");
    case ChangeColumn: return tr("Since last check");
    }
    return {};
}

} // namespace engram
