import Foundation
import Testing

/// `--ambidouble` on a terminal that draws East Asian Ambiguous characters (box drawing, Greek,
/// Cyrillic, …) two columns wide: the frame stays square and no row runs past the screen.
@Suite(.serialized) struct AmbiguousWidthTests {
  static let lines =
    "plain ascii line\ncafé résumé naïve\nПривет мир ёлка\nαβγδ ελληνικά §¶ ±×÷\n"
    + String(repeating: "Ж", count: 60) + "\n"

  /// The picker on `lines` in a 60-column terminal that draws ambiguous characters two columns wide.
  private func picker(_ arguments: [String], environment: [String: String] = [:]) throws -> PickerProcess {
    let picker = try PickerProcess(
      arguments + ["--border", "--height", "12"], rows: 16, columns: 60, environment: environment,
      ambiguousColumns: 2)
    picker.feed(Self.lines)
    picker.closeInput()
    return picker
  }

  /// The frame's rows, each ending with its right side on the last two columns; nil when one does not.
  private func frameRows(_ screen: ScreenEmulator) -> [[Character]]? {
    let rows = screen.cells.filter { ["│", "╭", "╰"].contains($0.first) }
    let square = rows.allSatisfy {
      ["│", "╮", "╯"].contains($0[58]) && $0[59] == ScreenEmulator.continuation
    }
    return square ? rows : nil
  }

  /// The long line is cut with its ellipsis up to the blank column before the frame's right side.
  private func longLineIsCutInside(_ screen: ScreenEmulator) -> Bool {
    guard let cut = screen.cells.first(where: { $0.contains("Ж") }) else { return false }
    return cut[54] != " " && cut[57] == " "
  }

  @Test(arguments: [
    (["--ambidouble"], [:]), (["--fzf", "--ambidouble"], [:]),
    (["--fzf", "--multi"], ["RUNEWIDTH_EASTASIAN": "1"]),
  ])
  func theFrameStaysSquare(arguments: [String], environment: [String: String]) throws {
    let picker = try picker(arguments, environment: environment)
    #expect(picker.waitForScreen { $0.text.contains("5/5") && (frameRows($0)?.count ?? 0) >= 9 })
    #expect(longLineIsCutInside(picker.screen))
    picker.send([0x03])
    #expect(picker.exitCode() == 130)
  }

  @Test func withoutItTheFrameIsDrawnForNarrowCharacters() throws {
    let picker = try picker(["--fzf", "--no-ambidouble"], environment: ["RUNEWIDTH_EASTASIAN": "1"])
    #expect(picker.waitFor("5/5"))
    // Each Ж is taken for one column where the terminal draws two: the line runs into the frame.
    #expect(!longLineIsCutInside(picker.screen))
    picker.send([0x03])
    #expect(picker.exitCode() == 130)
  }

  @Test func fzfsScrollbarTurnsASCII() throws {
    let picker = try PickerProcess(
      ["--fzf", "--ambidouble", "--height", "6"], rows: 10, columns: 40, ambiguousColumns: 2)
    picker.feed((1...50).map { "line \($0)\n" }.joined())
    picker.closeInput()
    #expect(picker.waitFor("50/50"))
    #expect(picker.screen.lines.contains { $0.hasSuffix("|") })
    #expect(!picker.screen.text.contains("│"))
    picker.send([0x03])
    #expect(picker.exitCode() == 130)
  }
}
