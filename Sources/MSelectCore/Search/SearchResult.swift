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
  /// Number of matches (a preview ranks only the best of them).
  public let matchCount: Int
  /// False for a preview: the best lines, sent before the full ranking is sorted.
  public let complete: Bool
  /// The input the search ran over (bumped by a reload).
  package var epoch = 0

  public init(query: [UInt8], lineCount: Int, ranked: [RankedLine], inputOrder: [UInt32]) {
    self.init(
      query: query, lineCount: lineCount, ranked: ranked, inputOrder: inputOrder,
      matchCount: ranked.count, complete: true)
  }

  init(
    query: [UInt8], lineCount: Int, ranked: [RankedLine], inputOrder: [UInt32], matchCount: Int,
    complete: Bool
  ) {
    self.query = query
    self.lineCount = lineCount
    self.ranked = ranked
    self.inputOrder = inputOrder
    self.matchCount = matchCount
    self.complete = complete
  }

  /// Nothing searched yet.
  public static let empty = SearchResult(query: [], lineCount: 0, ranked: [], inputOrder: [])
}
