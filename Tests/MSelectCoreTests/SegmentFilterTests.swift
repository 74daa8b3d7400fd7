import Testing

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
    let lines = (0..<20_000).map { "line \($0) " + String(repeating: "x", count: $0 % 300) }
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
    #expect(SegmentFilter.applies(to: settings))
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

  @Test func headerLinesAndANSIAreLeftToLineBlocks() throws {
    for arguments in [["--header-lines", "1"], ["--ansi"]] {
      let options = try OptionParser.parse(arguments.map { Array($0.utf8) })
      #expect(!SegmentFilter.applies(to: options.scriptedSettings.search))
    }
  }
}
