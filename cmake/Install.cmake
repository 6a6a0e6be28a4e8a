# `cmake --install BUILD --prefix DIR` (docs/architecture.md, "Install"): the programs, the layer
# libraries with their headers, a CMake package (find_package(windtunnel CONFIG): targets
# windtunnel::sim, windtunnel::planner, ...), windtunnel.pc, the data the programs read at run time
# and the shipped scenarios, the man pages (cmake/ManPages.cmake) and the bash completion.
# tests/install/ installs into a temporary prefix and builds a consumer against it.
include(CMakePackageConfigHelpers)

# The programs that were built. Shared builds (the dev preset) also install the GUI's and
# windtunnel-calibrate's own libraries, which those programs load; static builds need no more.
set(wt_programs windtunnel)
foreach(program windtunnel-gui windtunnel-calibrate)
  if(TARGET ${program})
    list(APPEND wt_programs ${program})
  endif()
endforeach()
install(TARGETS ${wt_programs} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(WT_SHARED_LIBS)
  foreach(lib wt_gui_app wt_gui_views wt_gui_topology wt_calibrate_core)
    if(TARGET ${lib})
      install(TARGETS ${lib} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
    endif()
  endforeach()
endif()

# The layer libraries, highest first (the link order windtunnel.pc lists), exported as
# windtunnel::<name without wt_>; wt_sim is the whole simulator, wt_planner adds the planner.
set(wt_exported wt_planner wt_sim wt_validation wt_run wt_report wt_engine wt_workload wt_comm
                wt_scenario_load wt_hardware wt_scenario wt_topology wt_core)
foreach(lib IN LISTS wt_exported)
  string(REGEX REPLACE "^wt_" "" export_name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
# The headers need C++20; a sanitized build's libraries need the sanitizer runtimes at link time.
target_compile_features(wt_core PUBLIC cxx_std_20)
if(WT_SANITIZE)
  set(wt_sanitizer_link -fsanitize=address,undefined)
  target_link_options(wt_core INTERFACE $<INSTALL_INTERFACE:${wt_sanitizer_link}>)
endif()
install(TARGETS ${wt_exported} EXPORT windtunnelTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Headers keep their paths from the project root: #include "sim/run.hpp" with
# -I PREFIX/include/windtunnel.
install(DIRECTORY core topology sim planner DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/windtunnel
        FILES_MATCHING PATTERN "*.hpp")

set(wt_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/windtunnel)
install(EXPORT windtunnelTargets NAMESPACE windtunnel:: DESTINATION ${wt_cmake_dir})
if(WT_SHARED_LIBS)
  set(WT_PACKAGE_STATIC OFF)
else()
  set(WT_PACKAGE_STATIC ON)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/windtunnelConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/windtunnelConfig.cmake
                              INSTALL_DESTINATION ${wt_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/windtunnelConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/windtunnelConfig.cmake
              ${PROJECT_BINARY_DIR}/windtunnelConfigVersion.cmake
        DESTINATION ${wt_cmake_dir})

# windtunnel.pc: static libraries carry their dependencies in Libs/Requires, shared ones privately.
set(WT_PC_LIBS "")
foreach(lib IN LISTS wt_exported)
  if(NOT lib STREQUAL "wt_sim")  # an interface target: no file
    string(APPEND WT_PC_LIBS " -l${lib}")
  endif()
endforeach()
if(WT_SHARED_LIBS)
  set(WT_PC_REQUIRES "nlohmann_json")
  set(WT_PC_REQUIRES_PRIVATE "eigen3 simgrid zlib librsvg-2.0 cairo")
else()
  set(WT_PC_REQUIRES "nlohmann_json eigen3 simgrid zlib librsvg-2.0 cairo")
  set(WT_PC_REQUIRES_PRIVATE "")
  string(APPEND WT_PC_LIBS " -pthread")
endif()
if(WT_SANITIZE)
  string(APPEND WT_PC_LIBS " ${wt_sanitizer_link}")
endif()
file(RELATIVE_PATH WT_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" WT_PC_TO_PREFIX "${WT_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/windtunnel.pc.in ${PROJECT_BINARY_DIR}/windtunnel.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/windtunnel.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# Run-time data (found beside the programs, core/data_dir.hpp) and the shipped scenarios.
install(FILES data/error-bands.json DESTINATION ${CMAKE_INSTALL_DATADIR}/windtunnel)
install(DIRECTORY scenarios DESTINATION ${CMAKE_INSTALL_DATADIR}/windtunnel)

install(FILES cli/completion/windtunnel.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME windtunnel)
include(${CMAKE_CURRENT_LIST_DIR}/ManPages.cmake)
