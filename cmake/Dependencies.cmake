# Dependencies come from Debian packages (scripts/install-deps.sh). Qt 6 is required unless the GUI
# is switched off (WT_GUI=OFF), pybind11 and the Python headers unless the Python module is
# (WT_PYTHON=OFF); CUDA/NCCL are optional (no GPU on CI): calibrate/'s GPU part is
# skipped with one line when they are missing.
find_package(PkgConfig REQUIRED)
pkg_check_modules(SimGrid REQUIRED IMPORTED_TARGET simgrid>=3.32)
# PNG plots (--plot FILE.png) rasterise the SVG with librsvg on cairo: required, so that no build
# leaves PNG out silently.
pkg_check_modules(Rsvg QUIET IMPORTED_TARGET librsvg-2.0>=2.52 cairo>=1.16)
if(NOT Rsvg_FOUND)
  message(FATAL_ERROR
    "windtunnel: librsvg 2.52+ and cairo 1.16+ not found (pkg-config librsvg-2.0 cairo); they "
    "draw the PNG plots. Install the Debian packages with scripts/install-deps.sh "
    "(librsvg2-dev libcairo2-dev).")
endif()
find_package(Eigen3 3.3 REQUIRED NO_MODULE)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(ZLIB REQUIRED)  # core/gzip_stream: run --trace FILE.json.gz
find_package(CLI11 CONFIG QUIET)
if(NOT CLI11_FOUND)
  find_path(CLI11_INCLUDE_DIR CLI/CLI.hpp REQUIRED)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  target_include_directories(CLI11::CLI11 INTERFACE ${CLI11_INCLUDE_DIR})
endif()
if(WT_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
find_package(benchmark QUIET)

# The desktop planner is part of the product: when it is wanted (the default) and Qt 6 is missing,
# configuring fails and names the packages, so no build skips it silently. -DWT_GUI=OFF opts out.
if(WT_GUI)
  find_package(Qt6 6.4 QUIET COMPONENTS Widgets Charts Test)
  if(NOT Qt6_FOUND)
    set(wt_missing "")
    foreach(component Widgets Charts Test)
      if(NOT Qt6${component}_FOUND)
        list(APPEND wt_missing Qt6${component})
      endif()
    endforeach()
    message(FATAL_ERROR
      "windtunnel: Qt 6.4+ (${wt_missing}) not found, and the GUI is on (WT_GUI=ON).\n"
      "Qt says: ${Qt6_NOT_FOUND_MESSAGE}\n"
      "Install the Debian packages with scripts/install-deps.sh (qt6-base-dev qt6-charts-dev "
      "libqt6opengl6-dev libgl-dev), or configure with -DWT_GUI=OFF to build without windtunnel-gui.")
  endif()
  message(STATUS "windtunnel: Qt ${Qt6_VERSION} found: gui/ built")
else()
  message(STATUS "windtunnel: WT_GUI=OFF: gui/ not built (windtunnel-gui and its tests are left out)")
endif()

# The Python module is part of the product too: wanted (the default) and pybind11 or the Python
# headers missing, configuring fails and names the packages. -DWT_PYTHON=OFF opts out.
if(WT_PYTHON)
  set(PYBIND11_FINDPYTHON ON)
  find_package(Python 3.8 QUIET COMPONENTS Interpreter Development.Module)
  if(Python_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
  endif()
  if(NOT Python_FOUND OR NOT pybind11_FOUND)
    if(NOT Python_FOUND)
      set(wt_missing "Python 3.8+ with its headers (Development.Module)")
    else()
      set(wt_missing "pybind11 2.6+ (for Python ${Python_VERSION} at ${Python_EXECUTABLE})")
    endif()
    message(FATAL_ERROR
      "windtunnel: ${wt_missing} not found, and the Python module is on (WT_PYTHON=ON).\n"
      "Install the Debian packages with scripts/install-deps.sh (python3-dev pybind11-dev "
      "python3-pybind11), or configure with -DWT_PYTHON=OFF to build without the module.")
  endif()
  message(STATUS "windtunnel: pybind11 ${pybind11_VERSION} for Python ${Python_VERSION} "
                 "(${Python_EXECUTABLE}) found: python/ built")
else()
  message(STATUS "windtunnel: WT_PYTHON=OFF: python/ not built (the windtunnel module and its test "
                 "are left out)")
endif()

set(WT_CUDA_ROOT "/usr/local/cuda" CACHE PATH "CUDA toolkit root (nvcc, cuBLASLt, NCCL)")
find_program(WT_NVCC nvcc HINTS "${WT_CUDA_ROOT}/bin")
find_path(WT_NCCL_INCLUDE nccl.h HINTS "${WT_CUDA_ROOT}/include")
if(WT_NVCC AND WT_NCCL_INCLUDE)
  set(WT_HAVE_CUDA ON)
  message(STATUS "windtunnel: CUDA found (${WT_NVCC}), NCCL headers in ${WT_NCCL_INCLUDE}")
else()
  set(WT_HAVE_CUDA OFF)
  message(STATUS "windtunnel: CUDA/NCCL not found under ${WT_CUDA_ROOT}: calibrate/ skipped")
endif()
