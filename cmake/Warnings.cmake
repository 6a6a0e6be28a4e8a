# One interface target carries the project's warning and sanitizer flags; every target links it.
add_library(wt_options INTERFACE)
target_compile_options(wt_options INTERFACE -Wall -Wextra -Wpedantic -Wshadow)
# Every member of the project's structs has a default initializer, and an aggregate initializer that
# leaves trailing members out (PublishedMetric{metric, value}) takes those defaults on purpose.
target_compile_options(wt_options INTERFACE -Wno-missing-field-initializers)
# GCC 12 at -O2 reports -Wrestrict inside std::string's operator+ (a false positive, GCC bug 105329).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(wt_options INTERFACE -Wno-restrict)
endif()
if(WT_WERROR)
  target_compile_options(wt_options INTERFACE -Werror)
endif()
if(WT_SANITIZE)
  target_compile_options(wt_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(wt_options INTERFACE -fsanitize=address,undefined)
endif()
