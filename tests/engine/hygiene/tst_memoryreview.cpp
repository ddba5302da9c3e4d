#include "CliRunner.h"
#include "EngineFixtures.h"
#include "TestVault.h"
#include "agent/MemoryReview.h"
#include "agent/MemoryWriter.h"
#include "vault/EngineInternals.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kNow(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC);

/// A memory file as `remember` writes one, dated `created`.
void memory(TestVault &vault, const QString &path, const QString &created, const QString &text)
{
    vault.write(path, QStringLiteral("---\ntitle: %1\nstore: semantic\ncreated: %2\n---\n%3\n")
                          .arg(QFileInfo(path).completeBaseName(), created, text));
}

/// Two facts that repeat each other, two that contradict, and two that merely share a subject.
void writeVault(TestVault &vault)
{
    memory(vault, QStringLiteral("memories/semantic/ci-cache.md"), QStringLiteral("2026-01-10"),
           QStringLiteral("The build cache for CI lives in the shared bucket named artifacts-eu."));
    memory(vault, QStringLiteral("notes/infra/cache.md"), QStringLiteral("2026-03-02"),
           QStringLiteral("CI build cache lives in the shared bucket named artifacts-eu."));
    memory(vault, QStringLiteral("memories/semantic/deploy-day.md"), QStringLiteral("2026-01-15"),
           QStringLiteral("We deploy the billing service to production on Fridays."));
    memory(vault, QStringLiteral("memories/semantic/deploy-day-2.md"), QStringLiteral("2026-04-20"),
           QStringLiteral("We moved billing service production deploys to Tuesdays."));
    memory(vault, QStringLiteral("memories/semantic/billing-owner.md"), QStringLiteral("2026-02-01"),
           QStringLiteral("The billing service is owned by the payments squad."));
    memory(vault, QStringLiteral("notes/coffee.md"), QStringLiteral("2026-02-03"),
           QStringLiteral("Coffee beans are ordered from the roaster in Leeds every month."));
}

std::unique_ptr<Engine> indexed(TestVault &vault)
{
    auto engine = test::openEngine(vault);
    engine->setClock([] { return kNow; });
    const IndexReport report = engine->index();
    if (report.error)
        qFatal("index failed: %s", qPrintable(report.error->toString()));
    // A one-shot engine leaves the comparison to whoever asks (`review`, the workbench's worker).
    if (auto scan = engine->updateFindings(); !scan || scan->profiled == 0)
        qFatal("no findings update after the index run");
    return engine;
}

QStringList pairsOf(const QList<ReviewFinding> &findings)
{
    QStringList out;
    for (const ReviewFinding &f : findings)
        out << QStringLiteral("%1 %2 → %3").arg(findingKindName(f.kind), f.older.chunk.path, f.newer.chunk.path);
    out.sort();
    return out;
}

/// The open findings of `kind`, as "kind older → newer" lines (what a failure prints).
QStringList open(Engine &engine, FindingKind kind)
{
    auto findings = MemoryReview(engine).findings(kind, kNow);
    if (!findings)
        qFatal("findings failed: %s", qPrintable(findings.error().toString()));
    return pairsOf(*findings);
}

ReviewFinding only(Engine &engine, FindingKind kind)
{
    auto findings = MemoryReview(engine).findings(kind, kNow);
    if (!findings || findings->size() != 1)
        qFatal("expected one %s finding, got %s", qPrintable(findingKindName(kind)),
               findings ? qPrintable(pairsOf(*findings).join(QStringLiteral("; ")))
                        : qPrintable(findings.error().toString()));
    return findings->first();
}

} // namespace

class TestMemoryReview : public QObject {
    Q_OBJECT
private slots:
    void index_findsTheRepeatAndTheContradiction_andNothingElse()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        auto findings = MemoryReview(*engine).findings({}, kNow);
        QVERIFY2(findings.ok(), qPrintable(findings.ok() ? QString() : findings.error().toString()));
        QCOMPARE(pairsOf(*findings),
                 QStringList({QStringLiteral("contradiction memories/semantic/deploy-day.md → "
                                             "memories/semantic/deploy-day-2.md"),
                              QStringLiteral("duplicate memories/semantic/ci-cache.md → notes/infra/cache.md")}));
        const ReviewFinding c = only(*engine, FindingKind::Contradiction);
        QCOMPARE(c.reason, QStringLiteral("friday → tuesday"));
        QCOMPARE(c.older.date.date(), QDate(2026, 1, 15));
        QCOMPARE(c.newer.date.date(), QDate(2026, 4, 20));
        QVERIFY(c.newer.text.contains(QLatin1String("Tuesdays")));
    }

    void candidates_pickAPersonsHomeAmongTheirManyFacts()
    {
        // Thirty memories about Otto Fischer in Marseille share more rare words with the move than the older home
        // does; only FindingIndex::kCandidates of them are compared. The home slot picks the one that matters.
        TestVault vault;
        const QStringList shops =
            QStringLiteral("bakery bistro bookshop cafe cinema deli florist gallery gym market museum "
                           "opera pharmacy pizzeria pool pottery record sauna tailor theatre toyshop "
                           "vintage wine yoga zoo brewery chess climbing dance karaoke")
                .split(QLatin1Char(' '));
        for (qsizetype i = 0; i < shops.size(); ++i)
            memory(vault, QStringLiteral("memories/semantic/otto-%1.md").arg(shops[i]), QStringLiteral("2026-02-01"),
                   QStringLiteral("Otto Fischer recommends the %1 in Marseille.").arg(shops[i]));
        memory(vault, QStringLiteral("memories/semantic/otto-home.md"), QStringLiteral("2026-01-01"),
               QStringLiteral("Otto Fischer is living in Basel."));
        memory(vault, QStringLiteral("memories/semantic/otto-moved.md"), QStringLiteral("2026-05-01"),
               QStringLiteral("Otto Fischer relocated to Marseille this July."));
        auto engine = indexed(vault);
        QCOMPARE(open(*engine, FindingKind::Contradiction),
                 QStringList({QStringLiteral("contradiction memories/semantic/otto-home.md → "
                                             "memories/semantic/otto-moved.md")}));
    }

    void candidates_pickTheCopyOfAShortTextOfCommonWords()
    {
        // "No meetings for me on Friday": one word and a day. Thirty other memories about meetings share that word
        // and come first; only FindingIndex::kCandidates of them are compared. The text itself picks its copy.
        TestVault vault;
        for (int i = 0; i < 30; ++i)
            memory(vault, QStringLiteral("memories/semantic/a-meeting-%1.md").arg(i, 2, 10, QLatin1Char('0')),
                   QStringLiteral("2026-02-01"), QStringLiteral("Meeting room %1 has a projector.").arg(i + 100));
        memory(vault, QStringLiteral("memories/semantic/b-no-meetings.md"), QStringLiteral("2026-03-01"),
               QStringLiteral("No meetings for me on Friday."));
        memory(vault, QStringLiteral("memories/semantic/c-deep-work.md"), QStringLiteral("2026-04-01"),
               QStringLiteral("No meetings for me on Friday."));
        auto engine = indexed(vault);
        QCOMPARE(open(*engine, FindingKind::Duplicate),
                 QStringList({QStringLiteral("duplicate memories/semantic/b-no-meetings.md → "
                                             "memories/semantic/c-deep-work.md")}));
    }

    void candidates_aPairIsComparedWhenOnlyOneSidePicksTheOther_data()
    {
        QTest::addColumn<QString>("shortPath");
        QTest::addColumn<QString>("longPath");
        // Either may be indexed first: the short one's rarest words are the long one's too and pick it, while the
        // long one's eight rarest are the names of its second sentence, which no other memory holds.
        QTest::newRow("the picking side first")
            << QStringLiteral("memories/semantic/a-mailer.md") << QStringLiteral("memories/semantic/b-mailer-rota.md");
        QTest::newRow("the picking side last")
            << QStringLiteral("memories/semantic/b-mailer.md") << QStringLiteral("memories/semantic/a-mailer-rota.md");
    }

    void candidates_aPairIsComparedWhenOnlyOneSidePicksTheOther()
    {
        QFETCH(QString, shortPath);
        QFETCH(QString, longPath);
        TestVault vault;
        memory(vault, shortPath, QStringLiteral("2026-01-10"),
               QStringLiteral("The mailer service runs 12 replicas in production."));
        memory(vault, longPath, QStringLiteral("2026-03-02"),
               QStringLiteral("The mailer service runs 12 replicas in production. Its pager rota is Quillon, Ysolde, "
                              "Thibaut, Marguerite, Osvaldo, Perpetua, Wendell and Zoltan."));
        auto engine = indexed(vault);
        Database &db = internals(*engine).store().database();
        const auto chunkOf = [&](const QString &path) {
            auto s = db.prepare(
                QStringLiteral("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?"));
            s->bind(1, path);
            return s->next() ? s->int64(0) : qint64(-1);
        };
        const qint64 shortChunk = chunkOf(shortPath), longChunk = chunkOf(longPath);
        const FindingIndex &index = internals(*engine).findings();
        QVERIFY(index.candidateChunksOf(shortChunk).contains(longChunk));
        QVERIFY(!index.candidateChunksOf(longChunk).contains(shortChunk)); // what the test is about
        QCOMPARE(open(*engine, FindingKind::Duplicate),
                 QStringList({QStringLiteral("duplicate %1 → %2").arg(shortPath, longPath)}));
    }

    void update_comparesANewMemoryWithTheOlderOnesThatPickIt()
    {
        // The long memory arrives after the short one and picks nothing (its rarest words are its own names); the
        // short one, already profiled, would pick it: a file added later is found as a full scan finds it.
        TestVault vault;
        memory(vault, QStringLiteral("memories/semantic/mailer.md"), QStringLiteral("2026-01-10"),
               QStringLiteral("The mailer service runs 12 replicas in production."));
        memory(vault, QStringLiteral("notes/coffee.md"), QStringLiteral("2026-02-03"),
               QStringLiteral("Coffee beans are ordered from the roaster in Leeds every month."));
        auto engine = indexed(vault);
        QCOMPARE(open(*engine, FindingKind::Duplicate), QStringList());
        memory(vault, QStringLiteral("memories/semantic/mailer-rota.md"), QStringLiteral("2026-03-02"),
               QStringLiteral("The mailer service runs 12 replicas in production. Its pager rota is Quillon, Ysolde, "
                              "Thibaut, Marguerite, Osvaldo, Perpetua, Wendell and Zoltan."));
        QVERIFY(!engine->indexPath(QStringLiteral("memories/semantic/mailer-rota.md")).error);
        auto scan = engine->updateFindings();
        QVERIFY(scan.ok());
        QCOMPARE(scan->profiled, 1);
        QCOMPARE(open(*engine, FindingKind::Duplicate),
                 QStringList({QStringLiteral("duplicate memories/semantic/mailer.md → "
                                             "memories/semantic/mailer-rota.md")}));
    }

    void update_comparesOnlyWhatChanged()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        auto again = engine->updateFindings();
        QVERIFY(again.ok());
        QCOMPARE(again->profiled, 0); // nothing indexed since: no work
        QCOMPARE(again->compared, 0);
        memory(vault, QStringLiteral("notes/coffee.md"), QStringLiteral("2026-05-01"),
               QStringLiteral("Coffee beans are now ordered from the roaster in York every month."));
        QVERIFY(!engine->indexPath(QStringLiteral("notes/coffee.md")).error);
        auto scan = engine->updateFindings();
        QVERIFY(scan.ok());
        QCOMPARE(scan->profiled, 1); // the edited file's one chunk, not the vault
        QVERIFY(scan->compared <= FindingIndex::kCandidates);
        auto findings = MemoryReview(*engine).findings(FindingKind::Contradiction, kNow);
        QVERIFY(findings.ok());
        QCOMPARE(findings->size(), 1); // York replaced Leeds in one file: no pair, the old text is gone
    }

    void anotherDetectorsFindings_areStartedOver_andTheSameDetectorsKept()
    {
        TestVault vault;
        writeVault(vault);
        {
            auto engine = indexed(vault);
        }
        {
            // Reopened by the same detector: the profiles are read back, nothing is compared again.
            auto engine = test::openEngine(vault);
            auto scan = engine->updateFindings();
            QVERIFY(scan.ok());
            QCOMPARE(scan->profiled, 0);
            QCOMPARE(open(*engine, FindingKind::Duplicate).size(), 1);
            // What an older detector left: its version, and findings its rules did not see.
            Database &db = internals(*engine).store().database();
            QVERIFY(db.exec(QStringLiteral("DELETE FROM review_findings")).ok());
            QVERIFY(db.exec(QStringLiteral("UPDATE meta SET value = '1' WHERE key = 'review_detector'")).ok());
        }
        auto engine = test::openEngine(vault);
        auto scan = engine->updateFindings();
        QVERIFY(scan.ok());
        QCOMPARE(scan->profiled, 6); // every memory profiled again by this detector
        QCOMPARE(open(*engine, FindingKind::Duplicate),
                 QStringList{QStringLiteral("duplicate memories/semantic/ci-cache.md → notes/infra/cache.md")});
        QCOMPARE(open(*engine, FindingKind::Contradiction).size(), 1);
    }

    void keepBoth_isNeverAskedAgain_evenAfterRebuild()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        const ReviewFinding d = only(*engine, FindingKind::Duplicate);
        auto undo = MemoryReview(*engine).resolve(d.id, ReviewAction::KeepBoth, {});
        QVERIFY(undo.ok());
        QVERIFY2(open(*engine, FindingKind::Duplicate).size() == 0,
                 qPrintable(open(*engine, FindingKind::Duplicate).join(QStringLiteral("; "))));
        QVERIFY(engine->rebuild().ok());
        QVERIFY(engine->updateFindings().ok());
        QVERIFY2(open(*engine, FindingKind::Duplicate).size() == 0,
                 qPrintable(open(*engine, FindingKind::Duplicate).join(QStringLiteral("; "))));
        // Undone, it is asked again.
        QVERIFY(MemoryReview(*engine).undo(*undo).ok());
        QVERIFY2(open(*engine, FindingKind::Duplicate).size() == 1,
                 qPrintable(open(*engine, FindingKind::Duplicate).join(QStringLiteral("; "))));
    }

    void supersede_writesTheLink_andRecallPutsTheNewerFirst()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        RecallQuery q;
        q.text = QStringLiteral("which day do billing production deploys happen");
        q.reinforce = false;
        q.now = kNow;
        auto before = engine->recall(q);
        QVERIFY(before.ok());
        QVERIFY(before->size() >= 2);
        // An open contradiction: the newer answer first, and the older says a newer one disagrees.
        QCOMPARE(before->at(0).chunk.path, QStringLiteral("memories/semantic/deploy-day-2.md"));
        QCOMPARE(before->at(1).chunk.path, QStringLiteral("memories/semantic/deploy-day.md"));
        QCOMPARE(before->at(1).contradictedBy, QStringList{QStringLiteral("memories/semantic/deploy-day-2.md")});

        const ReviewFinding c = only(*engine, FindingKind::Contradiction);
        const QByteArray original = vault.read(c.newer.chunk.path);
        auto undo = MemoryReview(*engine).resolve(c.id, ReviewAction::Supersede, c.newer.chunk.path);
        QVERIFY2(undo.ok(), qPrintable(undo.ok() ? QString() : undo.error().toString()));
        QVERIFY(vault.read(c.newer.chunk.path).contains("supersedes: \"memories/semantic/deploy-day.md\""));
        QVERIFY2(open(*engine, FindingKind::Contradiction).size() == 0,
                 qPrintable(open(*engine, FindingKind::Contradiction).join(QStringLiteral("; "))));
        auto after = engine->recall(q);
        QVERIFY(after.ok());
        for (const RecallResult &r : *after)
            if (r.chunk.path == QLatin1String("memories/semantic/deploy-day.md")) {
                QVERIFY(r.contradictedBy.isEmpty()); // resolved: superseded, not contradicted
                QCOMPARE(r.supersededBy, QStringList{QStringLiteral("memories/semantic/deploy-day-2.md")});
            }
        QVERIFY(MemoryReview(*engine).undo(*undo).ok());
        QCOMPARE(vault.read(c.newer.chunk.path), original);
        QVERIFY2(open(*engine, FindingKind::Contradiction).size() == 1,
                 qPrintable(open(*engine, FindingKind::Contradiction).join(QStringLiteral("; "))));
    }

    void merge_archivesTheOther_andUndoRestoresIt()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        const ReviewFinding d = only(*engine, FindingKind::Duplicate);
        auto undo = MemoryReview(*engine).resolve(d.id, ReviewAction::Merge, QStringLiteral("notes/infra/cache.md"));
        QVERIFY2(undo.ok(), qPrintable(undo.ok() ? QString() : undo.error().toString()));
        QVERIFY(!QFileInfo::exists(vault.filePath(QStringLiteral("memories/semantic/ci-cache.md"))));
        QVERIFY(QFileInfo::exists(vault.filePath(QStringLiteral("archive/memories/semantic/ci-cache.md"))));
        QVERIFY(vault.read(QStringLiteral("notes/infra/cache.md"))
                    .contains("supersedes: \"memories/semantic/ci-cache.md\""));
        QVERIFY2(open(*engine, FindingKind::Duplicate).size() == 0,
                 qPrintable(open(*engine, FindingKind::Duplicate).join(QStringLiteral("; "))));
        QVERIFY(MemoryReview(*engine).undo(*undo).ok());
        QVERIFY(QFileInfo::exists(vault.filePath(QStringLiteral("memories/semantic/ci-cache.md"))));
        QVERIFY(!vault.read(QStringLiteral("notes/infra/cache.md")).contains("supersedes"));
        QVERIFY2(open(*engine, FindingKind::Duplicate).size() == 1,
                 qPrintable(open(*engine, FindingKind::Duplicate).join(QStringLiteral("; "))));
    }

    void resolve_refusesATakeThatIsNeitherMemory()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        const ReviewFinding d = only(*engine, FindingKind::Duplicate);
        const QByteArray before = vault.fingerprint();
        auto refused = MemoryReview(*engine).resolve(d.id, ReviewAction::Archive, QStringLiteral("notes/coffee.md"));
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.contains(QLatin1String("notes/infra/cache.md")));
        QCOMPARE(vault.fingerprint(), before);
    }

    void pack_neverHoldsTwoDuplicates()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        RecallQuery q;
        q.text = QStringLiteral("where does the CI build cache live");
        q.reinforce = false;
        q.now = kNow;
        auto results = engine->recall(q);
        QVERIFY(results.ok());
        QStringList recalled;
        for (const RecallResult &r : *results)
            recalled << r.chunk.path;
        QVERIFY(recalled.contains(QStringLiteral("memories/semantic/ci-cache.md"))); // recall shows both
        QVERIFY(recalled.contains(QStringLiteral("notes/infra/cache.md")));
        auto pack = engine->pack(q, 2000);
        QVERIFY(pack.ok());
        const bool first = pack->markdown.contains(QLatin1String("memories/semantic/ci-cache.md"));
        const bool second = pack->markdown.contains(QLatin1String("notes/infra/cache.md"));
        QVERIFY2(first != second, qPrintable(pack->markdown));
    }

    void remember_ofARestatement_writesNoFile_andReinforces()
    {
        TestVault vault;
        writeVault(vault);
        auto engine = indexed(vault);
        const QString existing = QStringLiteral("memories/semantic/billing-owner.md");
        const Chunk chunk = internals(*engine).store().chunksOfFile(existing).first();
        const int recallsBefore = engine->memoryState(chunk, kNow).accessCount;
        const QByteArray before = vault.fingerprint();
        RememberRequest r;
        r.content = QStringLiteral("The payments squad owns the billing service.");
        MemoryWriter::Outcome outcome;
        auto path = MemoryWriter(*engine).remember(r, &outcome);
        QVERIFY(path.ok());
        QCOMPARE(*path, existing);
        QCOMPARE(outcome.restates, existing);
        QCOMPARE(vault.fingerprint(), before); // no file written or changed
        QCOMPARE(engine->memoryState(chunk, kNow).accessCount, recallsBefore + 1);

        // More than it says is news: written.
        r.content = QStringLiteral("The payments squad owns the billing service; its pager rotation is weekly.");
        auto written = MemoryWriter(*engine).remember(r, &outcome);
        QVERIFY(written.ok());
        QVERIFY(*written != existing);
        QVERIFY(outcome.restates.isEmpty());
    }

    void stale_anOldUnconfirmedFactThatNewerMaterialDiscusses()
    {
        TestVault vault;
        memory(vault, QStringLiteral("memories/semantic/oncall-tool.md"), QStringLiteral("2025-09-01"),
               QStringLiteral("The on-call rotation for the billing service is scheduled in the shared calendar."));
        vault.write(QStringLiteral("sessions/2026-02-10/standup.md"),
                    test::markdownTranscript(QStringLiteral("2026-02-10"),
                                             {QStringLiteral("For the billing service on-call rotation we schedule "
                                                             "shifts in the incident tool."),
                                              QStringLiteral("Good, the rotation reminders work there.")}));
        auto engine = indexed(vault);
        const ReviewFinding s = only(*engine, FindingKind::Stale);
        QCOMPARE(s.older.chunk.path, QStringLiteral("memories/semantic/oncall-tool.md"));
        QCOMPARE(s.newer.chunk.path, QStringLiteral("sessions/2026-02-10/standup.md"));
        QVERIFY(s.reason.startsWith(QLatin1String("not confirmed since 2025-09-01")));
        // Recalled recently, it is in use: not stale.
        QVERIFY(internals(*engine)
                    .dynamics()
                    .recordAccess({s.older.chunk}, QStringLiteral("recall"), kNow.addDays(-3))
                    .ok());
        QVERIFY2(open(*engine, FindingKind::Stale).size() == 0,
                 qPrintable(open(*engine, FindingKind::Stale).join(QStringLiteral("; "))));
    }

    void lifeUpdate_aTurnBySomeoneTheParticipantsNameInFull()
    {
        // "**Mikkel**" is Mikkel Uhlig when the transcript's participants say so; with two Mikkels it may be the other.
        auto transcript = [](const QString &participants) {
            return QStringLiteral("---\ntitle: \"Iker & Mikkel\"\ndate: 2026-05-16T07:50:00\nparticipants: [%1]\n"
                                  "kind: transcript\n---\n\n# Iker & Mikkel\n\n**Iker** (D1:1): Hey! What's new?\n\n"
                                  "**Mikkel** (D1:2): I live in Bergen now, still living out of boxes\n")
                .arg(participants);
        };
        for (const bool twoMikkels : {false, true}) {
            TestVault vault;
            memory(vault, QStringLiteral("memories/semantic/mikkel-home.md"), QStringLiteral("2026-01-10"),
                   QStringLiteral("Mikkel Uhlig is based in Gothenburg."));
            // Others' homes: "based" is a common word of this vault, the name is what is rare.
            for (const QString &other :
                 {QStringLiteral("Iker Nyberg is based in Oslo."), QStringLiteral("Lene Berg is based in Malmo."),
                  QStringLiteral("Tove Dahl is based in Aarhus.")})
                memory(vault, QStringLiteral("memories/semantic/%1.md").arg(other.section(QLatin1Char(' '), 0, 0)),
                       QStringLiteral("2026-01-12"), other);
            vault.write(QStringLiteral("sessions/2026-05-16/chat-0007-s1.md"),
                        transcript(twoMikkels ? QStringLiteral("\"Mikkel Uhlig\", \"Mikkel Berg\"")
                                              : QStringLiteral("\"Iker Nyberg\", \"Mikkel Uhlig\"")));
            auto engine = indexed(vault);
            const QStringList found = open(*engine, FindingKind::Contradiction);
            QVERIFY2(found.size() == (twoMikkels ? 0 : 1), qPrintable(found.join(QStringLiteral("; "))));
            if (!twoMikkels)
                QCOMPARE(only(*engine, FindingKind::Contradiction).reason, QStringLiteral("home: gothenburg → bergen"));
        }
    }

    void review_keepsApartWhatOnlyLooksAlike()
    {
        // Among notes of one lab, where the template words are common and the names rare, three pairs that share
        // most of their weight and say nothing against each other: two attributes under a label that is a project
        // whose name holds a name ("The OCR of harbour ledgers paper: …"), a drop in a project beside a yes for it,
        // and two freezers by their codes.
        TestVault vault;
        const QStringList texts = {
            QStringLiteral("The OCR of harbour ledgers paper: switched data loading to WebDataset."),
            QStringLiteral("The OCR of harbour ledgers paper: code goes public with the paper."),
            QStringLiteral("No more gin in the OCR of harbour ledgers paper \u2014 migrating to plain YAML."),
            QStringLiteral("Pre-registration: yes, for the OCR of harbour ledgers paper."),
            QStringLiteral("Calibration of freezer F5: Wednesdays."),
            QStringLiteral("Calibration of freezer F12: Fridays \u2014 Orla Dunphy says so"),
        };
        const QStringList fillers = {
            QStringLiteral("The tide gauge paper: switched drafting to Overleaf."),
            QStringLiteral("The tide gauge paper: code stays internal."),
            QStringLiteral("The beetle wing study: code goes public with the paper."),
            QStringLiteral("Pre-registration: no, for the beetle wing study."),
            QStringLiteral("No more Hydra in the tide gauge paper."),
            QStringLiteral("Calibration of centrifuge C: Mondays."),
            QStringLiteral("Calibration of plate reader B: Thursdays."),
            QStringLiteral("The freezer room is locked after 8 pm."),
        };
        int n = 0;
        for (const QString &text : texts + fillers) {
            ++n;
            memory(vault, QStringLiteral("notes/lab/note-%1.md").arg(n),
                   QStringLiteral("2026-0%1-1%2").arg(1 + n / 9).arg(n % 9), text);
        }
        auto engine = indexed(vault);
        const QStringList found = open(*engine, FindingKind::Contradiction);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("; "))));
    }

    void cli_review_withoutTheWordList_findsOnlyExactCopies()
    {
        // Without the list the detector cannot tell two services apart; it tells only the same text twice.
        TestVault vault;
        writeVault(vault);
        memory(vault, QStringLiteral("notes/coffee-again.md"), QStringLiteral("2026-04-03"),
               QStringLiteral("Coffee beans are ordered from the roaster in Leeds every month."));
        QTemporaryDir dir;
        qputenv("ENGRAM_WORD_FREQUENCY", dir.filePath(QStringLiteral("missing.tsv")).toUtf8());
        const auto index = test::cli(vault, {QStringLiteral("index")});
        const auto listed = test::cli(vault, {QStringLiteral("review"), QStringLiteral("--json"),
                                              QStringLiteral("--now"), kNow.toString(Qt::ISODate)});
        qunsetenv("ENGRAM_WORD_FREQUENCY");
        QVERIFY2(index.exitCode == 0, index.describe().constData());
        QCOMPARE(listed.exitCode, 1);
        QStringList pairs;
        for (const QJsonValue &f :
             QJsonDocument::fromJson(listed.out).object().value(QStringLiteral("findings")).toArray())
            pairs << f.toObject().value(QStringLiteral("reason")).toString();
        QCOMPARE(pairs, QStringList({QStringLiteral("the same text")}));
    }

    void cli_review_exitsOneWhileFindingsRemain()
    {
        TestVault vault;
        writeVault(vault);
        QCOMPARE(test::cli(vault, {QStringLiteral("index")}).exitCode, 0);
        auto listed = test::cli(vault, {QStringLiteral("review"), QStringLiteral("--json"), QStringLiteral("--now"),
                                        kNow.toString(Qt::ISODate)});
        QCOMPARE(listed.exitCode, 1);
        const QJsonArray findings =
            QJsonDocument::fromJson(listed.out).object().value(QStringLiteral("findings")).toArray();
        QCOMPARE(findings.size(), 2);
        for (const QJsonValue &f : findings) {
            const QString id = f.toObject().value(QStringLiteral("id")).toString();
            auto kept = test::cli(vault, {QStringLiteral("review"), QStringLiteral("--resolve"), id,
                                          QStringLiteral("--take"), QStringLiteral("both")});
            QVERIFY2(kept.exitCode == 0, kept.describe().constData());
        }
        auto clean = test::cli(vault, {QStringLiteral("review"), QStringLiteral("--now"), kNow.toString(Qt::ISODate)});
        QVERIFY2(clean.exitCode == 0, clean.describe().constData());
        QVERIFY(clean.outText().contains(QLatin1String("no open findings")));
        auto badKind = test::cli(vault, {QStringLiteral("review"), QStringLiteral("--kind"), QStringLiteral("typo")});
        QCOMPARE(badKind.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestMemoryReview)
#include "tst_memoryreview.moc"
