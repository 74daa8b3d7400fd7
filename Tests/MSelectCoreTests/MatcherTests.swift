import Testing

@testable import MSelectCore

@Suite struct MatcherTests {
  @Test(arguments: [
    // (query, line, matches)
    ("abc", "a-b-c", true),
    ("abc", "acb", false),
    ("ABC", "abc", false),
    ("abc", "ABC", true),
    ("'bc", "abc", true),
    ("'bd", "abcd", false),
    ("^ab", "abc", true),
    ("^bc", "abc", false),
    ("bc$", "abc", true),
    ("ab$", "abc", false),
    ("^abc$", "abc", true),
    ("^ab$", "abc", false),
    ("!x", "abc", true),
    ("!b", "abc", false),
    ("!^a", "abc", false),
    ("!c$", "abc", false),
    ("a !z", "abc", true),
    ("x | b", "abc", true),
    ("x | y", "abc", false),
    ("a\\ b", "a b", true),
    ("a\\ b", "ab", false),
  ])
  func syntax(query: String, line: String, matches: Bool) {
    #expect((score(query, line) != nil) == matches)
  }

  @Test(arguments: [
    ("a", "á", true),
    ("á", "a", false),
    ("á", "Á", true),
    ("Á", "á", false),
    ("cafe", "CAFÉ", true),
    ("С", "СТРОКА2", true),
    ("С", "строка3", false),
    ("с", "СТРОКА2", true),
    ("σ", "ΣΊΣΥΦΟΣ", true),
    // fzf's folding: Latin and full-width ASCII lose their marks, Greek and Cyrillic keep them, and
    // the final sigma is a letter of its own.
    ("ς", "σ", false), ("σ", "ς", false), ("и", "й", false), ("α", "ά", false), ("e", "ё", false),
    ("foo", "ｆｏｏ", true), ("foo", "ＦＯＯ", true), ("FOO", "ｆｏｏ", false), ("s", "ß", true),
    ("файл", "Файл", true),
    ("ファイル", "ファイルを開く", true),
    ("ß", "STRASSE", false),
    ("o", "ø", true),
    // Anchored ASCII terms are first checked on raw bytes; non-ASCII bytes must not reject a fold.
    ("^u", "Über", true),
    ("^ube", "Über", true),
    ("e$", "café", true),
    ("^cafe$", "CAFÉ", true),
    ("^x", "Über", false),
    ("r$", "fooR", true),
    ("R$", "foor", false),
  ])
  func unicodeFolding(query: String, line: String, matches: Bool) {
    #expect((score(query, line) != nil) == matches)
  }

  @Test func literalDisablesDiacriticFolding() {
    #expect(score("a", "á", options: MatchOptions(foldDiacritics: false)) == nil)
    #expect(score("a", "Á", options: MatchOptions(foldDiacritics: false)) == nil)
  }

  @Test func forcedCaseModes() {
    #expect(score("ABC", "abc", options: MatchOptions(caseMode: .insensitive)) != nil)
    #expect(score("abc", "ABC", options: MatchOptions(caseMode: .sensitive)) == nil)
  }

  @Test func invalidBytesMatchOnlyThemselves() {
    var matcher = Matcher(pattern: Pattern(query: [0x63, 0xE9], options: MatchOptions()))
    let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
    let utf8: [UInt8] = Array("café".utf8)
    #expect(latin1.withUnsafeBytes { matcher.match($0) } != nil)
    #expect(utf8.withUnsafeBytes { matcher.match($0) } == nil)
    var plain = Matcher(pattern: Pattern("cafe"))
    #expect(latin1.withUnsafeBytes { plain.match($0) } == nil)
    #expect(Array("caf".utf8).withUnsafeBytes { Matcher(pattern: Pattern("caf")).matchCopy($0) } != nil)
  }

  @Test func hostileBytesNeverCrash() {
    let lines: [[UInt8]] = [
      [0xFF, 0xFE, 0x00, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
      Array(repeating: 0x61, count: 5000) + [0x62],
    ]
    for query in ["a", "ab", "'\u{FFFD}", "^a$", "!a", "a | b"] {
      var matcher = Matcher(pattern: Pattern(query))
      for line in lines { _ = line.withUnsafeBytes { matcher.positions($0) } }
    }
  }

  @Test func emptyQueryMatchesEverything() {
    #expect(score("", "anything") == 0)
    #expect(score("", "") == 0)
  }

  @Test func positionsPreferBoundaries() {
    // Where alignments tie, the characters fzf 0.74 highlights (fzy takes `o` of `order` instead).
    #expect(positions("amor", "app/models/order") == [0, 4, 5, 12])
    #expect(positions("fbb", "foo bar baz") == [0, 4, 8])
    #expect(positions("'bar", "foobar bar") == [7, 8, 9])
    #expect(positions("^foo$", "foo") == [0, 1, 2])
    #expect(positions("é", "café") == [3])
    #expect(positions("x", "abc") == nil)
  }

  @Test func positionsCountCharactersNotBytes() {
    #expect(positions("b", "ébc") == [1])
  }

  /// Decoding takes eight ASCII bytes at a time and lowercases them without the table: it must give
  /// what decoding and folding one character at a time gives, in every folding mode, wherever the
  /// runs of ASCII start and end (the bytes around "A" and "Z" included).
  @Test(arguments: CharFold.Mode.allCases)
  func decodingFoldsLikeOneCharacterAtATime(mode: CharFold.Mode) {
    let table = CharFold.table(mode)
    let ascii = (0..<128).map { UInt8($0) }
    let lines: [[UInt8]] = [
      ascii,
      Array("ÄBCDEFGHIJ@[`{ÉCOLE Straße ZZZZZZZZaaaa Ωmega".utf8),
      Array("é".utf8) + ascii + [0xFF, 0x41, 0x5A] + Array("ABCDEFG€".utf8),
      Array("xyzXYZ\u{FF21}AbCdEfGhIj".utf8),
    ]
    var scratch = MatchScratch(typos: nil)
    for line in lines {
      line.withUnsafeBytes { scratch.decode($0, folding: table) }
      let scalars = UTF8Decoding.scalars(line)
      #expect(Array(UnsafeBufferPointer(start: scratch.raw.base, count: scratch.count)) == scalars)
      #expect(
        Array(UnsafeBufferPointer(start: scratch.folded.base, count: scratch.count))
          == scalars.map { CharFold.fold($0, table) })
    }
  }
}

extension Matcher {
  /// Matches on a copy, for one-off checks.
  fileprivate func matchCopy(_ line: UnsafeRawBufferPointer) -> Match? {
    var copy = self
    return copy.match(line)
  }
}

@Suite struct SparseScorerTests {
  /// A small deterministic generator, so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// A decoded line's `next` steps four characters at a time: it must find what a scan one character
  /// at a time finds, from and through every place, the match in any lane or in the tail.
  @Test func decodedTextFindsTheNextCharacterLikeAScan() {
    var random = Generator(state: 3)
    let values: [UInt32] = [0x61, 0x62, 0xE9, 0x1_F600, 0x11_00FF]
    let folded = (0..<41).map { _ in values[random.next(values.count)] }
    let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    defer { classes.deallocate() }
    folded.withUnsafeBufferPointer { line in
      let text = Scorer.Text(
        raw: line.baseAddress!, folded: line.baseAddress!, count: line.count, knownClasses: classes)
      for c in values + [0x63] {
        for from in 0..<line.count {
          for last in from..<line.count {
            let scanned = (from...last).first { line[$0] == c } ?? last + 1
            #expect(text.next(c, from: from, through: last) == scanned, "\(c) from \(from) through \(last)")
          }
        }
      }
    }
  }

  /// An ASCII line's `next` steps sixteen bytes, then eight, at a time: it must find what a scan one
  /// byte at a time finds (either case of a letter), from and through every place of a 41-byte line,
  /// the match in any lane of either step or in the tail.
  @Test func asciiTextFindsTheNextCharacterLikeAScan() {
    var random = Generator(state: 4)
    let bytes = Array("aAbB.c/ ").map { $0.asciiValue! }
    let line = (0..<41).map { _ in bytes[random.next(bytes.count)] }
    let fold = CharFold.table(.lowercase)
    let pairs = CharFold.asciiPairs(.lowercase)
    line.withUnsafeBufferPointer { buffer in
      let text = Scorer.ASCIIText(bytes: buffer.baseAddress!, fold: fold, pairs: pairs, count: buffer.count)
      for c: UInt32 in [0x61, 0x62, 0x2F, 0x63, 0x7A] {
        for from in 0..<line.count {
          for last in from..<line.count {
            let scanned = (from...last).first { fold[Int(line[$0])] == c } ?? last + 1
            #expect(text.next(c, from: from, through: last) == scanned, "\(c) from \(from) through \(last)")
          }
        }
      }
    }
  }

  /// `isASCII` reads sixteen bytes a step, then the last sixteen of the line, or eight and one in a
  /// short line: a byte past ASCII anywhere in a line of any length must be seen.
  @Test func isASCIISeesAHighByteAnywhere() {
    for n in 0...40 {
      var line = [UInt8](repeating: 0x61, count: n)
      #expect(Matcher.isASCII(line, n))
      for place in 0..<n {
        line[place] = 0xC3
        #expect(!Matcher.isASCII(line, n), "\(place) of \(n)")
        line[place] = 0x7F
        #expect(Matcher.isASCII(line, n))
        line[place] = 0x61
      }
    }
  }

  /// `previous` is `next` backwards: on an ASCII line sixteen bytes a step, then the line's sixteen
  /// bytes from the range's start (lanes past the place masked off), then one; on a decoded line one
  /// a step. Each must find what a scan one character at a time finds, from and down to every place.
  @Test func previousFindsTheCharacterBeforeLikeAScan() {
    var random = Generator(state: 5)
    let bytes = Array("aAbB.c/ ").map { $0.asciiValue! }
    let fold = CharFold.table(.lowercase)
    let pairs = CharFold.asciiPairs(.lowercase)
    let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    defer { classes.deallocate() }
    for length in [9, 41] {
      let line = (0..<length).map { _ in bytes[random.next(bytes.count)] }
      let decoded = line.map { fold[Int($0)] }
      line.withUnsafeBufferPointer { buffer in
        decoded.withUnsafeBufferPointer { scalars in
          let ascii = Scorer.ASCIIText(
            bytes: buffer.baseAddress!, fold: fold, pairs: pairs, count: buffer.count)
          let text = Scorer.Text(
            raw: scalars.baseAddress!, folded: scalars.baseAddress!, count: length, knownClasses: classes)
          for c: UInt32 in [0x61, 0x62, 0x2F, 0x63, 0x7A] {
            for first in 0..<length {
              for from in first..<length {
                let scanned = (first...from).reversed().first { decoded[$0] == c } ?? first - 1
                #expect(
                  ascii.previous(c, from: from, downTo: first) == scanned, "\(c) from \(from) to \(first)")
                #expect(
                  text.previous(c, from: from, downTo: first) == scanned, "\(c) from \(from) to \(first)")
              }
            }
          }
        }
      }
    }
  }

  /// The score-only path (sparse events) must equal the full matrices' score on every line.
  @Test func sparseScoresEqualTheFullDynamicProgram() {
    let alphabet = Array("aabbcAB/-_ .1x")
    var random = Generator(state: 42)
    var compared = 0
    var matchers: [String: Matcher] = [:]
    for _ in 0..<5_000 {
      let line = String((0..<random.next(40)).map { _ in alphabet[random.next(alphabet.count)] })
      let query = String(
        (0..<(2 + random.next(3))).map { _ in
          "abcAB/1"[String.Index(utf16Offset: random.next(7), in: "abcAB/1")]
        })
      var matcher = matchers[query] ?? Matcher(pattern: Pattern(query))
      let bytes = Array(line.utf8)
      let fast = bytes.withUnsafeBytes { matcher.match($0) }
      let dense = bytes.withUnsafeBytes { matcher.scoreWithPositions($0) }
      matchers[query] = matcher
      if fast?.score != dense {
        Issue.record(
          "query \(query) line \(line): \(String(describing: fast?.score)) != \(String(describing: dense))")
      }
      if fast != nil { compared += 1 }
    }
    #expect(compared > 300)
  }

  /// `line` matched with the shortcuts and without, and the score with positions (the full matrices),
  /// through matchers made once per query.
  static func bothWays(_ query: String, _ line: String, _ matchers: inout [String: (Matcher, Matcher)])
    -> (Match?, Match?, Int32?)
  {
    var (fast, exhaustive) =
      matchers[query] ?? (
        Matcher(pattern: Pattern(query), ceilingShortcut: true),
        Matcher(pattern: Pattern(query), ceilingShortcut: false)
      )
    defer { matchers[query] = (fast, exhaustive) }
    let bytes = Array(line.utf8)
    return (
      bytes.withUnsafeBytes { fast.match($0) }, bytes.withUnsafeBytes { exhaustive.match($0) },
      bytes.withUnsafeBytes { exhaustive.scoreWithPositions($0) }
    )
  }

  /// Lines where the query often occurs whole, or split in two at one character, after delimiters or
  /// at word starts, with and without whitespace: the shortcuts must give the dynamic program's score
  /// and end on every one.
  @Test(arguments: ["/usr/share", "ab/ab.c-ab", "usr AB/x|ab:", "aB_ab;ab,ba", "b ab", "share/man/a/aab"])
  func ceilingShortcutAgreesWithTheDynamicProgram(pieces: String) {
    let words =
      ["ab", "ab", "usr", "AB", "a", "b", "share", "man", "sh"]
      + pieces.split(separator: "/").map(String.init)
    let separators = ["/", "/", ":", "-", "_", ".", " ", "", "|"]
    let queries = [
      "ab", "usr", "aB", "ba", "abab", "sha", "shareman", "aab", "abb", "usrab", "shsh", "a/b", "ab//a",
      "a:ab",
      "b/ab",
    ]
    var random = Generator(state: UInt64(pieces.utf8.count))
    var whole = 0
    var split = 0
    var matchers: [String: (Matcher, Matcher)] = [:]
    for _ in 0..<4_000 {
      var line = random.next(3) == 0 ? "/" : ""
      for _ in 0..<(1 + random.next(6)) {
        line += words[random.next(words.count)] + separators[random.next(separators.count)]
      }
      let query = queries[random.next(queries.count)]
      let (a, b, full) = Self.bothWays(query, line, &matchers)
      #expect(a == b, "query \(query) line \(line)")
      #expect(a?.score == full, "query \(query) line \(line)")
      let best = Scorer.scoreMatch * Int32(query.count) + 9 * Int32(query.count + 1)
      if a?.score == best { whole += 1 }
      if a?.score == best + Scorer.gapStart { split += 1 }
    }
    // Enough lines reach each bound for the comparison to mean something.
    #expect(whole > 100)
    #expect(split > 30)
  }

  /// Short lines of letters and delimiters against short queries (delimiters included): the shortcuts
  /// against the exhaustive scorer, score and end, where their conditions are most often near a miss.
  @Test func shortcutsAgreeOnDelimiterHeavyLines() {
    var random = Generator(state: 7)
    let alphabet = Array("aab/b-:")
    var shortcuts = 0
    var matchers: [String: (Matcher, Matcher)] = [:]
    for _ in 0..<40_000 {
      let line = String((0..<(1 + random.next(14))).map { _ in alphabet[random.next(alphabet.count)] })
      let query = String((0..<(2 + random.next(3))).map { _ in alphabet[random.next(4)] })
      let (a, b, full) = Self.bothWays(query, line, &matchers)
      #expect(a == b, "query \(query) line \(line)")
      #expect(a?.score == full, "query \(query) line \(line)")
      let best = Scorer.scoreMatch * Int32(query.count) + 9 * Int32(query.count + 1)
      if a?.score == best || a?.score == best + Scorer.gapStart { shortcuts += 1 }
    }
    #expect(shortcuts > 1_000)
  }
}

/// The remembered classes of non-ASCII scalars are the ones Unicode properties give, asked once or again.
@Suite struct ScalarClassesTests {
  @Test func rememberedClassesEqualTheProperties() {
    let known = ScalarClasses()
    for pass in 0..<2 {
      for c in stride(from: UInt32(0x80), to: 0x1_0000, by: pass == 0 ? 3 : 1) {
        #expect(
          CharClass.of(c, CharClass.asciiTable, known: known.table) == CharClass.of(c, CharClass.asciiTable))
      }
    }
    // Beyond the table: looked up directly (an emoji, an invalid byte).
    #expect(CharClass.of(0x1F600, CharClass.asciiTable, known: known.table) == .nonWord)
    #expect(
      CharClass.of(UTF8Decoding.invalidByteBase + 0xFF, CharClass.asciiTable, known: known.table) == .nonWord)
  }
}

@Suite struct LongQueryTests {
  /// 32 KiB of pasted text: the pre-scan's tables stay small (8 KiB a character before), and lines
  /// shorter than the query are turned down without being looked at.
  @Test func aLongQueryKeepsTheMatcherSmall() {
    let long = String((0..<32_768).map { i in Character(Unicode.Scalar(UInt8(97 + i % 26))) })
    for query in [long, "'" + long, "abc " + long, long + " | x"] {
      let matcher = Matcher(pattern: Pattern(query))
      #expect(matcher.prescanRows <= 2 * Matcher.prescanLength)
    }
    var matcher = Matcher(pattern: Pattern(long))
    #expect(matcher.match(Array("abcdefghijklmnopqrstuvwxyz".utf8)) == nil)
    #expect(matcher.match(Array((long + "!").utf8)) != nil)
  }

  @Test func aLongQueryInThePickerFindsNothingAndStaysEditable() {
    let h = Harness((0..<2000).map { "line \($0)" })
    let paste = [UInt8](repeating: UInt8(ascii: "l"), count: 32_768)
    h.press(.paste(paste))
    #expect(h.state.search.result.matchCount == 0)
    #expect(h.state.queryBytes.count == 32_768)
    h.press(ctrl("u"))
    #expect(h.state.search.result.matchCount == 2000)
  }
}

/// A long line with non-ASCII characters is matched without being decoded whole (`LongLine`): the
/// same score, span and positions as when it is decoded, checked on short lines with the threshold
/// lowered to nothing.
@Suite struct LongLineTests {
  @Test(arguments: [
    "a", "é", "ab", "aé", "éa", "a b", "b_a", "Ab", "ßa", "ｄa", "bbb",
    // Several terms each read the long line on their own: fuzzy, exact, boundary, anchored, negated.
    "a é", "é !x", "ab | é", "!b a", "'ab é", "'é", "'bé", "'a'", "'b'", "^a", "^ é", "é$", "b$",
    "^ab$", "^é$", "!^a", "!é$ b", "'ab | ^é", "!'ab",
  ])
  func sameAsDecodingTheWholeLine(query: String) {
    for backward in [false, true] {
      compareWithTheWholeLine(query, backward: backward)
    }
  }

  /// `sameAsDecodingTheWholeLine` searching forward or backward (`--tiebreak=end`).
  func compareWithTheWholeLine(_ query: String, backward: Bool) {
    var random = SparseScorerTests.Generator(state: 17)
    let alphabet = Array("aaabbé ÉßｄAB/_-.x  ")
    var options = MatchOptions()
    options.backward = backward
    var whole = Matcher(pattern: Pattern(query, options: options))
    var long = Matcher(pattern: Pattern(query, options: options), ceilingShortcut: true, longLine: 0)
    var matched = 0
    for _ in 0..<3000 {
      let line = Array(String((0..<random.next(40)).map { _ in alphabet[random.next(alphabet.count)] }).utf8)
      let expected = whole.match(line)
      let found = long.match(line)
      #expect(
        found?.score == expected?.score && found?.begin == expected?.begin && found?.end == expected?.end)
      #expect(long.positions(line) == whole.positions(line))
      if expected != nil { matched += 1 }
    }
    // Every query matches some lines (whole-line ones like `^ab$` only a few).
    #expect(matched > 0)
  }

  /// A window too large for the dynamic program is aligned greedily, from the places found in one pass.
  @Test func aHugeWindowIsAlignedGreedily() {
    let filler = String(repeating: "é", count: Scorer.maxCells)
    let line = Array(("a" + filler + "b" + filler + "a" + filler + "b").utf8)
    var long = Matcher(pattern: Pattern("ab"), ceilingShortcut: true, longLine: 0)
    var found: [Int] = []
    let match = line.withUnsafeBytes { long.matchWithSpan($0) }
    #expect(match?.begin == 0)
    #expect(match?.end == Scorer.maxCells + 1)
    _ = long.positions(line).map { found = $0 }
    #expect(found == [0, Scorer.maxCells + 1])
  }
}

/// A line whose window may be too large for the dynamic program scores the same with and without
/// the scorer's shortcut: which lines try the shortcut depends on the lines scored before, so a
/// different score made `--filter`'s order depend on how the input was split between threads.
@Test func aHugeWindowScoresTheSameWithOrWithoutTheShortcut() {
  let line = Array(("xab" + String(repeating: "y", count: Scorer.maxCells) + " ab").utf8)
  var plain = Matcher(pattern: Pattern("ab"), ceilingShortcut: false)
  var shortcut = Matcher(pattern: Pattern("ab"), ceilingShortcut: true)
  let expected = plain.match(line)?.score
  #expect(expected != nil)
  #expect(shortcut.match(line)?.score == expected)
}

/// The odds that decide whether `Scorer.ceilingMatch`'s shortcut is tried.
struct ShortcutOddsTests {
  /// Tries for the lines of `outcomes` (true: the shortcut would succeed), in order.
  static func tries(_ outcomes: [Bool]) -> Int {
    let odds = ShortcutOdds()
    var tried = 0
    for won in outcomes where odds.shouldTry() {
      tried += 1
      odds.record(won: won)
    }
    return tried
  }

  @Test func aShortcutThatPaysIsAlwaysTried() {
    #expect(ShortcutOddsTests.tries(Array(repeating: true, count: 5_000)) == 5_000)
    // One success in four is worth the attempt (it saves several times what a failure costs).
    #expect(ShortcutOddsTests.tries((0..<5_000).map { $0 % 4 == 0 }) == 5_000)
  }

  @Test func aShortcutThatFailsIsOnlySampled() {
    let tried = ShortcutOddsTests.tries(Array(repeating: false, count: 5_000))
    #expect(tried < 5_000 / ShortcutOdds.sampling + ShortcutOdds.warmUp + 1)
    #expect(tried > 5_000 / ShortcutOdds.sampling)
  }

  @Test func linesThatChangeBringTheShortcutBack() {
    let odds = ShortcutOdds()
    for _ in 0..<5_000 where odds.shouldTry() { odds.record(won: false) }
    // Now every sampled attempt succeeds: within a few samples every line tries again.
    var sinceLastSkip = 0
    for _ in 0..<5_000 {
      if odds.shouldTry() {
        odds.record(won: true)
        sinceLastSkip += 1
      } else {
        sinceLastSkip = 0
      }
    }
    #expect(sinceLastSkip > 4_000)
  }

  /// Lines the shortcut cannot score (the pattern split by gaps) until it is only sampled, then lines
  /// it scores at once: the scores are the dynamic program's throughout.
  @Test func scoresDoNotDependOnWhetherTheShortcutIsTried() {
    var fast = Matcher(pattern: Pattern("datei"), ceilingShortcut: true)
    var exhaustive = Matcher(pattern: Pattern("datei"), ceilingShortcut: false)
    let lines =
      (0..<300).map { "der Ablauf \($0) hat eine Zeile" }
      + (0..<300).map { "Datei \($0) /datei\($0 % 7) geöffnet" }
      + (0..<300).map { "dann alte Einträge \($0) ändern" }
    var compared = 0
    for line in lines {
      let bytes = Array(line.utf8)
      let expected = bytes.withUnsafeBytes { exhaustive.match($0) }
      let got = bytes.withUnsafeBytes { fast.match($0) }
      #expect(got?.score == expected?.score, "\(line)")
      #expect(got?.end == expected?.end, "\(line)")
      if expected != nil { compared += 1 }
    }
    #expect(compared == 900)
  }
}

/// A comparison's lanes as bits, by the instruction and by the portable fold, against the lanes read
/// one by one: no lane, each lane alone, pairs across the halves, all of them.
@Suite struct LaneBitsTests {
  @Test(arguments: [[], [0, 15], [7, 8], [1, 3, 9, 14], Array(0..<16)] + (0..<16).map { [$0] })
  func lanesBecomeBits(lanes: [Int]) {
    var bytes = SIMD16<UInt8>(repeating: 0)
    for lane in lanes { bytes[lane] = 1 }
    let mask = bytes .== SIMD16<UInt8>(repeating: 1)
    let expected = lanes.reduce(UInt32(0)) { $0 | 1 << UInt32($1) }
    #expect(LaneBits.of(mask) == expected)
    #expect(LaneBits.folded(mask) == expected)
  }
}
