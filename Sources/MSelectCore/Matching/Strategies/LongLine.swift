/// Terms on a long line with non-ASCII characters, in memory bounded by the match window rather than
/// by the line (decoding a whole line takes 8 bytes a character): the way every term reads a line
/// of `MatchConfig.longLineBytes` or more that is not ASCII.
enum LongLine {
  /// Characters decoded at a time when a term is looked for chunk by chunk along a long line.
  static let chunk = 1 << 16
  /// The most cells of the dynamic program a term's window on a long line gets, fzf's slab: past
  /// it the greedy places score the window, as fzf's v1 does, so a term costs its first match and
  /// that much past it rather than the whole line (a long query over a 10 MB line).
  static let cells = 100 * 1024

  /// `chars` (folded by `table`) in the `n` bytes at `p`, scored as on the decoded line: one pass finds
  /// the greedy places and the last place of the last character; only the window between them is
  /// decoded, with the character before it (whose class gives the first one its bonus). A window too
  /// large for the dynamic program gets the greedy alignment, as on any line; the scorer's shortcut for
  /// plain lines is not tried on such a window.
  static func fuzzy(
    _ chars: UnsafeBufferPointer<UInt32>, _ table: UnsafePointer<UInt32>, _ p: UnsafePointer<UInt8>, _ n: Int,
    _ scorer: Scorer, _ scratch: inout MatchScratch, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    let m = chars.count
    guard m > 0 else { return Match(score: 0, begin: 0, end: 0) }
    if m == 1 { return oneCharacter(chars[0], table, p, n, scorer, &scratch, positions: positions) }
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
      let (raw, length) = LongLine.scalar(p, i, n)
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
      // The window already holds more cells than the dynamic program takes: the greedy places
      // score it, and the rest of the line cannot change them.
      if k == m && (c - places[0]) * m > LongLine.cells { break }
    }
    guard k == m else { return nil }
    if (last - places[0] + 1) * m > LongLine.cells {
      let text = PlacesText(
        places: places, raws: raws, befores: befores, count: c, knownClasses: scratch.knownClasses())
      positions?.pointee.append(contentsOf: places)
      let score = places.withUnsafeBufferPointer { scorer.score(positions: $0, text: text) }
      return Match(score: score, begin: places[0], end: places[m - 1])
    }
    scratch.decode(
      UnsafeRawBufferPointer(start: p + windowStart, count: windowEnd - windowStart), folding: table)
    let offset = places[0] > 0 ? places[0] - 1 : 0
    let text = scratch.decodedText()
    let before = positions?.pointee.count ?? 0
    guard var found = scorer.fuzzy(pattern: chars, text: text, positions: positions) else { return nil }
    if let positions {
      for j in before..<positions.pointee.count { positions.pointee[j] += offset }
    }
    found.begin += offset
    found.end += offset
    return found
  }

  /// A one-character term along a long line: its place as the scorer finds it (the first at a word
  /// boundary, else the first with the highest bonus; searching backward, the last with the highest),
  /// looked for a chunk of decoded characters at a time.
  private static func oneCharacter(
    _ wanted: UInt32, _ table: UnsafePointer<UInt32>, _ p: UnsafePointer<UInt8>, _ n: Int, _ scorer: Scorer,
    _ scratch: inout MatchScratch, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    var best: Int32 = -1
    var bestAt = 0
    var chunks = LongLineChunks(p, n, lookahead: 0)
    search: while let chunk = chunks.next() {
      scratch.decode(
        UnsafeRawBufferPointer(start: p + chunk.bytes.lowerBound, count: chunk.bytes.count), folding: table)
      let text = scratch.decodedText()
      for j in chunk.skip..<scratch.count where text.folded(j) == wanted {
        let bonus = scorer.startBonus(at: j, text)
        let score = Scorer.scoreMatch + bonus * Scorer.firstCharMultiplier
        if scorer.oneCharacterTakes(score, over: best) {
          best = score
          bestAt = chunk.first + j - chunk.skip
          if scorer.oneCharacterStops(at: bonus) { break search }
        }
      }
    }
    guard best >= 0 else { return nil }
    positions?.pointee.append(bestAt)
    return Match(score: best, begin: bestAt, end: bestAt)
  }

  /// Any term on a long line with non-ASCII characters, read in pieces (see `fuzzy`).
  static func term(
    _ term: Term, _ p: UnsafePointer<UInt8>, _ n: Int, _ scorer: Scorer, _ scratch: inout MatchScratch,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    let table = CharFold.table(term.fold)
    return term.chars.withUnsafeBufferPointer { chars in
      switch term.kind {
      case .fuzzy: return fuzzy(chars, table, p, n, scorer, &scratch, positions: positions)
      case .exact, .exactBoundary:
        return exact(
          chars, table, p, n, scorer, &scratch, positions, atBoundaries: term.kind == .exactBoundary)
      case .prefix, .suffix, .equal:
        return anchored(term.kind, chars, table, p, n, scorer, &scratch, positions)
      }
    }
  }

  /// An exact term along a long line, a chunk of decoded characters at a time: each chunk holds the
  /// character before it and `m + 1` after it, so every place starting in it is judged as on the
  /// whole line; across chunks the choice is `exact`'s (the highest bonus, the first such; a place at a
  /// word boundary ends the search).
  private static func exact(
    _ chars: UnsafeBufferPointer<UInt32>, _ table: UnsafePointer<UInt32>, _ p: UnsafePointer<UInt8>, _ n: Int,
    _ scorer: Scorer, _ scratch: inout MatchScratch, _ positions: UnsafeMutablePointer<[Int]>?,
    atBoundaries: Bool
  ) -> Match? {
    let m = chars.count
    var best: (match: Match, bonus: Int32)?
    // The decoded text runs on `m + 1` characters past the chunk's places.
    var chunks = LongLineChunks(p, n, lookahead: m + 1)
    while let chunk = chunks.next() {
      scratch.decode(
        UnsafeRawBufferPointer(start: p + chunk.bytes.lowerBound, count: chunk.bytes.count), folding: table)
      let skip = chunk.skip
      let text = scratch.decodedText()
      let lastPlace = min(skip + chunk.own - 1, scratch.count - m)
      if lastPlace >= skip,
        let found = scorer.exact(chars, text, candidates: skip...lastPlace, nil, atBoundaries: atBoundaries)
      {
        let bonus = scorer.startBonus(at: found.begin, text)
        let offset = chunk.first - skip
        let better =
          if scorer.backward {
            // Searching backward: the last place at a word boundary, else the last of the highest bonus.
            bonus >= Scorer.bonusBoundary
              || best.map { $0.bonus < Scorer.bonusBoundary && bonus >= $0.bonus } ?? true
          } else {
            best.map { bonus > $0.bonus } ?? true
          }
        if better {
          best = (Match(score: found.score, begin: found.begin + offset, end: found.end + offset), bonus)
        }
        if !scorer.backward && bonus >= Scorer.bonusBoundary { break }
      }
    }
    guard let best else { return nil }
    positions?.pointee.append(contentsOf: best.match.begin...best.match.end)
    return best.match
  }

  /// An anchored term (`^abc`, `abc$`, `^abc$`) on a long line: one pass measures the line (its
  /// characters, and the whitespace at its ends that anchors skip), a second finds where the term must
  /// be, and only those characters are decoded.
  private static func anchored(
    _ kind: Term.Kind, _ chars: UnsafeBufferPointer<UInt32>, _ table: UnsafePointer<UInt32>,
    _ p: UnsafePointer<UInt8>, _ n: Int, _ scorer: Scorer, _ scratch: inout MatchScratch,
    _ positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    let m = chars.count
    var (total, lead, trail) = measure(p, n)
    // As `TermGroups.evaluate`: a term that begins (ends) with whitespace does not skip it.
    if m > 0 && LineMeasure.isSpace(chars[0]) { lead = 0 }
    if m > 0 && LineMeasure.isSpace(chars[m - 1]) { trail = 0 }
    let start: Int
    switch kind {
    case .prefix:
      guard total - lead >= m else { return nil }
      start = lead
    case .suffix:
      start = total - trail - m
      guard start >= 0 else { return nil }
    default:
      guard total - lead - trail == m else { return nil }
      start = lead
    }
    // The window: the character before the term, the term, and the one after it.
    let first = max(0, start - 1)
    let last = min(total, start + m + 1)
    var from = n
    var to = n
    var i = 0
    var k = 0
    while i < n && k < last {
      if k == first { from = i }
      i += LongLine.scalar(p, i, n).length
      k += 1
    }
    if k == last { to = i }
    scratch.decode(UnsafeRawBufferPointer(start: p + from, count: to - from), folding: table)
    let text = scratch.decodedText()
    let local = start - first
    guard var found = scorer.exact(chars, text, candidates: local...local, nil, atBoundaries: false) else {
      return nil
    }
    if kind == .equal {
      // fzf's score for a whole-line match: every character with the whitespace bonus.
      found.score = (Scorer.scoreMatch + scorer.white) * Int32(m) + scorer.white
    }
    found.begin += first
    found.end += first
    positions?.pointee.append(contentsOf: found.begin...found.end)
    return found
  }

  /// The characters of the `n` bytes at `p`, and the whitespace among them at the start and at the
  /// end (which anchors skip).
  private static func measure(_ p: UnsafePointer<UInt8>, _ n: Int) -> (total: Int, lead: Int, trail: Int) {
    var total = 0
    var lead = 0
    var trail = 0
    var leading = true
    var i = 0
    while i < n {
      let (raw, length) = LongLine.scalar(p, i, n)
      let space = LineMeasure.isSpace(raw)
      if leading && space { lead += 1 } else { leading = false }
      trail = space ? trail + 1 : 0
      total += 1
      i += length
    }
    return (total, lead, trail)
  }

  /// The scalar at byte `i` of `p[0..<n]` and its length in bytes (an invalid byte is one scalar).
  @inline(__always)
  static func scalar(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (raw: UInt32, length: Int) {
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

/// A long line cut into chunks of `LongLine.chunk` characters, as byte ranges to decode: each with
/// the character before it (whose class gives the chunk's first character its bonus) and `lookahead`
/// characters after it.
private struct LongLineChunks {
  private let p: UnsafePointer<UInt8>
  private let n: Int
  private let lookahead: Int
  /// The byte where the next chunk's own characters start, and their index.
  private var i = 0
  private var c = 0
  /// The byte where the character before the next chunk starts (none before the first).
  private var previousByte: Int?

  init(_ p: UnsafePointer<UInt8>, _ n: Int, lookahead: Int) {
    self.p = p
    self.n = n
    self.lookahead = lookahead
  }

  /// The next chunk: the bytes to decode; `skip`, 1 when they begin with the character before the
  /// chunk; `first`, the index of the chunk's first character in the line; `own`, its characters
  /// (those after them are lookahead).
  mutating func next() -> (bytes: Range<Int>, skip: Int, first: Int, own: Int)? {
    guard i < n else { return nil }
    var end = i
    var taken = 0
    var lastByte = i
    var nextStart = n
    while end < n && taken < LongLine.chunk + lookahead {
      if taken < LongLine.chunk { lastByte = end }
      end += LongLine.scalar(p, end, n).length
      taken += 1
      if taken == LongLine.chunk { nextStart = end }
    }
    let own = min(taken, LongLine.chunk)
    let chunk = ((previousByte ?? i)..<end, previousByte == nil ? 0 : 1, c, own)
    previousByte = lastByte
    i = nextStart
    c += own
    return chunk
  }
}
