/// A parsed query: groups of terms; a line must match every group, and any term of a group.
public struct Pattern: Sendable, Equatable {
  /// The groups, each written once: a group the query repeats is matched once and scored as often as
  /// it was written (`repeats`), so a query of a thousand copies of a term costs what one does.
  package private(set) var groups: [[Term]]
  /// How many times the query has each group of `groups`.
  package private(set) var repeats: [Int32] = []
  /// The pattern's exact terms looked for in one pass, when there are enough of them (made once here,
  /// shared by every matcher of the pattern).
  package private(set) var exactScan: ExactTermScan?
  /// Whether a line holds a term that forgives mistakes as typed, as the search goes (nil: no term
  /// forgives any).
  package private(set) var sightings: TypoSightings?
  /// The query text the pattern was built from.
  public let query: [UInt8]
  public let options: MatchOptions

  /// Whether the pattern matches every line (empty query, or only spaces).
  public var isEmpty: Bool { groups.isEmpty }

  /// A bound on any line's score: each group's best term with every character at the highest bonus
  /// (the first counted twice), plus what an exact boundary term adds, plus the tiers of runs with
  /// mistakes (see `TypoSightings`).
  package var scoreBound: Int { scoreBoundWithoutTiers + (sightings?.most ?? 0) }

  /// `scoreBound` but for the tiers: no line that holds no term as a run with mistakes scores more.
  package var scoreBoundWithoutTiers: Int {
    let perCharacter = Int(Scorer.scoreMatch + Scorer.bonusBoundaryWhite)
    return zip(groups, repeats).reduce(0) { total, pair in
      let (group, repeats) = pair
      let best =
        group.map { $0.inverse ? 0 : perCharacter * $0.chars.count + 2 * Int(Scorer.bonusBoundaryWhite) }
        .max() ?? 0
      return total + best * Int(repeats)
    }
  }

  /// A query of one term (of any kind) that is not negated.
  package var isOnePositiveTerm: Bool {
    groups.count == 1 && groups[0].count == 1 && !groups[0][0].inverse && repeats == [1]
  }

  /// The common query: one positive fuzzy term (what typing a word gives).
  package var isOneFuzzyTerm: Bool {
    groups.count == 1 && groups[0].count == 1 && groups[0][0].kind == .fuzzy && !groups[0][0].inverse
      && repeats == [1]
  }

  /// Parses `query` (raw bytes: invalid UTF-8 is kept and matches only itself).
  public init(query: [UInt8], options: MatchOptions = MatchOptions()) {
    self.query = query
    self.options = options
    var groups: [[Term]] = []
    var known = Encodings()
    guard options.extended else {
      // `+x`: the whole query is one term, operators and spaces included.
      let term = Pattern.build(
        query[...], kind: options.exact ? .exact : .fuzzy, inverse: false, options, &known)
      self.groups = term.map { [[$0]] } ?? []
      repeats = self.groups.map { _ in 1 }
      sightings = TypoSightings(self.groups, repeats: repeats, bound: scoreBoundWithoutTiers)
      return
    }
    // Each group's tokens as written: equal tokens make equal terms.
    var written: [[[UInt8]]] = []
    // As fzf reads it: `|` after a term (and not right after another `|`) joins the next term to its
    // group; anywhere else it is a term of its own, the character `|`.
    var afterBar = false
    var newGroup = true
    for token in Pattern.tokens(query) {
      if token == [UInt8(ascii: "|")] && !groups.isEmpty && !afterBar {
        newGroup = false
        afterBar = true
        continue
      }
      afterBar = false
      guard let term = Pattern.term(token, options, &known) else { continue }
      if newGroup || groups.isEmpty {
        groups.append([term])
        written.append([token])
      } else {
        groups[groups.count - 1].append(term)
        written[written.count - 1].append(token)
      }
      newGroup = true
    }
    (self.groups, repeats) = Pattern.merged(groups, written: written)
    exactScan = ExactTermScan(self.groups, repeats: repeats)
    sightings = TypoSightings(self.groups, repeats: repeats, bound: scoreBoundWithoutTiers)
  }

  /// The groups with each one written several times kept once, in the order first written, and how
  /// often each was written.
  private static func merged(_ groups: [[Term]], written: [[[UInt8]]]) -> ([[Term]], [Int32]) {
    var place: [[[UInt8]]: Int] = [:]
    var kept: [[Term]] = []
    var repeats: [Int32] = []
    for (group, tokens) in zip(groups, written) {
      if let i = place[tokens] {
        repeats[i] = repeats[i] == Int32.max ? Int32.max : repeats[i] + 1
        continue
      }
      place[tokens] = kept.count
      kept.append(group)
      repeats.append(1)
    }
    return (kept, repeats)
  }

  /// A pattern for `query` that matches every line (`--disabled`: the query is not a filter).
  package init(unfiltered query: [UInt8], options: MatchOptions) {
    self.query = query
    self.options = options
    groups = []
  }

  /// Convenience for tests and messages.
  public init(_ query: String, options: MatchOptions = MatchOptions()) {
    self.init(query: Array(query.utf8), options: options)
  }

  /// Splits on unescaped spaces; `\ ` is a literal space.
  private static func tokens(_ query: [UInt8]) -> [[UInt8]] {
    var tokens: [[UInt8]] = []
    var current: [UInt8] = []
    var i = 0
    while i < query.count {
      let b = query[i]
      if b == UInt8(ascii: "\\") && i + 1 < query.count && query[i + 1] == UInt8(ascii: " ") {
        current.append(UInt8(ascii: " "))
        i += 2
        continue
      }
      if b == UInt8(ascii: " ") {
        if !current.isEmpty { tokens.append(current) }
        current = []
      } else {
        current.append(b)
      }
      i += 1
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// Reads one token's prefix and suffix operators, as fzf does.
  private static func term(_ token: [UInt8], _ options: MatchOptions, _ known: inout Encodings) -> Term? {
    var text = token[...]
    var kind: Term.Kind = options.exact ? .exact : .fuzzy
    var inverse = false
    if text.first == UInt8(ascii: "!") {
      inverse = true
      kind = .exact
      text = text.dropFirst()
    }
    if text.count > 1 && text.last == UInt8(ascii: "$") {
      kind = .suffix
      text = text.dropLast()
    }
    if text.count > 2 && text.first == UInt8(ascii: "'") && text.last == UInt8(ascii: "'") {
      kind = .exactBoundary
      text = text.dropFirst().dropLast()
    } else if text.first == UInt8(ascii: "'") {
      // `'` flips exactness: exact in the default fuzzy mode, fuzzy under `--exact` or after `!`.
      kind = !options.exact && !inverse ? .exact : .fuzzy
      text = text.dropFirst()
    } else if text.first == UInt8(ascii: "^") {
      kind = kind == .suffix ? .equal : .prefix
      text = text.dropFirst()
    }
    return build(text, kind: kind, inverse: inverse, options, &known)
  }

  /// The encodings of each character's preimages found so far, by fold mode: finding them scans the
  /// fold table, so it is done once per distinct character of the whole query (a pasted text of
  /// thousands of words costs what its alphabet costs).
  private typealias Encodings = [CharFold.Mode: [UInt32: [[UInt8]]]]

  /// The term for the characters `text`, folded as `options` say.
  private static func build(
    _ text: ArraySlice<UInt8>, kind: Term.Kind, inverse: Bool, _ options: MatchOptions,
    _ known: inout Encodings
  )
    -> Term?
  {
    guard !text.isEmpty else { return nil }
    let scalars = UTF8Decoding.scalars(Array(text))
    let insensitive: Bool
    switch options.caseMode {
    case .insensitive: insensitive = true
    case .sensitive: insensitive = false
    case .smart: insensitive = !scalars.contains(where: CharFold.isUppercase)
    }
    let strip = options.foldDiacritics && !scalars.contains(where: CharFold.hasDiacritic)
    let fold: CharFold.Mode =
      switch (insensitive, strip) {
      case (true, true): .lowercaseAndStrip
      case (true, false): .lowercase
      case (false, true): .stripDiacritics
      case (false, false): .exact
      }
    let table = CharFold.table(fold)
    let chars = scalars.map { CharFold.fold($0, table) }
    let encodings = chars.map { c in
      if let found = known[fold]?[c] { return found }
      let found = CharFold.preimages(of: c, fold).map(encoding)
      known[fold, default: [:]][c] = found
      return found
    }
    let typos = kind == .fuzzy && !inverse ? options.typos.budget(forLength: chars.count) : 0
    return Term(kind: kind, inverse: inverse, chars: chars, fold: fold, encodings: encodings, typos: typos)
  }

  /// The UTF-8 bytes of `c` (or the byte itself for an invalid byte).
  private static func encoding(_ c: UInt32) -> [UInt8] {
    if c >= UTF8Decoding.invalidByteBase {
      return [UInt8(truncatingIfNeeded: c - UTF8Decoding.invalidByteBase)]
    }
    guard let scalar = Unicode.Scalar(c) else { return [0xFF] }
    return Array(String(Character(scalar)).utf8)
  }

  /// Whether `self` only narrows `previous`: every line it matches, `previous` matched too.
  ///
  /// True when the query text grew at the end and no term became inverse, anchored or an OR;
  /// it lets the picker search only the previous matches.
  package func narrows(_ previous: Pattern) -> Bool {
    guard options == previous.options, query.starts(with: previous.query) else { return false }
    if previous.isEmpty { return true }
    let added = query[previous.query.count...]
    if added.contains(UInt8(ascii: "|")) || added.contains(UInt8(ascii: "\\")) { return false }
    if previous.query.last == UInt8(ascii: "\\") || previous.query.last == UInt8(ascii: "|") { return false }
    // Growing a term can flip smart case or diacritic folding; then the old result is not a superset.
    guard groups.count >= previous.groups.count else { return false }
    for (old, new) in zip(previous.groups, groups) {
      guard old.count == 1, new.count == 1 else { return false }
      let o = old[0]
      let n = new[0]
      guard o.kind == n.kind || (o.kind == .fuzzy && n.kind == .fuzzy), !o.inverse, !n.inverse,
        o.fold == n.fold, n.chars.starts(with: o.chars), Pattern.repairs(of: n, within: o)
      else { return false }
      if o.kind == .suffix || o.kind == .equal { return o.chars == n.chars }
    }
    return true
  }

  /// Whether every line the longer term `new` accepts with its typing mistakes, `old` (a prefix of
  /// it) accepts too. A run within `k` edits of `new` holds a run within `k` edits of its prefix,
  /// and a line lacking `k` of `new`'s characters lacks at most `k` of the prefix's; but a longer
  /// term may have a larger budget, or be read strewn over the line where the prefix is read only
  /// as a word (`Typos.strewnFrom`), and then it matches lines the prefix did not.
  private static func repairs(of new: Term, within old: Term) -> Bool {
    guard new.typos > 0 else { return true }
    return new.typos <= old.typos
      && (old.chars.count >= Typos.strewnFrom || new.chars.count < Typos.strewnFrom)
  }
}
