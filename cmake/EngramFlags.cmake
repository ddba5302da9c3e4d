# One place for the language standard, the Qt defines and the warnings.
add_library(engram_flags INTERFACE)
target_compile_features(engram_flags INTERFACE cxx_std_20)
target_compile_definitions(engram_flags INTERFACE
  QT_NO_CAST_FROM_ASCII
  QT_NO_CAST_TO_ASCII
  QT_NO_CONTEXTLESS_CONNECT
  QT_NO_URL_CAST_FROM_STRING
  QT_DISABLE_DEPRECATED_BEFORE=0x060400)
target_compile_options(engram_flags INTERFACE -Wall -Wextra -Wpedantic)
if(ENGRAM_WERROR)
  target_compile_options(engram_flags INTERFACE -Werror)
endif()
# LLVM's linker where it is installed (scripts/install-deps.sh installs it): a test binary links in a
# quarter of the time GNU ld takes (0.43 s against 1.75 s), and a build links ~120 of them.
find_program(ENGRAM_LLD NAMES ld.lld)
if(ENGRAM_LLD)
  add_link_options(-fuse-ld=lld)
endif()
# AddressSanitizer + UndefinedBehaviorSanitizer for every target (CI runs the whole suite so).
# No recovery from UB: a report ends the process, so the test that caused it fails.
if(ENGRAM_SANITIZE)
  set(engram_sanitizers -fsanitize=address,undefined)
  target_compile_options(engram_flags INTERFACE ${engram_sanitizers} -fno-omit-frame-pointer
                                                -fno-sanitize-recover=undefined)
  target_link_options(engram_flags INTERFACE ${engram_sanitizers})
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    # Known defects of third-party headers, each with its reason (gcc has no such list).
    target_compile_options(engram_flags INTERFACE
      -fsanitize-ignorelist=${CMAKE_CURRENT_LIST_DIR}/sanitizer-ignorelist.txt)
  endif()
endif()

# The QtCore and standard headers that most files of the engine, and of the libraries and programs on it
# (model, ui, app), include; each adds those of its own modules. A UI file spent two thirds of its
# compile parsing headers (MemoryBrowser.cpp, -ftime-report) before the ui had its own.
set(engram_core_pch_headers
  <QByteArray> <QDateTime> <QDir> <QFile> <QFileInfo> <QHash> <QJsonArray> <QJsonDocument> <QJsonObject>
  <QList> <QRegularExpression> <QSet> <QString> <QStringList> <algorithm> <functional> <memory> <optional>
  <vector>)
set(engram_model_pch_headers ${engram_core_pch_headers}
  <QObject> <QAbstractTableModel> <QCoreApplication> <QElapsedTimer> <QLocale> <QTimer> <QColor>)
# engram_precompile_qt(TARGET HEADERS...): the Qt and standard headers most of a library's files
# include, parsed once per library instead of once per file (parsing them was half of an engine
# file's compile). Only system headers: the project's own change too often. clang records the headers'
# times in a precompiled header unless told not to; ccache needs it not to.
function(engram_precompile_qt target)
  target_precompile_headers(${target} PRIVATE ${ARGN})
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(${target} PRIVATE -Xclang -fno-pch-timestamp)
  endif()
endfunction()
