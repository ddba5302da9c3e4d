// A team vault beside the personal one, end to end through engram-cli: two real vaults on disk, the
// personal one linking the team's in its engram.json.
#include "CliRunner.h"
#include "TestVault.h"
#include "WriterFixtures.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using engram::test::cli;
using engram::test::CliRun;
using engram::test::TestVault;

namespace {

const QString kNow = QStringLiteral("2026-11-30T12:00:00Z");

QJsonObject jsonOf(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out).object();
}

/// A personal vault with one memory, a team vault with one, and the link between them.
struct LinkedPair {
    TestVault personal;
    TestVault team;

    LinkedPair()
    {
        team.write(QStringLiteral("engram.json"), QByteArray("{}\n"));
        personal.write(QStringLiteral("notes/database.md"),
                       QByteArray("# Database\n\nWe picked SQLite for the notebook database because it embeds.\n"));
        team.write(QStringLiteral("notes/database.md"),
                   QByteArray("# Database\n\nThe team database runs on PostgreSQL for replication.\n"));
        const CliRun link =
            cli(personal, {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("team"), team.path()});
        QVERIFY2(link.exitCode == 0, link.describe().constData());
        const CliRun index = cli(personal, {QStringLiteral("index")});
        QVERIFY2(index.exitCode == 0, index.describe().constData());
        QVERIFY2(index.errText().contains(QLatin1String("linked vault \"team\"")), index.describe().constData());
    }

    CliRun recall(const QString &query, QStringList extra = {}) const
    {
        QStringList arguments{QStringLiteral("recall"), query, QStringLiteral("--json"), QStringLiteral("--now"), kNow};
        return cli(personal, arguments + extra);
    }
};

QStringList vaultsOf(const QJsonArray &results)
{
    QStringList vaults;
    for (const QJsonValue &r : results)
        vaults << r.toObject().value(QStringLiteral("vault")).toString();
    return vaults;
}

} // namespace

class TestLinkedVaults : public QObject {
    Q_OBJECT
private slots:
    void recall_drawsFromBothVaults_orderedByScore_eachLabelled()
    {
        LinkedPair pair;
        // A note about the database in each vault, and one in each that names it in passing: the two
        // about it rank above the two that pass it by, whichever vault holds them (each vault's own
        // order alone would put a vault's passing mention above the other vault's note about it).
        pair.personal.write(QStringLiteral("notes/backup.md"),
                            QByteArray("# Backup\n\nBackups run every night: photos, mail, documents, music and, "
                                       "among the rest, the database.\n"));
        pair.team.write(QStringLiteral("notes/laptops.md"),
                        QByteArray("# Laptops\n\nNew laptops come with the VPN client, the password manager and a "
                                   "copy of the database tools.\n"));
        const CliRun index = cli(pair.personal, {QStringLiteral("index")});
        QVERIFY2(index.exitCode == 0, index.describe().constData());
        const CliRun run = pair.recall(QStringLiteral("database"));
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const QJsonArray results = jsonOf(run).value(QStringLiteral("results")).toArray();
        const QStringList vaults = vaultsOf(results);
        QVERIFY2(vaults.contains(QLatin1String("personal")) && vaults.contains(QLatin1String("team")),
                 run.describe().constData());
        QStringList paths;
        for (const QJsonValue &value : results)
            paths << value.toObject().value(QStringLiteral("path")).toString();
        QVERIFY2(paths.size() == 4, run.describe().constData());
        QCOMPARE(paths.mid(0, 2),
                 (QStringList{QStringLiteral("notes/database.md"), QStringLiteral("notes/database.md")}));
        QCOMPARE(QSet<QString>(paths.cbegin() + 2, paths.cend()),
                 (QSet<QString>{QStringLiteral("notes/backup.md"), QStringLiteral("notes/laptops.md")}));
        double previous = 2.0;
        for (const QJsonValue &value : results) {
            const QJsonObject r = value.toObject();
            const double score = r.value(QStringLiteral("score")).toDouble();
            QVERIFY2(score <= previous, run.describe().constData());
            previous = score;
            // The text comes from the vault the label names.
            const bool team = r.value(QStringLiteral("vault")).toString() == QLatin1String("team");
            const QString text = r.value(QStringLiteral("text")).toString();
            QCOMPARE(text.contains(QLatin1String("PostgreSQL")) || text.contains(QLatin1String("laptops")), team);
        }

        const CliRun text =
            cli(pair.personal, {QStringLiteral("recall"), QStringLiteral("database"), QStringLiteral("--now"), kNow});
        QVERIFY2(text.outText().contains(QLatin1String("[team] notes/database.md")), text.describe().constData());
    }

    void recall_filtersByVault()
    {
        LinkedPair pair;
        const CliRun personal = pair.recall(QStringLiteral("database"), {QStringLiteral("--only-personal")});
        QVERIFY2(personal.exitCode == 0, personal.describe().constData());
        QVERIFY(!vaultsOf(jsonOf(personal).value(QStringLiteral("results")).toArray()).isEmpty());
        for (const QString &v : vaultsOf(jsonOf(personal).value(QStringLiteral("results")).toArray()))
            QCOMPARE(v, QStringLiteral("personal"));
        const CliRun team =
            pair.recall(QStringLiteral("database"), {QStringLiteral("--vault-name"), QStringLiteral("team")});
        QVERIFY2(team.exitCode == 0, team.describe().constData());
        QVERIFY(!vaultsOf(jsonOf(team).value(QStringLiteral("results")).toArray()).isEmpty());
        for (const QString &v : vaultsOf(jsonOf(team).value(QStringLiteral("results")).toArray()))
            QCOMPARE(v, QStringLiteral("team"));
        const CliRun unknown =
            pair.recall(QStringLiteral("database"), {QStringLiteral("--vault-name"), QStringLiteral("ops")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.errText().contains(QLatin1String("personal, team")), unknown.describe().constData());
    }

    void rememberTo_writesIntoTheTeamVault_andIsRecalled()
    {
        LinkedPair pair;
        const CliRun run =
            cli(pair.personal, {QStringLiteral("remember"), QStringLiteral("--to"), QStringLiteral("team"),
                                QStringLiteral("--title"), QStringLiteral("Deploy window"), QStringLiteral("--json"),
                                QStringLiteral("Deploys happen on Tuesdays after the standup")});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const QJsonObject answer = QJsonDocument::fromJson(run.out.trimmed()).object();
        QCOMPARE(answer.value(QStringLiteral("vault")).toString(), QStringLiteral("team"));
        const QString path = answer.value(QStringLiteral("path")).toString();
        QVERIFY2(QFileInfo::exists(pair.team.filePath(path)), qPrintable(path));
        QVERIFY2(!QFileInfo::exists(pair.personal.filePath(path)), qPrintable(path));

        const CliRun recall = pair.recall(QStringLiteral("Tuesdays deploys"));
        const QJsonArray results = jsonOf(recall).value(QStringLiteral("results")).toArray();
        QVERIFY2(!results.isEmpty(), recall.describe().constData());
        QCOMPARE(results.first().toObject().value(QStringLiteral("path")).toString(), path);
        QCOMPARE(results.first().toObject().value(QStringLiteral("vault")).toString(), QStringLiteral("team"));

        const CliRun unknown = cli(pair.personal, {QStringLiteral("remember"), QStringLiteral("--to"),
                                                   QStringLiteral("ops"), QStringLiteral("anything")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.errText().contains(QLatin1String("no linked vault called \"ops\"")),
                 unknown.describe().constData());
    }

    void pack_drawsFromBoth_withinOneBudget_andReinforcesOnlyThePersonalVault()
    {
        LinkedPair pair;
        const CliRun run =
            cli(pair.personal, {QStringLiteral("pack"), QStringLiteral("database"), QStringLiteral("--json"),
                                QStringLiteral("--budget"), QStringLiteral("300"), QStringLiteral("--now"), kNow});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const QJsonObject pack = jsonOf(run);
        QVERIFY(pack.value(QStringLiteral("tokens")).toInt() <= 300);
        const QStringList vaults = vaultsOf(pack.value(QStringLiteral("items")).toArray());
        QVERIFY2(vaults.contains(QLatin1String("personal")) && vaults.contains(QLatin1String("team")),
                 run.describe().constData());
        QVERIFY2(
            pack.value(QStringLiteral("markdown")).toString().contains(QLatin1String("`[team] notes/database.md:")),
            run.describe().constData());
        // The pack was an access of the personal memories only: the shared vault's journal stays untouched.
        QVERIFY(engram::test::journalText(pair.personal.path()).contains("\"pack\""));
        QVERIFY(!engram::test::journalText(pair.team.path()).contains("\"pack\""));
    }

    void sessionStartPack_drawsOnTheTeamVaultToo()
    {
        LinkedPair pair;
        const CliRun run =
            cli(pair.personal, {QStringLiteral("hook"), QStringLiteral("session-start"), QStringLiteral("--task"),
                                QStringLiteral("database"), QStringLiteral("--cwd"), pair.personal.path()});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY2(run.outText().contains(QLatin1String("`[team] notes/database.md:"))
                     && run.outText().contains(QLatin1String("`notes/database.md:")),
                 run.describe().constData());
    }

    void missingLinkedVault_isAWarning_recallStillAnswers()
    {
        LinkedPair pair;
        QVERIFY(QDir(pair.team.path()).removeRecursively());
        const CliRun run = pair.recall(QStringLiteral("database"));
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY2(run.errText().contains(QLatin1String("warning"))
                     && run.errText().contains(QLatin1String("engram.json"))
                     && run.errText().contains(QLatin1String("linked vault \"team\"")),
                 run.describe().constData());
        const QStringList vaults = vaultsOf(jsonOf(run).value(QStringLiteral("results")).toArray());
        QVERIFY2(!vaults.isEmpty(), run.describe().constData());
        QVERIFY(!vaults.contains(QLatin1String("team")));
        const CliRun pack =
            cli(pair.personal, {QStringLiteral("pack"), QStringLiteral("database"), QStringLiteral("--now"), kNow});
        QVERIFY2(pack.exitCode == 0 && pack.outText().contains(QLatin1String("SQLite")), pack.describe().constData());
        const CliRun remember = cli(pair.personal, {QStringLiteral("remember"), QStringLiteral("--to"),
                                                    QStringLiteral("team"), QStringLiteral("lost")});
        QCOMPARE(remember.exitCode, 1);
        QVERIFY2(remember.errText().contains(QLatin1String("no folder at")), remember.describe().constData());
    }

    void differentEmbedders_interleaveByRank_andSaySo()
    {
        LinkedPair pair;
        pair.team.write(QStringLiteral("engram.json"),
                        QByteArray(R"({"embedder": {"kind": "hash", "dimensions": 128}})"));
        const CliRun rebuild = cli(pair.team, {QStringLiteral("rebuild")});
        QVERIFY2(rebuild.exitCode == 0, rebuild.describe().constData());
        const CliRun run = pair.recall(QStringLiteral("database"));
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY2(run.errText().contains(QLatin1String("different embedders")), run.describe().constData());
        const QStringList vaults = vaultsOf(jsonOf(run).value(QStringLiteral("results")).toArray());
        QVERIFY2(vaults.size() >= 2, run.describe().constData());
        QCOMPARE(vaults.mid(0, 2), (QStringList{QStringLiteral("personal"), QStringLiteral("team")}));
    }

    void capture_staysInThePersonalVault()
    {
        LinkedPair pair;
        TestVault agentHome; // where the agent keeps its transcript, outside both vaults
        const QString transcript = agentHome.write(
            QStringLiteral("transcript.md"),
            QByteArray("## user\n\nWhat database do we use?\n\n## assistant\n\nSQLite, for the notebook.\n"));
        const CliRun run = cli(pair.personal, {QStringLiteral("hook"), QStringLiteral("capture"),
                                               QStringLiteral("--transcript"), transcript});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY(
            QDir(pair.personal.filePath(QStringLiteral("sessions"))).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size()
            > 0);
        QVERIFY(!QFileInfo::exists(pair.team.filePath(QStringLiteral("sessions")))
                || QDir(pair.team.filePath(QStringLiteral("sessions"))).isEmpty());
    }

    void linkCommands_listAddRemove_andRefuseBadLinks()
    {
        LinkedPair pair;
        const CliRun list = cli(pair.personal, {QStringLiteral("link"), QStringLiteral("list")});
        QVERIFY2(list.outText().startsWith(QLatin1String("team  ")), list.describe().constData());

        // Not the vault itself, not twice, not a folder that is not a vault, not a cycle.
        const CliRun self = cli(
            pair.personal, {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("me"), pair.personal.path()});
        QCOMPARE(self.exitCode, 1);
        QVERIFY2(self.errText().contains(QLatin1String("engram.json: linked vault \"me\" ("))
                     && self.errText().contains(QLatin1String("): is this vault itself")),
                 self.describe().constData());
        const CliRun twice = cli(
            pair.personal, {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("team"), pair.team.path()});
        QCOMPARE(twice.exitCode, 1);
        QVERIFY2(twice.errText().contains(QLatin1String("is linked already")), twice.describe().constData());
        TestVault plain;
        const CliRun notVault =
            cli(pair.personal, {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("plain"), plain.path()});
        QCOMPARE(notVault.exitCode, 1);
        QVERIFY2(notVault.errText().contains(QLatin1String("is not a vault")), notVault.describe().constData());
        const CliRun cycle = cli(
            pair.team, {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("back"), pair.personal.path()});
        QCOMPARE(cycle.exitCode, 1);
        QVERIFY2(cycle.errText().contains(QLatin1String("engram.json"))
                     && cycle.errText().contains(QStringLiteral("back → team → this vault")),
                 cycle.describe().constData());

        const CliRun remove =
            cli(pair.personal, {QStringLiteral("link"), QStringLiteral("remove"), QStringLiteral("team")});
        QVERIFY2(remove.exitCode == 0, remove.describe().constData());
        const CliRun after = pair.recall(QStringLiteral("database"));
        QVERIFY2(!after.outText().contains(QLatin1String("\"vault\"")), after.describe().constData());
        QVERIFY(!pair.personal.read(QStringLiteral("engram.json")).contains("linked_vaults"));

        // A relative folder on the command line is from the current directory; engram.json keeps it
        // relative to the vault.
        const QFileInfo teamFolder(pair.team.path());
        const CliRun relative =
            cli(pair.personal,
                {QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("team"), teamFolder.fileName()},
                engram::test::CliOptions({}, teamFolder.path()));
        QVERIFY2(relative.exitCode == 0, relative.describe().constData());
        auto config = QJsonDocument::fromJson(pair.personal.read(QStringLiteral("engram.json"))).object();
        QCOMPARE(config.value(QStringLiteral("linked_vaults"))[0][QStringLiteral("path")].toString(),
                 QDir(pair.personal.path()).relativeFilePath(pair.team.path()));
    }

    void badLinkedVaultsEntry_isAnErrorNamingEngramJsonAndTheEntry_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not an array") << QByteArray(R"({"linked_vaults": {"team": "../t"}})")
                                      << QStringLiteral("engram.json: `linked_vaults` must be an array");
        QTest::newRow("bad name") << QByteArray(R"({"linked_vaults": [{"name": "Team Vault", "path": "../t"}]})")
                                  << QStringLiteral("engram.json: `linked_vaults[0].name` \"Team Vault\"");
        QTest::newRow("personal") << QByteArray(R"({"linked_vaults": [{"name": "personal", "path": "../t"}]})")
                                  << QStringLiteral("engram.json: `linked_vaults[0].name` \"personal\"");
        QTest::newRow("no path") << QByteArray(R"({"linked_vaults": [{"name": "team"}]})")
                                 << QStringLiteral("engram.json: `linked_vaults[0].path` (vault \"team\")");
        QTest::newRow("twice") << QByteArray(
            R"({"linked_vaults": [{"name": "team", "path": "a"}, {"name": "team", "path": "b"}]})")
                               << QStringLiteral("engram.json: `linked_vaults[1].name` \"team\" is used by an earlier");
    }

    void badLinkedVaultsEntry_isAnErrorNamingEngramJsonAndTheEntry()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        TestVault vault;
        vault.write(QStringLiteral("engram.json"), json);
        const CliRun run = cli(vault, {QStringLiteral("recall"), QStringLiteral("anything")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.errText().contains(expected), run.describe().constData());
    }
};

QTEST_GUILESS_MAIN(TestLinkedVaults)
#include "tst_linkedvaults.moc"
