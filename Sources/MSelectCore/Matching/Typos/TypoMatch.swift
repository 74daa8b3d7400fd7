/// The typo search (`--typos`): a fuzzy term matched forgiving typing mistakes. Functions only: their
/// memory is the matcher's `TypoScratch`, handed to them unretained.
enum TypoSearch {}

extension TypoSearch {
  /// What one typing mistake costs a match of a term of `length` characters: the most a repaired
  /// reading can score (every character at the highest bonus) less the least a line holding the
  /// term as typed, in one run that starts a word, scores (every character at the lowest boundary
  /// bonus), and one more. So no repair ranks above a line that has the term as typed at a word's
  /// start (a query typed right keeps such a line first), while a repaired word still ranks above
  /// the term's letters strewn over a line, which gaps cost. Repaired readings keep their order
  /// among themselves.
  static func typoPenalty(_ length: Int) -> Int32 {
    let m = Int32(length)
    let highest = (Scorer.scoreMatch + Scorer.bonusBoundaryWhite) * m + Scorer.bonusBoundaryWhite
    let leastAtAWordStart = (Scorer.scoreMatch + Scorer.bonusBoundary) * m + Scorer.bonusBoundary
    return highest - leastAtAWordStart + 1
  }

  /// The best fuzzy match of `pattern` in `text`, forgiving up to `typos` typing mistakes.
  ///
  /// Without a budget, the scorer's. With one, a line that lacks some of the term's characters
  /// matches by `repairedMatch`, and a line that holds them all by whichever reads better: the
  /// scorer's match, or a repaired one, which can only be better when the characters are strewn
  /// (a match that reaches `TypoSearch.repairCeiling` is kept without looking further). While no line
  /// of the search holds the term as typed (`TypoSightings`), a run with mistakes gains its tier.
  ///
  /// Static, taking the matcher's scorer and scratch: a method of the matcher called from its
  /// mutating ones copied the whole matcher for every line (5 % of `s` over paths-500k). Without a
  /// budget it is the scorer's fuzzy match, so every fuzzy term goes through it.
  @inline(__always)
  static func fuzzy<T: ScoredText>(
    _ scorer: Scorer, _ scratch: Unmanaged<TypoScratch>?, _ pattern: UnsafeBufferPointer<UInt32>, typos: Int,
    _ text: T, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    guard typos > 0, let scratch else {
      return scorer.fuzzy(pattern: pattern, text: text, positions: positions)
    }
    return scratch._withUnsafeGuaranteedRef {
      forgivingMatch(scorer, $0, pattern, budget: typos, text, positions: positions)
    }
  }

  /// Whether an ASCII `text` that does not hold `pattern` in order, whose greedy match from the
  /// start placed `matched` characters (in `scratch.forward`), matches it with one mistake: `fuzzy`'s
  /// answer without the scoring, for the count a keystroke shows first.
  static func acceptsOneMistake(
    _ scratch: Unmanaged<TypoScratch>, _ pattern: UnsafeBufferPointer<UInt32>, _ text: Scorer.ASCIIText,
    matched: Int
  ) -> Bool {
    scratch._withUnsafeGuaranteedRef { scratch in
      let m = pattern.count
      guard m > 1, text.count >= m - 1 else { return false }
      // A long term matches strewn; a short one only as a word with a mistake, which few lines can
      // hold: that test goes first.
      let strewn = m >= Typos.strewnFrom
      let span = strewn ? nil : TypoSearch.runSpan(pattern, budget: 1, text, scratch)
      guard strewn || span != nil else { return false }
      let ends = TypoSearch.typoEnds(pattern, text, scratch, matched: matched)
      guard TypoSearch.leavesOne(pattern, ends, scratch) else { return false }
      return strewn || TypoSearch.closestWindow(pattern, budget: 1, text, scratch, within: span) != nil
    }
  }

  /// Where `OneFuzzyTerm.accepts` writes the greedy match's places as it finds them.
  static func forwardPlaces(_ scratch: Unmanaged<TypoScratch>, _ count: Int) -> UnsafeMutablePointer<Int> {
    scratch._withUnsafeGuaranteedRef { $0.forward.reserve(count) }
  }

  /// A bound on the score of any repaired match of a term of `length` characters: every character
  /// (the one typed wrong included) at the highest bonus, less one mistake.
  static func repairCeiling(_ length: Int) -> Int32 {
    (Scorer.scoreMatch + Scorer.bonusBoundaryWhite) * Int32(length) + Scorer.bonusBoundaryWhite
      - typoPenalty(length)
  }

  /// `fuzzy` for a term with a budget; never inlined, so that its code stays out of the matcher's
  /// loop for terms without one.
  @inline(never)
  private static func forgivingMatch<T: ScoredText>(
    _ scorer: Scorer, _ scratch: TypoScratch, _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    // Most lines lack more of the term's characters than can be forgiven. With one mistake
    // forgiven, the greedy matches from both ends tell exactly (a character search a step); with
    // more, one table load a byte tells most lines, and the fewest left out (which also says whether
    // the whole term is there to score) the rest.
    var ends: TypoEnds?
    var leftOut: Int?
    // Where the line may hold a run one edit from a short term, when that was asked.
    var runSpan: Range<Int>?
    if budget == 1 {
      // A term too short to be forgiven strewn needs a run of the line one edit from it; without
      // one only the term as typed can match, and that test costs less than the ends.
      if pattern.count < Typos.strewnFrom {
        runSpan = TypoSearch.runSpan(pattern, budget: 1, text, scratch)
        guard runSpan != nil else { return typedOnly(scorer, scratch, pattern, text, positions: positions) }
      }
      let found = TypoSearch.typoEnds(pattern, text, scratch)
      guard found.whole || TypoSearch.leavesOne(pattern, found, scratch) else { return nil }
      ends = found
    } else {
      if let ascii = text as? Scorer.ASCIIText {
        scratch.prepare(pattern)
        if scratch.hasMasks && scratch.heldGate.tests() {
          let held = TypoSearch.heldPlaces(ascii, scratch.byteMasks(folding: ascii.fold)).nonzeroBitCount
          let drops = held < pattern.count - budget
          scratch.heldGate.record(dropped: drops)
          if drops { return nil }
        }
      }
      let needed = TypoSearch.leastLeftOut(pattern, budget: budget, text, scratch)
      guard needed <= budget else { return nil }
      leftOut = needed
    }
    var typed: [Int] = []
    let whole =
      ends?.whole == false || leftOut ?? 0 > 0
      ? nil
      : positions == nil
        ? scorer.fuzzy(pattern: pattern, text: text, positions: nil)
        : scorer.fuzzy(pattern: pattern, text: text, positions: &typed)
    var tier = scratch.runTier
    if tier > 0, whole != nil, scratch.watches,
      TypoSearch.holdsRun(pattern, text) || TypoSearch.holdsAtWordStarts(scorer, pattern, text, scratch)
    {
      scratch.recordTermAsTyped()
      tier = 0
    }
    // With a tier, a run with mistakes ranks above the best strewn match: it is looked for.
    if tier == 0, let whole, whole.score >= TypoSearch.repairCeiling(pattern.count) {
      positions?.pointee.append(contentsOf: typed)
      return whole
    }
    let repaired = repairedMatch(
      scorer, scratch, pattern, budget: budget, text, whole: whole != nil, ends: ends, leftOut: leftOut,
      runSpan: runSpan, placed: positions != nil, tier: tier)
    if let repaired, repaired.match.score > whole?.score ?? 0 {
      positions?.pointee.append(contentsOf: repaired.places)
      return repaired.match
    }
    positions?.pointee.append(contentsOf: typed)
    return whole
  }

  /// `forgivingMatch` for a line that can hold the term only as typed: the scorer's match, which
  /// counts as a sighting (see `TypoScratch.recordTermAsTyped`) when it is an abbreviation (a run
  /// would have been a run one edit away).
  private static func typedOnly<T: ScoredText>(
    _ scorer: Scorer, _ scratch: TypoScratch, _ pattern: UnsafeBufferPointer<UInt32>, _ text: T,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    let whole = scorer.fuzzy(pattern: pattern, text: text, positions: positions)
    if whole != nil, scratch.runTier > 0, scratch.watches,
      TypoSearch.holdsAtWordStarts(scorer, pattern, text, scratch)
    {
      scratch.recordTermAsTyped()
    }
    return whole
  }

  /// The best match of `pattern` in `text` with one or more of its characters left out (at most
  /// `budget`, as few as will do; one when the `whole` pattern is a subsequence), and its places
  /// when `placed`; nil when more would have to be.
  ///
  /// Two readings, the better kept: the word typed with a mistake as one run of the line's
  /// characters (`closestWindow`), scored as the run, less `typoPenalty` a mistake; and the term
  /// with characters left out, aligned anywhere in the line (strewn, as fuzzy matches are) as
  /// fzf's v1 algorithm aligns (`strewnScore`), less the penalty for each left out. The places of
  /// the second also mark the line's character where a left-out one was typed wrong (`mistyped`).
  /// A run gains `tier`.
  /// `ends`: the line's `typoEnds` when taken (then it needs at most one character left out);
  /// `leftOut`: the line's `leastLeftOut` when taken; `runSpan`: the line's `runSpan` when taken.
  private static func repairedMatch<T: ScoredText>(
    _ scorer: Scorer, _ scratch: TypoScratch, _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T,
    whole: Bool, ends: TypoEnds?, leftOut: Int?, runSpan: Range<Int>?, placed: Bool, tier: Int32
  ) -> (match: Match, places: [Int])? {
    let m = pattern.count
    guard m > budget, text.count >= m - budget else { return nil }
    let penalty = TypoSearch.typoPenalty(m)
    let needed =
      whole || ends != nil ? 1 : leftOut ?? TypoSearch.leastLeftOut(pattern, budget: budget, text, scratch)
    guard needed > 0 && needed <= budget else { return nil }
    var window: (places: [Int], score: Int32, repaired: [Int])?
    if let span = runSpan ?? TypoSearch.runSpan(pattern, budget: budget, text, scratch),
      let run = TypoSearch.closestWindow(pattern, budget: budget, text, scratch, within: span)
    {
      // Only the line's characters that stand for one of the term's count: one the person left
      // out is a gap, as in any fuzzy match.
      var repaired: [Int] = []
      let places = TypoSearch.aligned(pattern, text, run.start..<run.end, scratch, repaired: &repaired)
      let score =
        places.withUnsafeBufferPointer { scorer.score(positions: $0, text: text) } - penalty
        * Int32(run.edits)
      // With its tier, a run scores above every line without one, however poorly it reads.
      window = (places, tier > 0 ? max(1, score) + tier : score, repaired)
    }
    // A run with its tier ranks above any other reading: no need to look further.
    if tier > 0, let window, let first = window.places.first, let last = window.places.last {
      return (
        Match(score: window.score, begin: first, end: last),
        placed ? Highlights.places(window.places, repaired: window.repaired) : []
      )
    }
    var best: (score: Int32, left: (Int, Int))?
    // A short term with a character left out is a few common letters anywhere in a line: strewn, it
    // would match most lines of a long list and find nothing meant. It is forgiven as a word only.
    if m >= Typos.strewnFrom {
      let ends = ends ?? TypoSearch.typoEnds(pattern, text, scratch)
      TypoSearch.eachRepair(pattern, leaving: needed, text, scratch, ends: ends) { i, j in
        let variant = TypoSearch.without(pattern, i, j, scratch)
        let score = TypoSearch.strewnScore(scorer, variant, leaving: i, j, text, scratch)
        guard let score else { return }
        if best == nil || score > best!.score { best = (score, (i, j)) }
      }
    }
    if let window, let first = window.places.first, let last = window.places.last,
      best == nil || window.score >= best!.score - penalty * Int32(needed)
    {
      return (
        Match(score: max(1, window.score), begin: first, end: last),
        placed ? Highlights.places(window.places, repaired: window.repaired) : []
      )
    }
    guard let best else { return nil }
    let (i, j) = best.left
    let variant = TypoSearch.without(pattern, i, j, scratch)
    guard placed, TypoSearch.strewnScore(scorer, variant, leaving: i, j, text, scratch) != nil else {
      let score = max(1, best.score - penalty * Int32(needed))
      return (Match(score: score, begin: 0, end: 0), [])
    }
    var places = Array(UnsafeBufferPointer(start: scratch.variantPlaces.base, count: variant.count))
    let matched = places
    var repaired: [Int] = []
    for left in [i, j] where left >= 0 {
      // In the variant, the character before the one left out is at `left - 1`, one less when
      // the other left out comes before it.
      let before = left - 1 - (i >= 0 && i < left ? 1 : 0)
      if let typed = TypoSearch.mistyped(after: before, in: matched, text, scorer.classes) {
        places.append(typed)
        repaired.append(typed)
      }
    }
    places.sort()
    let score = max(1, best.score - penalty * Int32(needed))
    return (
      Match(score: score, begin: places.first ?? 0, end: places.last ?? 0),
      Highlights.places(places, repaired: repaired)
    )
  }

  /// Whether `text` holds `pattern` as typed: one run of its characters.
  static func holdsRun<T: ScoredText>(_ pattern: UnsafeBufferPointer<UInt32>, _ text: T) -> Bool {
    let (m, n) = (pattern.count, text.count)
    guard let first = pattern.first, m <= n else { return m == 0 }
    var j = text.next(first, from: 0, through: n - m)
    while j <= n - m {
      var k = 1
      while k < m && text.folded(j + k) == pattern[k] { k += 1 }
      if k == m { return true }
      j = text.next(first, from: j + 1, through: n - m)
    }
    return false
  }

  /// Whether `text` holds `pattern` as pieces each starting a word, in order (`shman` in
  /// `/usr/share/man`, `usrlib` in `/usr/lib`): an abbreviation, typed right.
  ///
  /// One pass, a bit a prefix of the term: `ends` has bit `i` when the prefix of `i + 1` characters
  /// can end at the character before, `reached` bit `i` when the prefix of `i` characters can end
  /// anywhere before (bit 0: the empty one). A character extends a prefix that ends right before it,
  /// or starts a piece after any reached prefix when it starts a word. Terms past 64 characters:
  /// false.
  static func holdsAtWordStarts<T: ScoredText>(
    _ scorer: Scorer, _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ scratch: TypoScratch
  ) -> Bool {
    let m = pattern.count
    scratch.prepare(pattern)
    guard scratch.hasMasks, m > 0 else { return false }
    let goal: UInt64 = m == 64 ? 0 : 1 << UInt64(m)
    var ends: UInt64 = 0
    var reached: UInt64 = 1
    for j in 0..<text.count {
      let eq = scratch.mask(text.folded(j))
      guard eq != 0 else {
        ends = 0
        continue
      }
      var next = eq & (ends << 1)
      if eq & reached != 0 && scorer.startBonus(at: j, text) >= Scorer.bonusCamel123 { next |= eq & reached }
      ends = next
      reached |= ends << 1
      if m == 64 ? ends >> 63 != 0 : reached & goal != 0 { return true }
    }
    return false
  }

  /// The fewest characters of `pattern` that must be left out for the rest to be a subsequence of
  /// `text` (its length less their longest common subsequence), or more than `budget` when more.
  ///
  /// Hyyrö's bit-vector LCS, four word operations a character, for a term of up to 64 characters;
  /// a longer one keeps, for each number of left-outs `t`, the longest prefix of the term matched so
  /// far (a longer prefix with as many left-outs is never worse, and greedy matching is exact for
  /// subsequences).
  static func leastLeftOut<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, _ scratch: TypoScratch
  ) -> Int {
    let m = pattern.count
    scratch.prepare(pattern)
    if scratch.hasMasks {
      var v = UInt64.max
      if let ascii = text as? Scorer.ASCIIText {
        // One load a byte: the fold is in the table.
        let masks = scratch.byteMasks(folding: ascii.fold)
        for j in 0..<ascii.count {
          let u = v & masks[Int(ascii.bytes[j])]
          v = (v &+ u) | (v &- u)
        }
      } else {
        for j in 0..<text.count {
          let u = v & scratch.mask(text.folded(j))
          v = (v &+ u) | (v &- u)
        }
      }
      let full: UInt64 = m == 64 ? .max : (1 << UInt64(m)) - 1
      return m - (~v & full).nonzeroBitCount
    }
    var reached = (0, min(1, m), min(2, m))
    for j in 0..<text.count {
      let c = text.folded(j)
      if reached.0 < m && pattern[reached.0] == c { reached.0 += 1 }
      if reached.1 < m && pattern[reached.1] == c { reached.1 += 1 }
      if budget > 1 && reached.2 < m && pattern[reached.2] == c { reached.2 += 1 }
      reached.1 = max(reached.1, min(reached.0 + 1, m))
      reached.2 = max(reached.2, min(reached.1 + 1, m))
    }
    if reached.0 == m { return 0 }
    if reached.1 == m { return 1 }
    return budget > 1 && reached.2 == m ? 2 : budget + 1
  }

  /// The places of the term whose character the line holds somewhere (see `TypoScratch.byteMasks`),
  /// four bytes a step with no chain between them.
  @inline(__always)
  private static func heldPlaces(_ text: Scorer.ASCIIText, _ masks: UnsafePointer<UInt64>) -> UInt64 {
    let bytes = text.bytes
    let n = text.count
    var held = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    var j = 0
    while j &+ 4 <= n {
      held.0 |= masks[Int(bytes[j])]
      held.1 |= masks[Int(bytes[j &+ 1])]
      held.2 |= masks[Int(bytes[j &+ 2])]
      held.3 |= masks[Int(bytes[j &+ 3])]
      j &+= 4
    }
    while j < n {
      held.0 |= masks[Int(bytes[j])]
      j &+= 1
    }
    return held.0 | held.1 | held.2 | held.3
  }

  /// Calls `body` with the indices of the characters left out (`j` is -1 for one) for every way of
  /// leaving out `count` (1 or 2) characters of `pattern` that leaves a subsequence of `text`; of a
  /// run of equal characters only the first is left out (the others leave the same term). `ends`
  /// are the line's (`typoEnds`, its arrays still in `scratch`).
  private static func eachRepair<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, leaving count: Int, _ text: T, _ scratch: TypoScratch,
    ends: TypoEnds, _ body: (Int, Int) -> Void
  ) {
    let m = pattern.count
    let n = text.count
    let (forward, backward) = (scratch.forward.base, scratch.backward.base)
    let (matched, unmatched) = (ends.matched, ends.unmatched)
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
