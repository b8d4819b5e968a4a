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
