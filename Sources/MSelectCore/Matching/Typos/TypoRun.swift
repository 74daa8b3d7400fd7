extension TypoSearch {
  /// The characters of `run` that stand for characters of `pattern` (matched, typed wrong or swapped)
  /// in an alignment of fewest edits, the others being characters the person left out; those typed
  /// wrong or swapped are added to `repaired` too.
  static func aligned<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ run: Range<Int>, _ scratch: TypoScratch,
    repaired: inout [Int]
  ) -> [Int] {
    let table = alignmentTable(pattern, text, run, scratch)
    let width = run.count + 1
    @inline(__always) func at(_ i: Int, _ j: Int) -> Int { i * width + j }
    @inline(__always) func line(_ j: Int) -> UInt32 { text.folded(run.lowerBound + j) }
    var places: [Int] = []
    var (i, j) = (pattern.count, run.count)
    while i > 0 && j > 0 {
      let here = table[at(i, j)]
      let same = pattern[i - 1] == line(j - 1)
      if here == table[at(i - 1, j - 1)] + (same ? 0 : 1) {
        places.append(run.lowerBound + j - 1)
        if !same { repaired.append(run.lowerBound + j - 1) }
        (i, j) = (i - 1, j - 1)
      } else if i > 1 && j > 1 && pattern[i - 1] == line(j - 2) && pattern[i - 2] == line(j - 1)
        && here == table[at(i - 2, j - 2)] + 1
      {
        places.append(run.lowerBound + j - 1)
        places.append(run.lowerBound + j - 2)
        repaired.append(run.lowerBound + j - 1)
        repaired.append(run.lowerBound + j - 2)
        (i, j) = (i - 2, j - 2)
      } else if here == table[at(i - 1, j)] + 1 {
        i -= 1
      } else {
        j -= 1
      }
    }
    return places.reversed()
  }

  /// The table of restricted Damerau distances between the prefixes of `pattern` and of the
  /// characters `run` of `text`, row by row (`pattern.count + 1` rows of `run.count + 1`), in
  /// `scratch`'s memory (valid until the next call).
  private static func alignmentTable<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ run: Range<Int>, _ scratch: TypoScratch
  ) -> UnsafeMutablePointer<Int32> {
    let m = pattern.count
    let n = run.count
    let width = n + 1
    let table = scratch.table.reserve((m + 1) * width)
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
    return table
  }

  /// Whether `text` has enough of the term's pairs of neighbouring characters close enough together
  /// to hold a run of it with at most `budget` edits: one load a character, where `closestWindow`
  /// costs a column of the term's length.
  ///
  /// Each edit spoils at most three of the run's pairs (a swap: the pair itself and its two
  /// neighbours), so the run holds at least `m - 1 - 3 * budget` of them, each ending within the
  /// run: among `m + budget - 1` neighbouring places, as a run is at most `m + budget` long. A bit a
  /// place, shifted along, counts them. With one mistake, `holdsAHalf` asks more of the line.
  static func mayHoldRun<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, _ scratch: TypoScratch
  ) -> Bool {
    if budget == 1, let held = holdsAHalf(pattern, text, scratch) { return held }
    let needed = pattern.count - 1 - 3 * budget
    let span = pattern.count + budget - 1
    scratch.prepare(pattern)
    guard needed > 0, span <= 64, text.count > 1, let table = scratch.pairTable else { return true }
    let within: UInt64 = span == 64 ? .max : (1 << UInt64(span)) - 1
    var found: UInt64 = 0
    var previous = text.folded(0)
    for j in 1..<text.count {
      let c = text.folded(j)
      found <<= 1
      if previous < 0x80 && c < 0x80 {
        let index = Int(previous) * 128 + Int(c)
        if table[index >> 6] & (1 << UInt64(index & 63)) != 0 {
          found |= 1
          if (found & within).nonzeroBitCount >= needed { return true }
        }
      }
      previous = c
    }
    return false
  }

  /// Where in `text` a run of `pattern` with at most `budget` edits can lie: nil where none can
  /// (`mayHoldRun`); with one mistake on an ASCII line, around the runs `holdsAHalf` found, as a run
  /// one edit away holds one; else the whole line. `closestWindow` then reads only that part.
  static func runSpan<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, _ scratch: TypoScratch
  ) -> Range<Int>? {
    guard mayHoldRun(pattern, budget: budget, text, scratch) else { return nil }
    guard budget == 1, let ascii = text as? Scorer.ASCIIText, let ends = halfEnds(pattern, ascii, scratch)
    else {
      return 0..<text.count
    }
    // The run holds the half that ends there and is at most one longer than the term.
    let reach = pattern.count + 1
    return max(0, ends.lowerBound - reach)..<min(text.count, ends.upperBound + reach + 1)
  }

  /// The first and the last place where a run `holdsAHalf` looks for ends on an ASCII line; nil
  /// when there is none or the term is not one it asks about.
  private static func halfEnds(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: Scorer.ASCIIText, _ scratch: TypoScratch
  ) -> ClosedRange<Int>? {
    guard let halves = Halves(pattern.count) else { return nil }
    scratch.prepare(pattern)
    let masks = scratch.halvesMasks(folding: text.fold, halves.doubled)
    var state: UInt64 = 0
    var first = -1
    var last = -1
    for j in 0..<text.count {
      state = (state << 1 | halves.starts) & masks[Int(text.bytes[j])]
      if state & halves.held != 0 {
        if first < 0 { first = j }
        last = j
      }
    }
    return first < 0 ? nil : first...last
  }

  /// `holdsAHalf`'s Shift-And layout for a term of `m` characters (`h = m / 2`): bits `0..<m` follow
  /// the term's runs starting at its first character or at its second half, bits from `m + 1` those
  /// of the term with characters `h - 1` and `h` swapped (bit `m`, in no mask, keeps the two apart).
  private struct Halves {
    let m: Int
    let h: Int

    /// Nil for a term too short to have halves or too long for the bits.
    init?(_ m: Int) {
      guard m >= 4, 2 * m + 1 <= 64 else { return nil }
      (self.m, h) = (m, m / 2)
    }

    /// The bits where runs start.
    var starts: UInt64 { 1 | 1 << UInt64(h) | 1 << UInt64(m + 1) }
    /// The bits of a run ended: the first half, the second, the swapped term.
    var held: UInt64 { 1 << UInt64(h - 1) | 1 << UInt64(m - 1) | 1 << UInt64(2 * m) }

    /// A character's mask of places, and above it the same for the swapped term.
    @inline(__always)
    func doubled(_ mask: UInt64) -> UInt64 {
      let (a, b) = (UInt64(h - 1), UInt64(h))
      let swapped = mask & ~(1 << a | 1 << b) | (mask >> a & 1) << b | (mask >> b & 1) << a
      return mask | swapped << UInt64(m + 1)
    }
  }

  /// Whether `text` holds a half of `pattern` (the first `h = m / 2` characters or the rest) as one
  /// run, or the term with the two characters where they meet swapped: a run one edit away from the
  /// term does (the edit spoils one half, or, a swap where they meet, the other is that swap).
  /// Nil when the term is too short or too long to ask.
  ///
  /// One Shift-And pass (`Halves`), on an ASCII line only from each place a run can begin.
  static func holdsAHalf<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ scratch: TypoScratch
  ) -> Bool? {
    let m = pattern.count
    let h = m / 2
    guard let halves = Halves(m) else { return nil }
    scratch.prepare(pattern)
    let starts = halves.starts
    var state: UInt64 = 0
    var seen: UInt64 = 0
    if let ascii = text as? Scorer.ASCIIText {
      // Each run starts with a pair the line must hold: the term's first two characters, the
      // second half's, and the swapped term's (the first and third when the swap is at 1 and 2).
      // The pass reads from each place one begins, and on while a run it follows may go on: a run
      // that begins elsewhere holds no such pair, and the state where none is followed is 0.
      let swappedStart = h == 2 ? (pattern[0], pattern[2]) : (pattern[0], pattern[1])
      let scan = PairScan(ascii, (pattern[0], pattern[1]), (pattern[h], pattern[h + 1]), swappedStart)
      let n = ascii.count
      var hit = scan.next(from: 0)
      guard hit < n else { return false }
      let masks = scratch.halvesMasks(folding: ascii.fold, halves.doubled)
      let bytes = ascii.bytes
      let held = halves.held
      while hit < n {
        // No run is followed here (the state is 0): the pass starts afresh.
        var at = hit
        repeat {
          state = (state << 1 | starts) & masks[Int(bytes[at])]
          seen |= state
          at &+= 1
        } while at < n && (at <= hit &+ 1 || state != 0)
        if seen & held != 0 { return true }
        hit = scan.next(from: at)
      }
    } else {
      for j in 0..<text.count {
        state = (state << 1 | starts) & halves.doubled(scratch.mask(text.folded(j)))
        seen |= state
      }
    }
    return seen & halves.held != 0
  }

  /// The run of the line's characters closest to `pattern` (fewest edits: a character wrong,
  /// extra or missing, or two swapped), when it takes at most `budget`; of equally close runs, the
  /// one that ends first.
  ///
  /// For a term of up to 64 characters, Hyyrö's bit-vector form of Sellers' table with Damerau's
  /// swaps (the restricted, "optimal string alignment" distance) finds where the closest run ends in
  /// one pass of about fifteen word operations a character; its start is then the nearest one at
  /// that distance. A longer term takes the table itself (`closestRunByTable`).
  ///
  /// `within`: the part of the line where such a run can lie (`runSpan`), the rest not read.
  static func closestWindow<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, budget: Int, _ text: T, _ scratch: TypoScratch,
    within: Range<Int>? = nil
  ) -> (start: Int, end: Int, edits: Int)? {
    scratch.prepare(pattern)
    guard scratch.hasMasks else { return closestRunByTable(pattern, budget: budget, text, scratch) }
    let m = pattern.count
    let top: UInt64 = 1 << UInt64(m - 1)
    var vp = UInt64.max
    var vn: UInt64 = 0
    var d0: UInt64 = 0
    var previousEq: UInt64 = 0
    var score = m
    var best: (end: Int, edits: Int)?
    // One character `j` whose places in the term are `eq`; true once no closer run can come.
    @inline(__always) func step(_ j: Int, _ eq: UInt64) -> Bool {
      let swapped = ((~d0 & eq) << 1) & previousEq
      d0 = (((eq & vp) &+ vp) ^ vp) | eq | vn | swapped
      var hp = vn | ~(d0 | vp)
      var hn = d0 & vp
      if hp & top != 0 {
        score += 1
      } else if hn & top != 0 {
        score -= 1
      }
      // The term's empty prefix costs nothing anywhere in the line: no carry in from row 0.
      hp <<= 1
      hn <<= 1
      vp = hn | ~(d0 | hp)
      vn = hp & d0
      previousEq = eq
      guard score <= budget && (best == nil || score < best!.edits) else { return false }
      best = (j + 1, score)
      return score == 0
    }
    if let ascii = text as? Scorer.ASCIIText {
      // One load a byte: the fold is in the table.
      let masks = scratch.byteMasks(folding: ascii.fold)
      for j in within ?? 0..<ascii.count where step(j, masks[Int(ascii.bytes[j])]) { break }
    } else {
      for j in within ?? 0..<text.count where step(j, scratch.mask(text.folded(j))) { break }
    }
    guard let best else { return nil }
    let end = best.end
    // No run ending there is closer than `best.edits`: a run within that many edits is at exactly
    // that many. None is the term itself; one edit away a pass along the run tells.
    if best.edits == 0 { return (end - m, end, 0) }
    // The nearest start at that distance: the run is as long as the term, give or take an edit each.
    for offset in 0...(2 * best.edits) {
      let length = m + (offset + 1) / 2 * (offset % 2 == 0 ? 1 : -1)
      guard length > 0 && length <= end else { continue }
      let run = (end - length)..<end
      let close =
        best.edits == 1
        ? withinOneEdit(pattern, text, run) : distance(pattern, text, run, scratch) == best.edits
      if close { return (end - length, end, best.edits) }
    }
    return nil
  }

  /// Whether the characters `run` of `text` are at most one edit from `pattern` (a character wrong,
  /// extra or missing, or two neighbours swapped): one pass, where `distance` fills a table.
  static func withinOneEdit<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ run: Range<Int>
  ) -> Bool {
    let m = pattern.count
    let n = run.count
    @inline(__always) func line(_ j: Int) -> UInt32 { text.folded(run.lowerBound + j) }
    var i = 0
    while i < min(m, n) && pattern[i] == line(i) { i += 1 }
    if i == m && i == n { return true }
    // The rest after the first difference, with one edit made there.
    func same(from p: Int, _ q: Int) -> Bool {
      guard m - p == n - q else { return false }
      var k = 0
      while p + k < m {
        if pattern[p + k] != line(q + k) { return false }
        k += 1
      }
      return true
    }
    if m == n {
      if same(from: i + 1, i + 1) { return true }
      return i + 1 < m && pattern[i] == line(i + 1) && pattern[i + 1] == line(i) && same(from: i + 2, i + 2)
    }
    return m + 1 == n ? same(from: i, i + 1) : m == n + 1 && same(from: i + 1, i)
  }

  /// The restricted Damerau distance between `pattern` and the characters `run` of `text`.
  static func distance<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ run: Range<Int>, _ scratch: TypoScratch
  )
    -> Int
  {
    Int(alignmentTable(pattern, text, run, scratch)[(pattern.count + 1) * (run.count + 1) - 1])
  }

  /// `closestWindow` by Sellers' table itself, one column per character, each cell also carrying
  /// where its run starts.
  static func closestRunByTable<T: ScoredText>(
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

}
