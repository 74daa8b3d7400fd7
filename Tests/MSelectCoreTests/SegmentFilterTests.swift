import Glibc
import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// Feeds `bytes` to a `SegmentSplitter` `read` bytes at a time, as reads from a pipe would, and hands
/// each segment to `body`; `size` gives the segment size wanted after each one.
private func segments(
  of bytes: [UInt8], read: Int, terminator: UInt8 = 10, size: () -> Int = { 1 << 20 },
  _ body: (InputSegment) -> Void
) {
  var splitter = SegmentSplitter(terminator: terminator)
  splitter.segmentSize = size()
  var i = 0
  while i < bytes.count {
    let space = splitter.freeSpace()
    let n = min(read, space.count, bytes.count - i)
    bytes[i..<i + n].withUnsafeBytes { space.copyMemory(from: $0) }
    i += n
    if let segment = splitter.commit(n) {
      body(segment)
      splitter.segmentSize = size()
    }
  }
  if let segment = splitter.finish() { body(segment) }
}

/// A pipe's input cut into segments as it is read: whole lines, in order, each once, whatever the
/// reads and the segment size.
@Suite struct SegmentSplitterTests {
  @Test(arguments: [1, 7, 4096, 1 << 20])
  func segmentsHoldEveryLineOnce(read: Int) {
    let lines = (0..<8_000).map { "line \($0) " + String(repeating: "x", count: $0 % 300) }
    let bytes = Array(lines.joined(separator: "\n").utf8)  // the last line has no terminator
    for size in [1, 5000, 1 << 20] {
      var seen: [UInt8] = []
      segments(of: bytes, read: read, size: { size }) { segment in
        #expect(segment.bytes.last == 10, "a segment ends with a terminator")
        seen += segment.bytes
      }
      #expect(seen == bytes + [10], "read \(read), segments of \(size)")
    }
  }

  /// A line longer than a buffer moves to a larger one; the lines before it are not lost.
  @Test func aLineLongerThanABuffer() {
    let long = [UInt8](repeating: UInt8(ascii: "y"), count: LineSplitter.bufferSize + 12345)
    let bytes = Array("a\nb\n".utf8) + long + [10] + Array("c".utf8)
    var seen: [UInt8] = []
    var count = 0
    segments(of: bytes, read: 65536) { segment in
      seen += segment.bytes
      count += 1
    }
    #expect(seen == bytes + [10])
    #expect(count >= 2)
  }

  /// A read asks for what the segment still needs (a full pipe must not fill the first buffer's
  /// whole MiB before the query is judged), but at least 64 KiB, and a long unended line for as much
  /// again as it has.
  @Test func aReadAsksForWhatTheSegmentNeeds() {
    var splitter = SegmentSplitter(terminator: 10)
    #expect(splitter.freeSpace().count == SegmentSplitter.firstSegmentSize)
    let line = Array(repeating: UInt8(ascii: "x"), count: 99) + [10]
    func write(_ bytes: [UInt8]) -> InputSegment? {
      let space = splitter.freeSpace()
      bytes.withUnsafeBytes { space.copyMemory(from: $0) }
      return splitter.commit(bytes.count)
    }
    #expect(write(Array(line.prefix(50))) == nil)
    #expect(write(Array(line.suffix(50)) + Array(repeating: line, count: 99).joined()) == nil)
    #expect(splitter.freeSpace().count == SegmentSplitter.firstSegmentSize - 10_000)
    let long = Array(repeating: UInt8(ascii: "y"), count: 120_000)
    #expect(write(long) == nil)
    #expect(write(long) == nil)
    #expect(splitter.freeSpace().count == 240_000)
    // A larger segment: what is left of the buffer.
    splitter.segmentSize = 1 << 20
    #expect(splitter.freeSpace().count == SegmentSplitter.firstBufferSize - 250_000)
  }

  @Test func nulTerminatedAndEmptyInput() {
    var seen: [UInt8] = []
    segments(of: Array("a\nb\0c".utf8), read: 2, terminator: 0) { seen += $0.bytes }
    #expect(seen == Array("a\nb\0c\0".utf8))
    var none = 0
    segments(of: [], read: 10) { _ in none += 1 }
    #expect(none == 0)
  }
}

/// `--filter` through a pipe scans segments as they arrive: the result must be the one of the whole
/// input searched at once, for selective queries (scanned in place) and broad ones (cut into lines).
@Suite struct SegmentFilterTests {
  static let lines = (0..<6_000).map { i in
    "dir\(i % 97)/sub\(i % 13)/file_\(i)\(i % 5 == 0 ? ".swift" : ".txt")\(i % 7 == 0 ? " ünïcödé" : "")"
  }

  @Test(arguments: [
    ([String](), "fi sw"), (["--tac"], "file"), (["--no-sort"], "sub1"), ([], ""), (["--tac"], "e"),
    (["--tiebreak", "begin,length"], "1/"), (["-e"], "_19"), ([], "zzz"), ([], "ünï"), ([], "_4 !swift"),
    (["--nth", "2", "-d", "/"], "sub1"), (["--tiebreak", "index"], "^dir1 .txt$"), (["-i"], "DIR5"),
  ])
  func segmentsGiveTheWholeInputsResult(arguments: [String], query: String) throws {
    let options = try OptionParser.parse(arguments.map { Array($0.utf8) })
    let settings = options.scriptedSettings.search
    #expect(SegmentFilter.applies(to: settings, query: Array(query.utf8)))
    let whole = Filter.run(Array(query.utf8), in: store(Self.lines), settings: settings)
    let bytes = Array(Self.lines.joined(separator: "\n").utf8)
    for size in [100, 20_000, 1 << 20] {
      let filter = SegmentFilter(Array(query.utf8), settings: settings, terminator: 10)
      segments(of: bytes, read: 4096, size: { min(size, filter.segmentSize) }) { filter.add($0) }
      let (found, kept) = filter.finish()
      #expect(
        found.map { kept.lineBytes($0) } == whole.map { Array(Self.lines[$0].utf8) }, "segments of \(size)")
    }
  }

  /// A selective query keeps only the matching lines, so the reading buffers go back at once.
  @Test func aSelectiveQueryKeepsOnlyTheMatchingLines() {
    let filter = SegmentFilter(Array("_19".utf8), settings: SearchSettings(), terminator: 10)
    segments(of: Array(Self.lines.joined(separator: "\n").utf8), read: 4096, size: { 10_000 }) {
      filter.add($0)
    }
    #expect(filter.segmentSize == 1 << 20, "not broad")
    let (found, kept) = filter.finish()
    #expect(kept.count == found.count)
    #expect(
      found.count == Filter.run(Array("_19".utf8), in: store(Self.lines), settings: SearchSettings()).count)
    #expect(found.count < Self.lines.count / 4)
  }

  /// A broad query is told at the first segment and asks for whole buffers from then on.
  @Test func aBroadQueryAsksForLargerSegments() {
    let filter = SegmentFilter(Array("d".utf8), settings: SearchSettings(), terminator: 10)
    segments(of: Array(Self.lines.joined(separator: "\n").utf8), read: 4096, size: { 50_000 }) {
      filter.add($0)
    }
    #expect(filter.segmentSize == LineSplitter.bufferSize)
    #expect(filter.finish().lines.count == Self.lines.count)
  }

  /// Filters `bytes` read as a pipe, `chunk` bytes a read, through `SegmentFilter.read`: for a
  /// selective query the rest is read by the workers of `scanRest` (`failAt`: their read there
  /// fails; `place`: as `scanRest` takes it).
  private static func pipeFilter(
    _ query: String, _ bytes: [UInt8], chunk: Int, settings: SearchSettings = SearchSettings(),
    failAt: Int? = nil, place: @escaping @Sendable (Int) -> (@Sendable () -> Void)? = { _ in nil }
  ) -> (lines: [[UInt8]], failure: SegmentFilter.ReadFailure?, scannedTheRest: Bool) {
    let filter = SegmentFilter(Array(query.utf8), settings: settings, terminator: 10)
    let stream = ChunkedStream(bytes, chunk: chunk, failAt: failAt, place: place)
    var failure: SegmentFilter.ReadFailure?
    do {
      try filter.read(stream)
    } catch {
      failure = error
    }
    let (found, kept) = filter.finish()
    return (found.map { kept.lineBytes($0) }, failure, stream.readConcurrently)
  }

  /// A pipe of `bytes`, `chunk` bytes a read.
  private final class ChunkedStream: LineStream {
    typealias Failure = SegmentFilter.ReadFailure
    let terminator: UInt8 = 10
    let source: Locked<(bytes: [UInt8], at: Int)>
    let chunk: Int
    let failAt: Int?
    let place: @Sendable (Int) -> (@Sendable () -> Void)?
    /// Whether the rest was read by the workers.
    var readConcurrently = false

    init(
      _ bytes: [UInt8], chunk: Int, failAt: Int?, place: @escaping @Sendable (Int) -> (@Sendable () -> Void)?
    ) {
      source = Locked((bytes, 0))
      (self.chunk, self.failAt, self.place) = (chunk, failAt, place)
    }

    func wholeInput() -> (bytes: UnsafeRawBufferPointer, owner: AnyObject)? { nil }

    func read(into space: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
      ChunkedStream.read(source, into: space, chunk: chunk, failAt: nil)
    }

    func check(partialLine length: Int) throws(SegmentFilter.ReadFailure) {
      if length > LineSplitter.maxLineLength { throw .lineTooLong }
    }

    func concurrentReads() -> ConcurrentReads<SegmentFilter.ReadFailure> {
      readConcurrently = true
      let (source, chunk, failAt) = (source, chunk, failAt)
      return ConcurrentReads(
        read: { ChunkedStream.read(source, into: $0, chunk: chunk, failAt: failAt) }, place: place,
        failure: { $0 })
    }

    func readBlocks(soon: Bool, _ body: (LineBlock) -> Bool) throws(Failure) {
      Issue.record("a segment filter reads in segments")
    }

    /// Up to `chunk` bytes of `source` into `space`; -1 from `failAt` on.
    static func read(
      _ source: Locked<(bytes: [UInt8], at: Int)>, into space: UnsafeMutableRawBufferPointer, chunk: Int,
      failAt: Int?
    ) -> Int {
      source.withLock { source in
        if let failAt, source.at >= failAt { return -1 }
        let n = min(chunk, space.count, source.bytes.count - source.at)
        source.bytes[source.at..<source.at + n].withUnsafeBytes { space.copyMemory(from: $0) }
        source.at += n
        return n
      }
    }
  }

  /// The rest of a pipe read by the workers in turn gives the whole input's result, whatever the
  /// reads: lines cut between reads, a line longer than a worker's buffer, a last line without
  /// terminator.
  @Test(arguments: [1, 7, 4096, 100_000, 1 << 20])
  func theWorkersReadingInTurnGiveTheWholeInputsResult(chunk: Int) {
    var lines = (0..<20_000).map { "dir\($0 % 97)/file_\($0)\($0 % 7 == 0 ? " ünïcödé" : "")" }
    lines[15_000] = "file_long " + String(repeating: "y", count: 700_000) + " _19"
    lines[lines.count - 1] += " _19 unterminated"
    let bytes = Array(lines.joined(separator: "\n").utf8)
    for query in ["_19", "ünï 7", "zzz"] {
      let result = Self.pipeFilter(query, bytes, chunk: chunk)
      let whole = Filter.run(Array(query.utf8), in: store(lines), settings: SearchSettings())
      #expect(result.scannedTheRest, "\(query): selective")
      #expect(result.failure == nil)
      // Compared as short descriptions: a failure must not print the 700 KB line.
      func described(_ lines: [[UInt8]]) -> [String] {
        lines.map { "\(String(decoding: $0.prefix(20), as: UTF8.self))… (\($0.count) bytes)" }
      }
      #expect(
        described(result.lines) == described(whole.map { Array(lines[$0].utf8) }),
        "\(query), reads of \(chunk)")
    }
    #expect(Self.pipeFilter("_19", bytes, chunk: chunk).lines.contains { $0.count > 700_000 })
  }

  /// Each worker of the rest asks to be placed as it starts, with its own number, and undoes it as it
  /// ends (the reader keeps each on a CPU of its own: `ThreadPlacement`).
  @Test func eachWorkerIsPlacedAndGivenBack() {
    let placed = Locked<[Int]>([])
    let undone = Locked(0)
    let lines = (0..<40_000).map { "dir\($0 % 97)/file_\($0)" }
    let result = Self.pipeFilter("_19", Array(lines.joined(separator: "\n").utf8), chunk: 65536) { k in
      placed.withLock { $0.append(k) }
      return { undone.withLock { $0 += 1 } }
    }
    #expect(result.scannedTheRest)
    #expect(
      result.lines.count == Filter.run(Array("_19".utf8), in: store(lines), settings: SearchSettings()).count)
    #expect(placed.withLock { $0.sorted() } == Array(0..<Parallel.cores))
    #expect(undone.withLock { $0 } == Parallel.cores)
  }

  /// A sorted listing starts with a cluster of matches (`/usr/lib/swift/…` for `swift`): the first
  /// segment looks broad, the first MiB does not, and the query is scanned as the selective one it
  /// is. A query broad throughout stays with line blocks.
  @Test func aClusterOfMatchesAtTheStartGetsASecondLook() {
    let lines =
      (0..<4_000).map { "/usr/lib/swift/linux/module_\($0).swiftmodule" }
      + (0..<60_000).map { "/usr/share/doc/package_\($0)/changelog.gz" }
    let bytes = Array(lines.joined(separator: "\n").utf8)
    #expect(lines.prefix(4_000).joined(separator: "\n").utf8.count > SegmentSplitter.firstSegmentSize)
    for (query, selective) in [("swift", true), ("usr", false)] {
      let result = Self.pipeFilter(query, bytes, chunk: 65536)
      #expect(result.scannedTheRest == selective, "\(query)")
      let whole = Filter.run(Array(query.utf8), in: store(lines), settings: SearchSettings())
      // Compared in counts and a prefix: a failure names no 60,000-line arrays.
      #expect(result.lines.count == whole.count)
      #expect(Array(result.lines.prefix(100)) == whole.prefix(100).map { Array(lines[$0].utf8) })
    }
  }

  /// A read that fails ends the scan with `unreadable`; an input too small for a first segment never
  /// gets to the workers.
  @Test func aFailedReadAndASmallInput() {
    let bytes = Array((0..<40_000).map { "line \($0)" }.joined(separator: "\n").utf8)
    #expect(Self.pipeFilter("_19", bytes, chunk: 4096, failAt: 300_000).failure == .unreadable)
    let small = Self.pipeFilter("ne 12", Array("line 1\nline 12\nline 123".utf8), chunk: 3)
    #expect(!small.scannedTheRest)
    #expect(small.lines == [Array("line 12".utf8), Array("line 123".utf8)])
  }

  /// An endless line (`/dev/zero` after a first line) is an error once it passes
  /// `LineSplitter.maxLineLength`, read into one growing buffer (not copied at every read).
  @Test func anEndlessLineIsAnError() {
    let filter = SegmentFilter(Array("a".utf8), settings: SearchSettings(), terminator: 10)
    let first = Array("x\n".utf8) + [UInt8](repeating: 10, count: 1 << 20) + Array("a".utf8)
    var splitter = SegmentSplitter(terminator: 10)
    var next: SegmentFilter.Next?
    var i = 0
    while case nil = next {
      let space = splitter.freeSpace()
      let n = min(space.count, first.count - i)
      first[i..<i + n].withUnsafeBytes { space.copyMemory(from: $0) }
      i += n
      next = splitter.commit(n).map { filter.offer($0) }
    }
    guard case .scanRest(let segments) = next else {
      Issue.record("a query that matches nothing is selective")
      return
    }
    let reads = Locked(0)
    let failure = filter.scanRest(first: segments, carry: splitter.partialLine) { space in
      reads.withLock { $0 += 1 }
      // memset: one range for the sanitizers, not 256 MiB of instrumented stores.
      memset(space.baseAddress!, 0, space.count)
      return space.count
    }
    #expect(failure == .lineTooLong)
    #expect(reads.withLock { $0 } < 2 * LineSplitter.maxLineLength / (64 << 10))
  }

  @Test func headerLinesANSIAndTyposAreLeftToLineBlocks() throws {
    for arguments in [["--header-lines", "1"], ["--ansi"], ["--typos"]] {
      let options = try OptionParser.parse(arguments.map { Array($0.utf8) })
      #expect(!SegmentFilter.applies(to: options.scriptedSettings.search, query: Array("firefox".utf8)))
    }
    // A term too short to forgive anything leaves the query to segments.
    let typos = try OptionParser.parse([Array("--typos".utf8)]).scriptedSettings.search
    #expect(SegmentFilter.applies(to: typos, query: Array("fire".utf8)))
  }
}
