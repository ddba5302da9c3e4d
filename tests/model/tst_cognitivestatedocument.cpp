// The state editor's document: cognitive.json round-trips (unknown keys kept),
// saves are atomic and never overwrite a change made on disk meanwhile.
#include "CognitiveStateDocument.h"
#include "TestVault.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace engram;

class TestCognitiveStateDocument : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip_keepsUnknownKeysAndFields()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("state/cognitive.json"),
                    QByteArray(R"({"focus":{"current":"ship v1","priorities":["tests"]},
                       "heuristics":[{"text":"small commits","source":"user","useCount":3}],
                       "learnings":[{"text":"x","category":"mistake","context":"c","timestamp":"2026-01-02T03:04:05Z"}],
                       "avoidances":["force push"],"engagement":{"meaningfulInteractions":4,"totalInteractions":9},"mood":"calm"})"));
        CognitiveStateDocument document;
        QVERIFY(document.open(vault.path()).ok());
        QCOMPARE(document.state().focus.current, QStringLiteral("ship v1"));
        QCOMPARE(document.state().heuristics.value(0).useCount, 3);
        QCOMPARE(document.state().learnings.value(0).category, QStringLiteral("mistake"));
        document.addItem(StateList::Avoidances, QStringLiteral("skipping tests"));
        QVERIFY(document.isModified());
        QVERIFY(document.save().ok());
        QVERIFY(!document.isModified());
        const QJsonObject saved = QJsonDocument::fromJson(vault.read(QStringLiteral("state/cognitive.json"))).object();
        QCOMPARE(saved.value(QLatin1String("engagement")).toObject().value(QLatin1String("totalInteractions")).toInt(),
                 9);
        QCOMPARE(saved.value(QLatin1String("mood")).toString(), QStringLiteral("calm"));
        QCOMPARE(saved.value(QLatin1String("avoidances")).toArray().size(), 2);
        QCOMPARE(saved.value(QLatin1String("heuristics"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QLatin1String("source"))
                     .toString(),
                 QStringLiteral("user"));
    }

    void save_refusesToOverwriteAnExternalChange()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("{}"));
        CognitiveStateDocument document;
        QVERIFY(document.open(vault.path()).ok());
        QSignalSpy external(&document, &CognitiveStateDocument::changedExternally);
        document.addItem(StateList::Heuristics, QStringLiteral("mine"));
        vault.write(QStringLiteral("state/cognitive.json"), QByteArray(R"({"avoidances":["theirs"]})"));
        QTRY_VERIFY(external.count() > 0);
        QVERIFY(!document.save().ok());
        QVERIFY(vault.read(QStringLiteral("state/cognitive.json")).contains("theirs"));
        QVERIFY(document.save(true).ok());
        QVERIFY(vault.read(QStringLiteral("state/cognitive.json")).contains("mine"));
    }

    void invalidJson_isAnErrorThatNamesTheFile()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("{not json"));
        CognitiveStateDocument document;
        const Status s = document.open(vault.path());
        QVERIFY(!s.ok());
        QVERIFY(s.error().toString().contains(QLatin1String("state/cognitive.json")));
    }
};

QTEST_GUILESS_MAIN(TestCognitiveStateDocument)
#include "tst_cognitivestatedocument.moc"
