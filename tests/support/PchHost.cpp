// Holds the test binaries' precompiled Qt headers (tests/CMakeLists.txt, engram_test_pch): a target
// needs a source file for CMake to build its precompiled header; this one adds nothing of its own.
