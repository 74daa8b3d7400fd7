/// Case and Latin-diacritic folding of Unicode scalars by table lookup (tables in `UnicodeTables.swift`).
///
/// The diacritic folding is fzf's: Latin letters and full-width ASCII fold to ASCII; Greek, Cyrillic
/// and the rest keep their marks. The tables cover the code points below `limit` and two windows
/// above it (sub- and superscript letters, full-width forms).
package enum CharFold {
  /// How a term compares characters.
  package enum Mode: Sendable, Hashable, CaseIterable {
    case exact, lowercase, stripDiacritics, lowercaseAndStrip
  }

  /// Code points below this have an entry at their own index; above it only the windows do.
  package static let limit = UInt32(foldTableLimit)
  /// Entries in each table: the code points below `limit`, then each window's.
  private static let window1Size = Int(foldWindow1.end - foldWindow1.lo)
  private static let entries = foldTableLimit + window1Size + Int(foldWindow2.end - foldWindow2.lo)

  /// The table entry of `c`, if the tables cover it (plain comparisons: this runs for every
  /// character of a decoded line).
  @inline(__always)
  private static func slot(_ c: UInt32) -> Int? {
    if c < limit { return Int(c) }
    if c &- foldWindow1.lo < foldWindow1.end &- foldWindow1.lo {
      return foldTableLimit + Int(c &- foldWindow1.lo)
    }
    if c &- foldWindow2.lo < foldWindow2.end &- foldWindow2.lo {
      return foldTableLimit + window1Size + Int(c &- foldWindow2.lo)
    }
    return nil
  }

  /// The code point of table entry `slot`.
  private static func code(_ slot: Int) -> UInt32 {
    if slot < foldTableLimit { return UInt32(slot) }
    if slot < foldTableLimit + window1Size { return foldWindow1.lo + UInt32(slot - foldTableLimit) }
    return foldWindow2.lo + UInt32(slot - foldTableLimit - window1Size)
  }

  // The tables live for the whole process and never change, so matchers can hold plain pointers to them.
  private static let lowercaseTable = Shared(dense(lowercasePairs))
  private static let stripTable = Shared(dense(diacriticPairs))
  private static let lowercaseStripTable: Shared<UnsafePointer<UInt32>> = {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: entries)
    for s in 0..<entries {
      let lower = lowercaseTable.pointer[s]
      table[s] = slot(lower).map { stripTable.pointer[$0] } ?? lower
    }
    return Shared(UnsafePointer(table))
  }()
  private static let identityTable = Shared(dense([]))

  private static func dense(_ pairs: [UInt32]) -> UnsafePointer<UInt32> {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: entries)
    for s in 0..<entries { table[s] = code(s) }
    for pair in pairs {
      if let s = slot(pair >> 16) { table[s] = pair & 0xFFFF }
    }
    return UnsafePointer(table)
  }

  /// The table implementing `mode` (`limit` entries, valid for the life of the process).
  package static func table(_ mode: Mode) -> UnsafePointer<UInt32> {
    switch mode {
    case .exact: identityTable.pointer
    case .lowercase: lowercaseTable.pointer
    case .stripDiacritics: stripTable.pointer
    case .lowercaseAndStrip: lowercaseStripTable.pointer
    }
  }

  /// Whether `table` (from `table(_:)`) lowercases the ASCII letters; no table changes any other
  /// ASCII character. Lets a decoder fold runs of ASCII without a lookup per character.
  @inline(__always)
  package static func lowersASCII(_ table: UnsafePointer<UInt32>) -> Bool {
    table == lowercaseTable.pointer || table == lowercaseStripTable.pointer
  }

  /// Folds one scalar with a table from `table(_:)`; scalars beyond the table are left alone.
  @inline(__always)
  package static func fold(_ c: UInt32, _ table: UnsafePointer<UInt32>) -> UInt32 {
    // Above the dense part only two small windows fold; CJK and the rest are passed by two compares.
    slot(c).map { table[$0] } ?? c
  }

  /// For each folded ASCII character, the bytes that fold to it under a mode (two slots; a lone byte
  /// fills both, none gives 0xFF twice). Each is built at its first use (a run needs one or two: making
  /// all four built every folding table), and never changed after, so it needs no lock.
  private static let exactBytePairs = Shared(makePairs(.exact))
  private static let lowercaseBytePairs = Shared(makePairs(.lowercase))
  private static let stripBytePairs = Shared(makePairs(.stripDiacritics))
  private static let lowercaseStripBytePairs = Shared(makePairs(.lowercaseAndStrip))

  /// The ASCII byte pairs of `mode`.
  package static func asciiPairs(_ mode: Mode) -> UnsafePointer<(UInt8, UInt8)> {
    switch mode {
    case .exact: exactBytePairs.pointer
    case .lowercase: lowercaseBytePairs.pointer
    case .stripDiacritics: stripBytePairs.pointer
    case .lowercaseAndStrip: lowercaseStripBytePairs.pointer
    }
  }

  private static func makePairs(_ mode: Mode) -> UnsafePointer<(UInt8, UInt8)> {
    let table = self.table(mode)
    let pairs = UnsafeMutablePointer<(UInt8, UInt8)>.allocate(capacity: 128)
    pairs.initialize(repeating: (0xFF, 0xFF), count: 128)
    // In increasing byte order: the first byte folding to c fills both slots, the second the other.
    for b in 0..<128 {
      let c = Int(table[b])
      guard c < 128 else { continue }
      if pairs[c].0 == 0xFF {
        pairs[c] = (UInt8(b), UInt8(b))
      } else if pairs[c].0 == pairs[c].1 {
        pairs[c].1 = UInt8(b)
      }
    }
    return UnsafePointer(pairs)
  }

  /// Every character that folds to `c` under `mode`, `c` itself first, the others in increasing order.
  ///
  /// Only the characters the tables are made from can fold to another (every other entry is its own
  /// code), so those are the ones tried: a few thousand instead of every entry, and no reverse index
  /// built for the few characters of one query.
  package static func preimages(of c: UInt32, _ mode: Mode) -> [UInt32] {
    guard mode != .exact else { return [c] }
    let table = self.table(mode)
    var others: [UInt32] = []
    for pairs in [lowercasePairs, diacriticPairs] {
      for pair in pairs {
        let x = pair >> 16
        if x != c && fold(x, table) == c { others.append(x) }
      }
    }
    others.sort()
    var found = [c]
    for x in others where x != found[found.count - 1] { found.append(x) }
    return found
  }

  /// Whether `c` is an uppercase letter (smart case looks for these in a term).
  package static func isUppercase(_ c: UInt32) -> Bool {
    Unicode.Scalar(c)?.properties.isUppercase ?? false
  }

  /// Whether `c` carries a diacritic that folding would remove.
  package static func hasDiacritic(_ c: UInt32) -> Bool {
    slot(c).map { stripTable.pointer[$0] != c } ?? false
  }
}
