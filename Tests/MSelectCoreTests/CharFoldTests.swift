import Testing

@testable import MSelectCore

/// The folding tables' reverse lookups against a scan of every code point.
@Suite struct CharFoldTests {
  /// Characters whose preimages the pattern's byte pre-scan needs: ASCII letters and digits, letters
  /// with and without marks, other scripts, full-width and superscript forms.
  static let characters: [UInt32] =
    Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A)
    + [0xE9, 0xC9, 0xDF, 0x131, 0x130, 0x3B1, 0x391, 0x3C3, 0x3C2, 0x430, 0x410, 0x451, 0x5D0, 0x30D5]
    + [0xFF41, 0xFF21, 0x2071, 0x207F, 0x2090, 0x1E9E, 0x212A, 0x2C65, 0x20, 0x2D, 0x2F]

  @Test(arguments: CharFold.Mode.allCases)
  func preimagesAreEveryCharacterThatFoldsThere(mode: CharFold.Mode) {
    let table = CharFold.table(mode)
    // Every character of the first plane, by what it folds to.
    var folding: [UInt32: [UInt32]] = [:]
    for x in UInt32(0)..<0x1_0000 { folding[CharFold.fold(x, table), default: []].append(x) }
    for c in Self.characters {
      let expected = [c] + (folding[c] ?? []).filter { $0 != c }
      #expect(CharFold.preimages(of: c, mode) == expected, "U+\(String(c, radix: 16))")
    }
  }

  @Test(arguments: CharFold.Mode.allCases)
  func asciiPairsAreTheBytesThatFoldThere(mode: CharFold.Mode) {
    let table = CharFold.table(mode)
    let pairs = CharFold.asciiPairs(mode)
    for c in 0..<128 {
      let bytes = (0..<128).filter { Int(table[$0]) == c }.map(UInt8.init)
      let (first, second) = pairs[c]
      switch bytes.count {
      case 0: #expect(first == 0xFF && second == 0xFF)
      case 1: #expect(first == bytes[0] && second == bytes[0])
      default: #expect(first == bytes[0] && second == bytes[1])
      }
    }
  }
}
