import Testing

@testable import MSelectCore

/// Items holding line breaks over several rows (`--multi-line`, fzf mode's default), as fzf 0.74
/// draws them: screens taken from fzf side by side.
@Suite struct MultiLineTests {
  /// fzf's own test input: `0`, `1\n2`, and `1\n2\n…\n1000\n` (its last row empty).
  let items = ["0", "1\n2", (1...1000).map { "\($0)\n" }.joined()]

  func picker(_ arguments: [String], rows: Int = 14) -> Harness {
    let h = Harness(
      items,
      ["--multi", "--bind", "load:select-all", "--border", "rounded", "--pointer", ">", "--marker", ">"]
        + arguments, rows: rows, columns: 20, profile: .fzf, terminator: 0)
    h.state.handle(.inputEnded)
    h.settle()
    return h
  }

  func screen(_ h: Harness) -> [String] {
    Renderer().render(h.state).text.map { String($0.prefix(7)).replacing(/\s+$/, with: "") }
  }

  @Test func bottomUpTheFarItemShowsItsEnd() {
    let rows = screen(picker([]))
    #expect(
      Array(rows.suffix(10)) == [
        "│ ▌┃998", "│ ▌┃999", "│ ▌┃100", "│ ▌╹", "│ ▌╻1", "│ ▌╹2", "│ >>0", "│   3/3", "│ >", "╰──────",
      ])
  }

  @Test func theCurrentItemShowsFromItsStart() {
    let h = picker([])
    h.press(.up, .up)
    let rows = screen(h)
    #expect(Array(rows.prefix(4)) == ["╭──────", "│ >╻1", "│ >┃2", "│ >┃3"])
    // Cut off from the rest, its last row ends with the line break.
    #expect(rows[rows.count - 4].hasPrefix("│ >┃"))
    #expect(Renderer().render(h.state).text[rows.count - 4].contains("␊"))
  }

  @Test func topDownTheFarItemShowsItsStart() {
    let rows = screen(picker(["--reverse"]))
    #expect(
      Array(rows.prefix(9)) == [
        "╭──────", "│ >", "│   3/3", "│ >>0", "│ ▌╻1", "│ ▌╹2", "│ ▌╻1", "│ ▌┃2", "│ ▌┃3",
      ])
  }

  @Test func noMarksLeaveTheTextAlone() {
    let rows = screen(picker(["--reverse", "--pointer", "", "--marker", "", "--marker-multi-line", ""]))
    #expect(Array(rows.prefix(9)) == ["╭──────", "│ >", "│   3/3", "│ 0", "│ 1", "│ 2", "│ 1", "│ 2", "│ 3"])
  }

  /// `--no-multi-line` (mselect's default) keeps an item on one row, its line breaks shown as `␊`;
  /// `toggle-multi-line` turns it over.
  @Test func oneRowEachWithoutIt() {
    let h = picker(["--reverse", "--no-multi-line", "--bind", "space:toggle-multi-line"])
    #expect(screen(h)[4] == "│ ▌>1␊2")
    h.press(.char(32))
    #expect(screen(h)[4] == "│ ▌╻1")
  }

  /// A click on any row of an item is on that item.
  @Test func everyRowOfAnItemIsItsTarget() {
    let h = picker(["--reverse"])
    let frame = Renderer().render(h.state)
    let targets = frame.areas.compactMap { area -> (Range<Int>, Int)? in
      guard case .item(let position, _) = area.kind else { return nil }
      return (area.rows, position)
    }
    #expect(targets.first { $0.1 == 1 }?.0.count == 2)
  }
}
