/// The characters of a line that a match highlights: those that match what was typed, and those a
/// repair of a typing mistake stands on (`--typos`), which are drawn apart so that a line holding
/// the query as typed can be told from a repaired one.
package struct Highlights: Equatable, Sendable, ExpressibleByArrayLiteral {
  /// Every highlighted character's index in the line (Unicode scalars, from 0).
  package var matched: Set<Int>
  /// The line's characters typed wrong or swapped in the query (a subset of `matched`).
  package var repaired: Set<Int>

  package init(arrayLiteral elements: Int...) {
    matched = Set(elements)
    repaired = []
  }

  /// Read from a matcher's places, in which a repaired character's index is stored complemented
  /// (`~index`, see `places(_:repaired:)`): one array carries both through every path of a match.
  package init(places: [Int]) {
    matched = Set(places.map { $0 < 0 ? ~$0 : $0 })
    repaired = Set(places.lazy.filter { $0 < 0 }.map { ~$0 })
  }

  /// Every highlighted index, ascending.
  package var sorted: [Int] { matched.sorted() }

  /// `places` as a matcher reports them, those in `repaired` complemented.
  static func places(_ places: [Int], repaired: [Int]) -> [Int] {
    guard !repaired.isEmpty else { return places }
    return places.map { repaired.contains($0) ? ~$0 : $0 }
  }
}
