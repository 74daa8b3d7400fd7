/// The ranked matches of one query over the first `lineCount` lines.
public struct SearchResult: Sendable {
  /// The query bytes the result is for.
  public let query: [UInt8]
  /// Lines `0..<lineCount` were searched.
  public let lineCount: Int
  /// Matches, best first.
  public let ranked: [RankedLine]
  /// The same matches in input order (what a narrower query searches next).
  public let inputOrder: [UInt32]

  public init(query: [UInt8], lineCount: Int, ranked: [RankedLine], inputOrder: [UInt32]) {
    self.query = query
    self.lineCount = lineCount
    self.ranked = ranked
    self.inputOrder = inputOrder
  }

  /// Nothing searched yet.
  public static let empty = SearchResult(query: [], lineCount: 0, ranked: [], inputOrder: [])
}

/// A search the picker wants run off its event loop; `run` may happen on any thread.
public struct SearchRequest: Sendable {
  /// Increases with every request; results of older ones are stale.
  public let generation: Int
  public let pattern: Pattern
  public let store: LineStore
  /// Lines known to be the only possible matches among `0..<tail.lowerBound` (from a broader query);
  /// nil means search all of `candidateStart..<tail.lowerBound`.
  let candidates: [UInt32]?
  /// First line that can be a candidate (after header lines).
  let candidateStart: Int
  /// Lines never searched before.
  let tail: Range<Int>
  /// Matches of the same query over `0..<tail.lowerBound`, to merge with the tail's.
  let base: SearchResult?
  let rank: RankOptions
  let fields: SearchFields

  /// Runs the search; nil if `cancelled` turned true meanwhile.
  public func run(cancelled: @Sendable () -> Bool = { false }) -> SearchResult? {
    var found: [RankedLine] = []
    if base == nil {
      let scope: Search.Scope =
        candidates.map { .candidates($0) } ?? .all(candidateStart..<tail.lowerBound)
      guard
        let head = Search.matches(pattern, in: store, scope: scope, rank: rank, fields: fields, cancelled: cancelled)
      else { return nil }
      found = head
    }
    if !tail.isEmpty {
      let from = max(tail.lowerBound, candidateStart)
      guard
        let more = Search.matches(
          pattern, in: store, scope: .all(from..<max(from, tail.upperBound)), rank: rank, fields: fields,
          cancelled: cancelled)
      else { return nil }
      found += more
    }
    let inputOrder = (base?.inputOrder ?? []) + found.map(\.index)
    // Searches see an empty query as unsorted; rank with the same options they used.
    let ranking = pattern.isEmpty ? RankOptions(tiebreaks: [], sort: false, reverse: rank.reverse) : rank
    Search.rank(&found, ranking)
    if cancelled() { return nil }
    let ranked = Search.merge(base?.ranked ?? [], found, ranking)
    return SearchResult(query: pattern.query, lineCount: tail.upperBound, ranked: ranked, inputOrder: inputOrder)
  }
}
