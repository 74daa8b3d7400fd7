/// Scratch memory and per-term tables of the typo search, one per matcher (so one per thread).
final class TypoScratch {
  let forward = ScratchBuffer<Int>()
  let backward = ScratchBuffer<Int>()
  let variant = ScratchBuffer<UInt32>()
  /// Three columns of `closestRunByTable`'s table: edits, then where the run starts.
  let edits = ScratchBuffer<Int32>()
  let starts = ScratchBuffer<Int32>()
  /// The term the tables below were made for.
  private var tableTerm: [UInt32] = []
  /// The pairs of neighbouring characters of the term, one bit each in a 128 × 128 table of ASCII
  /// characters; nil when the term has a character past ASCII.
  private var pairTable: [UInt64]?
  /// For each character, the places in the term that hold it; nil past 64 characters.
  private var maskTable: PatternMasks?

  /// The pair table of `pattern` (see `pairTable`).
  func pairs(of pattern: UnsafeBufferPointer<UInt32>) -> [UInt64]? {
    remake(pattern)
    return pairTable
  }

  /// The place masks of `pattern`, for the bit-parallel passes; nil past 64 characters.
  func masks(of pattern: UnsafeBufferPointer<UInt32>) -> PatternMasks? {
    remake(pattern)
    return maskTable
  }

  /// Makes the tables for `pattern` unless they are made: a matcher asks for the same term line
  /// after line.
  @inline(__always)
  private func remake(_ pattern: UnsafeBufferPointer<UInt32>) {
    if tableTerm.elementsEqual(pattern) && !tableTerm.isEmpty { return }
    tableTerm = Array(pattern)
    if pattern.allSatisfy({ $0 < 0x80 }) {
      var table = [UInt64](repeating: 0, count: 128 * 128 / 64)
      for k in 1..<max(pattern.count, 1) {
        let index = Int(pattern[k - 1]) * 128 + Int(pattern[k])
        table[index >> 6] |= 1 << UInt64(index & 63)
      }
      pairTable = table
    } else {
      pairTable = nil
    }
    maskTable = pattern.count <= 64 ? PatternMasks(pattern) : nil
  }
}

/// For each character, a bit for each place of a term (of at most 64 characters) that holds it.
struct PatternMasks {
  private let ascii: UnsafeMutablePointer<UInt64>
  private let others: [(UInt32, UInt64)]
  private let owner: Owner

  /// Frees the table with the last copy.
  private final class Owner {
    let pointer: UnsafeMutablePointer<UInt64>
    init(_ pointer: UnsafeMutablePointer<UInt64>) { self.pointer = pointer }
    deinit { pointer.deallocate() }
  }

  init(_ pattern: UnsafeBufferPointer<UInt32>) {
    ascii = .allocate(capacity: 128)
    ascii.initialize(repeating: 0, count: 128)
    owner = Owner(ascii)
    var others: [UInt32: UInt64] = [:]
    for (k, c) in pattern.enumerated() {
      if c < 0x80 { ascii[Int(c)] |= 1 << UInt64(k) } else { others[c, default: 0] |= 1 << UInt64(k) }
    }
    self.others = others.map { ($0.key, $0.value) }
  }

  /// The places of the term that hold `c`.
  @inline(__always)
  func mask(_ c: UInt32) -> UInt64 {
    if c < 0x80 { return ascii[Int(c)] }
    for (d, bits) in others where d == c { return bits }
    return 0
  }
}
