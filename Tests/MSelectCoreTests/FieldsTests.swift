import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct FieldsTests {
  func extract(_ line: String, _ spec: String, _ delimiter: Delimiter = .whitespace) -> String? {
    guard let spec = FieldSpec(spec) else { return nil }
    return String(
      decoding: Array(line.utf8).withUnsafeBytes { Fields.extract($0, spec, delimiter) }, as: UTF8.self)
  }

  /// Fields keep the whitespace that followed them in the line when another comes after them, as
  /// fzf's `--accept-nth` prints them (observed with fzf 0.74.5).
  @Test(arguments: [
    ("1", "a"), ("2", "b"), ("-1", "c"), ("2..", "b   c"), ("..2", "a \t b"), ("1,3", "a \t c"),
    ("..", "a \t b   c"), ("1..-2", "a \t b"), ("4", ""), ("-5", ""),
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
    // The separator the line has between them (fzf's `--accept-nth 2..` prints `lib:x`).
    #expect(extract("usr/lib:x", "2..", slashOrColon) == "lib:x")
    // A separator that ends the line leaves no empty field after it (unlike a literal delimiter).
    #expect(extract("a/b/", "-1", try #require(d("[/]"))) == "b")
    #expect(extract("a/b/", "-1", .string([47])) == "")
    // A line that is not UTF-8 is one field.
    let bytes: [UInt8] = [0x61, 0x3A, 0xFF]
    let spec = try #require(FieldSpec("1"))
    #expect(bytes.withUnsafeBytes { Fields.extract($0, spec, colons) } == bytes)
  }

  /// What `--with-nth` shows keeps the last field's delimiter and drops trailing whitespace, as fzf's
  /// item text (fzf 0.74 shows `a/` for `--with-nth 1 -d /`); a template's fields drop it.
  @Test(arguments: [
    ("1", "/", "a/b/c", "a/"), ("1,2", "/", "a/b/c", "a/b/"), ("2..", "/", "a/b/c", "b/c"),
    ("-1", "/", "a/b/", ""), ("2,1,1", "", "hello world", "worldhello hello"), ("1", "", "ab   cd", "ab"),
    ("1", ",", "x ,y", "x ,"), ("2", ",", "x, \u{3000}", ""), ("{1}.{2}", "/", "a/b/c", "a.b"),
    ("1", ":", "é:ü", "é:"),
  ])
  func shownFieldsKeepTheirLastDelimiter(spec: String, delimiter: String, line: String, expected: String)
    throws
  {
    let parsed = try #require(spec.hasPrefix("{") ? FieldSpec(template: spec) : FieldSpec(spec))
    let split = try #require(Delimiter.parse(Array(delimiter.utf8)))
    let shown = Array(line.utf8).withUnsafeBytes { Fields.view($0, parsed, split) }
    #expect(String(decoding: shown, as: UTF8.self) == expected)
  }
}

/// With fields selected, the sort keys measure what fzf calls the item's text: what `--with-nth`
/// shows, with a match's offsets moved to where the `--nth` fields are in it.
@Suite struct FieldKeysTests {
  func filtered(_ query: String, _ arguments: [String], _ lines: [String]) throws -> [String] {
    let options = try OptionParser.parse(arguments.map { Array($0.utf8) })
    return Filter.run(Array(query.utf8), in: store(lines), settings: options.scriptedSettings.search)
      .map { lines[$0] }
  }

  @Test func lengthIsTheShownTextsLength() throws {
    // Both show `usr.bin.man`: a tie, so input order, although the first line is longer.
    let lines = ["/e/a.d/local/usr.bin.man", "/e/a.d/usr.bin.man", "/e/usr.bin.man.d"]
    #expect(try filtered("usr", ["--with-nth=-1", "--nth=1", "-d", "/"], lines) == lines)
    #expect(
      try filtered("usr", ["--with-nth=3..", "-d", "/"], ["/x/abc/usr", "/x/a/usr"]) == [
        "/x/a/usr", "/x/abc/usr",
      ])
  }

  /// With several selections (`--nth 1,3`), a term is looked for in each on its own: `ad` is not
  /// found across fields 1 and 3 of `ab x cd` (as in fzf 0.74).
  @Test func eachSelectionIsSearchedOnItsOwn() throws {
    let lines = ["ab x cd", "ad x y", "b x ad"]
    #expect(try filtered("ad", ["--nth=1,3"], lines) == ["ad x y", "b x ad"])
  }

  /// A query of several terms: each term is looked for in each selection on its own (fzf 0.74's
  /// orders): `ab` is not found across fields 1 and 3 of `a x bc`, and `^d` holds at the start of
  /// field 3 of `xa y d`.
  @Test func eachTermIsSearchedInEachSelectionOnItsOwn() throws {
    #expect(try filtered("ab c", ["--nth=1,3"], ["ab x c", "a x bc"]) == ["ab x c"])
    let lines = ["ab x cd", "ad x y", "b x ad", "xa y d", "d q a"]
    #expect(try filtered("^d a", ["--nth=1,3"], lines) == ["d q a", "xa y d"])
    #expect(try filtered("a d", ["--nth=1,3"], lines) == ["d q a", "ad x y", "b x ad", "xa y d", "ab x cd"])
    #expect(try filtered("!a d", ["--nth=1,3"], lines) == [])
    #expect(try filtered("!y d", ["--nth=1,3"], lines) == ["d q a", "xa y d", "b x ad", "ab x cd"])
  }

  /// `a/` finds what `--with-nth 1 -d /` shows of `a/b/c` (`a/`), as in fzf 0.74.
  @Test func theShownTextKeepsItsLastDelimiter() throws {
    let lines = ["a/b/c", "xx/yy", "ab/x"]
    #expect(try filtered("a/", ["--with-nth=1", "-d", "/"], lines) == ["a/b/c", "ab/x"])
    #expect(try filtered("a/", ["--with-nth=1", "-d", "/", "--nth=1"], lines) == [])
  }

  @Test func spansCountFromTheLinesStart() throws {
    // fzf's `begin` measures where the match ends in the line: one character earlier in `x/abc`.
    #expect(
      try filtered("abc", ["--nth=2", "-d", "/", "--tiebreak=begin"], ["xx/abc", "x/abc"]) == [
        "x/abc", "xx/abc",
      ])
    #expect(
      try filtered("abc", ["--nth=2..", "-d", "/", "--tiebreak=begin"], ["xx/abc/d", "x/abc/d"]) == [
        "x/abc/d", "xx/abc/d",
      ])
  }

  /// fzf's `--accept-nth` template: fields without their delimiter, `{n}` the line's number.
  @Test func acceptNthTemplatesNumberTheLine() throws {
    let spec = try #require(FieldSpec(template: "[{n}] 1st: {1}, 3rd: {3}, 2nd: {2}"))
    let delimiter = try #require(Delimiter.parse(Array(" *, *".utf8)))
    let out = Array("foo  ,bar,baz".utf8).withUnsafeBytes { Fields.extract($0, spec, delimiter, index: 7) }
    #expect(String(decoding: out, as: UTF8.self) == "[7] 1st: foo, 3rd: baz, 2nd: bar")
    #expect(FieldSpec(template: "{n} alone") != nil && FieldSpec(template: "{x}") == nil)
  }
}
