/// The score of a fuzzy term in a line of at most 64 characters, from bit masks of where each pattern
/// character occurs: the common case of `--filter` on words, sentences and short paths.
///
/// It is `sparse` (the dynamic program evaluated at match cells only) with the searching taken out:
/// the greedy first and last places come from the lowest and highest bits, the matches of a row are
/// the set bits of its mask, and the previous row's last match before a cell is the highest set bit
/// below it. A sentence of 50 characters where the pattern is scattered took ~1,400 instructions in
/// `sparse` alone (each row scanned the line and walked the row before); here the work follows the
/// matches.
extension Scorer {
  /// Texts up to this many characters are scored from masks.
  static let maskedLength = 64

  /// The best score of `pattern` (at least two characters) in `text`, given `masks` (`masks[k]` has
  /// bit `j` set when character `j` folds to `pattern[k]`); nil when it is not a subsequence. The same
  /// score and span as `fuzzy` without positions.
  func maskedFuzzy<T: ScoredText>(
    pattern: UnsafeBufferPointer<UInt32>, text: T, masks: UnsafePointer<UInt64>, shortcut: Bool
  ) -> Match? {
    let m = pattern.count
    let firsts = self.firsts.reserve(m)
    let lasts = self.lasts.reserve(m)
    // The greedy alignments from the start and from the end bound every row's useful matches (see
    // `sparse`).
    var allowed = UInt64.max
    for k in 0..<m {
      let found = masks[k] & allowed
      guard found != 0 else { return nil }
      let j = found.trailingZeroBitCount
      firsts[k] = j
      allowed = j == 63 ? 0 : UInt64.max &<< UInt64(j &+ 1)
    }
    if shortcut, let best = maskedCeilingMatch(pattern, text, masks, firsts[0]) {
      return best
    }
    var below = UInt64.max
    for k in stride(from: m &- 1, through: 0, by: -1) {
      let j = 63 &- (masks[k] & below).leadingZeroBitCount
      lasts[k] = j
      below = (1 &<< UInt64(j)) &- 1
    }
    @inline(__always) func span(_ k: Int) -> UInt64 {
      let upTo = lasts[k] == 63 ? UInt64.max : (1 &<< UInt64(lasts[k] &+ 1)) &- 1
      return masks[k] & upTo & ~((1 &<< UInt64(firsts[k])) &- 1)
    }
    // Two rows, indexed by character: each match's score, whether it ended in a gap, its run length.
    let rows = rowScores.reserve(4 * Scorer.maskedLength)
    var previous = (value: rows, gap: rows + Scorer.maskedLength)
    var current = (value: rows + 2 * Scorer.maskedLength, gap: rows + 3 * Scorer.maskedLength)
    let runs = rowRuns.reserve(2 * Scorer.maskedLength)
    var previousRuns = runs
    var currentRuns = runs + Scorer.maskedLength

    // Row 0: a match starts afresh with the doubled bonus of the first character.
    var events = span(0)
    var previousEvents = events
    while events != 0 {
      let j = events.trailingZeroBitCount
      events &= events &- 1
      current.value[j] = Scorer.scoreMatch &+ bonus(at: j, text) &* Scorer.firstCharMultiplier
      current.gap[j] = 0
      currentRuns[j] = 1
    }
    var maxScore: Int32 = -1
    var maxAt = firsts[0]
    for i in 1..<m {
      swap(&previous, &current)
      swap(&previousRuns, &currentRuns)
      // The row's own state before its first match: score 0, not in a gap.
      var leftPosition = firsts[i] &- 1
      var leftValue: Int32 = 0
      var leftGap = false
      var leftIsEvent = false
      events = span(i)
      let rowEvents = events
      while events != 0 {
        let j = events.trailingZeroBitCount
        events &= events &- 1
        // Left neighbour (i, j - 1): the row's last match, decayed over the cells since.
        var left = leftValue
        var inGap = leftGap
        if leftPosition < j &- 1 {
          let distance = Int32(truncatingIfNeeded: j &- 1 &- leftPosition)
          left = leftIsEvent ? max(leftValue &- (leftGap ? 1 : 3) &- (distance &- 1), 0) : 0
          inGap = leftIsEvent || distance > 0
        }
        let s2 = left &+ (inGap ? Scorer.gapExtension : Scorer.gapStart)
        // Diagonal (i - 1, j - 1): the previous row's last match at or before it. There is one: the
        // row starts after the previous row's first match.
        let p = 63 &- (previousEvents & ((1 &<< UInt64(j)) &- 1)).leadingZeroBitCount
        let eventValue = previous.value[p]
        var diagonal: Int32
        var diagonalRun: UInt16 = 0
        if p == j &- 1 {
          diagonal = eventValue
          diagonalRun = previousRuns[p]
        } else {
          let distance = Int32(truncatingIfNeeded: j &- 1 &- p)
          diagonal = max(eventValue &- (previous.gap[p] != 0 ? 1 : 3) &- (distance &- 1), 0)
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
        current.value[j] = score
        current.gap[j] = gap ? 1 : 0
        currentRuns[j] = consecutive
        leftPosition = j
        leftValue = score
        leftGap = gap
        leftIsEvent = true
        if i == m &- 1 && score > maxScore {
          maxScore = score
          maxAt = j
        }
      }
      previousEvents = rowEvents
    }
    return Match(score: maxScore, begin: firsts[0], end: maxAt)
  }
}

extension Scorer {
  /// `ceilingMatch` from the masks: the same answers (an occurrence of the whole pattern starting at
  /// the bonus ceiling, or else a clean split in two at one skipped character, both parts starting at
  /// it), with the occurrences and splits of every start found at once.
  @inline(__always)
  private func maskedCeilingMatch<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, _ masks: UnsafePointer<UInt64>, _ begin: Int
  ) -> Match? {
    let m = pattern.count
    let ceiling = text.bonusCeiling(classes, first: pattern[0])
    let best = Scorer.scoreMatch &* Int32(m) &+ ceiling &* Int32(m &+ 1)
    var contiguous = masks[0]
    for k in 1..<m { contiguous &= masks[k] &>> UInt64(k) }
    if contiguous != 0 {
      repeat {
        let s = contiguous.trailingZeroBitCount
        if bonus(at: s, text) == ceiling { return Match(score: best, begin: begin, end: s &+ m &- 1) }
        contiguous &= contiguous &- 1
      } while contiguous != 0
      return nil
    }
    // Starts of `pattern[..<a]` followed, one character later, by `pattern[a...]`, for each `a`; a
    // split must end before the text's last character, as in `ceilingMatch`.
    var starts: UInt64 = 0
    var prefix = masks[0]
    let splitMasks = self.splitMasks.reserve(m)
    for a in 1..<m {
      var rest = UInt64.max
      for k in a..<m { rest &= masks[k] &>> UInt64(k &+ 1) }
      splitMasks[a] = prefix & rest
      starts |= prefix & rest
      prefix &= masks[a] &>> UInt64(a)
    }
    let n = text.count
    while starts != 0 {
      let s = starts.trailingZeroBitCount
      starts &= starts &- 1
      guard s &+ m <= n &- 1 else { break }
      guard bonus(at: s, text) == ceiling else { continue }
      var found = false
      var clean = false
      for a in 1..<m where splitMasks[a] & (1 &<< UInt64(s)) != 0 && bonus(at: s &+ a &+ 1, text) == ceiling {
        found = true
        let extends = masks[a &- 1] & (1 &<< UInt64(s &+ a)) != 0
        let rival = masks[0] & (1 &<< UInt64(s &+ 1)) != 0
        if !extends && !rival { clean = true }
      }
      guard found else { continue }
      return clean ? Match(score: best &+ Scorer.gapStart, begin: begin, end: s &+ m) : nil
    }
    return nil
  }
}

extension Scorer.ASCIIText {
  /// The occurrence masks of `pattern` (see `maskedFuzzy`), sixteen bytes at a time; false when the
  /// line is longer than `Scorer.maskedLength`.
  @inline(__always)
  package func occurrences(of pattern: UnsafeBufferPointer<UInt32>, into masks: UnsafeMutablePointer<UInt64>)
    -> Bool
  {
    let n = count
    guard n <= Scorer.maskedLength else { return false }
    let raw = UnsafeRawPointer(bytes)
    // The last block overlaps the one before it (it ends at the line's end, nothing is read past it);
    // a line shorter than a block is copied into one.
    var short = SIMD16<UInt8>()
    if n < 16 {
      withUnsafeMutableBytes(of: &short) { $0.baseAddress!.copyMemory(from: raw, byteCount: n) }
    }
    for k in 0..<pattern.count {
      let c = pattern[k]
      guard c < 0x80 else {
        masks[k] = 0
        continue
      }
      let (a, b) = pairs[Int(c)]
      let wantA = SIMD16<UInt8>(repeating: a)
      let wantB = SIMD16<UInt8>(repeating: b)
      @inline(__always) func bits(_ v: SIMD16<UInt8>) -> UInt64 {
        Scorer.laneBits((v .== wantA) .| (v .== wantB))
      }
      if n < 16 {
        masks[k] = bits(short) & ((1 &<< UInt64(n)) &- 1)
        continue
      }
      var mask: UInt64 = 0
      var j = 0
      while j &+ 16 <= n {
        mask |= bits(raw.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self)) &<< UInt64(j)
        j &+= 16
      }
      if j < n {
        let tail = bits(raw.loadUnaligned(fromByteOffset: n &- 16, as: SIMD16<UInt8>.self))
        mask |= (tail &>> UInt64(16 &- (n &- j))) &<< UInt64(j)
      }
      masks[k] = mask
    }
    return true
  }
}

extension Scorer.Text {
  /// The occurrence masks of `pattern` (see `maskedFuzzy`), eight characters at a time; false when the
  /// line is longer than `Scorer.maskedLength`.
  @inline(__always)
  package func occurrences(of pattern: UnsafeBufferPointer<UInt32>, into masks: UnsafeMutablePointer<UInt64>)
    -> Bool
  {
    if let made = self.masks {
      masks.update(from: made, count: pattern.count)
      return true
    }
    let n = count
    guard n <= Scorer.maskedLength else { return false }
    let raw = UnsafeRawPointer(folded)
    for k in 0..<pattern.count {
      let want = SIMD8<UInt32>(repeating: pattern[k])
      // Each lane's compare narrowed to a byte, then the bytes' top bits gathered (as in `laneBits`).
      @inline(__always) func bits(_ v: SIMD8<UInt32>) -> UInt64 {
        let lanes = SIMD8<UInt8>(truncatingIfNeeded: unsafeBitCast(v .== want, to: SIMD8<UInt32>.self))
        return ((unsafeBitCast(lanes, to: UInt64.self) & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081)
          &>> 56
      }
      var mask: UInt64 = 0
      var j = 0
      while j &+ 8 <= n {
        mask |= bits(raw.loadUnaligned(fromByteOffset: j &* 4, as: SIMD8<UInt32>.self)) &<< UInt64(j)
        j &+= 8
      }
      if j < n {
        if n >= 8 {
          // Overlapping the block before: nothing is read past the line's characters.
          let tail = bits(raw.loadUnaligned(fromByteOffset: (n &- 8) &* 4, as: SIMD8<UInt32>.self))
          mask |= (tail &>> UInt64(8 &- (n &- j))) &<< UInt64(j)
        } else {
          for t in j..<n where folded[t] == pattern[k] { mask |= 1 &<< UInt64(t) }
        }
      }
      masks[k] = mask
    }
    return true
  }
}

extension Scorer {
  /// One bit per lane of a 16-lane mask (lane 0 lowest), by gathering the lanes' top bits with a
  /// multiplication per half.
  @inline(__always)
  static func laneBits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    let tops: UInt64 = 0x8080_8080_8080_8080
    let gather: UInt64 = 0x0002_0408_1020_4081
    return ((halves[0] & tops) &* gather) &>> 56 | (((halves[1] & tops) &* gather) &>> 56) &<< 8
  }
}
