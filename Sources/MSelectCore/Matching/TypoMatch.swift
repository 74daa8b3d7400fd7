/// Scratch memory of the typo search, one per matcher (so one per thread).
final class TypoScratch {
  let forward = ScratchBuffer<Int>()
  let backward = ScratchBuffer<Int>()
  let variant = ScratchBuffer<UInt32>()
  /// Three columns of `closestWindow`'s table: edits, then where the window starts.
  let edits = ScratchBuffer<Int32>()
  let starts = ScratchBuffer<Int32>()
  /// The pairs of neighbouring characters of the term last asked about (`pairs(of:)`), one bit
  /// each in a 128 × 128 table of ASCII characters; nil when the term has a character past ASCII.
  private var pairTable: [UInt64]?
  private var pairTerm: [UInt32] = []

  /// The pair table of `pattern`, made once for it.
  func pairs(of pattern: UnsafeBufferPointer<UInt32>) -> [UInt64]? {
    if pairTerm.elementsEqual(pattern) { return pairTable }
    pairTerm = Array(pattern)
    guard pattern.allSatisfy({ $0 < 0x80 }) else {
      pairTable = nil
      return nil
    }
    var table = [UInt64](repeating: 0, count: 128 * 128 / 64)
    for k in 1..<max(pattern.count, 1) {
      let index = Int(pattern[k - 1]) * 128 + Int(pattern[k])
      table[index >> 6] |= 1 << UInt64(index & 63)
    }
    pairTable = table
    return table
  }
}

/// What one typing mistake costs a match, beside the character it loses (`scoreMatch` and its
/// bonus) and the gap it may leave: enough that a line holding the term as typed, in one word, ranks
/// above a line that needs a repair, little enough that a repaired word ranks above the term's
/// letters strewn over a long line.
package let typoPenalty: Int32 = 8

extension Matcher {
  /// The best fuzzy match of `pattern` in `text`, forgiving up to `typos` typing mistakes.
  ///
  /// Without a budget, the scorer's. With one, a line that lacks some of the term's characters
  /// matches by `repairedMatch`, and a line that holds them all by whichever reads better: the
  /// scorer's match, or a repaired one, which can only be better when the characters are strewn
  /// (a match that reaches `Matcher.repairCeiling` is kept without looking further).
  @inline(__always)
  func fuzzy<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, typos: Int, _ text: T, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    guard typos > 0 else { return scorer.fuzzy(pattern: pattern, text: text, positions: positions) }
    return forgivingMatch(pattern, budget: typos, text, positions: positions)
  }

  /// A bound on the score of any repaired match of a term of `length` characters: every character
  /// (the one typed wrong included) at the highest bonus, less one mistake.
  static func repairCeiling(_ length: Int) -> Int32 {
    (Scorer.scoreMatch + Scorer.bonusBoundaryWhite) * Int32(length) + Scorer.bonusBoundaryWhite - typoPenalty
  }

  /// `fuzzy` for a term with a budget.
  private func forgivingMatch<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    var typed: [Int] = []
    let whole =
      positions == nil
      ? scorer.fuzzy(pattern: pattern, text: text, positions: nil)
      : scorer.fuzzy(pattern: pattern, text: text, positions: &typed)
    if let whole, whole.score >= Matcher.repairCeiling(pattern.count) {
      positions?.pointee.append(contentsOf: typed)
      return whole
    }
    let repaired = repairedMatch(pattern, budget: budget, text, whole: whole != nil, placed: positions != nil)
    if let repaired, repaired.match.score > whole?.score ?? 0 {
      positions?.pointee.append(contentsOf: repaired.places)
      return repaired.match
    }
    positions?.pointee.append(contentsOf: typed)
    return whole
  }

  /// The best match of `pattern` in `text` with one or more of its characters left out (at most
  /// `budget`, as few as will do; one when the `whole` pattern is a subsequence), and its places
  /// when `placed`; nil when more would have to be.
  ///
  /// Two readings, the better kept: the word typed with a mistake as one run of the line's
  /// characters (`closestWindow`), scored as the run, less `typoPenalty` a mistake; and the term
  /// with characters left out, aligned by the usual scorer anywhere in the line (strewn, as fuzzy
  /// matches are), less the penalty for each left out. The places of the second also mark the
  /// line's character where a left-out one was typed wrong (`mistyped`).
  private func repairedMatch<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, whole: Bool, placed: Bool
  ) -> (match: Match, places: [Int])? {
    let m = pattern.count
    guard m > budget, text.count >= m - budget, let scratch = typoScratch else { return nil }
    let needed = whole ? 1 : Matcher.leastLeftOut(pattern, budget: budget, text)
    guard needed > 0 && needed <= budget else { return nil }
    var best: (score: Int32, left: (Int, Int))?
    Matcher.eachRepair(pattern, leaving: needed, text, scratch) { i, j in
      let variant = Matcher.without(pattern, i, j, scratch)
      guard let found = scorer.fuzzy(pattern: variant, text: text, positions: nil) else { return }
      if best == nil || found.score > best!.score { best = (found.score, (i, j)) }
    }
    var window: (places: [Int], score: Int32)?
    if Matcher.mayHoldRun(pattern, budget: budget, text, scratch),
      let run = Matcher.closestWindow(pattern, budget: budget, text, scratch)
    {
      // Only the line's characters that stand for one of the term's count: one the person left
      // out is a gap, as in any fuzzy match.
      let places = Matcher.aligned(pattern, text, run.start..<run.end)
      let score =
        places.withUnsafeBufferPointer { scorer.score(positions: $0, text: text) } - typoPenalty
        * Int32(run.edits)
      window = (places, score)
    }
    if let window, let first = window.places.first, let last = window.places.last,
      best == nil || window.score >= best!.score - typoPenalty * Int32(needed)
    {
      return (Match(score: max(1, window.score), begin: first, end: last), placed ? window.places : [])
    }
    guard let best else { return nil }
    let (i, j) = best.left
    var places: [Int] = []
    let variant = Matcher.without(pattern, i, j, scratch)
    guard placed, scorer.fuzzy(pattern: variant, text: text, positions: &places) != nil else {
      let score = max(1, best.score - typoPenalty * Int32(needed))
      return (Match(score: score, begin: 0, end: 0), [])
    }
    places = Array(Set(places)).sorted()
    let matched = places
    for left in [i, j] where left >= 0 {
      // In the variant, the character before the one left out is at `left - 1`, one less when
      // the other left out comes before it.
      let before = left - 1 - (i >= 0 && i < left ? 1 : 0)
      if let typed = Matcher.mistyped(after: before, in: matched, text, scorer.classes) {
        places.append(typed)
      }
    }
    places.sort()
    let score = max(1, best.score - typoPenalty * Int32(needed))
    return (Match(score: score, begin: places.first ?? 0, end: places.last ?? 0), places)
  }

  /// The characters of `run` that stand for characters of `pattern` (matched, typed wrong or swapped)
  /// in an alignment of fewest edits, the others being characters the person left out.
  static func aligned<T: ScoredText>(_ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ run: Range<Int>)
    -> [Int]
  {
    let m = pattern.count
    let n = run.count
    let width = n + 1
    var table = [Int32](repeating: 0, count: (m + 1) * width)
    @inline(__always) func at(_ i: Int, _ j: Int) -> Int { i * width + j }
    @inline(__always) func line(_ j: Int) -> UInt32 { text.folded(run.lowerBound + j) }
    for i in 0...m { table[at(i, 0)] = Int32(i) }
    for j in 0...n { table[at(0, j)] = Int32(j) }
    for i in stride(from: 1, through: m, by: 1) {
      for j in stride(from: 1, through: n, by: 1) {
        var cost = table[at(i - 1, j - 1)] + (pattern[i - 1] == line(j - 1) ? 0 : 1)
        cost = min(cost, table[at(i - 1, j)] + 1, table[at(i, j - 1)] + 1)
        if i > 1 && j > 1 && pattern[i - 1] == line(j - 2) && pattern[i - 2] == line(j - 1) {
          cost = min(cost, table[at(i - 2, j - 2)] + 1)
        }
        table[at(i, j)] = cost
      }
    }
    var places: [Int] = []
    var (i, j) = (m, n)
    while i > 0 && j > 0 {
      let here = table[at(i, j)]
      if here == table[at(i - 1, j - 1)] + (pattern[i - 1] == line(j - 1) ? 0 : 1) {
        places.append(run.lowerBound + j - 1)
        (i, j) = (i - 1, j - 1)
      } else if i > 1 && j > 1 && pattern[i - 1] == line(j - 2) && pattern[i - 2] == line(j - 1)
        && here == table[at(i - 2, j - 2)] + 1
      {
        places.append(run.lowerBound + j - 1)
        places.append(run.lowerBound + j - 2)
        (i, j) = (i - 2, j - 2)
      } else if here == table[at(i - 1, j)] + 1 {
        i -= 1
      } else {
        j -= 1
      }
    }
    return places.reversed()
  }

  /// Whether `text` has enough of the term's pairs of neighbouring characters to hold a run of it
  /// with at most `budget` edits (each edit spoils at most three of the run's pairs): one load a
  /// character, where `closestWindow` costs a column of the term's length.
  static func mayHoldRun<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, _ scratch: TypoScratch
  ) -> Bool {
    let needed = pattern.count - 1 - 3 * budget
    guard needed > 0, text.count > 1, let table = scratch.pairs(of: pattern) else { return true }
    var found = 0
    var previous = text.folded(0)
    for j in 1..<text.count {
      let c = text.folded(j)
      if previous < 0x80 && c < 0x80 {
        let index = Int(previous) * 128 + Int(c)
        if table[index >> 6] & (1 << UInt64(index & 63)) != 0 {
          found += 1
          if found >= needed { return true }
        }
      }
      previous = c
    }
    return false
  }

  /// The run of the line's characters closest to `pattern` (fewest edits: a character wrong,
  /// extra or missing, or two swapped), when it takes at most `budget`; of equally close runs, the
  /// first. Sellers' table over the line with Damerau's swaps, one column per character, each cell
  /// also carrying where its run starts.
  static func closestWindow<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, _ scratch: TypoScratch
  ) -> (start: Int, end: Int, edits: Int)? {
    let m = pattern.count
    let n = text.count
    let rows = m + 1
    let edits = scratch.edits.reserve(3 * rows)
    let starts = scratch.starts.reserve(3 * rows)
    // Columns j - 2, j - 1 and j, in turn.
    for i in 0..<rows {
      edits[rows + i] = Int32(i)
      starts[rows + i] = 0
    }
    var best: (start: Int, end: Int, edits: Int)?
    var previous2 = 0
    var previous = rows
    var current = 2 * rows
    for j in 1...max(n, 1) where n > 0 {
      let c = text.folded(j - 1)
      edits[current] = 0
      starts[current] = Int32(j)
      for i in 1..<rows {
        let wanted = pattern[i - 1]
        var cost = edits[previous + i - 1] + (wanted == c ? 0 : 1)
        var start = starts[previous + i - 1]
        if edits[previous + i] + 1 < cost {
          cost = edits[previous + i] + 1
          start = starts[previous + i]
        }
        if edits[current + i - 1] + 1 < cost {
          cost = edits[current + i - 1] + 1
          start = starts[current + i - 1]
        }
        if i >= 2 && j >= 2 && wanted == text.folded(j - 2) && pattern[i - 2] == c
          && edits[previous2 + i - 2] + 1 < cost
        {
          cost = edits[previous2 + i - 2] + 1
          start = starts[previous2 + i - 2]
        }
        edits[current + i] = cost
        starts[current + i] = start
      }
      let found = Int(edits[current + m])
      if found <= budget && (best == nil || found < best!.edits) {
        best = (Int(starts[current + m]), j, found)
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    guard let best, best.end > best.start else { return nil }
    return best
  }

  /// The fewest characters of `pattern` that must be left out for the rest to be a subsequence of
  /// `text`, or `budget + 1` when more than `budget`; 1 as soon as one will do (the caller knows the
  /// whole pattern is not a subsequence).
  ///
  /// One pass over the line, keeping for each number of left-outs `t` the longest prefix of the
  /// pattern matched so far (a longer prefix with as many left-outs is never worse, and greedy
  /// matching is exact for subsequences).
  static func leastLeftOut<T: ScoredText>(_ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T)
    -> Int
  {
    let m = pattern.count
    var reached = (0, min(1, m), min(2, m))
    for j in 0..<text.count {
      let c = text.folded(j)
      if reached.0 < m && pattern[reached.0] == c { reached.0 += 1 }
      if reached.1 < m && pattern[reached.1] == c { reached.1 += 1 }
      if budget > 1 && reached.2 < m && pattern[reached.2] == c { reached.2 += 1 }
      reached.1 = max(reached.1, min(reached.0 + 1, m))
      reached.2 = max(reached.2, min(reached.1 + 1, m))
      if reached.1 == m { break }
    }
    if reached.1 == m { return reached.0 == m ? 0 : 1 }
    return budget > 1 && reached.2 == m ? 2 : budget + 1
  }

  /// Calls `body` with the indices of the characters left out (`j` is -1 for one) for every way of
  /// leaving out `count` (1 or 2) characters of `pattern` that leaves a subsequence of `text`; of a
  /// run of equal characters only the first is left out (the others leave the same term).
  private static func eachRepair<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, leaving count: Int, _ text: T, _ scratch: TypoScratch,
    _ body: (Int, Int) -> Void
  ) {
    let m = pattern.count
    let n = text.count
    // forward[i]: where the leftmost greedy match of the first i + 1 characters puts character i.
    let forward = scratch.forward.reserve(m)
    var matched = 0
    var j = 0
    while matched < m {
      j = text.next(pattern[matched], from: j, through: n - 1)
      guard j < n else { break }
      forward[matched] = j
      j += 1
      matched += 1
    }
    // backward[i]: where the rightmost greedy match of the characters from i on puts character i;
    // backward[m] is the line's end.
    let backward = scratch.backward.reserve(m + 1)
    backward[m] = n
    var unmatched = m - 1
    j = n - 1
    while unmatched >= 0 {
      while j >= 0 && text.folded(j) != pattern[unmatched] { j -= 1 }
      guard j >= 0 else { break }
      backward[unmatched] = j
      j -= 1
      unmatched -= 1
    }
    @inline(__always) func end(_ i: Int) -> Int { i == 0 ? -1 : forward[i - 1] }
    // The first i characters match only for i <= matched; the characters after k only for k >= unmatched.
    for i in 0..<min(matched + 1, m) where i == 0 || pattern[i] != pattern[i - 1] {
      if count == 1 {
        if i >= unmatched && end(i) < backward[i + 1] { body(i, -1) }
        continue
      }
      // Two left out, `i` and a later `k`: the characters between them are matched greedily after
      // the first i, the last of them at `last`.
      var last = end(i)
      for k in (i + 1)..<m {
        if k >= unmatched && (k == i + 1 || pattern[k] != pattern[k - 1]) && last < backward[k + 1] {
          body(i, k)
        }
        last = text.next(pattern[k], from: last + 1, through: n - 1)
        guard last < n else { break }
      }
    }
  }

  /// `pattern` without its characters `i` and `j` (-1: none), in scratch memory.
  private static func without(
    _ pattern: UnsafeBufferPointer<UInt32>, _ i: Int, _ j: Int, _ scratch: TypoScratch
  )
    -> UnsafeBufferPointer<UInt32>
  {
    let out = scratch.variant.reserve(pattern.count)
    var count = 0
    for k in 0..<pattern.count where k != i && k != j {
      out[count] = pattern[k]
      count += 1
    }
    return UnsafeBufferPointer(start: out, count: count)
  }

  /// The line's character typed wrong in place of the one left out after the variant's character
  /// `before` (-1: the first), given the variant's matched places (sorted): a character alone
  /// between two matched ones next to that place (a wrong key there, or a swap, which leaves its
  /// hole one place on either side), else, at either end of the match, the letter or digit next to
  /// it. Nil otherwise: an extra key typed has nothing in the line, and a long gap is not one mistake.
  private static func mistyped<T: ScoredText>(
    after before: Int, in places: [Int], _ text: T, _ classes: UnsafePointer<CharClass>
  ) -> Int? {
    let count = places.count
    guard count > 0 else { return nil }
    for k in [before, before - 1, before + 1] where k >= 0 && k + 1 < count && places[k] + 2 == places[k + 1]
    {
      return places[k] + 1
    }
    @inline(__always) func word(_ j: Int) -> Bool {
      j >= 0 && j < text.count && text.charClass(j, classes).rawValue >= CharClass.lower.rawValue
    }
    if before <= 0 && word(places[0] - 1) { return places[0] - 1 }
    if before >= count - 2 && word(places[count - 1] + 1) { return places[count - 1] + 1 }
    return nil
  }
}
