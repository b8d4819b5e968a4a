# Lets another CMake project `find_package(sectorscope)`.
include(CMakePackageConfigHelpers)
configure_package_config_file(
  ${SECTORSCOPE_SOURCE_DIR}/cmake/sectorscopeConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/sectorscopeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/sectorscope
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/sectorscopeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/sectorscopeConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake/sectorscopeConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/sectorscope)
install(FILES ${SECTORSCOPE_DATA_FILES}
        DESTINATION ${CMAKE_INSTALL_DATADIR}/sectorscope/data)
# The reports page, which SARIF files name as the tool's informationUri, beside
# the library in the build tree as in the installed one.
file(COPY ${SECTORSCOPE_SOURCE_DIR}/docs/reports.md
     DESTINATION ${CMAKE_BINARY_DIR}/share/doc/sectorscope)
install(FILES ${SECTORSCOPE_SOURCE_DIR}/docs/reports.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/sectorscope)

# The lit helper of a user's kernel tests (share/sectorscope/lit), which
# finds the wrapper relative to itself.
set(_ss_lit_dir ${CMAKE_INSTALL_DATADIR}/sectorscope/lit)
file(RELATIVE_PATH SECTORSCOPE_LIT_TO_BINDIR
     ${CMAKE_INSTALL_PREFIX}/${_ss_lit_dir} ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR})
configure_file(${SECTORSCOPE_SOURCE_DIR}/cmake/sectorscope_lit.py.in
               ${CMAKE_BINARY_DIR}/cmake/sectorscope_lit.py @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/cmake/sectorscope_lit.py DESTINATION ${_ss_lit_dir})
