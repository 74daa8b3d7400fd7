/// How far the greedy matches of a term reach from either end of a line: the leftmost match of its
/// characters from the start (`TypoScratch.forward`) and the rightmost of them from the end
/// (`TypoScratch.backward`), each stopping at the first character it cannot place.
///
/// Leaving one character `i` out leaves a subsequence exactly when the characters before it fit
/// before those after it: `forward[i - 1] < backward[i + 1]`. So the two passes, a character search
/// each (sixteen bytes a step on an ASCII line), tell a term with a budget of one whether a line
/// needs no repair, one, or more; the bit-parallel LCS (`TypoSearch.leastLeftOut`) costs a few word
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

extension TypoSearch {
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
    return typoEnds(pattern, text, scratch, matched: matched)
  }

  /// `typoEnds` once the forward match is in `scratch.forward`, `matched` characters long.
  static func typoEnds<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ scratch: TypoScratch, matched: Int
  ) -> TypoEnds {
    let m = pattern.count
    let n = text.count
    let backward = scratch.backward.reserve(m + 1)
    backward[m] = n
    var unmatched = m - 1
    var j = n - 1
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

extension TypoSearch {
  /// The score of `variant`, `pattern` without its characters `i` and `j` (-1: only `i`; `i < j`),
  /// a subsequence of `text`, aligned as fzf's v1 algorithm aligns a match: where its greedy match
  /// from the line's start ends (its characters before `i` go where the term's do, from the line's
  /// `typoEnds`), back to the latest start before that end, and forward from there; its places in
  /// `scratch.variantPlaces`.
  ///
  /// Not the dynamic program of a match typed right: a line is read with each character left out
  /// that leaves a subsequence (two on most lines that need one), and the program on each was 40 %
  /// of `sahreman`'s time over paths-500k; this takes three character searches a character.
  static func strewnScore<T: ScoredText>(
    _ scorer: Scorer, _ variant: UnsafeBufferPointer<UInt32>, leaving i: Int, _ j: Int, _ text: T,
    _ scratch: TypoScratch
  ) -> Int32? {
    let v = variant.count
    let n = text.count
    guard v > 0 else { return nil }
    let places = scratch.variantPlaces.reserve(v)
    var place = i == 0 ? 0 : scratch.forward.base[i - 1] + 1
    for k in i..<v {
      place = text.next(variant[k], from: place, through: n - 1)
      guard place < n else { return nil }
      place += 1
    }
    let end = place - 1
    place = end
    for k in stride(from: v - 1, through: 0, by: -1) {
      place = text.previous(variant[k], from: place, downTo: 0)
      guard place >= 0 else { return nil }
      place -= 1
    }
    place += 1
    for k in 0..<v {
      place = text.next(variant[k], from: place, through: end)
      guard place <= end else { return nil }
      places[k] = place
      place += 1
    }
    return scorer.score(positions: UnsafeBufferPointer(start: places, count: v), text: text)
  }
}
