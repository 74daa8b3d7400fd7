/// The strategy for every pattern but one fuzzy term: groups of terms (`a | b`) that must all match,
/// each term matched by its kind (fuzzy, exact, anchored, negated), the exact terms found in one pass
/// for all of them where that pays (`ExactTermScan`), the scores added up as fzf adds them.
///
/// Also the way of any pattern through `--nth`'s pieces.
final class TermGroups {
  let groups: [[Term]]
  /// How many times each group was written (each copy counts, as in fzf).
  let repeats: [Int32]
  /// The pass of the exact terms, when the pattern has some.
  let exactScan: ExactTermScan?
  /// Which lines the pass of the exact terms reads.
  let scanning: ExactTermScan.Lines
  /// Anchored ASCII terms (`^abc`, `abc$`, `^abc$`) that must hold: checked on the bytes at the line's
  /// start or end before anything is decoded.
  let anchors: [Anchor]

  init(_ pattern: Pattern, scanning: ExactTermScan.Lines) {
    groups = pattern.groups
    repeats = pattern.repeats
    exactScan = pattern.exactScan
    self.scanning = scanning
    anchors = pattern.groups.compactMap { group in
      guard group.count == 1, !group[0].inverse,
        [.prefix, .suffix, .equal].contains(group[0].kind),
        group[0].chars.allSatisfy({ $0 < 0x80 })
      else { return nil }
      return Anchor(group[0])
    }
  }

  /// How the terms read the line being matched: an ASCII line from its bytes (no memory in proportion
  /// to its length), a long line in pieces (see `LongLine`), another decoded once for all of them.
  struct LineView {
    enum Form { case ascii, long, decoded }
    let bytes: UnsafeRawBufferPointer
    let form: Form
    /// Which `--nth` piece of the item it is, when the pass of the exact terms reads it (its pass is
    /// kept for the next term).
    let scannedPiece: Int?
  }

  /// The pattern's match in `line`, the matched characters' places appended to `positions`.
  func match(
    _ line: UnsafeRawBufferPointer, _ config: MatchConfig, _ scratch: inout MatchScratch,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    for anchor in anchors where anchor.rejects(line) { return nil }
    if let base = line.baseAddress {
      guard config.prescan.passes(base.assumingMemoryBound(to: UInt8.self), line.count) else { return nil }
    } else if !config.prescan.passes(UnsafePointer(bitPattern: 1)!, 0) {
      return nil
    }
    forgetPasses(&scratch)
    let view = read(line, piece: 0, config, &scratch)
    // The groups the pass of the exact terms answers for whole are not gone through one by one.
    var base: Match?
    if let summary = scannedGroups(view, config, &scratch, positions: positions) {
      guard let summary else { return nil }
      base = summary
    }
    let (numbers, only) = (exactScan?.groupNumbers, base == nil ? nil : exactScan?.uncovered)
    scratch.typos?.startLine()
    let found = TermGroups.combine(groups, repeats, numbers: numbers, only: only, onto: base) {
      term, number in
      evaluate(term, number: number, view, config, &scratch, positions: term.inverse ? nil : positions)
    }
    if found != nil { scratch.typos?.lineMatched() }
    return found
  }

  /// The pattern matched as fzf matches it against several `--nth` selections (`--nth 1,3`): each
  /// term is looked for in each selection in turn, the first that has it counting (a negation holds
  /// when none has it), its span moved by that selection's `shift` (its place in the item's text).
  /// `withSpan`: spans exact, as `Matcher.matchWithSpan` gives them.
  func match(
    pieces: [(text: [UInt8], shift: Int)], withSpan: Bool, _ config: MatchConfig,
    _ scratch: inout MatchScratch
  ) -> Match? {
    var found: [Int] = []
    forgetPasses(&scratch)
    scratch.typos?.startLine()
    let matched = withUnsafeMutablePointer(to: &found) { positions in
      TermGroups.combine(groups, repeats, numbers: exactScan?.groupNumbers) { term, number in
        for (index, piece) in pieces.enumerated() {
          let match = piece.text.withUnsafeBytes { text in
            let view = read(text, piece: index, config, &scratch)
            return evaluate(
              term, number: number, view, config, &scratch,
              positions: withSpan && !term.inverse ? positions : nil)
          }
          guard var match else { continue }
          match.begin += piece.shift
          match.end += piece.shift
          return match
        }
        return nil
      }
    }
    if matched != nil { scratch.typos?.lineMatched() }
    return matched
  }

  /// `line` made ready for the terms to read (decoded when it is neither ASCII nor long).
  private func read(
    _ line: UnsafeRawBufferPointer, piece: Int, _ config: MatchConfig, _ scratch: inout MatchScratch
  ) -> LineView {
    let scanned =
      exactScan.map { scan in scanning == .every || (scanning == .asWorthIt && scan.reads(line.count)) }
      ?? false
    let form: LineView.Form
    if let base = line.baseAddress, Matcher.isASCII(base.assumingMemoryBound(to: UInt8.self), line.count) {
      form = .ascii
    } else if line.count >= config.longLineBytes {
      form = .long
    } else {
      scratch.decode(line)
      form = .decoded
    }
    return LineView(bytes: line, form: form, scannedPiece: scanned ? piece : nil)
  }

  /// Matches one term (negated or not) against the line as `view` shows it.
  private func evaluate(
    _ term: Term, number: Int32, _ view: LineView, _ config: MatchConfig, _ scratch: inout MatchScratch,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    if number >= 0, let scanned = scannedExact(number, view, config, &scratch) {
      if let scanned { positions?.pointee.append(contentsOf: scanned.begin...scanned.end) }
      return scanned
    }
    switch view.form {
    case .long:
      let p = view.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      return LongLine.term(term, p, view.bytes.count, config.scorer, &scratch, positions: positions)
    case .ascii:
      let text = Scorer.ASCIIText(
        bytes: view.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), fold: CharFold.table(term.fold),
        pairs: CharFold.asciiPairs(term.fold), count: view.bytes.count)
      return TermGroups.evaluate(term, text, config.scorer, scratch.typosRef, positions: positions)
    case .decoded:
      let text = scratch.decodedText(folding: term.fold)
      return TermGroups.evaluate(term, text, config.scorer, scratch.typosRef, positions: positions)
    }
  }

  /// One term of any kind on a `text` the scorer reads.
  private static func evaluate<T: ScoredText>(
    _ term: Term, _ text: T, _ scorer: Scorer, _ typos: Unmanaged<TypoScratch>?,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    let n = text.count
    return term.chars.withUnsafeBufferPointer { pattern in
      let m = pattern.count
      // Anchors skip whitespace at the end they hold to, unless the term itself begins (ends) with it.
      @inline(__always) func leading() -> Int {
        guard m > 0, !LineMeasure.isSpace(pattern[0]) else { return 0 }
        var k = 0
        while k < n && LineMeasure.isSpace(text.raw(k)) { k += 1 }
        return k
      }
      @inline(__always) func trailing() -> Int {
        guard m > 0, !LineMeasure.isSpace(pattern[m - 1]) else { return 0 }
        var k = 0
        while k < n && LineMeasure.isSpace(text.raw(n - 1 - k)) { k += 1 }
        return k
      }
      switch term.kind {
      case .fuzzy:
        return TypoSearch.fuzzy(scorer, typos, pattern, typos: term.typos, text, positions: positions)
      case .exact:
        return scorer.exact(pattern, text, candidates: 0...max(0, n - m), positions)
      case .exactBoundary:
        return scorer.exact(pattern, text, candidates: 0...max(0, n - m), positions, atBoundaries: true)
      case .prefix:
        let start = leading()
        return n - start < m ? nil : scorer.exact(pattern, text, candidates: start...start, positions)
      case .suffix:
        let start = n - trailing() - m
        return start < 0 ? nil : scorer.exact(pattern, text, candidates: start...start, positions)
      case .equal:
        let start = leading()
        guard n - start - trailing() == m,
          var found = scorer.exact(pattern, text, candidates: start...start, positions)
        else { return nil }
        // fzf's score for a whole-line match: every character with the whitespace bonus.
        found.score = (Scorer.scoreMatch + scorer.white) * Int32(m) + scorer.white
        return found
      }
    }
  }

  /// The pattern's match from where each term is found (`find`, given the term and its number in the
  /// pass of the exact terms, or -1; nil when it is not found; a negated term is found when its text
  /// is): scores add up over the groups (a group written `repeats` times counts that many times, as
  /// fzf counts each copy), the span covers the positive terms. `only`: the groups to go through (nil:
  /// all), `onto` what the others made (`ExactTermScan.summary`).
  static func combine(
    _ groups: [[Term]], _ repeats: [Int32], numbers: [[Int32]]?, only: [Int]? = nil, onto base: Match? = nil,
    _ find: (Term, Int32) -> Match?
  ) -> Match? {
    var total = base ?? Match(score: 0, begin: Int.max, end: 0, firstEnd: Int.max)
    @inline(__always) func take(_ g: Int) -> Bool {
      // As in fzf, the first positive term of `a | b | c` that matches decides; a negation that holds
      // lets the group pass with no score unless a later positive term matches.
      var best: Match?
      var positive = false
      for (t, term) in groups[g].enumerated() {
        let found = find(term, numbers?[g][t] ?? -1)
        if term.inverse {
          if found == nil { best = Match(score: 0, begin: 0, end: 0) }
          continue
        }
        guard let found else { continue }
        best = found
        positive = true
        break
      }
      guard let best else { return false }
      total.score = Int32(clamping: Int(total.score) + Int(best.score) * Int(repeats[g]))
      // A negation has no place in the line: only positive terms make the span (as in fzf).
      if positive {
        total.begin = min(total.begin, best.begin)
        total.end = max(total.end, best.end)
        total.firstEnd = min(total.firstEnd, best.end)
      }
      return true
    }
    if let only {
      for g in only where !take(g) { return nil }
    } else {
      for g in groups.indices where !take(g) { return nil }
    }
    if total.begin == Int.max {
      total.begin = 0
      total.firstEnd = 0
      total.hasSpan = false
    }
    return total
  }
}
