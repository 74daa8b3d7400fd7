import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// fzf's frozen fields (`--freeze-left`, `--freeze-right`) and its scrollbar, drawn as fzf draws them.
@Suite struct FreezeAndScrollbarTests {
  /// The row of the only line, under fzf's defaults and `arguments`, `columns` wide (as fzf 0.74.5
  /// draws it).
  func row(_ line: String, _ arguments: [String], columns: Int = 40) -> String {
    let h = Harness([line], arguments + ["--no-scrollbar"], rows: 5, columns: columns, profile: .fzf)
    let text = Renderer().render(h.state).text
    return text[text.count - 3]
  }

  let numbers = (1...200).map(String.init).joined(separator: " ") + " "

  @Test func theLastFieldsStayInView() {
    #expect(
      row(numbers, ["--freeze-right", "3", "--ellipsis", "XX"]) == "▌ 1 2 3 4 5 6 7 8 9 10 11 XX198 199 200 ")
  }

  @Test func theFirstAndLastFieldsStayWhileTheMiddleScrollsToTheMatch() {
    let h = Harness(
      [numbers],
      ["--freeze-left", "2", "--freeze-right", "1", "--ellipsis", "XX", "--no-scrollbar", "-q", "'150"],
      rows: 5, columns: 40, profile: .fzf)
    let text = Renderer().render(h.state).text
    #expect(text[text.count - 3] == "▌ 1 2XX6 147 148 149 150 151 152 1XX200 ")
  }

  @Test func frozenFieldsWiderThanTheRowAreCutToo() {
    #expect(
      row(numbers, ["--freeze-right", "1000", "--ellipsis", "XX"])
        == "▌ XX192 193 194 195 196 197 198 199 200 ")
  }

  @Test func aShortLineIsDrawnWhole() {
    #expect(row("a b c", ["--freeze-left", "1", "--freeze-right", "1"]).hasPrefix("▌ a b c"))
  }

  /// The bar's length and place follow the part of the list shown; it shows only when the list
  /// does not fit.
  @Test func theScrollbarFollowsTheList() {
    let h = Harness((1...100).map(String.init), [], rows: 12, columns: 20, profile: .fzf)
    var text = Renderer().render(h.state).text
    // Ten rows of a hundred lines: one row of bar, at the best match's end (the bottom).
    #expect(text.filter { $0.hasSuffix("│") }.count == 1)
    #expect(text[9].hasSuffix("│") && text[9].count == 20)
    // At the other end of the list, the bar is at the other end of the rows.
    for _ in 0..<12 { h.press(.pageUp) }
    text = Renderer().render(h.state).text
    #expect(text[0].hasSuffix("│") && !text[9].hasSuffix("│"))
    let few = Harness(["a", "b"], [], rows: 12, columns: 20, profile: .fzf)
    #expect(!Renderer().render(few.state).text.contains { $0.hasSuffix("│") })
  }

  /// With no pointer there is no gutter either; a jump label then takes a column of its own.
  @Test func anEmptyPointerHasNoGutter() {
    let h = Harness(
      ["5"], ["--pointer=", "--marker=", "--gutter", " ", "--bind", "ctrl-j:jump", "--jump-labels", "1"],
      rows: 4, columns: 10, profile: .fzf)
    #expect(Renderer().render(h.state).text[1].hasPrefix("5"))
    h.press(.ctrl(UInt8(ascii: "j")))
    #expect(Renderer().render(h.state).text[1].hasPrefix("15"))
  }
}
