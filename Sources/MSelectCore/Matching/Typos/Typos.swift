/// How many typing mistakes a fuzzy term forgives (`--typos[=N]`, `--no-typos`).
///
/// A mistake is a character typed wrong, an extra one, or two neighbours swapped; each is undone by
/// leaving one character of the term out (a character left out of the line is already a fuzzy
/// match), so a term with a budget of `k` matches a line that holds all but at most `k` of its
/// characters in order.
public enum Typos: Sendable, Equatable {
  case off
  /// A budget that grows with the term's length: none below 5 characters, 1 up to 11, then 2.
  case byLength
  /// `--typos=N`: at most `N` a term, and never more than leaves half of it.
  case perTerm(Int)

  /// The most a term can be given: each one more multiplies the places a term can be repaired.
  package static let most = 2
  /// Terms shorter than this get no budget from `byLength`: with one of four letters wrong, most
  /// lines of a long list hold the other three.
  static let shortest = 5
  /// From this length on `byLength` gives two.
  static let twoFrom = 12
  /// From this length on a repaired term may match strewn over the line, as fuzzy terms do; a
  /// shorter one only as a word with mistakes (a run of the line's characters).
  static let strewnFrom = 8

  /// The mistakes a fuzzy term of `length` characters may have.
  package func budget(forLength length: Int) -> Int {
    switch self {
    case .off: 0
    case .byLength: length >= Typos.twoFrom ? 2 : length >= Typos.shortest ? 1 : 0
    case .perTerm(let n): max(0, min(n, Typos.most, (length - 1) / 2))
    }
  }

  package var isOn: Bool { self != .off && self != .perTerm(0) }
}
