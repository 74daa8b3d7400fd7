import Glibc
import Testing

/// `--typos` in the picker, keys typed one at a time: the word meant comes first, alt-t turns it off.
@Suite(.serialized) struct TyposPickerTests {
  static let grivy = "grivy - tree"
  static let grove = "libxml-grove-perl - Perl module"

  /// Types `query` a key at a time into a picker over `lines`, waits for `count`, accepts the
  /// current line and returns what was printed.
  private func accepted(_ query: String, _ lines: [String], count: String) throws -> String? {
    let (picker, _) = try PickerProcess.started(
      ["--typos"], lines: lines.joined(separator: "\n") + "\n", columns: 80)
    #expect(picker.waitFor("\(lines.count)/\(lines.count)"))
    for key in query { picker.type(String(key)) }
    #expect(picker.waitFor(count))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    return picker.stdout
  }

  @Test func theWordMeantComesFirstWhenNoLineHoldsTheQuery() throws {
    // fzf's scorer alone puts the strewn letters of `griv… e` first.
    #expect(try accepted("grive", [Self.grivy, Self.grove], count: "2/2 +typos") == Self.grove + "\n")
  }

  @Test func aLineHoldingTheQueryKeepsTheRankingByScore() throws {
    let lines = [Self.grove, Self.grivy, "xgrivex"]
    #expect(try accepted("grive", lines, count: "3/3 +typos") == Self.grivy + "\n")
  }

  @Test func altTTurnsTyposOff() throws {
    let (picker, _) = try PickerProcess.started(
      ["--typos"], lines: Self.grivy + "\n" + Self.grove + "\n", columns: 80)
    #expect(picker.waitFor("2/2"))
    for key in "grive" { picker.type(String(key)) }
    #expect(picker.waitFor("2/2 +typos"))
    picker.send([0x1B, UInt8(ascii: "t")])
    #expect(picker.waitForScreen { $0.text.contains("1/2") && !$0.text.contains("+typos") })
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == Self.grivy + "\n")
  }
}
