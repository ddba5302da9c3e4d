#pragma once

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

} // namespace engram
