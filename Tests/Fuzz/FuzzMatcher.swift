/// The query parser and matcher against a brute-force reference: the same lines match, the shortcut
/// scorer gives the exhaustive scorer's score, and positions agree with the score.
func fuzzMatcher(_ input: [UInt8]) {
  let (query, text) = queryAndText(input)
  for options in [MatchOptions(), MatchOptions(caseMode: .insensitive, exact: true, foldDiacritics: false)] {
    let pattern = Pattern(query: query, options: options)
    var fast = Matcher(pattern: pattern)
    var slow = Matcher(pattern: pattern, ceilingShortcut: false)
    for line in text.split(separator: 10, omittingEmptySubsequences: false).prefix(64) {
      let bytes = Array(line)
      let found = bytes.withUnsafeBytes { fast.match($0) }
      require((found != nil) == referenceMatches(pattern, bytes), "match differs from the reference")
      let exhaustive = bytes.withUnsafeBytes { slow.match($0) }
      require(
        found?.score == exhaustive?.score,
        "shortcut score \(String(describing: found)) vs \(String(describing: exhaustive))")
      let traced = bytes.withUnsafeBytes { slow.scoreWithPositions($0) }
      require(traced == exhaustive?.score, "score with positions differs")
    }
  }
}

/// Whether `line` matches `pattern`, the slow and obvious way: every group has a term that holds.
func referenceMatches(_ pattern: Pattern, _ line: [UInt8]) -> Bool {
  let raw = UTF8Decoding.scalars(line)
  return pattern.groups.allSatisfy { group in
    group.contains { term in
      let table = CharFold.table(term.fold)
      let text = raw.map { CharFold.fold($0, table) }
      let p = term.chars
      let holds: Bool
      switch term.kind {
      case .fuzzy:
        var k = 0
        for c in text where k < p.count && c == p[k] { k += 1 }
        holds = k == p.count
      case .exact:
        holds =
          p.isEmpty
          || (0...max(0, text.count - p.count)).contains {
            text.count >= p.count && Array(text[$0..<($0 + p.count)]) == p
          }
      case .prefix: holds = text.starts(with: p)
      case .suffix: holds = text.count >= p.count && Array(text.suffix(p.count)) == p
      case .equal: holds = text == p
      }
      return holds != term.inverse
    }
  }
}
