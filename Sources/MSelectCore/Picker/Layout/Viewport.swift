/// The visible window of the list: the terminal's size, the rows the picker takes, the cursor and
/// the scroll offset.
package struct Viewport: Sendable, Equatable {
  package private(set) var rows: Int
  package private(set) var columns: Int
  /// Rows the picker occupies; grows to fit the list, never beyond the allowed height.
  package private(set) var height = 0
  /// Cursor position in the list (0 is the best match).
  package private(set) var cursor = 0
  /// List position shown in the first list row.
  package private(set) var offset = 0

  /// The fewest rows a percentage height gives (fzf's `--min-height`): a small terminal is used whole
  /// rather than showing one or two lines.
  static let minimumHeight = 10

  package init(rows: Int, columns: Int) {
    self.rows = max(rows, 1)
    self.columns = max(columns, 1)
  }

  /// The most rows the picker may use under `height`, a percentage giving at least `minimum`.
  package func maxHeight(_ height: PickerSettings.Height, minimum: Int = Viewport.minimumHeight) -> Int {
    switch height {
    case .fullscreen: rows
    case .lines(let n): min(n, rows)
    case .allBut(let n): min(rows, max(Viewport.minimumHeight, rows - n))
    case .percent(let p): min(rows, max(minimum, rows * p / 100))
    }
  }

  /// A new terminal size: the height is worked out again.
  mutating func resize(rows: Int, columns: Int) {
    self.rows = max(rows, 1)
    self.columns = max(columns, 1)
    height = 0
  }

  /// Grows to `needed` rows, up to what `setting` allows; the picker never shrinks while running.
  mutating func grow(
    toFit needed: Int, _ setting: PickerSettings.Height, minimum: Int = Viewport.minimumHeight
  ) {
    if case .fullscreen = setting {
      height = rows
    } else {
      height = min(maxHeight(setting, minimum: minimum), max(height, needed))
    }
  }

  /// Moves the cursor by `delta` in a list of `count` lines; past an end it wraps when `cycle`.
  mutating func move(by delta: Int, count: Int, cycle: Bool) {
    guard count > 0 else { return }
    let target = cursor + delta
    if cycle && (target < 0 || target >= count) {
      cursor = (target % count + count) % count
    } else {
      cursor = min(max(0, target), count - 1)
    }
  }

  /// Puts the cursor on list position `position` (clamped by the next `clamp`).
  mutating func jump(to position: Int) {
    cursor = position
  }

  /// Moves the cursor to `position` on the list row `row` (from the top of the list's rows), as far
  /// as the list allows (`clamp` then keeps it in bounds): a tracked line stays where it was drawn.
  mutating func jump(to position: Int, row: Int) {
    cursor = position
    offset = max(0, position - max(0, row))
  }

  /// Back to the top of the list (a new result, or another view of it).
  mutating func reset() {
    cursor = 0
    offset = 0
  }

  /// Keeps the cursor in a list of `count` lines and on screen, `scrollOff` lines from the edges of
  /// the `visible` rows when the list allows it.
  mutating func clamp(count: Int, visible: Int, scrollOff: Int) {
    cursor = min(max(0, cursor), max(0, count - 1))
    // With an even number of rows a margin of half cannot hold on both sides: the side towards the
    // list's start wins, as in fzf, so the cursor rests on the same row whichever way it moves.
    let margin = min(scrollOff, visible / 2)
    if cursor < offset + margin { offset = cursor - margin }
    if cursor > offset + visible - 1 - margin { offset = cursor - visible + 1 + margin }
    offset = min(max(0, offset), max(0, count - visible))
  }

  /// Scrolls the list by `delta` lines without moving the cursor, unless it would leave the screen
  /// (`offset-up` / `offset-down`): then it moves with the list.
  mutating func scroll(by delta: Int, count: Int, visible: Int, scrollOff: Int) {
    let target = min(max(0, offset + delta), max(0, count - visible))
    guard target != offset, count > 0 else { return }
    offset = target
    let margin = min(scrollOff, (visible - 1) / 2)
    cursor = min(max(cursor, offset + margin), offset + visible - 1 - margin)
    cursor = min(max(0, cursor), count - 1)
  }

  /// Shows the list from position `first` on.
  mutating func show(from first: Int) {
    offset = max(0, first)
  }

  /// Scrolls so that the cursor's line is in the middle of the `visible` rows (`offset-middle`).
  mutating func center(count: Int, visible: Int) {
    offset = min(max(0, cursor - (visible - 1) / 2), max(0, count - visible))
  }
}
