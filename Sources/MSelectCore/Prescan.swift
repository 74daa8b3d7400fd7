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

  /// ASCII bytes that can start the first character of the first term (at most two: a letter's cases).
  private let firstASCII: (UInt8, UInt8)
  /// Whether a non-ASCII lead byte can start it too.
  private let firstHigh: Bool
  /// Whether `nextCandidate` can skip ahead (there is a term and its first set is small).
  let canSkip: Bool

  init(_ terms: [Term]) {
    lengths = terms.map { $0.chars.count }
    if let first = terms.first, !first.chars.isEmpty {
      let ascii = (0..<128).filter { first.leadBytes[$0] }.map(UInt8.init)
      firstHigh = (0x80..<256).contains { first.leadBytes[$0] }
      canSkip = ascii.count <= 2
      firstASCII = (ascii.first ?? 0xFF, ascii.count > 1 ? ascii[1] : ascii.first ?? 0xFF)
    } else {
      firstASCII = (0xFF, 0xFF)
      firstHigh = true
      canSkip = false
    }
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

  /// The first position in `p[from..<to]` where the pattern's first character could start, 8 bytes at a
  /// time; `to` if there is none. Lines before that position cannot match.
  @inline(__always)
  func nextCandidate(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    // SWAR: a byte equal to `a` or `b` makes `hasZero(word ^ splat)` non-zero; lead bytes of multi-byte
    // characters have the top bit set. Hits are then checked exactly against the table.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let a = ones &* UInt64(firstASCII.0)
    let b = ones &* UInt64(firstASCII.1)
    let high: UInt64 = firstHigh ? highs : 0
    @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
    let raw = UnsafeRawPointer(p)
    var i = from
    while i &+ 8 <= to {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if hasZero(word ^ a) | hasZero(word ^ b) | (word & high) != 0 {
        for k in 0..<8 where rows[Int(p[i &+ k])] != 0 { return i &+ k }
      }
      i &+= 8
    }
    while i < to {
      if rows[Int(p[i])] != 0 { return i }
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
