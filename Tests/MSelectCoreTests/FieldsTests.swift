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

  @Test func delimitersAreRegularExpressionsAsInFzf() throws {
    func d(_ text: String) -> Delimiter? { Delimiter.parse(Array(text.utf8)) }
    #expect(d(":") == .string([58]))
    #expect(d("\\t") == .string([9]))
    #expect(d("") == .whitespace)
    #expect(d("(") == nil)
    let colons = try #require(d(":+"))
    #expect(extract("a::b:c", "2", colons) == "b")
    #expect(extract("a::b:c", "-1", colons) == "c")
    let slashOrColon = try #require(d("[/:]"))
    #expect(extract("usr/lib:x", "2..", slashOrColon) == "lib x")
    // A line that is not UTF-8 is one field.
    let bytes: [UInt8] = [0x61, 0x3A, 0xFF]
    let spec = try #require(FieldSpec("1"))
    #expect(bytes.withUnsafeBytes { Fields.extract($0, spec, colons) } == bytes)
  }
}
