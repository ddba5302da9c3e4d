#pragma once

#include <QAbstractItemView>
#include <QEvent>
#include <QLabel>
#include <QStackedWidget>

namespace engram {

/// A view that is either its content or a plain sentence saying why there is
/// nothing to show yet (never invented data).
class EmptyState : public QStackedWidget {
    Q_OBJECT
public:
    EmptyState(QWidget *content, QWidget *parent = nullptr) : QStackedWidget(parent)
    {
        m_message = new QLabel(this);
        m_message->setObjectName(QStringLiteral("emptyStateMessage"));
        m_message->setAlignment(Qt::AlignCenter);
        m_message->setWordWrap(true);
        m_message->setMargin(24);
        m_message->setEnabled(false); // the palette's "disabled" text: quiet in light and dark themes
        addWidget(m_message);
        addWidget(content);
    }

    void showMessage(const QString &message)
    {
        m_message->setText(message);
        setCurrentIndex(0);
    }
    void showContent() { setCurrentIndex(1); }
    bool isShowingContent() const { return currentIndex() == 1; }
    QString message() const { return m_message->text(); }

private:
    QLabel *m_message;
};

/// The same sentence for a view that keeps its header (a table whose filters match nothing): a
/// note over the view's empty area, centred in it, below the header and clear of the scroll bars.
class EmptyViewNote : public QLabel {
    Q_OBJECT
public:
    explicit EmptyViewNote(QAbstractItemView *view) : QLabel(view->viewport())
    {
        setAlignment(Qt::AlignCenter);
        setWordWrap(true);
        setEnabled(false); // quiet, as EmptyState's sentence
        setAttribute(Qt::WA_TransparentForMouseEvents);
        view->viewport()->installEventFilter(this);
        hide();
    }

    void showMessage(const QString &message)
    {
        setText(message);
        place();
        show();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize && isVisible())
            place();
        return QLabel::eventFilter(watched, event);
    }

private:
    void place()
    {
        const QRect area = parentWidget()->rect();
        const int width = qMax(0, qMin(area.width() - 48, 520)); // a readable line, 24 px clear of each side
        const int height = qMin(area.height(), heightForWidth(width));
        setGeometry(
            QRect(QPoint(0, 0), QSize(width, height)).translated(area.center() - QPoint(width / 2, height / 2)));
    }
};

} // namespace engram
