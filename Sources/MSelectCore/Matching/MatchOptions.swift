/// How queries compare characters; set by `-i`, `+i`, `-e` and `--literal`.
public struct MatchOptions: Sendable, Equatable {
  /// Case sensitivity of terms.
  public enum CaseMode: Sendable, Equatable {
    /// A term with an uppercase letter is case-sensitive, others are not.
    case smart
    case insensitive
    case sensitive
  }

  public var caseMode: CaseMode = .smart
  /// Plain terms match as exact substrings (`-e`); a leading `'` makes a term fuzzy again.
  public var exact = false
  /// Latin diacritics fold (`a` matches `á`) unless `--literal`.
  public var foldDiacritics = true
  /// The extended syntax (`'`, `^`, `$`, `!`, `|`, spaces between terms); without it (`+x`) the whole
  /// query is one term.
  public var extended = true
  /// The scoring scheme (`--scheme`).
  public var scheme: Scheme = .default
  /// Of the places a term scores best at, the last one is taken, not the first (fzf searches backward
  /// when the first of the `end` and `pathname` tiebreaks comes before `begin`; see
  /// `RankOptions.searchesBackward`).
  package var backward = false
  /// Typing mistakes forgiven in fuzzy terms (`--typos`).
  public var typos: Typos = .off

  /// fzf's scoring schemes: what counts as a boundary and how much it is worth.
  public enum Scheme: String, Sendable, Equatable, CaseIterable {
    /// Boundaries after whitespace score most (10), then after `/ , : ; |` (9).
    case `default`
    /// File paths: only `/` is a delimiter, a boundary after it scores most (9), the line's start counts
    /// as one, and whitespace gets no extra (8); ties go to the match nearer the file name.
    case path
    /// Command history: every boundary alike (8), and ties keep input order.
    case history

    /// The bonus after whitespace (and at the start of a line).
    var white: Int32 { self == .default ? 10 : 8 }
    /// The bonus after a delimiter.
    var delimiter: Int32 { self == .history ? 8 : 9 }
    /// The tiebreaks the scheme ranks by when `--tiebreak` is not given.
    public var tiebreaks: [RankOptions.Tiebreak] {
      switch self {
      case .default: [.length]
      case .path: [.pathname, .length]
      case .history: []
      }
    }
  }

  public init(caseMode: CaseMode = .smart, exact: Bool = false, foldDiacritics: Bool = true) {
    self.caseMode = caseMode
    self.exact = exact
    self.foldDiacritics = foldDiacritics
  }
}
