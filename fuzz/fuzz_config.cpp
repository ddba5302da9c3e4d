// libFuzzer target: loading `engram.json`.
#include "FuzzSupport.h"
#include "core/Config.h"

#include <QDir>

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::ensureApplication();
    const QString vault = fuzz::scratchVault();
    fuzz::writeFile(QDir(vault).filePath(QStringLiteral("engram.json")),
                    QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    const auto config = Config::load(vault);
    if (!config)
        fuzz::require(!config.error().message.isEmpty(), "an error says what is wrong");
    return 0;
}
