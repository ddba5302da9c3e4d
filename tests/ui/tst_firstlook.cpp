// What a person sees on first opening the workbench, driven by objectName: a new vault's welcome
// note selected, counts in words ("1 file"), heading paths that do not repeat the title, every
// column of the memory table on screen at the default size, a selection that stays readable when
// the table loses focus, and the Help menu (About with version, licence and paths; shortcuts).
#include "ChildByName.h"
#include "MainWindow.h"
#include "Roles.h"
#include "TestVault.h"
#include "Translations.h"
#include "core/VaultLayout.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;

QString selectedPath(QAbstractItemView *table)
{
    const QModelIndexList rows = table->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.first().data(PathRole).toString();
}

} // namespace

class TestFirstLook : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_firstlook"));
        Translations::install(); // as the workbench does: English carries the plural forms
    }

    void init()
    {
        // A first start: the default vault as the workbench creates it, with its welcome note.
        m_vault = std::make_unique<test::TestVault>();
        QVERIFY(VaultLayout::initialize(m_vault->path()));
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1200, 780);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->openVault(m_vault->path());
        m_table = child<QTreeView>(m_window.get(), "memoryTable");
        QTRY_VERIFY_WITH_TIMEOUT(m_table->model()->rowCount() > 1, kTimeout);
    }

    void cleanup()
    {
        m_window.reset();
        m_vault.reset();
    }

    void firstStart_selectsTheWelcomeNote()
    {
        QTRY_COMPARE_WITH_TIMEOUT(selectedPath(m_table), QStringLiteral("notes/welcome.md"), kTimeout);
        QTRY_VERIFY(child<QLabel>(m_window.get(), "notePath")->text().contains(QLatin1String("welcome")));
    }

    void counts_areWordedForOne()
    {
        auto *summary = child<QLabel>(m_window.get(), "vaultSummary");
        QTRY_VERIFY_WITH_TIMEOUT(!summary->text().isEmpty(), kTimeout);
        QVERIFY2(summary->text().contains(QLatin1String("1 file "))
                     || summary->text().endsWith(QLatin1String("1 file")),
                 qPrintable(summary->text()));
        QVERIFY2(!summary->text().contains(QLatin1String("1 files")), qPrintable(summary->text()));
    }

    void headingPath_doesNotRepeatTheTitle()
    {
        QStringList titles;
        for (int r = 0; r < m_table->model()->rowCount(); ++r)
            titles << m_table->model()->index(r, 0).data().toString();
        QVERIFY2(titles.contains(QStringLiteral("Welcome to Engram › Where things go")), qPrintable(titles.join(u'|')));
        for (const QString &title : titles)
            QVERIFY2(!title.startsWith(QLatin1String("Welcome to Engram › Welcome to Engram")), qPrintable(title));
    }

    void memoryTable_showsEveryColumnAtTheDefaultSize()
    {
        QHeaderView *header = m_table->header();
        QVERIFY2(header->sectionSize(0) >= 180, qPrintable(QString::number(header->sectionSize(0)))); // the title
        const int width = m_table->viewport()->width();
        for (int c = 0; c < header->count(); ++c) {
            const int right = header->sectionViewportPosition(c) + header->sectionSize(c);
            QVERIFY2(right <= width,
                     qPrintable(QStringLiteral("column %1 ends at %2 of %3").arg(c).arg(right).arg(width)));
            QVERIFY2(header->sectionSize(c) >= 50,
                     qPrintable(QStringLiteral("column %1 is %2 px").arg(c).arg(header->sectionSize(c))));
        }
    }

    void selection_staysVisibleWithoutFocus()
    {
        const QPalette palette = m_table->palette();
        QCOMPARE(palette.color(QPalette::Inactive, QPalette::Highlight),
                 palette.color(QPalette::Active, QPalette::Highlight));
        QCOMPARE(palette.color(QPalette::Inactive, QPalette::HighlightedText),
                 palette.color(QPalette::Active, QPalette::HighlightedText));
    }

    void about_namesVersionLicenceAndPaths()
    {
        child<QAction>(m_window.get(), "actionAbout")->trigger();
        QDialog *about = nullptr;
        QTRY_VERIFY((about = m_window->findChild<QDialog *>(QStringLiteral("aboutDialog"))));
        const QString text = child<QLabel>(about, "aboutText")->text();
        QVERIFY2(text.contains(QLatin1String(ENGRAM_VERSION)), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("MIT")));
        QVERIFY(text.contains(QDir::toNativeSeparators(m_vault->path()).toHtmlEscaped()));
        QVERIFY(text.contains(QLatin1String(".engram")));
        QVERIFY(text.contains(QLatin1String("engram.json")));
        QVERIFY(text.contains(QLatin1String("#wiring-engram-into-an-agent")));
        about->reject();
    }

    void shortcuts_listEveryMenuShortcut()
    {
        child<QAction>(m_window.get(), "actionShortcuts")->trigger();
        QDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(QStringLiteral("shortcutsDialog"))));
        auto *list = child<QTreeWidget>(dialog, "shortcutsList");
        QStringList actions;
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            actions << list->topLevelItem(i)->text(1);
        QVERIFY2(actions.contains(QStringLiteral("Open Vault…")), qPrintable(actions.join(u'|')));
        QVERIFY(actions.contains(QStringLiteral("Copy Context Pack")));
        QVERIFY(actions.contains(QStringLiteral("Keyboard Shortcuts")));
        dialog->reject();
    }

private:
    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
    QTreeView *m_table = nullptr;
};

QTEST_MAIN(TestFirstLook)
#include "tst_firstlook.moc"
