// The association graph's communities and neighbourhoods as the workbench gets them: named by
// the words their members share, ordered by connection, and a neighbourhood capped with the
// strongest associations first.
#include "GraphCommunities.h"
#include "GraphFocus.h"

#include <QTest>

using namespace engram;

namespace {

/// Six "deploy" notes linked in a ring, six "garden" notes linked in a ring, one link between.
GraphData twoTopics()
{
    GraphData g;
    const QStringList deploy{QStringLiteral("Deploy rollback plan"),  QStringLiteral("Canary deploy checklist"),
                             QStringLiteral("Rollback after deploy"), QStringLiteral("Deploy window and canary"),
                             QStringLiteral("Why the deploy failed"), QStringLiteral("Rollback drill notes")};
    const QStringList garden{QStringLiteral("Garden tomato bed"),      QStringLiteral("Tomato seedlings in the garden"),
                             QStringLiteral("Compost for the garden"), QStringLiteral("Watering the tomato bed"),
                             QStringLiteral("Garden pests"),           QStringLiteral("Tomato harvest notes")};
    for (int i = 0; i < 6; ++i)
        g.nodes << GraphNode{i + 1, deploy.at(i), QStringLiteral("procedural"), 1.0};
    for (int i = 0; i < 6; ++i)
        g.nodes << GraphNode{i + 101, garden.at(i), QStringLiteral("episodic"), 1.0};
    for (int i = 0; i < 6; ++i) {
        g.edges << GraphEdge{i + 1, (i + 1) % 6 + 1, QStringLiteral("related"), 0.8};
        g.edges << GraphEdge{i + 101, (i + 1) % 6 + 101, QStringLiteral("related"), 0.8};
        g.edges << GraphEdge{i + 1, (i + 3) % 6 + 1, QStringLiteral("co_activated"), 0.4};
        g.edges << GraphEdge{i + 101, (i + 3) % 6 + 101, QStringLiteral("co_activated"), 0.4};
    }
    g.edges << GraphEdge{1, 101, QStringLiteral("related"), 0.3};
    g.nodes << GraphNode{500, QStringLiteral("A lone note"), QStringLiteral("episodic"), 1.0};
    g.memoriesInVault = 13;
    return g;
}

bool all(const GraphEdge &)
{
    return true;
}

} // namespace

class TestGraphCommunities : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void annotate_findsTheTwoTopicsAndNamesThemByTheirWords()
    {
        GraphData g = twoTopics();
        GraphCommunities::annotate(g);
        QCOMPARE(g.communities.size(), 2); // the lone note is in none
        const GraphCommunity &deploy =
            g.communities.at(0).members.contains(1) ? g.communities.at(0) : g.communities.at(1);
        const GraphCommunity &garden =
            g.communities.at(0).members.contains(1) ? g.communities.at(1) : g.communities.at(0);
        QCOMPARE(deploy.members.size(), 6);
        QCOMPARE(garden.members.size(), 6);
        QVERIFY2(deploy.name.contains(QLatin1String("deploy")), qPrintable(deploy.name));
        QVERIFY2(deploy.name.contains(QLatin1String("rollback")), qPrintable(deploy.name));
        QVERIFY2(garden.name.contains(QLatin1String("garden")) && garden.name.contains(QLatin1String("tomato")),
                 qPrintable(garden.name));
        QVERIFY(!garden.name.contains(QLatin1String("deploy")));
        QCOMPARE(deploy.region, QStringLiteral("procedural"));
        // Node 1 also carries the bridge, yet inside its community all are equal: the ring's order holds.
        QCOMPARE(g.communityLinks.size(), 1);
        QCOMPARE(g.communityLinks.first().weight, 0.3);
    }

    void annotate_isDeterministic()
    {
        GraphData a = twoTopics();
        GraphData b = twoTopics();
        std::reverse(b.edges.begin(), b.edges.end());
        GraphCommunities::annotate(a);
        GraphCommunities::annotate(b);
        QCOMPARE(a.communities.size(), b.communities.size());
        for (int i = 0; i < a.communities.size(); ++i) {
            QCOMPARE(a.communities.at(i).name, b.communities.at(i).name);
            QCOMPARE(QSet<qint64>(a.communities.at(i).members.cbegin(), a.communities.at(i).members.cend()),
                     QSet<qint64>(b.communities.at(i).members.cbegin(), b.communities.at(i).members.cend()));
        }
    }

    void dominantTerms_preferWordsRareElsewhere()
    {
        const QHash<QString, int> frequency{{QStringLiteral("notes"), 90}, {QStringLiteral("kafka"), 3}};
        const QStringList terms =
            GraphCommunities::dominantTerms({QStringLiteral("Kafka notes"), QStringLiteral("Kafka lag notes"),
                                             QStringLiteral("The 2024 notes on Kafka")},
                                            frequency, 100, 2);
        QCOMPARE(terms.first(), QStringLiteral("kafka"));
        QVERIFY(!terms.contains(QStringLiteral("2024")));
        QVERIFY(!terms.contains(QStringLiteral("the")));
    }

    void neighbourhood_takesTheStrongestFirstAndStopsAtTheCap()
    {
        GraphData g;
        g.nodes << GraphNode{1, QStringLiteral("hub"), {}, 1.0};
        for (int i = 2; i <= 60; ++i) {
            g.nodes << GraphNode{i, QStringLiteral("m%1").arg(i), {}, 1.0};
            g.edges << GraphEdge{1, i, QStringLiteral("related"), i / 100.0}; // 60 is the strongest
        }
        const GraphFocus focus(g);
        const QList<qint64> shown = focus.neighbourhood({1}, 2, 10, all);
        QCOMPARE(shown.size(), 10);
        QCOMPARE(shown.first(), 1);
        QCOMPARE(shown.at(1), 60);
        QCOMPARE(shown.last(), 52);
        const QList<int> edges = focus.edgesAmong(shown, all);
        QCOMPARE(edges.size(), 9);
        QCOMPARE(g.edges.at(edges.first()).to, 60);
    }

    void neighbourhood_secondHopFollowsTheFilter()
    {
        GraphData g = twoTopics();
        const GraphFocus focus(g);
        const auto relatedOnly = [](const GraphEdge &e) { return e.type == QLatin1String("related"); };
        QCOMPARE(focus.neighbourhood({3}, 1, 40, relatedOnly).size(), 3); // itself and its ring neighbours
        QCOMPARE(focus.neighbourhood({3}, 1, 40, all).size(), 4);         // and the co-activated one across
        const QList<qint64> two = focus.neighbourhood({3}, 2, 40, relatedOnly);
        QCOMPARE(two.size(), 5);
        QVERIFY(!two.contains(101));
        QVERIFY(focus.neighbourhood({999}, 2, 40, all).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestGraphCommunities)
#include "tst_graphcommunities.moc"
