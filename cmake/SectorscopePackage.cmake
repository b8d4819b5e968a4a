# Lets another CMake project `find_package(sectorscope)`.
include(CMakePackageConfigHelpers)
configure_package_config_file(
  ${SECTORSCOPE_SOURCE_DIR}/cmake/sectorscopeConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/sectorscopeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/sectorscope
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR)
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
