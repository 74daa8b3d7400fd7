/// One fuzzy term on a long line with non-ASCII characters, in memory bounded by the match window
/// rather than by the line (decoding a whole line takes 8 bytes a character).
extension Matcher {
  /// Characters decoded at a time when a one-character term is looked for along a long line.
  static let longChunk = 1 << 16

  /// `chars` (folded by `table`) in the `n` bytes at `p`, scored as on the decoded line: one pass finds
  /// the greedy places and the last place of the last character; only the window between them is
  /// decoded, with the character before it (whose class gives the first one its bonus). A window too
  /// large for the dynamic program gets the greedy alignment, as on any line; the scorer's shortcut for
  /// plain lines is not tried on such a window.
  mutating func matchLong(
    _ chars: UnsafeBufferPointer<UInt32>, _ table: UnsafePointer<UInt32>, _ p: UnsafePointer<UInt8>, _ n: Int,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    let m = chars.count
    guard m > 0 else { return Match(score: 0, begin: 0, end: 0) }
    if m == 1 { return matchLongOne(chars[0], table, p, n, positions: positions) }
    var places = [Int](repeating: 0, count: m)
    var raws = [UInt32](repeating: 0, count: m)
    var befores = [UInt32](repeating: 0, count: m)
    var k = 0
    var i = 0
    var c = 0
    var previous: (raw: UInt32, byte: Int) = (0, 0)
    var windowStart = 0
    var last = -1
    var windowEnd = 0
    while i < n {
      let (raw, length) = Matcher.scalar(p, i, n)
      let f = CharFold.fold(raw, table)
      if k < m && f == chars[k] {
        places[k] = c
        raws[k] = raw
        befores[k] = previous.raw
        // The window starts at the character before the first place (its class sets the bonus).
        if k == 0 { windowStart = c > 0 ? previous.byte : i }
        k += 1
      }
      if k == m && f == chars[m - 1] {
        last = c
        windowEnd = i + length
      }
      previous = (raw, i)
      i += length
      c += 1
    }
    guard k == m else { return nil }
    if (last - places[0] + 1) * m > Scorer.maxCells {
      let text = PlacesText(
        places: places, raws: raws, befores: befores, count: c, knownClasses: knownClasses())
      positions?.pointee.append(contentsOf: places)
      let score = places.withUnsafeBufferPointer { scorer.score(positions: $0, text: text) }
      return Match(score: score, begin: places[0], end: places[m - 1])
    }
    decode(UnsafeRawBufferPointer(start: p + windowStart, count: windowEnd - windowStart), folding: table)
    let offset = places[0] > 0 ? places[0] - 1 : 0
    let text = Scorer.Text(raw: raw.base, folded: folded.base, count: count, knownClasses: knownClasses())
    let before = positions?.pointee.count ?? 0
    guard var found = scorer.fuzzy(pattern: chars, text: text, positions: positions) else { return nil }
    if let positions {
      for j in before..<positions.pointee.count { positions.pointee[j] += offset }
    }
    found.begin += offset
    found.end += offset
    return found
  }

  /// A one-character term along a long line: its place with the highest bonus (the first such), as
  /// the scorer finds it, looked for a chunk of decoded characters at a time.
  private mutating func matchLongOne(
    _ wanted: UInt32, _ table: UnsafePointer<UInt32>, _ p: UnsafePointer<UInt8>, _ n: Int,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    var best: Int32 = -1
    var bestAt = 0
    var i = 0
    var c = 0
    var previousByte = -1
    while i < n {
      // The next chunk, with the character before it (for the bonus of its first character).
      var end = i
      var taken = 0
      var lastByte = i
      while end < n && taken < Matcher.longChunk {
        lastByte = end
        end += Matcher.scalar(p, end, n).length
        taken += 1
      }
      let from = previousByte >= 0 ? previousByte : i
      decode(UnsafeRawBufferPointer(start: p + from, count: end - from), folding: table)
      let text = Scorer.Text(raw: raw.base, folded: folded.base, count: count, knownClasses: knownClasses())
      let skip = previousByte >= 0 ? 1 : 0
      for j in skip..<count where text.folded(j) == wanted {
        let score = Scorer.scoreMatch + scorer.startBonus(at: j, text) * Scorer.firstCharMultiplier
        if score > best {
          best = score
          bestAt = c + j - skip
        }
      }
      previousByte = lastByte
      i = end
      c += taken
    }
    guard best >= 0 else { return nil }
    positions?.pointee.append(bestAt)
    return Match(score: best, begin: bestAt, end: bestAt)
  }

  /// The scalar at byte `i` of `p[0..<n]` and its length in bytes (an invalid byte is one scalar).
  @inline(__always)
  fileprivate static func scalar(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (raw: UInt32, length: Int)
  {
    p[i] < 0x80 ? (UInt32(p[i]), 1) : UTF8Decoding.decode(p, i, n)
  }
}

/// The few characters a greedy alignment on a long line is scored from: those at its places and
/// those just before them.
private struct PlacesText: ScoredText {
  let places: [Int]
  let raws: [UInt32]
  let befores: [UInt32]
  let count: Int
  let knownClasses: UnsafeMutablePointer<UInt8>

  func raw(_ j: Int) -> UInt32 {
    // The place at or just after `j`: `j` is that place, or the character before it.
    var lo = 0
    var hi = places.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if places[mid] < j { lo = mid + 1 } else { hi = mid }
    }
    return places[lo] == j ? raws[lo] : befores[lo]
  }

  func folded(_ j: Int) -> UInt32 { raw(j) }

  func charClass(_ j: Int, _ table: UnsafePointer<CharClass>) -> CharClass {
    CharClass.of(raw(j), table, known: knownClasses)
  }
}
