#include "SecretCorpus.h"

#include <QRandomGenerator>

namespace engram::test {

namespace {

const QByteArray kUpper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const QByteArray kLower = "abcdefghijklmnopqrstuvwxyz";
const QByteArray kDigits = "0123456789";
const QByteArray kAlnum = kUpper + kLower + kDigits;
const QByteArray kUpperAlnum = kUpper + kDigits;
const QByteArray kLowerAlnum = kLower + kDigits;
const QByteArray kHex = "0123456789abcdef";
const QByteArray kBase64 = kAlnum + "+/";
const QByteArray kUrlSafe = kAlnum + "_-";

/// Random strings from one seed. A drawn string holds every class of character its alphabet has
/// (upper, lower, digit), as a machine-made token does.
class Draw {
public:
    explicit Draw(quint32 seed) : m_random(seed) { }

    QByteArray operator()(const QByteArray &alphabet, int length)
    {
        for (;;) {
            QByteArray out(length, Qt::Uninitialized);
            for (int i = 0; i < length; ++i)
                out[i] = alphabet.at(m_random.bounded(int(alphabet.size())));
            if (length < 6 || hasEveryClass(alphabet, out))
                return out;
        }
    }
    QByteArray base64Bytes(int bytes)
    {
        QByteArray raw(bytes, Qt::Uninitialized);
        for (int i = 0; i < bytes; ++i)
            raw[i] = char(m_random.bounded(256));
        return raw.toBase64();
    }
    int number(int low, int high) { return int(m_random.bounded(low, high)); }

private:
    static bool hasEveryClass(const QByteArray &alphabet, const QByteArray &s)
    {
        for (const QByteArray *cls : {&kUpper, &kLower, &kDigits}) {
            const auto inClass = [&](char c) { return cls->contains(c); };
            if (std::any_of(alphabet.begin(), alphabet.end(), inClass) && std::none_of(s.begin(), s.end(), inClass))
                return false;
        }
        return true;
    }
    QRandomGenerator m_random;
};

QByteArray wrapped(const QByteArray &body, int width)
{
    QByteArray out;
    for (qsizetype i = 0; i < body.size(); i += width)
        out += body.mid(i, width) + '\n';
    out.chop(1);
    return out;
}

} // namespace

QByteArray lineNumbered(const QByteArray &text, int firstLine)
{
    QByteArray out;
    int n = firstLine;
    for (const QByteArray &line : text.split('\n'))
        out += QByteArray::number(n++).rightJustified(6, ' ') + "\xe2\x86\x92" + line + '\n';
    out.chop(1);
    return out;
}

quint32 corpusSeedFromEnvironment()
{
    bool ok = false;
    const quint32 seed = qEnvironmentVariable("ENGRAM_SECRET_SEED").toUInt(&ok);
    return ok ? seed : 20261202u;
}

QList<QByteArray> bodyLines(const QByteArray &body)
{
    QList<QByteArray> out;
    for (const QByteArray &line : body.split('\n'))
        if (line.trimmed().size() >= 6)
            out << line.trimmed();
    return out;
}

bool holdsRunOf(const QByteArray &haystack, const QByteArray &body, int length)
{
    for (const QByteArray &line : body.split('\n'))
        for (qsizetype i = 0; i + length <= line.size(); ++i)
            if (haystack.contains(line.mid(i, length)))
                return true;
    return false;
}

QList<SecretSample> secretCorpus(quint32 seed)
{
    Draw draw(seed);
    QList<SecretSample> out;
    const auto token = [&](const char *kind, const QByteArray &before, const QByteArray &body,
                           const QByteArray &after = {}) {
        out << SecretSample{QString::fromLatin1(kind), before + body + after, body};
    };

    // Provider tokens, each prefix its own member.
    token("anthropic-key", "ANTHROPIC_API_KEY is sk-ant-api03-", draw(kUrlSafe, 93) + "AA");
    token("anthropic-key", "admin key sk-ant-admin01-", draw(kUrlSafe, 93) + "AA");
    token("openai-key", "sk-proj-", draw(kUrlSafe, 120));
    token("openai-key", "sk-svcacct-", draw(kUrlSafe, 100));
    token("openai-key", "sk-admin-", draw(kUrlSafe, 60));
    token("openai-key", "legacy sk-", draw(kAlnum, 20) + "T3BlbkFJ" + draw(kAlnum, 20));
    token("api-key", "key sk-", draw(kAlnum, 48));
    token("openrouter-key", "sk-or-v1-", draw(kHex, 64));
    for (const char *prefix : {"AKIA", "ASIA", "ABIA", "ACCA"})
        token("aws-access-key-id", QByteArray("id ") + prefix, draw(kUpper + "234567", 16));
    token("aws-secret-key", "aws_secret_access_key = ", draw(kBase64, 40));
    token("aws-secret-key", "export AWS_SECRET_ACCESS_KEY=", draw(kBase64, 40));
    token("aws-secret-key", "\"SecretAccessKey\": \"", draw(kBase64, 40), "\",");
    token("aws-secret-key", "AKIA" + draw(kUpper + "234567", 16) + ",", draw(kBase64, 40));
    for (const char *prefix : {"sk_live_", "sk_test_", "rk_live_", "rk_test_"})
        token("stripe-key", QByteArray("stripe ") + prefix, draw(kAlnum, 99));
    token("stripe-key", "whsec_", draw(kAlnum, 32));
    token("google-api-key", "AIza", draw(kUrlSafe, 35));
    token("google-oauth", "GOCSPX-", draw(kUrlSafe, 28));
    token("google-oauth", "ya29.", draw(kUrlSafe, 150));
    token("google-oauth", "refresh 1//0", draw(kUrlSafe, 100));
    for (const char *prefix : {"glpat-", "gldt-", "glrt-", "glcbt-", "glptt-", "glft-", "glsoat-", "glffct-", "glimt-",
                               "glagent-", "gloas-"})
        token("gitlab-token", QByteArray("gitlab ") + prefix, draw(kUrlSafe, 20));
    token("gitlab-token", "GR1348941", draw(kUrlSafe, 20));
    for (const char *prefix : {"ghp_", "gho_", "ghu_", "ghs_", "ghr_"})
        token("github-token", QByteArray("git clone https://x-access-token@github.com/o/r && GH_TOKEN=") + prefix,
              draw(kAlnum, 36), " gh pr list");
    token("github-token", "github_pat_", draw(kAlnum, 22) + "_" + draw(kAlnum, 59));
    token("npm-token", "//registry.npmjs.org/:_authToken=npm_", draw(kAlnum, 36));
    token("pypi-token", "password = pypi-AgEIcHlwaS5vcmc", draw(kUrlSafe, 70));
    token("huggingface-token", "hf_", draw(kAlnum, 34));
    token("huggingface-token", "api_org_", draw(kAlnum, 34));
    token("sendgrid-key", "SG.", draw(kUrlSafe, 22) + "." + draw(kUrlSafe, 43));
    for (const char *prefix : {"dop_v1_", "doo_v1_", "dor_v1_"})
        token("digitalocean-token", prefix, draw(kHex, 64));
    for (const char *prefix : {"shpat_", "shpca_", "shppa_", "shpss_"})
        token("shopify-token", prefix, draw(kHex, 32));
    token("databricks-token", "dapi", draw(kHex, 32));
    token("twilio-key", "SK", draw(kHex, 32));
    token("twilio-key", "AC", draw(kHex, 32));
    for (const char *prefix : {"xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxe-"})
        token("slack-token", prefix, draw(kDigits, 12) + "-" + draw(kDigits, 12) + "-" + draw(kAlnum, 24));
    token("slack-token", "xapp-1-", draw(kUpperAlnum, 11) + "-" + draw(kDigits, 13) + "-" + draw(kHex, 64));
    token("slack-webhook", "https://hooks.slack.com/services/",
          "T" + draw(kUpperAlnum, 8) + "/B" + draw(kUpperAlnum, 8) + "/" + draw(kAlnum, 24));
    token("discord-webhook", "https://discord.com/api/webhooks/", draw(kDigits, 18) + "/" + draw(kUrlSafe, 68));
    token("teams-webhook", "https://contoso.webhook.office.com/webhookb2/",
          draw(kHex, 8) + "-" + draw(kHex, 4) + "@" + draw(kHex, 8) + "/IncomingWebhook/" + draw(kHex, 32));
    token("mailgun-key", "key-", draw(kHex, 32));
    token("mailchimp-key", "", draw(kHex, 32), "-us14");
    token("postman-key", "PMAK-", draw(kHex, 24) + "-" + draw(kHex, 34));
    token("heroku-key", "HRKU-AA", draw(kUrlSafe, 58));
    token("linear-key", "lin_api_", draw(kAlnum, 40));
    token("notion-token", "ntn_", draw(kDigits, 11) + draw(kAlnum, 35));
    token("notion-token", "secret_", draw(kAlnum, 43));
    token("atlassian-token", "ATATT3xFfGF0", draw(kUrlSafe, 180));
    token("doppler-token", "dp.pt.", draw(kAlnum, 43));
    token("pulumi-token", "pul-", draw(kHex, 40));
    token("terraform-token", draw(kAlnum, 14) + ".atlasv1.", draw(kUrlSafe, 67));
    token("vault-token", "hvs.", draw(kUrlSafe, 90));
    token("grafana-token", "glc_", draw(kAlnum, 40));
    token("grafana-token", "glsa_", draw(kAlnum, 32) + "_" + draw("0123456789abcdef", 8));
    token("newrelic-key", "NRAK-", draw(kUpperAlnum, 27));
    token("sentry-token", "sntryu_", draw(kHex, 64));
    token("dynatrace-token", "dt0c01.", draw(kUpperAlnum, 24) + "." + draw(kUpperAlnum, 64));
    token("figma-token", "figd_", draw(kUrlSafe, 40));
    token("flyio-token", "fo1_", draw(kUrlSafe, 43));
    token("age-secret-key", "AGE-SECRET-KEY-1", draw("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58));
    token("onepassword-token", "ops_eyJ", draw(kBase64, 250));
    token("alibaba-key", "LTAI", draw(kAlnum, 20));
    token("clojars-token", "CLOJARS_", draw(kLowerAlnum, 60));
    token("discord-token", "discord bot M", draw(kAlnum, 23) + "." + draw(kUrlSafe, 6) + "." + draw(kUrlSafe, 27));
    token("dropbox-token", "sl.", draw(kUrlSafe, 140));
    token("easypost-key", "EZAK", draw(kAlnum, 54));
    token("facebook-token", "EAACEdEose0cBA", draw(kAlnum, 120));
    token("flutterwave-key", "FLWSECK_TEST-", draw(kHex, 32), "-X");
    token("frameio-token", "fio-u-", draw(kUrlSafe, 64));
    token("jfrog-key", "AKCp", draw(kAlnum, 69));
    token("mapbox-token", "sk.eyJ", draw(kUrlSafe, 60) + "." + draw(kUrlSafe, 22));
    token("openshift-token", "sha256~", draw(kUrlSafe, 43));
    token("planetscale-token", "pscale_tkn_", draw(kUrlSafe, 43));
    token("prefect-key", "pnu_", draw(kAlnum, 36));
    token("readme-key", "rdme_", draw(kLowerAlnum, 70));
    token("rubygems-key", "rubygems_", draw(kHex, 48));
    token("scalingo-token", "tk-us-", draw(kUrlSafe, 48));
    token("brevo-key", "xkeysib-", draw(kHex, 64) + "-" + draw(kAlnum, 16));
    token("shippo-token", "shippo_live_", draw(kHex, 40));
    token("square-token", "sq0atp-", draw(kUrlSafe, 22));
    token("square-token", "sq0csp-", draw(kUrlSafe, 43));
    token("telegram-token", "bot", draw(kDigits, 10) + ":AA" + draw(kUrlSafe, 33));
    token("twitter-token", "AAAAAAAAAAAAAAAAAAAAA", draw(kAlnum, 80));
    token("typeform-token", "tfp_", draw(kUrlSafe, 59));
    token("yandex-key", "AQVN", draw(kUrlSafe, 36));
    token("cloudflare-key", "v1.0-", draw(kHex, 24) + "-" + draw(kHex, 146));
    token("airtable-token", "pat", draw(kAlnum, 14) + "." + draw(kHex, 64));
    token("supabase-key", "sbp_", draw(kHex, 40));
    token("netlify-token", "nfp_", draw(kAlnum, 36));
    token("replicate-token", "r8_", draw(kAlnum, 37));
    token("groq-key", "gsk_", draw(kAlnum, 52));
    token("xai-key", "xai-", draw(kAlnum, 80));
    token("perplexity-key", "pplx-", draw(kAlnum, 48));
    token("langsmith-key", "lsv2_pt_", draw(kHex, 32) + "_" + draw(kHex, 10));
    token("tavily-key", "tvly-dev-", draw(kAlnum, 32));
    token("firecrawl-key", "fc-", draw(kHex, 32));
    token("pinecone-key", "pcsk_", draw(kAlnum, 6) + "_" + draw(kAlnum, 60));
    token("resend-key", "re_", draw(kAlnum, 8) + "_" + draw(kAlnum, 24));
    token("sourcegraph-token", "sgp_", draw(kHex, 40));
    token("buildkite-token", "bkua_", draw(kHex, 40));
    token("circleci-token", "CCIPAT_", draw(kAlnum, 22) + "_" + draw(kHex, 40));
    token("bitbucket-token", "ATBB", draw(kAlnum, 32));
    token("docker-token", "dckr_pat_", draw(kUrlSafe, 27));
    token("octopus-key", "API-", draw(kUpperAlnum, 26));
    token("contentful-token", "CFPAT-", draw(kUrlSafe, 43));
    token("duffel-token", "duffel_test_", draw(kUrlSafe, 43));
    token("infracost-key", "ico-", draw(kAlnum, 32));
    token("braintree-token", "access_token$production$", draw(kLowerAlnum, 16) + "$" + draw(kHex, 32));
    token("plaid-token", "access-sandbox-",
          draw(kHex, 8) + "-" + draw(kHex, 4) + "-" + draw(kHex, 4) + "-" + draw(kHex, 4) + "-" + draw(kHex, 12));
    token("azure-client-secret", "client secret ",
          draw(kAlnum, 3) + draw(kDigits, 1) + "Q~" + draw(kAlnum + "_~.-", 34));
    token("jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ", draw(kUrlSafe, 40) + "." + draw(kUrlSafe, 43));

    // Assignments: .env, shell, YAML, JSON, TOML, flags (random values; passwords short too).
    token("generic-secret", "SECRET_KEY=", draw(kAlnum, 50));
    token("generic-secret", "export DB_PASSWORD='", draw(kAlnum + "!#%^", 14), "'");
    token("generic-secret", "password: ", draw(kAlnum, 9));
    token("generic-secret", "  api_key: \"", draw(kAlnum, 32), "\"");
    token("generic-secret", "{\"api_key\": \"", draw(kAlnum, 32), "\"}");
    token("generic-secret", "client_secret = \"", draw(kUrlSafe, 40), "\"");
    token("generic-secret", "auth_token = '", draw(kHex, 32), "'");
    token("generic-secret", "./deploy --password=", draw(kAlnum, 16), " --verbose");
    token("generic-secret", "vault login --token ", draw(kAlnum, 26));
    token("generic-secret", "mysql -u root -p", draw(kAlnum, 12), " -h db shop");
    token("generic-secret", "curl -u deploy:", draw(kAlnum, 20), " https://ci.example.net/api");
    token("generic-secret", "sshpass -p '", draw(kAlnum, 12), "' ssh admin@10.0.0.2");
    token("generic-secret", "machine api.example.net login bot password ", draw(kAlnum, 20));
    token("generic-secret", "PGPASSWORD=", draw(kAlnum, 16), " psql -h db -U app");
    token("generic-secret", "\"auth\": \"", draw(kBase64, 40), "\"");
    token("generic-secret", "STRIPE_WEBHOOK_SECRET: ", draw(kAlnum, 24));
    token("generic-secret", "$env:API_TOKEN = \"", draw(kAlnum, 30), "\"");

    // Headers.
    token("authorization", "curl -H \"Authorization: Bearer ", draw(kUrlSafe + ".~", 40), "\" https://api.x.io");
    token("authorization", "Authorization: Basic ", draw(kAlnum, 12).toBase64());
    token("authorization", "Authorization: token ", draw(kHex, 40));
    token("authorization", "-H 'X-Api-Key: ", draw(kAlnum, 32), "'");
    token("authorization", "Private-Token: ", draw(kAlnum, 26));
    token("cookie", "Cookie: sessionid=", draw(kAlnum, 32) + "; csrftoken=" + draw(kAlnum, 32));
    token("cookie", "Set-Cookie: sid=", draw(kAlnum, 40), "; Path=/; HttpOnly");

    // Credentials in URLs and connection strings.
    for (const char *scheme : {"postgres", "postgresql", "mysql", "mongodb+srv", "amqp", "https"})
        token("url-password", QByteArray(scheme) + "://app:", draw(kAlnum, 16), "@db.internal:5432/app");
    token("url-password", "redis://:", draw(kAlnum, 24), "@cache:6379/0");
    token("generic-secret", "jdbc:postgresql://db:5432/app?user=app&password=", draw(kAlnum, 18), "&ssl=true");
    token("generic-secret", "Server=tcp:db.example.net,1433;Database=app;User Id=app;Password=", draw(kAlnum, 18),
          ";Encrypt=True;");
    token("azure-storage-key", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=", draw.base64Bytes(64),
          ";EndpointSuffix=core.windows.net");
    token("azure-storage-key",
          "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=",
          draw.base64Bytes(32));

    // Private keys: whole, partial, wrapped at 64/70/76/80, PGP, header-less body.
    const auto key = [&](const char *type, int bytes, int width, bool end) {
        const QByteArray body = wrapped(draw.base64Bytes(bytes), width);
        QByteArray text = QByteArray("-----BEGIN ") + type + "-----\n" + body;
        if (end)
            text += QByteArray("\n-----END ") + type + "-----";
        out << SecretSample{QStringLiteral("private-key"), text, body};
    };
    key("RSA PRIVATE KEY", 1190, 64, true);
    key("PRIVATE KEY", 1216, 64, true);
    key("EC PRIVATE KEY", 121, 64, true);
    key("DSA PRIVATE KEY", 440, 64, true);
    key("ENCRYPTED PRIVATE KEY", 1300, 64, true);
    key("OPENSSH PRIVATE KEY", 400, 70, true);
    key("RSA PRIVATE KEY", 1190, 76, true);
    key("PRIVATE KEY", 1216, 80, true);
    key("RSA PRIVATE KEY", 190, 64, false); // partial: a Read that stopped after a few lines
    {
        const QByteArray body = wrapped(draw.base64Bytes(700), 64) + "\n=" + draw(kBase64, 4);
        out << SecretSample{QStringLiteral("private-key"),
                            "-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: backup\n\n" + body
                                + "\n-----END PGP PRIVATE KEY BLOCK-----",
                            body};
    }
    {
        const QByteArray body = wrapped(draw.base64Bytes(300), 64);
        out << SecretSample{QStringLiteral("private-key"), body, body}; // a body read without its header
    }
    return out;
}

} // namespace engram::test
