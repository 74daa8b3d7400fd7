/// How a line matched: its score and the span of the match (character indices, end inclusive).
public struct Match: Equatable, Sendable {
  public var score: Int32
  public var begin: Int
  public var end: Int

  public init(score: Int32, begin: Int, end: Int) {
    self.score = score
    self.begin = begin
    self.end = end
  }
}
