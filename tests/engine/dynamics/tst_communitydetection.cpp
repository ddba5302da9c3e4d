// Communities of an association graph: cliques joined by a bridge come apart, the same graph
// always gives the same communities, whatever the order its links arrive in.
#include "dynamics/CommunityDetection.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace engram;

namespace {

/// Two cliques of four (0–3, 4–7) joined by one link 3–4.
QList<CommunityLink> twoCliques()
{
    QList<CommunityLink> links;
    for (int base : {0, 4})
        for (int a = base; a < base + 4; ++a)
            for (int b = a + 1; b < base + 4; ++b)
                links.append({a, b, 1.0});
    links.append({3, 4, 1.0});
    return links;
}

} // namespace

class TestCommunityDetection : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoCliquesJoinedByOneLink_areTwoCommunities()
    {
        const QList<int> of = CommunityDetection::partition(8, twoCliques());
        QCOMPARE(of, (QList<int>{0, 0, 0, 0, 1, 1, 1, 1}));
    }

    void largestCommunityComesFirst_andALoneNodeIsItsOwn()
    {
        QList<CommunityLink> links = twoCliques();
        // A third clique of five (8–12), joined to the first by a link; node 13 has no link.
        for (int a = 8; a < 13; ++a)
            for (int b = a + 1; b < 13; ++b)
                links.append({a, b, 1.0});
        links.append({0, 8, 1.0});
        const QList<int> of = CommunityDetection::partition(14, links);
        for (int i = 8; i < 13; ++i)
            QCOMPARE(of.at(i), 0);
        QCOMPARE(of.at(0), 1);
        QCOMPARE(of.at(4), 2);
        QCOMPARE(of.at(13), 3);
    }

    void partition_isTheSameForAnyOrderOfLinks()
    {
        // A ring of twelve cliques of six, each joined to the next: deterministic whatever the order.
        QList<CommunityLink> links;
        for (int c = 0; c < 12; ++c) {
            for (int a = 0; a < 6; ++a)
                for (int b = a + 1; b < 6; ++b)
                    links.append({c * 6 + a, c * 6 + b, 1.0});
            links.append({c * 6, ((c + 1) % 12) * 6 + 3, 0.5});
        }
        const QList<int> first = CommunityDetection::partition(72, links);
        QCOMPARE(*std::max_element(first.cbegin(), first.cend()) + 1, 12);
        for (int c = 0; c < 12; ++c)
            for (int a = 1; a < 6; ++a)
                QCOMPARE(first.at(c * 6 + a), first.at(c * 6));
        QRandomGenerator random(7);
        for (int round = 0; round < 5; ++round) {
            QList<CommunityLink> shuffled = links;
            for (qsizetype i = shuffled.size() - 1; i > 0; --i)
                shuffled.swapItemsAt(i, random.bounded(int(i + 1)));
            for (CommunityLink &link : shuffled)
                if (random.bounded(2))
                    std::swap(link.a, link.b);
            QCOMPARE(CommunityDetection::partition(72, shuffled), first);
        }
    }

    void repeatedLinksAddUp_andSelfLinksAreIgnored()
    {
        // 1–2 is weak once but strong three times over: 1 joins 2, not 0.
        const QList<CommunityLink> links{{0, 1, 0.5}, {1, 2, 0.3}, {1, 2, 0.3}, {1, 2, 0.3}, {2, 2, 5.0},
                                         {2, 3, 1.0}, {0, 4, 1.0}, {4, 5, 1.0}, {0, 5, 1.0}};
        const QList<int> of = CommunityDetection::partition(6, links);
        QCOMPARE(of.at(1), of.at(2));
        QCOMPARE(of.at(2), of.at(3));
        QCOMPARE(of.at(0), of.at(4));
        QVERIFY(of.at(0) != of.at(1));
    }

    void noLinks_everyNodeAlone()
    {
        QCOMPARE(CommunityDetection::partition(3, {}), (QList<int>{0, 1, 2}));
        QVERIFY(CommunityDetection::partition(0, {}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCommunityDetection)
#include "tst_communitydetection.moc"
