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

  /// For each mode and folded ASCII character, the bytes that fold to it (two slots; a lone byte fills
  /// both, none gives 0xFF twice). Built once for every mode (four small tables), so they are never
  /// changed while shared and need no lock.
  private static let pairTables: [Mode: Shared<UnsafePointer<(UInt8, UInt8)>>] = Dictionary(
    uniqueKeysWithValues: Mode.allCases.map { ($0, Shared(makePairs($0))) })

  /// The ASCII byte pairs of `mode` (see `pairTables`).
  package static func asciiPairs(_ mode: Mode) -> UnsafePointer<(UInt8, UInt8)> {
    pairTables[mode]!.pointer
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
  /// A scan of the table (a few microseconds per character) costs less than building a reverse
  /// index, which a `--filter` run would do for the few characters of one query.
  package static func preimages(of c: UInt32, _ mode: Mode) -> [UInt32] {
    let table = self.table(mode)
    var found = [c]
    for s in 0..<entries where table[s] == c && code(s) != c { found.append(code(s)) }
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
