/// Exact terms (`'abc`, `^abc`, `abc$`, `'abc'`) scored as fzf scores them.
extension Scorer {
  /// Where among `candidates` `pattern` appears contiguously, chosen as fzf does: the place whose first
  /// character has the highest bonus, the first such (the last, searching backward); the first place
  /// at a word boundary ends the search (so a line of megabytes full of occurrences costs one pass,
  /// and one score).
  ///
  /// `atBoundaries` (`'foo'`): only places that begin and end a word count (the characters around
  /// them whitespace, punctuation or the line's ends), scored as fzf scores them.
  func exact<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, candidates: ClosedRange<Int>,
    _ positions: UnsafeMutablePointer<[Int]>?, atBoundaries: Bool = false
  ) -> Match? {
    let m = pattern.count
    let n = text.count
    guard n >= m else { return nil }
    let classes = self.classes
    @inline(__always) func edge(_ j: Int) -> Bool {
      j < 0 || j >= n || text.charClass(j, classes).rawValue <= CharClass.delimiter.rawValue
    }
    var bestStart = -1
    var bestBonus: Int32 = -1
    let step = backward ? -1 : 1
    var start = backward ? candidates.upperBound + 1 : candidates.lowerBound - 1
    while true {
      start += step
      guard candidates.contains(start) else { break }
      guard text.folded(start) == pattern[0] else { continue }
      var k = 1
      while k < m && text.folded(start + k) == pattern[k] { k += 1 }
      guard k == m else { continue }
      let bonus = startBonus(at: start, text)
      if atBoundaries && !(bonus >= Scorer.bonusBoundary && edge(start - 1) && edge(start + m)) { continue }
      if bonus > bestBonus {
        bestStart = start
        bestBonus = bonus
      }
      if bonus >= Scorer.bonusBoundary { break }
    }
    guard bestStart >= 0 else { return nil }
    if let positions { positions.pointee.append(contentsOf: bestStart..<(bestStart + m)) }
    var score: Int32
    if atBoundaries {
      // A boundary next to `_` ranks below the others; then the base score of an exact match.
      let underscore = UInt32(UInt8(ascii: "_"))
      score = bestBonus
      var deduct = bestBonus - Scorer.bonusBoundary + 1
      if bestStart > 0 && text.raw(bestStart - 1) == underscore {
        score -= deduct + 1
        deduct = 1
      }
      if bestStart + m < n && text.raw(bestStart + m) == underscore { score -= deduct }
      score += Scorer.scoreMatch * Int32(m) + white * Int32(m + 1)
    } else {
      score = self.score(contiguousAt: bestStart, length: m, text: text)
    }
    return Match(score: score, begin: bestStart, end: bestStart + m - 1)
  }
}
