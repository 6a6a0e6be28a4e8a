# wt_layer_library(name FOLDER dir [GLOB patterns...] [EXCLUDE patterns...] [PUBLIC libs...]
#                  [PRIVATE libs...])
# One layer library (docs/architecture.md, "Layers"): every .cpp under `dir` and its subfolders
# (or those in `dir` matching GLOB), less EXCLUDE, so a new source file needs no CMake edit. PUBLIC
# names the layers below it that its headers use; scripts/check-layers.py refuses a link to a layer above. A
# folder without sources yet (core) is an INTERFACE library carrying the same dependencies.
#
# Headers are included by their path from the project root ("sim/run.hpp"); an installed library
# finds them under include/windtunnel (cmake/Install.cmake). wt_options (warnings, sanitizers) is
# the build's own: it is not part of the installed package.
set(wt_include_dirs $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/windtunnel>)
set(wt_private_options $<BUILD_INTERFACE:wt_options>)
function(wt_layer_library name)
  cmake_parse_arguments(arg "" "FOLDER" "GLOB;EXCLUDE;PUBLIC;PRIVATE" ${ARGN})
  set(glob GLOB)
  if(NOT arg_GLOB)
    set(arg_GLOB "*.cpp")
    set(glob GLOB_RECURSE)  # a whole folder, with its subfolders (sim/engine/simgrid)
  endif()
  set(patterns "")
  foreach(pattern IN LISTS arg_GLOB)
    list(APPEND patterns ${arg_FOLDER}/${pattern})
  endforeach()
  file(${glob} sources CONFIGURE_DEPENDS ${patterns})
  foreach(pattern IN LISTS arg_EXCLUDE)
    file(GLOB excluded CONFIGURE_DEPENDS ${arg_FOLDER}/${pattern})
    if(excluded)
      list(REMOVE_ITEM sources ${excluded})
    endif()
  endforeach()
  if(NOT sources)
    add_library(${name} INTERFACE)
    target_include_directories(${name} INTERFACE ${wt_include_dirs})
    target_link_libraries(${name} INTERFACE ${arg_PUBLIC})
    return()
  endif()
  add_library(${name} ${WT_LIBRARY_TYPE} ${sources})
  target_include_directories(${name} PUBLIC ${wt_include_dirs})
  target_link_libraries(${name} PUBLIC ${arg_PUBLIC} PRIVATE ${wt_private_options} ${arg_PRIVATE})
endfunction()
