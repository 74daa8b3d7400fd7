/// How matches are ordered: by score, then the tiebreak criteria, then input order.
public struct RankOptions: Sendable, Equatable {
  /// A criterion that orders matches of equal score (`--tiebreak`).
  public enum Tiebreak: String, Sendable, CaseIterable {
    /// Shorter line first.
    case length
    /// Match starting nearer the beginning first.
    case begin
    /// Match ending nearer the end first.
    case end
    /// Input order (always the last criterion).
    case index
  }

  public var tiebreaks: [Tiebreak] = [.length]
  /// Rank by score (`--no-sort` turns it off and keeps input order).
  public var sort = true
  /// Reverse the input order (`--tac`).
  public var reverse = false

  public init(tiebreaks: [Tiebreak] = [.length], sort: Bool = true, reverse: Bool = false) {
    self.tiebreaks = tiebreaks
    self.sort = sort
    self.reverse = reverse
  }
}

/// One matching line with its sort key; sorting ascending by (key, order) gives the ranking.
///
/// Eight bytes: a result of millions of lines costs 8 bytes a line (the memory bound in the README).
public struct RankedLine: Sendable, Equatable {
  /// Score and up to two tiebreak criteria packed so that smaller sorts first.
  public var key: UInt32
  /// Global line index.
  public var index: UInt32
}

extension RankOptions {
  /// The options a search with `pattern` really ranks by: an empty query ranks nothing, so every line
  /// keeps its input position (reversed by `--tac`).
  func effective(for pattern: Pattern) -> RankOptions {
    pattern.isEmpty ? RankOptions(tiebreaks: [], sort: false, reverse: reverse) : self
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
  /// Whether a key needs the line's character count (`--tiebreak end`).
  let needsCharacters: Bool

  init(_ options: RankOptions) {
    sort = options.sort
    let criteria = options.tiebreaks.filter { $0 != .index }
    first = criteria.first
    second = criteria.count > 1 ? criteria[1] : nil
    needsCharacters = criteria.prefix(2).contains(.end)
  }

  /// The sort key of a match in a line of `lineLength` bytes and `characters` characters.
  ///
  /// The high 16 bits hold the score (higher first; scores beyond ±32767, only reached by queries
  /// thousands of characters long, tie), the low 16 bits the tiebreak value (up to 65535; with two
  /// criteria, 255 each: lines alike up to there tie, then input order decides).
  @inline(__always)
  func key(_ match: Match, lineLength: Int, characters: Int) -> UInt32 {
    guard sort else { return 0 }
    let score = UInt32(min(max(0, 32767 - Int(match.score)), 0xFFFF))
    @inline(__always) func value(_ t: RankOptions.Tiebreak) -> Int {
      switch t {
      case .length: lineLength
      case .begin: match.begin
      case .end: max(0, characters - 1 - match.end)
      case .index: 0
      }
    }
    guard let first else { return score << 16 }
    guard let second else { return score << 16 | UInt32(min(value(first), 0xFFFF)) }
    return score << 16 | UInt32(min(value(first), 0xFF)) << 8 | UInt32(min(value(second), 0xFF))
  }
}
