import Synchronization

/// The rest of a pipe after a selective query's first segments: every core reads a piece into a
/// buffer of its own and scans it there at once, then reads the next.
///
/// Handing segments from a reader thread to the scan kept the scan a few megabytes behind the reading,
/// so every reading buffer was fresh memory the kernel first cleared (6 % of all the samples of
/// `cat FILE | mselect -f datei`). Here each worker's buffer is reused as soon as its matches are
/// copied out, the pieces are scanned while the cache still holds them, and no thread waits on
/// another except to take its turn at the pipe.
enum PipeScan {
  /// The bytes a worker asks the pipe for at a time (more if a line is longer). A worker waits for
  /// its turn while the other reads, and at the end for the other's last piece: 128 KiB came out ahead
  /// of 256 and 64 in interleaved runs (`cat … | mselect -f`: datei 22.1 → 21.4 ms, `s` on paths-500k
  /// 77.1 → 72.9).
  static let pieceSize = 128 << 10

  /// What workers take turns at: the partial line the last piece ended with, and the order of pieces.
  fileprivate struct Turn {
    var carry: UnsafeMutableRawPointer
    var carryCount: Int
    var carryCapacity: Int
    /// The number the next piece read gets (pieces are numbered in input order).
    var next: Int
    var ended = false
    var failure: SegmentFilter.ReadFailure?

    init(carrying bytes: UnsafeRawBufferPointer, next: Int) {
      carryCapacity = max(bytes.count * 2, 64 << 10)
      carry = Platform.allocate(carryCapacity)
      if let start = bytes.baseAddress { carry.copyMemory(from: start, byteCount: bytes.count) }
      carryCount = bytes.count
      self.next = next
    }
  }

  /// A worker's reading buffer.
  fileprivate struct Buffer {
    var base: UnsafeMutableRawPointer
    var capacity: Int
  }

  /// Reads with `read` (a `read(2)`: bytes read, 0 at the end, negative on an error) after
  /// `first`, whose lines `carry` (the partial line read after them) continues; scans every piece with
  /// one of `matchers` each, and returns the parts in input order. Worker `k` calls `place(k)` as it
  /// starts and what that returns as it ends (see `SegmentFilter.scanRest`).
  static func run(
    first: [InputSegment], carry: UnsafeRawBufferPointer, terminator: UInt8,
    matchers: Shared<UnsafeMutableBufferPointer<Matcher>>, rank: RankOptions, fields: SearchFields,
    place: @Sendable (Int) -> (@Sendable () -> Void)?,
    read: @Sendable (UnsafeMutableRawBufferPointer) -> Int
  ) -> (parts: [SegmentFilter.Part], failure: SegmentFilter.ReadFailure?) {
    var firstPieces: [(base: UnsafePointer<UInt8>, range: Range<Int>)] = []
    for segment in first {
      let base = segment.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      let bounds = MappedLines.bounds(
        base, from: 0, to: segment.bytes.count, terminator: terminator, size: pieceSize)
      for k in 0..<bounds.count - 1 { firstPieces.append((base, bounds[k]..<bounds[k + 1])) }
    }
    let turn = Locked(Turn(carrying: carry, next: firstPieces.count))
    let parts = Locked<[(Int, SegmentFilter.Part)]>([])
    let taken = Atomic<Int>(0)
    let shared = Shared(firstPieces)
    Parallel.run(matchers.pointer.count) { w in
      let unplace = place(w)
      defer { unplace?() }
      /// Scans piece `number` and keeps its matching lines.
      func scan(_ number: Int, _ base: UnsafePointer<UInt8>, _ range: Range<Int>) {
        let hits = RawScan.scan(base, range, terminator, &matchers.pointer[w], rank, fields)
        let part = SegmentFilter.Part(hits, from: base)
        parts.withLock { $0.append((number, part)) }
      }
      // The pieces of the segments read before the query was judged first.
      while true {
        let k = taken.add(1, ordering: .relaxed).oldValue
        guard k < shared.pointer.count else { break }
        scan(k, shared.pointer[k].base, shared.pointer[k].range)
      }
      let capacity = pieceSize + SegmentSplitter.minimumRead
      var buffer = Buffer(base: Platform.allocate(capacity), capacity: capacity)
      defer { Platform.free(buffer.base) }
      while let (number, end) = turn.withLock({ take(&$0, into: &buffer, terminator, read) }) {
        scan(number, UnsafePointer(buffer.base.assumingMemoryBound(to: UInt8.self)), 0..<end)
      }
    }
    let failure = turn.withLock { state in
      Platform.free(state.carry)
      return state.failure
    }
    withExtendedLifetime(first) {}
    return (parts.takeAll().sorted { $0.0 < $1.0 }.map(\.1), failure)
  }

  /// With the turn held: reads the next piece into `buffer` after the partial line before it, keeps
  /// its own partial line for the next; returns its number and the end of its last complete line,
  /// nil once the input has ended (or failed).
  ///
  /// A piece without a terminator is read on into the same buffer, doubled as needed, until one
  /// comes: a long line is copied once, not once per read.
  private static func take(
    _ turn: inout Turn, into buffer: inout Buffer, _ terminator: UInt8,
    _ read: (UnsafeMutableRawBufferPointer) -> Int
  ) -> (Int, Int)? {
    guard !turn.ended else { return nil }
    var total = turn.carryCount
    if buffer.capacity - total < SegmentSplitter.minimumRead { buffer.grow(to: total + pieceSize) }
    buffer.base.copyMemory(from: turn.carry, byteCount: total)
    while true {
      if buffer.capacity - total < SegmentSplitter.minimumRead { buffer.grow(to: buffer.capacity * 2) }
      let count = read(
        UnsafeMutableRawBufferPointer(start: buffer.base + total, count: buffer.capacity - total))
      if count <= 0 {
        turn.ended = true
        turn.carryCount = 0
        if count < 0 { turn.failure = .unreadable }
        guard count == 0 && total > 0 else { return nil }
        // A last line without terminator gets one (the buffer always has room).
        buffer.base.storeBytes(of: terminator, toByteOffset: total, as: UInt8.self)
        return (turn.numbered(), total + 1)
      }
      let from = total
      total += count
      let base = UnsafePointer(buffer.base.assumingMemoryBound(to: UInt8.self))
      // The bytes before `from` hold no terminator: they were the partial line.
      if let last = MappedLines.lastTerminator(base, from: from, to: total, terminator) {
        turn.carry(buffer.base + last + 1, count: total - last - 1)
        return (turn.numbered(), last + 1)
      }
      guard total <= LineSplitter.maxLineLength else {
        turn.ended = true
        turn.failure = .lineTooLong
        return nil
      }
    }
  }
}

extension PipeScan.Turn {
  /// The next piece's number, taken.
  fileprivate mutating func numbered() -> Int {
    defer { next += 1 }
    return next
  }

  /// Keeps `count` bytes from `bytes` as the partial line the next piece starts with.
  fileprivate mutating func carry(_ bytes: UnsafeRawPointer, count: Int) {
    if carryCapacity < count {
      carryCapacity = count * 2
      carry = Platform.reallocate(carry, carryCapacity)
    }
    carry.copyMemory(from: bytes, byteCount: count)
    carryCount = count
  }
}

extension PipeScan.Buffer {
  /// Makes room for `capacity` bytes, keeping the ones there.
  fileprivate mutating func grow(to capacity: Int) {
    self.capacity = capacity
    base = Platform.reallocate(base, capacity)
  }
}
