/// A fuzzy scorer of the Smith-Waterman family, with fzf's "v2" constants.
///
/// It finds the best-scoring alignment of a pattern in a text (not just the first one), rewarding
/// matches at word and path boundaries, camelCase humps and digits, and consecutive runs, and charging
/// for gaps. Positions come from a backtrace over the score matrices. Not thread-safe: one per thread.
package struct Scorer {
  package static let scoreMatch: Int32 = 16
  package static let gapStart: Int32 = -3
  package static let gapExtension: Int32 = -1
  package static let bonusBoundary: Int32 = 8
  package static let bonusNonWord: Int32 = 8
  package static let bonusCamel123: Int32 = 7
  package static let bonusConsecutive: Int32 = 4
  package static let bonusBoundaryWhite: Int32 = 10
  package static let bonusBoundaryDelimiter: Int32 = 9
  package static let firstCharMultiplier: Int32 = 2
  /// Above this many matrix cells the scorer falls back to a linear greedy alignment.
  package static let maxCells = 1 << 20

  private let h = ScratchBuffer<Int32>()
  private let c = ScratchBuffer<UInt16>()
  private let firsts = ScratchBuffer<Int>()
  private let lasts = ScratchBuffer<Int>()
  private let eventStorage = ScratchBuffer<Int>()
  private let eventRuns = ScratchBuffer<UInt16>()
  private let bonuses = ScratchBuffer<Int32>()
  /// The ASCII classes of the scheme.
  package let classes: UnsafePointer<CharClass>
  private let bonusTable: UnsafePointer<Int32>
  /// The bonus after whitespace (`--scheme` lowers it).
  package let white: Int32
  /// What the line's start counts as: whitespace, or a delimiter (`--scheme path`).
  private let initial: CharClass

  /// `bonus(previous, current)` for every pair of classes, indexed `previous * 8 + current`: one load
  /// instead of a switch per character. One table per scheme.
  private static let bonusMatrices: [MatchOptions.Scheme: Shared<UnsafePointer<Int32>>] = Dictionary(
    uniqueKeysWithValues: MatchOptions.Scheme.allCases.map { scheme in
      let table = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
      table.initialize(repeating: 0, count: 64)
      for p in 0..<7 {
        for c in 0..<7 {
          table[p * 8 + c] = bonus(
            CharClass(rawValue: UInt8(p))!, CharClass(rawValue: UInt8(c))!, white: scheme.white,
            delimiter: scheme.delimiter)
        }
      }
      return (scheme, Shared(UnsafePointer(table)))
    })

  /// Whether scoring without positions may take `ceilingMatch`'s shortcut (off only in tests, to compare).
  private let ceilingShortcut: Bool
  /// How often `ceilingMatch` found the score lately (see `ShortcutOdds`).
  private let ceilingOdds = ShortcutOdds()
  /// The default scheme: the one `ceilingMatch` is made for.
  private let defaultScheme: Bool
  /// Of equally good ends of an alignment, the last is taken (`MatchOptions.backward`).
  package let backward: Bool

  package init(ceilingShortcut: Bool = true, scheme: MatchOptions.Scheme = .default, backward: Bool = false) {
    self.ceilingShortcut = ceilingShortcut
    self.backward = backward
    defaultScheme = scheme == .default
    classes = scheme == .path ? CharClass.pathTable : CharClass.asciiTable
    bonusTable = Scorer.bonusMatrices[scheme]!.pointer
    white = scheme.white
    initial = scheme == .path ? .delimiter : .white
  }

  /// The bonus for a character of class `current` that follows one of class `previous` (the default
  /// scheme's).
  @inline(__always)
  package static func bonus(_ previous: CharClass, _ current: CharClass) -> Int32 {
    bonus(previous, current, white: bonusBoundaryWhite, delimiter: bonusBoundaryDelimiter)
  }

  /// The bonus for a character of class `current` after one of class `previous`, given the scheme's
  /// whitespace and delimiter bonuses.
  static func bonus(_ previous: CharClass, _ current: CharClass, white: Int32, delimiter: Int32) -> Int32 {
    // Since fzf 0.73 a non-word character (`.`, `_`, `-`, a delimiter) starting a word counts as a
    // boundary too: `/.config` gets the bonus after a delimiter on its `.`.
    if current.rawValue >= CharClass.nonWord.rawValue {
      switch previous {
      case .white: return white
      case .delimiter: return delimiter
      case .nonWord: return bonusBoundary
      default: break
      }
    }
    if previous == .lower && current == .upper || previous != .number && current == .number {
      return bonusCamel123
    }
    switch current {
    case .nonWord, .delimiter: return bonusNonWord
    case .white: return white
    default: return 0
    }
  }

  /// Computes the bonuses of characters `lo...hi` of the text; returns the bonus array, indexed by
  /// character (only `lo...hi` may be read: the memory held is the window's, not the line's).
  @inline(__always)
  private func prepareBonuses<T: ScoredText>(_ text: T, _ lo: Int, _ hi: Int) -> UnsafeMutablePointer<Int32> {
    let bonus = bonuses.reserve(hi - lo + 1) - lo
    var previous = Int((lo == 0 ? initial : text.charClass(lo - 1, classes)).rawValue)
    for j in lo...hi {
      let current = Int(text.charClass(j, classes).rawValue)
      bonus[j] = bonusTable[previous &* 8 &+ current]
      previous = current
    }
    return bonus
  }

  /// Whether a one-character term's place scoring `score` replaces the best so far: a better one, or
  /// searching backward one as good (the last is taken).
  @inline(__always)
  package func oneCharacterTakes(_ score: Int32, over best: Int32) -> Bool {
    score > best || backward && score == best
  }

  /// Whether a one-character term's search ends at a place just taken with `bonus`: as in fzf, the
  /// first place at a word boundary ends a forward search, even when a later one has a higher bonus
  /// (`n'est en`: the `e` after the apostrophe, not the one after the space).
  @inline(__always)
  package func oneCharacterStops(at bonus: Int32) -> Bool {
    !backward && bonus >= Scorer.bonusBoundary
  }

  /// The bonus of character `j`, from its class and its predecessor's.
  @inline(__always)
  private func bonus<T: ScoredText>(at j: Int, _ text: T) -> Int32 {
    let previous = j == 0 ? initial : text.charClass(j - 1, classes)
    return bonusTable[Int(previous.rawValue) &* 8 &+ Int(text.charClass(j, classes).rawValue)]
  }

  /// fzf's rule for a character that continues a consecutive run: it earns at least the consecutive
  /// bonus and the bonus of the run's first character, unless its own bonus is a boundary bonus
  /// higher than that first one: then a new run starts at it (and it keeps its own bonus).
  @inline(__always)
  package static func runBonus(own: Int32, runStart: Int32) -> (bonus: Int32, restarts: Bool) {
    if own >= bonusBoundary && own > runStart { return (own, true) }
    return (max(own, bonusConsecutive, runStart), false)
  }

  /// Scores matched positions (sorted) the way fzf does for exact and greedy matches: the work and
  /// memory go with the positions, not with the gaps between them.
  package func score<T: ScoredText>(positions: UnsafeBufferPointer<Int>, text: T) -> Int32 {
    guard !positions.isEmpty else { return 0 }
    var score: Int32 = 0
    var consecutive = 0
    var firstBonus: Int32 = 0
    for k in positions.indices {
      let j = positions[k]
      if k > 0 && j > positions[k - 1] + 1 {
        // A gap: the first character costs gapStart, each further one gapExtension.
        let gap = j - positions[k - 1] - 1
        score += Scorer.gapStart + Int32(clamping: gap - 1) &* Scorer.gapExtension
        consecutive = 0
        firstBonus = 0
      }
      var b = bonus(at: j, text)
      if consecutive == 0 {
        firstBonus = b
      } else {
        let run = Scorer.runBonus(own: b, runStart: firstBonus)
        if run.restarts { firstBonus = b }
        b = run.bonus
      }
      score += Scorer.scoreMatch + (k == 0 ? b * Scorer.firstCharMultiplier : b)
      consecutive += 1
    }
    return score
  }

  /// Scores a contiguous match of `length` characters at `start`.
  package func score<T: ScoredText>(contiguousAt start: Int, length: Int, text: T) -> Int32 {
    let positions = firsts.reserve(length)
    for k in 0..<length { positions[k] = start + k }
    return score(positions: UnsafeBufferPointer(start: positions, count: length), text: text)
  }

  /// The bonus a match starting at character `j` gets for its first character (before doubling):
  /// how fzf picks among the places an exact term occurs.
  package func startBonus<T: ScoredText>(at j: Int, _ text: T) -> Int32 { bonus(at: j, text) }

  /// The best fuzzy alignment of `pattern` (folded) in `text`, or nil when it is not a subsequence.
  ///
  /// Positions are appended when requested.
  @inline(__always)
  package func fuzzy<T: ScoredText>(
    pattern: UnsafeBufferPointer<UInt32>, text t: T, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    let text = t
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return Match(score: 0, begin: 0, end: 0) }
    // Greedy forward pass: the first place each pattern character can match.
    let firsts = self.firsts.reserve(m)
    var j = 0
    for k in 0..<m {
      j = t.next(pattern[k], from: j, through: n - 1)
      guard j < n else { return nil }
      firsts[k] = j
      j += 1
    }
    let first = firsts[0]
    if m == 1 {
      var best: Int32 = -1
      var bestAt = first
      var j = first
      while j < n {
        let b = bonus(at: j, text)
        let s = Scorer.scoreMatch + b * Scorer.firstCharMultiplier
        if oneCharacterTakes(s, over: best) {
          best = s
          bestAt = j
          if oneCharacterStops(at: b) { break }
        }
        j = t.next(pattern[0], from: j + 1, through: n - 1)
      }
      positions?.pointee.append(bestAt)
      return Match(score: best, begin: bestAt, end: bestAt)
    }
    // Not where the window may be too large for the program (below): the greedy alignment there
    // would then depend on whether the shortcut was tried, i.e. on the lines scored before.
    if positions == nil && ceilingShortcut && defaultScheme && (n - first) * m <= Scorer.maxCells
      && ceilingOdds.shouldTry()
    {
      let best = ceilingMatch(pattern: pattern, text: text, firsts: firsts, last: n - 1)
      ceilingOdds.record(won: best != nil)
      if let best { return best }
    }
    // The alignment ends at or before the last occurrence of the last character.
    // The backward scans stop at the forward pass's places: those hold the characters, so the bounds
    // change nothing, but a line whose bytes change under the scorer (a mapped file rotated under
    // mselect, read as zeros from then on) cannot send them past the line's start.
    var last = n - 1
    let final = pattern[m - 1]
    while last > firsts[m - 1] && t.folded(last) != final { last -= 1 }
    // A window too large to align within bounded memory (a line of megabytes) gets the greedy
    // alignment, as fzf falls back to its v1 algorithm.
    if (last - first + 1) * m > Scorer.maxCells {
      let greedy = UnsafeBufferPointer(start: firsts, count: m)
      positions?.pointee.append(contentsOf: greedy)
      return Match(score: score(positions: greedy, text: text), begin: first, end: firsts[m - 1])
    }
    guard positions != nil else {
      // The latest place each character can match with the rest of the pattern after it: the
      // backward counterpart of `firsts`.
      let lasts = self.lasts.reserve(m)
      lasts[m - 1] = last
      for k in stride(from: m - 2, through: 0, by: -1) {
        var j = lasts[k + 1] - 1
        while j > firsts[k] && t.folded(j) != pattern[k] { j -= 1 }
        lasts[k] = j
      }
      return sparse(pattern: pattern, text: text, firsts: firsts, lasts: lasts)
    }
    let width = last - first + 1
    let bonus = prepareBonuses(text, first, last)
    return dynamicProgram(
      pattern: pattern, text: t, bonus: bonus, firsts: firsts, first: first, width: width,
      positions: positions)
  }

  /// The same score as `dynamicProgram`, computed only at the cells where a pattern character matches.
  ///
  /// Between two matches of a row, the dynamic program only lets the score decay (−3 for the first gap
  /// character, −1 for the next ones, never below 0), so each row is kept as its match cells ("events")
  /// and any other cell's value is derived from the event before it. The work is proportional to the
  /// number of occurrences of the pattern's characters instead of window × pattern length; positions
  /// are not needed here (the picker's highlighting uses the full matrices).
  ///
  /// Row `k` only needs its events in `firsts[k]...lasts[k]`: a match of character `k` after `lasts[k]`
  /// leaves no room for the rest of the pattern, so no complete alignment goes through it, and no
  /// later row's event in range reads it (that event would be a later place for character `k`).
  private func sparse<T: ScoredText>(
    pattern: UnsafeBufferPointer<UInt32>, text: T, firsts: UnsafePointer<Int>, lasts: UnsafePointer<Int>
  ) -> Match {
    let m = pattern.count
    let last = lasts[m - 1]
    let width = last - firsts[0] + 1
    // Two rows of events: positions, values, run lengths, and whether the cell ended in a gap.
    let storage = eventStorage.reserve(width * 4)
    var previous = (position: storage, value: UnsafeMutableRawPointer(storage + width), count: 0)
    var current = (
      position: storage + 2 * width, value: UnsafeMutableRawPointer(storage + 3 * width), count: 0
    )
    let runs = eventRuns.reserve(width * 2)
    var previousRuns = runs
    var currentRuns = runs + width

    // Row 0: a match starts afresh with the doubled bonus of the first character.
    let p0 = pattern[0]
    var j0 = firsts[0]
    let last0 = lasts[0]
    while j0 <= last0 {
      let j = j0
      j0 = text.next(p0, from: j0 &+ 1, through: last0)
      current.position[current.count] = j
      current.value.storeBytes(
        of: Scorer.scoreMatch &+ bonus(at: j, text) &* Scorer.firstCharMultiplier,
        toByteOffset: current.count &* 8, as: Int32.self)
      current.value.storeBytes(of: 0, toByteOffset: current.count &* 8 &+ 4, as: Int32.self)
      currentRuns[current.count] = 1
      current.count &+= 1
    }
    var best = (score: Int32(-1), at: firsts[0])
    for i in 1..<m {
      swap(&previous, &current)
      swap(&previousRuns, &currentRuns)
      sparseRow(
        pattern[i], firsts[i]...lasts[i], text, previous, previousRuns, &current, currentRuns,
        &best, last: i == m &- 1)
    }
    return Match(score: best.score, begin: firsts[0], end: best.at)
  }

  /// A row of `sparse`'s events (positions, values and gap flags) and their count.
  private typealias EventRow = (
    position: UnsafeMutablePointer<Int>, value: UnsafeMutableRawPointer, count: Int
  )

  /// Row `i` of `sparse`: an event at each place in `range` where `pi` (the pattern's character `i`)
  /// occurs, from the events of row `i - 1`; on the last row, the best score and where it ends.
  @inline(__always)
  private func sparseRow<T: ScoredText>(
    _ pi: UInt32, _ range: ClosedRange<Int>, _ text: T, _ previous: EventRow,
    _ previousRuns: UnsafeMutablePointer<UInt16>, _ current: inout EventRow,
    _ currentRuns: UnsafeMutablePointer<UInt16>, _ best: inout (score: Int32, at: Int), last: Bool
  ) {
    current.count = 0
    var below = 0  // index of the last event of the previous row at or before j - 1
    // The row's own state before its first event: score 0, not in a gap.
    var leftPosition = range.lowerBound &- 1
    var leftValue: Int32 = 0
    var leftGap = false
    var leftIsEvent = false
    var ji = range.lowerBound
    let lastI = range.upperBound
    while ji <= lastI {
      let j = ji
      ji = text.next(pi, from: ji &+ 1, through: lastI)
      // Left neighbour (i, j - 1): the last event of this row, decayed over the cells since.
      var left = leftValue
      var inGap = leftGap
      if leftPosition < j &- 1 {
        let distance = Int32(truncatingIfNeeded: j &- 1 &- leftPosition)
        left = leftIsEvent ? max(leftValue &- (leftGap ? 1 : 3) &- (distance &- 1), 0) : 0
        inGap = leftIsEvent || distance > 0
      }
      let s2 = left &+ (inGap ? Scorer.gapExtension : Scorer.gapStart)
      // Diagonal (i - 1, j - 1): the previous row's last event at or before it.
      while below &+ 1 < previous.count && previous.position[below &+ 1] <= j &- 1 { below &+= 1 }
      let eventPosition = previous.position[below]
      let eventValue = previous.value.load(fromByteOffset: below &* 8, as: Int32.self)
      let eventGap = previous.value.load(fromByteOffset: below &* 8 &+ 4, as: Int32.self) != 0
      var diagonal: Int32
      var diagonalRun: UInt16 = 0
      if eventPosition == j &- 1 {
        diagonal = eventValue
        diagonalRun = previousRuns[below]
      } else {
        let distance = Int32(truncatingIfNeeded: j &- 1 &- eventPosition)
        diagonal = max(eventValue &- (eventGap ? 1 : 3) &- (distance &- 1), 0)
      }
      var s1 = diagonal &+ Scorer.scoreMatch
      let own = bonus(at: j, text)
      var b = own
      var consecutive = diagonalRun &+ 1
      if consecutive > 1 {
        let run = Scorer.runBonus(own: b, runStart: bonus(at: j &- Int(consecutive) &+ 1, text))
        if run.restarts { consecutive = 1 }
        b = run.bonus
      }
      if s1 &+ b < s2 {
        s1 = s1 &+ own
        consecutive = 0
      } else {
        s1 = s1 &+ b
      }
      let score = max(s1, s2, 0)
      let gap = s1 < s2
      current.position[current.count] = j
      current.value.storeBytes(of: score, toByteOffset: current.count &* 8, as: Int32.self)
      current.value.storeBytes(of: gap ? 1 : 0, toByteOffset: current.count &* 8 &+ 4, as: Int32.self)
      currentRuns[current.count] = consecutive
      current.count &+= 1
      leftPosition = j
      leftValue = score
      leftGap = gap
      leftIsEvent = true
      if last && score > best.score { best = (score, j) }
    }
  }

  /// The dynamic program's best for the lines where it is plain to see, else nil; `ceiling` is the
  /// text's bonus ceiling, so no character of any alignment scores more than `scoreMatch + ceiling`
  /// (the first one `scoreMatch + 2 * ceiling`), and every gap costs at least `-gapStart`.
  ///
  /// - A contiguous occurrence of `pattern` whose first character gets the ceiling reaches that bound,
  ///   so it is the best; the first one is where the last row first reaches it.
  /// - Without any contiguous occurrence every alignment has a gap, so one that splits `pattern` in
  ///   two at a single skipped character, both parts starting at the ceiling, is the best. The
  ///   program follows it exactly unless the skipped character could extend the first part, or an
  ///   occurrence of the first character right after the start could start a gapless rival; then
  ///   this gives up.
  ///
  /// Typing a word or the start of path components gives such lines, and they are most of a broad
  /// query's matches.
  @inline(__always)
  private func ceilingMatch<T: ScoredText>(
    pattern: UnsafeBufferPointer<UInt32>, text: T, firsts: UnsafePointer<Int>, last: Int
  ) -> Match? {
    let m = pattern.count
    let ceiling = text.bonusCeiling(classes, first: pattern[0])
    let best = Scorer.scoreMatch &* Int32(m) &+ ceiling &* Int32(m &+ 1)
    let p0 = pattern[0]
    var contiguous = false
    var doubtful = false
    var splitEnd = -1
    var s = firsts[0]
    while s &+ m &- 1 <= last {
      var k = 1
      while k < m && text.folded(s &+ k) == pattern[k] { k &+= 1 }
      if k == m {
        if bonus(at: s, text) == ceiling { return Match(score: best, begin: firsts[0], end: s &+ m &- 1) }
        contiguous = true
      } else if splitEnd < 0 && !doubtful && s &+ m <= last {
        // Parts pattern[..<a] at s and pattern[a...] at s + a + 1, for each a the first part allows,
        // both starting at the ceiling. The characters are compared first: most occurrences fail
        // there, and need no bonus worked out.
        var clean = false
        var found = false
        var startsAtCeiling: Bool?
        for a in 1...k {
          var t = 0
          while t < m &- a && text.folded(s &+ a &+ 1 &+ t) == pattern[a &+ t] { t &+= 1 }
          guard t == m &- a, bonus(at: s &+ a &+ 1, text) == ceiling else { continue }
          if startsAtCeiling == nil { startsAtCeiling = bonus(at: s, text) == ceiling }
          guard startsAtCeiling == true else { break }
          found = true
          if text.folded(s &+ a) != pattern[a &- 1] && text.folded(s &+ 1) != p0 { clean = true }
        }
        if clean {
          splitEnd = s &+ m
        } else if found {
          doubtful = true
        }
      }
      s = text.next(p0, from: s &+ 1, through: last)
    }
    if !contiguous && !doubtful && splitEnd >= 0 {
      return Match(score: best &+ Scorer.gapStart, begin: firsts[0], end: splitEnd)
    }
    return nil
  }

  /// The quadratic part: score matrix `h` and consecutive-run matrix `c` over the window.
  private func dynamicProgram<T: ScoredText>(
    pattern: UnsafeBufferPointer<UInt32>, text: T, bonus: UnsafePointer<Int32>,
    firsts: UnsafePointer<Int>, first: Int, width: Int, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match {
    let m = pattern.count
    let cells = width * m
    let h = self.h.reserve(cells)
    let c = self.c.reserve(cells)
    var maxScore: Int32 = -1
    var maxAt = first

    firstRow(pattern[0], text: text, bonus: bonus, first: first, width: width, h: h, c: c)
    for i in 1..<m {
      let row = i * width
      let up = row - width
      let pi = pattern[i]
      let start = firsts[i] - first
      for col in 0..<start {
        h[row + col] = 0
        c[row + col] = 0
      }
      // Wrapping arithmetic: scores are bounded by the window size, and overflow checks cost a third.
      var inGap = false
      var left: Int32 = 0
      for col in start..<width {
        let j = col &+ first
        let s2 = left &+ (inGap ? Scorer.gapExtension : Scorer.gapStart)
        if text.folded(j) != pi {
          let score = s2 > 0 ? s2 : 0
          c[row &+ col] = 0
          h[row &+ col] = score
          left = score
          inGap = true
          continue
        }
        var s1 = h[up &+ col &- 1] &+ Scorer.scoreMatch
        var b = bonus[j]
        var consecutive = c[up &+ col &- 1] &+ 1
        if consecutive > 1 {
          let run = Scorer.runBonus(own: b, runStart: bonus[j &- Int(consecutive) &+ 1])
          if run.restarts { consecutive = 1 }
          b = run.bonus
        }
        if s1 &+ b < s2 {
          s1 = s1 &+ bonus[j]
          consecutive = 0
        } else {
          s1 = s1 &+ b
        }
        c[row &+ col] = consecutive
        inGap = s1 < s2
        let score = max(s1, s2, 0)
        h[row &+ col] = score
        left = score
      }
    }
    let lastRow = (m - 1) * width
    for col in (firsts[m - 1] - first)..<width
    where h[lastRow + col] > maxScore || backward && h[lastRow + col] == maxScore {
      maxScore = h[lastRow + col]
      maxAt = col + first
    }
    guard let positions else {
      return Match(score: maxScore, begin: first, end: maxAt)
    }
    let found = backtrace(h: h, c: c, m: m, firsts: firsts, first: first, width: width, from: maxAt)
    positions.pointee.append(contentsOf: found)
    return Match(score: maxScore, begin: found[0], end: maxAt)
  }

  /// Row 0 of the dynamic program: the first pattern character, whose bonus counts double.
  @inline(__always)
  private func firstRow<T: ScoredText>(
    _ p0: UInt32, text: T, bonus: UnsafePointer<Int32>, first: Int, width: Int,
    h: UnsafeMutablePointer<Int32>, c: UnsafeMutablePointer<UInt16>
  ) {
    var previous: Int32 = 0
    var inGap = false
    for col in 0..<width {
      let j = col + first
      if text.folded(j) == p0 {
        h[col] = Scorer.scoreMatch + bonus[j] * Scorer.firstCharMultiplier
        c[col] = 1
        inGap = false
      } else {
        h[col] = max(previous + (inGap ? Scorer.gapExtension : Scorer.gapStart), 0)
        c[col] = 0
        inGap = true
      }
      previous = h[col]
    }
  }

  /// The matched characters of `dynamicProgram`'s best alignment ending at `end`, in order: from the
  /// best cell of the last row back, by fzf's rule (so the same characters are taken where
  /// alignments tie): a cell is a match when it beats its diagonal and its left neighbour, or ties
  /// the left one while a run goes through it.
  private func backtrace(
    h: UnsafePointer<Int32>, c: UnsafePointer<UInt16>, m: Int, firsts: UnsafePointer<Int>, first: Int,
    width: Int, from end: Int
  ) -> [Int] {
    var found: [Int] = []
    var i = m - 1
    var j = end
    var preferMatch = true
    let last = first + width - 1
    while true {
      let row = i * width
      let col = j - first
      let s = h[row + col]
      let diagonal: Int32 = i > 0 && j >= firsts[i] ? h[row - width + col - 1] : 0
      let left: Int32 = j > firsts[i] ? h[row + col - 1] : 0
      let current = i
      if s > diagonal && (s > left || s == left && preferMatch) {
        found.append(j)
        if i == 0 { break }
        i -= 1
      }
      preferMatch =
        c[row + col] > 1
        || current + 1 < m && j < last && j + 1 >= firsts[current + 1] && c[row + width + col + 1] > 0
      j -= 1
    }
    return found.reversed()
  }
}
