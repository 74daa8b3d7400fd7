import Testing

@testable import MSelectCore

/// Scoring from occurrence masks (lines of at most 64 characters) must give what the full dynamic
/// program gives, on ASCII and non-ASCII lines, either side of the 64-character limit.
@Suite struct MaskedScorerTests {
  /// The score without positions, the same with the shortcuts off, and the full matrices' score.
  static func threeWays(_ query: String, _ line: [UInt8], _ matchers: inout [String: (Matcher, Matcher)])
    -> (Match?, Match?, Int32?)
  {
    var (fast, exhaustive) =
      matchers[query] ?? (
        Matcher(pattern: Pattern(query), ceilingShortcut: true),
        Matcher(pattern: Pattern(query), ceilingShortcut: false)
      )
    defer { matchers[query] = (fast, exhaustive) }
    return (
      line.withUnsafeBytes { fast.match($0) }, line.withUnsafeBytes { exhaustive.match($0) },
      line.withUnsafeBytes { exhaustive.scoreWithPositions($0) }
    )
  }

  /// Random lines of 0 to 90 characters, some with accented letters, ß, a dotless ı or an invalid
  /// byte, against queries of two to five characters (upper case ones are case-sensitive).
  @Test func maskedScoresEqualTheDynamicProgram() {
    var random = SparseScorerTests.Generator(state: 64)
    let pieces: [[UInt8]] =
      ["a", "a", "b", "b", "A", "B", "/", "-", " ", "_", "1", "x", "é", "É", "ä", "ß", "ı"].map {
        Array($0.utf8)
      } + [[0xFF]]
    let letters = ["a", "b", "é", "e", "A", "ä", "/", "s"]
    var matchers: [String: (Matcher, Matcher)] = [:]
    var compared = (short: 0, long: 0, nonASCII: 0)
    for round in 0..<12_000 {
      // Every third line ASCII only, so both ways of reading a short line are compared.
      let alphabet = round % 3 == 0 ? Array(pieces[0..<11]) : pieces
      var line: [UInt8] = []
      var characters = 0
      for _ in 0..<random.next(91) {
        line += alphabet[random.next(alphabet.count)]
        characters += 1
      }
      let query = (0..<(2 + random.next(4))).map { _ in letters[random.next(letters.count)] }.joined()
      let (fast, exhaustive, full) = Self.threeWays(query, line, &matchers)
      #expect(fast == exhaustive, "query \(query) line \(line)")
      #expect(fast?.score == full, "query \(query) line \(line)")
      guard fast != nil else { continue }
      if characters <= Scorer.maskedLength { compared.short += 1 } else { compared.long += 1 }
      if line.contains(where: { $0 >= 0x80 }) { compared.nonASCII += 1 }
    }
    #expect(compared.short > 300)
    #expect(compared.long > 300)
    #expect(compared.nonASCII > 300)
  }

  /// The pattern's last character as the 63rd, 64th and 65th character of the line, with ASCII and
  /// two-byte characters before it: the masks' last bits, and the first line past them.
  @Test(arguments: [62, 63, 64], ["x", "é", "ab"])
  func lastCharacterAtTheLimit(padding: Int, filler: String) {
    var matchers: [String: (Matcher, Matcher)] = [:]
    for query in ["ab", "xab", "éb", "aab"] {
      let line = Array((String(repeating: filler, count: padding / filler.count) + "ab").utf8)
      let (fast, exhaustive, full) = Self.threeWays(query, line, &matchers)
      #expect(fast == exhaustive, "query \(query) line \(line.count) bytes")
      #expect(fast?.score == full, "query \(query) line \(line.count) bytes")
    }
  }

  /// A word found whole at a boundary, and one split in two by one character, on lines of words
  /// with accents: the masked shortcut gives the dynamic program's score and end.
  @Test(arguments: [
    ("datei", "Die Datei wurde gelöscht"),
    ("datei", "Fehler in dät-ei"),
    ("datei", "dat ei über äöü"),
    ("shareman", "/usr/share/man/man1/ls.1.gz"),
    ("shareman", "/usr/share/doc/mandb/README"),
    ("usr", "/usr/lib/über/usr"),
  ])
  func shortcutsOnWords(query: String, line: String) {
    var matchers: [String: (Matcher, Matcher)] = [:]
    let (fast, exhaustive, full) = Self.threeWays(query, Array(line.utf8), &matchers)
    #expect(fast != nil)
    #expect(fast == exhaustive)
    #expect(fast?.score == full)
  }

  /// The gathered lane bits are the lanes that are set, in order.
  @Test func laneBitsFollowTheLanes() {
    var random = SparseScorerTests.Generator(state: 3)
    for _ in 0..<200 {
      var lanes = SIMD16<UInt8>()
      var expected: UInt64 = 0
      for k in 0..<16 where random.next(2) == 1 {
        lanes[k] = 1
        expected |= 1 << UInt64(k)
      }
      #expect(Scorer.laneBits(lanes .== SIMD16(repeating: 1)) == expected)
    }
  }
}
