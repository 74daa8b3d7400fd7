import Testing

@testable import MSelectCore

/// The characters a repaired typing mistake stands on are drawn apart from those typed right, so a
/// line that holds the query as typed can be told from a repaired one.
@Suite struct TypoHighlightTests {
  /// The text of each run of list cells drawn with `style`, for the picker's rows.
  static func runs(_ h: Harness, _ style: Frame.Style) -> [String] {
    Renderer().render(h.state).rows.flatMap { row in
      row.filter { $0.style.contains(style) }.map(\.text)
    }
  }

  @Test(arguments: [
    // A key typed wrong: the line's character in its place.
    ("sipgrep", "ripgrep", ["ipgrep"], ["r"]),
    // Two keys swapped: both.
    ("rigprep", "ripgrep", ["ri", "rep"], ["pg"]),
    // An extra key: nothing of the line stands on it.
    ("ripgrepp", "ripgrep", ["ripgrep"], []),
    // Strewn over a path, one key wrong: the line's character in the hole.
    ("shaqeman", "/usr/share/man", ["sha", "e", "man"], ["r"]),
  ])
  func repairedCharactersAreDrawnApart(query: String, line: String, matched: [String], repaired: [String]) {
    let h = Harness([line, "unrelated"], ["--typos"])
    h.type(query)
    #expect(h.listed == [line])
    #expect(Self.runs(h, .match) == matched)
    #expect(Self.runs(h, .typo) == repaired)
  }

  @Test func aQueryTypedRightHasNoRepairedCharacters() {
    let h = Harness(["ripgrep", "sipgrep"], ["--typos"])
    h.type("ripgrep")
    // The line typed right first, unrepaired; the other one key away, repaired.
    #expect(h.listed == ["ripgrep", "sipgrep"])
    #expect(Self.runs(h, .match) == ["ripgrep", "ipgrep"])
    #expect(Self.runs(h, .typo) == ["s"])
  }

  @Test func theLibraryReportsRepairedPositions() {
    var options = MatchOptions()
    options.typos = .byLength
    var matcher = Matcher(pattern: Pattern("sipgrep", options: options))
    let found = matcher.matchWithPositions("ripgrep")
    #expect(found?.positions == Array(0..<7))
    #expect(found?.repaired == [0])
  }

  /// Its own color element, `typo`, and an attribute without colors.
  @Test func theThemeDrawsRepairsApart() {
    let colored = Theme(colors: true)
    #expect(colored.attributes(.typo) != colored.attributes(.match))
    let mono = Theme(colors: false)
    #expect(mono.attributes(.typo) != mono.attributes(.match) && !mono.attributes(.typo).isEmpty)
    let palette = Palette.parse("typo:#ff0000:bold")
    #expect(palette != nil)
    #expect(Theme(colors: true, palette: palette!).attributes(.typo).contains("38;2;255;0;0"))
  }
}
