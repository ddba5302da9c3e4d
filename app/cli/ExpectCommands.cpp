// engram-cli expect add/list/remove/check: the owner's regression lab for recall
#include "CliCommand.h"
#include "agent/Expectations.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

QJsonObject expectationJson(int number, const Expectation &e)
{
    QJsonObject o{{QStringLiteral("number"), number},
                  {QStringLiteral("question"), e.question},
                  {QStringLiteral("path"), e.path},
                  {QStringLiteral("target"), e.target()}};
    if (!e.mode.isEmpty())
        o.insert(QStringLiteral("mode"), e.mode);
    if (e.added.isValid())
        o.insert(QStringLiteral("added"), e.added.toString(Qt::ISODate));
    return o;
}

QString expectationLine(int number, const Expectation &e)
{
    QString line = QStringLiteral("%1. \"%2\" → %3").arg(number).arg(e.question, e.target());
    if (!e.mode.isEmpty())
        line += QStringLiteral(" (mode %1)").arg(e.mode);
    return line;
}

/// An absolute path inside the vault becomes vault-relative; anything else is taken as written.
QString vaultRelative(const QString &vault, const QString &target)
{
    if (!QDir::isAbsolutePath(target))
        return target;
    const QString relative = QDir(QFileInfo(vault).canonicalFilePath()).relativeFilePath(target);
    return relative.startsWith(QLatin1String("..")) ? target : relative;
}

int runAdd(CliContext &cx)
{
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    const QStringList args = cx.parser.positionalArguments();
    if (args.size() != 2) {
        cx.err << "usage: engram-cli expect add \"question\" PATH[:FROM-TO] [--mode MODE]" << Qt::endl;
        return ExitUsage;
    }
    auto expectation = Expectation::fromTarget(args.at(0), vaultRelative(vault, args.at(1)));
    if (!expectation)
        return cx.fail(expectation.error().toString());
    if (!QFileInfo(QDir(vault).filePath(expectation->path)).isFile())
        return cx.fail(QStringLiteral("%1 is not a file in the vault %2; name the memory by its vault-relative path")
                           .arg(expectation->path, QDir(vault).absolutePath()));
    expectation->mode = cx.parser.value(QStringLiteral("mode"));
    auto added = Expectations(vault).add(*expectation);
    if (!added)
        return cx.fail(added.error().toString());
    cx.report(QStringLiteral("%1: \"%2\" → %3")
                  .arg(*added ? QStringLiteral("added") : QStringLiteral("already expected"), expectation->question,
                       expectation->target()),
              QJsonObject{{QStringLiteral("added"), *added},
                          {QStringLiteral("question"), expectation->question},
                          {QStringLiteral("target"), expectation->target()}});
    return ExitOk;
}

int runList(CliContext &cx)
{
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    auto expectations = Expectations(vault).load();
    if (!expectations)
        return cx.fail(expectations.error().toString());
    if (cx.json()) {
        QJsonArray items;
        for (int i = 0; i < expectations->size(); ++i)
            items.append(expectationJson(i + 1, expectations->at(i)));
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("expectations"), items}}).toJson(QJsonDocument::Compact)
               << Qt::endl;
        return ExitOk;
    }
    if (expectations->isEmpty())
        cx.out << "no expectations yet: engram-cli expect add \"question\" PATH[:FROM-TO]" << Qt::endl;
    for (int i = 0; i < expectations->size(); ++i)
        cx.out << expectationLine(i + 1, expectations->at(i)) << Qt::endl;
    return ExitOk;
}

int runRemove(CliContext &cx)
{
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    const QString what = cx.parser.positionalArguments().join(QLatin1Char(' ')).trimmed();
    if (what.isEmpty()) {
        cx.err << "usage: engram-cli expect remove NUMBER | \"question\"" << Qt::endl;
        return ExitUsage;
    }
    const Expectations expectations(vault);
    bool isNumber = false;
    const int number = what.toInt(&isNumber);
    if (isNumber) {
        auto removed = expectations.removeAt(number);
        if (!removed)
            return cx.fail(removed.error().toString());
        cx.report(QStringLiteral("removed %1").arg(expectationLine(number, *removed)),
                  QJsonObject{{QStringLiteral("removed"), 1}});
        return ExitOk;
    }
    auto removed = expectations.removeQuestion(what);
    if (!removed)
        return cx.fail(removed.error().toString());
    if (*removed == 0)
        return cx.fail(QStringLiteral("no expectation asks \"%1\"; `engram-cli expect list` shows them").arg(what));
    cx.report(QStringLiteral("removed %1 expectation(s) asking \"%2\"").arg(*removed).arg(what),
              QJsonObject{{QStringLiteral("removed"), *removed}});
    return ExitOk;
}

QString rankText(const ExpectationResult &r, int k)
{
    if (r.status == ExpectationStatus::Missing || r.status == ExpectationStatus::Error)
        return QStringLiteral("-");
    if (r.rank == 0)
        return QStringLiteral(">%1").arg(Expectations::kSearchDepth);
    return r.rank <= k ? QString::number(r.rank) : QStringLiteral("%1 (>%2)").arg(r.rank).arg(k);
}

QString changeText(const ExpectationResult &r)
{
    if (!r.hadPrevious || r.change == ExpectationChange::Same)
        return ExpectationReport::changeName(r.change);
    return QStringLiteral("%1 (was %2%3)")
        .arg(ExpectationReport::changeName(r.change), ExpectationReport::statusName(r.previousStatus),
             r.previousRank > 0 ? QStringLiteral(" at %1").arg(r.previousRank) : QString());
}

int runCheck(CliContext &cx)
{
    bool ok = true;
    ExpectationCheckOptions options;
    options.k = cx.intOption(QStringLiteral("k"), 10, &ok);
    if (!ok)
        return ExitUsage;
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    auto report = Expectations(engine->vaultPath()).check(*engine, options);
    if (!report)
        return cx.fail(report.error().toString());
    const bool allPass = report->count(ExpectationStatus::Pass) == report->results.size();
    if (cx.json()) {
        cx.out << QJsonDocument(report->toJson()).toJson(QJsonDocument::Compact) << Qt::endl;
        return allPass ? ExitOk : ExitFailure;
    }
    if (report->results.isEmpty()) {
        cx.out << "no expectations yet: engram-cli expect add \"question\" PATH[:FROM-TO]" << Qt::endl;
        return ExitOk;
    }
    for (int i = 0; i < report->results.size(); ++i) {
        const ExpectationResult &r = report->results.at(i);
        QString line = QStringLiteral("%1 %2 — rank %3, %4")
                           .arg(ExpectationReport::statusName(r.status).toUpper().leftJustified(7),
                                expectationLine(i + 1, r.expectation), rankText(r, report->k), changeText(r));
        if (!r.detail.isEmpty())
            line += QStringLiteral(": ") + r.detail;
        cx.out << line << "\n";
    }
    cx.out << report->summary();
    if (const int changed = report->changed())
        cx.out << QStringLiteral("; %1 changed since the last check").arg(changed);
    cx.out << Qt::endl;
    if (!allPass)
        cx.noteIfIndexEmpty(*engine);
    return allPass ? ExitOk : ExitFailure;
}

} // namespace

const CommandRegistration expectAddCommand{CliCommand{
    QStringLiteral("expect add"),
    QStringLiteral("Mark PATH[:FROM-TO] as the right answer to \"question\" (state/expectations.jsonl)."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("mode"), QStringLiteral("Ranking mode to ask in (default: the vault's default)."),
                     QStringLiteral("mode")});
        p.addPositionalArgument(QStringLiteral("question"), QStringLiteral("The question, quoted."));
        p.addPositionalArgument(QStringLiteral("path"), QStringLiteral("Vault-relative file, optionally :FROM-TO."));
    },
    runAdd}};

const CommandRegistration expectListCommand{CliCommand{QStringLiteral("expect list"),
                                                       QStringLiteral("The expectations, numbered."),
                                                       [](QCommandLineParser &) {}, runList}};

const CommandRegistration expectRemoveCommand{CliCommand{
    QStringLiteral("expect remove"), QStringLiteral("Remove expectation NUMBER, or every one asking \"question\"."),
    [](QCommandLineParser &p) {
        p.addPositionalArgument(QStringLiteral("what"), QStringLiteral("A number from `expect list`, or a question."));
    },
    runRemove}};

const CommandRegistration expectCheckCommand{CliCommand{
    QStringLiteral("expect check"),
    QStringLiteral("Ask every expectation's question: pass (within top k), rank and change; exit 1 when one fails."),
    [](QCommandLineParser &p) {
        p.addOption({{QStringLiteral("k"), QStringLiteral("top")},
                     QStringLiteral("Pass when the expected memory is within the top n (default 10)."),
                     QStringLiteral("n")});
    },
    runCheck}};

} // namespace engram::cli
