//===- Compare.h - Run-to-run agreement of two reports ----------*- C++ -*-===//
#ifndef SECTORSCOPE_MICROBENCH_COMPARE_H
#define SECTORSCOPE_MICROBENCH_COMPARE_H

#include <nlohmann/json.hpp>

#include <string>

namespace sectorscope::mb {

/// Key that identifies a measurement across runs: every configuration
/// field, none of the results.
std::string rowKey(const nlohmann::json &Row);

/// Matches the rows of two reports by rowKey and summarises the relative
/// difference of median_ms, |b - a| / a, overall and per experiment, for
/// all rows and for DRAM rows (dram == true). Fails on a malformed report.
bool compareReports(const nlohmann::json &A, const nlohmann::json &B,
                    nlohmann::json &Summary, std::string &Error);

} // namespace sectorscope::mb

#endif
