#include "core/Config.h"

#include "core/JsonNumber.h"
#include "core/VaultBoundary.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace engram {

namespace {

QMap<QString, RankingMode> defaultModes()
{
    RankingMode fast;
    fast.name = QStringLiteral("fast");

    RankingMode deep = fast;
    deep.name = QStringLiteral("deep");
    deep.vectorCandidates = 200;
    deep.keywordCandidates = 200;
    deep.graph = 0.05;
    deep.graphHops = 2;

    RankingMode creative = fast;
    creative.name = QStringLiteral("creative");
    creative.relevance = 0.3;
    creative.strength = 0.2;
    creative.recency = 0.1;
    creative.access = 0.1;
    creative.coactivation = 0.15;
    creative.graph = 0.15;
    creative.graphHops = 2;
    creative.vectorCandidates = 150;
    creative.keywordCandidates = 80;

    return {{fast.name, fast}, {deep.name, deep}, {creative.name, creative}};
}

Result<Endpoint> endpointFrom(const QJsonValue &value, const QString &key)
{
    Endpoint e;
    if (value.isUndefined() || value.isNull())
        return e;
    if (!value.isObject())
        return Error{QStringLiteral("engram.json: `%1` must be an object").arg(key)};
    const QJsonObject o = value.toObject();
    e.kind = o.value(QStringLiteral("kind")).toString();
    if (!e.kind.isEmpty() && e.kind != QLatin1String("openai") && e.kind != QLatin1String("ollama"))
        return Error{
            QStringLiteral("engram.json: `%1.kind` must be \"openai\" or \"ollama\", not \"%2\"").arg(key, e.kind)};
    e.url = o.value(QStringLiteral("url")).toString();
    e.model = o.value(QStringLiteral("model")).toString();
    e.apiKeyEnv = o.value(QStringLiteral("apiKeyEnv")).toString();
    e.timeoutMs = o.value(QStringLiteral("timeoutMs")).toInt(e.timeoutMs);
    return e;
}

Result<QList<LinkedVault>> linkedVaultsFrom(const QJsonValue &value)
{
    QList<LinkedVault> links;
    if (value.isUndefined() || value.isNull())
        return links;
    if (!value.isArray())
        return Error{QStringLiteral(
            "engram.json: `linked_vaults` must be an array like [{\"name\": \"team\", \"path\": \"../team-vault\"}]")};
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString entry = QStringLiteral("linked_vaults[%1]").arg(i);
        if (!array.at(i).isObject())
            return Error{QStringLiteral("engram.json: `%1` must be an object with \"name\" and \"path\"").arg(entry)};
        const QJsonObject o = array.at(i).toObject();
        LinkedVault link{o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("path")).toString()};
        if (!LinkedVault::isValidName(link.name))
            return Error{QStringLiteral("engram.json: `%1.name` \"%2\" must be 1–40 lower-case letters, digits, '-' or "
                                        "'_', and not \"personal\" (this vault's own label)")
                             .arg(entry, link.name)};
        if (link.path.trimmed().isEmpty())
            return Error{
                QStringLiteral("engram.json: `%1.path` (vault \"%2\") must name a folder").arg(entry, link.name)};
        for (const LinkedVault &earlier : std::as_const(links))
            if (earlier.name == link.name)
                return Error{
                    QStringLiteral("engram.json: `%1.name` \"%2\" is used by an earlier entry").arg(entry, link.name)};
        links << link;
    }
    return links;
}

/// The error of `pattern` as a regular expression, or empty when it is one.
QString patternError(const QString &pattern)
{
    const QRegularExpression expression(pattern);
    if (expression.isValid())
        return {};
    return QStringLiteral("%1 at offset %2").arg(expression.errorString()).arg(expression.patternErrorOffset());
}

/// `capture.redactPatterns` and `capture.redactAllow`: a wrong one is an error naming the key, so the
/// gate is never silently weaker than the person asked for.
Result<RedactionSettings> redactionFrom(const QJsonObject &capture)
{
    RedactionSettings settings;
    const QJsonValue patterns = capture.value(QStringLiteral("redactPatterns"));
    if (!patterns.isUndefined()) {
        if (!patterns.isArray())
            return Error{QStringLiteral("engram.json: `capture.redactPatterns` must be an array like "
                                        "[{\"kind\": \"internal-token\", \"pattern\": \"itk_[A-Za-z0-9]{32}\"}]")};
        const QJsonArray array = patterns.toArray();
        static const QRegularExpression kindShape(QStringLiteral("^[a-z0-9][a-z0-9-]{0,39}$"));
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString key = QStringLiteral("capture.redactPatterns[%1]").arg(i);
            if (!array.at(i).isObject())
                return Error{
                    QStringLiteral("engram.json: `%1` must be an object with \"kind\" and \"pattern\"").arg(key)};
            const QJsonObject o = array.at(i).toObject();
            const QJsonValue kind = o.value(QStringLiteral("kind"));
            if (!kind.isString() || !kindShape.match(kind.toString()).hasMatch())
                return Error{QStringLiteral("engram.json: `%1.kind` must be 1–40 lower-case letters, digits or '-' "
                                            "(it names the redaction: [REDACTED:<kind>])")
                                 .arg(key)};
            const QJsonValue pattern = o.value(QStringLiteral("pattern"));
            if (!pattern.isString() || pattern.toString().isEmpty())
                return Error{QStringLiteral("engram.json: `%1.pattern` must be a regular expression").arg(key)};
            const QString error = patternError(pattern.toString());
            if (!error.isEmpty())
                return Error{
                    QStringLiteral("engram.json: `%1.pattern` is not a valid regular expression: %2").arg(key, error)};
            if (QRegularExpression(pattern.toString()).match(QString()).hasMatch())
                return Error{QStringLiteral("engram.json: `%1.pattern` matches the empty text; it must match a "
                                            "secret")
                                 .arg(key)};
            settings.patterns << RedactionPattern{kind.toString(), pattern.toString()};
        }
    }
    const QJsonValue allow = capture.value(QStringLiteral("redactAllow"));
    if (!allow.isUndefined()) {
        if (!allow.isArray())
            return Error{QStringLiteral("engram.json: `capture.redactAllow` must be an array of regular expressions")};
        const QJsonArray array = allow.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString key = QStringLiteral("capture.redactAllow[%1]").arg(i);
            if (!array.at(i).isString() || array.at(i).toString().isEmpty())
                return Error{QStringLiteral("engram.json: `%1` must be a regular expression").arg(key)};
            const QString error = patternError(array.at(i).toString());
            if (!error.isEmpty())
                return Error{QStringLiteral("engram.json: `%1` is not a valid regular expression: %2").arg(key, error)};
            settings.allow << array.at(i).toString();
        }
    }
    return settings;
}

QJsonObject endpointJson(const Endpoint &e)
{
    QJsonObject o;
    o.insert(QStringLiteral("kind"), e.kind);
    o.insert(QStringLiteral("url"), e.url);
    o.insert(QStringLiteral("model"), e.model);
    if (!e.apiKeyEnv.isEmpty())
        o.insert(QStringLiteral("apiKeyEnv"), e.apiKeyEnv);
    o.insert(QStringLiteral("timeoutMs"), e.timeoutMs);
    return o;
}

} // namespace

QString LinkedVault::resolvedPath(const QString &vaultPath) const
{
    return QDir::cleanPath(QDir(vaultPath).absoluteFilePath(path));
}

bool LinkedVault::isValidName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9_-]{0,39}$"));
    return name != QLatin1String("personal") && pattern.match(name).hasMatch();
}

Config::Config() : m_modes(defaultModes()) { }

const RankingMode &Config::mode(const QString &name) const
{
    const auto it = m_modes.constFind(name);
    if (it != m_modes.constEnd())
        return *it;
    return *m_modes.constFind(QStringLiteral("fast"));
}

Result<Config> Config::fromJson(const QJsonObject &root)
{
    Config c;
    const QJsonObject embedder = root.value(QStringLiteral("embedder")).toObject();
    if (!embedder.isEmpty()) {
        c.embedderKind = embedder.value(QStringLiteral("kind")).toString(c.embedderKind);
        if (c.embedderKind != QLatin1String("hash") && c.embedderKind != QLatin1String("openai")
            && c.embedderKind != QLatin1String("ollama"))
            return Error{
                QStringLiteral("engram.json: `embedder.kind` must be \"hash\", \"openai\" or \"ollama\", not \"%1\"")
                    .arg(c.embedderKind)};
        c.embedderDimensions = embedder.value(QStringLiteral("dimensions")).toInt(c.embedderDimensions);
        if (c.embedderKind != QLatin1String("hash")) {
            auto e = endpointFrom(embedder, QStringLiteral("embedder"));
            if (!e)
                return e.error();
            c.embeddingEndpoint = *e;
            c.embeddingEndpoint.kind = c.embedderKind;
        }
    }
    auto llm = endpointFrom(root.value(QStringLiteral("llm")), QStringLiteral("llm"));
    if (!llm)
        return llm.error();
    c.llmEndpoint = *llm;

    const QJsonObject index = root.value(QStringLiteral("index")).toObject();
    c.maxFileBytes =
        JsonNumber::toInteger(index.value(QStringLiteral("maxFileBytes")).toDouble(double(c.maxFileBytes)));
    c.maxChunkTokens = index.value(QStringLiteral("maxChunkTokens")).toInt(c.maxChunkTokens);
    c.turnsPerChunk = index.value(QStringLiteral("turnsPerChunk")).toInt(c.turnsPerChunk);
    if (c.maxFileBytes <= 0 || c.maxChunkTokens < 16 || c.turnsPerChunk < 1)
        return Error{QStringLiteral("engram.json: `index` limits must be positive (maxChunkTokens ≥ 16)")};

    const QJsonObject pack = root.value(QStringLiteral("pack")).toObject();
    c.packBudget = pack.value(QStringLiteral("budget")).toInt(c.packBudget);
    c.preambleBudget = pack.value(QStringLiteral("preambleBudget")).toInt(c.preambleBudget);
    c.defaultMode = pack.value(QStringLiteral("mode")).toString(c.defaultMode);
    c.reinforceOn = root.value(QStringLiteral("reinforceOn")).toString(c.reinforceOn);
    if (c.reinforceOn != QLatin1String("pack") && c.reinforceOn != QLatin1String("recall"))
        return Error{QStringLiteral("engram.json: `reinforceOn` must be \"pack\" or \"recall\"")};

    const QJsonObject sleep = root.value(QStringLiteral("consolidation")).toObject();
    ConsolidationSettings &cs = c.consolidation;
    cs.clusterThreshold = sleep.value(QStringLiteral("clusterThreshold")).toDouble(cs.clusterThreshold);
    cs.promoteAccessCount = sleep.value(QStringLiteral("promoteAccessCount")).toInt(cs.promoteAccessCount);
    cs.promoteConfidence = sleep.value(QStringLiteral("promoteConfidence")).toDouble(cs.promoteConfidence);
    cs.nightlyHour = sleep.value(QStringLiteral("nightlyHour")).toInt(cs.nightlyHour);
    cs.useLlm = sleep.value(QStringLiteral("useLlm")).toBool(cs.useLlm);
    if (cs.clusterThreshold <= 0.0 || cs.clusterThreshold > 1.0 || cs.promoteAccessCount < 1 || cs.nightlyHour < 0
        || cs.nightlyHour > 23)
        return Error{
            QStringLiteral("engram.json: `consolidation` needs 0 < clusterThreshold ≤ 1, promoteAccessCount ≥ 1 "
                           "and nightlyHour in 0..23")};

    if (root.contains(QStringLiteral("modes")) && !root.value(QStringLiteral("modes")).isObject())
        return Error{QStringLiteral("engram.json: `modes` must be an object of named modes ({\"fast\": {…}})")};
    const QJsonObject modes = root.value(QStringLiteral("modes")).toObject();
    for (auto it = modes.constBegin(); it != modes.constEnd(); ++it) {
        if (!it.value().isObject())
            return Error{QStringLiteral("engram.json: mode `%1` must be an object of weights").arg(it.key())};
        const QJsonObject m = it.value().toObject();
        RankingMode mode = c.mode(it.key());
        mode.name = it.key();
        mode.relevance = m.value(QStringLiteral("relevance")).toDouble(mode.relevance);
        mode.strength = m.value(QStringLiteral("strength")).toDouble(mode.strength);
        mode.recency = m.value(QStringLiteral("recency")).toDouble(mode.recency);
        mode.access = m.value(QStringLiteral("access")).toDouble(mode.access);
        mode.coactivation = m.value(QStringLiteral("coactivation")).toDouble(mode.coactivation);
        mode.graph = m.value(QStringLiteral("graph")).toDouble(mode.graph);
        mode.vectorCandidates = m.value(QStringLiteral("vectorCandidates")).toInt(mode.vectorCandidates);
        mode.keywordCandidates = m.value(QStringLiteral("keywordCandidates")).toInt(mode.keywordCandidates);
        mode.graphHops = m.value(QStringLiteral("graphHops")).toInt(mode.graphHops);
        mode.recencyHalfLifeDays = m.value(QStringLiteral("recencyHalfLifeDays")).toDouble(mode.recencyHalfLifeDays);
        const QJsonObject layerWeights = m.value(QStringLiteral("layerWeights")).toObject();
        for (auto lw = layerWeights.constBegin(); lw != layerWeights.constEnd(); ++lw) {
            if (!lw.value().isDouble() || lw.value().toDouble() < 0.0)
                return Error{QStringLiteral("engram.json: `modes.%1.layerWeights.%2` must be a number ≥ 0")
                                 .arg(it.key(), lw.key())};
            mode.layerWeights.insert(lw.key(), lw.value().toDouble());
        }
        mode.vectorWeight = m.value(QStringLiteral("vectorWeight")).toDouble(mode.vectorWeight);
        mode.neighbourWeight = m.value(QStringLiteral("neighbourWeight")).toDouble(mode.neighbourWeight);
        mode.contextTurns = m.value(QStringLiteral("contextTurns")).toInt(mode.contextTurns);
        c.setMode(mode);
    }
    const QJsonValue review = root.value(QStringLiteral("review"));
    if (!review.isUndefined() && !review.isObject())
        return Error{QStringLiteral("engram.json: `review` must be an object like {\"judge\": true}")};
    const QJsonValue judge = review.toObject().value(QStringLiteral("judge"));
    if (!judge.isUndefined() && !judge.isBool())
        return Error{QStringLiteral("engram.json: `review.judge` must be true or false")};
    c.review.judge = judge.toBool(c.review.judge);
    c.review.judgePerUpdate = review.toObject().value(QStringLiteral("judgePerUpdate")).toInt(c.review.judgePerUpdate);
    if (c.review.judgePerUpdate < 1)
        return Error{QStringLiteral("engram.json: `review.judgePerUpdate` must be a whole number ≥ 1")};
    const QJsonObject health = root.value(QStringLiteral("health")).toObject();
    c.health.stateStaleDays = health.value(QStringLiteral("stateStaleDays")).toInt(c.health.stateStaleDays);
    c.health.sessionStaleHours = health.value(QStringLiteral("sessionStaleHours")).toInt(c.health.sessionStaleHours);
    c.health.toolUsageStaleDays = health.value(QStringLiteral("toolUsageStaleDays")).toInt(c.health.toolUsageStaleDays);
    c.health.reflectionStaleDays =
        health.value(QStringLiteral("reflectionStaleDays")).toInt(c.health.reflectionStaleDays);
    const QJsonValue capture = root.value(QStringLiteral("capture"));
    if (!capture.isUndefined() && !capture.isObject())
        return Error{QStringLiteral("engram.json: `capture` must be an object")};
    const QJsonValue redact = capture.toObject().value(QStringLiteral("redact"));
    if (!redact.isUndefined() && !redact.isBool())
        return Error{QStringLiteral("engram.json: `capture.redact` must be true or false")};
    c.capture.redact = redact.toBool(c.capture.redact);
    auto redaction = redactionFrom(capture.toObject());
    if (!redaction)
        return redaction.error();
    c.capture.redaction = *redaction;
    auto links = linkedVaultsFrom(root.value(QStringLiteral("linked_vaults")));
    if (!links)
        return links.error();
    c.linkedVaults = *links;
    const QJsonValue sync = root.value(QStringLiteral("sync"));
    if (!sync.isUndefined() && !sync.isObject())
        return Error{QStringLiteral("engram.json: `sync` must be an object")};
    const QJsonObject syncObject = sync.toObject();
    const QJsonValue syncMax = syncObject.value(QStringLiteral("maxFileBytes"));
    if (!syncMax.isUndefined() && (!syncMax.isDouble() || syncMax.toDouble() < 1))
        return Error{QStringLiteral("engram.json: `sync.maxFileBytes` must be a number of bytes ≥ 1")};
    c.sync.maxFileBytes = qint64(syncMax.toDouble(double(c.sync.maxFileBytes)));
    const QJsonValue syncRemote = syncObject.value(QStringLiteral("remote"));
    if (!syncRemote.isUndefined() && !syncRemote.isString())
        return Error{QStringLiteral("engram.json: `sync.remote` must be the name of a git remote")};
    c.sync.remote = syncRemote.toString();
    const QJsonValue syncInterval = syncObject.value(QStringLiteral("intervalMinutes"));
    if (!syncInterval.isUndefined() && (!syncInterval.isDouble() || syncInterval.toDouble() < 0))
        return Error{QStringLiteral("engram.json: `sync.intervalMinutes` must be a number of minutes ≥ 0 (0: off)")};
    c.sync.intervalMinutes = syncInterval.toInt(c.sync.intervalMinutes);
    const QJsonValue syncAfter = syncObject.value(QStringLiteral("afterConsolidation"));
    if (!syncAfter.isUndefined() && !syncAfter.isBool())
        return Error{QStringLiteral("engram.json: `sync.afterConsolidation` must be true or false")};
    c.sync.afterConsolidation = syncAfter.toBool(c.sync.afterConsolidation);
    if (!c.m_modes.contains(c.defaultMode))
        return Error{QStringLiteral("engram.json: `pack.mode` names an unknown mode \"%1\"").arg(c.defaultMode)};
    return c;
}

QJsonObject Config::toJson() const
{
    QJsonObject root;
    QJsonObject embedder;
    if (embedderKind == QLatin1String("hash")) {
        embedder.insert(QStringLiteral("kind"), embedderKind);
        embedder.insert(QStringLiteral("dimensions"), embedderDimensions);
    } else {
        embedder = endpointJson(embeddingEndpoint);
        embedder.insert(QStringLiteral("kind"), embedderKind);
    }
    root.insert(QStringLiteral("embedder"), embedder);
    if (llmEndpoint.configured())
        root.insert(QStringLiteral("llm"), endpointJson(llmEndpoint));
    root.insert(QStringLiteral("index"), QJsonObject{{QStringLiteral("maxFileBytes"), double(maxFileBytes)},
                                                     {QStringLiteral("maxChunkTokens"), maxChunkTokens},
                                                     {QStringLiteral("turnsPerChunk"), turnsPerChunk}});
    root.insert(QStringLiteral("pack"), QJsonObject{{QStringLiteral("budget"), packBudget},
                                                    {QStringLiteral("preambleBudget"), preambleBudget},
                                                    {QStringLiteral("mode"), defaultMode}});
    root.insert(QStringLiteral("reinforceOn"), reinforceOn);
    QJsonObject modes;
    for (const RankingMode &m : m_modes) {
        modes.insert(m.name, QJsonObject{{QStringLiteral("relevance"), m.relevance},
                                         {QStringLiteral("strength"), m.strength},
                                         {QStringLiteral("recency"), m.recency},
                                         {QStringLiteral("access"), m.access},
                                         {QStringLiteral("coactivation"), m.coactivation},
                                         {QStringLiteral("graph"), m.graph},
                                         {QStringLiteral("vectorCandidates"), m.vectorCandidates},
                                         {QStringLiteral("keywordCandidates"), m.keywordCandidates},
                                         {QStringLiteral("graphHops"), m.graphHops},
                                         {QStringLiteral("recencyHalfLifeDays"), m.recencyHalfLifeDays},
                                         {QStringLiteral("vectorWeight"), m.vectorWeight},
                                         {QStringLiteral("neighbourWeight"), m.neighbourWeight},
                                         {QStringLiteral("contextTurns"), m.contextTurns}});
        if (!m.layerWeights.isEmpty()) {
            QJsonObject weights;
            for (auto lw = m.layerWeights.cbegin(); lw != m.layerWeights.cend(); ++lw)
                weights.insert(lw.key(), lw.value());
            QJsonObject mode = modes.value(m.name).toObject();
            mode.insert(QStringLiteral("layerWeights"), weights);
            modes.insert(m.name, mode);
        }
    }
    root.insert(QStringLiteral("modes"), modes);
    root.insert(QStringLiteral("consolidation"),
                QJsonObject{{QStringLiteral("clusterThreshold"), consolidation.clusterThreshold},
                            {QStringLiteral("promoteAccessCount"), consolidation.promoteAccessCount},
                            {QStringLiteral("promoteConfidence"), consolidation.promoteConfidence},
                            {QStringLiteral("nightlyHour"), consolidation.nightlyHour},
                            {QStringLiteral("useLlm"), consolidation.useLlm}});
    root.insert(QStringLiteral("review"), QJsonObject{{QStringLiteral("judge"), review.judge},
                                                      {QStringLiteral("judgePerUpdate"), review.judgePerUpdate}});
    root.insert(QStringLiteral("health"),
                QJsonObject{{QStringLiteral("stateStaleDays"), health.stateStaleDays},
                            {QStringLiteral("sessionStaleHours"), health.sessionStaleHours},
                            {QStringLiteral("toolUsageStaleDays"), health.toolUsageStaleDays},
                            {QStringLiteral("reflectionStaleDays"), health.reflectionStaleDays}});
    QJsonObject captureObject{{QStringLiteral("redact"), capture.redact}};
    if (!capture.redaction.patterns.isEmpty()) { // absent when none, so a vault without them saves as it did
        QJsonArray patterns;
        for (const RedactionPattern &p : capture.redaction.patterns)
            patterns.append(QJsonObject{{QStringLiteral("kind"), p.kind}, {QStringLiteral("pattern"), p.pattern}});
        captureObject.insert(QStringLiteral("redactPatterns"), patterns);
    }
    if (!capture.redaction.allow.isEmpty())
        captureObject.insert(QStringLiteral("redactAllow"), QJsonArray::fromStringList(capture.redaction.allow));
    root.insert(QStringLiteral("capture"), captureObject);
    if (!linkedVaults.isEmpty()) { // absent when none, so a vault without links saves as it did
        QJsonArray links;
        for (const LinkedVault &link : linkedVaults)
            links.append(QJsonObject{{QStringLiteral("name"), link.name}, {QStringLiteral("path"), link.path}});
        root.insert(QStringLiteral("linked_vaults"), links);
    }
    QJsonObject syncObject{{QStringLiteral("maxFileBytes"), double(sync.maxFileBytes)},
                           {QStringLiteral("intervalMinutes"), sync.intervalMinutes},
                           {QStringLiteral("afterConsolidation"), sync.afterConsolidation}};
    if (!sync.remote.isEmpty())
        syncObject.insert(QStringLiteral("remote"), sync.remote);
    root.insert(QStringLiteral("sync"), syncObject);
    return root;
}

Result<Config> Config::load(const QString &vaultPath)
{
    QFile file(QDir(vaultPath).filePath(QStringLiteral("engram.json")));
    if (!file.exists())
        return Config();
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read engram.json: %1").arg(file.errorString()),
                     QStringLiteral("engram.json")};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        return Error{QStringLiteral("not valid JSON (%1 at byte %2); fix it, or delete it for the defaults")
                         .arg(error.errorString())
                         .arg(error.offset),
                     QStringLiteral("engram.json")};
    if (!doc.isObject())
        return Error{QStringLiteral("must hold one JSON object ({\"embedder\": …, \"modes\": …}); fix it, or delete it "
                                    "for the defaults"),
                     QStringLiteral("engram.json")};
    auto config = fromJson(doc.object());
    if (!config) {
        // fromJson's messages name the file already; keep it as the error's path instead.
        Error e = config.error();
        const QString prefix = QStringLiteral("engram.json: ");
        if (e.message.startsWith(prefix))
            e.message.remove(0, prefix.size());
        e.path = QStringLiteral("engram.json");
        return e;
    }
    return config;
}

Status Config::save(const QString &vaultPath) const
{
    return VaultBoundary(vaultPath).writeFile(QStringLiteral("engram.json"),
                                              QJsonDocument(toJson()).toJson(QJsonDocument::Indented));
}

} // namespace engram
