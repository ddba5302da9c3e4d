#include "core/FrontMatter.h"

#include <QTest>

using namespace engram;

class TestFrontMatter : public QObject {
    Q_OBJECT
private slots:
    void parse_readsScalarsListsAndBody()
    {
        const QStringList lines = QStringLiteral("---\ntitle: \"A: note\"\nvalence: -0.5\ntags: [work, 'q3 plans']\n"
                                                 "people:\n  - Ana\n  - Bo\npinned: true\n---\n# Body\n")
                                      .split(QLatin1Char('\n'));
        auto fm = FrontMatter::parse(lines);
        QVERIFY2(fm.ok(), qPrintable(fm.ok() ? QString() : fm.error().toString()));
        QVERIFY(fm->present);
        QCOMPARE(fm->bodyStartLine, 10);
        QCOMPARE(fm->values.value(QStringLiteral("title")).toString(), QStringLiteral("A: note"));
        QCOMPARE(fm->values.value(QStringLiteral("valence")).toDouble(), -0.5);
        QCOMPARE(fm->values.value(QStringLiteral("tags")).toStringList(),
                 (QStringList{QStringLiteral("work"), QStringLiteral("q3 plans")}));
        QCOMPARE(fm->values.value(QStringLiteral("people")).toStringList(),
                 (QStringList{QStringLiteral("Ana"), QStringLiteral("Bo")}));
        QCOMPARE(fm->values.value(QStringLiteral("pinned")).toBool(), true);
    }

    void parse_withoutOpeningFenceHasNoFrontMatter()
    {
        auto fm = FrontMatter::parse(QStringList{QStringLiteral("# Title"), QStringLiteral("text")});
        QVERIFY(fm.ok());
        QVERIFY(!fm->present);
        QCOMPARE(fm->bodyStartLine, 1);
    }

    void parse_unterminatedIsAnErrorOnLineOne()
    {
        auto fm = FrontMatter::parse(QStringLiteral("---\ntitle: x\nbody text").split(QLatin1Char('\n')));
        QVERIFY(!fm.ok());
        QCOMPARE(fm.error().line, 1);
        QVERIFY(fm.error().message.contains(QStringLiteral("never closed")));
    }

    void parse_notYamlNamesTheLine()
    {
        auto fm =
            FrontMatter::parse(QStringLiteral("---\ntitle: ok\nthis is not yaml\n---\n").split(QLatin1Char('\n')));
        QVERIFY(!fm.ok());
        QCOMPARE(fm.error().line, 3);
    }

    void parse_flowMapIsOutsideTheSubset()
    {
        auto fm = FrontMatter::parse(QStringLiteral("---\nmeta: {a: 1}\n---\n").split(QLatin1Char('\n')));
        QVERIFY(!fm.ok());
        QCOMPARE(fm.error().line, 2);
    }

    void render_roundTripsThroughParse()
    {
        const QVariantMap values{{QStringLiteral("title"), QStringLiteral("Quote \" and: colon")},
                                 {QStringLiteral("store"), QStringLiteral("semantic")},
                                 {QStringLiteral("confidence"), 0.8},
                                 {QStringLiteral("tags"), QVariantList{QStringLiteral("a"), QStringLiteral("b c")}}};
        const QString text = FrontMatter::render(values, {QStringLiteral("title")});
        QVERIFY(text.startsWith(QStringLiteral("---\ntitle: ")));
        auto fm = FrontMatter::parse(text.split(QLatin1Char('\n')));
        QVERIFY(fm.ok());
        QCOMPARE(fm->values.value(QStringLiteral("title")).toString(),
                 values.value(QStringLiteral("title")).toString());
        QCOMPARE(fm->values.value(QStringLiteral("confidence")).toDouble(), 0.8);
        QCOMPARE(fm->values.value(QStringLiteral("tags")).toStringList(),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b c")}));
    }

    void render_listItemWithEscapedQuotesAndCommas_roundTrips()
    {
        // Found by fuzz_frontmatter: an escaped quote inside a list item ended the item early.
        const QStringList items{QStringLiteral("mma\", 3]"), QStringLiteral("a, b"),
                                QStringLiteral("say \"hi\" # not a comment"), QStringLiteral("back\\slash\"")};
        const QVariantMap values{{QStringLiteral("tags"), items},
                                 {QStringLiteral("title"), QStringLiteral("\"quoted\" # and not a comment")}};
        const QString text = FrontMatter::render(values);
        auto fm = FrontMatter::parse(text.split(QLatin1Char('\n')));
        QVERIFY2(fm.ok(), qPrintable(text + (fm.ok() ? QString() : fm.error().message)));
        QCOMPARE(fm->values.value(QStringLiteral("tags")).toStringList(), items);
        QCOMPARE(fm->values.value(QStringLiteral("title")).toString(),
                 values.value(QStringLiteral("title")).toString());
    }
};

QTEST_GUILESS_MAIN(TestFrontMatter)
#include "tst_frontmatter.moc"
