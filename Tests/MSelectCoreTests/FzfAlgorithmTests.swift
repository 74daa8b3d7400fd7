import Testing

@testable import MSelectCore

/// fzf 0.74's published expectations for its matching algorithms (src/algo/algo_test.go: the forward
/// cases, which are what `--filter` uses), as mselect computes them: where the match is and its score.
@Suite struct FzfAlgorithmTests {
  // fzf's constants, spelled as its tests spell them.
  static let match = 16
  static let gapStart = -3
  static let gapExtension = -1
  static let boundary = 8
  static let nonWord = 8
  static let camel = 7
  static let consecutive = 4
  static let white = 10
  static let delimiter = 9
  static let first = 2

  /// One expectation: `sensitive` is fzf's caseSensitive flag; `query` is in mselect's syntax (`'x`
  /// exact, `^x` prefix, `x$` suffix, `^x$` equal); nil `span` means no match.
  struct Case: Sendable, CustomStringConvertible {
    let sensitive: Bool
    let line: String
    let query: String
    let span: Range<Int>?
    let score: Int
    var description: String { "\(line) / \(query)" }
  }

  static let m = match, gs = gapStart, ge = gapExtension, b = boundary, c = camel, k = consecutive
  static let w = white, d = delimiter, f = first

  static let cases: [Case] = [
    // TestFuzzyMatch
    Case(sensitive: false, line: "fooBarbaz1", query: "oBZ", span: 2..<9, score: m * 3 + c + gs + ge * 3),
    Case(
      sensitive: false, line: "foo bar baz", query: "fbb", span: 0..<9,
      score: m * 3 + w * f + w * 2 + 2 * gs + 4 * ge),
    Case(
      sensitive: false, line: "/AutomatorDocument.icns", query: "rdoc", span: 9..<13, score: m * 4 + c + k * 2
    ),
    Case(
      sensitive: false, line: "/man1/zshcompctl.1", query: "zshc", span: 6..<10, score: m * 4 + d * f + d * 3),
    Case(
      sensitive: false, line: "/.oh-my-zsh/cache", query: "zshc", span: 8..<13,
      score: m * 4 + b * f + b * 2 + gs + d),
    Case(sensitive: false, line: ".vimrc", query: ".vimrc", span: 0..<6, score: m * 6 + w * (f + 5)),
    Case(sensitive: false, line: "/.vimrc", query: ".vimrc", span: 1..<7, score: m * 6 + d * (f + 5)),
    Case(sensitive: false, line: "a.vimrc", query: ".vimrc", span: 1..<7, score: m * 6 + b * (f + 5)),
    Case(sensitive: false, line: "ab0123 456", query: "12356", span: 3..<10, score: m * 5 + k * 3 + gs + ge),
    Case(
      sensitive: false, line: "abc123 456", query: "12356", span: 3..<10,
      score: m * 5 + c * f + c * 2 + k + gs + ge),
    Case(
      sensitive: false, line: "foo/bar/baz", query: "fbb", span: 0..<9,
      score: m * 3 + w * f + d * 2 + 2 * gs + 4 * ge),
    Case(
      sensitive: false, line: "fooBarBaz", query: "fbb", span: 0..<7,
      score: m * 3 + w * f + c * 2 + 2 * gs + 2 * ge),
    Case(
      sensitive: false, line: "foo barbaz", query: "fbb", span: 0..<8,
      score: m * 3 + w * f + w + gs * 2 + ge * 3),
    Case(sensitive: false, line: "fooBar Baz", query: "foob", span: 0..<4, score: m * 4 + w * f + w * 3),
    Case(
      sensitive: false, line: "xFoo-Bar Baz", query: "foo-b", span: 1..<6,
      score: m * 5 + c * f + c * 2 + nonWord + b),
    Case(sensitive: true, line: "fooBarbaz", query: "oBz", span: 2..<9, score: m * 3 + c + gs + ge * 3),
    Case(
      sensitive: true, line: "Foo/Bar/Baz", query: "FBB", span: 0..<9,
      score: m * 3 + w * f + d * 2 + gs * 2 + ge * 4),
    Case(
      sensitive: true, line: "FooBarBaz", query: "FBB", span: 0..<7,
      score: m * 3 + w * f + c * 2 + gs * 2 + ge * 2),
    Case(
      sensitive: true, line: "FooBar Baz", query: "FooB", span: 0..<4,
      score: m * 4 + w * f + w * 2 + max(c, w)),
    Case(sensitive: true, line: "foo-bar", query: "o-ba", span: 2..<6, score: m * 4 + b * 3),
    Case(sensitive: true, line: "fooBarbaz", query: "oBZ", span: nil, score: 0),
    Case(sensitive: true, line: "Foo Bar Baz", query: "fbb", span: nil, score: 0),
    Case(sensitive: true, line: "fooBarbaz", query: "fooBarbazz", span: nil, score: 0),
    // TestExactMatchNaive
    Case(sensitive: true, line: "fooBarbaz", query: "'oBA", span: nil, score: 0),
    Case(sensitive: true, line: "fooBarbaz", query: "'fooBarbazz", span: nil, score: 0),
    Case(sensitive: false, line: "fooBarbaz", query: "'oBA", span: 2..<5, score: m * 3 + c + k),
    Case(
      sensitive: false, line: "/AutomatorDocument.icns", query: "'rdoc", span: 9..<13,
      score: m * 4 + c + k * 2),
    Case(
      sensitive: false, line: "/man1/zshcompctl.1", query: "'zshc", span: 6..<10, score: m * 4 + d * (f + 3)),
    Case(
      sensitive: false, line: "/.oh-my-zsh/cache", query: "'zsh/c", span: 8..<13,
      score: m * 5 + b * (f + 3) + d),
    Case(sensitive: false, line: "foobar foob", query: "'oo", span: 1..<3, score: m * 2 + k),
    // TestPrefixMatch
    Case(sensitive: true, line: "fooBarbaz", query: "^Foo", span: nil, score: 0),
    Case(sensitive: false, line: "fooBarBaz", query: "^baz", span: nil, score: 0),
    Case(sensitive: false, line: "fooBarbaz", query: "^Foo", span: 0..<3, score: m * 3 + w * f + w * 2),
    Case(sensitive: false, line: "foOBarBaZ", query: "^foo", span: 0..<3, score: m * 3 + w * f + w * 2),
    Case(sensitive: false, line: "f-oBarbaz", query: "^f-o", span: 0..<3, score: m * 3 + w * f + w * 2),
    Case(sensitive: false, line: " fooBar", query: "^foo", span: 1..<4, score: m * 3 + w * f + w * 2),
    Case(sensitive: false, line: " fooBar", query: "^\\ fo", span: 0..<3, score: m * 3 + w * f + w * 2),
    Case(sensitive: false, line: "     fo", query: "^foo", span: nil, score: 0),
    // TestSuffixMatch
    Case(sensitive: true, line: "fooBarbaz", query: "Baz$", span: nil, score: 0),
    Case(sensitive: false, line: "fooBarbaz", query: "Foo$", span: nil, score: 0),
    Case(sensitive: false, line: "fooBarbaz", query: "baz$", span: 6..<9, score: m * 3 + k * 2),
    Case(sensitive: false, line: "fooBarBaZ", query: "baz$", span: 6..<9, score: (m + c) * 3 + c * (f - 1)),
    Case(sensitive: false, line: "fooBarbaz ", query: "baz$", span: 6..<9, score: m * 3 + k * 2),
    Case(sensitive: false, line: "fooBarbaz ", query: "baz\\ $", span: 6..<10, score: m * 4 + k * 2 + w),
    // TestNormalize
    Case(sensitive: false, line: "Só Danço Samba", query: "So", span: 0..<2, score: 62),
    Case(sensitive: false, line: "Só Danço Samba", query: "sodc", span: 0..<7, score: 97),
    Case(sensitive: false, line: "Danço", query: "danco", span: 0..<5, score: 140),
    Case(sensitive: false, line: "Danço", query: "^danco", span: 0..<5, score: 140),
    Case(sensitive: false, line: "Danço", query: "danco$", span: 0..<5, score: 140),
    Case(sensitive: false, line: "Danço", query: "'danco", span: 0..<5, score: 140),
    Case(sensitive: false, line: "Danço", query: "^danco$", span: 0..<5, score: 140),
  ]

  @Test(arguments: cases)
  func matchesAsFzf(_ expected: Case) {
    let options = MatchOptions(caseMode: expected.sensitive ? .sensitive : .insensitive)
    var matcher = Matcher(pattern: Pattern(expected.query, options: options))
    let line = Array(expected.line.utf8)
    let found = line.withUnsafeBytes { matcher.match($0) }
    guard let span = expected.span else {
      #expect(found == nil)
      return
    }
    #expect(found?.score == Int32(expected.score))
    let positions = line.withUnsafeBytes { matcher.positions($0) } ?? []
    #expect(positions.first == span.lowerBound && positions.last.map { $0 + 1 } == span.upperBound)
  }

  /// TestLongString: a match past 65535 characters.
  @Test func aMatchFarIntoALongLine() {
    var line = [UInt8](repeating: UInt8(ascii: "x"), count: 65535 * 2)
    line[65535] = UInt8(ascii: "z")
    var matcher = Matcher(pattern: Pattern("zx", options: MatchOptions(caseMode: .sensitive)))
    let found = line.withUnsafeBytes { matcher.match($0) }
    #expect(found?.score == Int32(Self.match * 2 + Self.consecutive))
    #expect(found?.begin == 65535)
  }
}

/// Character classes as fzf's (Go's unicode categories): combining marks are not letters.
@Suite struct FzfCharacterClassTests {
  @Test(arguments: [
    (UInt32(0x0E34), CharClass.nonWord),  // Thai vowel sign (Mn)
    (0x093E, .nonWord),  // Devanagari vowel sign (Mc)
    (0x0651, .nonWord),  // Arabic shadda (Mn)
    (0x0E0A, .letter),  // Thai letter (Lo)
    (0x00AA, .letter),  // ª (Lo), lowercase only by Unicode's Other_Lowercase
    (0x01C5, .letter),  // ǅ (Lt)
    (0x0439, .lower), (0x0419, .upper), (0x0663, .number), (0x2167, .number), (0x3000, .white),
  ])
  func classesFollowGeneralCategories(scalar: UInt32, expected: CharClass) {
    #expect(CharClass.of(scalar, CharClass.asciiTable) == expected)
  }
}

/// fzy's published expectations (test/test_match.c) that fzf 0.74 meets too: what matches, which of
/// two lines ranks first, and where the match is drawn.
@Suite struct FzyMatchTests {
  @Test(arguments: [
    ("a", "a", true), ("a", "ab", true), ("a", "ba", true), ("abc", "a|b|c", true), ("a", "", false),
    ("a", "b", false), ("ass", "tags", false), ("", "", true), ("", "a", true),
  ])
  func matches(query: String, line: String, expected: Bool) {
    #expect(!filter(query, [line]).isEmpty == expected)
  }

  @Test(arguments: [
    ("amor", "app/models/order", "app/models/zrder"), ("amo", "app/models/foo", "app/m/foo"),
    ("gemfil", "Gemfile", "Gemfile.lock"), ("abce", "abcdef", "abc de"), ("abc", "    a b c ", " a  b  c "),
    ("abc", " a b c    ", " a  b  c "), ("test", "tests", "testing"), ("test", "testing", "/testing"),
  ])
  func ranksTheBetterLineFirst(query: String, better: String, worse: String) {
    #expect(filter(query, [worse, better]).first == better)
  }

  /// fzy's expectations, but for `amor`: fzy draws it at `o` of `order` ([0, 4, 11, 12]); fzf 0.74 draws
  /// the same score at [0, 4, 5, 12] (its backtrace keeps the run `mo`; seen in fzf's picker), and
  /// mselect follows fzf.
  @Test(arguments: [
    ("amo", "app/models/foo", [0, 4, 5]), ("amor", "app/models/order", [0, 4, 5, 12]),
    ("as", "tags", [1, 3]), ("as", "examples.txt", [2, 7]), ("abc", "a/a/b/c/c", [2, 4, 6]),
    ("foo", "foo", [0, 1, 2]),
  ])
  func drawsTheMatchWhereFzyDoes(query: String, line: String, expected: [Int]) {
    #expect(positions(query, line) == expected)
  }
}
