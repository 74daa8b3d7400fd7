/// The marked lines: a set of line indices that remembers the order in which they were marked.
public struct Selection: Sendable, Equatable {
  /// The order in which marked lines are printed (`--order`).
  public enum Order: String, Sendable, CaseIterable {
    case input, selection
  }

  /// Per line, 0 when unmarked, else the sequence number of its marking.
  private var stamps: [UInt32] = []
  private var nextStamp: UInt32 = 1
  /// Number of marked lines.
  package private(set) var count = 0
  /// Whether anything was ever marked (then Enter prints exactly the marked set).
  package private(set) var everMarked = false
  /// Most lines that may be marked (`--max`).
  package let limit: Int?
  /// Counts every change of the set (what depends on it can tell whether it changed).
  package private(set) var changes = 0

  package init(limit: Int? = nil) {
    self.limit = limit
  }

  /// Whether line `index` is marked.
  package func contains(_ index: Int) -> Bool {
    index < stamps.count && stamps[index] != 0
  }

  /// Whether marking one more line is refused by `--max`.
  package var isFull: Bool { limit.map { count >= $0 } ?? false }

  /// Marks a line; false when `--max` refuses it. Marking a marked line keeps its place.
  @discardableResult
  package mutating func mark(_ index: Int) -> Bool {
    if contains(index) { return true }
    if isFull { return false }
    if index >= stamps.count {
      stamps.append(contentsOf: repeatElement(0, count: max(index + 1, stamps.count * 2) - stamps.count))
    }
    stamps[index] = nextStamp
    nextStamp += 1
    count += 1
    changes += 1
    everMarked = true
    return true
  }

  /// Records that marks were made (before a reload dropped the lines), so Enter prints exactly the
  /// marked set even if none of them comes back.
  package mutating func rememberMarking() {
    everMarked = true
  }

  /// Unmarks a line.
  package mutating func unmark(_ index: Int) {
    guard contains(index) else { return }
    stamps[index] = 0
    count -= 1
    changes += 1
    everMarked = true
  }

  /// Flips a line's mark; false when marking was refused by `--max`.
  @discardableResult
  package mutating func toggle(_ index: Int) -> Bool {
    if contains(index) {
      unmark(index)
      return true
    }
    return mark(index)
  }

  /// The marked lines in the requested order.
  package func lines(_ order: Order) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    for (i, s) in stamps.enumerated() where s != 0 { result.append(i) }
    if order == .selection { result.sort { stamps[$0] < stamps[$1] } }
    return result
  }
}
