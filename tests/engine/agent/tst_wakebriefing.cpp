#include "TestVault.h"
#include "agent/WakeBriefing.h"
#include "cognition/CognitiveState.h"
#include "vault/Engine.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

std::unique_ptr<Engine> indexed(TestVault &vault)
{
    auto engine = Engine::open(vault.path());
    if (!engine)
        qFatal("cannot open engine: %s", qPrintable(engine.error().toString()));
    (*engine)->index();
    return std::move(*engine);
}

void backdate(const TestVault &vault, const QString &relative, qint64 seconds)
{
    QFile f(vault.filePath(relative));
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-seconds), QFileDevice::FileModificationTime));
}

} // namespace

class TestWakeBriefing : public QObject {
    Q_OBJECT
private slots:
    void build_listsPreambleFocusNewestDecisionsAndProspective()
    {
        TestVault vault;
        vault.write(
            QStringLiteral("notes/old.md"),
            QStringLiteral("---\ncategory: decision\ncreated: 2025-01-01\n---\n# Old\n\nWe decided to use CMake.\n"));
        vault.write(
            QStringLiteral("notes/new.md"),
            QStringLiteral("---\ncategory: decision\ncreated: 2026-06-01\n---\n# New\n\nWe decided to use Ninja.\n"));
        vault.write(QStringLiteral("notes/plain.md"), QStringLiteral("# Plain\n\nTomatoes like sun.\n"));
        vault.write(QStringLiteral("memories/prospective/goal.md"), QStringLiteral("# Goal\n\nRelease in March.\n"));
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("release"), {QStringLiteral("docs")}).ok());
        auto engine = indexed(vault);
        auto briefing = WakeBriefing::build(*engine, QDateTime::currentDateTime());
        QVERIFY(briefing.ok());
        QCOMPARE(briefing->openDecisions.size(), 2);
        QVERIFY(briefing->openDecisions[0].text.contains(QStringLiteral("Ninja"))); // newest first
        QCOMPARE(briefing->due.size(), 1);
        QCOMPARE(briefing->focus.current, QStringLiteral("release"));
        const QString markdown = briefing->markdown();
        QVERIFY(markdown.indexOf(QStringLiteral("<engram-state>")) < markdown.indexOf(QStringLiteral("## Focus")));
        QVERIFY(!markdown.contains(QStringLiteral("Tomatoes")));
    }

    void build_invalidStateIsAnError()
    {
        TestVault vault;
        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("[1,"));
        auto engine = indexed(vault);
        auto briefing = WakeBriefing::build(*engine, QDateTime::currentDateTime());
        QVERIFY(!briefing.ok());
        QCOMPARE(briefing.error().path, QStringLiteral("state/cognitive.json"));
    }

    void sessionQuery_fromProjectRecentFilesFocusAndTask()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/fresh.md"), QStringLiteral("# Parser rewrite\n\ntext\n"));
        vault.write(QStringLiteral("notes/stale.md"), QStringLiteral("# Old garden plan\n\ntext\n"));
        vault.write(QStringLiteral("sessions/2026-11-29/chat.md"), QStringLiteral("# Chat log\n\nUser: hi\n"));
        backdate(vault, QStringLiteral("notes/stale.md"), 10 * 86400);
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("speed up indexing"), {}).ok());
        auto engine = indexed(vault);

        QTemporaryDir project;
        QDir(project.path()).mkpath(QStringLiteral("orchid/.git"));
        QDir(project.path()).mkpath(QStringLiteral("orchid/src/deep"));
        QFile readme(project.path() + QStringLiteral("/orchid/README.md"));
        QVERIFY(readme.open(QIODevice::WriteOnly));
        readme.write("# Orchid build farm\n\nText.\n");
        readme.close();

        const SessionQuery q =
            SessionQuery::fromSituation(*engine, project.path() + QStringLiteral("/orchid/src/deep"),
                                        QStringLiteral("fix the flaky test"), QDateTime::currentDateTime());
        QCOMPARE(q.project, QStringLiteral("orchid Orchid build farm"));
        QCOMPARE(q.focus, QStringLiteral("speed up indexing"));
        QCOMPARE(q.recentTitles, QStringList{QStringLiteral("Parser rewrite")}); // not stale, not a session
        QVERIFY(q.text().startsWith(QStringLiteral("fix the flaky test · orchid")));
    }

    void sessionQuery_neverEmpty()
    {
        TestVault vault;
        auto engine = indexed(vault);
        const SessionQuery q = SessionQuery::fromSituation(*engine, {}, {}, QDateTime::currentDateTime());
        QVERIFY(!q.text().trimmed().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestWakeBriefing)
#include "tst_wakebriefing.moc"
