# cmake -DHELP2MAN=... -DPROGRAM=... [-DSUB=run] -DPAGE=windtunnel-run -DVERSION=0.1.0
#       -DINCLUDE=file.h2m -DOUTPUT=page.1 -P Help2Man.cmake
# One man page from `PROGRAM [SUB] --help` (cmake/ManPages.cmake). The NAME line is the help's
# first line ("Simulate one training iteration of a scenario." → "simulate one training iteration
# of a scenario"), so the page says what --help says and nothing is written twice.
execute_process(COMMAND ${PROGRAM} ${SUB} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} ${SUB} --help exited with ${rc}")
endif()
string(REGEX MATCH "^[^\n]*" summary "${help}")
string(REGEX REPLACE "^[A-Za-z-]+: " "" summary "${summary}")  # "Windtunnel: fly ..." → "fly ..."
string(REGEX REPLACE "\\.$" "" summary "${summary}")
string(SUBSTRING "${summary}" 0 1 first)
string(SUBSTRING "${summary}" 1 -1 rest)
string(TOLOWER "${first}" first)
# help2man runs "PROGRAM --help" through the shell, so "windtunnel run" documents the subcommand;
# --version-string names the page (a subcommand has no --version of its own).
execute_process(
  COMMAND ${HELP2MAN} --no-info --no-discard-stderr --name "${first}${rest}"
          --version-string "${PAGE} ${VERSION}" --include ${INCLUDE} --output ${OUTPUT}
          "${PROGRAM} ${SUB}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed for ${PAGE}")
endif()
