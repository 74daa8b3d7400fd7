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
  /// The broader query's ranking of `candidates`, when narrowing: searching its best lines first
  /// gives a provisional first screen long before all candidates are scored.
  let broaderRanking: [RankedLine]?
  let rank: RankOptions
  let fields: SearchFields
  /// The picker's input generation, carried into the results.
  var epoch = 0

  /// Lines a preview ranks: a few screens.
  static let previewSize = 256
  /// How many of the broader query's best lines a progressive search scores first.
  static let progressiveRound = 1 << 15
  /// From this many lines to search on, the matching lines are found (and counted) first, without
  /// scoring; then only they are scored.
  static let countFirst = 1 << 18

  /// Runs the search; nil if `cancelled` turned true meanwhile.
  ///
  /// When there are many matches, `preview` first gets the best few (found by a linear selection,
  /// before the full sort), so the first screen can be drawn sooner; a large narrowing search also
  /// sends a provisional preview early (see `provisional`).
  public func run(
    cancelled: @Sendable () -> Bool = { false }, preview: ((SearchResult) -> Void)? = nil
  ) -> SearchResult? {
    let tagged = preview.map { send in
      { (result: SearchResult) in
        var result = result
        result.epoch = epoch
        send(result)
      }
    }
    guard var result = search(cancelled: cancelled, preview: tagged) else { return nil }
    result.epoch = epoch
    return result
  }

  private func search(
    cancelled: @Sendable () -> Bool, preview: ((SearchResult) -> Void)?
  ) -> SearchResult? {
    var runs: [Search.Run] = []
    let ranking = rank.effective(for: pattern)
    var shown: [RankedLine]?
    if base == nil, let broaderRanking, candidates != nil, let preview,
      broaderRanking.count > 2 * SearchRequest.progressiveRound
    {
      guard let best = provisional(broaderRanking, ranking, cancelled: cancelled, preview: preview) else {
        return nil
      }
      shown = best
    }
    if base == nil {
      var scope: Search.Scope =
        candidates.map { .candidates($0) } ?? .all(candidateStart..<tail.lowerBound)
      if let preview, tail.isEmpty, !fields.selects, !fields.ansi,
        (candidates?.count ?? tail.lowerBound - candidateStart) >= SearchRequest.countFirst,
        pattern.isOneFuzzyTerm
      {
        // Count first: the info line gets the exact count while the matches are still being scored.
        guard let matching = Search.matchingLines(pattern, in: store, scope: scope, cancelled: cancelled)
        else { return nil }
        if shown == nil {
          // Nothing provisional on screen yet: the best of the first matches stand in for the ranking.
          let first = Array(matching.prefix(SearchRequest.progressiveRound))
          guard
            let found = Search.matches(
              pattern, in: store, scope: .candidates(first), rank: rank, fields: fields, cancelled: cancelled)
          else { return nil }
          shown = Search.best(found, SearchRequest.previewSize, ranking)
        }
        preview(
          SearchResult(
            query: pattern.query, lineCount: tail.upperBound, ranked: shown ?? [], inputOrder: [],
            matchCount: matching.count, complete: false))
        scope = .candidates(matching)
      }
      guard
        let head = Search.matchParts(
          pattern, in: store, scope: scope, rank: rank, fields: fields, cancelled: cancelled)
      else { return nil }
      runs = head
    }
    if !tail.isEmpty {
      let from = max(tail.lowerBound, candidateStart)
      guard
        let more = Search.matchParts(
          pattern, in: store, scope: .all(from..<max(from, tail.upperBound)), rank: rank, fields: fields,
          cancelled: cancelled)
      else { return nil }
      runs += more
    }
    let count = runs.reduce(0) { $0 + $1.lines.count }
    var inputOrder = base?.inputOrder ?? []
    inputOrder.reserveCapacity(inputOrder.count + count)
    for run in runs { inputOrder.append(contentsOf: run.lines.lazy.map(\.index)) }
    let total = inputOrder.count
    if let preview, count > SearchRequest.previewSize * 4 {
      let best = Search.merge(
        Array((base?.ranked ?? []).prefix(SearchRequest.previewSize)),
        Search.best(runs, SearchRequest.previewSize, ranking), ranking)
      preview(
        SearchResult(
          query: pattern.query, lineCount: tail.upperBound,
          ranked: Array(best.prefix(SearchRequest.previewSize)),
          inputOrder: inputOrder, matchCount: total, complete: false))
    }
    let found = Search.ranked(runs, ranking)
    runs = []
    if cancelled() { return nil }
    let ranked = Search.merge(base?.ranked ?? [], found, ranking)
    return SearchResult(
      query: pattern.query, lineCount: tail.upperBound, ranked: ranked, inputOrder: inputOrder)
  }

  /// Scores the broader query's best lines and sends their ranking as a provisional preview, long
  /// before all candidates are scored: the first screen of a narrowing keystroke on millions of lines.
  /// Returns the lines shown, nil if cancelled. The full search that follows scores these lines again, in input
  /// order with the rest: cheaper than leaving them out (sequential memory access is several times
  /// faster than following the ranking through the input, and no merge is needed).
  private func provisional(
    _ order: [RankedLine], _ ranking: RankOptions, cancelled: @Sendable () -> Bool,
    preview: (SearchResult) -> Void
  ) -> [RankedLine]? {
    let first = order.prefix(SearchRequest.progressiveRound).map(\.index)
    guard
      let found = Search.matches(
        pattern, in: store, scope: .scattered(first[...]), rank: rank, fields: fields, cancelled: cancelled)
    else { return nil }
    let best = Search.best(found, SearchRequest.previewSize, ranking)
    preview(
      SearchResult(
        query: pattern.query, lineCount: tail.upperBound, ranked: best, inputOrder: [],
        matchCount: found.count, complete: false))
    return best
  }
}
