/// The byte pre-scan for a pattern: a necessary condition checked on raw line bytes before decoding.
///
/// For each character of each standalone positive term there is a 256-entry row telling which bytes can
/// begin an encoding that folds to it; a line passes when every term's rows are hit in order. Kept in
/// one flat allocation so the per-line loop does no reference counting.
final class Prescan: @unchecked Sendable {
  private let rows: UnsafeMutablePointer<UInt8>
  /// Number of characters of each term, back to back.
  private let lengths: [Int]
  private let rowCount: Int

  /// For each row whose ASCII bytes are at most two (a letter's cases): those bytes, and whether a
  /// non-ASCII lead byte can start the character too. Any of them can serve to skip ahead, since every
  /// matching line contains every character of every standalone term.
  private let skippable: [(row: Int, a: UInt8, b: UInt8, high: Bool)]
  /// The row `nextCandidate` looks for (chosen by `adapt`) and its bytes.
  private var skip: (row: Int, a: UInt8, b: UInt8, high: Bool)
  /// Whether `nextCandidate` can skip ahead.
  let canSkip: Bool

  init(_ terms: [Term]) {
    lengths = terms.map { $0.chars.count }
    var skippable: [(row: Int, a: UInt8, b: UInt8, high: Bool)] = []
    var row = 0
    for term in terms {
      for k in 0..<term.chars.count {
        let ascii = (0..<128).filter { term.leadBytes[k * 256 + $0] }.map(UInt8.init)
        let high = (0x80..<256).contains { term.leadBytes[k * 256 + $0] }
        if ascii.count <= 2 {
          skippable.append((row, ascii.first ?? 0xFF, ascii.count > 1 ? ascii[1] : ascii.first ?? 0xFF, high))
        }
        row += 1
      }
    }
    self.skippable = skippable
    canSkip = !skippable.isEmpty
    skip = skippable.first ?? (0, 0xFF, 0xFF, true)
    rowCount = lengths.reduce(0, +)
    rows = .allocate(capacity: max(rowCount, 1) * 256)
    var r = 0
    for term in terms {
      for k in 0..<term.chars.count {
        for b in 0..<256 { rows[r * 256 + b] = term.leadBytes[k * 256 + b] ? 1 : 0 }
        r += 1
      }
    }
  }

  deinit { rows.deallocate() }

  /// Picks the character to skip to: the one whose bytes are rarest in `sample` (the start of the
  /// lines about to be searched), so fewer lines get a closer look.
  func adapt(to sample: UnsafeRawBufferPointer) {
    guard skippable.count > 1 else { return }
    var counts = [Int](repeating: 0, count: 256)
    for byte in sample { counts[Int(byte)] &+= 1 }
    let high = counts[0xC2...].reduce(0, +)
    skip = skippable.min { x, y in
      func cost(_ c: (row: Int, a: UInt8, b: UInt8, high: Bool)) -> Int {
        counts[Int(c.a)] + (c.b == c.a ? 0 : counts[Int(c.b)]) + (c.high ? high : 0)
      }
      return cost(x) < cost(y)
    }!
  }

  /// The first position in `p[from..<to]` of a byte that can start the chosen character, 8 bytes at a
  /// time; `to` if there is none. Lines that end before it cannot match.
  @inline(__always)
  func nextCandidate(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    // SWAR: a byte equal to `a` or `b` makes `hasZero(word ^ splat)` non-zero; lead bytes of multi-byte
    // characters have the top bit set. Hits are then checked exactly against the table.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let a = ones &* UInt64(skip.a)
    let b = ones &* UInt64(skip.b)
    let high: UInt64 = skip.high ? highs : 0
    let table = rows + skip.row &* 256
    @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
    let raw = UnsafeRawPointer(p)
    var i = from
    while i &+ 8 <= to {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if hasZero(word ^ a) | hasZero(word ^ b) | (word & high) != 0 {
        for k in 0..<8 where table[Int(p[i &+ k])] != 0 { return i &+ k }
      }
      i &+= 8
    }
    while i < to {
      if table[Int(p[i])] != 0 { return i }
      i &+= 1
    }
    return to
  }

  /// Whether the line can match every term.
  @inline(__always)
  func passes(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var row = rows
    for m in lengths {
      guard n >= m else { return false }
      let end = row + m * 256
      var j = 0
      while j < n {
        if row[Int(p[j])] != 0 {
          row += 256
          if row == end { break }
        }
        j += 1
      }
      if row != end { return false }
    }
    return true
  }
}
