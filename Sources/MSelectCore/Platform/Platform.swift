#if canImport(Glibc)
  import Glibc
#endif

/// The C library calls the core makes (memory, pages, CPUs and threads): the core's one door to the
/// system, besides `Locked`'s mutex. Files, descriptors, processes and signals are the terminal
/// module's (`Syscall`).
package enum Platform {
  /// The system's page size, read once.
  package static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// The number of online CPUs (at least 1), read once.
  package static let onlineCores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

  /// Linux's `MADV_HUGEPAGE` (Glibc's module does not export it).
  private static let adviseHugePages: Int32 = 14

  /// `size` bytes (at least one) of uninitialized memory, freed with `free`. Out of memory calls the
  /// handler the program set (`onOutOfMemory`): nothing sensible is left to do.
  package static func allocate(_ size: Int) -> UnsafeMutableRawPointer {
    guard let memory = malloc(max(size, 1)) else { outOfMemory(size) }
    return memory
  }

  /// `memory` grown or shrunk to `size` bytes (at least one), its contents kept up to the smaller size.
  package static func reallocate(_ memory: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer {
    guard let moved = realloc(memory, max(size, 1)) else { outOfMemory(size) }
    return moved
  }

  /// Frees memory from `allocate`, `reallocate` or `allocateInput`.
  package static func free(_ memory: UnsafeMutableRawPointer?) {
    Glibc.free(memory)
  }

  /// `size` bytes for input, aligned to a 2 MiB huge page and, when `hugePages`, advised for huge
  /// pages: a fresh 4 KiB page costs a fault when first written, a 2 MiB one costs one for all of it
  /// (see `LineSplitter.hugePages` for when that pays).
  package static func allocateInput(_ size: Int, hugePages: Bool) -> UnsafeMutableRawPointer {
    let huge = 2 << 20
    guard size >= huge else { return allocate(size) }
    var memory: UnsafeMutableRawPointer?
    guard posix_memalign(&memory, huge, size) == 0, let memory else { return allocate(size) }
    if hugePages { _ = madvise(memory, size & ~(huge - 1), adviseHugePages) }
    return memory
  }

  /// Gives the pages in `start..<end` (whole pages, aligned) back to the system; they read as zeros
  /// afterwards and stay valid to write and to free.
  package static func releasePages(_ start: UInt, _ end: UInt) {
    _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_DONTNEED)
  }

  /// The first `byte` in `count` bytes at `start`, or nil (the C library's vectorized `memchr`).
  @inline(__always)
  package static func find(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    UnsafeRawPointer(memchr(start, Int32(byte), count))
  }

  /// What ends the program when memory runs out, given the size wanted: the program says how (a
  /// message and an exit status); without one, a trap, as a Swift array's would.
  private static let outOfMemoryHandler = Locked<(@Sendable (Int) -> Never)?>(nil)

  /// Sets what ends the program when memory runs out.
  package static func onOutOfMemory(_ handler: @escaping @Sendable (Int) -> Never) {
    outOfMemoryHandler.withLock { $0 = handler }
  }

  private static func outOfMemory(_ size: Int) -> Never {
    guard let handler = outOfMemoryHandler.withLock({ $0 }) else {
      fatalError("out of memory (\(size) bytes)")
    }
    handler(size)
  }
}
