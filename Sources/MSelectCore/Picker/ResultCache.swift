/// Recent search results, kept so that narrowing the query searches only earlier matches and
/// backspace shows an earlier result at once; bounded in entries and in lines held.
struct ResultCache {
  /// Most results kept.
  static let entries = 12
  /// Most matches kept over all results (20 bytes each): on millions of lines, enough for the results
  /// of typing a word and backspacing over it.
  static let lines = 12_000_000

  /// Newest last.
  private(set) var results: [SearchResult] = []

  /// Keeps `found`, dropping results as the bounds require (see `victim`).
  mutating func remember(_ found: SearchResult, current: [UInt8]) {
    results.removeAll { $0.query == found.query }
    results.append(found)
    // Broad results over huge inputs are large: keep few of them. The prefixes of the current query
    // go last, since backspace returns to them (and the shortest are the slowest to redo).
    var total = results.reduce(0) { $0 + $1.ranked.count }
    while results.count > ResultCache.entries || (results.count > 1 && total > ResultCache.lines) {
      total -= results.remove(at: ResultCache.victim(results.map(\.query), current: current)).ranked.count
    }
  }

  /// The newest result for exactly `query`.
  func result(for query: [UInt8]) -> SearchResult? {
    results.last { $0.query == query }
  }

  /// The result of the longest cached query that `pattern` only narrows (its matches are a superset).
  func broader(than pattern: Pattern) -> SearchResult? {
    results.filter { pattern.narrows(Pattern(query: $0.query, options: pattern.options)) }
      .max { $0.query.count < $1.query.count }
  }

  /// Which of the cached queries (oldest first, the newest last and kept) to drop: the oldest that is
  /// not a prefix of the current query, else the longest prefix (the cheapest to search again, by
  /// narrowing a shorter one).
  static func victim(_ queries: [[UInt8]], current: [UInt8]) -> Int {
    if let stale = queries.dropLast().firstIndex(where: { !current.starts(with: $0) }) { return stale }
    return queries.indices.dropLast().max { queries[$0].count < queries[$1].count } ?? 0
  }
}
