/// How a line matched: its score and the span of the match (character indices, end inclusive).
public struct Match: Equatable, Sendable {
  public var score: Int32
  public var begin: Int
  public var end: Int
  /// Where the term that ends first ends (inclusive): what fzf's `begin` tiebreak measures.
  package var firstEnd: Int
  /// Whether a positive term matched (false for a line that only passes negations): without one there
  /// is no span, and the span tiebreaks do not apply.
  package var hasSpan = true

  package init(score: Int32, begin: Int, end: Int, firstEnd: Int? = nil) {
    self.score = score
    self.begin = begin
    self.end = end
    self.firstEnd = firstEnd ?? end
  }
}
