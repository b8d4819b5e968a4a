# sectorscope_fileio: checked reads of user files and all-or-nothing writes
# (ReadFile.h, WriteFile.h). Plain C++ with no dependencies, so the model and
# the micro-benchmarks include this file in their standalone builds too.
if(NOT TARGET sectorscope_fileio)
  add_library(sectorscope_fileio STATIC
    ${CMAKE_CURRENT_LIST_DIR}/ReadFile.cpp
    ${CMAKE_CURRENT_LIST_DIR}/WriteFile.cpp)
  get_filename_component(_sectorscope_root ${CMAKE_CURRENT_LIST_DIR} DIRECTORY)
  target_include_directories(sectorscope_fileio PUBLIC ${_sectorscope_root})
  set_target_properties(sectorscope_fileio PROPERTIES
    POSITION_INDEPENDENT_CODE ON CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_compile_features(sectorscope_fileio PUBLIC cxx_std_17)
endif()
