#include "Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace engram {

void Translations::install()
{
    auto *app = QCoreApplication::instance();
    auto *qt = new QTranslator(app);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto *engram = new QTranslator(app);
    const QLocale locale;
    const bool loaded =
        locale.language() != QLocale::C
        && engram->load(locale, QStringLiteral("engram"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    if (loaded || engram->load(QStringLiteral("engram_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(engram);
}

} // namespace engram
