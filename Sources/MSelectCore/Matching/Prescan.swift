/// The byte pre-scan for a pattern: a necessary condition checked on raw line bytes before decoding.
///
/// For each character of each standalone positive term there is a 256-entry row telling which bytes can
/// begin an encoding that folds to it (1: a one-byte encoding, the byte alone decides; 2: the first
/// byte of a longer one, so the next byte is checked too, in a 256×256 bit table of the row). A line
/// passes when every term's rows are hit in order. A term that forgives mistakes is no such
/// condition, but it can still be skipped to (`ForgivingSkip`). Kept in flat allocations so the
/// per-line loop does no reference counting.
final class Prescan {
  private let rows: UnsafeMutablePointer<UInt8>
  /// Per row, 65536 bits: which (first byte, second byte) pairs begin an encoding of the character.
  private let pairs: UnsafeMutablePointer<UInt64>
  /// Number of characters of each term, back to back.
  private let lengths: [Int]
  /// Characters (rows) the pre-scan checks, over all terms.
  let rowCount: Int

  /// A character that can serve to skip ahead (every matching line contains every character of every
  /// standalone term): up to four bytes its encodings can start with, looked for exactly, or, when it
  /// has more, its ASCII bytes and any byte with the top bit set.
  private struct Skip {
    var row: Int
    var bytes: [UInt8]
    var anyHigh: Bool
    /// For a character whose encodings are all multi-byte, at most two (first, second) byte pairs: a
    /// pair is much rarer than its first byte (in Cyrillic text nearly every character starts with
    /// D0 or D1).
    var pairs: [(UInt8, UInt8)] = []
    /// `bytes` are many (5 to 12: a Latin letter's accented, full-width and other forms), all looked
    /// for exactly: this still passes over Cyrillic, Greek and CJK text, where `anyHigh` would stop
    /// at every byte.
    var wide = false
  }

  private var skippable: [Skip]
  /// The terms that forgive mistakes, each with its entry in `skippable` (its row is the term's
  /// own, after the checked rows, filled with the characters `adapt` picks) and those characters.
  private var forgiving: [(skip: ForgivingSkip, index: Int, picked: [Int])] = []
  /// For `adapt`: the (first, second) byte pairs some candidate looks for, which first bytes begin
  /// one, and for each candidate the places of its pairs in that list.
  private let wantedPairs: [UInt16]
  private let firstWanted: [Bool]
  private let pairPlaces: [[Int]]
  /// The candidate `choose` last made the one looked for (an index into `skippable`).
  private var chosen = -1
  /// The character `nextCandidate` looks for (chosen by `adapt`), as vectors: each wanted byte in
  /// every lane (unused slots repeat the first).
  private var wantedLanes = (SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>())
  /// Wide mode (`Skip.wide`): eight more wanted bytes.
  private var extraLanes = (
    SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(),
    SIMD16<UInt8>(), SIMD16<UInt8>()
  )
  private var useWide = false
  /// Wide mode in fewer operations, when the lead bytes of two-byte encodings among the wanted bytes
  /// lie close together (a Latin letter's: C3 to CD): those as one range (`lead...lead + span`, a few
  /// unwanted bytes of the range are turned down by the table), the others (ASCII and three-byte
  /// leads) as up to five exact bytes. Half the vector operations of the twelve exact compares.
  private var useRange = false
  private var rangeLanes = (
    lead: SIMD16<UInt8>(), span: SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(),
    SIMD16<UInt8>(), SIMD16<UInt8>()
  )
  /// The most bytes a wide skip looks for.
  static let wideBytes = 12
  /// Whether any byte with the top bit set is a candidate (see `Skip.anyHigh`).
  private var anyHigh = false
  private var skipTable: UnsafePointer<UInt8>
  /// The pair bits of the row `nextCandidate` looks for.
  private var skipPairs: UnsafeMutablePointer<UInt64>
  /// The row of the character `nextCandidate` looks for.
  private var skipRow = 0
  /// Pair mode: (first, second, first, second) vectors; `usePairs` selects it.
  private var pairLanes = (SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>())
  private var usePairs = false
  /// Whether `nextCandidate` can skip ahead.
  private(set) var canSkip: Bool
  /// For `verdict`, when one term has at most 8 characters from the skipped-to one on: indexed by a
  /// byte and the low 6 bits of the next one (`first | (second & 0x3F) << 8`: what a continuation byte
  /// carries), bit `k` says a character starting there can be the term's character `skipRow + k`, so
  /// one load per byte answers for every row, lead bytes of other characters included (a character
  /// of three or four bytes is marked at its second byte: see `starts`). A byte followed by one it
  /// does not begin a character with may be taken for a character it is not: the verdict then
  /// passes a line the matcher rejects, never the reverse. Filled at the first verdict (many
  /// searches never ask for one).
  private var members: UnsafeMutablePointer<UInt8>?
  /// The rows `members` covers (`skipRow` onwards); 0 when it does not apply.
  private var memberRows = 0
  /// Whether `members` must be filled for the current `skipRow` before use.
  private var membersStale = false
  /// Whether `verdict` uses `members`: set by `adapt` for text with many non-ASCII characters, whose
  /// lead bytes cost the byte-by-byte loop a pair check and a mispredicted branch each. On ASCII
  /// text that loop's branches are predictable and it is the faster one.
  private var useMembers = false
  /// Per row, where `members` marks each encoding: its first byte and the low 6 bits of its second
  /// (nil for one byte), or for three bytes and more its second byte and the low 6 bits of its third.
  private let starts: [[(first: Int, low: Int?)]]

  /// `terms` are checked and skipped to; `forgiving` (terms with a budget of mistakes) only
  /// skipped to, by `ForgivingSkip`.
  init(_ terms: [Term], forgiving forgivingTerms: [Term] = []) {
    lengths = terms.map { $0.chars.count }
    var skippable = Prescan.skips(terms)
    let checkedRows = lengths.reduce(0, +)
    let skips = forgivingTerms.compactMap(ForgivingSkip.init)
    for (f, skip) in skips.enumerated() {
      forgiving.append((skip, skippable.count, []))
      skippable.append(Skip(row: checkedRows + f, bytes: [], anyHigh: false))
    }
    self.skippable = skippable
    let wanted = Array(Set(skippable.flatMap { $0.pairs.map { Prescan.pairKey($0.0, $0.1) } })).sorted()
    wantedPairs = wanted
    firstWanted = (0..<256).map { b in wanted.contains { Int($0 >> 8) == b } }
    pairPlaces = skippable.map { skip in
      skip.pairs.map { pair in wanted.firstIndex(of: Prescan.pairKey(pair.0, pair.1))! }
    }
    canSkip = !skippable.isEmpty
    starts = terms.flatMap { term in
      term.encodings.map { list in
        list.map { encoding in
          // A longer encoding is keyed at its second byte, with the low bits of its third: keyed at
          // its lead, a three-byte letter would stand for its whole block of 64 (Vietnamese ạ, ẹ, ế…
          // all begin `E1 BA`).
          encoding.count >= 3
            ? (Int(encoding[1]), Int(encoding[2] & 0x3F))
            : (Int(encoding[0]), encoding.count > 1 ? Int(encoding[1] & 0x3F) : nil)
        }
      }
    }
    rowCount = lengths.reduce(0, +)
    let allRows = max(rowCount + skips.count, 1)
    rows = .allocate(capacity: allRows * 256)
    rows.initialize(repeating: 0, count: allRows * 256)
    pairs = .allocate(capacity: allRows * 1024)
    pairs.initialize(repeating: 0, count: allRows * 1024)
    skipTable = UnsafePointer(rows)
    skipPairs = pairs
    var r = 0
    for term in terms {
      for encodings in term.encodings {
        for encoding in encodings { mark(encoding, row: r) }
        r += 1
      }
    }
    for f in forgiving.indices {
      if let picked = forgiving[f].skip.initial {
        pick(picked, for: f)
      } else {
        skippable[forgiving[f].index].row = -1
      }
    }
    canSkip = skippable.contains { $0.row >= 0 }
    if canSkip { choose(skippable.firstIndex { $0.row >= 0 }!) }
  }

  /// The ways to skip to a line that can hold the terms' characters, a row (a character) at a time:
  /// to its lead bytes when there are few, to its ASCII bytes or any high byte, or to a pair of bytes
  /// when every encoding of it is two bytes or more.
  private static func skips(_ terms: [Term]) -> [Skip] {
    var skippable: [Skip] = []
    var row = 0
    for term in terms {
      let leadBytes = term.leadBytes
      for k in 0..<term.chars.count {
        let all = (0..<256).filter { leadBytes[k * 256 + $0] }.map(UInt8.init)
        let ascii = all.filter { $0 < 0x80 }
        let encodings = term.encodings[k]
        let pairs = Set(encodings.filter { $0.count >= 2 }.map { Prescan.pairKey($0[0], $0[1]) })
        if ascii.isEmpty && encodings.allSatisfy({ $0.count >= 2 }) && pairs.count <= 2 {
          let list = pairs.sorted().map { (UInt8($0 >> 8), UInt8($0 & 0xFF)) }
          skippable.append(Skip(row: row, bytes: all, anyHigh: false, pairs: list))
        }
        if all.count <= 4 {
          skippable.append(Skip(row: row, bytes: all, anyHigh: false))
        } else if all.count <= Prescan.wideBytes {
          skippable.append(Skip(row: row, bytes: all, anyHigh: false, wide: true))
        } else if ascii.count <= 2 {
          skippable.append(Skip(row: row, bytes: ascii, anyHigh: true))
        }
        row += 1
      }
    }
    return skippable
  }

  /// Marks in row `r` that `encoding` begins with its first byte (and, for a longer one, its first
  /// two bytes).
  private func mark(_ encoding: [UInt8], row r: Int) {
    let first = Int(encoding[0])
    if encoding.count == 1 {
      rows[r * 256 + first] = 1
    } else {
      if rows[r * 256 + first] == 0 { rows[r * 256 + first] = 2 }
      let bit = first << 8 | Int(encoding[1])
      pairs[r * 1024 + bit >> 6] |= 1 << UInt64(bit & 63)
    }
  }

  /// Makes forgiving term `f`'s skip look for its characters `picked`: its row and its bytes.
  private func pick(_ picked: [Int], for f: Int) {
    let (skip, index, old) = forgiving[f]
    guard picked != old else { return }
    forgiving[f].picked = picked
    let r = skippable[index].row
    rows.advanced(by: r * 256).update(repeating: 0, count: 256)
    pairs.advanced(by: r * 1024).update(repeating: 0, count: 1024)
    let characters = picked.map { skip.characters[$0] }
    for encoding in characters.flatMap(\.encodings) { mark(encoding, row: r) }
    skippable[index].bytes = characters.flatMap(\.ascii)
    skippable[index].anyHigh = characters.contains { $0.high }
    // Its vectors are remade even when it is the one chosen.
    if chosen == index { chosen = -1 }
  }

  deinit {
    rows.deallocate()
    pairs.deallocate()
    members?.deallocate()
  }

  /// Makes candidate `index` the character `nextCandidate` looks for: its vectors, table row and
  /// verdict rows (nothing to do when it is already).
  private func choose(_ index: Int) {
    guard index != chosen else { return }
    chosen = index
    let skip = skippable[index]
    let wanted = skip.bytes.isEmpty ? [0xFF] : skip.bytes
    func lanes(_ k: Int) -> SIMD16<UInt8> { SIMD16(repeating: wanted[k < wanted.count ? k : 0]) }
    wantedLanes = (lanes(0), lanes(1), lanes(2), lanes(3))
    extraLanes = (lanes(4), lanes(5), lanes(6), lanes(7), lanes(8), lanes(9), lanes(10), lanes(11))
    useWide = skip.wide
    let leads = wanted.filter { $0 >= 0xC0 && $0 < 0xE0 }
    let others = wanted.filter { $0 < 0xC0 || $0 >= 0xE0 }
    useRange = skip.wide && others.count <= 5 && (leads.max() ?? 0) - (leads.min() ?? 0) < 16
    if useRange {
      func other(_ k: Int) -> SIMD16<UInt8> { SIMD16(repeating: others[k < others.count ? k : 0]) }
      // Without two-byte leads the range is the first exact byte alone.
      let lead = leads.min() ?? others[0]
      let span = (leads.max() ?? lead) - lead
      rangeLanes = (
        SIMD16(repeating: lead), SIMD16(repeating: span), other(0), other(1), other(2), other(3), other(4)
      )
    }
    anyHigh = skip.anyHigh
    skipTable = UnsafePointer(rows + skip.row * 256)
    skipPairs = pairs + skip.row * 1024
    skipRow = skip.row
    memberRows =
      skip.row < rowCount && lengths.count == 1 && lengths[0] - skipRow <= 8 ? lengths[0] - skipRow : 0
    membersStale = memberRows > 0
    usePairs = !skip.pairs.isEmpty
    if usePairs {
      let first = skip.pairs[0]
      let last = skip.pairs[skip.pairs.count - 1]
      pairLanes = (
        SIMD16(repeating: first.0), SIMD16(repeating: first.1), SIMD16(repeating: last.0),
        SIMD16(repeating: last.1)
      )
    }
  }

  /// Whether more than 1 in 64 bytes of `sample` have the top bit set, 8 bytes at a time.
  private static func manyNonASCII(_ sample: UnsafeRawBufferPointer) -> Bool {
    guard let base = sample.baseAddress else { return false }
    var high = 0
    var i = 0
    while i &+ 8 <= sample.count {
      let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      high &+= LineMeasure.topBits(word)
      i &+= 8
    }
    return high &* 64 > sample.count
  }

  /// Fills `members` for the `memberRows` rows from `skipRow` on.
  private func fillMembers() {
    let table = members ?? .allocate(capacity: 1 << 14)
    members = table
    table.initialize(repeating: 0, count: 1 << 14)
    for k in 0..<memberRows {
      let bit = UInt8(1) << UInt8(k)
      for (first, low) in starts[skipRow + k] {
        if let low {
          table[first | low << 8] |= bit
        } else {
          for low in 0..<64 { table[first | low << 8] |= bit }
        }
      }
    }
    membersStale = false
  }

  /// Picks the character to skip to: the one whose bytes are rarest in `sample` (the start of the
  /// lines about to be searched), so fewer lines get a closer look.
  func adapt(to sample: UnsafeRawBufferPointer) {
    defer { useMembers = memberRows > 0 && Prescan.manyNonASCII(sample) }
    guard skippable.count > 1 || !forgiving.isEmpty else {
      if canSkip { choose(0) }
      return
    }
    // One pass counts bytes, and the (first, second) pairs some candidate looks for. It runs for
    // every piece scanned (a pipe's in 128 KiB), so it allocates nothing (but a term with a
    // budget's few costs).
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 256 + wantedPairs.count) { counts in
      counts.initialize(repeating: 0)
      let pairCounts = UnsafeMutableBufferPointer(rebasing: counts[256...])
      wantedPairs.withUnsafeBufferPointer { wanted in
        firstWanted.withUnsafeBufferPointer { firstWanted in
          guard let base = sample.baseAddress, sample.count > 0 else { return }
          let p = base.assumingMemoryBound(to: UInt8.self)
          let n = sample.count
          guard !wanted.isEmpty else {
            for j in 0..<n { counts[Int(p[j])] &+= 1 }
            return
          }
          for j in 0..<n {
            let b = p[j]
            counts[Int(b)] &+= 1
            guard firstWanted[Int(b)] && j &+ 1 < n else { continue }
            let pair = Prescan.pairKey(b, p[j &+ 1])
            for k in wanted.indices where wanted[k] == pair { pairCounts[k] &+= 1 }
          }
        }
      }
      var high = 0
      for b in 0x80..<256 { high &+= counts[b] }
      // The first character counts double when it is not the one skipped to: only from the first
      // can `verdict` tell that a line passes, else the whole line is checked again (on intl-386k
      // `datei` skipped to `t` checked 46k lines twice; to `d`, 7k).
      var best = -1
      var bestCost = Int.max
      var costs: [Int: Int] = [:]
      for f in forgiving.indices {
        guard let (picked, cost) = forgiving[f].skip.cheapest(counts: counts, high: high) else { continue }
        pick(picked, for: f)
        costs[forgiving[f].index] = cost
      }
      for (index, c) in skippable.enumerated() where c.row >= 0 {
        var cost = 0
        if let forgivingCost = costs[index] {
          cost = forgivingCost
        } else if c.pairs.isEmpty {
          for b in c.bytes { cost &+= counts[Int(b)] }
          if c.anyHigh { cost &+= high }
        } else {
          for k in pairPlaces[index] { cost &+= pairCounts[k] }
        }
        if c.row != 0 { cost &*= 2 }
        if cost < bestCost {
          best = index
          bestCost = cost
        }
      }
      if best >= 0 { choose(best) }
    }
  }

  /// The first position in `p[from..<to]` of a byte that can start the chosen character, 16 bytes at a
  /// time; `to` if there is none. Lines that end before it cannot match.
  @inline(__always)
  func nextCandidate(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    // Sixteen bytes per step: a lane equal to a wanted byte (or with its top bit set, when any high
    // byte counts) flags the block, whose bytes are then checked exactly against the table.
    let table = skipTable
    let raw = UnsafeRawPointer(p)
    var i = from
    if usePairs {
      // A pair at lane k: byte k equals a first byte and byte k + 1 a second one.
      let (f1, s1, f2, s2) = pairLanes
      while i &+ 17 <= to {
        let this = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let next = raw.loadUnaligned(fromByteOffset: i &+ 1, as: SIMD16<UInt8>.self)
        let found = (this .== f1) .& (next .== s1) .| (this .== f2) .& (next .== s2)
        if let lane = Prescan.firstLane(found) { return i &+ lane }
        i &+= 16
      }
    }
    let (a, b, c, d) = wantedLanes
    // The first lane of a block flagged by a wide skip that is a candidate: a lead byte of a longer
    // encoding is one only with a second byte that fits (C4, E1 or EF begin many characters that are
    // not this one), and a range flags some bytes that are not wanted at all.
    @inline(__always)
    func candidate(_ lanes: UInt32, _ i: Int) -> Int? {
      var mask = lanes
      while mask != 0 {
        let k = i &+ mask.trailingZeroBitCount
        if table[Int(p[k])] == 1
          || table[Int(p[k])] == 2 && k &+ 1 < to && Prescan.has(skipPairs, p[k], p[k &+ 1])
        {
          return k
        }
        mask &= mask &- 1
      }
      return nil
    }
    if useRange {
      let (lead, span, e, f, g, h, e2) = rangeLanes
      while i &+ 16 <= to {
        let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let found = ((v &- lead) .<= span) .| (v .== e) .| (v .== f) .| (v .== g) .| (v .== h) .| (v .== e2)
        if let k = candidate(LaneBits.of(found), i) { return k }
        i &+= 16
      }
    } else if useWide {
      let (e, f, g, h, e2, f2, g2, h2) = extraLanes
      while i &+ 16 <= to {
        let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let first = (v .== a) .| (v .== b) .| (v .== c) .| (v .== d) .| (v .== e) .| (v .== f)
        let second = (v .== g) .| (v .== h) .| (v .== e2) .| (v .== f2) .| (v .== g2) .| (v .== h2)
        if let k = candidate(LaneBits.of(first .| second), i) { return k }
        i &+= 16
      }
    } else if anyHigh {
      let high = SIMD16<UInt8>(repeating: 0x80)
      while i &+ 16 <= to {
        let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        if let lane = Prescan.firstLane((v .== a) .| (v .== b) .| (v .== c) .| (v .== d) .| (v .>= high)) {
          // A high byte may begin some other character: checked.
          for k in lane..<16 where table[Int(p[i &+ k])] != 0 { return i &+ k }
        }
        i &+= 16
      }
    } else {
      while i &+ 16 <= to {
        let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        // A wanted byte is a candidate as it is.
        if let lane = Prescan.firstLane((v .== a) .| (v .== b) .| (v .== c) .| (v .== d)) { return i &+ lane }
        i &+= 16
      }
    }
    while i < to {
      if table[Int(p[i])] != 0 { return i }
      i &+= 1
    }
    return to
  }

  /// The first set lane (`SIMDMask.any` reduces lane by lane; see `LaneBits`).
  @inline(__always)
  private static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int? {
    let bits = LaneBits.of(mask)
    return bits == 0 ? nil : bits.trailingZeroBitCount
  }

  /// What the bytes from a skipped-to candidate to the end of its line say about a one-term pattern.
  enum Verdict: Equatable {
    /// The characters cannot all be found in order: the line cannot match. Its terminator (or the
    /// end of the bytes) is at `lineEnd`.
    case ruledOut(lineEnd: Int)
    /// Every character is found in order: `passes` holds for the line, so it need not run again.
    case passes
    /// The characters from the skipped-to one on are found; those before it still need a look.
    case possible
  }

  /// For a pattern of one term, the verdict on the line of `hit` (a position `nextCandidate` returned),
  /// found before the line's start, end or encoding are looked at: the characters from the skipped-to
  /// one on are looked for from `hit` (no occurrence of that one can come earlier in its line).
  @inline(__always)
  func verdict(_ p: UnsafePointer<UInt8>, from hit: Int, to end: Int, terminator: UInt8) -> Verdict {
    guard lengths.count == 1 else { return .possible }
    if useMembers { return memberVerdict(p, from: hit, to: end, terminator: terminator) }
    let count = lengths[0]
    var r = skipRow
    var row = rows + r &* 256
    var pair = pairs + r &* 1024
    var j = hit
    while j < end {
      let b = p[j]
      if b == terminator { return .ruledOut(lineEnd: j) }
      let kind = row[Int(b)]
      if kind != 0 {
        let found = kind == 1 || j &+ 1 < end && Prescan.has(pair, b, p[j &+ 1])
        if found {
          r &+= 1
          guard r < count else { return skipRow == 0 ? .passes : .possible }
          row += 256
          pair += 1024
        }
      }
      j &+= 1
    }
    return .ruledOut(lineEnd: end)
  }

  /// `verdict` by the `members` table. `state` is the bit of the row looked for next; adding the
  /// matching bit moves it on, with no branch to mispredict at every character found. Kept out of
  /// line: inlined, it slows the skipping loop around it.
  @inline(never)
  private func memberVerdict(_ p: UnsafePointer<UInt8>, from hit: Int, to end: Int, terminator: UInt8)
    -> Verdict
  {
    if membersStale { fillMembers() }
    let members = members.unsafelyUnwrapped
    let done = 1 << memberRows
    var state = 1
    var j = hit
    let raw = UnsafeRawPointer(p)
    let term = UInt32(terminator)
    // Two bytes a turn (the second's key needs the third byte, the load takes four), with one test for
    // the end of the pattern: the done bit, once set, stays (no member has it). 4 % fewer instructions
    // on `datei` than a byte a turn.
    while j &+ 3 < end {
      let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt32.self))
      let first = word & 0xFF
      let second = word >> 8 & 0xFF
      if first == term { return .ruledOut(lineEnd: j) }
      state &+= Int(members[Int(word & 0x3FFF)]) & state
      if second == term {
        return state == done ? (skipRow == 0 ? .passes : .possible) : .ruledOut(lineEnd: j &+ 1)
      }
      state &+= Int(members[Int(word >> 8 & 0x3FFF)]) & state
      if state == done { return skipRow == 0 ? .passes : .possible }
      j &+= 2
    }
    while j &+ 1 < end {
      let pair = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt16.self)))
      if UInt8(truncatingIfNeeded: pair) == terminator { return .ruledOut(lineEnd: j) }
      state &+= Int(members[pair & 0x3FFF]) & state
      if state == done { return skipRow == 0 ? .passes : .possible }
      j &+= 1
    }
    if j < end {
      if p[j] == terminator { return .ruledOut(lineEnd: j) }
      state &+= Int(members[Int(p[j])]) & state
      if state == done { return skipRow == 0 ? .passes : .possible }
    }
    return .ruledOut(lineEnd: end)
  }

  /// Whether the line can match every term.
  @inline(__always)
  func passes(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var row = rows
    var pair = pairs
    for m in lengths {
      guard n >= m else { return false }
      let end = row + m * 256
      var j = 0
      while j < n {
        let kind = row[Int(p[j])]
        if kind != 0 {
          let hit = kind == 1 || j &+ 1 < n && Prescan.has(pair, p[j], p[j &+ 1])
          if hit {
            row += 256
            pair += 1024
            if row == end { break }
          }
        }
        j &+= 1
      }
      if row != end { return false }
    }
    return true
  }

  /// A (first, second) byte pair as one number, for the pair lists `Skip` and `adapt` keep.
  @inline(__always)
  private static func pairKey(_ first: UInt8, _ second: UInt8) -> UInt16 {
    UInt16(first) << 8 | UInt16(second)
  }

  /// Whether a row's pair bits hold (`first`, `second`): the two bytes begin an encoding of its character.
  @inline(__always)
  private static func has(_ pair: UnsafeMutablePointer<UInt64>, _ first: UInt8, _ second: UInt8) -> Bool {
    let bit = Int(first) << 8 | Int(second)
    return pair[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }
}
