import Testing

@testable import MSelectCore

/// The one pass of many exact terms along a long line chooses and scores each term's place as a scan
/// a term does: the same matches, spans and scores, whichever way the search looks and folds.
@Suite struct ExactTermScanTests {
  /// A line of words of every character class (upper, lower, digits, delimiters, whitespace,
  /// non-ASCII), long enough for the one pass.
  private static func line(seed: UInt64, nonASCII: Bool) -> [UInt8] {
    var random = IncrementalSearchTests.Seeded(state: seed)
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
      #expect(ExactTermScan(all.pattern) != nil)
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
}
