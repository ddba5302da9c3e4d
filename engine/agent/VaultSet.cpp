#include "agent/VaultSet.h"

#include "core/VaultBoundary.h"
#include "core/VaultLayout.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

namespace engram {

struct VaultSet::Member {
    QString name;
    std::unique_ptr<Engine> engine;
};

namespace {

const QString kConfigFile = QStringLiteral("engram.json");

QString canonical(const QString &path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(QFileInfo(path).absoluteFilePath()) : c;
}

/// The line of engram.json that names the link (its `"name": "…"`), so an error points at it; 0 when not found.
int lineOfLink(const QString &configPath, const QString &name)
{
    QFile file(configPath);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return 0;
    const QByteArray needle = QByteArray("\"") + name.toUtf8() + '"';
    int line = 0;
    while (!file.atEnd()) {
        ++line;
        const QByteArray text = file.readLine();
        if (text.contains(needle) && text.contains("\"name\""))
            return line;
    }
    return 0;
}

Error linkError(const QString &vaultPath, const LinkedVault &link, const QString &problem)
{
    const QString configPath = QDir(vaultPath).filePath(kConfigFile);
    return Error{QStringLiteral("linked vault \"%1\" (%2): %3").arg(link.name, link.path, problem), configPath,
                 lineOfLink(configPath, link.name)};
}

/// Whether the vault at `from` reaches `target` through its links; `trail` names the way.
bool linksBack(const QString &from, const QString &target, QSet<QString> &visited, QStringList &trail)
{
    if (visited.contains(from))
        return false;
    visited.insert(from);
    auto config = Config::load(from);
    if (!config)
        return false; // that vault's own problem; opening it reports it
    for (const LinkedVault &next : std::as_const(config->linkedVaults)) {
        const QString path = canonical(next.resolvedPath(from));
        trail << next.name;
        if (path == target || linksBack(path, target, visited, trail))
            return true;
        trail.removeLast();
    }
    return false;
}

Result<QJsonObject> rawConfig(const QString &vaultPath)
{
    QFile file(QDir(vaultPath).filePath(kConfigFile));
    if (!file.exists())
        return QJsonObject{};
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read: %1").arg(file.errorString()), file.fileName()};
    return QJsonDocument::fromJson(file.readAll()).object(); // Config::load checked it is an object
}

Status writeLinks(const QString &vaultPath, QJsonObject root, const QList<LinkedVault> &links)
{
    QJsonArray array;
    for (const LinkedVault &link : links)
        array.append(QJsonObject{{QStringLiteral("name"), link.name}, {QStringLiteral("path"), link.path}});
    if (array.isEmpty())
        root.remove(QStringLiteral("linked_vaults"));
    else
        root.insert(QStringLiteral("linked_vaults"), array);
    return VaultBoundary(vaultPath).writeFile(kConfigFile, QJsonDocument(root).toJson(QJsonDocument::Indented));
}

} // namespace

VaultSet::VaultSet(Engine &personal, const QStringList &only) : m_personal(personal), m_selection(only)
{
    for (const LinkedVault &link : personal.config().linkedVaults) {
        if (!selected(link.name))
            continue; // opening one costs its index and vectors: not for a recall that leaves it out
        auto folder = checkLink(personal.vaultPath(), link);
        if (!folder) {
            m_failedLinks.insert(link.name, folder.error());
            m_openWarnings << QStringLiteral("%1; recalling without it").arg(folder.error().toString());
            continue;
        }
        auto engine = Engine::open(*folder);
        if (!engine) {
            const Error error = linkError(personal.vaultPath(), link,
                                          QStringLiteral("cannot be opened: %1").arg(engine.error().toString()));
            m_failedLinks.insert(link.name, error);
            m_openWarnings << QStringLiteral("%1; recalling without it").arg(error.toString());
            continue;
        }
        m_linked.push_back(std::make_unique<Member>(Member{link.name, std::move(*engine)}));
    }
}

VaultSet::~VaultSet() = default;

bool VaultSet::hasLinks() const
{
    return !m_personal.config().linkedVaults.isEmpty();
}

QStringList VaultSet::linkedNames() const
{
    QStringList names;
    for (const auto &member : m_linked)
        names << member->name;
    return names;
}

Engine *VaultSet::linked(const QString &name) const
{
    for (const auto &member : m_linked)
        if (member->name == name)
            return member->engine.get();
    return nullptr;
}

Engine &VaultSet::engineOf(const QString &vault) const
{
    Engine *engine = vault.isEmpty() || vault == QLatin1String("personal") ? nullptr : linked(vault);
    return engine ? *engine : m_personal;
}

Result<Engine *> VaultSet::writeTarget(const QString &vault) const
{
    if (vault.isEmpty() || vault == QLatin1String("personal"))
        return &m_personal;
    if (Engine *engine = linked(vault))
        return engine;
    for (const LinkedVault &link : m_personal.config().linkedVaults)
        if (link.name == vault) {
            return m_failedLinks.value(vault, Error{QStringLiteral("linked vault \"%1\" did not open").arg(vault)});
        }
    QStringList names;
    for (const LinkedVault &link : m_personal.config().linkedVaults)
        names << link.name;
    return Error{QStringLiteral("no linked vault called \"%1\" (linked: %2); add it with engram-cli link add %1 PATH")
                     .arg(vault, names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", ")))};
}

QString VaultSet::label(const QString &vault)
{
    return vault.isEmpty() ? QStringLiteral("personal") : vault;
}

Status VaultSet::restrictTo(const QStringList &vaults)
{
    QStringList known{QStringLiteral("personal")};
    for (const LinkedVault &link : m_personal.config().linkedVaults)
        known << link.name;
    for (const QString &name : vaults)
        if (!known.contains(name))
            return Error{QStringLiteral("no vault called \"%1\"; the vaults are %2 (linked_vaults in engram.json)")
                             .arg(name, known.join(QStringLiteral(", ")))};
    m_selection = vaults;
    return {};
}

bool VaultSet::selected(const QString &vault) const
{
    return m_selection.isEmpty() || m_selection.contains(label(vault));
}

bool VaultSet::embedsAlike(const Config &a, const Config &b)
{
    if (a.embedderKind != b.embedderKind)
        return false;
    if (a.embedderKind == QLatin1String("hash"))
        return a.embedderDimensions == b.embedderDimensions;
    return a.embeddingEndpoint.model == b.embeddingEndpoint.model;
}

Result<SetRecall> VaultSet::gather(const RecallQuery &request)
{
    RecallQuery query = request;
    query.reinforce = false; // the set reinforces the personal vault itself, after the merge
    if (!query.now.isValid())
        query.now = m_personal.now(); // every vault ranks at one moment

    SetRecall answer;
    answer.warnings = m_openWarnings;
    QList<QList<RecallResult>> lists;
    QList<const Config *> configs;
    if (selected({})) {
        auto results = m_personal.recall(query);
        if (!results)
            return results.error();
        lists << *results;
        configs << &m_personal.config();
    }
    for (const auto &member : m_linked) {
        if (!selected(member->name))
            continue;
        if (member->engine->isIndexEmpty())
            answer.warnings << QStringLiteral("linked vault \"%1\" has no index on this machine yet: run engram-cli "
                                              "index (it indexes the linked vaults too)")
                                   .arg(member->name);
        auto results = member->engine->recall(query);
        if (query.isCancelled())
            return RecallQuery::cancelledError();
        if (!results) {
            answer.warnings << QStringLiteral("linked vault \"%1\" could not recall: %2; recalling without it")
                                   .arg(member->name, results.error().toString());
            continue;
        }
        for (RecallResult &r : *results)
            r.vault = member->name;
        lists << *results;
        configs << &member->engine->config();
    }

    for (const Config *config : std::as_const(configs))
        if (!embedsAlike(*configs.first(), *config))
            answer.mergedByRank = true;
    if (answer.mergedByRank) {
        // Vector similarities from different embedders do not compare: take each vault's next best in turn.
        answer.warnings << QStringLiteral("the linked vaults use different embedders, so their scores do not compare; "
                                          "results are interleaved by rank");
        for (qsizetype rank = 0; answer.results.size() < query.k; ++rank) {
            bool any = false;
            for (const QList<RecallResult> &list : std::as_const(lists))
                if (rank < list.size() && answer.results.size() < query.k) {
                    answer.results << list.at(rank);
                    any = true;
                }
            if (!any)
                break;
        }
        return answer;
    }
    for (const QList<RecallResult> &list : std::as_const(lists))
        answer.results << list;
    // Stable: on equal scores the personal vault comes first, then the links in engram.json's order.
    std::stable_sort(answer.results.begin(), answer.results.end(),
                     [](const RecallResult &a, const RecallResult &b) { return a.score > b.score; });
    if (answer.results.size() > query.k)
        answer.results.resize(query.k);
    return answer;
}

Result<SetRecall> VaultSet::recall(const RecallQuery &query)
{
    if (m_linked.empty() && selected({})) { // one vault: exactly what the engine answers
        auto results = m_personal.recall(query);
        if (!results)
            return results.error();
        return SetRecall{*results, m_openWarnings};
    }
    auto answer = gather(query);
    if (!answer)
        return answer;
    if (query.reinforce && m_personal.config().reinforceOn == QLatin1String("recall")) {
        // As Engine::recall: what a reader sees counts, the top ten; of those, the personal vault's own.
        QList<Chunk> chunks;
        for (const RecallResult &r : answer->results.mid(0, 10))
            if (r.vault.isEmpty())
                chunks << r.chunk;
        const QDateTime now = query.now.isValid() ? query.now : m_personal.now();
        // On a full disk the answer still stands; that it was not counted as a use is said.
        if (Status s = internals(m_personal).dynamics().recordAccess(chunks, QStringLiteral("recall"), now); !s)
            answer->warnings << QStringLiteral("this recall was not recorded as a use of its memories: %1")
                                    .arg(s.error().toString());
    }
    return answer;
}

Result<SetPack> VaultSet::pack(const RecallQuery &query, int budget)
{
    if (m_linked.empty() && selected({})) {
        auto pack = m_personal.pack(query, budget);
        if (!pack)
            return pack.error();
        return SetPack{*pack, m_openWarnings};
    }
    if (budget <= 0)
        budget = m_personal.config().packBudget;
    RecallQuery wide = query;
    wide.k = qMax(query.k, 50); // a pack takes what fits, so rank more than it will hold
    if (!wide.now.isValid())
        wide.now = m_personal.now();
    auto merged = gather(wide);
    if (!merged)
        return merged.error();

    SetPack answer;
    answer.pack = ContextPack::build(query.text, m_personal.packPreamble(wide.now, budget), merged->results, budget);
    answer.pack.markdown = m_personal.redactionGate().clean(answer.pack.markdown);
    answer.warnings = merged->warnings;
    answer.mergedByRank = merged->mergedByRank;
    QList<Chunk> personalChunks;
    for (const RecallResult &r : std::as_const(answer.pack.included))
        if (r.vault.isEmpty())
            personalChunks << r.chunk;
    if (query.reinforce && !personalChunks.isEmpty()) {
        // An exported pack is an access of each personal memory in it, and co-activates them.
        MemoryDynamics &dynamics = internals(m_personal).dynamics();
        Status recorded = dynamics.recordAccess(personalChunks, QStringLiteral("pack"), wide.now);
        if (recorded)
            recorded = dynamics.recordCoactivation(personalChunks, wide.now);
        if (!recorded)
            answer.warnings << QStringLiteral("this pack was not recorded as a use of its memories: %1")
                                   .arg(recorded.error().toString());
    }
    return answer;
}

Result<QString> VaultSet::checkLink(const QString &vaultPath, const LinkedVault &link)
{
    const QString folder = link.resolvedPath(vaultPath);
    if (!QFileInfo(folder).isDir())
        return linkError(vaultPath, link, QStringLiteral("no folder at %1").arg(folder));
    if (!VaultLayout::isVault(folder) && !QFileInfo(QDir(folder).filePath(QStringLiteral("memories"))).isDir())
        return linkError(vaultPath, link,
                         QStringLiteral("%1 is not a vault (no engram.json, .engram/ or memories/); make it one with "
                                        "engram-cli init --vault %1")
                             .arg(folder));
    const QString self = canonical(vaultPath);
    const QString target = canonical(folder);
    if (target == self)
        return linkError(vaultPath, link, QStringLiteral("is this vault itself"));
    QSet<QString> visited;
    QStringList trail{link.name};
    if (linksBack(target, self, visited, trail))
        return linkError(vaultPath, link,
                         QStringLiteral("links back to this vault (%1 → this vault): a cycle")
                             .arg(trail.join(QStringLiteral(" → "))));
    return folder;
}

Status VaultSet::addLink(const QString &vaultPath, const LinkedVault &link)
{
    auto config = Config::load(vaultPath);
    if (!config)
        return config.error();
    if (!LinkedVault::isValidName(link.name))
        return Error{QStringLiteral("\"%1\" cannot name a linked vault: use 1–40 lower-case letters, digits, '-' or "
                                    "'_' (\"personal\" is this vault's own label)")
                         .arg(link.name)};
    for (const LinkedVault &existing : std::as_const(config->linkedVaults))
        if (existing.name == link.name)
            return linkError(vaultPath, existing, QStringLiteral("is linked already; remove it first"));
    auto folder = checkLink(vaultPath, link);
    if (!folder)
        return folder.error();
    auto root = rawConfig(vaultPath);
    if (!root)
        return root.error();
    QList<LinkedVault> links = config->linkedVaults;
    links << link;
    return writeLinks(vaultPath, *root, links);
}

Status VaultSet::removeLink(const QString &vaultPath, const QString &name)
{
    auto config = Config::load(vaultPath);
    if (!config)
        return config.error();
    QList<LinkedVault> links = config->linkedVaults;
    const qsizetype before = links.size();
    links.removeIf([&](const LinkedVault &link) { return link.name == name; });
    if (links.size() == before)
        return Error{QStringLiteral("no linked vault called \"%1\"").arg(name), QDir(vaultPath).filePath(kConfigFile)};
    auto root = rawConfig(vaultPath);
    if (!root)
        return root.error();
    return writeLinks(vaultPath, *root, links);
}

} // namespace engram
