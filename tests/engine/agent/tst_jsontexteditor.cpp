// JsonTextEditor: one member or element in, one out, every other byte of the person's file as it
// was. Expected texts are written out by hand here, in the layouts people and Claude Code write.
#include "agent/JsonTextEditor.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace engram;
using Path = JsonTextEditor::Path;

namespace {

JsonTextEditor parsed(const QByteArray &bytes)
{
    auto editor = JsonTextEditor::parse(bytes, QStringLiteral("settings.json"));
    if (!editor)
        qFatal("does not parse: %s", qPrintable(editor.error().toString()));
    return *editor;
}

QByteArray withMember(const QByteArray &bytes, const Path &object, const QString &key, const QJsonValue &value)
{
    auto out = parsed(bytes).withMember(object, key, value);
    if (!out)
        qFatal("not inserted: %s", qPrintable(out.error().toString()));
    return *out;
}

} // namespace

class TestJsonTextEditor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void insert_goesFirstLaidOutLikeItsNeighbour_andRemovalGivesTheBytesBack_data()
    {
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        // Keys out of order, four-space indentation, a space before the colon: all kept, and no
        // line of the person's changes (a member added last would put a comma on theirs).
        QTest::newRow("four spaces, unsorted") << QByteArray("{\n    \"zeta\" : 1,\n    \"alpha\": [1, 2]\n}\n")
                                               << QByteArray("{\n    \"engram\" : true,\n    \"zeta\" : 1,\n    "
                                                             "\"alpha\": [1, 2]\n}\n");
        QTest::newRow("tabs and CRLF") << QByteArray("{\r\n\t\"model\": \"opus\"\r\n}")
                                       << QByteArray("{\r\n\t\"engram\": true,\r\n\t\"model\": \"opus\"\r\n}");
        QTest::newRow("one line, no trailing newline")
            << QByteArray(R"({"numStartups": 12,"theme":"dark"})")
            << QByteArray(R"({"engram": true, "numStartups": 12,"theme":"dark"})");
        QTest::newRow("one member on one line") << QByteArray(R"({"a":1})") << QByteArray(R"({"engram":true, "a":1})");
        QTest::newRow("spaced braces") << QByteArray(R"({ "a": 1 })") << QByteArray(R"({ "engram": true, "a": 1 })");
        QTest::newRow("empty object") << QByteArray("{}") << QByteArray("{\"engram\": true}");
    }
    void insert_goesFirstLaidOutLikeItsNeighbour_andRemovalGivesTheBytesBack()
    {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        const QByteArray inserted = withMember(before, {}, QStringLiteral("engram"), true);
        QCOMPARE(inserted, after);
        QCOMPARE(parsed(inserted).without({QStringLiteral("engram")}), before);
    }

    void insert_nestedValueIndentedWithTheFilesStep()
    {
        const QByteArray before = "{\n   \"model\": \"opus\",\n   \"hooks\": {\n      \"Stop\": []\n   }\n}\n";
        const QJsonObject server{{QStringLiteral("command"), QStringLiteral("engram-cli")},
                                 {QStringLiteral("args"), QJsonArray{QStringLiteral("mcp")}}};
        const QByteArray inserted =
            withMember(before, {QStringLiteral("mcpServers")}, QStringLiteral("engram"), server);
        // The missing "mcpServers" is created around the member; keys inside a new value are sorted.
        QCOMPARE(inserted, QByteArray("{\n   \"mcpServers\": {\n      \"engram\": {\n         \"args\": [\n"
                                      "            \"mcp\"\n         ],\n         \"command\": \"engram-cli\"\n"
                                      "      }\n   },\n   \"model\": \"opus\",\n   \"hooks\": {\n      \"Stop\": []\n"
                                      "   }\n}\n"));
        QCOMPARE(parsed(inserted).without({QStringLiteral("mcpServers")}), before);
    }

    void insert_intoAnEmptyNestedObjectAndOutAgain()
    {
        const QByteArray before = "{\n  \"projects\": {\n    \"/home/ana/ünï\": {\n      \"mcpServers\": {},\n"
                                  "      \"allowedTools\": []\n    }\n  }\n}\n";
        const Path servers{QStringLiteral("projects"), QStringLiteral("/home/ana/ünï"), QStringLiteral("mcpServers")};
        const QByteArray inserted = withMember(before, servers, QStringLiteral("engram"), 1);
        QCOMPARE(inserted, QByteArray("{\n  \"projects\": {\n    \"/home/ana/ünï\": {\n      \"mcpServers\": {\n"
                                      "        \"engram\": 1\n      },\n      \"allowedTools\": []\n    }\n  }\n}\n"));
        QCOMPARE(parsed(inserted).without(servers + Path{QStringLiteral("engram")}), before);
    }

    void keys_areReadWithTheirEscapes()
    {
        // "caf\u00e9" is the key café; a key holding \" does not end early.
        const QByteArray before = "{\"caf\\u00e9\": {\"x\": 1}, \"a\\\"b\": 2}";
        QCOMPARE(parsed(before).value({QStringLiteral("café"), QStringLiteral("x")}).toInt(), 1);
        QCOMPARE(parsed(before).value({QStringLiteral("a\"b")}).toInt(), 2);
        QCOMPARE(parsed(before).without({QStringLiteral("café")}), QByteArray("{\"a\\\"b\": 2}"));
    }

    void replace_changesOnlyTheValue()
    {
        const QByteArray before = "{\n  \"b\": 1,\n  \"a\": \"old\", \"c\": 3\n}";
        QCOMPARE(withMember(before, {}, QStringLiteral("a"), QStringLiteral("new")),
                 QByteArray("{\n  \"b\": 1,\n  \"a\": \"new\", \"c\": 3\n}"));
    }

    void remove_aMiddleMemberTakesItsCommaNotTheNeighbours()
    {
        const QByteArray before = "{\n  \"a\": 1,\n  \"b\": {\"x\": [1, {\"y\": \"}\"}]},\n  \"c\": 3\n}\n";
        QCOMPARE(parsed(before).without({QStringLiteral("b")}), QByteArray("{\n  \"a\": 1,\n  \"c\": 3\n}\n"));
        QCOMPARE(parsed(before).without({QStringLiteral("a")}),
                 QByteArray("{\n  \"b\": {\"x\": [1, {\"y\": \"}\"}]},\n  \"c\": 3\n}\n"));
        QCOMPARE(parsed(before).without({QStringLiteral("missing")}), before);
    }

    void prepend_andRemoveAnElement()
    {
        const QByteArray before = "{\"Stop\": [\n    {\"hooks\": []}\n  ]}";
        auto added = parsed(before).withPrepended({QStringLiteral("Stop")}, QJsonObject{{QStringLiteral("n"), 2}});
        QVERIFY(added.ok());
        QCOMPARE(*added, QByteArray("{\"Stop\": [\n    {\n        \"n\": 2\n    },\n    {\"hooks\": []}\n  ]}"));
        QCOMPARE(parsed(*added).without({QStringLiteral("Stop"), 0}), before);
        QCOMPARE(parsed(*added).without({QStringLiteral("Stop"), 1}),
                 QByteArray("{\"Stop\": [\n    {\n        \"n\": 2\n    }\n  ]}"));
    }

    void emptyFile_readsAsAnObjectAndGetsAFileOfItsOwn()
    {
        const QByteArray inserted = withMember(QByteArray(), {}, QStringLiteral("a"), 1);
        QCOMPARE(inserted, QByteArray("{\n  \"a\": 1\n}\n"));
        QCOMPARE(parsed(QByteArray()).without({QStringLiteral("a")}), QByteArray());
    }

    void invalidJson_isRefusedWithItsLine()
    {
        auto editor = JsonTextEditor::parse("{\n  \"a\": 1,\n}\n", QStringLiteral("settings.json"));
        QVERIFY(!editor.ok());
        QCOMPARE(editor.error().line, 3);
        QVERIFY(!JsonTextEditor::parse("[1]", QStringLiteral("x.json")).ok());
    }
};

QTEST_GUILESS_MAIN(TestJsonTextEditor)
#include "tst_jsontexteditor.moc"
