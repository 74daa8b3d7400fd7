import Dispatch
import Synchronization

/// `--filter` over input read from a pipe, a segment at a time while the next ones are read (see
/// `SegmentSplitter`).
///
/// The first segments tell how broad the query is (as `RawScan` decides for a file; see `offer`). A
/// selective query has the rest of the input read and scanned in place by every core (`PipeScan`),
/// without a line table, copying out just its matching lines; matches are numbered in input order
/// and the store holds only them. A broad one cuts each segment into lines and matches them as
/// `StreamingFilter` does blocks: there per-match work dominates, and the line table costs less than
/// remembering each match's place. An input that ends before it is judged is scanned a segment at a
/// time on a queue.
package final class SegmentFilter {
  private let query: [UInt8]
  private let settings: SearchSettings
  private let rank: RankOptions
  private let terminator: UInt8
  /// Scanning happens here, a turn at a time, in input order.
  private let queue = DispatchQueue(label: "mselect.segments")
  /// Segments added and not yet taken by the queue.
  private let inbox = Locked<[InputSegment]>([])
  /// What the queue has found so far (the queue adds to it, `finish` takes it).
  private let found = Locked(Found())
  /// One matcher per core, kept from segment to segment (with the tables they build).
  private let matchers: Shared<UnsafeMutableBufferPointer<Matcher>>

  /// Whether the first segment has been sampled; `lines` is then set if the query is broad, and gets
  /// every segment cut into lines. Touched only by the thread that adds segments.
  private var decided = false
  private var lines: StreamingFilter?
  /// Lines handed to `lines` so far.
  private var lineCount = 0
  /// The segments read while the query is not judged yet (nil once it is). Touched only by the
  /// thread that adds segments.
  private var judging: [InputSegment]? = []

  /// The segment size the reader should cut next (`SegmentSplitter.segmentSize`): small ones while
  /// the query is selective, so that little is left to scan when the input ends; whole buffers once
  /// it is broad (the line-table search then pays for each block, 1 MiB blocks cost `s` a fifth more
  /// on paths-500k).
  package var segmentSize: Int { lines == nil ? 1 << 20 : LineSplitter.bufferSize }

  /// The matches of a selective query, numbered in input order.
  struct Found {
    var runs: [Search.Run] = []
    var store = LineStore()
    var count = 0
  }

  /// One piece's matching lines copied back to back (each with its terminator), their places in that
  /// copy, and their keys numbered from 0.
  struct Part {
    var memory: UnsafeMutableRawPointer?
    var starts: [UInt32] = [0]
    var ranked: [RankedLine] = []
  }

  /// Whether `settings` allow it: header lines are counted from the input's first line and `--ansi`
  /// lines are matched without their escapes, which a scan in place does not do.
  /// Nor do terms that forgive mistakes: their search may score some lines again at its end (see
  /// `Search.settle`), which needs every match's line.
  package static func applies(to settings: SearchSettings, query: [UInt8]) -> Bool {
    settings.headerLines == 0 && !settings.fields.ansi && settings.pattern(query).sightings == nil
  }

  /// A filter for `query` over lines ended by `terminator`.
  package init(_ query: [UInt8], settings: SearchSettings, terminator: UInt8) {
    let plan = settings.plan(query)
    self.query = query
    self.settings = settings
    self.terminator = terminator
    rank = plan.rank
    let matchers = UnsafeMutableBufferPointer<Matcher>.allocate(capacity: Parallel.cores)
    _ = matchers.initialize(from: (0..<Parallel.cores).map { _ in Matcher(pattern: plan.pattern) })
    self.matchers = Shared(matchers)
  }

  deinit {
    queue.sync {}
    matchers.pointer.deinitialize().deallocate()
  }

  /// Why `scanRest` stopped before the input's end.
  package enum ReadFailure: Error {
    /// The read function reported an error (it keeps the details).
    case unreadable
    /// A line is longer than `LineSplitter.maxLineLength`.
    case lineTooLong
  }

  /// What the first segments read tell of the query.
  enum Judgement {
    case selective, broad
    /// Broad in the first segment, which may be a cluster of matches (a sorted listing's
    /// `/usr/lib/swift` lines): another look at more input decides.
    case unsure
  }

  /// The share of `segment`'s bytes in matching lines, from samples (see `RawScan.coverage`).
  private func coverage(_ segment: InputSegment) -> Double {
    let base = segment.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    let n = segment.bytes.count
    let samples = MappedLines.bounds(base, from: 0, to: n, terminator: terminator, size: n / 4 + 1)
    return RawScan.coverage(base, samples, terminator, &matchers.pointer[0], rank, settings.fields)
  }

  /// Reads all of `stream`, in segments of the size the filter asks for, scanning each while the
  /// next is read; once the first segments show the query to be selective, the rest is read and
  /// scanned on every core (`scanRest`).
  package func read<Stream: LineStream>(_ stream: Stream) throws(Stream.Failure) {
    var segments = SegmentSplitter(terminator: terminator)
    while true {
      let count = try stream.read(into: segments.freeSpace())
      if count == 0 { break }
      if let segment = segments.commit(count) {
        switch offer(segment) {
        case .readOn(let size): segments.segmentSize = size
        case .scanRest(let first):
          let reads = stream.concurrentReads()
          let failure = scanRest(
            first: first, carry: segments.partialLine, place: reads.place, read: reads.read)
          if let failure { throw reads.failure(failure) }
          return
        }
      }
      try stream.check(partialLine: segments.partialLineLength)
    }
    end(last: segments.finish())
  }

  /// What the reader does after a segment (see `offer`).
  package enum Next {
    /// Read on, cutting segments of this size.
    case readOn(segmentSize: Int)
    /// Hand the rest of the input to `scanRest`, after these segments.
    case scanRest([InputSegment])
  }

  /// Takes a segment just read: the first ones judge the query (see `judge`), a selective one then
  /// has the rest read by `scanRest`; the others are scanned (`add`) while the next are read.
  package func offer(_ segment: InputSegment) -> Next {
    guard var first = judging else {
      add(segment)
      return .readOn(segmentSize: segmentSize)
    }
    first.append(segment)
    switch judge(first) {
    case .selective:
      judging = nil
      return .scanRest(first)
    case .broad:
      judging = nil
      first.forEach(add)
      return .readOn(segmentSize: segmentSize)
    case .unsure:
      judging = first
      return .readOn(segmentSize: SegmentFilter.secondLook - segment.bytes.count)
    }
  }

  /// The input has ended: the segments kept for judging (the first judges alone, as a short input's
  /// only segment does) and `last` are scanned.
  package func end(last: InputSegment?) {
    judging?.forEach(add)
    judging = nil
    if let last { add(last) }
  }

  /// Judges the query on `first`, the segments read so far (none empty): selective or broad at
  /// once on the first if it looks selective, else on all of them, each weighed by its size, once
  /// there are two; `unsure` asks for a second segment (never when `final`: no more will come).
  @discardableResult
  private func judge(_ first: [InputSegment], final: Bool = false) -> Judgement {
    guard !decided else { return lines == nil ? .selective : .broad }
    var covered = 0.0
    var bytes = 0
    for segment in first {
      covered += coverage(segment) * Double(segment.bytes.count)
      bytes += segment.bytes.count
    }
    let broad = covered > RawScan.broadShare * Double(bytes)
    if broad && first.count == 1 && !final { return .unsure }
    decided = true
    if broad { lines = StreamingFilter(query, settings: settings) }
    return broad ? .broad : .selective
  }

  /// Where `judge`'s second look ends: the input's first MiB, in the splitter's first buffer.
  private static let secondLook = SegmentSplitter.firstBufferSize - SegmentSplitter.minimumRead

  /// Scans `first` (the segments read so far) and reads and scans the rest with `read` (a `read(2)` of
  /// the input: the bytes read, 0 at its end, negative on an error) on every core (see `PipeScan`);
  /// `carry` is the partial line read after `first`. `place(k)` is called by worker `k` as it starts
  /// (to keep it on a CPU of its own) and returns what undoes that, called as it ends.
  package func scanRest(
    first: [InputSegment], carry: UnsafeRawBufferPointer,
    place: @Sendable (Int) -> (@Sendable () -> Void)? = { _ in nil },
    read: @Sendable (UnsafeMutableRawBufferPointer) -> Int
  ) -> ReadFailure? {
    let (parts, failure) = PipeScan.run(
      first: first, carry: carry, terminator: terminator, matchers: matchers, rank: rank,
      fields: settings.fields, place: place, read: read)
    let found = found
    queue.sync { found.withLock { for part in parts { $0.add(part) } } }
    return failure
  }

  /// Takes the next segment and starts scanning it.
  package func add(_ segment: InputSegment) {
    guard segment.bytes.count > 0 else { return }
    judge([segment], final: true)
    if let lines {
      // Cut here, while the queue matches the segment before.
      let block = SegmentFilter.lineBlock(segment, firstIndex: lineCount, terminator)
      lineCount += block.count
      lines.add(block)
      return
    }
    inbox.withLock { $0.append(segment) }
    let (inbox, found, matchers, rank, fields, terminator) = (
      inbox, found, matchers, rank, settings.fields, terminator
    )
    queue.async {
      // Whatever has come in since the last turn (nothing, if that turn took this one's segment).
      let segments = inbox.takeAll()
      guard !segments.isEmpty else { return }
      SegmentFilter.scan(segments, into: found, matchers, rank, fields, terminator)
    }
  }

  /// Scans `segments` on every core, in pieces of about 256 KiB that the workers take in turn: when
  /// the scan has fallen behind the reading, the segments waiting are scanned together, with no
  /// pause at each segment's end for the slower worker.
  private static func scan(
    _ segments: [InputSegment], into found: Locked<Found>,
    _ matchers: Shared<UnsafeMutableBufferPointer<Matcher>>,
    _ rank: RankOptions, _ fields: SearchFields, _ terminator: UInt8
  ) {
    var pieces: [(base: UnsafePointer<UInt8>, range: Range<Int>)] = []
    for segment in segments {
      let base = segment.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      let bounds = MappedLines.bounds(
        base, from: 0, to: segment.bytes.count, terminator: terminator, size: 256 << 10)
      for k in 0..<bounds.count - 1 { pieces.append((base, bounds[k]..<bounds[k + 1])) }
    }
    let parts = UnsafeMutableBufferPointer<Part>.allocate(capacity: pieces.count)
    parts.initialize(repeating: Part())
    defer { parts.deinitialize().deallocate() }
    let shared = Shared((pieces: pieces, parts: parts))
    let next = Atomic<Int>(0)
    Parallel.run(min(pieces.count, matchers.pointer.count)) { w in
      while true {
        let k = next.add(1, ordering: .relaxed).oldValue
        guard k < shared.pointer.pieces.count else { return }
        let (base, range) = shared.pointer.pieces[k]
        let hits = RawScan.scan(base, range, terminator, &matchers.pointer[w], rank, fields)
        shared.pointer.parts[k] = Part(hits, from: base)
      }
    }
    found.withLock { for part in parts { $0.add(part) } }
    withExtendedLifetime(segments) {}
  }

  /// The lines of `segment` as a block that borrows its memory.
  private static func lineBlock(_ segment: InputSegment, firstIndex: Int, _ terminator: UInt8) -> LineBlock {
    let base = segment.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    return LineBlock(
      base: UnsafeMutableRawPointer(mutating: base),
      starts: MappedLines.lineStarts(base, from: 0, to: segment.bytes.count, terminator),
      firstIndex: firstIndex, owner: segment.owner)
  }

  /// Waits for the scanning to end; returns every match, best first, and the store holding them.
  package func finish() -> (lines: LineList, store: LineStore) {
    if let lines { return lines.finish() }
    let (runs, store) = queue.sync {
      // Taken out, so that only `runs` holds the matches: the sort gives their pages back as it reads them.
      found.withLock { found in
        defer { found.runs = [] }
        return (found.runs, found.store)
      }
    }
    return (Search.rankedIndices(runs, rank), store)
  }
}

extension SegmentFilter.Part {
  /// The matching lines of `hits` (offsets from `base`) copied out.
  init(_ hits: RawScan.Hits, from base: UnsafePointer<UInt8>) {
    guard !hits.keys.isEmpty else { return }
    var bytes = 0
    for length in hits.lengths { bytes += Int(length) + 1 }
    let memory = Platform.allocate(bytes)
    starts.reserveCapacity(hits.keys.count + 1)
    ranked.reserveCapacity(hits.keys.count)
    var offset = 0
    for k in hits.keys.indices {
      // The line and its terminator: a block's lines are one byte apart.
      let length = Int(hits.lengths[k]) + 1
      (memory + offset).copyMemory(from: base + hits.starts[k], byteCount: length)
      offset += length
      starts.append(UInt32(truncatingIfNeeded: offset))
      ranked.append(RankedLine(key: hits.keys[k], index: UInt32(truncatingIfNeeded: k)))
    }
    self.memory = memory
  }
}

extension SegmentFilter.Found {
  /// Keeps a part's matches, numbered on from the ones before.
  mutating func add(_ part: SegmentFilter.Part) {
    guard let memory = part.memory else { return }
    let first = UInt32(truncatingIfNeeded: count)
    runs.append(
      Search.Run(count: part.ranked.count) { run in
        for (k, line) in part.ranked.enumerated() {
          run.initializeElement(at: k, to: RankedLine(key: line.key, index: first &+ line.index))
        }
      })
    store.append(after: LineBlock(base: memory, starts: part.starts, firstIndex: count))
    count += part.ranked.count
  }
}
