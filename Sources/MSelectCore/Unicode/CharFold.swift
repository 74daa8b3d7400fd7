/// Case and Latin-diacritic folding of Unicode scalars by table lookup (tables in `UnicodeTables.swift`).
package enum CharFold {
  /// How a term compares characters.
  package enum Mode: Sendable, Hashable, CaseIterable {
    case exact, lowercase, stripDiacritics, lowercaseAndStrip
  }

  /// Number of entries in each table; scalars at or beyond it fold to themselves.
  package static let limit = UInt32(foldTableLimit)

  // The tables live for the whole process and never change, so matchers can hold plain pointers to them.
  private static let lowercaseTable = Shared(dense(lowercasePairs))
  private static let stripTable = Shared(dense(diacriticPairs))
  private static let lowercaseStripTable: Shared<UnsafePointer<UInt32>> = {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: foldTableLimit)
    for c in 0..<foldTableLimit {
      let lower = lowercaseTable.pointer[c]
      table[c] = lower < limit ? stripTable.pointer[Int(lower)] : lower
    }
    return Shared(UnsafePointer(table))
  }()
  private static let identityTable = Shared(dense([]))

  private static func dense(_ pairs: [UInt32]) -> UnsafePointer<UInt32> {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: foldTableLimit)
    for c in 0..<foldTableLimit { table[c] = UInt32(c) }
    for pair in pairs { table[Int(pair >> 16)] = pair & 0xFFFF }
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

  /// Folds one scalar with a table from `table(_:)`; scalars beyond the table are left alone.
  @inline(__always)
  package static func fold(_ c: UInt32, _ table: UnsafePointer<UInt32>) -> UInt32 {
    c < limit ? table[Int(c)] : c
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
    for x in 0..<Int(limit) where table[x] == c && UInt32(x) != c { found.append(UInt32(x)) }
    return found
  }

  /// Whether `c` is an uppercase letter (smart case looks for these in a term).
  package static func isUppercase(_ c: UInt32) -> Bool {
    Unicode.Scalar(c)?.properties.isUppercase ?? false
  }

  /// Whether `c` carries a diacritic that folding would remove.
  package static func hasDiacritic(_ c: UInt32) -> Bool {
    c < limit && stripTable.pointer[Int(c)] != c
  }
}
