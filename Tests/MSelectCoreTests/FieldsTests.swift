import Testing

@testable import MSelectCore

@Suite struct FieldsTests {
  func extract(_ line: String, _ spec: String, _ delimiter: Delimiter = .whitespace) -> String? {
    guard let spec = FieldSpec(spec) else { return nil }
    return String(
      decoding: Array(line.utf8).withUnsafeBytes { Fields.extract($0, spec, delimiter) }, as: UTF8.self)
  }

  @Test(arguments: [
    ("1", "a"), ("2", "b"), ("-1", "c"), ("2..", "b c"), ("..2", "a b"), ("1,3", "a c"), ("..", "a b c"),
    ("1..-2", "a b"), ("4", ""), ("-5", ""),
  ])
  func awkStyleFields(spec: String, expected: String) {
    #expect(extract("  a \t b   c ", spec) == expected)
  }

  @Test func literalDelimiterKeepsEmptyFields() {
    #expect(extract("Reading\treading", "2", .string([9])) == "reading")
    #expect(extract("a::b", "2", .string(Array("::".utf8))) == "b")
    #expect(extract("a,,c", "2", .string([44])) == "")
    #expect(extract("a,,c", "1..", .string([44])) == "a,,c")
  }

  @Test(arguments: ["", "0", "x", "1..x", "1,,2", "a..b"])
  func invalidSpecs(spec: String) {
    #expect(FieldSpec(spec) == nil)
  }
}
