// SecretRedactor: the redaction gate's rules. Every shape of the corpus (tests/support/SecretCorpus)
// in every place an agent's transcript puts it; what must stay; the settings that add and allow.
#include "SecretCorpus.h"
#include "TestVault.h"
#include "core/Config.h"
#include "redaction/AnchorTables.h"
#include "redaction/AssignmentReading.h"
#include "redaction/SecretCatalogue.h"
#include "redaction/SecretRedactor.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace engram;
using namespace engram::test;

namespace {

/// The seed of this run's bodies: ENGRAM_SECRET_SEED when set (to replay a failure), else fixed.
quint32 corpusSeed()
{
    bool ok = false;
    const quint32 seed = qEnvironmentVariable("ENGRAM_SECRET_SEED").toUInt(&ok);
    return ok ? seed : 20261202u;
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

/// A Claude Code user line whose text is `content`.
QByteArray userLine(const QByteArray &content)
{
    return compact(
        QJsonObject{{QStringLiteral("type"), QStringLiteral("user")},
                    {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                            {QStringLiteral("content"), QString::fromUtf8(content)}}}});
}

/// A Claude Code assistant line calling Bash with `command`.
QByteArray toolInputLine(const QByteArray &command)
{
    const QJsonObject use{
        {QStringLiteral("type"), QStringLiteral("tool_use")},
        {QStringLiteral("id"), QStringLiteral("toolu_01")},
        {QStringLiteral("name"), QStringLiteral("Bash")},
        {QStringLiteral("input"), QJsonObject{{QStringLiteral("command"), QString::fromUtf8(command)},
                                              {QStringLiteral("description"), QStringLiteral("run")}}}};
    return compact(
        QJsonObject{{QStringLiteral("type"), QStringLiteral("assistant")},
                    {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                            {QStringLiteral("content"), QJsonArray{use}}}}});
}

/// A Claude Code user line carrying a tool's output `output`.
QByteArray toolOutputLine(const QByteArray &output)
{
    const QJsonObject result{{QStringLiteral("type"), QStringLiteral("tool_result")},
                             {QStringLiteral("tool_use_id"), QStringLiteral("toolu_01")},
                             {QStringLiteral("content"), QString::fromUtf8(output)}};
    return compact(
        QJsonObject{{QStringLiteral("type"), QStringLiteral("user")},
                    {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                            {QStringLiteral("content"), QJsonArray{result}}}}});
}

/// Every string in a JSON value, joined: what a reader of the line sees once it is decoded.
QByteArray decodedStrings(const QJsonValue &v)
{
    if (v.isString())
        return v.toString().toUtf8() + '\n';
    QByteArray out;
    if (v.isArray())
        for (const QJsonValue &e : v.toArray())
            out += decodedStrings(e);
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            out += decodedStrings(it.value());
    }
    return out;
}

QStringList filesUnder(const QString &folder, const QStringList &filters)
{
    QStringList files;
    QDirIterator it(folder, filters, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

Result<Config> configFrom(const QByteArray &json)
{
    return Config::fromJson(QJsonDocument::fromJson(json).object());
}

/// `length` characters drawn from `alphabet`: a value of a length no sample holds.
QByteArray drawnValue(QRandomGenerator &random, int length, const char *alphabet)
{
    const int size = int(qstrlen(alphabet));
    QByteArray out;
    for (int i = 0; i < length; ++i)
        out += alphabet[random.bounded(size)];
    return out;
}

} // namespace

class TestSecretRedactor : public QObject {
    Q_OBJECT

private:
    /// `text` comes out without `secret`, one replacement made.
    static void redactsOnce(const QByteArray &text, const QByteArray &secret)
    {
        int count = 0;
        const QByteArray out = SecretRedactor::redact(text, &count);
        QVERIFY2(!out.contains(secret), out.constData());
        QCOMPARE(count, 1);
    }

private slots:
    void corpus_hasOverAHundredShapesWithRandomBodies()
    {
        const QList<SecretSample> a = secretCorpus(1);
        const QList<SecretSample> b = secretCorpus(2);
        QVERIFY2(a.size() >= 100, qPrintable(QString::number(a.size())));
        QCOMPARE(a.size(), b.size());
        for (qsizetype i = 0; i < a.size(); ++i) {
            QCOMPARE(a.at(i).kind, b.at(i).kind);
            QVERIFY2(a.at(i).body.size() >= 8, a.at(i).text.constData());
            QVERIFY2(a.at(i).text.contains(a.at(i).body), a.at(i).text.constData());
            QVERIFY2(a.at(i).body != b.at(i).body, a.at(i).text.constData()); // drawn, not fixed
        }
    }

    /// Every rule's expression compiles. They are compiled when a text first needs them, so a broken one
    /// would otherwise only show as a shape that is never found.
    void catalogue_everyExpressionCompiles()
    {
        const QList<redaction::Rule> &rules = redaction::catalogue();
        QVERIFY(rules.size() > 100);
        for (const redaction::Rule &rule : rules) {
            QVERIFY2(rule.expression.isValid(),
                     qPrintable(rule.kind + QStringLiteral(": ") + rule.expression.errorString()));
            if (rule.starts)
                QVERIFY2(rule.anchoredExpression.isValid(), qPrintable(rule.kind + QStringLiteral(" (anchored): ")
                                                                       + rule.anchoredExpression.errorString()));
        }
    }

    /// The anchor pass's tables are computed when the engine is compiled, from the catalogue's lists of anchors: each
    /// anchor of every rule is in them in each spelling of its first four letters (one with a capital only as written),
    /// where it starts (its first three bytes), in the test of every other place at its first byte and at the byte
    /// after (its second, third and fourth) or, for a short one, at the byte before (its first two after any byte),
    /// with a bucket and the bit the look tests first; a pair no anchor holds is in none.
    void anchorTables_holdEverySpellingOfEveryAnchor()
    {
        using Tables = redaction::AnchorTables;
        const Tables &t = redaction::anchorTables();
        const auto inSet = [&](size_t set, uchar third) { return t.thirds[set * 256 + third] != 0; };
        const auto starts = [&](uchar a, uchar b, uchar c) { return inSet(t.startSets[t.startRow[a] + b], c); };
        const auto covers = [&](uchar a, uchar b, uchar c) { return inSet(t.coverOf[a | (b << 8)], c); };
        const auto coverValue = [&](uchar a, uchar b, uchar c) { return t.thirds[t.coverOf[a | (b << 8)] * 256 + c]; };
        int spellings = 0;
        for (const redaction::Rule &rule : redaction::catalogue()) {
            for (const QByteArray &anchor : rule.anchors) {
                const bool caseless = anchor.toLower() == anchor;
                for (int capitals = 0; capitals < (caseless ? 16 : 1); ++capitals) {
                    QByteArray spelled = anchor;
                    for (int k = 0; k < 4 && k < anchor.size(); ++k)
                        if (capitals & (1 << k))
                            spelled[k] = char(QChar::toUpper(uchar(spelled.at(k))));
                    const QByteArray what = anchor + " as " + spelled;
                    spelled += QByteArray(2, '\0');
                    const uchar a = uchar(spelled[0]), b = uchar(spelled[1]), c = uchar(spelled[2]),
                                d = uchar(spelled[3]);
                    // A two-byte anchor is found before any byte, a three-byte one's test a byte on takes any byte.
                    for (const uchar next : {uchar(0), uchar('x'), uchar(' '), uchar(255)}) {
                        const uchar third = anchor.size() == 2 ? next : c;
                        QVERIFY2(starts(a, b, third), what.constData());
                        QVERIFY2(covers(a, b, third), what.constData());
                        QVERIFY2(coverValue(a, b, third) & Tables::kHere, what.constData()); // it starts here
                        QCOMPARE(t.thirds[t.startSets[t.startRow[a] + b] * 256 + third], Tables::kHere);
                        // Where the scan does not test: by the place after, or a short anchor by the place before.
                        const bool before = coverValue(b, anchor.size() == 2 ? next : c, anchor.size() <= 3 ? next : d)
                                            & Tables::kBefore;
                        bool afterAny = anchor.size() <= 3;
                        for (int x = 0; x < 256 && afterAny; ++x)
                            afterAny = coverValue(uchar(x), a, b) & Tables::kAfter;
                        QVERIFY2(before || afterAny, what.constData());
                    }
                    QVERIFY2(t.bucketOf[t.startRow[a] + b] != 0, what.constData());
                    if (anchor.size() == 2)
                        QVERIFY2(Tables::test(t.pairs, Tables::pairKey(a, b)), what.constData());
                    else if (anchor.size() == 3)
                        QVERIFY2(Tables::test(t.triplesEnded, Tables::tripleOf(a, b, c)), what.constData());
                    else
                        QVERIFY2(Tables::test(t.quads, Tables::quadOf(a, b, c, d)), what.constData());
                    ++spellings;
                }
            }
        }
        QVERIFY(spellings > 2000);
        // No anchor holds `{"` or a control byte; "to" starts "token" but not before "p".
        QCOMPARE(t.startRow[1], 0);
        QVERIFY(!starts(1, 2, 3));
        QVERIFY(!covers('{', '"', 't'));
        QVERIFY(!starts('{', '"', 't'));
        QVERIFY(starts('t', 'o', 'k'));
        QVERIFY(!starts('t', 'o', 'p'));
        // "eyj" (a JWT) starts at `eyj`, "key" may start a byte before any `ey`: only the test a byte on passes `eyx`.
        QCOMPARE(coverValue('e', 'y', 'j'), uchar(Tables::kHere | Tables::kBefore));
        QCOMPARE(coverValue('e', 'y', 'x'), Tables::kBefore);
        // `--` and `pw` are tested by the place before them, so a lone `-` or `w` passes no test; `pass` keeps the
        // place after (`ass`).
        QCOMPARE(coverValue('x', '-', '-'), Tables::kAfter);
        QCOMPARE(coverValue('"', 'P', 'w'), Tables::kAfter);
        QCOMPARE(coverValue('-', '4', 'a'), 0);
        QCOMPARE(coverValue('w', '.', 'x'), 0);
        QCOMPARE(coverValue('a', 's', 's'), Tables::kBefore);
    }

    /// Every shape is found wherever it starts in a step of the scan (eight places), at the text's start and end, and
    /// its anchor in each place of the step: the scan tests every other place, and marks or tests the places beside it.
    void redact_findsEveryShapeAtEveryPlaceOfAStep()
    {
        for (const SecretSample &s : secretCorpus(corpusSeed())) {
            for (int pad = 0; pad < 18; ++pad) {
                for (const QByteArray &text : {QByteArray(pad, ' ') + s.text, QByteArray(pad, ' ') + s.text + "\n",
                                               "ab " + QByteArray(pad, ' ') + s.text + QByteArray(pad, ' ')}) {
                    int count = 0;
                    const QByteArray out = SecretRedactor::redact(text, &count);
                    QVERIFY2(!holdsRunOf(out, s.body), qPrintable(s.kind + u' ' + QString::fromUtf8(text)));
                }
            }
        }
    }

    void redact_removesEveryShapeWherever_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("json");
        const QList<SecretSample> corpus = secretCorpus(corpusSeed());
        for (qsizetype i = 0; i < corpus.size(); ++i) {
            const SecretSample &s = corpus.at(i);
            const QByteArray name = QByteArray::number(i) + ' ' + s.kind.toUtf8();
            const QByteArray numbered = lineNumbered(s.text, 12);
            QTest::addRow("%s plain", name.constData())
                << s.kind << QByteArray("I set it up with " + s.text + " yesterday.\n") << s.body << false;
            QTest::addRow("%s user line", name.constData())
                << s.kind << userLine("here it is: " + s.text + "\nthanks") << s.body << true;
            QTest::addRow("%s tool input", name.constData()) << s.kind << toolInputLine(s.text) << s.body << true;
            QTest::addRow("%s tool output", name.constData())
                << s.kind << toolOutputLine("config loaded\n" + s.text + "\ndone") << s.body << true;
            QTest::addRow("%s read numbered", name.constData()) << s.kind << toolOutputLine(numbered) << s.body << true;
            QTest::addRow("%s read numbered, file", name.constData()) << s.kind << numbered << s.body << false;
            if (s.multiLine()) {
                QTest::addRow("%s crlf", name.constData())
                    << s.kind << QByteArray(s.text).replace("\n", "\r\n") << s.body << false;
                if (s.text.startsWith("-----BEGIN")) // a key pasted onto one line keeps its header
                    QTest::addRow("%s one line", name.constData())
                        << s.kind << QByteArray(s.text).replace('\n', ' ') << s.body << false;
            }
        }
    }

    void redact_removesEveryShapeWherever()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, body);
        QFETCH(bool, json);
        int count = 0;
        const QByteArray out = SecretRedactor::redact(input, &count);
        QVERIFY2(!holdsRunOf(out, body), out.constData());
        QVERIFY2(out.contains("[REDACTED:" + kind.toUtf8() + ']'), out.constData());
        QVERIFY(count >= 1);
        if (json) {
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(out, &error);
            QVERIFY2(error.error == QJsonParseError::NoError,
                     qPrintable(error.errorString() + u' ' + QString::fromUtf8(out)));
            QVERIFY2(!holdsRunOf(decodedStrings(doc.object()), body), out.constData());
        }
    }

    void redact_keepsWhatAgentsHandleAllDay_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("git sha") << QByteArray("commit 3f9c2a41b7d0e8f65a4c3b2a1908f7e6d5c4b3a2 (HEAD -> main)");
        QTest::newRow("short sha") << QByteArray("fixed in 3f9c2a4, see 9e8d7c6");
        QTest::newRow("uuid") << QByteArray("\"sessionId\":\"0199812e-64f0-7f73-91fc-095dda01c36e\"");
        QTest::newRow("sha256 digest") << QByteArray(
            "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
        QTest::newRow("docker digest") << QByteArray(
            "docker://ghcr.io/org/app@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
        QTest::newRow("npm integrity") << QByteArray(
            "integrity: sha512-Ai/5zbGGkVZ8MH+Do3kQbYFhM9NwVoJ9Ckd2ZnQDMr5Vx9Ce1J3ZJ1x6Yq2m7K8p4c3NfE0uLsBwQnC4dD1Ag==");
        QTest::newRow("base64 image") << QByteArray(
            "{\"type\":\"image\",\"source\":{\"data\":\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAA"
            "fFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\"}}");
        QTest::newRow("sk- slug") << QByteArray("see notes/sk-learn-notes.md and sk-learn-pipeline-tuning-notes");
        QTest::newRow("sk- slug with digits") << QByteArray("branch sk-learn-notes-2024-v2-final merged");
        QTest::newRow("short sk- words") << QByteArray("the sk-1 and sk-ab keys of the map, ask-me, desk-lamp");
        QTest::newRow("css colours") << QByteArray("color: #1a2b3c; background: #ffeeddcc; border-color: #abc");
        QTest::newRow("prose about passwords")
            << QByteArray("The password field must be hashed before storage, and the token expires after an hour.");
        QTest::newRow("prose after a BEGIN line")
            << QByteArray("-----BEGIN RSA PRIVATE KEY-----\nThis header starts a PEM file; the body follows it.\n");
        QTest::newRow("prose after a BEGIN line, escaped")
            << QByteArray("\"the file starts with -----BEGIN RSA PRIVATE KEY-----\\nand then the key itself\"");
        QTest::newRow("file paths") << QByteArray("/home/dev/project/src/auth/token_store.cpp:42 and ./keys/README");
        QTest::newRow("url without credentials")
            << QByteArray("https://github.com/org/repo/blob/main/src/a:b@c and postgres://localhost:5432/app");
        QTest::newRow("quoted placeholders that start with a sign") << QByteArray(
            "password: \"#{ENV['DB_PASSWORD']}\"\ntoken = '********'\nsecret: '@secret_ref'\nPASSWORD=\"$DB_PASS\"\n");
        QTest::newRow("quoted paths") << QByteArray(
            "\"auth_file\": \"/etc/app/auth.key\"\ntoken_path: '/home/dev/Projects/app2/tokens'\n");
        QTest::newRow("typed fields") << QByteArray("password: string;\napi_key: Optional[str] = None\n");
        QTest::newRow("references") << QByteArray(
            "password = request.form['password']\ntoken = self.token\nAPI_KEY=${API_KEY}\nsecret: ${{ "
            "secrets.DEPLOY_KEY }}");
        // Random-looking, but code: a member chain, a call (read by hand, not by an expression).
        QTest::newRow("random-looking references") << QByteArray(
            "token = settings.Hx7kQ2mZp9wLx8Yt\ntoken = getHxkQmZpwLxYtRq()\ntoken = app.cfg.Hx7kQ2mZp9wLx8Yt()\n");
        // A UUID holds ClickHouse's 4b1d in hex: not its 38 letters and digits.
        QTest::newRow("uuid with 4b1d") << QByteArray("\"id\":\"9f8e4b1d-4b1d-11ee-8c90-0242ac120002\"");
        QTest::newRow("token counts") << QByteArray(
            "\"usage\":{\"input_tokens\":1234,\"cache_creation_input_tokens\":5470,\"output_tokens\":88}");
        QTest::newRow("max tokens") << QByteArray("max_tokens: 4096\ntoken_count = 512\n");
        QTest::newRow("bearer prose") << QByteArray("the bearer of bad news, and Bearer $TOKEN in the header");
        QTest::newRow("bearer from a file in the home folder")
            << QByteArray("Authorization: Bearer ~/.config/app/token and Authorization: Bearer ~deploy-token");
        QTest::newRow("placeholder url password") << QByteArray("postgres://user:password@localhost/db");
        QTest::newRow("cookie prose") << QByteArray("Cookie: a small cake, and cookie consent banners");
        QTest::newRow("aws example word") << QByteArray("AKIA is a prefix, ASIA is a continent");
        QTest::newRow("certificate body")
            << QByteArray("-----BEGIN CERTIFICATE-----\n"
                          "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n"
                          "RTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD\n"
                          "VQQDExlCYWx0aW1vcmUgQ3liZXJUcnVzdCBSb290MB4XDTAwMDUxMjE4NDYwMFoX\n"
                          "-----END CERTIFICATE-----");
    }

    void redact_takesAQuotedPasswordThatStartsWithASign_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("secret");
        // Bodies ENGRAM_SECRET_SEED=14 and 55 drew for the corpus's export line; the default seed did not.
        QTest::newRow("#, single quotes")
            << QByteArray("export DB_PASSWORD='#8VKnKZVhZc65i'") << QByteArray("8VKnKZVhZc65i");
        QTest::newRow("!, single quotes")
            << QByteArray("export DB_PASSWORD='!0dpJhevxGqG42'") << QByteArray("0dpJhevxGqG42");
        QTest::newRow("/, JSON (base64)") << QByteArray("\"auth\": \"/NC0bdVun+UtUt26ulAnkzTrljOvV0JMYBPhYkIx\"")
                                          << QByteArray("NC0bdVun+UtUt26ulAnkzTrljOvV0JMYBPhYkIx");
        // Basic authentication is base64 of user:password (or a key), however word-like its letters (seeds 122, 147).
        QTest::newRow("Basic, letters only")
            << QByteArray("Authorization: Basic eWlmTlJYejlBRlJW") << QByteArray("eWlmTlJYejlBRlJW");
        QTest::newRow("@, JSON") << QByteArray("{\"db_password\": \"@Kq81zWm2pLx9\"}") << QByteArray("Kq81zWm2pLx9");
        // A header's value, like a quoted one: RFC 6750's tokens may start with `~` (seed 95).
        QTest::newRow("~, Bearer header")
            << QByteArray("curl -H \"Authorization: Bearer ~Jima1yfg2S8s7ko5h0O9IK~ixZu6-BwDMS5NFvt\" https://api.x.io")
            << QByteArray("Jima1yfg2S8s7ko5h0O9IK");
    }

    /// Go's `:=` alone on its line: the look after `password` took `:=` for `==`, and the line never reached
    /// the expression (a line that held another assignment did).
    /// An assignment's name is found after whatever opens it: nothing, a sign or a bracket, a quote of each kind,
    /// an escaped quote (the places before a name where its match is tried are only a quote or an escaped one).
    void redact_takesAnAssignmentAfterWhateverOpensItsName_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("secret");
        const QByteArray secret = "Hx7kQ2mZp9wL";
        const QList<QByteArray> openings{"",   " ", "{", "(",    "[",   ",",    "\t",   "\n",
                                         "\"", "'", "`", "\\\"", "{\"", "{ \"", "(\\'", "\\\\\""};
        for (const QByteArray &opening : openings) {
            QTest::addRow("after [%s], at the start", opening.constData()) << opening + "password=" + secret << secret;
            QTest::addRow("after [%s], a word before", opening.constData())
                << "set " + opening + "db_password: " + secret + " done" << secret;
        }
    }

    void redact_takesAnAssignmentAfterWhateverOpensItsName()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, secret);
        redactsOnce(text, secret);
    }

    void redact_takesAShortVariableDeclaration_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("secret");
        QTest::newRow("plain") << QByteArray("\tdbPassword := \"Hx7kQ2mZp9wL\"\n") << QByteArray("Hx7kQ2mZp9wL");
        QTest::newRow("no blanks") << QByteArray("apiToken:=\"q8ZrT2vLm4Xk9WbN7cPd\"")
                                   << QByteArray("q8ZrT2vLm4Xk9WbN7cPd");
        QTest::newRow("in a JSONL line") << QByteArray(
            "{\"content\":\"func main() {\\n\\tpassword := \\\"Hx7kQ2mZp9wL\\\"\\n}\"}")
                                         << QByteArray("Hx7kQ2mZp9wL");
    }

    void redact_takesAShortVariableDeclaration()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, secret);
        redactsOnce(text, secret);
        int count = 0;
        const QByteArray compared = "if password == \"" + secret + "\" {";
        QCOMPARE(SecretRedactor::redact(compared, &count), compared); // a comparison assigns nothing
    }

    void redact_takesAQuotedPasswordThatStartsWithASign()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, secret);
        redactsOnce(text, secret);
    }

    void redact_keepsWhatAgentsHandleAllDay()
    {
        QFETCH(QByteArray, text);
        int count = 0;
        QCOMPARE(SecretRedactor::redact(text, &count), text);
        QCOMPARE(count, 0);
    }

    /// Every line of every sample transcript and of the dev corpus comes out as it went in: none of
    /// them holds a secret (checked by hand), so anything replaced would be a false alarm.
    void redact_changesNothingInTheSamplesOrTheDevCorpus()
    {
        // ../shared beside the checkout, or where ENGRAM_SHARED_DIR says, as every other test reads it.
        for (const QString &needed : {QStringLiteral("samples"), QStringLiteral("bench/locomo-dev")})
            if (const QString missing = test::missingShared(needed); !missing.isEmpty())
                QFAIL(qPrintable(missing));
        QStringList files = filesUnder(test::sharedPath(QStringLiteral("samples")), {QStringLiteral("*.jsonl")});
        const int transcripts = int(files.size());
        files += filesUnder(test::sharedPath(QStringLiteral("bench/locomo-dev")), {QStringLiteral("*")});
        QVERIFY2(transcripts >= 6, qPrintable(QString::number(transcripts)));
        QVERIFY(files.size() > 50);
        qint64 lines = 0;
        for (const QString &path : std::as_const(files)) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray all = file.readAll();
            int count = 0;
            QVERIFY2(SecretRedactor().find(all).isEmpty(), qPrintable(path));
            for (const QByteArray &line : all.split('\n')) {
                QCOMPARE(SecretRedactor::redact(line, &count), line);
                ++lines;
            }
            QVERIFY2(count == 0, qPrintable(path));
        }
        QVERIFY(lines > 5000);
    }

    void redact_keepsJsonValidAroundEscapes_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("token before an escaped quote")
            << QByteArray("{\"c\":\"TOKEN=\\\"ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5\\\" done\"}");
        QTest::newRow("token after a newline escape")
            << QByteArray("{\"c\":\"line\\nghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5\\nnext\"}");
        QTest::newRow("password before a backslash pair") << QByteArray("{\"c\":\"password=Hx7kQ2mZp9\\\\\\\\share\"}");
        QTest::newRow("password before a unicode escape") << QByteArray("{\"c\":\"password: Hx7kQ2mZp9\\u00e9tail\"}");
        QTest::newRow("url password with an escaped quote after")
            << QByteArray("{\"c\":\"postgres://app:Hx7kQ2mZp9@db/x\\\" more\"}");
        QTest::newRow("key ending at the string's end") << QByteArray(
            "{\"c\":\"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\"}");
    }

    void redact_keepsJsonValidAroundEscapes()
    {
        QFETCH(QByteArray, line);
        int count = 0;
        const QByteArray out = SecretRedactor::redact(line, &count);
        QCOMPARE(count, 1);
        QJsonParseError error;
        QJsonDocument::fromJson(out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, out.constData());
        QVERIFY2(!out.contains("Hx7kQ2mZp9") && !out.contains("aB3dE5gH7jK9") && !out.contains("MIIEvQIBADAN"),
                 out.constData());
    }

    void redact_namesTheKindOfTheMostSpecificRule()
    {
        int count = 0;
        // A Stripe key assigned to a name that says secret is a Stripe key, not a generic secret.
        QCOMPARE(SecretRedactor::redact("STRIPE_SECRET_KEY=sk_live_aB3dE5gH7jK9mN1pQ3sT5vW7", &count),
                 QByteArray("STRIPE_SECRET_KEY=[REDACTED:stripe-key]"));
        QCOMPARE(SecretRedactor::redact("https://bob:s3cret9@example.com/", &count),
                 QByteArray("https://bob:[REDACTED:url-password]@example.com/"));
        QCOMPARE(count, 2);
    }

    void redact_findsAnAssignmentInsideAValueItsNameDoesNotCover()
    {
        // `key` alone says too little for the value after it to be a secret, but that value is itself an
        // assignment of a password: a YAML entry of environment lines, as a CI file or a compose file holds.
        int count = 0;
        QCOMPARE(SecretRedactor::redact("env:\n  - key: DB_PASSWORD=Hx7kQ2mZp9Lw\n", &count),
                 QByteArray("env:\n  - key: DB_PASSWORD=[REDACTED:generic-secret]\n"));
        QCOMPARE(count, 1);
        // And the prose it must leave alone: a key named, no secret in its value.
        QCOMPARE(SecretRedactor::redact("key: primary_key=user_id\n", &count),
                 QByteArray("key: primary_key=user_id\n"));
        QCOMPARE(count, 1);
    }

    void redact_findsASecretAfterHundredsOfPlacesThatStartLikeAnchors()
    {
        // A tool's file listing: each path starts like an anchor three times (`pat` of Airtable's `pat…`, `npm`
        // of `npm_`, `age` of `age-secret-key-1`), so the anchor pass marks some 900 places before the token.
        QByteArray listing;
        for (int i = 0; i < 300; ++i)
            listing += "/path/to/app/node_modules/.pnpm/lib" + QByteArray::number(i) + "/package.json\n";
        int count = 0;
        QCOMPARE(SecretRedactor::redact(listing + "npm_Xk3fQ9mZp2Lw7RtY8vBn4HcJ6sDg1EaUo5Ki\n", &count),
                 listing + "[REDACTED:npm-token]\n");
        QCOMPARE(count, 1);
    }

    /// The anchor pass tests every other place for an anchor that starts there or a byte before, eight places a
    /// step, then the places of a pair that passed one by one: a secret is found whatever its place in a step, at
    /// the text's start and at its end, with anchors of two, three, four and more bytes.
    void redact_findsAnAnchorAtEveryPlaceOfTheScan_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("secret");
        const QList<std::pair<QByteArray, QByteArray>> secrets{
            {"SK0123456789abcdef0123456789abcdef", "SK0123456789abcdef0123456789abcdef"},   // "SK", as written
            {"pw=Hx7kQ2mZp9wL", "Hx7kQ2mZp9wL"},                                            // "pw", any case
            {"--password Hx7kQ2mZp9wL", "Hx7kQ2mZp9wL"},                                    // "--"
            {"sk-0123456789abcdef0123456789abcdef", "sk-0123456789abcdef0123456789abcdef"}, // "sk-"
            {"ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5", "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5"}, // "ghp_"
            {"AGE-SECRET-KEY-1QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2T",
             "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"}, // sixteen bytes
        };
        for (const auto &[secret, value] : secrets) {
            for (int place = 0; place < 18; ++place) {
                const QByteArray before(place, ' ');
                QTest::addRow("%s at %d", secret.left(4).constData(), place) << before + secret + " done" << value;
                QTest::addRow("%s at %d, ending the text", secret.left(4).constData(), place)
                    << before + secret << value;
            }
        }
    }

    void redact_findsAnAnchorAtEveryPlaceOfTheScan()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, secret);
        redactsOnce(text, secret);
    }

    /// An anchor found without case is found in each spelling of its first four letters (the anchor pass's tables
    /// hold them), at both places of a tested pair.
    void redact_findsAnAnchorInEveryCase_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("secret");
        const QList<std::pair<QByteArray, QByteArray>> secrets{
            {"bearer Hx7kQ2mZp9wLx8Yt3RqZ", "Hx7kQ2mZp9wLx8Yt3RqZ"},
            {"authorization: Basic eWlmTlJYejlBRlJW", "eWlmTlJYejlBRlJW"},
        };
        for (const auto &[secret, value] : secrets) {
            for (int upper = 0; upper < 16; ++upper) {
                QByteArray spelled = secret;
                for (int k = 0; k < 4; ++k)
                    if (upper & (1 << k))
                        spelled[k] = char(spelled.at(k) - 32);
                QTest::addRow("%s", spelled.left(6).constData()) << spelled << value;
                QTest::addRow("%s, a byte on", spelled.left(6).constData()) << " " + spelled << value;
            }
        }
    }

    void redact_findsAnAnchorInEveryCase()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, secret);
        redactsOnce(text, secret);
    }

    /// ClickHouse's key is its prefix and exactly 38 letters and digits after it (the look before its expression
    /// counts them, so a UUID's `4b1d` does not wake it): found at that length, ending the text, not one shorter.
    void redact_takesAClickHouseKeyOfItsLength()
    {
        int count = 0;
        QCOMPARE(SecretRedactor::redact("key 4b1dAb3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5hJ", &count),
                 QByteArray("key [REDACTED:clickhouse-key]"));
        QCOMPARE(SecretRedactor::redact("\"4b1dAb3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5hJ\"", &count),
                 QByteArray("\"[REDACTED:clickhouse-key]\""));
        QCOMPARE(count, 2);
        QCOMPARE(SecretRedactor::redact("key 4b1dAb3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5h", &count),
                 QByteArray("key 4b1dAb3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5h"));
        QCOMPARE(count, 2);
    }

    /// The look after `--` reads the flag's name without case, as the expression does.
    void redact_takesAFlagNamedInCapitals()
    {
        int count = 0;
        QCOMPARE(SecretRedactor::redact("tool --DB-PASSWORD Hx7kQ2mZp9wL", &count),
                 QByteArray("tool --DB-PASSWORD [REDACTED:generic-secret]"));
        QCOMPARE(SecretRedactor::redact("tool --Api-Token Hx7kQ2mZp9wL", &count),
                 QByteArray("tool --Api-Token [REDACTED:generic-secret]"));
        QCOMPARE(count, 2);
    }

    /// The check for a key's body without its header tests every other block of 16 bytes, and its neighbours only
    /// when it is base64: a body is found wherever its first line falls in the blocks (at one space, a line of 60
    /// whose only whole blocks are the second and third of the text).
    void redact_findsAKeyBodyWhereverItsLinesFallInBlocks()
    {
        const QByteArray first = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VxJk3mPq";
        const QByteArray second = "Rt5YwZ2hLq8nXc4vBm1sKd7gFj3pWe6uNa9oQi0lTy2rUx5zCb8kMh4gVs1e";
        for (int place = 0; place < 33; ++place) {
            int count = 0;
            const QByteArray out =
                SecretRedactor::redact(QByteArray(place, ' ') + first + "\n" + second + "\nZm9vYmFy\n", &count);
            QVERIFY2(count == 1 && !out.contains(first) && !out.contains(second), out.constData());
        }
    }

    /// The assignment rule's anchored expression read by hand (AssignmentReading) finds what the expression finds: at
    /// every place of texts drawn from the pieces its reading turns on (quotes, escaped ones, blanks, every sign,
    /// secret words in any case, the characters each value's class leaves out, values around its 300 characters,
    /// characters past ASCII that may spell a word), the same match or none, the same name, value and end. It says
    /// Unknown only where a character past ASCII stands.
    void readAssignment_findsWhatTheExpressionFinds()
    {
        const redaction::Rule *assignment = nullptr;
        for (const redaction::Rule &rule : redaction::catalogue())
            if (rule.settle)
                assignment = &rule;
        QVERIFY(assignment && assignment->starts);
        const QList<QString> pieces{
            QStringLiteral("pass"),       QStringLiteral("PWD"),   QStringLiteral("pw"),
            QStringLiteral("Secret"),     QStringLiteral("tOKen"), QStringLiteral("key"),
            QStringLiteral("credential"), QStringLiteral("AUTH"),  QStringLiteral("db_"),
            QStringLiteral("x"),          QStringLiteral("9"),     QStringLiteral("."),
            QStringLiteral("-"),          QStringLiteral("_"),     QStringLiteral("\""),
            QStringLiteral("'"),          QStringLiteral("`"),     QStringLiteral("\\"),
            QStringLiteral("\\\""),       QStringLiteral("\\'"),   QStringLiteral("="),
            QStringLiteral(":"),          QStringLiteral(">"),     QStringLiteral("=>"),
            QStringLiteral(":="),         QStringLiteral("=="),    QStringLiteral(" "),
            QStringLiteral("\t"),         QStringLiteral("\n"),    QStringLiteral("\r"),
            QStringLiteral("\v"),         QStringLiteral("\\n"),   QStringLiteral(","),
            QStringLiteral(";"),          QStringLiteral("&"),     QStringLiteral("{"),
            QStringLiteral("}"),          QStringLiteral("("),     QStringLiteral(")"),
            QStringLiteral("["),          QStringLiteral("]"),     QStringLiteral("<"),
            QStringLiteral("Hx7kQ2"),     QStringLiteral("é"),     QStringLiteral("\u017fecret"),
            QStringLiteral("to\u212aen"), QStringLiteral("😀"),     QString(QChar(u'\0'))};
        QRandomGenerator random(corpusSeed());
        const auto pick = [&](const QList<QString> &from) { return from.at(random.bounded(from.size())); };
        const auto drawn = [&](int most) {
            QString out;
            for (int k = int(random.bounded(most + 1)); k > 0; --k)
                out += random.bounded(40) == 0 ? QString(295 + int(random.bounded(10)), u'a') : pick(pieces);
            return out;
        };
        // Half the texts are pieces at random, half the shape of an assignment with its parts drawn around it.
        const QList<QString> openings{QString(),
                                      QStringLiteral("\""),
                                      QStringLiteral("'"),
                                      QStringLiteral("\\\""),
                                      QStringLiteral("\\n"),
                                      QStringLiteral(" "),
                                      QStringLiteral("a")};
        const QList<QString> names{QStringLiteral("password"),   QStringLiteral("db_PASSWORD"),
                                   QStringLiteral("api.key"),    QStringLiteral("token-x"),
                                   QStringLiteral("keys"),       QStringLiteral("name"),
                                   QStringLiteral("Credentials")};
        const QList<QString> signs{QStringLiteral("="),   QStringLiteral(":"),  QStringLiteral("=>"),
                                   QStringLiteral(":="),  QStringLiteral("=="), QStringLiteral(":=="),
                                   QStringLiteral("=>="), QStringLiteral(" ")};
        const QList<QString> values{QStringLiteral("Hx7kQ2mZp9wL"), QStringLiteral("all"), QStringLiteral("12"),
                                    QStringLiteral("a b"), QStringLiteral("x:y")};
        const QList<QString> blanks{QString(), QStringLiteral(" "), QStringLiteral("\t "), QStringLiteral("  ")};
        int places = 0;
        int matches = 0;
        for (int n = 0; n < 6000; ++n) {
            QString text = drawn(n % 2 == 0 ? 12 : 2);
            if (n % 2 == 1) {
                const QString quote = pick(openings);
                const QString valueQuote = pick(openings);
                const QString value = random.bounded(2)   ? drawn(3)
                                      : random.bounded(8) ? pick(values)
                                                          : QString(295 + int(random.bounded(10)), u'a');
                text += pick(blanks) + quote + pick(names) + (random.bounded(4) ? QString() : drawn(1))
                        + (random.bounded(2) ? quote : QString()) + pick(blanks) + pick(signs) + pick(blanks)
                        + valueQuote + value + (random.bounded(4) ? valueQuote : pick(openings)) + drawn(3);
            }
            const bool ascii = std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x80; });
            if (ascii) { // where a match can start, from the secret words' places as from the signs
                QList<qsizetype> words;
                for (qsizetype i = 0; i < text.size(); ++i)
                    for (const char *word : {"pass", "pwd", "pw", "secret", "token", "key", "credential", "auth"})
                        if (QStringView(text).mid(i).startsWith(QLatin1String(word), Qt::CaseInsensitive)
                            && (words.isEmpty() || words.last() != i))
                            words << i;
                QCOMPARE(assignment->startsAt(text, words.constData(), words.size()), assignment->starts(text));
            }
            for (qsizetype start = 0; start <= text.size(); ++start) {
                const redaction::AssignmentReading r = redaction::readAssignment(text, start);
                const QString where = text + QStringLiteral(" at ") + QString::number(start);
                if (r.outcome == redaction::AssignmentReading::Outcome::Unknown) {
                    QVERIFY2(!ascii, qPrintable(where));
                    continue;
                }
                ++places;
                const QRegularExpressionMatch m = assignment->anchoredExpression.match(text, start);
                QVERIFY2(m.hasMatch() == (r.outcome == redaction::AssignmentReading::Outcome::Match),
                         qPrintable(where));
                if (!m.hasMatch())
                    continue;
                ++matches;
                const QString value = r.quoted ? QStringLiteral("secret") : QStringLiteral("secret2");
                QCOMPARE(m.capturedStart(u"name"), r.nameStart);
                QCOMPARE(m.capturedEnd(u"name"), r.nameEnd);
                QCOMPARE(m.capturedStart(value), r.valueStart);
                QCOMPARE(m.capturedEnd(value), r.valueEnd);
                QVERIFY2(!m.hasCaptured(r.quoted ? QStringLiteral("secret2") : QStringLiteral("secret")),
                         qPrintable(where));
                QCOMPARE(m.capturedEnd(0), r.end);
            }
        }
        QVERIFY2(places > 200000 && matches > 1000,
                 qPrintable(QString::number(places) + u' ' + QString::number(matches)));
    }

    /// Every assignment of a line is taken, the first that lets the rule be tried and those after it (their places are
    /// kept after the rule is woken), in a line of ASCII and in one with characters past it before them (whose bytes
    /// are more than its characters: further than the names are long).
    void redact_takesEveryAssignmentOfALine()
    {
        const QList<QByteArray> secrets{"Hx7kQ2mZp9wLr4Tv", "Zq8Lm3Nx7Vb2Kc9W", "Pp0oIi9uUy8tTr7e"};
        QByteArray emoji;
        for (int k = 0; k < 12; ++k)
            emoji += "\xf0\x9f\x98\x80";
        for (const QByteArray &before : {QByteArray("plain"), "caf\xc3\xa9 " + emoji}) {
            const QByteArray line = "{\"note\":\"" + before + "\",\"db_password\":\"" + secrets[0] + "\",\"api_key\":\""
                                    + secrets[1] + "\",\"x\":1,\"AUTH_TOKEN\": \"" + secrets[2] + "\"}";
            int count = 0;
            const QByteArray out = SecretRedactor::redact(line, &count);
            QCOMPARE(count, 3);
            for (const QByteArray &secret : secrets)
                QVERIFY2(!out.contains(secret), out.constData());
        }
    }

    /// The tries of the assignment rule a transcript makes all day are settled without its expression: a usage count,
    /// code that names a key; one the rule takes, or whose value holds another assignment, is left to the expression.
    void settle_decidesTheAssignmentsATranscriptRejects()
    {
        const redaction::Rule *assignment = nullptr;
        for (const redaction::Rule &rule : redaction::catalogue())
            if (rule.settle)
                assignment = &rule;
        QVERIFY(assignment);
        const auto settle = [&](const QString &text, qsizetype *end) { return assignment->settle(text, 0, end); };
        qsizetype end = -1;
        QCOMPARE(settle(QStringLiteral("\"input_tokens\":4,\"cache_creation_input_tokens\":312"), &end),
                 redaction::Settled::Rejected);
        QCOMPARE(end, 16);
        QCOMPARE(settle(QStringLiteral("key: 'all', label: 'All'"), &end), redaction::Settled::Rejected);
        QCOMPARE(end, 10);
        QCOMPARE(settle(QStringLiteral("STORAGE_KEY = 'todos';"), &end),
                 redaction::Settled::Rejected); // a key's name, no key
        QCOMPARE(end, 21);
        end = -1;
        QCOMPARE(settle(QStringLiteral("key={key}"), &end), redaction::Settled::NoMatch);
        QCOMPARE(settle(QStringLiteral("password=Hx7kQ2mZp9wL"), &end), redaction::Settled::Unknown);
        QCOMPARE(settle(QStringLiteral("key: DB_PASSWORD=Hx7kQ2mZp9Lw"), &end), redaction::Settled::Unknown);
        QCOMPARE(settle(QStringLiteral("key: \"a:b\""), &end), redaction::Settled::Unknown);
        QCOMPARE(settle(QStringLiteral("token: \u017fecret"), &end), redaction::Settled::Unknown);
        QCOMPARE(end, -1);
    }

    /// A name is read whole: one that says its key is public keeps its value, also where the secret words come after
    /// a dot or a dash (the assignment's tries resume after a match it rejected, as its global match does, so the name
    /// is not tried again from `api_key`).
    void redact_keepsTheValueOfANameThatSaysPublic()
    {
        int count = 0;
        for (const QByteArray &text : {QByteArray("{\"public.api_key\": \"q8ZrT2vLm4Xk9WbN7cPd\"}"),
                                       QByteArray("public_access.token = \"q8ZrT2vLm4Xk9WbN7cPd\"\n")})
            QCOMPARE(SecretRedactor::redact(text, &count), text);
        QCOMPARE(count, 0);
        QCOMPARE(SecretRedactor::redact("{\"api_key\": \"q8ZrT2vLm4Xk9WbN7cPd\"}", &count),
                 QByteArray("{\"api_key\": \"[REDACTED:generic-secret]\"}"));
    }

    void redact_takesAShortAssignmentThatEndsTheText()
    {
        // The search for `=` and `:` reads eight characters at a time; here the colon is in the six after them.
        int count = 0;
        QCOMPARE(SecretRedactor::redact("wifi pass:Q7x9", &count), QByteArray("wifi pass:[REDACTED:generic-secret]"));
        QCOMPARE(count, 1);
    }

    /// A value longer than the assignment's expression takes is redacted to the end of its run, and what stays is no
    /// secret on a second pass: the rest of the run once read as an assignment of its own (`…__PwEgj:xQEm2`) after
    /// the replacement's `]` (found by fuzz_redaction twice; the inputs are in fuzz/corpus/fuzz_redaction).
    void redact_takesALongValueWholeAndOnce()
    {
        QRandomGenerator random(corpusSeed());
        const auto drawn = [&](int length) {
            return drawnValue(random, length, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
        };
        for (int length : {299, 300, 301, 420, 900}) {
            const QByteArray value = drawn(length - 20) + "_fIkgd58kz1Iq__PwEgj:xQEm2";
            // The last: a value found inside a rejected match's value, cut where that value ended.
            for (const QByteArray &before : {QByteArray("token:"), QByteArray("x PwEgj:"), QByteArray("SECRET="),
                                             QByteArray("pWetricsCard.tsx:                      metriPwEgj:")}) {
                int count = 0;
                const QByteArray once = SecretRedactor::redact(before + value + " done", &count);
                QCOMPARE(once, before + "[REDACTED:generic-secret] done");
                int again = 0;
                QCOMPARE(SecretRedactor::redact(once, &again), once);
                QCOMPARE(again, 0);
            }
        }
    }

    void redact_takesALongQuotedValueWhole()
    {
        // A password or key in quotes ends at its quote, however long: 299 to 4,000 characters in JSON, YAML and an
        // escaped JSONL string are redacted whole, once; a sentence in quotes stays.
        QRandomGenerator random(corpusSeed());
        const auto drawn = [&](int length) {
            return drawnValue(random, length, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/");
        };
        for (int length : {299, 301, 420, 1500, 4000}) {
            const QByteArray value = drawn(length);
            for (const auto &[before, after] : {std::pair<QByteArray, QByteArray>{"{\"password\": \"", "\"}"},
                                                {"api_secret: '", "'"},
                                                {"{\\\"auth_token\\\":\\\"", "\\\"}"}}) {
                int count = 0;
                const QByteArray once = SecretRedactor::redact(before + value + after + " done", &count);
                QVERIFY2(
                    !once.contains(value.left(40)),
                    qPrintable(QStringLiteral("%1 characters after %2").arg(length).arg(QString::fromLatin1(before))));
                QCOMPARE(once, before + "[REDACTED:generic-secret]" + after + " done");
                QCOMPARE(count, 1);
                int again = 0;
                QCOMPARE(SecretRedactor::redact(once, &again), once);
                QCOMPARE(again, 0);
            }
        }
        const QByteArray sentence =
            "\"token_help\": \"" + QByteArray("paste the token you got from the admin page ").repeated(10) + "\"";
        int none = 0;
        QCOMPARE(SecretRedactor::redact(sentence, &none), sentence);
        QCOMPARE(none, 0);
    }

    void find_givesLineAndColumnOfEachSecret()
    {
        const QByteArray text = "first line\n"
                                "token ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5\n"
                                "\n"
                                "  DB_PASSWORD=Hx7kQ2mZp9\n";
        const QList<SecretRedactor::Finding> found = SecretRedactor().find(text);
        QCOMPARE(found.size(), 2);
        QCOMPARE(found.at(0).kind, QStringLiteral("github-token"));
        QCOMPARE(found.at(0).line, 2);
        QCOMPARE(found.at(0).column, 7);
        QCOMPARE(found.at(1).kind, QStringLiteral("generic-secret"));
        QCOMPARE(found.at(1).line, 4);
        QCOMPARE(found.at(1).column, 15);
    }

    void patterns_describeEveryRule()
    {
        const QList<SecretRedactor::Pattern> patterns = SecretRedactor::patterns();
        QVERIFY(patterns.size() >= 100);
        static const QRegularExpression kindShape(QStringLiteral("^[a-z0-9-]+$"));
        for (const SecretRedactor::Pattern &p : patterns) {
            QVERIFY2(kindShape.match(p.kind).hasMatch(), qPrintable(p.kind));
            QVERIFY2(!p.description.isEmpty(), qPrintable(p.kind));
        }
    }

    void settings_addPatternsAndAllowSecrets()
    {
        auto config = configFrom("{\"capture\": {\"redactPatterns\": ["
                                 "{\"kind\": \"internal-token\", \"pattern\": \"itk_[A-Za-z0-9]{16}\"},"
                                 "{\"kind\": \"employee-pin\", \"pattern\": \"PIN (?<secret>\\\\d{6})\"}],"
                                 "\"redactAllow\": [\"AKIA[A-Z0-9]{9}EXAMPLE\", \"ghp_0{36}\"]}}");
        QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.error().message));
        const SecretRedactor redactor(config->capture.redaction);
        int count = 0;
        QCOMPARE(redactor.redactText("use itk_aB3dE5gH7jK9mN1p now", &count),
                 QByteArray("use [REDACTED:internal-token] now"));
        QCOMPARE(redactor.redactText("my PIN 493817 is new", &count),
                 QByteArray("my PIN [REDACTED:employee-pin] is new"));
        // Allowed: the documentation's example key and a zero token stay; a real one next to them does not.
        const QByteArray allowed = "AKIAIOSFODNN7EXAMPLE ghp_000000000000000000000000000000000000";
        QCOMPARE(redactor.redactText(allowed, &count), allowed);
        QCOMPARE(redactor.redactText("AKIAIOSFODNN7EXAMPLF", &count), QByteArray("[REDACTED:aws-access-key-id]"));
        QCOMPARE(count, 3);
        // The built-in catalogue alone knows neither.
        QCOMPARE(SecretRedactor().redactText("use itk_aB3dE5gH7jK9mN1p now", &count),
                 QByteArray("use itk_aB3dE5gH7jK9mN1p now"));
        QCOMPARE(SecretRedactor().redactText(allowed, &count),
                 QByteArray("[REDACTED:aws-access-key-id] [REDACTED:github-token]"));
    }

    /// A person's pattern may be greedy; what it replaces still stops at the JSON string's end and
    /// takes a `\n` escape whole.
    void settings_patternsCannotBreakAJsonLine()
    {
        RedactionSettings settings;
        settings.patterns << RedactionPattern{QStringLiteral("greedy"), QStringLiteral("tok_.*")}
                          << RedactionPattern{QStringLiteral("slashy"), QStringLiteral("sl_[a-z]+\\\\")};
        const SecretRedactor redactor(settings);
        int count = 0;
        const QByteArray out = redactor.redactText("{\"a\":\"tok_abc\",\"b\":\"x\",\"c\":\"sl_ab\\ncd and\"}", &count);
        QCOMPARE(out, QByteArray("{\"a\":\"[REDACTED:greedy]\",\"b\":\"x\",\"c\":\"[REDACTED:slashy]cd and\"}"));
        QCOMPARE(count, 2);
    }

    void settings_roundTripThroughEngramJson()
    {
        auto config = configFrom(
            "{\"capture\": {\"redactPatterns\": [{\"kind\": \"k1\", \"pattern\": \"a+b\"}], \"redactAllow\": [\"x.*y\"]}}");
        QVERIFY(config.ok());
        auto again = Config::fromJson(config->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->capture.redaction.patterns.size(), 1);
        QCOMPARE(again->capture.redaction.patterns.at(0).kind, QStringLiteral("k1"));
        QCOMPARE(again->capture.redaction.patterns.at(0).pattern, QStringLiteral("a+b"));
        QCOMPARE(again->capture.redaction.allow, QStringList{QStringLiteral("x.*y")});
    }

    void settings_refuseWhatWouldWeakenTheGate_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("redact not a bool") << QByteArray("{\"capture\": {\"redact\": \"no\"}}")
                                           << QStringLiteral("engram.json: `capture.redact` must be true or false");
        QTest::newRow("patterns not an array")
            << QByteArray("{\"capture\": {\"redactPatterns\": {\"kind\": \"a\", \"pattern\": \"b\"}}}")
            << QStringLiteral("engram.json: `capture.redactPatterns` must be an array");
        QTest::newRow("entry not an object")
            << QByteArray("{\"capture\": {\"redactPatterns\": [\"itk_.*\"]}}")
            << QStringLiteral("engram.json: `capture.redactPatterns[0]` must be an object");
        QTest::newRow("kind missing") << QByteArray(
            "{\"capture\": {\"redactPatterns\": [{\"pattern\": \"itk_[a-z]+\"}]}}")
                                      << QStringLiteral("engram.json: `capture.redactPatterns[0].kind` must be");
        QTest::newRow("kind with a quote")
            << QByteArray("{\"capture\": {\"redactPatterns\": [{\"kind\": \"a\\\"b\", \"pattern\": \"itk_[a-z]+\"}]}}")
            << QStringLiteral("engram.json: `capture.redactPatterns[0].kind` must be");
        QTest::newRow("pattern missing") << QByteArray("{\"capture\": {\"redactPatterns\": [{\"kind\": \"a\"}]}}")
                                         << QStringLiteral("engram.json: `capture.redactPatterns[0].pattern` must be");
        QTest::newRow("pattern not a string")
            << QByteArray("{\"capture\": {\"redactPatterns\": [{\"kind\": \"a\", \"pattern\": 7}]}}")
            << QStringLiteral("engram.json: `capture.redactPatterns[0].pattern` must be");
        QTest::newRow("bad regex second entry")
            << QByteArray(
                   "{\"capture\": {\"redactPatterns\": [{\"kind\": \"a\", \"pattern\": \"x+\"}, {\"kind\": \"b\", \"pattern\": \"itk_[a-z\"}]}}")
            << QStringLiteral("engram.json: `capture.redactPatterns[1].pattern` is not a valid regular expression: "
                              "missing terminating ] for character class at offset 8");
        QTest::newRow("matches empty")
            << QByteArray("{\"capture\": {\"redactPatterns\": [{\"kind\": \"a\", \"pattern\": \"x*\"}]}}")
            << QStringLiteral("engram.json: `capture.redactPatterns[0].pattern` matches the empty text");
        QTest::newRow("allow not an array") << QByteArray("{\"capture\": {\"redactAllow\": \"EXAMPLE\"}}")
                                            << QStringLiteral("engram.json: `capture.redactAllow` must be an array");
        QTest::newRow("allow not a string")
            << QByteArray("{\"capture\": {\"redactAllow\": [true]}}")
            << QStringLiteral("engram.json: `capture.redactAllow[0]` must be a regular expression");
        QTest::newRow("allow bad regex") << QByteArray("{\"capture\": {\"redactAllow\": [\"ok\", \"(EXAMPLE\"]}}")
                                         << QStringLiteral(
                                                "engram.json: `capture.redactAllow[1]` is not a valid regular "
                                                "expression: missing closing parenthesis at offset 8");
    }

    void settings_refuseWhatWouldWeakenTheGate()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        const auto config = configFrom(json);
        QVERIFY(!config.ok());
        QVERIFY2(config.error().message.startsWith(message), qPrintable(config.error().message));
    }
};

QTEST_GUILESS_MAIN(TestSecretRedactor)
#include "tst_secretredactor.moc"
