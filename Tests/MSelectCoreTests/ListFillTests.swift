import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// Whatever the actions, every list row that can hold a match holds one: the list is never scrolled
/// past the place where its last item ends on the last row, and the cursor stays on screen.
@Suite struct ListFillTests {
  /// The shapes tried: both names, every layout, heights, items of several lines, gaps.
  static let shapes: [(Profile, [String])] = [
    (.fzf, []), (.fzf, ["--layout", "reverse"]), (.fzf, ["--layout", "reverse-list"]),
    (.fzf, ["--height", "12"]),
    (.fzf, ["--height", "40%"]), (.fzf, ["--gap"]), (.fzf, ["--read0"]), (.fzf, ["--no-multi-line"]),
    (.mselect, []), (.mselect, ["--layout", "reverse"]), (.mselect, ["--height", "12"]),
    (.mselect, ["--multi-line", "--read0"]), (.mselect, ["--gap", "2"]), (.fzf, ["--wrap"]),
    (.fzf, ["--wrap-word", "--layout", "reverse", "--height", "12"]), (.mselect, ["--wrap", "--read0"]),
  ]

  @Test(arguments: shapes.indices)
  func everyRowThatCanHoldAMatchHoldsOne(shape: Int) {
    let (profile, options) = Self.shapes[shape]
    for seed in UInt64(1)...4 {
      var random = Seeded(state: seed &* 31 &+ UInt64(shape))
      let read0 = options.contains("--read0")
      let lines = (1...400).map { n in
        read0 && n % 7 == 0
          ? "\(n)\nsecond\nthird" : n % 5 == 0 ? String(repeating: "\(n) ", count: 12) : String(n)
      }
      let h = Harness(
        lines, options + ["--bind", "ctrl-p:pos(50),ctrl-l:last"], rows: 30, profile: profile,
        terminator: read0 ? 0 : 10)
      var log: [String] = []
      for _ in 0..<80 {
        let step = Self.step(&random)
        log.append(step.name)
        step.apply(h)
        if let gap = Self.blankRows(h) {
          Issue.record("\(profile.command) \(options), \(log.joined(separator: " ")): \(gap)")
          return
        }
      }
    }
  }

  /// fzf's report: after moving up the list, a query with fewer matches than the cursor's place.
  @Test(arguments: [[], ["--layout", "reverse"], ["--height", "12"]])
  func aShorterListAfterMovingUpFillsTheRows(options: [String]) {
    let h = Harness((1...1000).map(String.init), options, rows: 30, profile: .fzf)
    for _ in 0..<40 { h.press(.up) }
    h.type("99")
    #expect(h.state.listCount == 28)
    #expect(Self.blankRows(h) == nil)
    #expect(h.state.viewport.offset == 0 || h.state.layout.listRows < 28)
  }

  struct Step {
    let name: String
    let apply: (Harness) -> Void
  }

  static func step(_ random: inout Seeded) -> Step {
    let keys: [(String, Key)] = [
      ("up", .up), ("down", .down), ("pgup", .pageUp), ("pgdn", .pageDown), ("⌫", .backspace),
      ("pos50", ctrl("p")), ("last", ctrl("l")), ("ctrl-u", ctrl("u")),
    ]
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4:
      let (name, key) = keys.randomElement(using: &random)!
      let times = Int.random(in: 1...40, using: &random)
      return Step(name: "\(name)x\(times)") { h in for _ in 0..<times { h.press(key) } }
    case 4..<8:
      let c = ["9", "1", "5", "0", "x", "^", "$"].randomElement(using: &random)!
      return Step(name: c) { $0.type(c) }
    default:
      let rows = Int.random(in: 6...40, using: &random)
      return Step(name: "resize\(rows)") { h in
        h.state.handle(.resize(rows: rows, columns: 40))
        h.settle()
      }
    }
  }

  /// What is wrong with the rows the list shows, or nil: rows left blank below the last item while
  /// items above the first shown would fit in them, or the cursor off screen.
  static func blankRows(_ h: Harness) -> String? {
    let state = h.state
    let count = state.listCount
    guard count > 0 else { return nil }
    let rows = state.layout.listRows
    let gap = state.settings.list.gap
    func height(_ position: Int) -> Int {
      // Wrapped rows depend on the text's cells: the state's own count.
      if state.settings.list.wrap { return state.itemHeight(position) }
      guard state.settings.list.multiLine else { return 1 + gap }
      return 1 + state.store.line(state.line(at: position)).filter { $0 == 10 }.count + gap
    }
    let offset = state.viewport.offset
    var used = 0
    var shown = 0
    while offset + shown < count, used + height(offset + shown) - gap <= rows {
      used += height(offset + shown)
      shown += 1
    }
    let cursor = state.viewport.cursor
    if cursor < offset || cursor >= offset + max(shown, 1) {
      return "cursor \(cursor) off the rows from \(offset) (\(shown) shown)"
    }
    if offset + shown == count, offset > 0, used + height(offset - 1) - gap <= rows {
      return "\(rows - used) rows blank with \(offset) items above (\(count) listed, offset \(offset))"
    }
    return nil
  }
}
