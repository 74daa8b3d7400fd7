import Testing

@testable import MSelectCore

@Suite struct ControlEscapesTests {
  @Test(arguments: [
    ("plain text", "plain text"), ("a\u{1B}]52;c;aGk=\u{07}b", "a\\x1b]52;c;aGk=\\x07b"),
    ("tab\tstays", "tab\tstays"),
    ("line\nbreak", "line\\x0abreak"), ("del\u{7F}", "del\\x7f"), ("csi\u{9B}1m", "csi\\u{9b}1m"),
    ("é ✓ 日本", "é ✓ 日本"),
  ])
  func escapesControlCharacters(text: String, shown: String) {
    #expect(ControlEscapes.escaped(text) == shown)
  }
}
