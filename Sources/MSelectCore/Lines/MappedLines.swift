import Dispatch

/// Lines of an input that is already in memory as a whole (a mapped file), cut into blocks in parallel.
package enum MappedLines {
  /// Bytes per block: small enough to spread over the cores, large enough to keep the block list short.
  static let blockSize = 4 << 20

  /// A store whose blocks point into `bytes` (kept alive by `owner`), without copying them.
  ///
  /// A last line without terminator is copied into a small block of its own, since every line in a
  /// block must be followed by a terminator byte.
  package static func store(_ bytes: UnsafeRawBufferPointer, terminator: UInt8, owner: AnyObject) -> LineStore
  {
    guard let start = bytes.baseAddress, bytes.count > 0 else { return LineStore() }
    let base = start.assumingMemoryBound(to: UInt8.self)
    let n = bytes.count
    let bounds = MappedLines.bounds(base, from: 0, to: n, terminator: terminator)
    let count = bounds.count - 1
    let starts = UnsafeMutableBufferPointer<[UInt32]>.allocate(capacity: count)
    starts.initialize(repeating: [])
    defer { starts.deinitialize().deallocate() }
    let blockBounds = bounds
    let shared = Shared(starts)
    let input = Shared(base)
    Parallel.run(count) { k in
      shared.pointer[k] = lineStarts(input.pointer, from: blockBounds[k], to: blockBounds[k + 1], terminator)
    }
    var store = LineStore()
    for k in 0..<count {
      let lo = bounds[k]
      let hi = bounds[k + 1]
      var offsets = starts[k]
      let complete = Int(offsets.last!)
      if complete > 0 {
        store.append(
          LineBlock(
            base: UnsafeMutableRawPointer(mutating: base + lo), starts: offsets, firstIndex: store.count,
            owner: owner))
      }
      if lo + complete < hi {
        // The unterminated last line gets a copy with a terminator.
        let length = hi - lo - complete
        let copy = Platform.allocate(length + 1)
        copy.copyMemory(from: base + lo + complete, byteCount: length)
        copy.storeBytes(of: terminator, toByteOffset: length, as: UInt8.self)
        offsets = [0, UInt32(length + 1)]
        store.append(LineBlock(base: copy, starts: offsets, firstIndex: store.count))
      }
    }
    return store
  }
}

extension MappedLines {
  /// The offset of the last terminator in `from..<to`, or nil: eight bytes a step backward (glibc's
  /// memrchr is not in the Glibc module), each word's zero bytes found exactly by SWAR, so the
  /// highest one is the last terminator. A read without any (a line of megabytes) is passed over
  /// quickly; a candidate in the middle of a path finds its line's start in a few steps.
  @inline(__always)
  static func lastTerminator(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ terminator: UInt8) -> Int? {
    let raw = UnsafeRawPointer(base)
    let terminators = 0x0101_0101_0101_0101 &* UInt64(terminator)
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var j = to
    while j &- 8 >= from {
      let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j &- 8, as: UInt64.self)) ^ terminators
      // 0x80 in each byte of `x` that is zero, and nowhere else.
      let zeros = ~(((x & low) &+ low) | x | low)
      if zeros != 0 { return j &- 8 &+ (63 &- zeros.leadingZeroBitCount) >> 3 }
      j &-= 8
    }
    while j > from {
      j &-= 1
      if base[j] == terminator { return j }
    }
    return nil
  }

  /// The offsets from `from` of the lines of `from..<to` that a terminator ends, after a leading 0:
  /// a block's `starts` (one memchr per line).
  static func lineStarts(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ terminator: UInt8) -> [UInt32] {
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity((to - from) / 48 + 2)
    var position = from
    while position < to {
      guard let hit = Platform.find(terminator, in: base + position, count: to - position) else { break }
      position = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
      offsets.append(UInt32(truncatingIfNeeded: position - from))
    }
    return offsets
  }

  /// Block boundaries in `from..<to`, each just after a terminator, about `size` apart (one
  /// memchr per block).
  static func bounds(
    _ base: UnsafePointer<UInt8>, from: Int, to n: Int, terminator: UInt8, size: Int = blockSize
  ) -> [Int] {
    var bounds: [Int] = [from]
    while bounds.last! < n {
      let start = bounds.last!
      let target = min(n, start + size)
      if target == n {
        bounds.append(n)
        break
      }
      if let hit = Platform.find(terminator, in: base + target - 1, count: n - target + 1) {
        bounds.append(UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1)
      } else {
        bounds.append(n)
      }
    }
    return bounds
  }
}
