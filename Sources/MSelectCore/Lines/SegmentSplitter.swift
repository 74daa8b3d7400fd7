/// A reading buffer shared by the segments cut from it; its memory goes back to `InputBuffers` (or
/// is freed) when the last one is done with it.
final class ReadBuffer: Sendable {
  /// Written by the reader only beyond what segments hold; segments only read their part.
  private let memory: Shared<UnsafeMutableRawPointer>
  let capacity: Int

  var base: UnsafeMutableRawPointer { memory.pointer }

  init(capacity: Int) {
    memory = Shared(LineSplitter.allocate(capacity, hugePages: true))
    self.capacity = capacity
  }

  deinit {
    if capacity != LineSplitter.bufferSize || !InputBuffers.give(base) { Platform.free(base) }
  }
}

/// Complete lines, each ended by the terminator, that a `SegmentSplitter` has read; valid while the
/// segment exists.
package struct InputSegment: Sendable {
  /// The lines' bytes (immutable while segments hold them).
  private let memory: Shared<UnsafeRawBufferPointer>
  /// Keeps the bytes alive.
  let owner: ReadBuffer

  /// The lines' bytes, the last terminator included.
  package var bytes: UnsafeRawBufferPointer { memory.pointer }

  init(bytes: UnsafeRawBufferPointer, owner: ReadBuffer) {
    memory = Shared(bytes)
    self.owner = owner
  }
}

/// Cuts a byte stream into `InputSegment`s of about `segmentSize` bytes as it is read, without a line
/// table: a `--filter` scans a segment in place while the next one is read, so when the input ends
/// only the last segment is left to scan.
///
/// The reader writes into `freeSpace()` and calls `commit(_:)`; a partial last line moves to the next
/// buffer when one fills up.
package struct SegmentSplitter: ~Copyable {
  /// Bytes of complete lines gathered before they go out as a segment: small enough that the scan of
  /// the last one is short, large enough that each costs little to hand over. The reader may change
  /// it as it goes (see `SegmentFilter.segmentSize`); at most a buffer's worth goes out at once.
  package var segmentSize = SegmentSplitter.firstSegmentSize

  /// The first segment, from which `SegmentFilter` judges the query: small, so the scan starts soon
  /// after the input does.
  static let firstSegmentSize = 128 << 10
  /// The first buffer holds the input's first MiB (`SegmentFilter.judge` may want a second look at
  /// it) and the read that completes it. Under 2 MiB, so no huge page: a first 4 MiB buffer cost one
  /// the kernel cleared inside the first read, 1-2 ms before anything was scanned.
  static let firstBufferSize = (1 << 20) + minimumRead
  /// The least room a read is given: a buffer with less left hands its unsent bytes to a fresh one.
  static let minimumRead = 64 << 10

  private let terminator: UInt8
  private var buffer: ReadBuffer
  private var used = 0
  /// The offset after the last terminator read.
  private var lineEnd = 0
  /// Where the next segment starts.
  private var cut = 0

  package init(terminator: UInt8) {
    self.terminator = terminator
    buffer = ReadBuffer(capacity: SegmentSplitter.firstBufferSize)
  }

  /// Bytes of the line not yet ended by a terminator.
  package var partialLineLength: Int { used - lineEnd }

  /// The line not yet ended by a terminator; valid until the next call.
  package var partialLine: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: buffer.base + lineEnd, count: used - lineEnd)
  }

  /// Space to read into (at least `minimumRead`, at most what the segment still needs): a full buffer hands
  /// its unsent bytes to a fresh one.
  package mutating func freeSpace() -> UnsafeMutableRawBufferPointer {
    if buffer.capacity - used < SegmentSplitter.minimumRead {
      let tail = used - cut
      let fresh = ReadBuffer(capacity: max(LineSplitter.bufferSize, tail * 2))
      fresh.base.copyMemory(from: buffer.base + cut, byteCount: tail)
      buffer = fresh
      used = tail
      lineEnd -= cut
      cut = 0
    }
    // No more than the segment asks for (a long partial line still reads on in steps as large as
    // itself): a full pipe gave the first read a whole MiB, scanned by the main thread alone before
    // the query was judged, in pages the kernel cleared first (`datei` through a pipe 31.4 → 28.7 ms).
    let wanted = max(segmentSize - (lineEnd - cut), partialLineLength, SegmentSplitter.minimumRead)
    return UnsafeMutableRawBufferPointer(
      start: buffer.base + used, count: min(buffer.capacity - used, wanted))
  }

  /// Records that `count` bytes were written into the free space; returns a segment when enough
  /// complete lines have gathered, or the buffer is nearly full.
  package mutating func commit(_ count: Int) -> InputSegment? {
    let start = used
    used += count
    let base = UnsafePointer(buffer.base.assumingMemoryBound(to: UInt8.self))
    if let last = MappedLines.lastTerminator(base, from: start, to: used, terminator) { lineEnd = last + 1 }
    let full = buffer.capacity - used < SegmentSplitter.minimumRead
    guard lineEnd - cut >= segmentSize || full && lineEnd > cut else { return nil }
    return take()
  }

  /// Ends the input: a last line without terminator gets one; returns the last segment, if any.
  package mutating func finish() -> InputSegment? {
    if used > lineEnd {
      if used == buffer.capacity { _ = freeSpace() }
      buffer.base.storeBytes(of: terminator, toByteOffset: used, as: UInt8.self)
      used += 1
      lineEnd = used
    }
    return lineEnd > cut ? take() : nil
  }

  private mutating func take() -> InputSegment {
    let segment = InputSegment(
      bytes: UnsafeRawBufferPointer(start: buffer.base + cut, count: lineEnd - cut), owner: buffer)
    cut = lineEnd
    return segment
  }
}
