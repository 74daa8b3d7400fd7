import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct RankingTests {
  @Test(arguments: [
    ("amor", ["app/models/zrder", "app/models/order"], ["app/models/order", "app/models/zrder"]),
    ("gemfil", ["Gemfile.lock", "Gemfile"], ["Gemfile", "Gemfile.lock"]),
    ("test", ["testing", "tests"], ["tests", "testing"]),
    ("fbb", ["fooBarBaz", "foo bar baz"], ["foo bar baz", "fooBarBaz"]),
    (
      "foobar", ["--foobar--------", "-----foobar---", "----foobar--", "-------foobar-"],
      ["----foobar--", "-----foobar---", "-------foobar-", "--foobar--------"]
    ),
    ("ab", ["xaxb", "ab"], ["ab", "xaxb"]),
    ("sm", ["some_mod", "xsmall"], ["some_mod", "xsmall"]),
    ("usr", ["/x/ufoosr", "/usr/bin"], ["/usr/bin", "/x/ufoosr"]),
  ])
  func ranking(query: String, lines: [String], expected: [String]) {
    #expect(filter(query, lines) == expected)
  }

  @Test func extendedQueriesFromTheIssue() {
    let hundred = (1...100).map(String.init)
    #expect(filter("1 00$", hundred) == ["100"])
    #expect(Set(filter("1 | 5", (1...10).map(String.init))) == ["1", "5", "10"])
  }

  @Test func emptyQueryKeepsInputOrder() {
    #expect(filter("", ["c", "a", "b"]) == ["c", "a", "b"])
  }

  @Test func tiebreaks() {
    #expect(filter("ab", ["abxxxx", "ab"], rank: RankOptions(tiebreaks: [.index])) == ["abxxxx", "ab"])
    #expect(filter("ab", ["abxxxx", "ab"], rank: RankOptions(tiebreaks: [.length])) == ["ab", "abxxxx"])
    #expect(filter("ab", ["--ab-", "-ab--"], rank: RankOptions(tiebreaks: [.begin])) == ["-ab--", "--ab-"])
    #expect(filter("ab", ["-ab--", "--ab-"], rank: RankOptions(tiebreaks: [.end])) == ["--ab-", "-ab--"])
    #expect(
      filter("ab", ["-ab--", "-ab", "-ab"], rank: RankOptions(tiebreaks: [.length])) == [
        "-ab", "-ab", "-ab--",
      ])
  }

  /// The length tiebreak counts characters, eight bytes at a time: a line of two-byte letters is
  /// shorter than one of more ASCII letters, wherever the letters fall in the eight-byte words.
  @Test(arguments: 0..<8)
  func lengthCountsCharactersNotBytes(offset: Int) {
    let pad = String(repeating: "-", count: offset)
    let accented = pad + "ab" + String(repeating: "é", count: 9)
    let plain = pad + "ab" + String(repeating: "x", count: 10)
    #expect(filter("ab", [plain, accented], rank: RankOptions(tiebreaks: [.length])) == [accented, plain])
    for text in [accented, plain, pad + "ファイルéx", String(repeating: "я", count: offset * 5 + 3)] {
      let count = Array(text.utf8).withUnsafeBytes { LineMeasure.characters($0) }
      #expect(count == text.unicodeScalars.count, "\(text)")
    }
  }

  @Test func noSortAndTac() {
    let lines = ["ab", "xaxb", "a_b"]
    #expect(filter("ab", lines, rank: RankOptions(sort: false)) == lines)
    #expect(filter("ab", lines, rank: RankOptions(sort: false, reverse: true)) == lines.reversed())
    #expect(filter("", ["1", "2", "3"], rank: RankOptions(reverse: true)) == ["3", "2", "1"])
  }

  @Test func scoresFollowFzfConstants() {
    // First character at the start of the line: match + double whitespace-boundary bonus.
    let expected: [Int32?] = [16 + 10 * 2, 16 + 9 * 2, 16 + 20 + 16 + 10, 16 + 20 + 16 + 0 - 3 - 1]
    // Start of line (double whitespace-boundary bonus); after a path delimiter; a consecutive run keeps
    // the first character's bonus; a gap of two characters costs a start (-3) and an extension (-1).
    #expect([score("a", "a"), score("b", "a/b"), score("ab", "ab"), score("ad", "abcd")] == expected)
  }

  @Test func searchesSlicesAndCandidates() {
    let lines = (0..<100_000).map { "line \($0)" }
    let s = store(lines)
    let all = Search.matches(Pattern("99"), in: s, scope: .all(0..<s.count), rank: RankOptions())!
    let narrowed = Search.matches(
      Pattern("999"), in: s, scope: .candidates(all.map(\.index).sorted()), rank: RankOptions())!
    let direct = Search.matches(Pattern("999"), in: s, scope: .all(0..<s.count), rank: RankOptions())!
    #expect(Set(narrowed.map(\.index)) == Set(direct.map(\.index)))
    #expect(!direct.isEmpty)
  }

  @Test func cancelledSearchReturnsNil() {
    let s = store((0..<1000).map(String.init))
    #expect(
      Search.matches(Pattern("1"), in: s, scope: .all(0..<s.count), rank: RankOptions(), cancelled: { true })
        == nil)
  }
}

@Suite struct SkippingTests {
  /// The lines a search (skipping to the rarest character of a sample) finds among 20,000 random lines
  /// of `alphabet`, and the lines a plain line-by-line match finds.
  static func found(
    _ query: String, alphabet: String, seed: UInt64, options: MatchOptions = MatchOptions()
  ) -> (found: Set<Int>, expected: Set<Int>) {
    var random = SparseScorerTests.Generator(state: seed)
    let alphabet = Array(alphabet)
    let lines = (0..<20_000).map { _ in
      String((0..<random.next(30)).map { _ in alphabet[random.next(alphabet.count)] })
    }
    let s = store(lines)
    let pattern = Pattern(query, options: options)
    let found = Set(
      Search.matches(pattern, in: s, scope: .all(0..<s.count), rank: RankOptions())!.map {
        Int($0.index)
      })
    var matcher = Matcher(pattern: pattern)
    return (found, Set((0..<s.count).filter { matcher.match(s.line($0)) != nil }))
  }

  /// Searching with skipping finds exactly the lines a plain line-by-line match finds.
  @Test(arguments: ["az", "za", "aaz", "zq", "a z", "'az", "^a z$", "é", "фа", "Фа", "аф"])
  func skippingFindsWhatLineByLineMatchingFinds(query: String) {
    let (found, expected) = Self.found(query, alphabet: "aaaaab/zq éфФааА", seed: 7)
    #expect(found == expected)
    #expect(!expected.isEmpty)
  }

  /// A character with many lead bytes (d: ď, Ｄ, ḋ… start with C4, EF, E1) skipped to among characters
  /// that share them (ą, ，): lines holding only the non-ASCII forms are still found.
  @Test(arguments: [
    ("db", "aaaaaaaaaaaab/ ďＤḋąą，，"), ("bd", "aaaaaaaaaaaab/ ďＤḋąą，，"), ("d/", "aaaaaaaaaaaab/ ďＤḋąą，，"),
    ("dd", "aaaaaaaaaaaab/ ďＤḋąą，，"),
    // Both cases of the letter, and the ends of its lead bytes' range (ď begins with C4, the
    // combining ͩ with CD: after an `x`, as `，` begins like `Ｄ` and is looked at anyway).
    ("dq", "qqqqqqqqqqqqq dD$eETď，xͩ"), ("qd", "qqqqqqqqqqqqq dD$eETď，xͩ"), ("tD", "tttttttttttt TdD$Ḋ，"),
  ])
  func skippingToACharacterWithManyLeadBytes(query: String, alphabet: String) {
    let (found, expected) = Self.found(query, alphabet: alphabet, seed: 11)
    // The first few lines one search finds and the other misses: a failure names no huge sets.
    #expect(Array(found.symmetricDifference(expected).sorted().prefix(5)) == [])
    #expect(!expected.isEmpty)
  }
}

extension SkippingTests {
  /// A term that forgives one mistake is skipped to one of two of its characters (two places of one
  /// character: that one alone), two mistakes to one of three; the lines that lack them, and only
  /// those, are passed over. The term is planted in filler lines with a mistake at every place (a
  /// character left out, typed wrong or swapped; two with two mistakes), other terms beside it, and
  /// characters with non-ASCII forms, included.
  @Test(arguments: [
    ("xylophone", 1), ("xylophoné", 1), ("фylophone", 1), ("xylophonex", 1), ("xylophone 'ph", 1),
    ("xylophone !zz", 1), ("XylophonE", 1), ("xylophonexylo", 2),
  ])
  func skippingForAForgivingTermFindsWhatLineByLineMatchingFinds(query: String, budget: Int) {
    var options = MatchOptions()
    options.typos = .perTerm(budget)
    let term = Array(query.split(separator: " ")[0])
    var random = SparseScorerTests.Generator(state: 5)
    let filler = Array(String(repeating: "a", count: 30) + "/ z")
    func mistyped(_ word: [Character]) -> [Character] {
      var word = word
      let place = random.next(word.count - 1)
      switch random.next(3) {
      case 0: word.remove(at: place)
      case 1: word[place] = "a"
      default: word.swapAt(place, place + 1)
      }
      return word
    }
    let lines = (0..<20_000).map { _ in
      var line = (0..<random.next(30)).map { _ in filler[random.next(filler.count)] }
      if random.next(4) == 0 {
        let typed = budget == 2 ? mistyped(mistyped(term)) : mistyped(term)
        line.insert(contentsOf: typed, at: random.next(line.count + 1))
      }
      return String(line)
    }
    let s = store(lines)
    let pattern = Pattern(query, options: options)
    let found = Set(
      Search.matches(pattern, in: s, scope: .all(0..<s.count), rank: RankOptions())!.map { Int($0.index) })
    var matcher = Matcher(pattern: pattern)
    let expected = Set((0..<s.count).filter { matcher.match(s.line($0)) != nil })
    #expect(Array(found.symmetricDifference(expected).sorted().prefix(5)) == [])
    #expect(expected.count > 1000)
  }
}

/// Searches with more matches than one slice holds: the slices' results come back whole and in input
/// order (they are copied together by two workers), and rank as a single search would.
@Suite struct LargeSearchTests {
  @Test func manySlicesOfMatchesComeBackInInputOrder() {
    let count = 3 * Search.sliceLines + 123
    let store = LineStore(lines: (0..<count).map { Array("line \($0 % 7 == 0 ? "x" : "") \($0)".utf8) })
    let all = Search.matches(Pattern("line"), in: store, scope: .all(0..<count), rank: RankOptions())!
    // Counted and compared element by element: a failure names no 100,000-element arrays.
    #expect(all.count == count)
    #expect(all.indices.allSatisfy { all[$0].index == UInt32($0) })
    let some = Search.matches(Pattern("x"), in: store, scope: .all(0..<count), rank: RankOptions())!
    #expect(some.count == (count + 6) / 7)
    #expect(some.indices.allSatisfy { some[$0].index == UInt32(7 * $0) })
  }
}

/// Where equally good alignments tie, the span tiebreaks measure the one fzf 0.74 takes: searching
/// backward for `end` and `pathname` (the last of equal ends, the last of equal exact places), its
/// backtrace's characters, and the last separator counted in characters. Orders observed with fzf
/// 0.74.5 (`fzf --filter`).
@Suite struct FzfTieTests {
  func filtered(_ query: String, _ arguments: [String], _ lines: [String]) throws -> [String] {
    let options = try OptionParser.parse(arguments.map { Array($0.utf8) })
    return Filter.run(Array(query.utf8), in: store(lines), settings: options.scriptedSettings.search)
      .map { lines[$0] }
  }

  @Test(arguments: [
    (["--tiebreak=end"], "ab", ["xxx ab xx", "ab xx ab"], ["ab xx ab", "xxx ab xx"]),
    (["--tiebreak=end"], "a", ["xxx a xx", "a xx a"], ["a xx a", "xxx a xx"]),
    (["-e", "--tiebreak=end"], "ab", ["xxx ab xx", "ab xx ab"], ["ab xx ab", "xxx ab xx"]),
    (["--tiebreak=end"], "ab", ["ab ab", "xab ab"], ["xab ab", "ab ab"]),
    (["--tiebreak=pathname"], "ss", ["/s%s", "警警/s%s"], ["/s%s", "警警/s%s"]),
    (["--tiebreak=pathname"], "ss", ["警警/s%s", "/s%s"], ["警警/s%s", "/s%s"]),
    (
      ["--tiebreak=pathname"], "usr",
      ["/etc/postgresql-common/createcluster.conf", "/etc/postgresql-common/pg_upgradecluster.d"],
      ["/etc/postgresql-common/pg_upgradecluster.d", "/etc/postgresql-common/createcluster.conf"]
    ),
  ])
  func tiesAreBrokenWhereFzfBreaksThem(
    arguments: [String], query: String, lines: [String], expected: [String]
  )
    throws
  {
    #expect(try filtered(query, arguments, lines) == expected)
  }

  /// fzf's one-character search stops at the first place at a word boundary: `n'est` (after an
  /// apostrophe, 8) scores less than `zzzz en` (after a space, 10) although the line has ` en` too.
  @Test func oneCharacterStopsAtTheFirstBoundary() throws {
    let lines = ["le chemin n'est pas code en", "zzzz en"]
    #expect(try filtered("e", ["--tiebreak=index"], lines) == ["zzzz en", "le chemin n'est pas code en"])
    #expect(try filtered("e e", ["--tiebreak=index"], lines) == ["zzzz en", "le chemin n'est pas code en"])
    // Searching backward (`end`), every place is looked at: the two tie, and input order decides.
    #expect(try filtered("e", ["--tiebreak=end,index"], ["x en", "n'est en"]).first == "n'est en")
  }

  /// Two criteria share what the score leaves of a key: `end` keeps its 16 bits (two `.so` lines one
  /// character apart in length), and a count keeps more than 8 (lines over 255 characters).
  @Test func twoCriteriaKeepWhatFzfTellsApart() throws {
    let so = [
      "/opt/swift/usr/lib/swift/host/compiler/lib_CompilerSwiftSyntaxMacros.so",
      "/opt/swift/usr/lib/swift/host/compiler/lib_CompilerSwiftLexicalLookup.so",
    ]
    #expect(try filtered("so$", ["--tiebreak=end,length"], so) == so.reversed())
    let long = ["ab" + String(repeating: "x", count: 300), "ab" + String(repeating: "x", count: 299)]
    #expect(try filtered("ab", ["--tiebreak=begin,length"], long) == long.reversed())
  }

  @Test func theFirstSpanTiebreakSetsTheDirection() {
    #expect(!RankOptions(tiebreaks: [.length]).searchesBackward)
    #expect(RankOptions(tiebreaks: [.end]).searchesBackward)
    #expect(RankOptions(tiebreaks: [.pathname, .length]).searchesBackward)
    #expect(!RankOptions(tiebreaks: [.begin, .end]).searchesBackward)
    #expect(RankOptions(tiebreaks: [.length, .end, .begin]).searchesBackward)
    #expect(!RankOptions(tiebreaks: [.chunk]).searchesBackward)
  }
}
