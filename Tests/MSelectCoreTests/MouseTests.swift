import Testing

@testable import MSelectCore

/// Where mouse presses land on a frame, and what the picker does with them.
@Suite struct MouseTargetTests {
  /// The frame for `lines` under `arguments`, and the row showing each item's text.
  func rendered(_ lines: [String], _ arguments: [String], rows: Int = 12, columns: Int = 60) -> (
    Frame, [String: Int]
  ) {
    let h = Harness(lines, arguments, rows: rows, columns: columns)
    let frame = Renderer().render(h.state)
    var where_: [String: Int] = [:]
    for (row, text) in frame.text.enumerated() {
      for line in lines where text.contains("  \(line)") || text.hasSuffix(" \(line)") {
        where_[line] = where_[line] ?? row
      }
    }
    return (frame, where_)
  }

  @Test(arguments: [
    ["--layout", "reverse"], ["--layout", "default"], ["--layout", "reverse-list"],
    ["--border", "--margin", "1,2"], ["--header", "H", "--header-first"],
    ["--preview", "x", "--preview-window", "left,20"], ["--preview", "x", "--preview-window", "up,2"],
    ["--preview", "x", "--preview-window", "down,2"], ["--preview", "x"],
  ])
  func everyItemRowPointsAtItsItem(arguments: [String]) {
    let lines = ["alpha", "beta", "gamma"]
    let (frame, rows) = rendered(lines, arguments)
    for (position, line) in lines.enumerated() {
      guard let row = rows[line] else {
        Issue.record("\(line) not drawn: \(frame.text)")
        continue
      }
      let column = frame.text[row].distance(
        from: frame.text[row].startIndex, to: frame.text[row].range(of: line)!.lowerBound)
      #expect(frame.target(row: row, column: column) == .item(position: position, marker: false))
      #expect(frame.target(row: row, column: column - 1) == .item(position: position, marker: true))
    }
    // The prompt row is no item.
    let prompt = frame.caret.row
    #expect(frame.target(row: prompt, column: frame.caret.column) == nil)
  }

  @Test(arguments: ["left,20", "right,20", "up,4", "down,4"])
  func thePreviewPaneIsATarget(window: String) {
    let (frame, _) = rendered(["a"], ["--preview", "x", "--preview-window", window])
    let cells = frame.text.indices.flatMap { row in (0..<60).map { (row, $0) } }
    let pane = cells.filter { frame.target(row: $0.0, column: $0.1) == .preview }
    // A size in cells is the text's; the frame (two columns a side, a row above and below) comes on top.
    let expected = window.hasPrefix("left") || window.hasPrefix("right") ? frame.rows.count * 24 : 6 * 60
    #expect(pane.count == expected)
  }

  @Test func rowsBeyondTheListAreNoTarget() {
    let (frame, _) = rendered(["a"], [])
    #expect(frame.target(row: 5, column: 5) == nil)
    #expect(frame.target(row: -1, column: 0) == nil)
    #expect(frame.target(row: 0, column: 500) == nil)
  }
}

@Suite struct MouseStateTests {
  func press(
    _ h: Harness, _ position: Int, marker: Bool = false, button: MouseEvent.Button = .left, at time: Int
  ) {
    h.state.handle(
      .mouse(
        MouseEvent(action: .press(button), row: 0, column: 0),
        target: .item(position: position, marker: marker),
        time: time))
    h.settle()
  }

  @Test func aClickMovesTheCursorAndTwoQuickOnesAccept() {
    let h = Harness(["a", "b", "c"])
    press(h, 2, at: 1000)
    #expect(h.state.cursor == 2)
    #expect(h.state.outcome == nil)
    press(h, 2, at: 1000 + PickerState.doubleClickInterval)
    #expect(h.state.outcome == .accepted(lines: [2], key: nil))
  }

  @Test func slowOrDifferentClicksAreSingle() {
    let h = Harness(["a", "b", "c"])
    press(h, 1, at: 0)
    press(h, 1, at: PickerState.doubleClickInterval + 1)
    press(h, 2, at: PickerState.doubleClickInterval + 2)
    press(h, 2, button: .right, at: PickerState.doubleClickInterval + 3)
    press(h, 2, at: PickerState.doubleClickInterval + 4)
    #expect(h.state.outcome == nil)
    #expect(h.state.cursor == 2)
  }

  @Test func markerClicksToggleAndNeverMakeADoubleClick() {
    let h = Harness(["a", "b", "c"])
    press(h, 1, marker: true, at: 0)
    press(h, 2, marker: true, at: 1)
    #expect(h.state.selection.lines(.input) == [1, 2])
    press(h, 2, marker: true, at: 2)
    #expect(h.state.selection.lines(.input) == [1])
    #expect(h.state.outcome == nil)
  }

  @Test func maxRefusesAClickedMarkWithAMessage() {
    let h = Harness(["a", "b"], ["--max", "1"])
    press(h, 0, marker: true, at: 0)
    press(h, 1, marker: true, at: 1)
    #expect(h.state.selection.lines(.input) == [0])
    #expect(h.state.info.message != nil)
  }

  @Test func clicksAreBindable() {
    let h = Harness(["a", "b", "c"], ["--bind", "left-click:toggle,double-click:ignore,right-click:accept"])
    press(h, 1, at: 0)
    press(h, 1, at: 1)
    #expect(h.state.selection.lines(.input) == [1])
    #expect(h.state.outcome == nil)
    press(h, 2, button: .right, at: 5000)
    #expect(h.state.outcome == .accepted(lines: [1], key: nil))
  }

  @Test func theWheelScrollsThePaneItIsOverOrMovesTheCursor() {
    let h = Harness(["a", "b", "c"], ["--preview", "x"], columns: 60)
    guard case .preview(let generation, _, _, _, _) = h.state.takeCommands().last else {
      Issue.record("no preview asked for")
      return
    }
    h.state.handle(
      .previewOutput(generation: generation, bytes: Array((1...50).map { "\($0)\n" }.joined().utf8)))
    h.state.handle(
      .mouse(MouseEvent(action: .wheel(up: false), row: 0, column: 0), target: .preview, time: 0))
    #expect(h.state.preview.scroll == PickerState.wheelStep)
    #expect(h.state.cursor == 0)
    h.state.handle(.mouse(MouseEvent(action: .wheel(up: false), row: 0, column: 0), target: nil, time: 0))
    #expect(h.state.cursor == 1)
    h.state.handle(
      .mouse(
        MouseEvent(action: .wheel(up: true), row: 0, column: 0), target: .item(position: 1, marker: false),
        time: 0))
    #expect(h.state.cursor == 0)
  }

  @Test func pressesOutsideTheItemsDoNothing() {
    let h = Harness(["a", "b"])
    h.state.handle(.mouse(MouseEvent(action: .press(.left), row: 0, column: 0), target: nil, time: 0))
    h.state.handle(
      .mouse(
        MouseEvent(action: .press(.left), row: 0, column: 0), target: .item(position: 9, marker: false),
        time: 1))
    h.state.handle(.mouse(MouseEvent(action: .release, row: 0, column: 0), target: nil, time: 2))
    #expect(h.state.cursor == 0)
    #expect(h.state.outcome == nil)
  }
}
