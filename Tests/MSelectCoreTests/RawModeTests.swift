import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// fzf's raw mode: every line listed in input order, the cursor free to rest on a line that does
/// not match; `up-match`/`down-match`/`best` go to matches; leaving it keeps the cursor on the
/// nearest match and unmarks the rest. The steps of fzf 0.74.5's own raw mode test.
@Suite struct RawModeTests {
  private let lines = (1...1000).map(String.init)
  private let bindings = [
    "--raw", "--multi", "--bind", "ctrl-x:toggle-raw,a:enable-raw,b:disable-raw",
  ]

  @Test func rawModeListsEveryLineAndMovesToMatches() {
    let h = Harness(lines, bindings, profile: .fzf)
    #expect(h.state.listCount == 1000)
    h.type("1")
    #expect(h.state.search.result.matchCount == 272 && h.state.listCount == 1000)
    #expect(h.current == "1")
    h.press(.up)
    #expect(h.current == "2" && !h.state.matches(h.state.currentLine!))
    h.press(ctrl("p"))
    #expect(h.current == "10")
    // Leaving raw mode keeps the line; the list is the ranked matches again.
    h.press(ctrl("x"))
    #expect(h.current == "10" && h.state.listCount == 272 && h.listed.first == "1")
    h.press(.up, ctrl("x"))
    #expect(h.current == "11" && h.state.listCount == 1000)
    h.type("1")
    h.press(ctrl("p"))
    #expect(h.current == "101")
    h.press(ctrl("n"))
    #expect(h.current == "11")
  }

  @Test func leavingRawModeUnmarksWhatDoesNotMatchAndFindsTheNearestMatch() {
    let h = Harness(lines, bindings + ["--query", "11"], profile: .fzf)
    h.press(.down)  // from 1 (no match) towards the start: stays
    h.press(ctrl("p"))
    #expect(h.current == "11")
    h.press(tab, tab, tab)
    #expect(h.state.selection.count == 3 && h.current == "8")
    h.press(ctrl("x"))
    #expect(h.state.selection.count == 1 && h.current == "11")
    let near = Harness(lines, ["--bind", "ctrl-x:toggle-raw", "--query", "5"], profile: .fzf)
    #expect(near.current == "5")
    near.press(ctrl("x"), ctrl("p"), ctrl("p"))
    #expect(near.current == "25")
    near.press(.up, .up, .up, .up, .up, .up)
    #expect(near.current == "31")
    // 35 is three lines away, 25 six.
    near.press(ctrl("x"))
    #expect(near.current == "35")
  }

  @Test func fzfRawTellsWhetherTheCursorsLineMatches() {
    let h = Harness(lines, bindings + ["--query", "11"], profile: .fzf)
    h.press(ctrl("p"))
    #expect(h.state.environment["FZF_RAW"] == "1")
    h.press(.down)
    #expect(h.state.environment["FZF_RAW"] == "0")
    h.press(.char(UInt32(UInt8(ascii: "b"))))
    #expect(h.state.environment["FZF_RAW"] == nil)
  }

  @Test func bestGoesToTheBestMatch() {
    let h = Harness(lines, ["--raw", "--bind", "space:best"], profile: .fzf)
    h.type("999")
    #expect(h.current == "1")
    h.press(.char(0x20))
    #expect(h.current == "999")
    // Under mselect's name a new query puts the cursor on the best match, raw or not.
    let own = Harness(lines, ["--raw"])
    own.type("999")
    #expect(own.current == "999")
  }

  @Test func theOtherLinesShowTheRawGutterAndTheUnmatchedAreDimmed() {
    let h = Harness(["apple", "banana"], ["--raw", "--query", "ban"], profile: .fzf)
    let frame = Renderer().render(h.state)
    let rows = frame.rows.map { $0.map(\.text).joined() }
    // The cursor rests on apple, the first line, which does not match.
    #expect(rows.contains("▖ banana"), "\(rows)")
    let apple = frame.rows.first { $0.map(\.text).joined().hasPrefix("▌ apple") }
    #expect(apple?.contains { $0.text.contains("apple") && $0.style.contains(.unmatched) } == true)
    let banana = frame.rows.first { $0.map(\.text).joined().hasPrefix("▖ banana") }
    #expect(banana?.contains { $0.style.contains(.unmatched) } == false)
  }
}
