// Golden files for every surface an agent reads, one test row per case file (as KDE
// syntax-highlighting's autotests do): the Markdown of `engram-cli pack`, the `--json` of the CLI
// (recall, wake, stats), the MCP answers (initialize, tools/list and one call of each tool) and the
// consolidation digests with the report of `engram-cli consolidate --json`. Each case runs on a
// fresh copy of tests/data/golden-vault with tests/data/golden-agent over it (a focus, a goal due,
// a superseded decision). A case is a file under tests/data/golden/<surface>/, its reference the
// file next to it; tests/data/golden/README.md says how to add one. After an intended change,
// scripts/regen-golden.sh rewrites the references and shows the diff to review.
#include "CliRunner.h"
#include "Golden.h"
#include "McpHarness.h"
#include "McpTools.h"
#include "TestVault.h"
#include "vault/Engine.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHashFunctions>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

#include <ctime>
#include <memory>

using namespace engram;
using test::CliRun;
using test::GoldenNormalizer;
using test::TestVault;

namespace {

/// The moment every case runs at: the day after the fixture's last session.
const QDateTime kNow(QDate(2026, 3, 10), QTime(12, 0), Qt::UTC);

void fillVault(TestVault &vault)
{
    vault.copyFixture(QStringLiteral("golden-vault"));
    vault.copyFixture(QStringLiteral("golden-agent"));
}

QByteArray readCase(const QString &relative)
{
    QFile f(test::dataPath(relative));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read tests/data/%s: %s", qPrintable(relative), qPrintable(f.errorString()));
    return f.readAll();
}

/// A case file of CLI arguments: one argument a line; blank lines and lines starting with # are left out.
QStringList argumentsOf(const QString &relative)
{
    QStringList arguments;
    for (const QString &line : QString::fromUtf8(readCase(relative)).split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty() && !line.startsWith(QLatin1Char('#')))
            arguments << line;
    return arguments;
}

QString swapSuffix(QString path, const QString &from, const QString &to)
{
    path.chop(from.size());
    return path + to;
}

/// A fresh fixture vault indexed by the CLI; a failure ends the test binary.
void indexWithCli(const TestVault &vault)
{
    const CliRun run = test::cli(vault, {QStringLiteral("index")});
    if (run.exitCode != 0)
        qFatal("engram-cli index failed on the golden fixture: %s", run.describe().constData());
}

} // namespace

class TestAgentSurfaces : public QObject {
    Q_OBJECT

    std::unique_ptr<TestVault> m_consolidated;
    QHash<QString, QString> m_digests; ///< reference path under tests/data/ → normalized output

    /// Runs one CLI case on a fresh vault: `folder`/<case>.args → `folder`/<case><referenceSuffix>.
    void compareCliCase(const QString &folder, const QString &caseFile, const QString &referenceSuffix)
    {
        TestVault vault;
        fillVault(vault);
        indexWithCli(vault);
        const QString relative = folder + QLatin1Char('/') + caseFile;
        const CliRun run = test::cli(vault, argumentsOf(relative));
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const GoldenNormalizer normalize(vault.path());
        const QString actual =
            referenceSuffix == QLatin1String(".json") ? normalize.jsonText(run.out) : normalize.text(run.outText());
        ENGRAM_COMPARE_GOLDEN(actual, swapSuffix(relative, QStringLiteral(".args"), referenceSuffix));
    }

private slots:
    void initTestCase()
    {
        // Wake's preamble and the focus line print local time: one zone wherever the test runs.
        qputenv("TZ", "UTC");
        tzset();
        // No fixed QHash seed: every surface must be the same whatever the per-process seed (the
        // extractive summarizer once summed over a QHash and changed a digest one run in three).
    }

    void pack_matchesReference_data()
    {
        QTest::addColumn<QString>("caseFile");
        for (const QString &c : test::goldenCases(QStringLiteral("golden/pack"), QStringLiteral(".args")))
            QTest::newRow(qPrintable(c)) << c;
    }
    void pack_matchesReference()
    {
        QFETCH(QString, caseFile);
        compareCliCase(QStringLiteral("golden/pack"), caseFile, QStringLiteral(".md"));
    }

    void cliJson_matchesReference_data()
    {
        QTest::addColumn<QString>("caseFile");
        for (const QString &c : test::goldenCases(QStringLiteral("golden/cli"), QStringLiteral(".args")))
            QTest::newRow(qPrintable(c)) << c;
    }
    void cliJson_matchesReference()
    {
        QFETCH(QString, caseFile);
        compareCliCase(QStringLiteral("golden/cli"), caseFile, QStringLiteral(".json"));
    }

    void mcp_matchesReference_data()
    {
        QTest::addColumn<QString>("caseFile");
        for (const QString &c : test::goldenCases(QStringLiteral("golden/mcp"), QStringLiteral(".request.json")))
            QTest::newRow(qPrintable(c)) << c;
    }
    void mcp_matchesReference()
    {
        QFETCH(QString, caseFile);
        test::McpHarness h(fillVault);
        h.tools->setClock([] { return kNow; });
        h.tools->engine().setClock([] { return kNow; });
        const QString relative = QStringLiteral("golden/mcp/") + caseFile;
        const QJsonDocument request = QJsonDocument::fromJson(readCase(relative));
        QVERIFY2(request.isObject(), qPrintable(relative + QStringLiteral(" is not a JSON object")));
        if (request.object().value(QStringLiteral("method")).toString() != QLatin1String("initialize"))
            QVERIFY(h.initialize().contains(QStringLiteral("result")));
        QJsonObject answer; // log notifications (re-indexing) may come first
        for (const QJsonObject &reply : h.send(request.toJson(QJsonDocument::Compact)))
            if (reply.contains(QStringLiteral("id")))
                answer = reply;
        QVERIFY2(!answer.isEmpty(), qPrintable(relative + QStringLiteral(" got no answer")));
        const GoldenNormalizer normalize(h.vault.path());
        ENGRAM_COMPARE_GOLDEN(normalize.jsonText(QJsonDocument(answer).toJson()),
                              swapSuffix(relative, QStringLiteral(".request.json"), QStringLiteral(".response.json")));
    }

    /// Rows: the report of `consolidate --json` and each digest it wrote, plus any reference left
    /// from an earlier run (it fails: that digest is no longer written).
    void digests_matchReference_data()
    {
        QTest::addColumn<QString>("reference");
        m_consolidated = std::make_unique<TestVault>();
        fillVault(*m_consolidated);
        indexWithCli(*m_consolidated);
        const CliRun run = test::cli(*m_consolidated, {QStringLiteral("consolidate"), QStringLiteral("--json")});
        if (run.exitCode != 0)
            qFatal("engram-cli consolidate failed on the golden fixture: %s", run.describe().constData());
        const GoldenNormalizer normalize(m_consolidated->path());
        m_digests.clear();
        m_digests.insert(QStringLiteral("golden/digests/report.json"), normalize.jsonText(run.out));
        const QString root = m_consolidated->filePath(QStringLiteral("consolidated"));
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(file));
            // A digest's sources_hash covers its source digests, and their consolidated_at is the
            // real clock (consolidate has no --now): the hash is the digest's own business anyway.
            static const QRegularExpression hash(QStringLiteral("^sources_hash: \"[0-9a-f]+\"$"),
                                                 QRegularExpression::MultilineOption);
            m_digests.insert(QStringLiteral("golden/digests/") + QDir(root).relativeFilePath(file),
                             normalize.text(QString::fromUtf8(f.readAll()))
                                 .replace(hash, QStringLiteral("sources_hash: \"<hash>\"")));
        }
        QStringList rows = m_digests.keys();
        for (const QString &c : test::goldenCases(QStringLiteral("golden/digests"), QString()))
            if (!rows.contains(QStringLiteral("golden/digests/") + c))
                rows << QStringLiteral("golden/digests/") + c;
        rows.sort();
        for (const QString &r : std::as_const(rows))
            QTest::newRow(qPrintable(r.mid(int(qstrlen("golden/digests/"))))) << r;
    }
    void digests_matchReference()
    {
        QFETCH(QString, reference);
        if (!m_digests.contains(reference)) {
            if (test::regeneratingGolden()) {
                QVERIFY(QFile::remove(test::dataPath(reference)));
                return;
            }
            QFAIL(qPrintable(QStringLiteral("tests/data/%1 is no longer written by consolidation; if that is "
                                            "intended, run scripts/regen-golden.sh")
                                 .arg(reference)));
        }
        ENGRAM_COMPARE_GOLDEN(m_digests.value(reference), reference);
    }
};

QTEST_GUILESS_MAIN(TestAgentSurfaces)
#include "tst_agentsurfaces.moc"
