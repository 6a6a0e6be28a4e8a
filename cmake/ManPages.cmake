# Man pages from --help (help2man, scripts/install-deps.sh): windtunnel(1), one page per
# subcommand (windtunnel-run(1), ...) and windtunnel-calibrate(1) where it is built; made with the
# programs (cmake/Help2Man.cmake) and installed to share/man/man1. The sections --help has no
# place for (ENVIRONMENT, FILES, SEE ALSO) are in cli/man/*.h2m.
find_program(WT_HELP2MAN help2man)
if(NOT WT_HELP2MAN)
  message(STATUS "windtunnel: help2man not found: man pages not built (scripts/install-deps.sh)")
  return()
endif()
set(wt_man_dir ${PROJECT_BINARY_DIR}/man)
set(wt_man_pages "")
# wt_man_page(PAGE TARGET INCLUDE [SUB]): PAGE.1 from `TARGET [SUB] --help`.
function(wt_man_page page target include)
  set(output ${wt_man_dir}/${page}.1)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DHELP2MAN=${WT_HELP2MAN} -DPROGRAM=$<TARGET_FILE:${target}>
            -DSUB=${ARGN} -DPAGE=${page} -DVERSION=${PROJECT_VERSION} -DINCLUDE=${include}
            -DOUTPUT=${output} -P ${PROJECT_SOURCE_DIR}/cmake/Help2Man.cmake
    DEPENDS ${target} ${include} ${PROJECT_SOURCE_DIR}/cmake/Help2Man.cmake
    COMMENT "help2man: ${page}.1"
    VERBATIM)
  set(wt_man_pages ${wt_man_pages} ${output} PARENT_SCOPE)
endfunction()
file(MAKE_DIRECTORY ${wt_man_dir})
set(wt_man_include ${PROJECT_SOURCE_DIR}/cli/man)
wt_man_page(windtunnel windtunnel ${wt_man_include}/windtunnel.h2m)
foreach(sub run catalog validate plan topo sweep serve serve-plan share)
  wt_man_page(windtunnel-${sub} windtunnel ${wt_man_include}/subcommand.h2m ${sub})
endforeach()
if(TARGET windtunnel-calibrate)
  wt_man_page(windtunnel-calibrate windtunnel-calibrate ${wt_man_include}/calibrate.h2m)
endif()
add_custom_target(windtunnel-man ALL DEPENDS ${wt_man_pages})
install(FILES ${wt_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
