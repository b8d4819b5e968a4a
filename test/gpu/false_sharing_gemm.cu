// False sharing on loads, as cuThermo finds it in gemm_v00 (its Section
// VI-A): C = alpha A B + beta C with 32 x 32 blocks whose lanes walk the rows
// of C. Warp w of a block reads column w of B, so each 32-byte sector of a
// row of B is read by 8 warps, each on its own word, and each pays for the
// whole sector. The heat map of the sampled block, classified by the host
// runtime's own analysis, must report B as falsely shared on loads (and C on
// stores), and gemm_v01, which swaps rows and columns, must not.
// Also checks the product against a CPU reference.
#include "ss_test_host.h"

#include "Report.h" // runtime/host: analyzeLaunch, the patterns

// gemm_v00 and gemm_v01 as in the GEMM repository cuThermo studies.
template <typename T>
__global__ void gemm_v00(size_t m, size_t n, size_t k, T alpha, const T *A,
                         size_t lda, const T *B, size_t ldb, T beta, T *C,
                         size_t ldc) {
  size_t const C_row_idx{blockIdx.x * blockDim.x + threadIdx.x};
  size_t const C_col_idx{blockIdx.y * blockDim.y + threadIdx.y};
  if (C_row_idx < m && C_col_idx < n) {
    T sum{static_cast<T>(0)};
    for (size_t k_idx{0U}; k_idx < k; ++k_idx)
      sum += A[C_row_idx * lda + k_idx] * B[k_idx * ldb + C_col_idx];
    C[C_row_idx * ldc + C_col_idx] =
        alpha * sum + beta * C[C_row_idx * ldc + C_col_idx];
  }
}

template <typename T>
__global__ void gemm_v01(size_t m, size_t n, size_t k, T alpha, const T *A,
                         size_t lda, const T *B, size_t ldb, T beta, T *C,
                         size_t ldc) {
  size_t const C_col_idx{blockIdx.x * blockDim.x + threadIdx.x};
  size_t const C_row_idx{blockIdx.y * blockDim.y + threadIdx.y};
  if (C_row_idx < m && C_col_idx < n) {
    T sum{static_cast<T>(0)};
    for (size_t k_idx{0U}; k_idx < k; ++k_idx)
      sum += A[C_row_idx * lda + k_idx] * B[k_idx * ldb + C_col_idx];
    C[C_row_idx * ldc + C_col_idx] =
        alpha * sum + beta * C[C_row_idx * ldc + C_col_idx];
  }
}

constexpr size_t M = 128, N = 128, K = 64;
const dim3 Block(32, 32), Grid(M / 32, N / 32);

namespace rt = sectorscope::rt;

/// The host runtime's report of the last launch of the kernel whose mangled
/// name contains Kernel, with A, B and C as its allocations.
rt::LaunchReport analyze(const char *Kernel, const float *A, const float *B,
                         const float *C) {
  rt::SiteTable T;
  std::string Err;
  ss::sites(); // fetches the module's site table
  SS_CHECK(rt::parseSiteTable(ss::g.table, T, Err), "site table: %s",
           Err.c_str());
  rt::AllocationTable Allocs;
  for (auto [P, Site] : {std::pair{A, "false_sharing_gemm.cu:1:1 A"},
                         std::pair{B, "false_sharing_gemm.cu:1:1 B"},
                         std::pair{C, "false_sharing_gemm.cu:1:1 C"}}) {
    rt::Allocation X;
    X.Base = reinterpret_cast<uint64_t>(P);
    X.Size = (P == A ? M * K : P == B ? K * N : M * N) * sizeof(float);
    rt::splitAllocSite(Site, X.Site, X.Name);
    Allocs.add(X);
  }
  rt::LaunchInfo I;
  for (const rt::Site &S : T.Sites)
    if (S.Kernel.find(Kernel) != std::string::npos)
      I.Mangled = S.Kernel;
  I.Kernel = I.Mangled;
  I.Grid[0] = Grid.x, I.Grid[1] = Grid.y;
  I.Block[0] = Block.x, I.Block[1] = Block.y;
  rt::LaunchData Data = ss::data(); // the analysis takes it over
  return rt::analyzeLaunch(I, &T, &Data, Allocs.snapshot());
}

bool has(const std::vector<rt::PatternHit> &Ps, const char *Name) {
  for (const rt::PatternHit &P : Ps)
    if (P.Name == Name)
      return true;
  return false;
}

const rt::ObjectResult *object(const rt::LaunchReport &R, const float *P) {
  for (const rt::ObjectResult &O : R.Objects)
    if (O.Kind == "cudaMalloc" && O.A.Base == reinterpret_cast<uint64_t>(P))
      return &O;
  return nullptr;
}

/// Prints the verdicts on the sites of one allocation and returns how many
/// of its load (store) sites report false sharing, and how many there are.
void siteVerdicts(const rt::LaunchReport &R, const float *P, const char *Name,
                  int &Loads, int &FalseLoads, int &Stores, int &FalseStores) {
  Loads = FalseLoads = Stores = FalseStores = 0;
  for (const rt::SiteResult &S : R.Sites) {
    if (S.Object < 0 || R.Objects[S.Object].A.Base != uint64_t(P))
      continue;
    bool Load = S.S.Op == SS_OP_LOAD, Fs = has(S.Patterns, "false_sharing");
    (Load ? Loads : Stores) += 1;
    (Load ? FalseLoads : FalseStores) += Fs;
    std::string Names;
    for (const rt::PatternHit &H : S.Patterns)
      Names += " " + H.Name +
               (H.Name == "false_sharing" ? H.Evidence.dump() : std::string());
    printf("  %s %s line %u:%s\n", Name, Load ? "load " : "store", S.S.Line,
           Names.c_str());
  }
}

void checkResult(const std::vector<float> &hA, const std::vector<float> &hB,
                 const std::vector<float> &hC0, const float *C, float Alpha,
                 float Beta, const char *Kernel) {
  std::vector<float> Got(M * N);
  SS_CUDA(cudaMemcpy(Got.data(), C, Got.size() * sizeof(float),
                     cudaMemcpyDeviceToHost));
  int Wrong = 0;
  for (size_t I = 0; I < M; ++I)
    for (size_t J = 0; J < N; ++J) {
      double Want = 0;
      for (size_t Kk = 0; Kk < K; ++Kk)
        Want += double(hA[I * K + Kk]) * hB[Kk * N + J];
      Want = Alpha * Want + Beta * hC0[I * N + J];
      Wrong += std::abs(Got[I * N + J] - Want) > 1e-3 * (1 + std::abs(Want));
    }
  SS_CHECK(Wrong == 0, "%s: %d elements of C wrong", Kernel, Wrong);
}

int main() {
  std::vector<float> hA(M * K), hB(K * N), hC0(M * N);
  for (size_t I = 0; I < hA.size(); ++I)
    hA[I] = float(I % 7) * 0.25f - 0.5f;
  for (size_t I = 0; I < hB.size(); ++I)
    hB[I] = float(I % 5) * 0.5f - 1.0f;
  for (size_t I = 0; I < hC0.size(); ++I)
    hC0[I] = float(I % 3);
  float *A, *B, *C;
  SS_CUDA(cudaMalloc(&A, hA.size() * sizeof(float)));
  SS_CUDA(cudaMalloc(&B, hB.size() * sizeof(float)));
  SS_CUDA(cudaMalloc(&C, hC0.size() * sizeof(float)));
  SS_CUDA(cudaMemcpy(A, hA.data(), hA.size() * 4, cudaMemcpyHostToDevice));
  SS_CUDA(cudaMemcpy(B, hB.data(), hB.size() * 4, cudaMemcpyHostToDevice));
  const float Alpha = 1.5f, Beta = 0.5f;
  auto Reset = [&] {
    SS_CUDA(cudaMemcpy(C, hC0.data(), hC0.size() * 4, cudaMemcpyHostToDevice));
  };
  Reset();
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  if (!ss::active()) {
    gemm_v00<float><<<Grid, Block>>>(M, N, K, Alpha, A, K, B, N, Beta, C, N);
    SS_CUDA(cudaDeviceSynchronize());
    checkResult(hA, hB, hC0, C, Alpha, Beta, "gemm_v00");
    Reset();
    gemm_v01<float><<<Grid, Block>>>(M, N, K, Alpha, A, K, B, N, Beta, C, N);
    SS_CUDA(cudaDeviceSynchronize());
    checkResult(hA, hB, hC0, C, Alpha, Beta, "gemm_v01");
    printf("false_sharing_gemm: plain build, kernels ran, results checked\n");
    return ss::finish("false_sharing_gemm");
  }
  // Each lane logs about 2K accesses, and has 1024 records: room for all.
  ss::cfg().mode = SS_MODE_HEATMAP;
  ss::cfg().log_records = 1u << 20;
  int Loads, FalseLoads, Stores, FalseStores;

  gemm_v00<float><<<Grid, Block>>>(M, N, K, Alpha, A, K, B, N, Beta, C, N);
  SS_CUDA(cudaDeviceSynchronize());
  SS_CHECK(ss::header().log_dropped == 0, "v00: %llu log records dropped",
           (unsigned long long)ss::header().log_dropped);
  checkResult(hA, hB, hC0, C, Alpha, Beta, "gemm_v00");
  rt::LaunchReport R = analyze("gemm_v00", A, B, C);
  printf("gemm_v00:\n");
  siteVerdicts(R, B, "B", Loads, FalseLoads, Stores, FalseStores);
  // At least one: a heat verdict stays on the site with the narrowest range
  // (Analysis.cpp), and the compiler may peel or unroll the k loop.
  SS_CHECK(FalseLoads > 0, "v00: %d of %d load sites of B falsely shared",
           FalseLoads, Loads);
  const rt::ObjectResult *OB = object(R, B);
  SS_CHECK(OB && has(OB->Patterns, "false_sharing"),
           "v00: B not falsely shared");
  if (OB) {
    printf("  B: %llu of %llu read sectors by 3+ warps on disjoint words, "
           "up to %u warps a sector\n",
           (unsigned long long)OB->Heat.FalseSharedReads,
           (unsigned long long)OB->Heat.ReadSectors, OB->Heat.MaxSectorWarps);
    // Sampled block (0, 0): columns 0..31 of B (4 sectors a row) in K rows,
    // each sector read by 8 warps, each word by one.
    SS_CHECK(OB->Heat.ReadSectors == 4 * K &&
                 OB->Heat.FalseSharedReads == 4 * K &&
                 OB->Heat.MaxSectorWarps == 8 && OB->Heat.MaxWordWarps == 1,
             "v00: B heat");
  }
  siteVerdicts(R, C, "C", Loads, FalseLoads, Stores, FalseStores);
  SS_CHECK(FalseStores > 0, "v00: %d of %d store sites of C falsely shared",
           FalseStores, Stores);

  Reset();
  gemm_v01<float><<<Grid, Block>>>(M, N, K, Alpha, A, K, B, N, Beta, C, N);
  SS_CUDA(cudaDeviceSynchronize());
  SS_CHECK(ss::header().log_dropped == 0, "v01: %llu log records dropped",
           (unsigned long long)ss::header().log_dropped);
  checkResult(hA, hB, hC0, C, Alpha, Beta, "gemm_v01");
  R = analyze("gemm_v01", A, B, C);
  printf("gemm_v01:\n");
  siteVerdicts(R, B, "B", Loads, FalseLoads, Stores, FalseStores);
  SS_CHECK(Loads > 0 && FalseLoads == 0,
           "v01: %d of %d load sites of B falsely shared", FalseLoads, Loads);
  OB = object(R, B);
  SS_CHECK(OB && !has(OB->Patterns, "false_sharing") &&
               has(OB->Patterns, "hot_spot"),
           "v01: B should be a hot spot, not falsely shared");
  siteVerdicts(R, C, "C", Loads, FalseLoads, Stores, FalseStores);
  SS_CHECK(Stores > 0 && FalseStores == 0,
           "v01: %d of %d store sites of C falsely shared", FalseStores,
           Stores);
  return ss::finish("false_sharing_gemm");
}
