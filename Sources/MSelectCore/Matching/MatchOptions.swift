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

  public init(caseMode: CaseMode = .smart, exact: Bool = false, foldDiacritics: Bool = true) {
    self.caseMode = caseMode
    self.exact = exact
    self.foldDiacritics = foldDiacritics
  }
}
