/// The ranked matches of one query over the first `lineCount` lines.
public struct SearchResult: Sendable {
  /// The query bytes the result is for.
  public let query: [UInt8]
  /// Lines `0..<lineCount` were searched.
  public let lineCount: Int
  /// Matches, best first.
  public let ranked: [RankedLine]
  /// Number of matches (a preview ranks only the best of them).
  public let matchCount: Int
  /// False for a preview: the best lines, sent before the full ranking is sorted.
  public let complete: Bool
  /// The input the search ran over (bumped by a reload).
  package var epoch = 0

  public init(query: [UInt8], lineCount: Int, ranked: [RankedLine]) {
    self.init(query: query, lineCount: lineCount, ranked: ranked, matchCount: ranked.count, complete: true)
  }

  init(query: [UInt8], lineCount: Int, ranked: [RankedLine], matchCount: Int, complete: Bool) {
    self.query = query
    self.lineCount = lineCount
    self.ranked = ranked
    self.matchCount = matchCount
    self.complete = complete
  }

  /// The ranked lines in input order (what a narrower query searches next), worked out when needed
  /// rather than kept: 4 bytes a match that every result would hold.
  public var inputOrder: [UInt32] { LineSet(ranked, lineCount: lineCount).lines }

  /// Nothing searched yet.
  public static let empty = SearchResult(query: [], lineCount: 0, ranked: [])
}
