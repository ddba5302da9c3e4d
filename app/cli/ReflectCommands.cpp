// engram-cli reflect
#include "CliCommand.h"
#include "cognition/Reflection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

void printRecord(QTextStream &out, const ReflectionRecord &r)
{
    out << QStringLiteral("%1  %2  %3 (%4), %5 proposal(s)\n")
               .arg(r.id, r.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), r.status, r.model)
               .arg(r.proposals.size());
    for (int i = 0; i < r.proposals.size(); ++i)
        out << QStringLiteral("  %1. [%2] %3\n").arg(i + 1).arg(r.proposals[i].category, r.proposals[i].text);
    out.flush();
}

/// "1,3" → {0, 2}; false on anything else.
bool parseIndexes(const QString &text, QList<int> *out)
{
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = part.trimmed().toInt(&ok);
        if (!ok || n < 1)
            return false;
        *out << n - 1;
    }
    return true;
}

int runReflect(CliContext &cx)
{
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    Reflection reflection(engine->vaultPath(), engine->config().llmEndpoint);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<int> only;
    if (cx.parser.isSet(QStringLiteral("only")) && !parseIndexes(cx.parser.value(QStringLiteral("only")), &only)) {
        cx.fail(QStringLiteral("--only takes proposal numbers such as 1,3"));
        return ExitUsage;
    }

    if (cx.parser.isSet(QStringLiteral("list"))) {
        auto records = reflection.load();
        if (!records)
            return cx.fail(records.error().toString());
        if (cx.json()) {
            QJsonArray array;
            for (const ReflectionRecord &r : *records)
                array.append(r.toJson());
            cx.out << QJsonDocument(array).toJson(QJsonDocument::Indented);
        } else if (records->isEmpty()) {
            cx.out << "no reflections yet" << Qt::endl;
        }
        if (!cx.json())
            for (const ReflectionRecord &r : *records)
                printRecord(cx.out, r);
        return ExitOk;
    }
    if (cx.parser.isSet(QStringLiteral("accept"))) {
        const QString id = cx.parser.value(QStringLiteral("accept"));
        if (Status s = reflection.accept(id, only, now); !s)
            return cx.fail(s.error().toString());
        cx.out << "applied the proposals of " << id << " as learnings" << Qt::endl;
        return ExitOk;
    }
    if (cx.parser.isSet(QStringLiteral("dismiss"))) {
        const QString id = cx.parser.value(QStringLiteral("dismiss"));
        if (Status s = reflection.dismiss(id, now); !s)
            return cx.fail(s.error().toString());
        cx.out << "dismissed " << id << Qt::endl;
        return ExitOk;
    }

    auto due = reflection.due(now);
    if (!due)
        return cx.fail(due.error().toString());
    if (cx.parser.isSet(QStringLiteral("if-due")) && !due->due) {
        cx.out << "not due: " << due->reason << Qt::endl;
        return ExitOk;
    }
    auto record = reflection.reflect(now);
    if (!record)
        return cx.fail(record.error().toString());
    const bool apply = cx.parser.isSet(QStringLiteral("apply"));
    if (apply) {
        if (Status s = reflection.accept(record->id, only, now); !s)
            return cx.fail(s.error().toString());
        record->status = QStringLiteral("applied");
    }
    if (cx.json()) {
        cx.out << QJsonDocument(record->toJson()).toJson(QJsonDocument::Indented);
    } else {
        printRecord(cx.out, *record);
        if (!apply)
            cx.out << "proposals only: `engram-cli reflect --accept " << record->id
                   << " [--only 1,3]` applies them as learnings" << Qt::endl;
    }
    return ExitOk;
}

const CommandRegistration reflectCommand{CliCommand{
    QStringLiteral("reflect"),
    QStringLiteral("Ask the configured local LLM for insights, patterns and questions (proposals until accepted)."),
    [](QCommandLineParser &p) {
        p.addOptions(
            {{QStringLiteral("apply"), QStringLiteral("Apply the new proposals as learnings right away.")},
             {QStringLiteral("if-due"), QStringLiteral("Only when due (10 interactions and 4 h since the last).")},
             {QStringLiteral("list"), QStringLiteral("List the stored reflections.")},
             {QStringLiteral("accept"), QStringLiteral("Apply the proposals of a stored reflection."),
              QStringLiteral("id")},
             {QStringLiteral("dismiss"), QStringLiteral("Dismiss a stored reflection."), QStringLiteral("id")},
             {QStringLiteral("only"), QStringLiteral("With --apply/--accept: only these proposals (1,3)."),
              QStringLiteral("numbers")}});
    },
    runReflect}};

} // namespace

} // namespace engram::cli
