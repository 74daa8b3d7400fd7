import Synchronization

/// A search the picker wants run off its event loop; `run` may happen on any thread.
package struct SearchRequest: Sendable {
  /// Increases with every request; results of older ones are stale.
  package let generation: Int
  /// The pattern, and how its matches are ranked.
  package let plan: SearchPlan
  package var pattern: Pattern { plan.pattern }
  package let store: LineStore
  /// A broader query's result over `0..<tail.lowerBound`: its lines are the only possible matches
  /// there. Nil means search all of `candidateStart..<tail.lowerBound`. The search takes it out (see
  /// `Handoff`).
  let broader: Handoff
  /// First line that can be a candidate (after header lines).
  let candidateStart: Int
  /// Lines never searched before.
  let tail: Range<Int>
  /// Matches of the same query over `0..<tail.lowerBound`, to merge with the tail's.
  let base: SearchResult?
  let fields: SearchFields
  /// The picker's input generation, carried into the results.
  var epoch = 0

  /// A result that a narrower query searches within (see `ResultCache`).
  package enum Broader: Sendable {
    /// Kept whole: its matches, best first. Its best lines are scored first, for a provisional first
    /// screen long before all of them are.
    case ranked([RankedLine], query: [UInt8])
    /// Kept as the set of its lines only.
    case lines(LineSet, query: [UInt8])
  }

  /// Hands the broader result to the search, which lets it go as soon as it has its lines: the
  /// picker may have let it go too by then (see `ResultCache`), and then its memory returns before the
  /// new matches are sorted.
  package final class Handoff: Sendable {
    private let value: Mutex<Broader?>

    init(_ value: Broader?) { self.value = Mutex(value) }

    /// The broader result; nil for every later call.
    func take() -> Broader? { value.withLock { $0.take() } }
  }

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
  package func run(
    cancelled: @Sendable () -> Bool = { false }, preview: ((SearchResult) -> Void)? = nil
  ) -> SearchResult? {
    let runsFirst = { pattern.sightings.map { !$0.sawTermAsTyped } ?? false }
    let tagged = preview.map { send in
      { (result: SearchResult) in
        var result = result
        result.epoch = epoch
        result.runsFirst = runsFirst()
        send(result)
      }
    }
    guard var result = search(cancelled: cancelled, preview: tagged) else { return nil }
    result.epoch = epoch
    result.runsFirst = runsFirst()
    return result
  }

  private func search(
    cancelled: @Sendable () -> Bool, preview: ((SearchResult) -> Void)?
  ) -> SearchResult? {
    var runs: [Search.Run] = []
    let ranking = plan.rank
    if base == nil, !searchCandidates(into: &runs, cancelled: cancelled, preview: preview) { return nil }
    if !tail.isEmpty {
      let from = max(tail.lowerBound, candidateStart)
      var more = Search.matchParts(
        plan, in: store, scope: .all(from..<max(from, tail.upperBound)), fields: fields,
        cancelled: cancelled)
      guard more != nil else { return nil }
      runs += more.take()!
    }
    Search.settle(runs, plan, fields: fields) { store.line($0) }
    let count = runs.reduce(0) { $0 + $1.lines.count }
    let total = (base?.ranked.count ?? 0) + count
    if let preview, count > SearchRequest.previewSize * 4 {
      let best = Search.merge(
        Array((base?.ranked ?? []).prefix(SearchRequest.previewSize)),
        Search.best(runs, SearchRequest.previewSize, ranking), ranking)
      preview(
        SearchResult(
          query: pattern.query, lineCount: tail.upperBound,
          ranked: Array(best.prefix(SearchRequest.previewSize)), matchCount: total, complete: false))
    }
    // The runs are let go as soon as the sort has read them.
    let found = Search.ranked(&runs, ranking)
    if cancelled() { return nil }
    let ranked = Search.merge(base?.ranked ?? [], found, ranking)
    return SearchResult(query: pattern.query, lineCount: tail.upperBound, ranked: ranked)
  }

  /// Matches the candidates (the broader query's result, else the lines from `candidateStart`) into
  /// `runs`, sending a provisional first screen and an early count on the way; false if cancelled.
  private func searchCandidates(
    into runs: inout [Search.Run], cancelled: @Sendable () -> Bool, preview: ((SearchResult) -> Void)?
  ) -> Bool {
    var shown: [RankedLine]?
    var broader = self.broader.take()
    var broaderQuery: [UInt8]?
    var broaderCount: Int?
    switch broader {
    case .ranked(let ranked, let query): (broaderCount, broaderQuery) = (ranked.count, query)
    case .lines(let set, let query): (broaderCount, broaderQuery) = (set.count, query)
    case nil: break
    }
    let scopeCount = broaderCount ?? max(0, tail.lowerBound - candidateStart)
    if let preview, scopeCount > 2 * SearchRequest.progressiveRound {
      // A provisional first screen: the best of the broader query's best lines, else of the first
      // lines to search.
      let round = SearchRequest.progressiveRound
      let first: [UInt32]
      switch broader {
      case .ranked(let ranked, _): first = ranked.prefix(round).map(\.index)
      case .lines(let set, _): first = set.first(round)
      case nil: first = (candidateStart..<candidateStart + round).map { UInt32(truncatingIfNeeded: $0) }
      }
      guard let found = provisional(first, plan.rank, cancelled: cancelled, preview: preview) else {
        return false
      }
      shown = found
    }
    // The broader result's lines as a set, made here (off the event loop) when it was kept whole.
    var scope: Search.Scope
    switch broader {
    case .ranked(let ranked, _): scope = .set(LineSet(ranked, lineCount: tail.lowerBound))
    case .lines(let set, _): scope = .set(set)
    case nil: scope = .all(candidateStart..<tail.lowerBound)
    }
    broader = nil
    if let preview, tail.isEmpty,
      !sendCount(
        &scope, shown: shown ?? [], scopeCount: scopeCount, sameQuery: broaderQuery == pattern.query,
        cancelled: cancelled, preview: preview)
    {
      return false
    }
    // Taken out of an optional, so that only `runs` holds the matches (see `Search.ranked`).
    var head = Search.matchParts(
      plan, in: store, scope: scope, fields: fields, cancelled: cancelled)
    // The candidates go before the sort needs memory.
    scope = .all(0..<0)
    guard head != nil else { return false }
    runs = head.take()!
    return true
  }

  /// Sends the count of matches before they are scored, when it is known early: the same query again
  /// (its result was kept as lines only) matches every candidate; for one fuzzy term over many lines
  /// the matching lines are found first, and become the `scope` to score. False if cancelled.
  private func sendCount(
    _ scope: inout Search.Scope, shown: [RankedLine], scopeCount: Int, sameQuery: Bool,
    cancelled: @Sendable () -> Bool, preview: (SearchResult) -> Void
  ) -> Bool {
    var count = scopeCount
    if !sameQuery {
      guard !fields.selects, !fields.ansi, scopeCount >= SearchRequest.countFirst, pattern.isOneFuzzyTerm
      else { return true }
      guard let matching = Search.matchingLines(pattern, in: store, scope: scope, cancelled: cancelled)
      else { return false }
      count = matching.count
      scope = .set(matching)
    }
    preview(
      SearchResult(
        query: pattern.query, lineCount: tail.upperBound, ranked: shown, matchCount: count, complete: false))
    return true
  }

  /// Scores `first` (the broader query's best lines, or the first lines to search) and sends their
  /// ranking as a provisional preview, long before all candidates are scored: the first screen of a
  /// keystroke on millions of lines. Returns the lines shown, nil if cancelled. The full search that follows scores these lines again, in input
  /// order with the rest: cheaper than leaving them out (sequential memory access is several times
  /// faster than following the ranking through the input, and no merge is needed).
  private func provisional(
    _ first: [UInt32], _ ranking: RankOptions, cancelled: @Sendable () -> Bool,
    preview: (SearchResult) -> Void
  ) -> [RankedLine]? {
    guard
      let found = Search.matches(
        plan, in: store, scope: .scattered(first[...]), fields: fields, cancelled: cancelled)
    else { return nil }
    let best = Search.best(found, SearchRequest.previewSize, ranking)
    preview(
      SearchResult(
        query: pattern.query, lineCount: tail.upperBound, ranked: best, matchCount: found.count,
        complete: false))
    return best
  }
}
