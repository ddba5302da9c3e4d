# The end-to-end tests on npm packages, run by ctest: the MCP SDK client (issue 8, tests/mcp) and the
# real agents, Claude Code and Codex (issue 28, tests/agents):
#   cmake -DSOURCE_DIR=<tests/mcp> -DWORK_DIR=<build dir> -DCLI=<engram-cli> [-DFILES=a;b] [-DARGS=x|y]
#         -P run_e2e.cmake
# Copies package.json, package-lock.json, e2e.mjs and FILES to WORK_DIR, runs `npm ci` there
# (again only when the lock file changed; npm's cache makes it work offline once filled),
# then `node e2e.mjs CLI ARGS…`. node_modules never lands in the source tree.
foreach(var SOURCE_DIR WORK_DIR CLI)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_e2e.cmake needs -D${var}=…")
  endif()
endforeach()
find_program(NODE node)
find_program(NPM npm)
if(NOT NODE OR NOT NPM)
  message(FATAL_ERROR "the end-to-end test needs node and npm (scripts/install-deps.sh installs them)")
endif()

string(REPLACE "|" ";" ARGS "${ARGS}")
file(MAKE_DIRECTORY "${WORK_DIR}")
foreach(f package.json package-lock.json e2e.mjs ${FILES})
  configure_file("${SOURCE_DIR}/${f}" "${WORK_DIR}/${f}" COPYONLY)
endforeach()

file(SHA256 "${SOURCE_DIR}/package-lock.json" lock_hash)
set(stamp "${WORK_DIR}/node_modules/.engram-lock-sha256")
set(installed "")
if(EXISTS "${stamp}")
  file(READ "${stamp}" installed)
endif()
if(NOT installed STREQUAL lock_hash)
  message(STATUS "npm ci (${SOURCE_DIR}/package-lock.json)")
  execute_process(COMMAND "${NPM}" ci --no-audit --no-fund --prefer-offline
                  WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE npm_result)
  if(NOT npm_result EQUAL 0)
    message(FATAL_ERROR "npm ci failed (${npm_result}): is the npm registry reachable?")
  endif()
  file(WRITE "${stamp}" "${lock_hash}")
endif()

execute_process(COMMAND "${NODE}" e2e.mjs "${CLI}" ${ARGS} WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE node_result)
if(NOT node_result EQUAL 0)
  message(FATAL_ERROR "the end-to-end test in ${SOURCE_DIR} failed (${node_result})")
endif()
