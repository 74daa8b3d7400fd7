/// Case and Latin-diacritic folding of Unicode scalars by table lookup (tables in `UnicodeTables.swift`).
package enum CharFold {
  /// How a term compares characters.
  package enum Mode: Sendable {
    case exact, lowercase, stripDiacritics, lowercaseAndStrip
  }

  /// Dense lookup tables for scalars below `foldTableLimit`, one per mode.
  package static let lowercaseTable = dense(lowercasePairs)
  package static let stripTable = dense(diacriticPairs)
  package static let lowercaseStripTable: [UInt32] = {
    (0..<UInt32(foldTableLimit)).map { c in
      let lower = lowercaseTable[Int(c)]
      return lower < UInt32(foldTableLimit) ? stripTable[Int(lower)] : lower
    }
  }()
  package static let identityTable: [UInt32] = (0..<UInt32(foldTableLimit)).map { $0 }

  private static func dense(_ pairs: [UInt32]) -> [UInt32] {
    var table = (0..<UInt32(foldTableLimit)).map { $0 }
    for pair in pairs { table[Int(pair >> 16)] = pair & 0xFFFF }
    return table
  }

  /// The table implementing `mode`.
  package static func table(_ mode: Mode) -> [UInt32] {
    switch mode {
    case .exact: identityTable
    case .lowercase: lowercaseTable
    case .stripDiacritics: stripTable
    case .lowercaseAndStrip: lowercaseStripTable
    }
  }

  /// Folds one scalar with a table from `table(_:)`; scalars beyond the table are left alone.
  @inline(__always)
  package static func fold(_ c: UInt32, _ table: UnsafeBufferPointer<UInt32>) -> UInt32 {
    c < UInt32(foldTableLimit) ? table[Int(c)] : c
  }

  /// Whether `c` is an uppercase letter (smart case looks for these in a term).
  package static func isUppercase(_ c: UInt32) -> Bool {
    Unicode.Scalar(c)?.properties.isUppercase ?? false
  }

  /// Whether `c` carries a diacritic that folding would remove.
  package static func hasDiacritic(_ c: UInt32) -> Bool {
    c < UInt32(foldTableLimit) && stripTable[Int(c)] != c
  }
}
