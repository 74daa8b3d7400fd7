#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
  import _Builtin_intrinsics.intel
#endif

/// A sixteen-byte comparison's lanes as sixteen bits, lane `k` in bit `k`.
///
/// On x86-64 one `pmovmskb` (SSE2, in every x86-64 CPU) gives them; Swift's SIMD types have no such
/// reduction, and testing the two 64-bit halves took four instructions and two branches a step of
/// the skip loops (`mselect-bench --filter`, medians: `datei` 8.32 → 7.88 ms, `libswiftcore` 3.96 →
/// 3.71). Elsewhere the halves are folded with a multiply.
enum LaneBits {
  @inline(__always)
  static func of(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
    #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
      return UInt32(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(mask, to: __m128i.self)))
    #else
      return folded(mask)
    #endif
  }

  /// The same bits from the two 64-bit halves: a lane is all ones or all zeros, so its low bit is
  /// kept and the multiply gathers the eight of a half into its top byte.
  @inline(__always)
  static func folded(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
    let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let gather: UInt64 = 0x0102_0408_1020_4080
    let low = ((halves[0] & ones) &* gather) >> 56
    let high = ((halves[1] & ones) &* gather) >> 56
    return UInt32(truncatingIfNeeded: low | high << 8)
  }
}
