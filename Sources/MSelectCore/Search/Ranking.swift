/// How matches are ordered: by score, then the tiebreak criteria, then input order.
public struct RankOptions: Sendable, Equatable {
  /// A criterion that orders matches of equal score (`--tiebreak`).
  public enum Tiebreak: String, Sendable, CaseIterable {
    /// Shorter line first (in characters, whitespace at both ends left out).
    case length
    /// Match nearer the beginning first (where the first term to end ends, after leading whitespace).
    case begin
    /// Match nearer the end first (its end, relative to the trimmed line's length).
    case end
    /// Shorter whitespace-delimited chunk around the match first.
    case chunk
    /// Match nearer the start of the file name (after the last `/` or `\`) first.
    case pathname
    /// Input order (always the last criterion).
    case index
  }

  public var tiebreaks: [Tiebreak] = [.length]
  /// Rank by score (`--no-sort` turns it off and keeps input order).
  public var sort = true
  /// Reverse the input order (`--tac`).
  public var reverse = false
  /// What `--learn` learned, which lifts lines picked before (nil: nothing moves).
  package var learned: LearnedRanking?

  public init(tiebreaks: [Tiebreak] = [.length], sort: Bool = true, reverse: Bool = false) {
    self.tiebreaks = tiebreaks
    self.sort = sort
    self.reverse = reverse
  }

  public static func == (a: RankOptions, b: RankOptions) -> Bool {
    a.tiebreaks == b.tiebreaks && a.sort == b.sort && a.reverse == b.reverse && a.learned === b.learned
  }
}

/// One matching line with its sort key; sorting ascending by (key, order) gives the ranking.
///
/// Eight bytes: a result of millions of lines costs 8 bytes a line (the memory bound in docs/guide.md).
package struct RankedLine: Sendable, Equatable {
  /// Score and up to two tiebreak criteria packed so that smaller sorts first.
  package var key: UInt32
  /// Global line index.
  package var index: UInt32
}

extension RankOptions {
  /// Whether the match takes the last of equally good places (fzf's `forward = false`): fzf looks at
  /// the tiebreaks from the last to the first, and `end` and `pathname` turn it backward, `begin`
  /// forward again, so the first of them decides.
  package var searchesBackward: Bool {
    tiebreaks.first { [.begin, .end, .pathname].contains($0) }.map { $0 != .begin } ?? false
  }

  /// The options a search with `pattern` really ranks by: an empty query ranks nothing, so every line
  /// keeps its input position (reversed by `--tac`).
  /// With `--learn`, such a query lists the learned lines first, strongest first, then the others
  /// in input order. (`SearchPlan` is the one place that asks.)
  fileprivate func effective(for pattern: Pattern) -> RankOptions {
    guard RankOptions.ranksNothing(pattern) else { return self }
    var options = RankOptions(tiebreaks: [], sort: false, reverse: reverse)
    if sort, let learned, !learned.store.entries.isEmpty {
      options.sort = true
      options.learned = learned
    }
    return options
  }

  /// Whether `pattern` ranks no line above another: empty, or negations only (`!foo`), as in fzf.
  static func ranksNothing(_ pattern: Pattern) -> Bool {
    pattern.isEmpty || pattern.groups.allSatisfy({ $0.allSatisfy(\.inverse) })
  }

  /// Whether `a` ranks before `b`: smaller key first, then input order (reversed by `--tac`).
  @inline(__always)
  func precedes(_ a: RankedLine, _ b: RankedLine) -> Bool {
    if a.key != b.key { return a.key < b.key }
    return reverse ? a.index > b.index : a.index < b.index
  }
}

/// How a match becomes its sort key under some rank options: worked out once per search, not per line.
struct SortKey: Sendable {
  private let sort: Bool
  /// The tiebreak criteria before input order (at most two are packed into a key).
  private let first: RankOptions.Tiebreak?
  private let second: RankOptions.Tiebreak?

  /// Whether a key measures where the match is (then the match must be aligned exactly, not only
  /// scored).
  let needsSpan: Bool
  /// The highest score a line can reach (`Pattern.scoreBound`, at most 65535), where the score's
  /// bits begin in a key, and the bits each tiebreak value keeps.
  private let scoreBound: UInt32
  private let scoreShift: UInt32
  private let firstBits: UInt32
  private let secondBits: UInt32
  /// The points learned lines gain (nil: none is learned, and no line is hashed).
  private let boosts: LearnedBoosts?

  /// Keys for `options` and `pattern` (its score bound, and what was learned for its query).
  init(_ options: RankOptions, for pattern: Pattern) {
    let ranksNothing = RankOptions.ranksNothing(pattern)
    let boosts = options.learned.map { $0.boosts(for: pattern.query, ranksNothing: ranksNothing) }
    let bound = ranksNothing && boosts != nil ? Int(LearnedRanking.emptyQueryScale) + 1 : pattern.scoreBound
    self.init(options, scoreBound: bound, boosts: boosts)
  }

  /// Keys for `options`, for a pattern whose scores are at most `scoreBound`: the fewer bits the score
  /// needs, the more the tiebreaks keep (fzf keeps 16 bits of each).
  init(_ options: RankOptions, scoreBound: Int = 32767, boosts: LearnedBoosts? = nil) {
    self.boosts = options.sort && boosts?.isEmpty == false ? boosts : nil
    sort = options.sort
    // Criteria after `index` never decide anything: input order has no ties.
    let criteria = options.tiebreaks.prefix { $0 != .index }
    first = criteria.first
    second = criteria.count > 1 ? criteria[criteria.startIndex + 1] : nil
    needsSpan = sort && [first, second].contains { $0 != nil && $0 != .length }
    self.scoreBound = UInt32(min(max(scoreBound, 1), 0xFFFF))
    let room = UInt32(self.scoreBound.leadingZeroBitCount)
    scoreShift = room
    // `end` is a fraction: all 16 bits tell lines apart. The counts saturate, and rarely need more
    // than 12.
    if second == nil {
      (firstBits, secondBits) = (min(16, room), 0)
    } else if first == .end {
      firstBits = min(16, room - 8)
      secondBits = min(16, room - firstBits)
    } else if second == .end {
      secondBits = min(16, room - 8)
      firstBits = min(16, room - secondBits)
    } else {
      firstBits = min(16, room / 2)
      secondBits = min(16, room - firstBits)
    }
  }

  /// The sort key of `match` in `line`, measured as fzf 0.74 measures its tiebreaks.
  ///
  /// The high bits hold the score (higher first, as its distance below the bound), the low ones the
  /// tiebreak values: 16 bits for one criterion, as in fzf; for two, what the score leaves (24 bits
  /// for a query of a few letters, 16 at least): 16 for `end` and the rest for the other, else half
  /// each. Values beyond that tie, then input order decides.
  @inline(__always)
  func key(_ match: Match, line: UnsafeRawBufferPointer) -> UInt32 {
    guard sort else { return 0 }
    let score = (scoreBound - UInt32(min(max(0, Int(match.score)), Int(scoreBound)))) << scoreShift
    guard let first else { return score }
    let a = SortKey.value(first, match, line)
    guard let second else { return score | a }
    let b = SortKey.value(second, match, line)
    return score | SortKey.narrowed(a, first, to: firstBits) << secondBits
      | SortKey.narrowed(b, second, to: secondBits)
  }

  /// Whether the line of `key` scored more than `score` (learned points count).
  func scoresAbove(_ key: UInt32, _ score: Int) -> Bool {
    sort && Int(key >> scoreShift) < Int(scoreBound) - score
  }

  /// The key of a line that scored nothing (a query that ranks nothing).
  var unscored: UInt32 { sort ? scoreBound << scoreShift : 0 }

  /// `key` with the points `line` gains from what was learned: its score is raised by them (up to
  /// just below the bound, which only the query's favorite line reaches), its tiebreak values kept.
  @inline(__always)
  func boosted(_ key: UInt32, line: UnsafeRawBufferPointer) -> UInt32 {
    guard let boosts else { return key }
    let points = boosts.points(for: line)
    guard points > 0 else { return key }
    let low = key & (UInt32(1) << scoreShift &- 1)
    if points == Int(LearnedBoosts.favorite) { return low }
    let gain = UInt32(truncatingIfNeeded: points)
    let distance = key >> scoreShift
    return (distance > gain ? distance - gain : min(distance, 1)) << scoreShift | low
  }

  /// A 16-bit tiebreak value in `bits`: counts saturate, fractions keep their high bits.
  @inline(__always)
  private static func narrowed(_ value: UInt32, _ t: RankOptions.Tiebreak, to bits: UInt32) -> UInt32 {
    t == .end ? value >> (16 - bits) : min(value, 1 << bits - 1)
  }

  /// One tiebreak's value (smaller first), 16 bits as in fzf's `buildResult`.
  @inline(__always)
  private static func value(_ t: RankOptions.Tiebreak, _ match: Match, _ line: UnsafeRawBufferPointer)
    -> UInt32
  {
    @inline(__always) func clamped(_ v: Int) -> UInt32 { UInt32(min(max(v, 0), 0xFFFF)) }
    switch t {
    case .length:
      return clamped(LineMeasure.trimmed(line).length)
    case .begin, .end:
      guard match.hasSpan else { return 0xFFFF }
      let trimmed = LineMeasure.trimmed(line)
      let white = min(trimmed.leading, match.begin)
      if t == .begin { return clamped(match.firstEnd + 1 - white) }
      return clamped(0xFFFF - 0xFFFF * (match.end + 1 - white) / (trimmed.length + 1))
    case .pathname:
      guard match.hasSpan else { return 0xFFFF }
      // Where the last separator is, in characters (as fzf 0.74 measures it, `警警/s%s` ties `/s%s`).
      var last = line.count - 1
      while last >= 0 && line[last] != UInt8(ascii: "/") && line[last] != UInt8(ascii: "\\") { last -= 1 }
      if last > 0 { last = LineMeasure.characters(UnsafeRawBufferPointer(rebasing: line[..<last])) }
      return last <= match.begin ? clamped(match.begin - last) : 0xFFFF
    case .chunk:
      guard match.hasSpan else { return 0xFFFF }
      return clamped(LineMeasure.chunk(line, begin: match.begin, end: match.end + 1))
    case .index:
      return 0
    }
  }
}

/// A query ready to search: its pattern, and how its matches are really ranked. Every search path
/// takes one, so the rule for a query that ranks nothing (`RankOptions.effective(for:)`) is applied
/// here and nowhere else.
package struct SearchPlan: Sendable {
  package let pattern: Pattern
  /// The ranking asked for, unless the pattern ranks nothing (empty, or negations only): then input
  /// order (reversed by `--tac`; with `--learn`, the learned lines first).
  package let rank: RankOptions

  package init(_ pattern: Pattern, ranking: RankOptions) {
    self.pattern = pattern
    rank = ranking.effective(for: pattern)
  }
}

extension SearchSettings {
  /// The plan of a search for `query` with these settings.
  package func plan(_ query: [UInt8]) -> SearchPlan {
    SearchPlan(pattern(query), ranking: rank)
  }
}
