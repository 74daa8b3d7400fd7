/// Classes of the scalars below U+10000 that one thread's matcher has met, each worked out once:
/// Unicode property lookups are slow when repeated for every character scored.
final class ScalarClasses {
  /// One entry per scalar below U+10000: a class's raw value, or `unknown`.
  let table: UnsafeMutablePointer<UInt8>
  static let unknown: UInt8 = 0xFF

  init() {
    table = .allocate(capacity: 0x10000)
    table.initialize(repeating: ScalarClasses.unknown, count: 0x10000)
  }

  deinit { table.deallocate() }
}

extension CharClass {
  /// The class of scalar `c` (or of an invalid byte), remembered in `known` (see `ScalarClasses`).
  @inline(__always)
  static func of(_ c: UInt32, _ asciiTable: UnsafePointer<CharClass>, known: UnsafeMutablePointer<UInt8>)
    -> CharClass
  {
    if c < 128 { return asciiTable[Int(c)] }
    guard c < 0x10000 else { return of(c, asciiTable) }
    let raw = known[Int(c)]
    if raw != ScalarClasses.unknown { return CharClass(rawValue: raw).unsafelyUnwrapped }
    let found = of(c, asciiTable)
    known[Int(c)] = found.rawValue
    return found
  }
}
