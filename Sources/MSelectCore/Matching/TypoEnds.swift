/// How far the greedy matches of a term reach from either end of a line: the leftmost match of its
/// characters from the start (`TypoScratch.forward`) and the rightmost of them from the end
/// (`TypoScratch.backward`), each stopping at the first character it cannot place.
///
/// Leaving one character `i` out leaves a subsequence exactly when the characters before it fit
/// before those after it: `forward[i - 1] < backward[i + 1]`. So the two passes, a character search
/// each (sixteen bytes a step on an ASCII line), tell a term with a budget of one whether a line
/// needs no repair, one, or more; the bit-parallel LCS (`Matcher.leastLeftOut`) costs a few word
/// operations on every character.
struct TypoEnds {
  /// How many of the term's first characters the forward match placed (all: the term is a
  /// subsequence of the line).
  let matched: Int
  /// The term's last character the backward match could not place, or -1 when it placed them all.
  let unmatched: Int

  /// Whether the line holds the whole term in order.
  var whole: Bool { unmatched < 0 }
}

extension Matcher {
  /// The greedy matches of `pattern` from both ends of `text`, in `scratch.forward` (`forward[k]`
  /// for `k < matched`) and `scratch.backward` (`backward[k]` for `k > unmatched`; `backward[m]` is
  /// the line's end).
  static func typoEnds<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ scratch: TypoScratch
  ) -> TypoEnds {
    let m = pattern.count
    let n = text.count
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
    let backward = scratch.backward.reserve(m + 1)
    backward[m] = n
    var unmatched = m - 1
    j = n - 1
    while unmatched >= 0 {
      j = text.previous(pattern[unmatched], from: j, downTo: 0)
      guard j >= 0 else { break }
      backward[unmatched] = j
      j -= 1
      unmatched -= 1
    }
    return TypoEnds(matched: matched, unmatched: unmatched)
  }

  /// Whether leaving out one character of `pattern` leaves a subsequence of the line `ends` was
  /// taken from (with `scratch`'s arrays still for that line).
  static func leavesOne(_ pattern: UnsafeBufferPointer<UInt32>, _ ends: TypoEnds, _ scratch: TypoScratch)
    -> Bool
  {
    let forward = scratch.forward.base
    let backward = scratch.backward.base
    let m = pattern.count
    guard ends.matched + (m - 1 - ends.unmatched) >= m - 1 else { return false }
    for i in max(ends.unmatched, 0)...min(ends.matched, m - 1)
    where (i == 0 ? -1 : forward[i - 1]) < backward[i + 1] {
      return true
    }
    return false
  }
}

extension Matcher {
  /// The scorer's score of `variant`, `pattern` without its characters `i` and `j` (-1: only `i`;
  /// `i < j`), a subsequence of `text`, from the line's greedy ends: the variant's characters before
  /// `i` match leftmost where the term's do, and those after the last left out rightmost where the
  /// term's do, so only the rest are searched for (`Scorer.fuzzy` would search for all of them
  /// twice, from either end).
  static func strewnScore<T: ScoredText>(
    _ scorer: Scorer, _ variant: UnsafeBufferPointer<UInt32>, leaving i: Int, _ j: Int, _ text: T,
    _ scratch: TypoScratch
  ) -> Int32? {
    let v = variant.count
    let n = text.count
    guard v > 1 else { return scorer.fuzzy(pattern: variant, text: text, positions: nil)?.score }
    let (forward, backward) = (scratch.forward.base, scratch.backward.base)
    let firsts = scratch.variantFirsts.reserve(v)
    let lasts = scratch.variantLasts.reserve(v)
    // The variant's characters from `after` on are the term's from `after + left` on.
    let (after, left) = j < 0 ? (i, 1) : (j - 1, 2)
    var place = 0
    for k in 0..<v {
      if k < i {
        firsts[k] = forward[k]
        place = forward[k] + 1
        continue
      }
      place = text.next(variant[k], from: place, through: n - 1)
      guard place < n else { return nil }
      firsts[k] = place
      place += 1
    }
    place = backward[after + left]
    for k in stride(from: v - 1, through: 0, by: -1) {
      if k >= after {
        lasts[k] = backward[k + left]
        continue
      }
      place -= 1
      while place > firsts[k] && text.folded(place) != variant[k] { place -= 1 }
      lasts[k] = place
    }
    // As `Scorer.fuzzy`: a window too large for the program's bounded memory takes the greedy places.
    if (lasts[v - 1] - firsts[0] + 1) * v > Scorer.maxCells {
      return scorer.score(positions: UnsafeBufferPointer(start: firsts, count: v), text: text)
    }
    return scorer.sparse(pattern: variant, text: text, firsts: firsts, lasts: lasts).score
  }
}
