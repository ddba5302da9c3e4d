#include "EngineFixtures.h"
#include "TestVault.h"
#include "agent/WakeBriefing.h"
#include "cognition/CognitiveState.h"
#include "vault/Engine.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

std::unique_ptr<Engine> indexed(TestVault &vault)
{
    auto engine = test::openEngine(vault);
    engine->index();
    return engine;
}

QStringList paths(const QList<MemoryItem> &items)
{
    QStringList out;
    for (const MemoryItem &m : items)
        out << m.chunk.path;
    return out;
}

QString decision(const QString &title, const QString &created, const QString &extra = {})
{
    return QStringLiteral("---\ntitle: %1\ncategory: decision\ncreated: %2\n%3---\nWe decided: %1.\n")
        .arg(title, created, extra);
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
        auto engine = test::openIndexed(vault);
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

    void build_leavesOutSupersededAndArchivedDecisions()
    {
        TestVault vault;
        vault.write(QStringLiteral("d/postgres.md"),
                    decision(QStringLiteral("Postgres"), QStringLiteral("2026-01-01")));
        vault.write(QStringLiteral("d/sqlite.md"), decision(QStringLiteral("SQLite"), QStringLiteral("2026-02-01"),
                                                            QStringLiteral("supersedes: d/postgres.md\n")));
        vault.write(QStringLiteral("d/make.md"), decision(QStringLiteral("Make"), QStringLiteral("2026-01-02")));
        vault.write(QStringLiteral("d/ninja.md"), decision(QStringLiteral("Ninja"), QStringLiteral("2026-02-02"),
                                                           QStringLiteral("supersedes: \"[[make]]\"\n")));
        vault.write(QStringLiteral("d/tabs.md"), decision(QStringLiteral("Tabs"), QStringLiteral("2026-01-03")));
        vault.write(QStringLiteral("d/spaces.md"), decision(QStringLiteral("Spaces"), QStringLiteral("2026-02-03"),
                                                            QStringLiteral("supersedes: d/tabs\n")));
        vault.write(QStringLiteral("d/cvs.md"), decision(QStringLiteral("CVS"), QStringLiteral("2026-01-04"),
                                                         QStringLiteral("superseded_by: d/git.md\n")));
        vault.write(QStringLiteral("d/git.md"), decision(QStringLiteral("Git"), QStringLiteral("2026-02-04")));
        vault.write(QStringLiteral("d/retired.md"), decision(QStringLiteral("Retired"), QStringLiteral("2026-03-01"),
                                                             QStringLiteral("archived: true\n")));
        auto engine = indexed(vault);
        auto briefing = WakeBriefing::build(*engine, QDateTime::currentDateTime(), WakeOptions{-1, 10, 10});
        QVERIFY(briefing.ok());
        // A path, a wiki link, a path without ".md" and `superseded_by:` each retire the older one.
        QCOMPARE(paths(briefing->openDecisions),
                 QStringList({QStringLiteral("d/git.md"), QStringLiteral("d/spaces.md"), QStringLiteral("d/ninja.md"),
                              QStringLiteral("d/sqlite.md")}));
        QCOMPARE(briefing->openDecisions.constFirst().text, QStringLiteral("We decided: Git."));
    }

    void build_listsGoalsDueByTomorrowSoonestFirstThenUndated()
    {
        TestVault vault;
        const QDate today(2026, 5, 10);
        auto goal = [&](const QString &name, const QString &due) {
            vault.write(QStringLiteral("memories/prospective/%1.md").arg(name),
                        QStringLiteral("---\ncategory: goal\n%1---\nGoal %2.\n")
                            .arg(due.isEmpty() ? QString() : QStringLiteral("due: %1\n").arg(due), name));
        };
        goal(QStringLiteral("later"), QStringLiteral("2026-06-01"));
        goal(QStringLiteral("tomorrow"), QStringLiteral("2026-05-11"));
        goal(QStringLiteral("overdue"), QStringLiteral("2026-05-01"));
        goal(QStringLiteral("undated"), {});
        auto engine = indexed(vault);
        auto briefing = WakeBriefing::build(*engine, today.startOfDay().addSecs(9 * 3600));
        QVERIFY(briefing.ok());
        QStringList due;
        for (const DueMemory &d : std::as_const(briefing->due))
            due << QFileInfo(d.memory.chunk.path).baseName();
        QCOMPARE(due, QStringList({QStringLiteral("overdue"), QStringLiteral("tomorrow"), QStringLiteral("undated")}));
        const QJsonArray json = briefing->toJson().value(QStringLiteral("prospective_due")).toArray();
        QCOMPARE(json[0][QStringLiteral("due")].toString().left(10), QStringLiteral("2026-05-01"));
        QVERIFY(!json[2].toObject().contains(QStringLiteral("due")));
    }

    void build_answersFromTheIndexNotTheFiles()
    {
        TestVault vault;
        vault.write(QStringLiteral("d/postgres.md"),
                    decision(QStringLiteral("Postgres"), QStringLiteral("2026-01-01")));
        auto engine = indexed(vault);
        // A successor on disk that is not indexed yet does not retire the decision ...
        vault.write(QStringLiteral("d/sqlite.md"), decision(QStringLiteral("SQLite"), QStringLiteral("2026-02-01"),
                                                            QStringLiteral("supersedes: d/postgres.md\n")));
        auto before = WakeBriefing::build(*engine, QDateTime::currentDateTime());
        QVERIFY(before.ok());
        QCOMPARE(paths(before->openDecisions), QStringList{QStringLiteral("d/postgres.md")});
        // ... once indexed, it does.
        engine->index();
        auto after = WakeBriefing::build(*engine, QDateTime::currentDateTime());
        QVERIFY(after.ok());
        QCOMPARE(paths(after->openDecisions), QStringList{QStringLiteral("d/sqlite.md")});
    }

    void toJson_namesEveryPartOfTheBriefing()
    {
        TestVault vault;
        vault.write(QStringLiteral("d/sqlite.md"), decision(QStringLiteral("SQLite"), QStringLiteral("2026-02-01")));
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("release"), {QStringLiteral("docs")}).ok());
        auto engine = indexed(vault);
        const QDateTime now(QDate(2026, 5, 4), QTime(9, 30));
        auto briefing = WakeBriefing::build(*engine, now);
        QVERIFY(briefing.ok());
        const QJsonObject json = briefing->toJson();
        QCOMPARE(json.keys(),
                 QStringList({QStringLiteral("focus"), QStringLiteral("generated_at"), QStringLiteral("open_decisions"),
                              QStringLiteral("preamble"), QStringLiteral("prospective_due")}));
        QCOMPARE(json[QStringLiteral("generated_at")].toString(), now.toString(Qt::ISODate));
        QCOMPARE(json[QStringLiteral("focus")][QStringLiteral("priorities")].toArray(),
                 QJsonArray{QStringLiteral("docs")});
        QCOMPARE(json[QStringLiteral("open_decisions")][0][QStringLiteral("source")].toString(),
                 QStringLiteral("d/sqlite.md:6-6"));
        QVERIFY(json[QStringLiteral("preamble")].toString().contains(QStringLiteral("Focus: release")));
    }

    void build_invalidStateIsAnError()
    {
        TestVault vault;
        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("[1,"));
        auto engine = test::openIndexed(vault);
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
        test::backdate(vault, QStringLiteral("notes/stale.md"), 10 * 86400);
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("speed up indexing"), {}).ok());
        auto engine = test::openIndexed(vault);

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
        auto engine = test::openIndexed(vault);
        const SessionQuery q = SessionQuery::fromSituation(*engine, {}, {}, QDateTime::currentDateTime());
        QVERIFY(!q.text().trimmed().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestWakeBriefing)
#include "tst_wakebriefing.moc"
