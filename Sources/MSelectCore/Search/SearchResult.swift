/// The ranked matches of one query over the first `lineCount` lines.
package struct SearchResult: Sendable {
  /// The query bytes the result is for.
  package let query: [UInt8]
  /// Lines `0..<lineCount` were searched.
  package let lineCount: Int
  /// Matches, best first.
  package let ranked: [RankedLine]
  /// Number of matches (a preview ranks only the best of them).
  package let matchCount: Int
  /// False for a preview: the best lines, sent before the full ranking is sorted.
  package let complete: Bool
  /// The input the search ran over (bumped by a reload).
  package var epoch = 0
  /// Whether a term held as a run with mistakes ranked first (no line held a forgiving term as typed:
  /// see `TypoSightings`), so the lines' highlights show those runs.
  package var runsFirst = false
  /// For a query that matches every line and ranks none (the empty query): those lines, listed in
  /// input order (reversed by `--tac`), held as a range instead of 8 bytes a line in `ranked` (empty).
  package let everyLine: (lines: Range<Int>, reversed: Bool)?

  package init(query: [UInt8], lineCount: Int, ranked: [RankedLine]) {
    self.init(query: query, lineCount: lineCount, ranked: ranked, matchCount: ranked.count, complete: true)
  }

  init(query: [UInt8], lineCount: Int, ranked: [RankedLine], matchCount: Int, complete: Bool) {
    self.query = query
    self.lineCount = lineCount
    self.ranked = ranked
    self.matchCount = matchCount
    self.complete = complete
    everyLine = nil
  }

  /// Every line of `lines` (the first `lineCount` lines but the headers), unranked.
  package init(query: [UInt8], lineCount: Int, everyLineOf lines: Range<Int>, reversed: Bool) {
    self.query = query
    self.lineCount = lineCount
    ranked = []
    matchCount = lines.count
    complete = true
    everyLine = (lines, reversed)
  }

  /// The number of lines listed.
  package var listed: Int { everyLine?.lines.count ?? ranked.count }

  /// The line listed at position `i` (`0..<listed`).
  package func line(at i: Int) -> Int {
    guard let (lines, reversed) = everyLine else { return Int(ranked[i].index) }
    return reversed ? lines.upperBound - 1 - i : lines.lowerBound + i
  }

  /// The listed lines in input order (what a narrower query searches next), worked out when needed
  /// rather than kept: 4 bytes a match that every result would hold.
  package var inputOrder: [UInt32] {
    if let (lines, _) = everyLine { return lines.map { UInt32(truncatingIfNeeded: $0) } }
    return LineSet(ranked, lineCount: lineCount).lines
  }

  /// The same result without `lines` (fzf's `exclude`): listed as ranked lines, in the same order.
  func excluding(_ lines: Set<Int>) -> SearchResult {
    guard !lines.isEmpty else { return self }
    let kept: [RankedLine]
    if everyLine != nil {
      kept = (0..<listed).lazy.map(line(at:)).filter { !lines.contains($0) }.map {
        RankedLine(key: 0, index: UInt32(truncatingIfNeeded: $0))
      }
    } else {
      kept = ranked.filter { !lines.contains(Int($0.index)) }
    }
    var result = SearchResult(
      query: query, lineCount: lineCount, ranked: kept, matchCount: matchCount - (listed - kept.count),
      complete: complete)
    result.epoch = epoch
    result.runsFirst = runsFirst
    return result
  }

  /// Nothing searched yet.
  package static let empty = SearchResult(query: [], lineCount: 0, ranked: [])
}
