//===- Report.cpp - The suite's JSON report -------------------------------===//
#include "microbench/host/Report.h"

#include "common/WriteFile.h"

#include <cmath>
#include <ctime>

namespace sectorscope::mb {

using nlohmann::json;

namespace {
// JSON has no NaN or infinity; a broken timing must not break the file.
double finite(double V) { return std::isfinite(V) ? V : 0.0; }
} // namespace

const std::vector<std::string> &rowFields() {
  static const std::vector<std::string> F = {"experiment",
                                             "op",
                                             "word_bytes",
                                             "camped",
                                             "active_warps_per_sm",
                                             "blocks_per_sm",
                                             "blocks",
                                             "threads",
                                             "bytes_moved",
                                             "footprint_bytes",
                                             "best_ms",
                                             "median_ms",
                                             "max_ms",
                                             "runs",
                                             "gbps",
                                             "median_gbps",
                                             "stride",
                                             "offset",
                                             "N",
                                             "L",
                                             "M",
                                             "stores",
                                             "pitch",
                                             "region_bytes",
                                             "mlp",
                                             "dram",
                                             "prior_write_bytes",
                                             "cycles_per_op",
                                             "sm_clock_mhz",
                                             "mem_clock_mhz",
                                             "temp_c",
                                             "power_w"};
  return F;
}

json toJson(const Row &R) {
  json J = json::object();
  J["experiment"] = R.Experiment;
  J["op"] = R.Op;
  J["word_bytes"] = R.WordBytes;
  J["camped"] = R.Camped;
  J["active_warps_per_sm"] = R.ActiveWarpsPerSm;
  J["blocks_per_sm"] = R.BlocksPerSm;
  J["blocks"] = R.Blocks;
  J["threads"] = R.Threads;
  J["bytes_moved"] = finite(R.BytesMoved);
  J["footprint_bytes"] = finite(R.FootprintBytes);
  J["best_ms"] = finite(R.Time.BestMs);
  J["median_ms"] = finite(R.Time.MedianMs);
  J["max_ms"] = finite(R.Time.MaxMs);
  J["runs"] = R.Time.Runs;
  J["gbps"] = finite(gbps(R.BytesMoved, R.Time.BestMs));
  J["median_gbps"] = finite(gbps(R.BytesMoved, R.Time.MedianMs));
  J["stride"] = R.Stride;
  J["offset"] = R.Offset;
  J["N"] = R.N;
  J["L"] = R.L;
  J["M"] = R.M;
  J["stores"] = R.Stores;
  J["pitch"] = R.Pitch;
  J["region_bytes"] = R.RegionBytes;
  J["mlp"] = R.Mlp;
  J["dram"] = R.Dram;
  J["prior_write_bytes"] = finite(R.PriorWriteBytes);
  J["cycles_per_op"] = finite(R.CyclesPerOp);
  J["sm_clock_mhz"] = R.Tel.SmClockMhz;
  J["mem_clock_mhz"] = R.Tel.MemClockMhz;
  J["temp_c"] = R.Tel.TempC;
  J["power_w"] = finite(R.Tel.PowerW);
  return J;
}

json toJson(const DeviceInfo &D) {
  return json{{"name", D.Name},
              {"sm_count", D.Sms},
              {"compute_capability",
               std::to_string(D.CcMajor) + "." + std::to_string(D.CcMinor)},
              {"max_warps_per_sm", D.MaxWarpsPerSm},
              {"l2_bytes", D.L2Bytes},
              {"global_mem_bytes", D.GlobalMemBytes},
              {"mem_bus_width_bits", D.MemBusWidthBits},
              {"cuda_driver_version", D.DriverVersion},
              {"cuda_runtime_version", D.RuntimeVersion},
              {"driver", D.DriverString},
              {"pci_bus_id", D.PciBusId},
              {"max_sm_clock_mhz", D.MaxSmClockMhz},
              {"max_mem_clock_mhz", D.MaxMemClockMhz}};
}

json makeReport(const DeviceInfo &D, const Provenance &P,
                const std::vector<Row> &Rows) {
  json J;
  J["schema"] = ReportSchema;
  J["gpu"] = toJson(D);
  J["provenance"] = {{"command", P.Command},
                     {"date_utc", P.DateUtc},
                     {"host", P.Host},
                     {"timing", P.Timing}};
  J["rows"] = json::array();
  for (const Row &R : Rows)
    J["rows"].push_back(toJson(R));
  return J;
}

bool writeJsonFile(const std::string &Path, const json &J, std::string &Error) {
  sectorscope::WriteStatus S =
      sectorscope::writeFileAtomically(Path, J.dump(1) + "\n");
  if (S.ok())
    return true;
  Error = S.Opened
              ? "cannot write '" + Path + "': " + S.Problem
              : "cannot open '" + Path + "' for writing (" + S.Problem + ")";
  return false;
}

std::string utcNow() {
  std::time_t T = std::time(nullptr);
  std::tm Tm{};
  gmtime_r(&T, &Tm);
  char Buf[32];
  std::strftime(Buf, sizeof(Buf), "%Y-%m-%dT%H:%M:%SZ", &Tm);
  return Buf;
}

} // namespace sectorscope::mb
