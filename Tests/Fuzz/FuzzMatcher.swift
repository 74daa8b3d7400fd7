/// The query parser and matcher against a brute-force reference: the same lines match, the shortcut
/// scorer gives the exhaustive scorer's score, and positions agree with the score.
func fuzzMatcher(_ input: [UInt8]) {
  let (query, text) = queryAndText(input)
  for options in [MatchOptions(), MatchOptions(caseMode: .insensitive, exact: true, foldDiacritics: false)] {
    let pattern = Pattern(query: query, options: options)
    var fast = Matcher(pattern: pattern)
    var slow = Matcher(pattern: pattern, ceilingShortcut: false)
    // The long-line path (no whole-line decoding) taken for every line.
    var long = Matcher(pattern: pattern, ceilingShortcut: true, longLine: 0)
    // The one pass of the exact terms (with eight or more of them) for every line, and never.
    var scanned = Matcher(pattern: pattern, ceilingShortcut: true, scanning: .every)
    var unscanned = Matcher(pattern: pattern, ceilingShortcut: true, scanning: .none)
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
      let read = bytes.withUnsafeBytes { long.match($0) }
      require(
        read?.score == found?.score && read?.begin == found?.begin && read?.end == found?.end,
        "long-line match \(String(describing: read)) vs \(String(describing: found))")
      require(
        bytes.withUnsafeBytes { long.positions($0) } == bytes.withUnsafeBytes { fast.positions($0) },
        "long-line positions differ")
      let pass = bytes.withUnsafeBytes { scanned.matchWithSpan($0) }
      let plain = bytes.withUnsafeBytes { unscanned.matchWithSpan($0) }
      require(
        pass?.score == plain?.score && pass?.begin == plain?.begin && pass?.end == plain?.end
          && pass?.firstEnd == plain?.firstEnd && pass?.hasSpan == plain?.hasSpan,
        "exact-term pass \(String(describing: pass)) vs \(String(describing: plain))")
      require(
        bytes.withUnsafeBytes { scanned.positions($0) } == bytes.withUnsafeBytes { unscanned.positions($0) },
        "exact-term pass positions differ")
    }
  }
  fuzzTypos(query, text)
}

/// With `--typos`, for either ranking of a run with mistakes (first, or by its score): the shortcut
/// scorer gives the exhaustive one's score, positions agree with it, and the same lines match.
private func fuzzTypos(_ query: [UInt8], _ text: [UInt8]) {
  var options = MatchOptions()
  options.typos = .byLength
  let pattern = Pattern(query: query, options: options)
  var first = (
    Matcher(pattern: pattern, runsFirst: true),
    Matcher(pattern: pattern, ceilingShortcut: false, runsFirst: true)
  )
  var byScore = (
    Matcher(pattern: pattern, runsFirst: false),
    Matcher(pattern: pattern, ceilingShortcut: false, runsFirst: false)
  )
  for line in text.split(separator: 10, omittingEmptySubsequences: false).prefix(64) {
    let bytes = Array(line)
    let found = bytes.withUnsafeBytes {
      (first.0.match($0), first.1.match($0), first.1.scoreWithPositions($0))
    }
    require(found.0?.score == found.1?.score, "typos, runs first: shortcut score differs")
    require(found.2 == found.1?.score, "typos, runs first: score with positions differs")
    let scored = bytes.withUnsafeBytes {
      (byScore.0.match($0), byScore.1.match($0), byScore.1.scoreWithPositions($0))
    }
    require(scored.0?.score == scored.1?.score, "typos, by score: shortcut score differs")
    require(scored.2 == scored.1?.score, "typos, by score: score with positions differs")
    require((found.0 == nil) == (scored.0 == nil), "typos: the ranking changed which lines match")
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
      // Anchors skip whitespace at their end of the line unless the term itself has it there.
      func isSpace(_ c: UInt32) -> Bool { LineMeasure.isSpace(c) }
      let lead = p.first.map { isSpace($0) } ?? true ? 0 : text.prefix { isSpace($0) }.count
      let trail = p.last.map { isSpace($0) } ?? true ? 0 : text.reversed().prefix { isSpace($0) }.count
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
      case .prefix: holds = text.dropFirst(lead).starts(with: p)
      case .suffix:
        let body = text.dropLast(min(trail, text.count))
        holds = body.count >= p.count && Array(body.suffix(p.count)) == p
      case .equal:
        holds = lead + trail <= text.count && Array(text.dropFirst(lead).dropLast(trail)) == p
      case .exactBoundary:
        // An occurrence with a word boundary on both sides (whitespace, punctuation or the line's ends).
        func edge(_ j: Int) -> Bool {
          j < 0 || j >= raw.count
            || CharClass.of(raw[j], CharClass.asciiTable).rawValue <= CharClass.delimiter.rawValue
        }
        holds =
          text.count >= p.count
          && (0...(text.count - p.count)).contains {
            Array(text[$0..<($0 + p.count)]) == p && edge($0 - 1) && edge($0 + p.count)
          }
      }
      return holds != term.inverse
    }
  }
}
