#include "agent/SessionCheckpoint.h"

#include "core/FrontMatter.h"
#include "core/VaultBoundary.h"
#include "vault/Engine.h"

#include <QVariantMap>

namespace engram {

namespace {

void section(QString &out, const QString &heading, const QStringList &items)
{
    if (items.isEmpty())
        return;
    out += QStringLiteral("\n## %1\n\n").arg(heading);
    for (const QString &item : items)
        out += QStringLiteral("- %1\n").arg(item.simplified());
}

} // namespace

QString SessionCheckpoint::render(const Checkpoint &c, const QString &title, const QDateTime &now)
{
    QVariantMap fm{{QStringLiteral("title"), title},
                   {QStringLiteral("created"), now.toString(Qt::ISODateWithMs).left(19)},
                   {QStringLiteral("kind"), QStringLiteral("checkpoint")},
                   {QStringLiteral("store"), QStringLiteral("episodic")},
                   {QStringLiteral("region"), QStringLiteral("episodic")}};
    if (!c.tags.isEmpty())
        fm.insert(QStringLiteral("tags"), c.tags);
    if (!c.project.isEmpty())
        fm.insert(QStringLiteral("project"), c.project);
    QString out = FrontMatter::render(fm, {QStringLiteral("title"), QStringLiteral("created"), QStringLiteral("kind"),
                                           QStringLiteral("store"), QStringLiteral("region")});
    out += QStringLiteral("\n# %1\n\n## Summary\n\n%2\n").arg(title, c.summary.trimmed());
    if (!c.focus.trimmed().isEmpty())
        out += QStringLiteral("\n## Focus\n\n%1\n").arg(c.focus.trimmed());
    section(out, QStringLiteral("Decisions"), c.decisions);
    section(out, QStringLiteral("Open questions"), c.openQuestions);
    section(out, QStringLiteral("Next steps"), c.nextSteps);
    return out;
}

Result<SavedCheckpoint> SessionCheckpoint::save(Engine &engine, const Checkpoint &c, const QDateTime &now)
{
    const QString folder = QStringLiteral("sessions/%1").arg(now.toString(QStringLiteral("yyyy-MM-dd")));
    const VaultBoundary boundary(engine.vaultPath());
    if (auto made = boundary.makeFolder(folder); !made)
        return made.error();
    const QString base = QStringLiteral("checkpoint-%1").arg(now.toString(QStringLiteral("HHmmss")));
    QString relative = QStringLiteral("%1/%2.md").arg(folder, base);
    for (int n = 2; boundary.holdsEntry(relative); ++n)
        relative = QStringLiteral("%1/%2-%3.md").arg(folder, base).arg(n);

    SavedCheckpoint saved;
    saved.path = relative;
    saved.created = now;
    saved.title = c.title.trimmed().isEmpty()
                      ? QStringLiteral("Checkpoint %1").arg(now.toString(QStringLiteral("yyyy-MM-dd HH:mm")))
                      : c.title.simplified();
    saved.title = engine.redactionGate().clean(saved.title);
    const QByteArray bytes = engine.redactionGate().clean(render(c, saved.title, now).toUtf8());
    if (Status s = boundary.writeFile(relative, bytes); !s)
        return s.error();
    saved.bytes = bytes.size();

    const IndexReport report = engine.indexPath(relative);
    saved.chunks = int(report.chunks);
    if (report.error)
        saved.indexProblems << report.error->toString();
    for (const Problem &p : report.problems)
        saved.indexProblems << QStringLiteral("%1: %2").arg(p.path, p.message);
    if (Status s = engine.saveVectors(); !s)
        saved.indexProblems << s.error().toString();
    return saved;
}

QJsonObject SavedCheckpoint::toJson() const
{
    return QJsonObject{{QStringLiteral("path"), path},
                       {QStringLiteral("title"), title},
                       {QStringLiteral("created"), created.toString(Qt::ISODate)},
                       {QStringLiteral("bytes"), double(bytes)},
                       {QStringLiteral("chunks"), chunks}};
}

QString SavedCheckpoint::text() const
{
    return QStringLiteral("Saved the checkpoint \"%1\" as %2 (%3 chunks indexed).").arg(title, path).arg(chunks);
}

} // namespace engram
