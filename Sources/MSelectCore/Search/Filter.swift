/// The one entry point of a non-interactive search: every match of a query, best first.
///
/// It picks the way to search: an input that is in memory as a whole is scanned in place (no line
/// table) unless the query is broad, then it is cut into a line table and searched in parallel.
public enum Filter {
  /// Where the lines come from.
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

  /// Every match of `query` among the candidate lines of `store`: line indices, best first.
  public static func run(_ query: [UInt8], in store: LineStore, settings: SearchSettings) -> LineList {
    ranked(settings.pattern(query), in: store, settings: settings)
  }

  /// Every match of `query` among the candidate lines of `input`, ranked.
  package static func run(_ query: [UInt8], in input: Input, settings: SearchSettings) -> Outcome {
    let pattern = settings.pattern(query)
    switch input {
    case .bytes(let bytes, let terminator, let owner):
      // The in-place scan checks anchors on raw bytes; with `--ansi` lines go through the line table.
      let scanned =
        settings.fields.ansi
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
    }
  }

  /// The matches of `pattern` among the candidate lines of `store`, best first.
  public static func ranked(_ pattern: Pattern, in store: LineStore, settings: SearchSettings) -> LineList {
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
