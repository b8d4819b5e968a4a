#include <cstdio>
// Grid mode: every block counts; global sectors per memory partition per time
// window and per site, for the linear and XOR partition models; window
// clamping; bounded tables (site ids past num_sites, a full sample log).
#include "ss_test_host.h"

constexpr int Threads = 256, Blocks = 4096, N = Threads * Blocks;

__global__ void stream(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + 1.0f;
}

int main() {
  float *in, *out;
  SS_CUDA(cudaMalloc(&in, N * 4));
  SS_CUDA(cudaMalloc(&out, N * 4));
  SS_CUDA(cudaMemset(in, 0, N * 4));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  if (!ss::active()) {
    stream<<<Blocks, Threads>>>(in, out);
    SS_CUDA(cudaDeviceSynchronize());
    printf("grid: plain build, kernels ran, nothing checked\n");
    return 0;
  }
  ss::Config &c = ss::cfg();
  c.mode = SS_MODE_GRID;
  c.part_kind = SS_PART_LINEAR;
  c.part_count = 8;
  c.part_gran_log2 = 8; // 256-byte partitions, GT200-like
  c.blocks_per_window = 1024;
  c.num_windows = 4;
  c.site_stripes = 128;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  int ld = ss::find_site("stream", "load"), st = ss::find_site("stream", "store");
  ss_site_counters l = ss::counters(ld);
  SS_CHECK(ss::header().sampled_blocks == Blocks, "blocks %llu",
           (unsigned long long)ss::header().sampled_blocks);
  SS_CHECK(l.requests == N / 32 && l.sectors == N / 8, "load %llu/%llu",
           (unsigned long long)l.sectors, (unsigned long long)l.requests);
  int wrong = 0;
  for (uint32_t p = 0; p < 8; ++p) {
    // cudaMalloc aligns to 256 bytes or more: each partition gets 1/8.
    if (ss::part_site(ld, p) != N / 8 / 8 || ss::part_site(st, p) != N / 8 / 8)
      ++wrong;
    for (uint32_t w = 0; w < 4; ++w)
      if (ss::part_window(w, p) != 2ull * 1024 * Threads / 8 / 8)
        ++wrong;
  }
  printf("linear: site %d partition 0: %llu sectors, window 0: %llu\n", ld,
         (unsigned long long)ss::part_site(ld, 0),
         (unsigned long long)ss::part_window(0, 0));
  SS_CHECK(wrong == 0, "%d linear partition counts wrong", wrong);

  // XOR model: partition bit i = parity(addr & mask_i); two masks, four
  // partitions, each a quarter of a stream.
  c.part_kind = SS_PART_XOR;
  c.part_count = 4;
  c.part_masks = {0x100 | 0x1000, 0x200 | 0x4000};
  c.num_windows = 2; // blocks 1024.. all land in the last window
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (uint32_t p = 0; p < 4; ++p) {
    if (ss::part_site(ld, p) != N / 8 / 4)
      ++wrong;
    if (ss::part_window(0, p) != 2ull * 1024 * Threads / 8 / 4 ||
        ss::part_window(1, p) != 2ull * 3072 * Threads / 8 / 4)
      ++wrong;
  }
  SS_CHECK(wrong == 0, "%d xor partition counts wrong", wrong);

  // Uniform: one partition gets everything.
  c.part_kind = SS_PART_UNIFORM;
  c.part_count = 1;
  c.num_windows = 1;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  SS_CHECK(ss::part_window(0, 0) == 2ull * N / 8, "uniform window");

  // Site ids past num_sites are counted, never written.
  c.num_sites = 0;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  SS_CHECK(ss::header().site_overflow == 2ull * N / 32, "site_overflow %llu",
           (unsigned long long)ss::header().site_overflow);
  c.num_sites = -1;

  // A sample log of one chunk for 8 warps: warp 0 takes it and logs its two
  // requests; warps 1-7 find none, take note (7 failed chunk claims) and
  // drop theirs (14 requests), writing nothing past the log.
  c.mode = SS_MODE_HEATMAP;
  c.log_records = 512;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  for (int Site = 0; Site < 2; ++Site)
    std::printf("log-overflow case: site %d requests %llu sectors %llu\n", Site,
                (unsigned long long)ss::counters(Site).requests,
                (unsigned long long)ss::counters(Site).sectors);
  const int Warps = Threads / 32;
  SS_CHECK(ss::header().log_chunks == 1 &&
               ss::header().log_chunks_taken == unsigned(Warps) &&
               ss::header().log_dropped == 2ull * (Warps - 1) &&
               ss::data().Log.Requests == 2 && ss::data().Log.Records == 8 &&
               ss::data().Log.Malformed == 0,
           "log chunks %u taken %llu dropped %llu requests %llu records %llu",
           ss::header().log_chunks,
           (unsigned long long)ss::header().log_chunks_taken,
           (unsigned long long)ss::header().log_dropped,
           (unsigned long long)ss::data().Log.Requests,
           (unsigned long long)ss::data().Log.Records);
  SS_CHECK(ss::counters(ld).requests == 1 && ss::counters(ld).sectors == 4,
           "logged load");
  c.log_records = 1 << 16;

  std::vector<float> h(N);
  SS_CUDA(cudaMemcpy(h.data(), out, N * 4, cudaMemcpyDeviceToHost));
  SS_CHECK(h[0] == 1.0f && h[N - 1] == 1.0f, "results");
  return ss::finish("grid");
}
