/// What a matcher compiled its pattern to, read and never changed while lines are matched: the
/// strategy, the scorer, the byte pre-scan over the terms, and the line lengths that decide whether
/// and how a line is read.
///
/// A class, so the matcher's mutating methods hand it and its parts to a strategy beside the scratch
/// without copying them: as a struct of a dozen references it was copied, each retained, for every
/// line (`'share man` +7 % instructions).
final class MatchConfig {
  /// How whole lines are matched.
  let strategy: Strategy
  /// The term groups, which also match `--nth`'s pieces whatever the strategy.
  let groups: TermGroups
  /// Owns the memory a `.oneFuzzyTerm` strategy points into.
  private let termStorage: OneFuzzyTerm.Storage?
  let scorer: Scorer
  /// The byte pre-scan over the positive terms that stand alone in their group.
  let prescan: Prescan
  /// No line shorter than this (in bytes) can match.
  let minimumBytes: Int
  /// From this many bytes on, a line with non-ASCII characters is read in pieces (see `LongLine`).
  let longLineBytes: Int

  /// How a matcher matches whole lines, chosen from its pattern.
  enum Strategy {
    /// An empty pattern: every line, unscored.
    case everyLine
    /// The commonest query (`OneFuzzyTerm`).
    case oneFuzzyTerm(OneFuzzyTerm)
    /// Any other (`TermGroups`).
    case termGroups
  }

  init(_ pattern: Pattern, ceilingShortcut: Bool, longLineBytes: Int, scanning: ExactTermScan.Lines) {
    self.longLineBytes = longLineBytes
    groups = TermGroups(pattern, scanning: scanning)
    if pattern.isEmpty {
      (strategy, termStorage) = (.everyLine, nil)
    } else if pattern.isOneFuzzyTerm {
      let storage = OneFuzzyTerm.Storage(pattern.groups[0][0])
      (strategy, termStorage) = (.oneFuzzyTerm(storage.term), storage)
    } else {
      (strategy, termStorage) = (.termGroups, nil)
    }
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
  }
}
