#include "core/PorterStemmer.h"
#include "core/TextAnalysis.h"

#include <QTest>

using namespace engram;

class TestTextAnalysis : public QObject {
    Q_OBJECT

private slots:
    void stem_followsPorter_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("stem");
        // Examples from Porter (1980) and the reference vocabulary/output lists.
        const char *const pairs[][2] = {{"caresses", "caress"},
                                        {"ponies", "poni"},
                                        {"ties", "ti"},
                                        {"caress", "caress"},
                                        {"cats", "cat"},
                                        {"feed", "feed"},
                                        {"agreed", "agre"},
                                        {"plastered", "plaster"},
                                        {"bled", "bled"},
                                        {"motoring", "motor"},
                                        {"sing", "sing"},
                                        {"conflated", "conflat"},
                                        {"troubled", "troubl"},
                                        {"sized", "size"},
                                        {"hopping", "hop"},
                                        {"tanned", "tan"},
                                        {"falling", "fall"},
                                        {"hissing", "hiss"},
                                        {"fizzed", "fizz"},
                                        {"failing", "fail"},
                                        {"filing", "file"},
                                        {"happy", "happi"},
                                        {"sky", "sky"},
                                        {"relational", "relat"},
                                        {"conditional", "condit"},
                                        {"rational", "ration"},
                                        {"valenci", "valenc"},
                                        {"digitizer", "digit"},
                                        {"generalization", "gener"},
                                        {"hopefulness", "hope"},
                                        {"goodness", "good"},
                                        {"revival", "reviv"},
                                        {"allowance", "allow"},
                                        {"adjustment", "adjust"},
                                        {"adoption", "adopt"},
                                        {"probate", "probat"},
                                        {"rate", "rate"},
                                        {"controll", "control"},
                                        {"roll", "roll"},
                                        {"running", "run"},
                                        {"painting", "paint"},
                                        {"painted", "paint"},
                                        {"paints", "paint"},
                                        {"generous", "gener"}};
        for (const auto &pair : pairs)
            QTest::newRow(pair[0]) << QString::fromLatin1(pair[0]) << QString::fromLatin1(pair[1]);
    }

    void stem_followsPorter()
    {
        QFETCH(QString, word);
        QFETCH(QString, stem);
        QCOMPARE(PorterStemmer::stem(word), stem);
    }

    void stem_leavesShortAndNonAsciiWordsAlone()
    {
        QCOMPARE(PorterStemmer::stem(QStringLiteral("is")), QStringLiteral("is"));
        QCOMPARE(PorterStemmer::stem(QStringLiteral("café")), QStringLiteral("café"));
        QCOMPARE(PorterStemmer::stem(QStringLiteral("2023")), QStringLiteral("2023"));
    }

    void words_foldApostrophesAndCase()
    {
        QCOMPARE(TextAnalysis::words(QStringLiteral("Caroline's DON'T stop-words")),
                 (QStringList{QStringLiteral("carolines"), QStringLiteral("dont"), QStringLiteral("stop"),
                              QStringLiteral("words")}));
    }
};

QTEST_GUILESS_MAIN(TestTextAnalysis)
#include "tst_textanalysis.moc"
