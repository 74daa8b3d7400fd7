/// The one entry point of a non-interactive search: every match of a query, best first.
///
/// It picks the way to search from the input and the settings: an input in memory as a whole is
/// scanned in place (no line table) unless the query is broad, then it is cut into a line table and
/// searched in parallel; a stream is cut into segments scanned while the next are read
/// (`SegmentFilter`), or into blocks of lines matched as they come (`StreamingFilter`: header lines,
/// `--ansi`), or, in input order (`--no-sort`), its matches are handed out block by block as they are
/// found (`InputOrderFilter`).
public enum Filter {
  /// Where the lines come from.
  package enum Input<Stream: LineStream> {
    /// The whole input as one buffer (a mapped file) of lines ended by `terminator`; `owner` keeps
    /// the memory alive.
    case bytes(UnsafeRawBufferPointer, terminator: UInt8, owner: AnyObject)
    /// Lines already in a store.
    case lines(LineStore)
    /// Lines still to be read.
    case stream(Stream)
  }

  /// The matches: indices into `source`, best first.
  package struct Outcome: Sendable {
    /// Hands out the bytes of each index in `lines`.
    package let source: any LineSource
    package let lines: LineList
    /// Whether the input was scanned in place (for benchmarks and tests).
    package var scannedInPlace = false
    /// Set when the matches were handed out as they were found (then `lines` is empty): whether
    /// there were any.
    package var streamed: Bool? = nil

    package init(source: any LineSource, lines: LineList, scannedInPlace: Bool = false) {
      self.source = source
      self.lines = lines
      self.scannedInPlace = scannedInPlace
    }
  }

  /// Receives matches as they are found (input order): a block's matching lines and the store that
  /// holds them; returns false to stop reading.
  package typealias Receiver = (_ lines: LineList, _ store: LineStore) -> Bool

  /// Every match of `query` among `lines`: their indices, best first.
  public static func run(_ query: String, in lines: [String], settings: SearchSettings = SearchSettings())
    -> [Int]
  {
    Array(run(Array(query.utf8), in: LineStore(lines: lines.map(\.utf8)), settings: settings))
  }

  /// Every match of `query` among the candidate lines of `store`: line indices, best first.
  public static func run(_ query: [UInt8], in store: LineStore, settings: SearchSettings) -> LineList {
    ranked(settings.pattern(query), in: store, settings: settings)
  }

  /// Every match of `query` among the candidate lines of `input`, ranked; with `asFound`, a stream
  /// whose order is the input's hands its matches to it as they are found instead.
  package static func run<Stream: LineStream>(
    _ query: [UInt8], in input: Input<Stream>, settings: SearchSettings, asFound: Receiver? = nil
  ) throws(Stream.Failure) -> Outcome {
    let pattern = settings.pattern(query)
    // A query that ranks nothing, with `--learn`, lists the learned lines first: that takes every
    // line's bytes, which the line table has.
    let listsLearned = settings.rank.learned != nil && RankOptions.ranksNothing(pattern)
    switch input {
    case .bytes(let bytes, let terminator, let owner):
      // The in-place scan checks anchors on raw bytes; with `--ansi` lines go through the line table.
      let scanned =
        settings.fields.ansi || listsLearned
        ? nil
        : withExtendedLifetime(owner) {
          RawScan.filter(bytes, terminator: terminator, pattern: pattern, settings: settings)
        }
      if let (scan, lines) = scanned {
        return Outcome(source: KeptAlive(scan, owner), lines: lines, scannedInPlace: true)
      }
      let store = MappedLines.store(bytes, terminator: terminator, owner: owner)
      return Outcome(source: store, lines: ranked(pattern, in: store, settings: settings))
    case .lines(let store):
      return Outcome(source: store, lines: ranked(pattern, in: store, settings: settings))
    case .stream(let stream):
      if let asFound, InputOrderFilter.applies(to: settings) {
        return try inInputOrder(query, stream, settings: settings, asFound)
      }
      if SegmentFilter.applies(to: settings) && !listsLearned {
        let filter = SegmentFilter(query, settings: settings, terminator: stream.terminator)
        try stream.readSegments(into: filter)
        let (lines, store) = filter.finish()
        return Outcome(source: store, lines: lines)
      }
      let filter = StreamingFilter(query, settings: settings)
      try stream.readBlocks(soon: false) { block in
        filter.add(block)
        return true
      }
      let (lines, store) = filter.finish()
      return Outcome(source: store, lines: lines)
    }
  }

  /// Every match of `query` among the candidate lines of `input`, ranked (no stream).
  package static func run(_ query: [UInt8], in input: Input<NoStream>, settings: SearchSettings) -> Outcome {
    run(query, in: input, settings: settings, asFound: nil)
  }

  /// `--no-sort` over a stream: each block's matches go to `receiver` as soon as the block is read.
  private static func inInputOrder<Stream: LineStream>(
    _ query: [UInt8], _ stream: Stream, settings: SearchSettings, _ receiver: Receiver
  ) throws(Stream.Failure) -> Outcome {
    let filter = InputOrderFilter(query, settings: settings)
    var found = false
    try stream.readBlocks(soon: true) { block in
      let (matches, store) = filter.matches(in: block)
      guard !matches.isEmpty else { return true }
      found = true
      return receiver(matches, store)
    }
    var outcome = Outcome(source: LineStore(), lines: LineList([]))
    outcome.streamed = found
    return outcome
  }

  /// The matches of `pattern` among the candidate lines of `store`, best first.
  package static func ranked(_ pattern: Pattern, in store: LineStore, settings: SearchSettings) -> LineList {
    let parts =
      Search.matchParts(
        pattern, in: store, scope: .all(settings.candidates(count: store.count)), rank: settings.rank,
        fields: settings.fields) ?? []
    return Search.rankedIndices(parts, settings.rank)
  }
}

/// A line source that keeps the memory its lines point into alive.
private struct KeptAlive: LineSource {
  let source: RawScan
  /// Never read: holding it is the point.
  let owner: Shared<AnyObject>

  init(_ source: RawScan, _ owner: AnyObject) {
    self.source = source
    self.owner = Shared(owner)
  }

  func line(_ index: Int) -> UnsafeRawBufferPointer { source.line(index) }
}
