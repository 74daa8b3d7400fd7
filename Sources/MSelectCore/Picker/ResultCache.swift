/// Recent search results, kept so that narrowing the query searches only earlier matches and
/// backspace shows an earlier result at once; bounded in entries and in memory per input line.
///
/// The newest result is kept whole (it is the one on screen). Older ones are kept whole while their
/// matches (8 bytes each) stay within `fullLines`; beyond that the oldest are kept as the set of their
/// lines only (a bit a line), which a later query narrows as well, but whose ranking is scored again.
struct ResultCache {
  /// Most results kept.
  static let entries = 12

  /// Matches kept whole over the results other than the newest: a million, or a quarter of the input's
  /// lines when that is more (2 bytes a line), so a picker holds its input plus at most about 16 bytes
  /// a line (4 for the line table, 8 for the result on screen, the rest for these and the line sets).
  static func fullLines(lineCount: Int) -> Int { max(1 << 20, lineCount / 4) }

  /// One remembered result.
  enum Entry {
    case whole(SearchResult)
    /// A result's lines without their ranking.
    case lines(query: [UInt8], lineCount: Int, set: LineSet)

    var query: [UInt8] {
      switch self {
      case .whole(let result): result.query
      case .lines(let query, _, _): query
      }
    }

    var lineCount: Int {
      switch self {
      case .whole(let result): result.lineCount
      case .lines(_, let lineCount, _): lineCount
      }
    }
  }

  /// Newest last.
  private(set) var entries: [Entry] = []

  /// Matches kept whole beyond the newest, when set: otherwise `fullLines` of the input (tests set
  /// it small to reach the compacted entries with small inputs).
  var wholeBudget: Int?

  /// Keeps `found`, dropping and compacting results as the bounds require (see `victim`).
  mutating func remember(_ found: SearchResult, current: [UInt8]) {
    entries.removeAll { $0.query == found.query }
    entries.append(.whole(found))
    // Broad results over huge inputs are large: keep few of them whole. The prefixes of the current
    // query go last, since backspace returns to them (and the shortest are the slowest to redo).
    while entries.count > ResultCache.entries {
      entries.remove(at: ResultCache.victim(entries.map(\.query), current: current))
    }
    compact(current: current, newestShown: true)
  }

  /// Keeps results whole only within `fullLines`, the oldest and least needed becoming line sets
  /// first. `newestShown`: the newest is on screen and stays whole (its memory is in use anyway); once
  /// a new query's first lines are on screen instead, it counts like the others.
  mutating func compact(current: [UInt8], newestShown: Bool) {
    let lineCount = entries.reduce(0) { max($0, $1.lineCount) }
    let budget = wholeBudget ?? ResultCache.fullLines(lineCount: lineCount)
    var whole = wholeLines(newestShown: newestShown)
    guard whole > budget else { return }
    var order = ResultCache.compactionOrder(entries.map(\.query), current: current)
    if !newestShown && !entries.isEmpty { order.append(entries.count - 1) }
    for k in order where whole > budget {
      guard case .whole(let result) = entries[k], result.everyLine == nil else { continue }
      entries[k] = .lines(
        query: result.query, lineCount: result.lineCount,
        set: LineSet(result.ranked, lineCount: result.lineCount))
      whole -= result.ranked.count
    }
  }

  /// Matches held whole by the results (but the newest when it is shown).
  private func wholeLines(newestShown: Bool) -> Int {
    entries.dropLast(newestShown ? 1 : 0).reduce(0) { total, entry in
      if case .whole(let result) = entry { return total + result.ranked.count }
      return total
    }
  }

  /// The newest whole result for exactly `query`.
  func result(for query: [UInt8]) -> SearchResult? {
    for case .whole(let result) in entries.reversed() where result.query == query { return result }
    return nil
  }

  /// The longest cached query that `pattern` only narrows (its matches are a superset), and the lines
  /// it searched; nil when there is none, or it matched every line (nothing to narrow: the empty
  /// query, and any other that has no term, such as `^` or `!`).
  func broader(than pattern: Pattern) -> (SearchRequest.Broader, lineCount: Int)? {
    let found = entries.filter { entry in
      if case .whole(let result) = entry, result.everyLine != nil { return false }
      // Only a prefix can be narrowed (checked first: building a pattern is not free).
      guard pattern.query.starts(with: entry.query) else { return false }
      let previous = Pattern(query: entry.query, options: pattern.options)
      return !previous.isEmpty && pattern.narrows(previous)
    }
    guard let best = found.max(by: { $0.query.count < $1.query.count }) else { return nil }
    switch best {
    case .whole(let result): return (.ranked(result.ranked, query: result.query), result.lineCount)
    case .lines(let query, let lineCount, let set): return (.lines(set, query: query), lineCount)
    }
  }

  /// Which of the cached queries (oldest first, the newest last and kept) to drop: the oldest that is
  /// not a prefix of the current query, else the longest prefix (the cheapest to search again, by
  /// narrowing a shorter one).
  static func victim(_ queries: [[UInt8]], current: [UInt8]) -> Int {
    compactionOrder(queries, current: current).first ?? 0
  }

  /// The cached queries but the newest, in the order they are given up: the oldest that are not
  /// prefixes of the current query first, then the prefixes, longest first.
  static func compactionOrder(_ queries: [[UInt8]], current: [UInt8]) -> [Int] {
    let older = queries.indices.dropLast()
    let stale = older.filter { !current.starts(with: queries[$0]) }
    let prefixes = older.filter { current.starts(with: queries[$0]) }.sorted {
      queries[$0].count > queries[$1].count
    }
    return stale + prefixes
  }
}
