/*===- abi.h - The contract between pass, device runtime and host runtime -===*
 *
 * Plain C layout shared by three parties:
 *   instrumentation/ emits calls to the device entry points, fills the
 *                 module descriptor's constant part and the site table, and
 *                 rewrites host launches/allocations to the host entry points;
 *   runtime/device (CUDA, compiled to bitcode, linked by the pass) writes the
 *                 launch buffer;
 *   runtime/host  allocates, resets and reads the launch buffer.
 * Any change bumps SS_ABI_VERSION; the host runtime refuses a mismatch.
 *
 * Versions (what changed):
 *   v2  ss_site_counters.addr_min/addr_max; malloc sites may name the pointer.
 *   v3  site_stripes: per-SM copies of the site counters in grid mode.
 *   v4  __sectorscope_access takes the lanes known to reach the access.
 *   v5  the sampled block appends to a log; __sectorscope_enter returns state.
 *   v6  state by value, per-warp log cursors, striped partition tables.
 *   v7  grid mode runs a variant kernel (SS_GRID_KERNEL_SUFFIX).
 *   v8  ss_module is __constant__ and carries the launch configuration.
 *   v9  stripe and window row in the state; dev_* and granules in the header.
 *   v10 part_general and part_run_offsets: one-mask maps, run counting.
 *   v11 heat-map mode runs a sample variant (SS_SAMPLE_KERNEL_SUFFIX).
 *   v12 the sampled block writes one record per lane and access; the host
 *       groups them into requests.
 *   v13 grid mode's paired accesses (two sites, one request) and the
 *       address shape in op_space.
 *   v14 the row-uniform address shape and SS_STATE_ROWS.
 *   v15 shared_block_stride and SS_STATE_SHARED: grid mode counts shared
 *       memory in one block in a stride.
 *   v16 grid mode's loop tallies (__sectorscope_access_grid_tally,
 *       __sectorscope_grid_tally_flush); SS_SHAPE_LANE_STRIDE and the
 *       stride byte of op_space.
 *   v17 the L record carries the reason a kernel is left as compiled;
 *       SS_SAMPLE_SHARED_BYTES.
 *   v18 site records gain work, the issue slots per execution.
 *   v19 site records gain waits: the warp waits for the access's value.
 *   v20 trip sites (SS_OP_TRIP, __sectorscope_trip): loops without a
 *       memory site count their warps' trips.
 *   v21 a grid variant's site ids count from its kernel's first site, and
 *       a grid-mode launch's num_sites is its kernel's.
 *   v22 site records gain skips_l1: a volatile or atomic load, which L2
 *       serves.
 *   v23 a shared load's mlp counts the shared loads in flight with it (1
 *       before).
 *   v24 grid mode's shared sites outside loops
 *       (__sectorscope_access_grid_shared_once).
 *   v25 part_sector_buckets: the uniform model's runs on the short path.
 *   v26 the M record: a run-time mode the module has no variants for.
 *
 * Kernels. The program's kernel K stays as compiled: time mode and launches
 * that are not profiled run it. The sample variant, K SS_SAMPLE_KERNEL_SUFFIX,
 * is a copy of K whose entry calls __sectorscope_enter and whose blocks that
 * are not sampled run K's original instructions; the grid variant,
 * K SS_GRID_KERNEL_SUFFIX, is a copy of the sample variant's instrumented
 * path alone (every block of a grid-mode launch counts), entered through
 * __sectorscope_enter_grid and counting through __sectorscope_access_grid.
 * The host runtime registers both next to K and launches the one of the
 * mode: a kernel's register count and unrolling are one for all its paths,
 * so each path gets a kernel of its own.
 *
 * Sites. A kernel's sites, those of the device functions it calls included
 * (each kernel has its own copies), have consecutive ids in the site table.
 * The sample variant passes the table's ids; the grid variant passes them
 * less its kernel's first, so that a grid-mode launch's num_sites and
 * tables cover its kernel's sites alone.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SECTORSCOPE_ABI_H
#define SECTORSCOPE_ABI_H

#include <stdint.h>

#define SS_ABI_VERSION 26u

/* Warps per block we can tell apart: 1024 threads / 32. */
#define SS_MAX_WARPS 32u
/* Static shared memory the sample variant adds to its kernel's: one 32-bit
 * log cursor per thread (runtime/device/SampleLog.cuh). */
#define SS_SAMPLE_SHARED_BYTES (SS_MAX_WARPS * 32u * 4u)
#define SS_SECTOR_BYTES 32u
#define SS_WORDS_PER_SECTOR 8u
#define SS_MAX_PARTITION_MASKS 16u
/* Device tables of per-partition counts are bounded by this many partitions. */
#define SS_MAX_PARTITIONS 4096u

/* What an access does; the pass passes it as a constant. SS_OP_TRIP is no
 * access: a site at the head of a loop without memory sites whose trip
 * count the compiler does not know, so that the issue slots of its body
 * (the site's work) can be multiplied by the trips the warps made; or one
 * before a call to a large function that touches no memory, its body's
 * slots multiplied by the calls the warps made. */
enum ss_op {
  SS_OP_LOAD = 0,
  SS_OP_STORE = 1,
  SS_OP_ATOMIC = 2,
  SS_OP_TRIP = 3
};

/* Where it goes. SS_SPACE_GENERIC: only known at run time (isspacep). */
enum ss_space {
  SS_SPACE_GLOBAL = 0,
  SS_SPACE_SHARED = 1,
  SS_SPACE_LOCAL = 2,
  SS_SPACE_GENERIC = 3
};

/* An access's op_space: op | space << SS_SPACE_SHIFT | shape <<
 * SS_SHAPE_SHIFT | lane stride << SS_STRIDE_SHIFT, each a byte. */
#define SS_SPACE_SHIFT 8u
#define SS_SHAPE_SHIFT 16u
#define SS_STRIDE_SHIFT 24u

/* What the pass proved of a grid-mode access's lanes, in the shape byte of
 * its op_space (grid variants only; the site table does not carry it). */
enum ss_shape {
  SS_SHAPE_ANY = 0,         /* nothing: the runtime looks at the lanes */
  SS_SHAPE_UNIFORM = 1,     /* one address in every lane of a warp */
  SS_SHAPE_GATHER = 2,      /* per-lane offsets that come from memory */
  SS_SHAPE_ROW_UNIFORM = 3, /* one address in lanes that share threadIdx.y
                               and .z (SS_STATE_ROWS) */
  SS_SHAPE_LANE_STRIDE = 4  /* lanes that share threadIdx.y and .z a fixed
                               distance apart: the stride byte, signed,
                               from threadIdx.x to threadIdx.x + 1
                               (SS_STATE_ROWS) */
};

/* The names the site table and the reports use (abi.h's one copy of them,
 * shared by the pass that writes the table and the runtime that reads it). */
static inline const char *ss_op_name(uint32_t op) {
  return op == SS_OP_LOAD     ? "load"
         : op == SS_OP_STORE  ? "store"
         : op == SS_OP_ATOMIC ? "atomic"
         : op == SS_OP_TRIP   ? "trip"
                              : "unknown";
}
static inline const char *ss_space_name(uint32_t space) {
  return space == SS_SPACE_GLOBAL   ? "global"
         : space == SS_SPACE_SHARED ? "shared"
         : space == SS_SPACE_LOCAL  ? "local"
                                    : "generic";
}

/* Launch modes (ss_launch_header.mode bits). */
enum ss_mode {
  SS_MODE_HEATMAP = 1u, /* sampled block: heat map + per-site counters */
  SS_MODE_GRID = 2u     /* every block: per-site and per-partition counts */
};

/* Partition model kinds, as common/PartitionModel.h. */
enum ss_partition_kind {
  SS_PART_UNIFORM = 0,
  SS_PART_LINEAR = 1,
  SS_PART_XOR = 2
};

/* The site table: text, one record per line, fields separated by '\t'
 * (fields never contain '\t' or '\n'; the pass replaces them by ' '):
 *   S <id> <kernel> <op> <space> <width> <line> <column> <mlp> <work>
 *     <waits> <skips_l1> <function> <file>
 *   K <kernel> <not_instrumented_kind>=<count>[,<kind>=<count>...]
 *   V <abi_version>
 * <kernel> is the mangled kernel name as registered with the CUDA runtime;
 * <op> load|store|atomic|trip; <space> global|shared|local|generic; <width>
 * bytes; <mlp> the loads of its kind (global and generic, or shared) the
 * compiler put in the same basic block at the same load-dependence depth as
 * this one, itself included (loads a warp has in flight together; 1 for
 * anything but a load); <work> the issue slots per
 * execution; <waits> 1 when the warp waits for the value; <skips_l1> 1 for a
 * volatile or atomic load, which L2 serves;
 * <function> the (demangled) function the access is written in, which may be
 * a helper inlined into the kernel; <file> as in the debug info, made
 * absolute with the compilation directory when it is relative.
 * Not-instrumented kinds: inline_asm, cp_async (one that reads nothing),
 * bulk_copy, texture, other,
 * indirect_call (a call through a pointer: its callee runs uninstrumented),
 * guarded_asm (inline PTX of one load or store under a non-integer guard); a
 * kind the host does not know is still reported by name.
 *   L <kernel> <reason>
 * the kernel is not instrumented, for <reason>: its accesses exceed the
 * pass's limit (plugin argument instrument-max-accesses), or its static
 * shared memory leaves no room for SS_SAMPLE_SHARED_BYTES. Its variants are
 * plain copies and the host launches it as compiled, with "not instrumented:
 * <reason>" as the report's note.
 *   M <mode> <reason>
 * run-time mode <mode> (heatmap or grid) has no variants in this module, for
 * <reason> (plugin argument instrument-modes): that mode's variants are
 * plain copies, and the host launches every kernel of the module as
 * compiled in that mode, with "not instrumented for <mode> mode: <reason>"
 * as the report's note. */

/* Per-site counters. For the sampled block in heat-map mode, where the host
 * folds the log into them; over all blocks in grid mode. A request is one
 * warp-level execution of the access; sectors are the distinct 32-byte
 * sectors of that request, summed over requests. In grid mode the table at
 * off_sites holds site_stripes copies, ss_site_counters[stripes][num_sites]
 * (stripe = SM id % site_stripes; 0 or 1: one copy), because same-address
 * atomics of all SMs serialize in L2; the host adds them up. With partition
 * tables, a site's global sectors are counted in its partition row only and
 * the host adds the row to `sectors`. A full warp's request that is one run
 * of bytes in lane order within one partition granule, a warp-uniform
 * address, and a request of a range of lanes are counted by lanes 0-2 at
 * once, one counter each. The leader lane of a request updates addr_min and
 * addr_max with its lowest and highest global byte address; a site that
 * touched no global memory keeps UINT64_MAX / 0. */
typedef struct ss_site_counters {
  uint64_t requests;
  uint64_t sectors;
  uint64_t bytes;    /* bytes requested: width x active lanes (host-computed) */
  uint64_t threads;  /* active lanes summed over requests; on the device (grid
                        mode): lanes missing from full warps, summed */
  uint64_t addr_min; /* lowest global byte address accessed (host inits
                        UINT64_MAX) */
  uint64_t addr_max; /* highest global byte address accessed (host inits 0) */
} ss_site_counters;

/* Per-thread state of the instrumented path: a read-only 32-bit value that
 * __sectorscope_enter returns and the kernel keeps in a register and passes
 * by value (cloned device functions take it as a trailing i32). 0: the block
 * runs the original code (sample variant), or counts nothing (grid
 * variant). */
#define SS_STATE_GRID 0x80000000u /* count for the whole grid (grid mode) */
#define SS_STATE_LOG 0x40000000u  /* the sampled block: log requests */
/* With GRID: this block counts its shared-memory sites (its linear index a
 * multiple of shared_block_stride). LOG's bit: LOG is the sample variant's
 * only state, never beside GRID. */
#define SS_STATE_SHARED 0x40000000u
#define SS_STATE_RANGE                                                         \
  0x20000000u /* with GRID: this warp records address                          \
                 ranges (one warp in eight) */
#define SS_STATE_ROWS                                                          \
  0x10000000u /* with GRID: blockDim.x is a multiple of 32, so every lane of   \
                 a warp has the same threadIdx.y and .z */
/* With GRID: bits [27:20] the thread's stripe (its SM id %
 * site_stripes, at most SS_MAX_SITE_STRIPES), bits [19:0] its row of the
 * window table: stripe x num_windows + its block's time window (num_windows
 * at most SS_MAX_WINDOWS, and at least 1 in grid mode). */
#define SS_STATE_STRIPE_SHIFT 20u
#define SS_STATE_STRIPE_MASK 0xffu
#define SS_STATE_WINDOW_ROW 0xfffffu
#define SS_MAX_SITE_STRIPES 256u
#define SS_MAX_WINDOWS 4096u

/* The grid variant of kernel K is the kernel named K followed by this. */
#define SS_GRID_KERNEL_SUFFIX "__sectorscope_grid"
/* The sample variant of kernel K: heat-map mode's kernel. */
#define SS_SAMPLE_KERNEL_SUFFIX "__sectorscope_sample"

/* The sample log: one record per lane and access of the sampled block, so
 * that an access costs each lane one store and no warp-wide step at all; the
 * host groups the records into requests (a request's lanes all write the
 * same site and lane mask, and the n-th record of a (site, mask) in one of
 * its lanes is the n-th in every other). Lane l of warp w writes its k-th
 * record at ss_lane_record[k][log_warps][32] index [k][w][l]: the records
 * of a converged warp are one contiguous 512-byte store, and what a launch
 * used is a prefix of the log. Each lane counts its accesses in a cursor in
 * static shared memory (4 KiB in every sample variant) and stores the count
 * at off_log_counts, written or not: records past log_lane_records are
 * dropped, and the host counts them from there. */
typedef struct ss_lane_record {
  /* [63:62] space, [61:60] op, [59:52] width (bytes, capped at 255),
   * [51:0] address; all ones when the address needs more bits (the host
   * counts its sector, but it has no place in the heat map). */
  uint64_t access;
  uint64_t site_lanes; /* [63:32] site, [31:0] the request's lane mask */
} ss_lane_record;
#define SS_LANE_ADDR_BITS 52u
#define SS_LANE_WIDE ((1ull << SS_LANE_ADDR_BITS) - 1)

/* The launch buffer: this header, then the tables at the given byte offsets
 * from its start. The host allocates and zeroes it, fills the configuration
 * part, and reads it back after the kernel. The device never writes outside
 * the capacities given here; what does not fit is counted in *_overflow. */
typedef struct ss_launch_header {
  /* Configuration (host-written). */
  uint32_t abi_version;
  uint32_t mode; /* ss_mode bits */
  uint32_t sample_block[3];
  uint32_t num_sites;  /* the module's; in grid mode, the kernel's (Sites) */
  uint32_t part_kind;  /* ss_partition_kind */
  uint32_t part_count; /* <= SS_MAX_PARTITIONS */
  uint32_t part_gran_log2; /* LINEAR: log2(bytes per partition) */
  uint32_t part_num_masks; /* XOR: number of masks; part_count is always
                              2^part_num_masks. Linear maps of 2^n <= 16
                              partitions (one partition and the uniform
                              kind too) come as n one-bit masks. */
  uint64_t part_masks[SS_MAX_PARTITION_MASKS];
  uint32_t blocks_per_window; /* linear block id / this = time window */
  uint32_t num_windows;       /* later blocks count in the last window */
  uint32_t log_lane_records;  /* sample log records per lane (0: no log) */
  uint32_t site_stripes;      /* copies of the site counters, a power of two */
  uint32_t log_warps;         /* warps the sample log has rows for */
  uint32_t part_granule_log2; /* addresses that agree above this bit
                                 (5..63) are in one partition */
  uint64_t off_sites; /* ss_site_counters[max(1,site_stripes)][num_sites] */
  uint64_t off_part_window; /* uint64_t[stripes][num_windows][part_count],
                               global sectors */
  uint64_t off_part_site;   /* uint64_t[stripes][num_sites][part_count] */
  uint64_t off_log_counts;  /* uint32_t[log_warps][32]: each lane's accesses */
  uint64_t off_log;         /* ss_lane_record[log_lane_records][log_warps][32],
                               last */
  uint64_t total_bytes;     /* size of the whole buffer */
  /* Device addresses of the tables at off_sites, off_part_window and
   * off_part_site (the host sets them once it has the buffer). The host keeps
   * site_stripes x max(num_sites, num_windows) x max(1, part_count) below
   * 2^31 (fewer stripes if need be), so the device's indices are 32-bit. */
  uint64_t dev_sites;
  uint64_t dev_part_window;
  uint64_t dev_part_site;
  /* ~(2^part_granule_log2 - 1): byte addresses that agree under this
   * mask are in one partition. */
  uint64_t part_granule_mask;
  /* 0 when an address's partition is parity(address & part_masks[0])
   * (XOR maps of at most one mask: part_masks[0] is 0 for one partition);
   * otherwise the device runs the whole map. */
  uint32_t part_general;
  /* In grid mode with partition tables and part_general 0, the low 32
   * bits of ~part_granule_mask (a run's offset in its granule); otherwise
   * 0: the device then counts no global run on its short path, unless
   * part_sector_buckets says how. */
  uint32_t part_run_offsets;
  /* Grid mode: the blocks whose linear index is a multiple of this count
   * their shared-memory sites (the pass's space; generic accesses count in
   * every block); 0 or 1: every block. */
  uint32_t shared_block_stride;
  /* 1 in grid mode under the uniform model: a linear map of 32-byte
   * granules and a power-of-two part_count, whose partitions are sector
   * buckets (a sector's index mod part_count); the device then counts a
   * full warp's run (lanes one stride apart, or one address) on its short
   * path, each sector into its bucket, where a one-mask map's run would be
   * counted, and a partial warp's contiguous lanes the same way. Otherwise
   * 0. */
  uint32_t part_sector_buckets;
  /* Results (device-written). */
  uint64_t log_dropped;    /* host-computed: lane records the log had no room
                              for */
  uint64_t site_overflow;  /* records with a site id >= num_sites */
  uint64_t sampled_blocks; /* blocks that took the instrumented path */
} ss_launch_header;

/* One per device module: a __constant__ variable named
 * "__sectorscope_module" (defined by the device runtime, initializer filled
 * by the pass); with relocatable device code, whose device link merges
 * modules, "__sectorscope_module__nv_<hex>", clang's id of the translation
 * unit appended. The host finds it through __sectorscope_register_module and
 * sets `launch` before each instrumented launch, and `config` to a copy of
 * that launch's header; launch 0 means "run uninstrumented". Device
 * code reads the launch's configuration from `config`, in constant memory,
 * where ptxas makes it an instruction operand instead of a load from the
 * launch buffer at every access; counters and tables stay in the buffer. */
typedef struct ss_module {
  uint32_t abi_version;
  uint32_t num_sites;
  uint64_t site_table;     /* device address of the site table text */
  uint64_t site_table_len; /* its length in bytes, without a NUL */
  uint64_t launch;         /* device address of an ss_launch_header, or 0 */
  ss_launch_header config; /* the configuration part of *launch */
} ss_module;

/* Device entry points (runtime/device), called by instrumented code.
 *   uint32_t __sectorscope_enter(): the thread's initial state (ss_state
 *     bits); non-zero when this block takes the instrumented path. Called
 *     once at kernel entry by every thread. __sectorscope_enter_grid and
 *     __sectorscope_access_grid are the same for grid variants.
 *   __sectorscope_access(site, addr, width, op_space, lanes, state): one
 *     memory access; op_space = op | (space << 8); state: the value
 *     __sectorscope_enter returned. Called by every active lane: in
 *     heat-map mode each lane writes its own record (the pass inlines it at
 *     the site); grid mode's __sectorscope_access_grid aggregates across the
 *     warp itself (one atomic per distinct sector per request) and is one
 *     out-of-line function for every site. lanes: the request's lanes, which
 *     it waits for: those present at the site (read there, before the
 *     call), or those the pass knows all reach this access (a join after
 *     divergence); 0: the lanes running the function.
 *     Grid mode's op_space may carry an ss_shape (SS_SHAPE_SHIFT).
 *   __sectorscope_access_grid_pair(site, addr, width, op_space, lanes,
 *     state, twin_site, twin_op_space): grid mode's access for two sites
 *     whose requests are one (a load and a store of one address by the same
 *     lanes, one after the other): both sites count it.
 *   __sectorscope_access_grid_shared_once(site, addr, width, op_space,
 *     lanes, state, twin_site, twin_op_space): grid mode's access for a
 *     shared-memory site outside every loop (twin_site ~0: no second site);
 *     the blocks that count shared memory count it out of line.
 *   __sectorscope_access_grid_tally(site, addr, width, op_space, lanes,
 *     state, sum): grid mode's access for a site in a loop; lane 0 adds a
 *     full warp's run of one partition granule to the caller's 64-bit sum
 *     (a register once inlined): requests in bits 0-15, sectors (a global
 *     site's of partition 0) in bits 16-39, a global site's sectors of
 *     partition 1 in bits 40-63. Other requests are counted at once.
 *   __sectorscope_trip(site, lanes, state): one trip of a loop by the
 *     lanes `lanes` (read at the loop's head), in both modes: the lowest of
 *     them adds 1 to the site's requests and the lanes to its threads (grid
 *     mode: the lanes missing from a full warp, as its accesses do). No log
 *     record: the host keeps the device's counts for trip sites.
 *   __sectorscope_grid_tally_flush(site, op_space, state, sum): adds the
 *     sum to the site's counters and clears it; called by every lane at
 *     each exit of the loop (and by the tally itself before the requests
 *     field would fill). */

/* Host entry points (runtime/host), called from host code the pass rewrote:
 *   void __sectorscope_register_module(void **fatbin_handle, void *shadow);
 *   void __sectorscope_register_kernel(void **fatbin_handle, const void *stub,
 *                                      const char *device_name);
 *     (A kernel belongs to the module last registered on its handle: each
 *     module is registered right before its kernels, also when a linked
 *     image of relocatable device code registers several on one handle.)
 *   cudaError_t __sectorscope_launch_kernel(const void *func, dim3 grid,
 *       dim3 block, void **args, size_t shmem, cudaStream_t stream);
 *     (cudaLaunchKernel's exact signature: the pass swaps the callee.)
 *   cudaError_t __sectorscope_malloc(void **ptr, size_t size, const char
 * *site); cudaError_t __sectorscope_malloc_managed(void **ptr, size_t size,
 *       unsigned flags, const char *site);
 *   cudaError_t __sectorscope_free(void *ptr);
 *     site = "file:line:col" of the host call, optionally followed by a
 *     space and the pointer expression ("gs.cu:88:3 q"), or NULL. */

#endif /* SECTORSCOPE_ABI_H */
