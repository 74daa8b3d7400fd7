/// One line's match with the characters it matched: what a program that draws highlights needs.
public struct PositionedMatch: Equatable, Sendable {
  /// The score (higher is better) and the span, as `Match` has them.
  public var match: Match
  /// The matched characters' indices in the line (Unicode scalars, from 0), ascending.
  public var positions: [Int]
  /// Those of `positions` that a repaired typing mistake stands on (`--typos`): a character typed
  /// wrong, or one of two swapped; ascending.
  public var repaired: [Int] = []
}

extension Matcher {
  /// The score of `line`, or nil when it does not match.
  public mutating func match(_ line: String) -> Match? {
    match(Array(line.utf8))
  }

  /// The score of `line` and the characters it matched, in one pass; nil when it does not match.
  public mutating func matchWithPositions(_ line: [UInt8]) -> PositionedMatch? {
    line.withUnsafeBytes { bytes in
      var found: [Int] = []
      guard let match = matchAligned(bytes, positions: &found) else { return nil }
      let highlights = Highlights(places: found)
      return PositionedMatch(
        match: match, positions: highlights.sorted, repaired: highlights.repaired.sorted())
    }
  }

  /// `matchWithPositions` for a line given as a string.
  public mutating func matchWithPositions(_ line: String) -> PositionedMatch? {
    matchWithPositions(Array(line.utf8))
  }
}
