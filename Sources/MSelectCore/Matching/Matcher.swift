/// Applies a `Pattern` to line bytes: a byte pre-scan rejects most lines, the rest are decoded and scored.
///
/// Holds scratch buffers, so each thread uses its own matcher.
public struct Matcher {
  public let pattern: Pattern
  let raw = ScratchBuffer<UInt32>()
  let folded = ScratchBuffer<UInt32>()
  /// Made on the first non-ASCII line: most searches never need it.
  private var scalarClasses: ScalarClasses?
  private var foldedMode: CharFold.Mode?
  var count = 0
  /// The line being matched by several terms, when it is ASCII (then it is not decoded).
  private var asciiLine: UnsafeRawBufferPointer?
  /// The line being matched by several terms, when it is long and not ASCII (then it is not decoded
  /// whole: see `evaluateLong`).
  private var longLine: UnsafeRawBufferPointer?
  let scorer: Scorer
  /// The byte pre-scan over the positive terms that stand alone in their group.
  private let prescan: Prescan
  /// The common case, a query of one fuzzy term, kept in plain memory so matching a line does no
  /// reference counting.
  private let single: SingleFuzzyTerm?
  /// Owns the memory `single` points into.
  private let singleStorage: SingleFuzzyStorage?
  /// Anchored ASCII terms (`^abc`, `abc$`, `^abc$`) that must hold: checked on the bytes at the line's
  /// start or end before anything is decoded.
  private let anchors: [Anchor]

  /// Characters of each term the byte pre-scan checks.
  static let prescanLength = 64
  /// From this many bytes on, a line with non-ASCII characters is matched by one fuzzy term without
  /// being decoded whole (see `matchLong`).
  package static let longLine = 1 << 20
  /// `longLine`, or less in tests (so the long path is compared with the usual one on short lines).
  let longLineBytes: Int
  /// No line shorter than this (in bytes) can match.
  private let minimumBytes: Int
  /// Made when a term forgives typing mistakes (`--typos`).
  let typoScratch: TypoScratch?
  /// The same, handed to the typo search for every line unretained (`typoScratch` keeps it alive): a
  /// retain and a release a line were 5 % of `fierfox`'s time.
  private let lineScratch: Unmanaged<TypoScratch>?
  /// The line `withLine` set, when the pattern's `exactScan` reads it, and which of `exactPasses`
  /// holds what the scan found there (one a `--nth` piece, each run once for all the terms).
  var scannedLine: UnsafeRawBufferPointer?
  private let scanning: ExactTermScan.Lines
  var scannedPiece = 0
  var exactPasses: [ExactScanPass] = []

  public init(pattern: Pattern) {
    self.init(pattern: pattern, ceilingShortcut: true)
  }

  /// A matcher whose scorer may be kept from its shortcut, so tests can compare both ways.
  /// `scanning`: which lines the pass of the exact terms reads (tests compare the ways).
  /// `runsFirst`: whether a term held as a run with mistakes ranks first, as the search that ranked
  /// the lines settled it (see `TypoSightings`); nil while a search goes.
  package init(
    pattern: Pattern, ceilingShortcut: Bool = true, longLine: Int = Matcher.longLine,
    scanning: ExactTermScan.Lines = .asWorthIt, runsFirst: Bool? = nil
  ) {
    self.longLineBytes = longLine
    self.scanning = scanning
    self.pattern = pattern
    scorer = Scorer(
      ceilingShortcut: ceilingShortcut, scheme: pattern.options.scheme, backward: pattern.options.backward)
    // The pre-scan looks at the first characters of the first terms only: a prefix is a necessary
    // condition too, and so is any of the groups a line must match, and its tables (about 1 KiB a
    // character) stay small whatever is pasted into the query (thousands of words).
    var scanned: [Term] = []
    var rows = 0
    // A term that forgives mistakes need not appear whole: it is no condition.
    for group in pattern.groups
    where group.count == 1 && !group[0].inverse && group[0].typos == 0 && rows < Matcher.prescanLength {
      scanned.append(group[0].prefix(Matcher.prescanLength))
      rows += scanned[scanned.count - 1].chars.count
    }
    // A term that forgives mistakes still names characters a line must hold one of.
    let forgiving = pattern.groups.compactMap { group in
      group.count == 1 && !group[0].inverse && group[0].typos > 0 ? group[0] : nil
    }
    prescan = Prescan(scanned, forgiving: forgiving)
    // Every character of a positive term takes at least one byte of the line.
    minimumBytes =
      pattern.groups.map { group in group.map { $0.inverse ? 0 : $0.chars.count - $0.typos }.min() ?? 0 }
      .max()
      ?? 0
    typoScratch =
      pattern.groups.joined().contains { $0.typos > 0 }
      ? TypoScratch(sightings: pattern.sightings, runsFirst: runsFirst) : nil
    lineScratch = typoScratch.map { Unmanaged.passUnretained($0) }
    typoScratch?.defersSightings = !pattern.isOneFuzzyTerm
    anchors = pattern.groups.compactMap { group in
      guard group.count == 1, !group[0].inverse,
        [.prefix, .suffix, .equal].contains(group[0].kind),
        group[0].chars.allSatisfy({ $0 < 0x80 })
      else { return nil }
      return Anchor(group[0])
    }
    if pattern.isOneFuzzyTerm {
      let storage = SingleFuzzyStorage(pattern.groups[0][0])
      singleStorage = storage
      single = storage.term
    } else {
      singleStorage = nil
      single = nil
    }
  }

  /// The matcher's skipping and byte verdict, for a scan loop to hold (see `Skipper`).
  var skipper: Skipper {
    Skipper(
      prescan: prescan, skips: prescan.canSkip && !pattern.isEmpty,
      judges: single != nil && single?.typos == 0)
  }

  /// Characters the byte pre-scan checks (bounded whatever the query's length).
  package var prescanRows: Int { prescan.rowCount }

  /// Whether some term must end the line (`abc$`): then the last bytes of a line can rule it out.
  package var anchorsLineEnds: Bool { anchors.contains { $0.atEnd } }

  /// For a term that must end the line (`abc$`), the ASCII bytes its last character can be under
  /// its folding (one or two: `c`, or `c` and `C`); nil without such a term. A line whose last byte is
  /// ASCII, not whitespace and none of these cannot match (see `Anchor.rejects`).
  package var lineEndBytes: [UInt8]? {
    guard let anchor = anchors.first(where: { $0.atEnd }), let last = anchor.chars.last else { return nil }
    let bytes = (0..<128).filter { anchor.table[$0] == UInt32(last) }.map(UInt8.init)
    return bytes.isEmpty || bytes.count > 2 ? nil : bytes
  }

  /// Lets the skipping adapt to the bytes about to be searched (a sample of them).
  package func adapt(to sample: UnsafeRawBufferPointer) {
    prescan.adapt(to: sample)
  }

  /// Scores a line given as bytes; nil when it does not match.
  public mutating func match(_ line: [UInt8]) -> Match? {
    line.withUnsafeBytes { match($0) }
  }

  /// The matched character indices of a line given as bytes (sorted), or nil when it does not match.
  package mutating func positions(_ line: [UInt8]) -> [Int]? {
    line.withUnsafeBytes { positions($0) }
  }

  /// Whether `line` matches, without scoring it where a cheaper test decides: one fuzzy term on an
  /// ASCII line is a subsequence check.
  package mutating func accepts(_ line: UnsafeRawBufferPointer) -> Bool {
    if let single, line.count >= minimumBytes, let base = line.baseAddress {
      let p = base.assumingMemoryBound(to: UInt8.self)
      let n = line.count
      if Matcher.isASCII(p, n) {
        let text = Scorer.ASCIIText(bytes: p, fold: single.table, pairs: single.pairs, count: n)
        // With one mistake forgiven, the places found are the forward half of `typoEnds`.
        let oneMistake = single.typos == 1 ? lineScratch : nil
        let places = oneMistake.map { Matcher.forwardPlaces($0, single.chars.count) }
        var j = 0
        for (k, c) in single.chars.enumerated() {
          j = text.next(c, from: j, through: n - 1)
          guard j < n else {
            if let oneMistake { return Matcher.acceptsOneMistake(oneMistake, single.chars, text, matched: k) }
            return single.typos > 0
              && Matcher.fuzzy(scorer, lineScratch, single.chars, typos: single.typos, text, positions: nil)
                != nil
          }
          places?[k] = j
          j += 1
        }
        return true
      }
    }
    return match(line) != nil
  }

  package mutating func match(_ line: UnsafeRawBufferPointer, prescanned: Bool = false) -> Match? {
    evaluate(line, positions: nil, prescanned: prescanned)
  }

  /// Scores a line with the span of its best alignment exact (the scoring shortcuts know only the
  /// score): what the `begin`, `end`, `chunk` and `pathname` tiebreaks measure.
  package mutating func matchWithSpan(_ line: UnsafeRawBufferPointer) -> Match? {
    var found: [Int] = []
    return evaluate(line, positions: &found)
  }

  /// The score as computed while collecting positions (the full matrices); for tests.
  package mutating func scoreWithPositions(_ line: UnsafeRawBufferPointer) -> Int32? {
    var found: [Int] = []
    return evaluate(line, positions: &found)?.score
  }

  /// The matched character indices (sorted, deduplicated) for highlighting, or nil when no match.
  package mutating func positions(_ line: UnsafeRawBufferPointer) -> [Int]? {
    highlights(line)?.sorted
  }

  /// The characters to highlight, those a typo repair stands on apart; nil when no match.
  package mutating func highlights(_ line: UnsafeRawBufferPointer) -> Highlights? {
    var found: [Int] = []
    guard evaluate(line, positions: &found) != nil else { return nil }
    return Highlights(places: found)
  }

  /// The match of `line` with its alignment worked out, the matched characters' indices appended to
  /// `positions` (unsorted, possibly repeated).
  mutating func matchAligned(_ line: UnsafeRawBufferPointer, positions: inout [Int]) -> Match? {
    evaluate(line, positions: &positions)
  }

  private mutating func evaluate(
    _ line: UnsafeRawBufferPointer, positions: UnsafeMutablePointer<[Int]>?, prescanned: Bool = false
  ) -> Match? {
    if pattern.isEmpty { return Match(score: 0, begin: 0, end: 0) }
    if line.count < minimumBytes { return nil }
    // One fuzzy term checks its own subsequence on ASCII lines (faster than the byte pre-scan).
    if let single { return matchSingle(single, line, positions: positions, prescanned: prescanned) }
    for anchor in anchors where anchor.rejects(line) { return nil }
    if let base = line.baseAddress {
      guard prescan.passes(base.assumingMemoryBound(to: UInt8.self), line.count) else { return nil }
    } else if !prescan.passes(UnsafePointer(bitPattern: 1)!, 0) {
      return nil
    }
    let (groups, repeats) = (pattern.groups, pattern.repeats)
    forgetPasses()
    return withLine(line, piece: 0) { matcher in
      // The groups the pass of the exact terms answers for whole are not gone through one by one.
      var base: Match?
      if let summary = matcher.scannedGroups(positions: positions) {
        guard let summary else { return nil }
        base = summary
      }
      let only = base == nil ? nil : matcher.pattern.exactScan?.uncovered
      let numbers = matcher.pattern.exactScan?.groupNumbers
      matcher.typoScratch?.startLine()
      let found = Matcher.combine(groups, repeats, numbers: numbers, only: only, onto: base) { term, number in
        matcher.evaluatePositive(term, number: number, positions: term.inverse ? nil : positions)
      }
      if found != nil { matcher.typoScratch?.lineMatched() }
      return found
    }
  }

  /// The pattern matched as fzf matches it against several `--nth` selections (`--nth 1,3`): each
  /// term is looked for in each selection in turn, the first that has it counting (a negation holds
  /// when none has it), its span moved by that selection's `shift` (its place in the item's text).
  /// `withSpan`: spans exact, as `matchWithSpan` gives them. `whole`: a text that holds every piece
  /// (the line), checked first by the byte pre-scan, which a term found in a piece passes too.
  package mutating func match(
    pieces: [(text: [UInt8], shift: Int)], within whole: UnsafeRawBufferPointer, withSpan: Bool
  ) -> Match? {
    if pattern.isEmpty { return Match(score: 0, begin: 0, end: 0) }
    guard whole.count >= minimumBytes else { return nil }
    if let base = whole.baseAddress, !prescan.passes(base.assumingMemoryBound(to: UInt8.self), whole.count) {
      return nil
    }
    var found: [Int] = []
    let (groups, repeats) = (pattern.groups, pattern.repeats)
    forgetPasses()
    typoScratch?.startLine()
    let matched = withUnsafeMutablePointer(to: &found) { positions in
      Matcher.combine(groups, repeats, numbers: pattern.exactScan?.groupNumbers) { term, number in
        for (index, piece) in pieces.enumerated() {
          let match = piece.text.withUnsafeBytes { text in
            withLine(text, piece: index) {
              $0.evaluatePositive(
                term, number: number, positions: withSpan && !term.inverse ? positions : nil)
            }
          }
          guard var match else { continue }
          match.begin += piece.shift
          match.end += piece.shift
          return match
        }
        return nil
      }
    }
    if matched != nil { typoScratch?.lineMatched() }
    return matched
  }

  /// Runs `body` with `line` made the one the terms read: an ASCII line is read from its bytes by
  /// every term (no memory in proportion to its length), and a long line by each term in pieces (see
  /// `evaluateLong`); another is decoded once for all of them. `piece`: which `--nth` piece of the
  /// item it is (its scan of the exact terms is kept for the next term).
  private mutating func withLine<R>(
    _ line: UnsafeRawBufferPointer, piece: Int, _ body: (inout Matcher) -> R
  ) -> R {
    defer {
      asciiLine = nil
      longLine = nil
      scannedLine = nil
    }
    if let scan = pattern.exactScan, scanning == .every || (scanning == .asWorthIt && scan.reads(line.count))
    {
      (scannedLine, scannedPiece) = (line, piece)
    }
    if let base = line.baseAddress, Matcher.isASCII(base.assumingMemoryBound(to: UInt8.self), line.count) {
      asciiLine = line
    } else if line.count >= longLineBytes {
      longLine = line
    } else {
      decode(line)
    }
    return body(&self)
  }

  /// The pattern's match from where each term is found (`find`, given the term and its number in the
  /// pass of the exact terms, or -1; nil when it is not found; a negated term is found when its text
  /// is): scores add up over the groups (a group written `repeats` times counts that many times, as
  /// fzf counts each copy), the span covers the positive terms. `only`: the groups to go through (nil:
  /// all), `onto` what the others made (`ExactTermScan.summary`).
  private static func combine(
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

  /// One fuzzy term: decoding and folding in one pass, then the scorer.
  @inline(__always)
  private mutating func matchSingle(
    _ term: SingleFuzzyTerm, _ line: UnsafeRawBufferPointer, positions: UnsafeMutablePointer<[Int]>?,
    prescanned: Bool
  ) -> Match? {
    let n = line.count
    guard n > 0 else { return nil }
    let table = term.table
    let p = line.baseAddress!.assumingMemoryBound(to: UInt8.self)
    if Matcher.isASCII(p, n) {
      let text = Scorer.ASCIIText(bytes: p, fold: table, pairs: term.pairs, count: n)
      return Matcher.fuzzy(scorer, lineScratch, term.chars, typos: term.typos, text, positions: positions)
    }
    // Rule the line out by its bytes before decoding it.
    guard prescanned || prescan.passes(p, n) else { return nil }
    if n >= longLineBytes { return matchLong(term.chars, table, p, n, positions: positions) }
    decode(line, folding: table)
    let text = Scorer.Text(raw: raw.base, folded: folded.base, count: count, knownClasses: knownClasses())
    return Matcher.fuzzy(scorer, lineScratch, term.chars, typos: term.typos, text, positions: positions)
  }

  /// The classes of the non-ASCII scalars met so far.
  mutating func knownClasses() -> UnsafeMutablePointer<UInt8> {
    if let scalarClasses { return scalarClasses.table }
    let made = ScalarClasses()
    scalarClasses = made
    return made.table
  }

  /// Decodes the line into `raw` (one value per character); with a table, also folds it into `folded`
  /// in the same pass (the single-term case), else forgets the previous folding.
  @inline(__always)
  mutating func decode(_ line: UnsafeRawBufferPointer, folding table: UnsafePointer<UInt32>? = nil) {
    let n = line.count
    let out = raw.reserve(max(n, 1))
    let folded = self.folded.reserve(max(n, 1))
    foldedMode = nil
    guard n > 0 else {
      count = 0
      return
    }
    let p = line.baseAddress!.assumingMemoryBound(to: UInt8.self)
    let bytes = UnsafeRawPointer(p)
    let lowers = table.map(CharFold.lowersASCII) ?? false
    var i = 0
    var k = 0
    while i < n {
      // Eight ASCII bytes at once: most of a non-ASCII line is ASCII, and one test of eight spares a
      // branch per byte.
      if i &+ 8 <= n {
        let eight = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if eight & 0x8080_8080_8080_8080 == 0 {
          @inline(__always) func widened(_ word: UInt64) -> SIMD8<UInt32> {
            SIMD8<UInt32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD8<UInt8>.self))
          }
          UnsafeMutableRawPointer(out + k).storeBytes(of: widened(eight), as: SIMD8<UInt32>.self)
          if table != nil {
            // Bytes at or past "A" and not past "Z" gain 0x20 (SWAR: no byte carries into the next).
            let ones: UInt64 = 0x0101_0101_0101_0101
            let upper = (eight &+ ones &* 0x3F) & ~(eight &+ ones &* 0x25) & 0x8080_8080_8080_8080
            let lowered = lowers ? eight | upper >> 2 : eight
            UnsafeMutableRawPointer(folded + k).storeBytes(of: widened(lowered), as: SIMD8<UInt32>.self)
          }
          i &+= 8
          k &+= 8
          continue
        }
      }
      let b = p[i]
      let c: UInt32
      if b < 0x80 {
        c = UInt32(b)
        i += 1
      } else {
        let (scalar, length) = UTF8Decoding.decode(p, i, n)
        c = scalar
        i += length
      }
      out[k] = c
      if let table { folded[k] = CharFold.fold(c, table) }
      k += 1
    }
    count = k
  }

  /// Matches one term's text (negated or not) against the line `withLine` set.
  private mutating func evaluatePositive(
    _ term: Term, number: Int32, positions: UnsafeMutablePointer<[Int]>?
  ) -> Match? {
    if number >= 0, let scanned = scannedExact(number) {
      if let scanned { positions?.pointee.append(contentsOf: scanned.begin...scanned.end) }
      return scanned
    }
    if let line = longLine, let base = line.baseAddress {
      return evaluateLong(term, base.assumingMemoryBound(to: UInt8.self), line.count, positions: positions)
    }
    if let line = asciiLine, let base = line.baseAddress {
      let text = Scorer.ASCIIText(
        bytes: base.assumingMemoryBound(to: UInt8.self), fold: CharFold.table(term.fold),
        pairs: CharFold.asciiPairs(term.fold), count: line.count)
      return evaluatePositive(term, text, positions: positions)
    }
    let n = count
    let out = folded.reserve(max(n, 1))
    if foldedMode != term.fold {
      let table = CharFold.table(term.fold)
      let input = raw.base
      for j in 0..<n { out[j] = CharFold.fold(input[j], table) }
      foldedMode = term.fold
    }
    return evaluatePositive(
      term, Scorer.Text(raw: raw.base, folded: out, count: n, knownClasses: knownClasses()),
      positions: positions)
  }

  private func evaluatePositive<T: ScoredText>(
    _ term: Term, _ text: T, positions: UnsafeMutablePointer<[Int]>?
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
        return Matcher.fuzzy(scorer, lineScratch, pattern, typos: term.typos, text, positions: positions)
      case .exact:
        return exact(pattern, text, candidates: 0...max(0, n - m), positions)
      case .exactBoundary:
        return exact(pattern, text, candidates: 0...max(0, n - m), positions, atBoundaries: true)
      case .prefix:
        let start = leading()
        return n - start < m ? nil : exact(pattern, text, candidates: start...start, positions)
      case .suffix:
        let start = n - trailing() - m
        return start < 0 ? nil : exact(pattern, text, candidates: start...start, positions)
      case .equal:
        let start = leading()
        guard n - start - trailing() == m,
          var found = exact(pattern, text, candidates: start...start, positions)
        else { return nil }
        // fzf's score for a whole-line match: every character with the whitespace bonus.
        found.score = (Scorer.scoreMatch + scorer.white) * Int32(m) + scorer.white
        return found
      }
    }
  }

  /// Where among `candidates` `pattern` appears contiguously, chosen as fzf does: the place whose first
  /// character has the highest bonus, the first such (the last, searching backward); the first place
  /// at a word boundary ends the search (so a line of megabytes full of occurrences costs one pass,
  /// and one score).
  ///
  /// `atBoundaries` (`'foo'`): only places that begin and end a word count (the characters around
  /// them whitespace, punctuation or the line's ends), scored as fzf scores them.
  func exact<T: ScoredText>(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: T, candidates: ClosedRange<Int>,
    _ positions: UnsafeMutablePointer<[Int]>?, atBoundaries: Bool = false
  ) -> Match? {
    let m = pattern.count
    let n = text.count
    guard n >= m else { return nil }
    let classes = scorer.classes
    @inline(__always) func edge(_ j: Int) -> Bool {
      j < 0 || j >= n || text.charClass(j, classes).rawValue <= CharClass.delimiter.rawValue
    }
    var bestStart = -1
    var bestBonus: Int32 = -1
    let step = scorer.backward ? -1 : 1
    var start = scorer.backward ? candidates.upperBound + 1 : candidates.lowerBound - 1
    while true {
      start += step
      guard candidates.contains(start) else { break }
      guard text.folded(start) == pattern[0] else { continue }
      var k = 1
      while k < m && text.folded(start + k) == pattern[k] { k += 1 }
      guard k == m else { continue }
      let bonus = scorer.startBonus(at: start, text)
      if atBoundaries && !(bonus >= Scorer.bonusBoundary && edge(start - 1) && edge(start + m)) { continue }
      if bonus > bestBonus {
        bestStart = start
        bestBonus = bonus
      }
      if bonus >= Scorer.bonusBoundary { break }
    }
    guard bestStart >= 0 else { return nil }
    if let positions { positions.pointee.append(contentsOf: bestStart..<(bestStart + m)) }
    var score: Int32
    if atBoundaries {
      // A boundary next to `_` ranks below the others; then the base score of an exact match.
      let underscore = UInt32(UInt8(ascii: "_"))
      score = bestBonus
      var deduct = bestBonus - Scorer.bonusBoundary + 1
      if bestStart > 0 && text.raw(bestStart - 1) == underscore {
        score -= deduct + 1
        deduct = 1
      }
      if bestStart + m < n && text.raw(bestStart + m) == underscore { score -= deduct }
      score += Scorer.scoreMatch * Int32(m) + scorer.white * Int32(m + 1)
    } else {
      score = scorer.score(contiguousAt: bestStart, length: m, text: text)
    }
    return Match(score: score, begin: bestStart, end: bestStart + m - 1)
  }
}

/// A fuzzy term's characters and fold tables as plain pointers: a value that needs no reference
/// counting to pass or read (held as a class, it was retained and released for every line scored: 4 %
/// of `shareman`'s samples). `SingleFuzzyStorage` owns the characters.
private struct SingleFuzzyTerm {
  let chars: UnsafeBufferPointer<UInt32>
  let table: UnsafePointer<UInt32>
  let pairs: UnsafePointer<(UInt8, UInt8)>
  /// The mistakes it forgives (`Term.typos`).
  let typos: Int
}

/// The memory of a `SingleFuzzyTerm`'s characters, freed with the last matcher holding it.
private final class SingleFuzzyStorage {
  let term: SingleFuzzyTerm

  init(_ term: Term) {
    let storage = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: term.chars.count)
    _ = storage.initialize(from: term.chars)
    self.term = SingleFuzzyTerm(
      chars: UnsafeBufferPointer(storage), table: CharFold.table(term.fold),
      pairs: CharFold.asciiPairs(term.fold), typos: term.typos)
  }

  deinit { term.chars.deallocate() }
}
