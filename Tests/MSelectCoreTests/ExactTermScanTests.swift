import Testing

@testable import MSelectCore

/// The one pass of many exact terms along a long line chooses and scores each term's place as a scan
/// a term does: the same matches, spans and scores, whichever way the search looks and folds.
@Suite struct ExactTermScanTests {
  /// A line of words of every character class (upper, lower, digits, delimiters, whitespace,
  /// non-ASCII), long enough for the one pass.
  private static func line(seed: UInt64, nonASCII: Bool) -> [UInt8] {
    var random = Seeded(state: seed)
    let pieces =
      ["ab", "Ab", "AB", "x9", "/", "_", " ", "-", "cd", "q", "zz", "b."] + (nonASCII ? ["é", "Ö"] : [])
    var text = ""
    while text.utf8.count < ExactTermScan.minimumBytes + 4096 {
      text += pieces[Int(random.next() % UInt64(pieces.count))]
    }
    return Array(text.utf8)
  }

  private static let terms = [
    "ab", "abcd", "bcd", "b/", "x9ab", "zzq", "Ab_", "d-a", "9", "cdq", "AB A", "éa", "öx", "b.ab",
  ]

  @Test(arguments: [false, true], [false, true])
  func theScanFindsWhatAScanATermFinds(backward: Bool, nonASCII: Bool) {
    for caseMode in [MatchOptions.CaseMode.sensitive, .insensitive] {
      var options = MatchOptions(caseMode: caseMode)
      options.exact = true
      options.backward = backward
      let line = ExactTermScanTests.line(seed: nonASCII ? 7 : 3, nonASCII: nonASCII)
      let query = ExactTermScanTests.terms.map { $0.replacingOccurrences(of: " ", with: "\\ ") }
      // Without ASCII, the line is also read as a long one (in pieces, never decoded whole).
      var all = Matcher(
        pattern: Pattern(query.joined(separator: " ") + " ab", options: options), ceilingShortcut: true,
        longLine: nonASCII ? 4096 : Matcher.longLine)
      // The query has enough exact terms for the scan, and the line is long enough.
      #expect(all.pattern.exactScan != nil)
      var total: Int32 = 0
      var begin = Int.max
      var end = 0
      var everyTermFound = true
      var positions: Set<Int> = []
      for term in query + ["ab"] {
        var one = Matcher(pattern: Pattern(term, options: options))
        guard let found = line.withUnsafeBytes({ one.match($0) }) else {
          everyTermFound = false
          continue
        }
        total += found.score
        begin = min(begin, found.begin)
        end = max(end, found.end)
        positions.formUnion(line.withUnsafeBytes { one.positions($0) } ?? [])
      }
      let found = line.withUnsafeBytes { all.matchWithSpan($0) }
      if everyTermFound {
        #expect(found?.score == total)
        #expect(found?.begin == begin && found?.end == end)
        #expect(line.withUnsafeBytes { all.positions($0) } == positions.sorted())
      } else {
        #expect(found == nil)
      }
      // Each term alone beside seven others that are always there: its own score.
      for term in query + ["nothere"] {
        let others = ["a", "b", "c", "d", "A", "B", "_", "/"]
        var matcher = Matcher(pattern: Pattern(([term] + others).joined(separator: " "), options: options))
        var one = Matcher(pattern: Pattern(term, options: options))
        var rest = Matcher(pattern: Pattern(others.joined(separator: " "), options: options))
        let expected = line.withUnsafeBytes { bytes in
          one.matchWithSpan(bytes).flatMap { a in rest.match(bytes).map { a.score + $0.score } }
        }
        #expect(line.withUnsafeBytes { matcher.match($0)?.score } == expected, "\(term)")
      }
    }
  }

  /// With many terms the pass reads short lines too: a line's terms are found as one by one, its
  /// negations hold or fail as they do, and nothing found on one line is left for the next.
  @Test(arguments: [false, true])
  func manyTermsOnShortLinesAsOneByOne(backward: Bool) {
    var random = Seeded(state: 11)
    let letters = Array("abcAB9/_ -é")
    func word(_ length: Int) -> String {
      String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
    }
    var options = MatchOptions(caseMode: .sensitive)
    options.exact = true
    options.backward = backward
    var matched = 0
    var compared = 0
    for _ in 0..<40 {
      let lines = [word(400)] + (0..<2).map { _ in word(40 + Int(random.next() % 200)) }
      // Terms taken from the first line (some absent from the others), and negations of words
      // that may or may not be anywhere.
      var terms = Set<String>()
      for _ in 0..<10_000 where terms.count < ExactTermScan.manyTerms + 6 {
        let chars = Array(lines[0])
        let start = Int(random.next() % UInt64(chars.count - 4))
        let piece = String(chars[start..<(start + 2 + Int(random.next() % 3))])
        if !piece.contains(" ") { terms.insert(piece) }
      }
      let negations = (0..<3).map { _ in "!" + word(3).replacingOccurrences(of: " ", with: "x") }
      let query = terms.sorted() + negations
      var all = Matcher(pattern: Pattern(query.joined(separator: " "), options: options))
      #expect(all.pattern.exactScan != nil)
      for line in lines {
        let bytes = Array(line.utf8)
        var expected: Int32? = 0
        var positions: Set<Int> = []
        for term in query {
          var one = Matcher(pattern: Pattern(term, options: options))
          let found = bytes.withUnsafeBytes { one.match($0) }
          if let found { expected = expected.map { $0 + found.score } } else { expected = nil }
          if !term.hasPrefix("!") { positions.formUnion(bytes.withUnsafeBytes { one.positions($0) } ?? []) }
        }
        #expect(bytes.withUnsafeBytes { all.match($0)?.score } == expected, "\(line)")
        // Each term's own place, as the pass found it.
        let scan = all.pattern.exactScan!
        let pass = ExactScanPass()
        let classes = ScalarClasses()
        bytes.withUnsafeBufferPointer {
          scan.run(
            $0.baseAddress!, $0.count, into: pass, scorer: Scorer(backward: backward),
            knownClasses: classes.table)
        }
        for term in terms {
          var one = Matcher(pattern: Pattern(term, options: options))
          // Terms with a non-ASCII character are looked for one by one.
          guard let number = scan.number(of: one.pattern.groups[0][0]) else { continue }
          compared += 1
          let found = bytes.withUnsafeBytes { one.matchWithSpan($0) }
          #expect(
            pass.match(number).map { [$0.score, Int32($0.begin), Int32($0.end)] }
              == found.map { [$0.score, Int32($0.begin), Int32($0.end)] })
        }
        if expected != nil {
          matched += 1
          #expect(bytes.withUnsafeBytes { all.positions($0) } == positions.sorted(), "\(line)")
        }
      }
    }
    // Most first lines hold every term, unless a negation is there.
    #expect(matched >= 20)
    #expect(compared >= 40 * 3 * ExactTermScan.manyTerms / 2)
  }
}
