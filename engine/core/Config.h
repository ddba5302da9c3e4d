#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

namespace engram {

/// A named set of ranking weights and candidate-pool sizes: the score is
/// 0.4·relevance + relevance·(0.3·strength + 0.2·recency + 0.1·access), plus co-activation
/// and graph-walk terms, all times the layer weight (DESIGN.md's sum, with the priors scaled by
/// relevance so they never lift a weak match: see Retriever::recall).
struct RankingMode {
    QString name;
    double relevance = 0.4;
    double strength = 0.3;
    double recency = 0.2;
    double access = 0.1;
    double coactivation = 0.05;
    double graph = 0.0;
    int vectorCandidates = 60;
    int keywordCandidates = 60;
    int graphHops = 0;
    double recencyHalfLifeDays = 14.0;
    double vectorWeight = -1.0;   ///< share of vectors in relevance; < 0 = by embedder (hash 0.15, model 0.5)
    double neighbourWeight = 0.5; ///< how much a turn's relevance borrows from its best neighbour
    int contextTurns = 1;         ///< 1 = a hit turn comes with its question/answer partner; 0 = alone
    /// Score multiplier per consolidation layer (raw, session, daily, weekly, fact …); absent = 1.
    QMap<QString, double> layerWeights;
    double layerWeight(const QString &layer) const { return layerWeights.value(layer, 1.0); }
};

/// `consolidation` in engram.json: thresholds of the "sleep" pass.
struct ConsolidationSettings {
    double clusterThreshold = 0.75; ///< sensory memories with cosine above this merge into one episodic memory
    int promoteAccessCount = 5;     ///< episodic memories recalled at least this often …
    double promoteConfidence = 0.7; ///< … with confidence ≥ this become semantic
    int nightlyHour = 3;            ///< local hour the workbench runs it
    bool useLlm = true;             ///< use the llm endpoint when one is configured
};

/// `review` in engram.json: the memory-hygiene review (duplicates, contradictions, stale facts).
struct ReviewSettings {
    /// Ask the llm endpoint, when one is configured, about the detector's candidate pairs: its verdict
    /// (duplicate, contradiction, distinct) replaces the offline one.
    bool judge = true;
    int judgePerUpdate = 200; ///< pairs asked at most per update: a large vault is judged over several runs
};

/// An HTTP model endpoint (embeddings or chat): OpenAI-compatible or Ollama.
struct Endpoint {
    QString kind; ///< "openai" or "ollama"; empty = none configured
    QString url;  ///< base URL, e.g. http://127.0.0.1:11434
    QString model;
    QString apiKeyEnv; ///< name of the environment variable holding the key
    int timeoutMs = 30000;

    bool configured() const { return !kind.isEmpty() && !url.isEmpty(); }
};

/// When `engram-cli health` calls a state file stale (engram.json `health`).
struct HealthThresholds {
    int stateStaleDays = 14;      ///< state/cognitive.json unchanged for longer
    int sessionStaleHours = 24;   ///< newest file of today's session older than this
    int toolUsageStaleDays = 7;   ///< newest tool event older than this
    int reflectionStaleDays = 14; ///< last reflection older than this (when an LLM is configured)
};

/// A person's own secret shape (engram.json `capture.redactPatterns[i]`): what it matches is replaced by
/// `[REDACTED:<kind>]` (only its named group `secret` when it has one).
struct RedactionPattern {
    QString kind;    ///< 1–40 lower-case letters, digits and '-': the replacement names it
    QString pattern; ///< a QRegularExpression, checked when the settings are read
};

/// What the redaction gate adds to its built-in catalogue, from engram.json `capture`.
struct RedactionSettings {
    QList<RedactionPattern> patterns; ///< `capture.redactPatterns`: extra shapes to redact
    QStringList allow;                ///< `capture.redactAllow`: a secret matched whole by one of these stays
};

/// `capture` in engram.json: how agent transcripts are copied into sessions/.
struct CaptureSettings {
    bool redact = true; ///< replace API keys, tokens, private keys and passwords on capture
    RedactionSettings redaction;
};

/// One entry of `linked_vaults` in engram.json: another vault (a team's) whose memories recall and packs
/// draw on beside this vault's own. `path` is as written: absolute, or relative to this vault's folder.
struct LinkedVault {
    QString name; ///< how results from it are labelled ("team"); lower-case letters, digits, '-' and '_'
    QString path;

    /// The folder `path` names, made absolute against `vaultPath` when it is relative.
    QString resolvedPath(const QString &vaultPath) const;
    /// Whether `name` may name a linked vault ("personal" is this vault's own label).
    static bool isValidName(const QString &name);
};

/// `sync` in engram.json: carrying the vault between machines with git.
struct SyncConfig {
    qint64 maxFileBytes = 50LL * 1024 * 1024; ///< larger files are never committed (named, left on disk)
    QString remote;                           ///< empty: the branch's upstream, else origin, else the only remote
    int intervalMinutes = 0;                  ///< the workbench syncs this often; 0: only on demand
    bool afterConsolidation = true;           ///< the workbench syncs after a consolidation (in a repository)
};

/// `engram.json`: embedder, LLM endpoint, mode weights, budgets, limits.
/// Every key is optional; a missing file means all defaults. An invalid file
/// is an error that names the key, never silently replaced.
class Config {
public:
    Config();

    static Result<Config> load(const QString &vaultPath);
    static Result<Config> fromJson(const QJsonObject &object);
    QJsonObject toJson() const;
    Status save(const QString &vaultPath) const;

    const RankingMode &mode(const QString &name) const;
    QStringList modeNames() const { return m_modes.keys(); }
    void setMode(const RankingMode &mode) { m_modes.insert(mode.name, mode); }

    QString embedderKind = QStringLiteral("hash"); ///< "hash", "openai" or "ollama"
    int embedderDimensions = 384;                  ///< for the hash embedder
    Endpoint embeddingEndpoint;
    Endpoint llmEndpoint;

    qint64 maxFileBytes = 8 * 1024 * 1024;
    int maxChunkTokens = 200;
    int turnsPerChunk = 1;

    int packBudget = 500;
    int preambleBudget = 500;
    QString defaultMode = QStringLiteral("fast");
    /// "pack" (only packs that are exported count as access) or "recall".
    QString reinforceOn = QStringLiteral("pack");
    ConsolidationSettings consolidation;
    ReviewSettings review;
    HealthThresholds health;
    CaptureSettings capture;
    /// Vaults opened beside this one for recall and packs (VaultSet); never written by capture.
    QList<LinkedVault> linkedVaults;
    SyncConfig sync;

private:
    QMap<QString, RankingMode> m_modes;
};

} // namespace engram
