/// Applies a `Pattern` to line bytes: what the pattern compiled to (`MatchConfig`, with the strategy
/// chosen for its lines) and the memory a line is matched in (`MatchScratch`).
///
/// Holds scratch memory, so each thread uses its own matcher.
public struct Matcher {
  public let pattern: Pattern
  /// What the pattern compiled to: read, never changed, by every line's match.
  let config: MatchConfig
  /// What matching a line writes to.
  var scratch: MatchScratch

  /// Characters of each term the byte pre-scan checks.
  static let prescanLength = 64
  /// From this many bytes on, a line with non-ASCII characters is matched without being decoded
  /// whole (see `LongLine`).
  package static let longLine = 1 << 20

  public init(pattern: Pattern) {
    self.init(pattern: pattern, ceilingShortcut: true)
  }

  /// A matcher whose scorer may be kept from its shortcut, so tests can compare both ways.
  /// `longLine`: `Matcher.longLine`, or less in tests (so the long path is compared with the usual one
  /// on short lines). `scanning`: which lines the pass of the exact terms reads (tests compare the
  /// ways). `runsFirst`: whether a term held as a run with mistakes ranks first, as the search that
  /// ranked the lines settled it (see `TypoSightings`); nil while a search goes.
  package init(
    pattern: Pattern, ceilingShortcut: Bool = true, longLine: Int = Matcher.longLine,
    scanning: ExactTermScan.Lines = .asWorthIt, runsFirst: Bool? = nil
  ) {
    self.pattern = pattern
    config = MatchConfig(
      pattern, ceilingShortcut: ceilingShortcut, longLineBytes: longLine, scanning: scanning)
    let typos =
      pattern.groups.joined().contains { $0.typos > 0 }
      ? TypoScratch(sightings: pattern.sightings, runsFirst: runsFirst) : nil
    typos?.defersSightings = !pattern.isOneFuzzyTerm
    scratch = MatchScratch(typos: typos)
  }

  /// The matcher's skipping and byte verdict, for a scan loop to hold (see `Skipper`).
  var skipper: Skipper {
    let judges = if case .oneFuzzyTerm(let term) = config.strategy { term.typos == 0 } else { false }
    return Skipper(prescan: config.prescan, skips: config.prescan.canSkip && !pattern.isEmpty, judges: judges)
  }

  /// Characters the byte pre-scan checks (bounded whatever the query's length).
  package var prescanRows: Int { config.prescan.rowCount }

  /// Whether some term must end the line (`abc$`): then the last bytes of a line can rule it out.
  package var anchorsLineEnds: Bool { config.groups.anchors.contains { $0.atEnd } }

  /// For a term that must end the line (`abc$`), the ASCII bytes its last character can be under
  /// its folding (one or two: `c`, or `c` and `C`); nil without such a term. A line whose last byte is
  /// ASCII, not whitespace and none of these cannot match (see `Anchor.rejects`).
  package var lineEndBytes: [UInt8]? {
    guard let anchor = config.groups.anchors.first(where: { $0.atEnd }), let last = anchor.chars.last else {
      return nil
    }
    let bytes = (0..<128).filter { anchor.table[$0] == UInt32(last) }.map(UInt8.init)
    return bytes.isEmpty || bytes.count > 2 ? nil : bytes
  }

  /// Lets the skipping adapt to the bytes about to be searched (a sample of them).
  package func adapt(to sample: UnsafeRawBufferPointer) {
    config.prescan.adapt(to: sample)
  }

  /// Scores a line given as bytes; nil when it does not match.
  public mutating func match(_ line: [UInt8]) -> Match? {
    line.withUnsafeBytes { match($0) }
  }

  /// The matched character indices of a line given as bytes (sorted), or nil when it does not match.
  package mutating func positions(_ line: [UInt8]) -> [Int]? {
    line.withUnsafeBytes { positions($0) }
  }

  /// Whether `line` matches, without scoring it where a cheaper test decides (one fuzzy term on an
  /// ASCII line: see `OneFuzzyTerm.accepts`).
  package mutating func accepts(_ line: UnsafeRawBufferPointer) -> Bool {
    if case .oneFuzzyTerm(let term) = config.strategy, line.count >= config.minimumBytes,
      let base = line.baseAddress
    {
      let p = base.assumingMemoryBound(to: UInt8.self)
      if Matcher.isASCII(p, line.count) {
        return term.accepts(p, line.count, config.scorer, scratch.typosRef)
      }
    }
    return match(line) != nil
  }

  package mutating func match(_ line: UnsafeRawBufferPointer, prescanned: Bool = false) -> Match? {
    evaluate(line, positions: nil, prescanned: prescanned)
  }

  /// Scores a line with the span of its best alignment exact (the scoring shortcuts know only the
  /// score): what the `begin`, `end`, `chunk` and `pathname` tiebreaks measure.
  package mutating func matchWithSpan(_ line: UnsafeRawBufferPointer) -> Match? {
    var found: [Int] = []
    return evaluate(line, positions: &found)
  }

  /// The score as computed while collecting positions (the full matrices); for tests.
  package mutating func scoreWithPositions(_ line: UnsafeRawBufferPointer) -> Int32? {
    var found: [Int] = []
    return evaluate(line, positions: &found)?.score
  }

  /// The matched character indices (sorted, deduplicated) for highlighting, or nil when no match.
  package mutating func positions(_ line: UnsafeRawBufferPointer) -> [Int]? {
    highlights(line)?.sorted
  }

  /// The characters to highlight, those a typo repair stands on apart; nil when no match.
  package mutating func highlights(_ line: UnsafeRawBufferPointer) -> Highlights? {
    var found: [Int] = []
    guard evaluate(line, positions: &found) != nil else { return nil }
    return Highlights(places: found)
  }

  /// The match of `line` with its alignment worked out, the matched characters' indices appended to
  /// `positions` (unsorted, possibly repeated).
  mutating func matchAligned(_ line: UnsafeRawBufferPointer, positions: inout [Int]) -> Match? {
    evaluate(line, positions: &positions)
  }

  /// The pattern matched as fzf matches it against several `--nth` selections (see
  /// `TermGroups.match(pieces:)`). `whole`: a text that holds every piece (the line), checked first by
  /// the byte pre-scan, which a term found in a piece passes too.
  package mutating func match(
    pieces: [(text: [UInt8], shift: Int)], within whole: UnsafeRawBufferPointer, withSpan: Bool
  ) -> Match? {
    if pattern.isEmpty { return Match(score: 0, begin: 0, end: 0) }
    guard whole.count >= config.minimumBytes else { return nil }
    if let base = whole.baseAddress,
      !config.prescan.passes(base.assumingMemoryBound(to: UInt8.self), whole.count)
    {
      return nil
    }
    return config.groups.match(pieces: pieces, withSpan: withSpan, config, &scratch)
  }

  /// The line's match by the matcher's strategy, its places appended to `positions`.
  private mutating func evaluate(
    _ line: UnsafeRawBufferPointer, positions: UnsafeMutablePointer<[Int]>?, prescanned: Bool = false
  ) -> Match? {
    switch config.strategy {
    case .everyLine:
      return Match(score: 0, begin: 0, end: 0)
    case .oneFuzzyTerm(let term):
      guard line.count >= config.minimumBytes else { return nil }
      return term.match(line, config, &scratch, positions: positions, prescanned: prescanned)
    case .termGroups:
      guard line.count >= config.minimumBytes else { return nil }
      // Unretained: the matcher holds both while it matches (a retain and a release of each a line
      // were 3 % of `^/usr .so$ !python`'s instructions).
      return Unmanaged.passUnretained(config)._withUnsafeGuaranteedRef { config in
        Unmanaged.passUnretained(config.groups)._withUnsafeGuaranteedRef {
          $0.match(line, config, &scratch, positions: positions)
        }
      }
    }
  }
}
