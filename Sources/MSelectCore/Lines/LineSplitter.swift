/// A few input buffers of `LineSplitter.bufferSize` bytes let go by blocks that are no longer needed
/// (a `--filter` drops blocks without matches): their pages are in memory already, so reading into
/// them again costs no page faults.
package enum InputBuffers {
  /// The spare buffers (a pthread mutex: see `Locked`).
  private static let spare = Locked<[UnsafeMutableRawPointer]>([])
  /// Most buffers kept (each 4 MiB).
  package static let limit = 4

  /// How many spare buffers there are now.
  package static var count: Int { spare.withLock { $0.count } }

  /// A spare buffer, if any.
  static func take() -> UnsafeMutableRawPointer? {
    spare.withLock { $0.popLast() }
  }

  /// Keeps `buffer` (of `LineSplitter.bufferSize` bytes) for reuse; false when enough are kept
  /// already (then the caller frees it).
  package static func give(_ buffer: UnsafeMutableRawPointer) -> Bool {
    spare.withLock { list in
      guard list.count < limit else { return false }
      list.append(buffer)
      return true
    }
  }
}

/// Cuts a byte stream into `LineBlock`s without copying lines one by one.
///
/// The reader writes straight into `freeSpace(minimum:)`, then calls `commit(_:)`; complete lines are
/// sealed into blocks by `takeBlock(force:)`. A partial last line is carried over to the next buffer.
package struct LineSplitter: ~Copyable {
  /// Default buffer size: large enough for few blocks and big reads, small enough to stream.
  package static let bufferSize = 4 << 20

  private let terminator: UInt8
  /// Whether the buffers that follow the first are advised for huge pages. A pipe fills tens of MiB
  /// of fresh pages. Run after run (a script's loop, the bench), a huge page the last run freed is
  /// taken again at one fault for its 2 MiB: `cat paths-500k | mselect --filter usr` 86 ms against
  /// 102. But a second or more after memory was freed, as a person's runs are, a virtual machine's
  /// host has taken whole 2 MiB blocks back, and each costs a host fault for every 4 KiB of it again,
  /// where small pages still come from memory the host backs: 200 MB took 300-440 ms against 76-95,
  /// and the picker's load of 2.5M piped paths (`scripts/picker-load`) a worst of 411 ms against 215.
  /// The picker turns it off.
  package var hugePages = true
  private var buffer: UnsafeMutableRawPointer
  private var capacity: Int
  private var used = 0
  /// Bytes already searched for terminators.
  private var scanned = 0
  private var starts: [UInt32] = [0]
  private var nextIndex = 0

  /// Creates a splitter for lines ended by `terminator` (`\n`, or NUL for `--read0`).
  package init(terminator: UInt8) {
    self.init(terminator: terminator, bufferSize: LineSplitter.bufferSize)
  }

  /// A splitter whose buffer holds `bufferSize` bytes (tests make it small).
  package init(terminator: UInt8, bufferSize: Int) {
    self.terminator = terminator
    capacity = bufferSize
    buffer = LineSplitter.allocate(capacity, hugePages: true)
  }

  /// Memory for `size` bytes of input: a buffer given back, else a fresh one (`Platform.allocateInput`).
  static func allocate(_ size: Int, hugePages: Bool) -> UnsafeMutableRawPointer {
    if size == bufferSize, let reused = InputBuffers.take() { return reused }
    return Platform.allocateInput(size, hugePages: hugePages)
  }

  /// The longest line accepted: an endless one (`/dev/zero`) must end in an error, not take all memory.
  package static let maxLineLength = 256 << 20

  /// Bytes of the line not yet ended by a terminator.
  package var partialLineLength: Int { used - Int(starts[starts.count - 1]) }

  /// Number of complete lines not yet taken.
  package var pendingLines: Int { starts.count - 1 }

  /// Space to read into; at least `minimum` bytes, growing the buffer if a line is longer than it.
  package mutating func freeSpace(minimum: Int = 64 << 10) -> UnsafeMutableRawBufferPointer {
    if capacity - used < minimum {
      let newCapacity = max(capacity * 2, used + minimum)
      buffer = Platform.reallocate(buffer, newCapacity)
      capacity = newCapacity
    }
    return UnsafeMutableRawBufferPointer(start: buffer + used, count: capacity - used)
  }

  /// Records that `count` bytes were written into the free space, and finds the line ends among them.
  package mutating func commit(_ count: Int) {
    used += count
    let base = buffer.assumingMemoryBound(to: UInt8.self)
    var position = scanned
    while position < used {
      guard let hit = Platform.find(terminator, in: base + position, count: used - position) else { break }
      let end = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      starts.append(UInt32(truncatingIfNeeded: end + 1))
      position = end + 1
    }
    scanned = used
  }

  /// Copies `bytes` into the stream (tests and small inputs).
  package mutating func append(_ bytes: [UInt8]) {
    let space = freeSpace(minimum: bytes.count)
    bytes.withUnsafeBytes { space.copyMemory(from: $0) }
    commit(bytes.count)
  }

  /// Whether the buffer is nearly full, so complete lines should be sealed before reading on.
  package var isNearlyFull: Bool { capacity - used < 64 << 10 }

  /// Seals the complete lines into a block, when there are any and `force` is set or the buffer is full.
  package mutating func takeBlock(force: Bool = false) -> LineBlock? {
    guard pendingLines > 0, force || isNearlyFull else { return nil }
    let sealed = Int(starts[starts.count - 1])
    let tail = used - sealed
    let blockBase: UnsafeMutableRawPointer
    var reusable = false
    if sealed < capacity / 4 {
      // Small block (streaming input): copy it out and keep the big buffer for what follows.
      blockBase = Platform.allocate(max(sealed, 1))
      blockBase.copyMemory(from: buffer, byteCount: sealed)
      buffer.copyMemory(from: buffer + sealed, byteCount: tail)
    } else {
      let fresh = LineSplitter.allocate(max(LineSplitter.bufferSize, tail * 2), hugePages: hugePages)
      fresh.copyMemory(from: buffer + sealed, byteCount: tail)
      // A buffer of the usual size that the block nearly fills is kept whole, for reuse once its
      // block is gone; a block sealed early (the picker shows lines as they come) gives back the rest,
      // or it would hold up to four times its bytes.
      reusable = capacity == LineSplitter.bufferSize && sealed >= capacity - capacity / 8
      blockBase = reusable ? buffer : Platform.reallocate(buffer, sealed)
      buffer = fresh
      capacity = max(LineSplitter.bufferSize, tail * 2)
    }
    let block = LineBlock(base: blockBase, starts: starts, firstIndex: nextIndex, reusable: reusable)
    nextIndex += block.count
    used = tail
    scanned = tail
    starts = [0]
    return block
  }

  /// Ends the input: a last line without terminator becomes a line; returns the final block if any.
  package mutating func finish() -> LineBlock? {
    if used > Int(starts[starts.count - 1]) {
      let space = freeSpace(minimum: 1)
      space[0] = terminator
      commit(1)
    }
    let block = takeBlock(force: true)
    return block
  }

  deinit { Platform.free(buffer) }
}
