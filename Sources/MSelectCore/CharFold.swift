import Synchronization

/// Case and Latin-diacritic folding of Unicode scalars by table lookup (tables in `UnicodeTables.swift`).
package enum CharFold {
  /// How a term compares characters.
  package enum Mode: Sendable, Hashable {
    case exact, lowercase, stripDiacritics, lowercaseAndStrip
  }

  /// Number of entries in each table; scalars at or beyond it fold to themselves.
  package static let limit = UInt32(foldTableLimit)

  // The tables live for the whole process, so matchers can hold plain pointers to them.
  nonisolated(unsafe) private static let lowercaseTable = dense(lowercasePairs)
  nonisolated(unsafe) private static let stripTable = dense(diacriticPairs)
  nonisolated(unsafe) private static let lowercaseStripTable: UnsafePointer<UInt32> = {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: foldTableLimit)
    for c in 0..<foldTableLimit {
      let lower = lowercaseTable[c]
      table[c] = lower < limit ? stripTable[Int(lower)] : lower
    }
    return UnsafePointer(table)
  }()
  nonisolated(unsafe) private static let identityTable = dense([])

  private static func dense(_ pairs: [UInt32]) -> UnsafePointer<UInt32> {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: foldTableLimit)
    for c in 0..<foldTableLimit { table[c] = UInt32(c) }
    for pair in pairs { table[Int(pair >> 16)] = pair & 0xFFFF }
    return UnsafePointer(table)
  }

  /// The table implementing `mode` (`limit` entries, valid for the life of the process).
  package static func table(_ mode: Mode) -> UnsafePointer<UInt32> {
    switch mode {
    case .exact: identityTable
    case .lowercase: lowercaseTable
    case .stripDiacritics: stripTable
    case .lowercaseAndStrip: lowercaseStripTable
    }
  }

  /// Folds one scalar with a table from `table(_:)`; scalars beyond the table are left alone.
  @inline(__always)
  package static func fold(_ c: UInt32, _ table: UnsafePointer<UInt32>) -> UInt32 {
    c < limit ? table[Int(c)] : c
  }

  /// For each mode and folded ASCII character, the bytes that fold to it (two slots; a lone byte fills
  /// both, none gives 0xFF twice). Built at first use, kept for the life of the process.
  nonisolated(unsafe) private static var pairTables: [Mode: UnsafePointer<(UInt8, UInt8)>] = [:]

  /// The ASCII byte pairs of `mode` (see `pairTables`).
  package static func asciiPairs(_ mode: Mode) -> UnsafePointer<(UInt8, UInt8)> {
    reverseLock.withLock { _ in
      if let known = pairTables[mode] { return known }
      let table = self.table(mode)
      let pairs = UnsafeMutablePointer<(UInt8, UInt8)>.allocate(capacity: 128)
      for c in 0..<128 {
        let bytes = (0..<128).filter { table[$0] == UInt32(c) }.map(UInt8.init)
        pairs[c] = (bytes.first ?? 0xFF, bytes.count > 1 ? bytes[1] : bytes.first ?? 0xFF)
      }
      pairTables[mode] = UnsafePointer(pairs)
      return UnsafePointer(pairs)
    }
  }

  /// For each mode, the characters that fold to each folded value (built once, on first use).
  nonisolated(unsafe) private static var reverse: [Mode: [UInt32: [UInt32]]] = [:]
  private static let reverseLock = Mutex(())

  /// Every character that folds to `c` under `mode`, `c` itself included.
  package static func preimages(of c: UInt32, _ mode: Mode) -> [UInt32] {
    let index = reverseLock.withLock { _ -> [UInt32: [UInt32]] in
      if let known = reverse[mode] { return known }
      let table = self.table(mode)
      var built: [UInt32: [UInt32]] = [:]
      for x in 0..<limit where table[Int(x)] != x { built[table[Int(x)], default: []].append(x) }
      reverse[mode] = built
      return built
    }
    return [c] + (index[c] ?? []).filter { $0 != c }
  }

  /// Whether `c` is an uppercase letter (smart case looks for these in a term).
  package static func isUppercase(_ c: UInt32) -> Bool {
    Unicode.Scalar(c)?.properties.isUppercase ?? false
  }

  /// Whether `c` carries a diacritic that folding would remove.
  package static func hasDiacritic(_ c: UInt32) -> Bool {
    c < limit && stripTable[Int(c)] != c
  }
}
