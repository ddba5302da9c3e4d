#include "ConflictDialog.h"

#include "LineDiff.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTextBlock>
#include <QVBoxLayout>

namespace engram {

namespace {

enum Choice { KeepMine, TakeTheirs, UseMerged };

QPlainTextEdit *textPane(const QString &objectName, bool readOnly, QWidget *parent)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setObjectName(objectName);
    edit->setReadOnly(readOnly);
    edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    return edit;
}

/// Marks `lines` (0-based) of `edit` with a background: the lines the other side does not share.
void markLines(QPlainTextEdit *edit, const QList<int> &lines, const QColor &colour)
{
    QList<QTextEdit::ExtraSelection> marks;
    for (int line : lines) {
        const QTextBlock block = edit->document()->findBlockByNumber(line);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(colour);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks << mark;
    }
    edit->setExtraSelections(marks);
}

QWidget *titled(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(title, box));
    layout->addWidget(content);
    return box;
}

} // namespace

ConflictDialog::ConflictDialog(VaultSync sync, QWidget *parent) : QDialog(parent), m_sync(std::move(sync))
{
    setObjectName(QStringLiteral("conflictDialog"));
    setWindowTitle(tr("Resolve Sync Conflicts"));
    resize(1000, 620);
    m_files = new QListWidget(this);
    m_files->setObjectName(QStringLiteral("conflictList"));
    m_files->setMaximumWidth(260);
    m_mine = textPane(QStringLiteral("mineText"), true, this);
    m_theirs = textPane(QStringLiteral("theirsText"), true, this);
    m_merged = textPane(QStringLiteral("mergedText"), false, this);
    auto *sides = new QSplitter(Qt::Horizontal, this);
    sides->addWidget(titled(tr("Mine (this machine)"), m_mine, sides));
    sides->addWidget(titled(tr("Theirs (the remote)"), m_theirs, sides));
    sides->addWidget(titled(tr("Merged text (edit, then Use Merged Text)"), m_merged, sides));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("conflictStatus"));
    m_status->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(this);
    m_keepMine = buttons->addButton(tr("Keep &Mine"), QDialogButtonBox::ActionRole);
    m_keepMine->setObjectName(QStringLiteral("keepMineButton"));
    m_takeTheirs = buttons->addButton(tr("Take &Theirs"), QDialogButtonBox::ActionRole);
    m_takeTheirs->setObjectName(QStringLiteral("takeTheirsButton"));
    m_useMerged = buttons->addButton(tr("Use Merged &Text"), QDialogButtonBox::ActionRole);
    m_useMerged->setObjectName(QStringLiteral("useMergedButton"));
    buttons->addButton(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_keepMine, &QPushButton::clicked, this, [this] { resolve(KeepMine); });
    connect(m_takeTheirs, &QPushButton::clicked, this, [this] { resolve(TakeTheirs); });
    connect(m_useMerged, &QPushButton::clicked, this, [this] { resolve(UseMerged); });
    connect(m_files, &QListWidget::currentRowChanged, this, &ConflictDialog::showFile);

    auto *body = new QHBoxLayout;
    body->addWidget(m_files);
    body->addWidget(sides, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    reload();
}

QString ConflictDialog::currentPath() const
{
    const QListWidgetItem *item = m_files->currentItem();
    return item ? item->text() : QString();
}

void ConflictDialog::reload()
{
    m_files->clear();
    auto conflicts = m_sync.conflicts();
    if (!conflicts) {
        m_status->setText(conflicts.error().toString());
    } else {
        m_files->addItems(*conflicts);
        if (conflicts->isEmpty())
            m_status->setText(tr("No file is in conflict."));
    }
    if (m_files->count() > 0)
        m_files->setCurrentRow(0);
    else
        showFile();
}

void ConflictDialog::showFile()
{
    const QString path = currentPath();
    const bool any = !path.isEmpty();
    for (QPushButton *b : {m_keepMine, m_takeTheirs, m_useMerged})
        b->setEnabled(any);
    m_mine->clear();
    m_theirs->clear();
    m_merged->clear();
    if (!any)
        return;
    auto sides = m_sync.sides(path);
    if (!sides) {
        m_status->setText(sides.error().toString());
        return;
    }
    const QString deleted = tr("(deleted on this side)");
    m_mine->setPlainText(sides->hasMine ? QString::fromUtf8(sides->mine) : deleted);
    m_theirs->setPlainText(sides->hasTheirs ? QString::fromUtf8(sides->theirs) : deleted);
    // The merged text starts from this machine's version: the person edits in what to keep from theirs.
    m_merged->setPlainText(QString::fromUtf8(sides->hasMine ? sides->mine : sides->theirs));
    // The lines that differ between the two sides are marked in each (as a diff would list them),
    // in the selection's colour made faint so the text stays readable in light and dark palettes.
    const LineDiff diff(m_mine->toPlainText().split(QLatin1Char('\n')),
                        m_theirs->toPlainText().split(QLatin1Char('\n')));
    QColor mark = palette().color(QPalette::Highlight);
    mark.setAlpha(70);
    markLines(m_mine, diff.removed(), mark);
    markLines(m_theirs, diff.added(), mark);
    m_status->setText(tr("%1: changed on both machines. Choose a version, or edit the merged text.").arg(path));
}

void ConflictDialog::resolve(int choice)
{
    const QString path = currentPath();
    if (path.isEmpty())
        return;
    Result<QStringList> done = choice == KeepMine     ? m_sync.resolve(path, VaultSync::Side::Mine)
                               : choice == TakeTheirs ? m_sync.resolve(path, VaultSync::Side::Theirs)
                                                      : m_sync.resolveWith(path, m_merged->toPlainText().toUtf8());
    if (!done) {
        m_status->setText(done.error().toString());
        return;
    }
    emit resolved(path);
    reload();
    if (m_files->count() == 0) {
        m_status->setText(tr("Every conflict is resolved and the merge is committed; syncing to carry it to the "
                             "remote."));
        emit allResolved();
    }
}

} // namespace engram
