import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// `--typos`: fuzzy terms that forgive typing mistakes, how they rank, and the picker's toggle.
@Suite struct TyposTests {
  private func options(_ typos: Typos) -> MatchOptions {
    var options = MatchOptions()
    options.typos = typos
    return options
  }

  private func matches(_ query: String, _ line: String, _ typos: Typos = .byLength) -> Bool {
    score(query, line, options: options(typos)) != nil
  }

  @Test(arguments: [
    ("fierfox", "/usr/bin/firefox"),  // two neighbours swapped
    ("firwfox", "/usr/bin/firefox"),  // a wrong key
    ("firefoxd", "firefox-esr"),  // an extra key at the end
    ("fiurefox", "firefox-esr"),  // an extra key inside
    ("sahreman", "/usr/share/man"),  // a swap, and the word strewn over two folders
    ("libswiftcroe", "/opt/swift/usr/lib/swift/linux/libswiftCore.so"),
    ("lbiswiftcroe", "/opt/swift/usr/lib/swift/linux/libswiftCore.so"),  // two swaps: 12 letters allow two
    ("rseume", "Résumé.pdf"),  // diacritics and case fold as for any term (a line past ASCII)
  ])
  func eachMistakeIsForgiven(query: String, line: String) {
    #expect(!matches(query, line, .off))
    #expect(matches(query, line))
  }

  @Test(arguments: [
    ("cnof", "conf", Typos.byLength),  // four letters: no budget by length
    ("lbiswiftcroe", "libswiftCore.so", .perTerm(1)),  // two mistakes, one allowed
    ("fierfox", "firefox", .perTerm(0)),
    ("'fierfox", "firefox", .byLength),  // exact, prefix, suffix and equal terms forgive nothing
    ("^fierfox", "firefox", .byLength),
    ("fierfox$", "firefox", .byLength),
    ("^fierfox$", "firefox", .byLength),
    ("fierfox", "fox", .byLength),  // too few of its letters
  ])
  func whatIsNotForgiven(query: String, line: String, typos: Typos) {
    #expect(!matches(query, line, typos))
  }

  @Test func aNegationKeepsItsMeaning() {
    // `!fierfox` is an exact term: firefox does not hold it, so the line passes the negation.
    #expect(filter("!fierfox", ["firefox", "fierfox"], options: options(.byLength)) == ["firefox"])
  }

  @Test func budgetsGrowWithTheTermAndStayWithinHalfOfIt() {
    #expect(Typos.byLength.budget(forLength: 4) == 0)
    #expect(Typos.byLength.budget(forLength: 5) == 1)
    #expect(Typos.byLength.budget(forLength: 11) == 1)
    #expect(Typos.byLength.budget(forLength: 12) == 2)
    #expect(Typos.perTerm(2).budget(forLength: 4) == 1)
    #expect(Typos.perTerm(9).budget(forLength: 40) == Typos.most)
    #expect(Typos.off.budget(forLength: 40) == 0)
  }

  @Test(arguments: [
    ("firefox", "/usr/lib/firefox/firefox.sh"), ("share", "/usr/share/man"),
    ("conf", "/etc/nginx/nginx.conf"),
    ("libswiftcore", "/opt/swift/usr/lib/swift/linux/libswiftCore.so"),
  ])
  func aLineHoldingTheTermAsTypedKeepsFzfsScore(query: String, line: String) {
    #expect(score(query, line, options: options(.byLength)) == score(query, line))
  }

  @Test func theWordMeantRanksFirstDespiteAMistake() {
    let lines = [
      "r-cran-clustergeneration - GNU R random cluster generation",
      "dnaclust - tool for clustering millions of short DNA sequences",
      "kanif - cluster management and administration swiss army knife",
    ]
    #expect(filter("danclust", lines, options: options(.byLength)).first == lines[1])
    let packages = [
      "python3-ecmwflibs - Python 3 module to discover ECMWF libraries.",
      "dicelab - tool to compute the statistical distribution of dice rolls",
    ]
    #expect(filter("dieclab", packages, options: options(.byLength)).first == packages[1])
  }

  @Test func aQueryTypedRightKeepsItsBestLineFirst() {
    let lines = [
      "/usr/lib/firefox-esr/firefox-esr", "/usr/share/fierfox", "/usr/lib/firefox/firefox.sh", "fire-fox",
    ]
    for query in ["firefox", "fierfox"] {
      let plain = filter(query, lines)
      guard let best = plain.first else { continue }
      #expect(filter(query, lines, options: options(.byLength)).first == best)
    }
  }

  @Test func theMistypedCharacterIsHighlighted() {
    var matcher = Matcher(pattern: Pattern("fierfox", options: options(.byLength)))
    #expect(matcher.positions(Array("my firefox".utf8)) == Array(3...9))
    // An extra key has nothing in the line: the word itself is highlighted.
    #expect(matcher.positions(Array("firefox".utf8)).map { $0.count } == 7)
    var extra = Matcher(pattern: Pattern("fiurefox", options: options(.byLength)))
    #expect(extra.positions(Array("firefox".utf8)) == Array(0...6))
  }

  @Test func aLongerTermNarrowsOnlyWhileItsBudgetStays() {
    let typos = options(.byLength)
    #expect(Pattern("fierfo", options: typos).narrows(Pattern("fierf", options: typos)))
    // Eleven letters allow one mistake, twelve two: the longer term matches lines the shorter did not.
    #expect(!Pattern("libswiftcroe", options: typos).narrows(Pattern("libswiftcro", options: typos)))
    // Turning typos on is not narrowing either.
    #expect(!Pattern("fierfox", options: typos).narrows(Pattern("fierfo")))
  }

  @Test func theOptionsParse() throws {
    func typos(_ words: [String]) throws -> Typos {
      try OptionParser.parse(words.map { Array($0.utf8) }).match.typos
    }
    #expect(try typos([]) == .off)
    #expect(try typos(["--typos"]) == .byLength)
    #expect(try typos(["--typos=1"]) == .perTerm(1))
    #expect(try typos(["--typos", "2"]) == .perTerm(2))
    #expect(try typos(["--typos", "--no-typos"]) == .off)
    #expect(throws: OptionError.self) { try typos(["--typos=x"]) }
    #expect(throws: OptionError.self) { try typos(["--typos=-1"]) }
  }

  @Test func altTTurnsTyposOnAndOffAndTheInfoLineSaysSo() {
    let h = Harness(["/usr/bin/firefox", "/etc/hosts"])
    h.type("fierfox")
    #expect(h.listed.isEmpty)
    #expect(!h.state.infoFlags.contains("+typos"))
    h.press(alt("t"))
    #expect(h.listed == ["/usr/bin/firefox"])
    #expect(h.state.infoFlags.contains("+typos"))
    h.press(alt("t"))
    #expect(h.listed.isEmpty)
    #expect(!h.state.infoFlags.contains("+typos"))
  }

  @Test func toggleTyposTurnsOnTheBudgetGiven() {
    let h = Harness(["libswiftCore.so", "/etc/hosts"], ["--typos=1", "--bind", "ctrl-x:toggle-typos"])
    h.type("lbiswiftcroe")
    #expect(h.listed.isEmpty)  // two mistakes, one allowed
    h.press(ctrl("x"), ctrl("x"))
    #expect(h.listed.isEmpty)
    h.press(.backspace, .backspace, .backspace, .backspace)
    h.type("core")
    #expect(h.listed == ["libswiftCore.so"])
  }

  @Test func fzfModeLeavesAltTUnbound() {
    let h = Harness(["firefox"], [], profile: .fzf)
    h.type("fierfox")
    h.press(alt("t"))
    #expect(h.listed.isEmpty)
  }
}

/// The bit-parallel passes of the typo search against the tables they stand for.
@Suite struct TypoPassesTests {
  /// Random words of 1 to 14 letters over a small alphabet, so that near matches are common.
  /// fzf's v1 alignment of `term` in `line`, a character at a time: the greedy match's end, back
  /// to the latest start before it, and greedily forward from there.
  private func v1Places(_ term: [UInt32], _ line: [UInt32]) -> [Int]? {
    var k = 0
    guard
      let end = line.indices.first(where: { x in
        if k < term.count && line[x] == term[k] { k += 1 }
        return k == term.count
      })
    else { return nil }
    k = term.count - 1
    var start = end
    while k >= 0 {
      if line[start] == term[k] { k -= 1 }
      start -= k >= 0 ? 1 : 0
    }
    k = 0
    return (start...end).filter { x in
      guard k < term.count && line[x] == term[k] else { return false }
      k += 1
      return true
    }
  }

  private func words(_ count: Int, seed: UInt64) -> [[UInt32]] {
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    let letters = Array("abcde".unicodeScalars.map(\.value))
    return (0..<count).map { _ in (0..<(1 + next() % 14)).map { _ in letters[next() % letters.count] } }
  }

  /// The longest common subsequence, by the textbook table.
  private func lcs(_ a: [UInt32], _ b: [UInt32]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for (j, y) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = x == y ? diagonal + 1 : max(row[j], above)
        diagonal = above
      }
    }
    return row[b.count]
  }

  /// The one-pass test of one edit says what the table says, on every run of short random words
  /// (swaps, doubled letters and the edges included).
  @Test func oneEditAwayAgreesWithTheTable() {
    let scratch = TypoScratch(sightings: nil)
    let classes = ScalarClasses()
    var checked = (near: 0, far: 0)
    for term in words(60, seed: 5) {
      for line in words(60, seed: 9) {
        term.withUnsafeBufferPointer { p in
          line.withUnsafeBufferPointer { f in
            let t = Scorer.Text(
              raw: f.baseAddress!, folded: f.baseAddress!, count: f.count, knownClasses: classes.table)
            for start in 0...f.count {
              for end in start...f.count {
                let near = TypoSearch.distance(p, t, start..<end, scratch) <= 1
                #expect(
                  TypoSearch.withinOneEdit(p, t, start..<end) == near, "\(term) in \(line)[\(start)..<\(end)]"
                )
                if near { checked.near += 1 } else { checked.far += 1 }
              }
            }
          }
        }
      }
    }
    #expect(checked.near > 100 && checked.far > 100)
  }

  @Test func bitParallelPassesAgreeWithTheTables() {
    let scratch = TypoScratch(sightings: nil)
    let scorer = Scorer(ceilingShortcut: false)
    let classes = ScalarClasses()
    let lines = words(200, seed: 7)
    for term in words(50, seed: 11) where term.count >= 2 {
      for line in lines {
        term.withUnsafeBufferPointer { p in
          line.withUnsafeBufferPointer { f in
            let t = Scorer.Text(
              raw: f.baseAddress!, folded: f.baseAddress!, count: f.count, knownClasses: classes.table)
            let fast = TypoSearch.closestWindow(p, budget: 2, t, scratch)
            let slow = TypoSearch.closestRunByTable(p, budget: 2, t, scratch)
            #expect(fast?.edits == slow?.edits && fast?.end == slow?.end)
            if let fast { #expect(TypoSearch.distance(p, t, fast.start..<fast.end, scratch) == fast.edits) }
            #expect(TypoSearch.leastLeftOut(p, budget: 2, t, scratch) == term.count - lcs(term, line))
            // `mayHoldRun` never turns away a line that holds a close enough run.
            for budget in 1...2 where TypoSearch.closestRunByTable(p, budget: budget, t, scratch) != nil {
              #expect(TypoSearch.mayHoldRun(p, budget: budget, t, scratch), "\(term) in \(line)")
            }
            // The greedy ends tell a budget of one exactly: none, one, or more left out.
            let ends = TypoSearch.typoEnds(p, t, scratch)
            let left = term.count - lcs(term, line)
            #expect(ends.whole == (left == 0))
            #expect(ends.whole || TypoSearch.leavesOne(p, ends, scratch) == (left == 1), "\(term) in \(line)")
            // A variant scored from the ends takes fzf's v1 places, as a plain scan finds them.
            for i in 0..<term.count {
              for j in [-1] + Array((i + 1)..<term.count) where term.count - (j < 0 ? 1 : 2) >= 1 {
                let variant = term.enumerated().filter { $0.offset != i && $0.offset != j }.map(\.element)
                variant.withUnsafeBufferPointer { v in
                  // (Asked only of a variant that is a subsequence, as `eachRepair` asks.)
                  guard let expected = v1Places(variant, line) else { return }
                  let score = TypoSearch.strewnScore(scorer, v, leaving: i, j, t, scratch)
                  let places = Array(UnsafeBufferPointer(start: scratch.variantPlaces.base, count: v.count))
                  #expect(places == expected, "\(variant) in \(line)")
                  #expect(score == expected.withUnsafeBufferPointer { scorer.score(positions: $0, text: t) })
                }
              }
            }
          }
        }
      }
    }
  }

  /// A term typed with one or two mistakes (swaps, wrong, extra and missing keys) inside a line:
  /// whenever `closestWindow` finds a run that close, `mayHoldRun` (the halves test for one mistake,
  /// the pairs test for two) must have let the line through.
  @Test func theRunTestsLetEveryMistypedRunThrough() {
    let scratch = TypoScratch(sightings: nil)
    let classes = ScalarClasses()
    var checked = 0
    func check(_ term: [UInt32], _ typed: [UInt32], _ budget: Int) {
      let line = [0x2F] + typed + [0x2F]
      term.withUnsafeBufferPointer { p in
        line.withUnsafeBufferPointer { f in
          let t = Scorer.Text(
            raw: f.baseAddress!, folded: f.baseAddress!, count: f.count, knownClasses: classes.table)
          guard TypoSearch.closestWindow(p, budget: budget, t, scratch) != nil else { return }
          #expect(TypoSearch.mayHoldRun(p, budget: budget, t, scratch), "\(term) in \(line)")
          checked += 1
        }
      }
    }
    // A swap, a wrong key, an extra key, a missing key.
    func mistyped(_ word: [UInt32], _ mistake: Int) -> [UInt32] {
      var word = word
      switch mistake {
      case 0: word.swapAt(1, 2)
      case 1: word[word.count / 2] = 0x7A
      case 2: word.insert(0x7A, at: word.count - 2)
      default: word.remove(at: 2)
      }
      return word
    }
    for term in words(120, seed: 13) where term.count >= 5 {
      for first in 0..<4 {
        for second in first..<4 {
          let once = mistyped(term, first)
          check(term, term.count >= 9 ? mistyped(once, second) : once, term.count >= 9 ? 2 : 1)
        }
      }
    }
    // Distinct letters: a swap spoils all three pairs around it, and the pairs left are spread over
    // the whole run.
    let letters = Array("qwertyuiopas".unicodeScalars.map(\.value))
    for length in 5...12 {
      let term = Array(letters.prefix(length))
      for i in 0..<(length - 1) {
        var typed = term
        typed.swapAt(i, i + 1)
        if length >= 12 { typed.insert(0x7A, at: length / 2) }
        check(term, typed, length >= 12 ? 2 : 1)
      }
    }
    #expect(checked > 200)
  }

  /// On an ASCII line of four terms' lengths or more, the halves test runs two chains, the line's
  /// first half and its second: a half of the term (or the term swapped where they meet) planted
  /// at every place, the middle straddled, is seen as the decoded line's single chain sees it.
  @Test func theHalvesTestSeesARunAnywhereInALongLine() {
    let scratch = TypoScratch(sightings: nil)
    let term = Array("sahreman".unicodeScalars.map(\.value))
    var held = 0
    for piece in ["sahr", "eman", "sah", "man", "sahxman", "saherman", "sahrema"] {
      for length in [31, 32, 33, 40] {
        for place in 0...(length - piece.count) {
          var line = Array(repeating: UInt8(ascii: "x"), count: length)
          line.replaceSubrange(place..<(place + piece.count), with: Array(piece.utf8))
          let (ascii, decoded) = holdsAHalfBothWays(term, line, scratch)
          #expect(ascii == decoded, "\(piece) at \(place) of \(length)")
          if decoded == true { held += 1 }
        }
      }
    }
    // The halves, the term with the two characters where they meet swapped, and a piece holding a
    // half; not `sah` or `man`, alone or together.
    #expect(held == 2 * (28 + 29 + 30 + 37) + (24 + 25 + 26 + 33) + (25 + 26 + 27 + 34))
  }

  /// The count a keystroke shows first (`Matcher.accepts`, which tells a line with one mistake
  /// without scoring it) is the number of lines that match: short terms (a word with a mistake
  /// only) and long ones (strewn too), ASCII lines and others.
  @Test func acceptingIsMatching() {
    var random = SparseScorerTests.Generator(state: 9)
    let letters = Array("aaaabcdehmnorsé/-")
    let lines = (0..<3000).map { _ in
      String((0..<random.next(40)).map { _ in letters[random.next(letters.count)] })
    }
    var options = MatchOptions()
    options.typos = .perTerm(1)
    var accepted = 0
    for query in ["share", "hsare", "bomdsa", "sahreman", "carbonsh", "abcdéhmo"] {
      var matcher = Matcher(pattern: Pattern(query, options: options))
      for line in lines {
        Array(line.utf8).withUnsafeBytes { bytes in
          let accepts = matcher.accepts(bytes)
          #expect(accepts == (matcher.match(bytes) != nil), "\(query) in \(line)")
          if accepts { accepted += 1 }
        }
      }
    }
    #expect(accepted > 300)
  }

  @Test func positionsAndScoresAgreeWithAndWithoutPlaces() {
    var state: UInt64 = 3
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    let letters = Array("abcdeé/-_ ".unicodeScalars)
    func word(_ most: Int) -> String {
      String(String.UnicodeScalarView((0..<(1 + next() % most)).map { _ in letters[next() % letters.count] }))
    }
    let lines = (0..<150).map { _ in word(40) }
    var typos = MatchOptions()
    typos.typos = .byLength
    var repaired = 0
    for _ in 0..<80 {
      let query = word(14).replacingOccurrences(of: " ", with: "")
      guard !query.isEmpty else { continue }
      var matcher = Matcher(pattern: Pattern(query, options: typos))
      for line in lines {
        let bytes = Array(line.utf8)
        let plain = bytes.withUnsafeBytes { matcher.match($0)?.score }
        let placed = bytes.withUnsafeBytes { matcher.scoreWithPositions($0) }
        #expect(plain == placed, "\(query) in \(line)")
        if plain != nil && score(query, line) == nil { repaired += 1 }
        if let places = matcher.positions(bytes) {
          #expect(places.allSatisfy { $0 >= 0 && $0 < line.unicodeScalars.count })
        }
      }
    }
    // The lines above are ones only a repair matches, not just lines any query matches.
    #expect(repaired > 100)
  }
}
