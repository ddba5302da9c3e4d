// libFuzzer target: loading `state/cognitive.json`. What loads must save and load again.
#include "FuzzSupport.h"
#include "cognition/CognitiveState.h"

#include <QDir>

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::ensureApplication();
    const QString vault = fuzz::scratchVault();
    CognitiveStore store(vault);
    fuzz::writeFile(store.filePath(), QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    const auto loaded = store.load();
    if (!loaded) {
        fuzz::require(!loaded.error().message.isEmpty(), "an error says what is wrong");
        return 0;
    }
    const auto again = CognitiveState::fromJson(loaded->toJson());
    fuzz::require(bool(again), "a loaded state reads back from its own JSON");
    (void)CognitiveStore::renderPreamble(*loaded, QDateTime(QDate(2026, 1, 2), QTime(9, 0), Qt::UTC), 400);
    return 0;
}
