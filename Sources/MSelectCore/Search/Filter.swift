/// The one entry point of a non-interactive search: every match of a query, best first.
///
/// It picks the way to search from the input and the settings, and the caller names none: an input
/// in memory as a whole (a stream that can be mapped, too) is scanned in place (no line table) unless
/// the query is broad, then it is cut into a line table and searched in parallel; a stream is cut
/// into segments scanned while the next are read (`SegmentFilter`), or into blocks of lines matched
/// as they come (`StreamingFilter`: header lines, `--ansi`), or, in input order (`--no-sort`), its
/// matches are handed to the caller's receiver block by block as they are found (`InputOrderFilter`).
public enum Filter {
  /// Lines all there at once.
  package enum Input {
    /// The whole input as one buffer (a mapped file) of lines ended by `terminator`; `owner` keeps
    /// the memory alive.
    case bytes(UnsafeRawBufferPointer, terminator: UInt8, owner: AnyObject)
    /// Lines already in a store.
    case lines(LineStore)
  }

  /// The matches: indices into `source`, best first.
  package struct Outcome: Sendable {
    /// Hands out the bytes of each index in `lines`.
    package let source: any LineSource
    package let lines: LineList
    /// Whether the input was scanned in place (for benchmarks and tests).
    package var scannedInPlace = false

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
    ranked(settings.plan(query), in: store, settings: settings)
  }

  /// Every match of `query` among the candidate lines of `input`, best first.
  package static func run(_ query: [UInt8], in input: Input, settings: SearchSettings) -> Outcome {
    let plan = settings.plan(query)
    switch input {
    case .bytes(let bytes, let terminator, let owner):
      // The in-place scan checks anchors on raw bytes; with `--ansi` lines go through the line table,
      // and so they do for a query that ranks nothing with `--learn` (the learned lines come first:
      // that takes every line's bytes).
      let scanned =
        settings.fields.ansi || listsLearned(plan.pattern, settings) || settings.tail != nil
        ? nil
        : withExtendedLifetime(owner) {
          RawScan.filter(bytes, terminator: terminator, plan: plan, settings: settings)
        }
      if let (scan, lines) = scanned {
        return Outcome(source: KeptAlive(scan, owner), lines: lines, scannedInPlace: true)
      }
      let store = MappedLines.store(bytes, terminator: terminator, owner: owner)
      return Outcome(source: store, lines: ranked(plan, in: store, settings: settings))
    case .lines(let store):
      return Outcome(source: store, lines: ranked(plan, in: store, settings: settings))
    }
  }

  /// Every match of `query` among the candidate lines of `stream`, best first. With `asFound`, when
  /// the order is the input's, the matches go to it as they are found instead, and the result is
  /// nil.
  package static func run<Stream: LineStream>(
    _ query: [UInt8], from stream: Stream, settings: SearchSettings, asFound: Receiver? = nil
  ) throws(Stream.Failure) -> Outcome? {
    if let whole = stream.wholeInput() {
      return run(
        query, in: .bytes(whole.bytes, terminator: stream.terminator, owner: whole.owner), settings: settings)
    }
    if settings.tail != nil {
      // `--tail N`: the lines before the last N are let go of as the input streams in (memory
      // bounded by N), then the rest is searched.
      var store = LineStore()
      try stream.readBlocks(soon: false) { block in
        store.append(block)
        let kept = settings.candidates(count: store.count)
        store.drop(min(settings.headerLines, kept.lowerBound)..<kept.lowerBound)
        return true
      }
      return Outcome(source: store, lines: ranked(settings.plan(query), in: store, settings: settings))
    }
    if let asFound, InputOrderFilter.applies(to: settings) {
      try inInputOrder(query, stream, settings: settings, asFound)
      return nil
    }
    if SegmentFilter.applies(to: settings, query: query) && !listsLearned(settings.pattern(query), settings) {
      let filter = SegmentFilter(query, settings: settings, terminator: stream.terminator)
      try filter.read(stream)
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

  /// Whether a search for `pattern` lists the learned lines first (a query that ranks nothing, with
  /// `--learn`).
  private static func listsLearned(_ pattern: Pattern, _ settings: SearchSettings) -> Bool {
    settings.rank.learned != nil && RankOptions.ranksNothing(pattern)
  }

  /// `--no-sort` over a stream: each block's matches go to `receiver` as soon as the block is read.
  private static func inInputOrder<Stream: LineStream>(
    _ query: [UInt8], _ stream: Stream, settings: SearchSettings, _ receiver: Receiver
  ) throws(Stream.Failure) {
    let filter = InputOrderFilter(query, settings: settings)
    try stream.readBlocks(soon: true) { block in
      let (matches, store) = filter.matches(in: block)
      return matches.isEmpty || receiver(matches, store)
    }
  }

  /// The matches of `plan` among the candidate lines of `store`, best first.
  package static func ranked(_ plan: SearchPlan, in store: LineStore, settings: SearchSettings) -> LineList {
    let parts =
      Search.matchParts(
        plan, in: store, scope: .all(settings.candidates(count: store.count)), fields: settings.fields)
      ?? []
    Search.settle(parts, plan, fields: settings.fields) { store.line($0) }
    return Search.rankedIndices(parts, plan.rank)
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
