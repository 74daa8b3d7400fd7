import Synchronization

/// How many terminal columns a character takes: 0 for combining marks, 2 for wide CJK and emoji.
package enum DisplayWidth {
  /// Columns of an East Asian Ambiguous character (Greek, Cyrillic, box drawing, …): 1, or 2 for a
  /// terminal that draws them wide (`--ambidouble`, fzf's `RUNEWIDTH_EASTASIAN=1`). Set once at start,
  /// before anything is drawn, as fzf sets its width library's.
  package static let ambiguousColumns = Atomic<Int>(1)

  /// Columns of one scalar (control characters are never drawn raw; callers replace them first).
  package static func of(_ c: UInt32) -> Int {
    of(c, ambiguous: c < 0xA1 ? 1 : ambiguousColumns.load(ordering: .relaxed))
  }

  /// Columns of one scalar where ambiguous characters take `ambiguous` columns.
  package static func of(_ c: UInt32, ambiguous: Int) -> Int {
    if c < 0xA1 { return 1 }
    if c >= 0x300 && contains(zeroWidthRanges, c) { return 0 }
    if c >= 0x1100 && contains(doubleWidthRanges, c) { return 2 }
    if ambiguous != 1 && contains(ambiguousWidthRanges, c) { return ambiguous }
    return 1
  }

  /// Binary search over flattened inclusive ranges.
  private static func contains(_ ranges: [UInt32], _ c: UInt32) -> Bool {
    var lo = 0
    var hi = ranges.count / 2 - 1
    while lo <= hi {
      let mid = (lo + hi) / 2
      if c < ranges[2 * mid] {
        hi = mid - 1
      } else if c > ranges[2 * mid + 1] {
        lo = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Columns of a string as it would be drawn.
  package static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1.value) }
  }
}
