#ifndef PROFDIFF_LOAD_HOTSPOT_BLOCK_WIDTH_H_
#define PROFDIFF_LOAD_HOTSPOT_BLOCK_WIDTH_H_

// The byte scans of a HotSpot log (byte_scan.h, pugixml_judge.h) read every byte of it, 16 bytes
// at a time with SSE2 (every x86-64 processor) or 32 with AVX2 (nearly every one made since
// 2013). The build targets the baseline x86-64, so the 32-byte loops are compiled for AVX2
// alone (PROFDIFF_AVX2) and chosen at run time. The tests run both.

namespace profdiff {

enum class BlockWidth {
  k16Bytes,  // SSE2
  kWidest,   // 32 bytes where the processor has AVX2, else 16
};

}  // namespace profdiff

#if defined(__x86_64__) && defined(__GNUC__)
#define PROFDIFF_HAVE_AVX2_LOOPS 1
#define PROFDIFF_AVX2 __attribute__((target("avx2")))

namespace profdiff {

inline bool ProcessorHasAvx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

}  // namespace profdiff
#endif

#endif  // PROFDIFF_LOAD_HOTSPOT_BLOCK_WIDTH_H_
