#if !MSELECT_NO_PREFETCH
  /// LLVM's prefetch intrinsic, reached by its symbol name since Swift has no spelling for it.
  @_silgen_name("llvm.prefetch.p0")
  private func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ data: Int32)
#endif

/// Asks the CPU to start loading the cache line at `address` for a read soon.
///
/// Gathering ranked lines jumps through the input at random; issuing the loads a few lines ahead lets
/// their cache and TLB misses overlap instead of arriving one by one. Sanitizer builds cannot call the
/// intrinsic through its symbol (the compiler crashes): they pass `-DMSELECT_NO_PREFETCH`.
@inline(__always)
package func prefetch(_ address: UnsafeRawPointer) {
  #if !MSELECT_NO_PREFETCH
    llvmPrefetch(address, 0, 3, 1)
  #endif
}
