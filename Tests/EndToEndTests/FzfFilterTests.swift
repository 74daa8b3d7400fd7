import Foundation
import Testing

/// fzf 0.74's published `--filter` expectations (test/test_filter.rb and test/test_core.rb), run through
/// the mselect binary: same input, same options, same lines out.
@Suite struct FzfFilterTests {
  struct Case: Sendable, CustomStringConvertible {
    let input: [String]
    let arguments: [String]
    let expected: [String]
    var description: String { arguments.joined(separator: " ") }
  }

  static let seq10 = (1...10).map(String.init)
  static let seq100 = (1...100).map(String.init)
  static let seq123 = (1...123).map(String.init)
  static let tiebreak = ["--foobar--------", "-----foobar---", "----foobar--", "-------foobar-"]
  static let byBegin = ["--foobar--------", "----foobar--", "-----foobar---", "-------foobar-"]
  static let indexBegin = ["xoxxxxxoxx", "xoxxxxxox", "xxoxxxoxx", "xxxoxoxxx", "xxxxoxox", "  xxoxoxxx"]
  static let end = ["xoxxxxxxxx", "xxoxxxxxxx", "xxxoxxxxxx", "xxxxoxxxx", "xxxxxoxxx", "  xxxxoxxx"]
  static let endRanked = ["xxxxxoxxx", "  xxxxoxxx", "xxxxoxxxx", "xxxoxxxxxx", "xxoxxxxxxx", "xoxxxxxxxx"]
  static let chunk = ["1 foobarbaz ba", "2 foobar baz", "3 foo barbaz"]
  static let meta = ["foo^bar", "foo$bar", "foo!bar", "foo'bar", "foo bar", "bar foo"]
  static let boundary = [
    "xxyzx", "-xxyz", "xyzx-", "_xyz_", "_xyz-", "-xyz_", "[xyz]", "-xyz-", " xyz ", "/xyz/",
  ]

  static let cases: [Case] = [
    Case(input: seq100, arguments: ["-f", "1 00$"], expected: ["100"]),
    Case(input: seq100, arguments: ["-f", "1 00$", "+x"], expected: []),
    Case(input: seq10, arguments: ["-f", "1 | 5"], expected: ["1", "5", "10"]),
    Case(
      input: seq10, arguments: ["-f", "1 | !1"],
      expected: ["1", "10", "2", "3", "4", "5", "6", "7", "8", "9"]),
    Case(input: ["Foo bar"], arguments: ["-x", "-f", "foo Fbar"], expected: ["Foo bar"]),
    Case(input: ["foo,bar,baz"], arguments: ["-d,", "-fbar$", "-n2"], expected: ["foo,bar,baz"]),
    Case(
      input: ["hello world ", "byebye"], arguments: ["-f^he hehe", "-x", "-n", "2..", "--with-nth", "2,1,1"],
      expected: ["hello world "]),
    Case(
      input: ["hello world ", "byebye"],
      arguments: ["-f^he he.he.", "-x", "-n", "2..", "--with-nth", "{2} {1}. {1}."],
      expected: ["hello world "]),
    // fzf's tests count these; the order is what fzf 0.74 prints.
    Case(
      input: meta, arguments: ["-ffoo bar"],
      expected: ["foo bar", "bar foo", "foo^bar", "foo$bar", "foo!bar", "foo'bar"]),
    Case(
      input: meta, arguments: ["-f^foo bar$"],
      expected: ["foo bar", "foo^bar", "foo$bar", "foo!bar", "foo'bar"]),
    Case(input: meta, arguments: ["-ffoo\\ bar"], expected: ["foo bar"]),
    Case(input: meta, arguments: ["-f^foo\\ bar$"], expected: ["foo bar"]),
    Case(input: meta, arguments: ["-f!^foo\\ bar$"], expected: meta.filter { $0 != "foo bar" }),
    Case(input: ["a", "á", "A", "Á"], arguments: ["-f", "a"], expected: ["a", "á", "A", "Á"]),
    Case(input: ["a", "á", "A", "Á"], arguments: ["-f", "á"], expected: ["á", "Á"]),
    Case(input: ["a", "á", "A", "Á"], arguments: ["-f", "A"], expected: ["A", "Á"]),
    Case(input: ["a", "á", "A", "Á"], arguments: ["-f", "Á"], expected: ["Á"]),
    Case(
      input: ["строКА1", "СТРОКА2", "строка3", "Строка4"], arguments: ["-fС"],
      expected: ["СТРОКА2", "Строка4"]),
    Case(
      input: ["строКА1", "СТРОКА2", "строка3", "Строка4"], arguments: ["-fс"],
      expected: ["строКА1", "СТРОКА2", "строка3", "Строка4"]),
    Case(input: tiebreak, arguments: ["-ffoobar", "--tiebreak=index"], expected: tiebreak),
    Case(
      input: tiebreak, arguments: ["-ffoobar"],
      expected: ["----foobar--", "-----foobar---", "-------foobar-", "--foobar--------"]),
    Case(input: tiebreak, arguments: ["-ffoobar", "--tiebreak=begin"], expected: byBegin),
    Case(input: tiebreak, arguments: ["-f!z foobar", "-x", "--tiebreak", "begin"], expected: byBegin),
    Case(
      input: tiebreak, arguments: ["-ffoobar", "--tiebreak", "end"],
      expected: ["-------foobar-", "----foobar--", "-----foobar---", "--foobar--------"]),
    Case(input: tiebreak, arguments: ["-f!z", "-x", "--tiebreak", "end"], expected: tiebreak),
    Case(
      input: indexBegin, arguments: ["-foo"],
      expected: ["xxxxoxox", "  xxoxoxxx", "xxxoxoxxx", "xxoxxxoxx", "xoxxxxxox", "xoxxxxxoxx"]),
    Case(
      input: indexBegin, arguments: ["-foo", "--tiebreak=index"],
      expected: ["xxxoxoxxx", "xxxxoxox", "  xxoxoxxx", "xxoxxxoxx", "xoxxxxxoxx", "xoxxxxxox"]),
    Case(
      input: indexBegin, arguments: ["-foo", "--tiebreak=begin"],
      expected: ["  xxoxoxxx", "xxxoxoxxx", "xxxxoxox", "xxoxxxoxx", "xoxxxxxoxx", "xoxxxxxox"]),
    Case(
      input: indexBegin, arguments: ["-foo", "--tiebreak=begin,length"],
      expected: ["  xxoxoxxx", "xxxoxoxxx", "xxxxoxox", "xxoxxxoxx", "xoxxxxxox", "xoxxxxxoxx"]),
    Case(
      input: ["baz foo bar", "foo bar baz"], arguments: ["-fbar", "--tiebreak=begin"],
      expected: ["foo bar baz", "baz foo bar"]),
    Case(
      input: end, arguments: ["-fo"],
      expected: ["  xxxxoxxx", "xxxxoxxxx", "xxxxxoxxx", "xoxxxxxxxx", "xxoxxxxxxx", "xxxoxxxxxx"]),
    Case(input: end, arguments: ["-fo", "--tiebreak=end"], expected: endRanked),
    Case(input: end, arguments: ["-fo", "--tiebreak=end,length,begin"], expected: endRanked),
    Case(
      input: ["/bar/baz", "/foo/bar/baz"], arguments: ["-fbaz", "--tiebreak=end"],
      expected: ["/foo/bar/baz", "/bar/baz"]),
    Case(
      input: ["1:hell", "123:hello", "12345:he", "1234567:h"], arguments: ["-fh"],
      expected: ["1:hell", "12345:he", "123:hello", "1234567:h"]),
    Case(
      input: ["1:hell", "123:hello", "12345:he", "1234567:h"], arguments: ["-fh", "-n2", "-d:"],
      expected: ["1:hell", "12345:he", "123:hello", "1234567:h"]),
    Case(
      input: chunk, arguments: ["-fo", "--tiebreak=chunk"],
      expected: ["3 foo barbaz", "2 foobar baz", "1 foobarbaz ba"]),
    Case(input: chunk, arguments: ["-fba", "--tiebreak=chunk"], expected: chunk),
    Case(input: chunk, arguments: ["-f!foobar", "--tiebreak=chunk"], expected: ["3 foo barbaz"]),
    Case(
      input: boundary, arguments: ["-f'xyz'", "--scheme=default"],
      expected: [" xyz ", "/xyz/", "[xyz]", "-xyz-", "-xyz_", "_xyz-", "_xyz_"]),
    Case(
      input: boundary, arguments: ["-f'xyz'", "--scheme=path"],
      expected: ["/xyz/", " xyz ", "[xyz]", "-xyz-", "-xyz_", "_xyz-", "_xyz_"]),
    Case(
      input: boundary, arguments: ["-f'xyz'", "--scheme=history"],
      expected: ["[xyz]", "-xyz-", " xyz ", "/xyz/", "-xyz_", "_xyz-", "_xyz_"]),
    Case(
      input: ["one two three"], arguments: ["-d ", "--with-nth", "1", "--accept-nth", "-1", "-f", "one"],
      expected: ["three"]),
    Case(
      input: ["ID001:John:Developer", "ID002:Jane:Manager", "ID003:Bob:Designer"],
      arguments: ["-d:", "--with-nth", "2", "--accept-nth", "1", "-f", "John"], expected: ["ID001"]),
    Case(
      input: ["ID001:John:Developer", "ID002:Jane:Manager", "ID003:Bob:Designer"],
      arguments: ["-d:", "--with-nth", "2", "--accept-nth", "1,3", "-f", "Jane"], expected: ["ID002:Manager"]),
    Case(
      input: ["emp001 Alice Engineering", "emp002 Bob Marketing"],
      arguments: ["-d ", "--with-nth", "2", "--accept-nth", "1", "-f", "Alice"], expected: ["emp001"]),
    Case(input: seq10, arguments: ["--header-lines", "3", "-f", ""], expected: (4...10).map(String.init)),
    Case(input: seq10, arguments: ["--header-lines", "3", "-f", "5"], expected: ["5"]),
    Case(input: seq10, arguments: ["--header-lines", "3", "-f", "^1$"], expected: []),
    Case(
      input: ["a:1", "b:2", "c:3", "d:4", "e:5"],
      arguments: ["--header-lines", "2", "-d:", "--with-nth", "2", "-f", ""],
      expected: ["c:3", "d:4", "e:5"]),
    Case(
      input: ["a:1", "b:2", "c:3", "d:4", "e:5"],
      arguments: ["--header-lines", "2", "-d:", "--with-nth", "2", "-f", "4"],
      expected: ["d:4"]),
    Case(input: ["1", "2", "3"], arguments: ["--header-lines", "10", "-f", ""], expected: []),
    Case(input: seq123, arguments: ["-f", "13"], expected: ["13", "103", "123", "113"]),
    Case(input: seq123, arguments: ["-f", "13", "-e"], expected: ["13", "113"]),
    Case(input: seq123, arguments: ["-f", "13", "+e"], expected: ["13", "103", "123", "113"]),
  ]

  @Test(arguments: cases)
  func filtersAsFzf(_ c: Case) throws {
    let input = Array(c.input.map { $0 + "\n" }.joined().utf8)
    let result = try BinaryRunner.run(c.arguments, input: input)
    let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
    #expect(lines == c.expected, "\(result.stderr)")
    #expect(result.status == (c.expected.isEmpty ? 1 : 0))
  }

  /// A line of 256 KiB comes out whole.
  @Test func aLongLine() throws {
    let line = String(repeating: ".", count: 256 * 1024)
    let result = try BinaryRunner.run(["-f", "."], input: Array(line.utf8))
    #expect(result.text == line + "\n")
  }
}
