/// Tells a double click from two clicks: a second left press on the same item soon after the first.
struct ClickTracker {
  /// The longest pause between the two presses of a double click (milliseconds).
  static let interval = 500

  /// The last left press on an item that could begin a double click: where and when.
  private var last: (line: Int, time: Int)?

  /// A left press on `line` at `time` (milliseconds, any clock): true when it ends a double click
  /// (which then begins none).
  mutating func press(line: Int, at time: Int) -> Bool {
    if let last, last.line == line, time - last.time <= ClickTracker.interval {
      self.last = nil
      return true
    }
    last = (line, time)
    return false
  }

  /// Any other press: the next left press begins anew.
  mutating func forget() { last = nil }
}
