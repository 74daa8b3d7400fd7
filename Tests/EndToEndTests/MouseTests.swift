import Foundation
import Glibc
import Testing

/// The mouse in the pseudo-terminal: clicks land on the item under them wherever the inline picture
/// begins, the wheel scrolls what it is over, and mouse reporting is off again on every way out.
@Suite(.serialized) struct MouseTests {
  func start(
    _ arguments: [String] = [], lines: String, cursorRow: Int = 0, answers: Bool = true
  ) throws -> PickerProcess {
    let picker = try PickerProcess(
      arguments, rows: 24, columns: 80, environment: ["SWIFT_BACKTRACE": "enable=no"], cursorRow: cursorRow)
    picker.answersPositionQueries = answers
    picker.feed(lines)
    picker.closeInput()
    return picker
  }

  /// The screen row showing `text` as an item (after the pointer and marker columns).
  func row(of text: String, in picker: PickerProcess) -> Int? {
    picker.screen.lines.firstIndex { line in
      let item = line.dropFirst(4)
      return line.count >= 4 && (item == Substring(text) || item.hasPrefix(text + " "))
    }
  }

  /// Whether the pointer is on the row showing `text`.
  func pointer(on text: String, in picker: PickerProcess) -> Bool {
    picker.waitForScreen { screen in
      screen.lines.contains { !$0.hasPrefix(" ") && ($0.hasSuffix(" " + text) || $0.contains(" \(text) ")) }
    }
  }

  // 0: the picture starts at the top; 5: further down; 20: near the bottom, so it scrolls the screen.
  @Test(arguments: [0, 5, 20])
  func aClickMovesTheCursorAndADoubleClickAccepts(cursorRow: Int) throws {
    let picker = try start(["--height", "10"], lines: "alpha\nbeta\ngamma\ndelta\n", cursorRow: cursorRow)
    #expect(picker.waitFor("4/4"))
    let gamma = try #require(row(of: "gamma", in: picker))
    picker.click(row: gamma, column: 6)
    #expect(pointer(on: "gamma", in: picker))
    let beta = try #require(row(of: "beta", in: picker))
    picker.click(row: beta, column: 6)
    picker.click(row: beta, column: 6)
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "beta\n")
    #expect(!picker.screen.modes.contains(1000) && !picker.screen.modes.contains(1006))
  }

  /// A double click accepts on its second press; its release, already on its way, is read before the
  /// terminal is given back, not echoed by the shell's terminal as `^[[<0;7;3m`.
  @Test func theLastReleaseDoesNotReachTheShell() throws {
    let picker = try start(["--height", "10"], lines: "alpha\nbeta\n", cursorRow: 2)
    #expect(picker.waitFor("2/2"))
    let beta = try #require(row(of: "beta", in: picker))
    picker.click(row: beta, column: 6)
    picker.inFlightAtMouseOff = Array("\u{1B}[<0;7;\(beta + 1)m".utf8)
    picker.type("\u{1B}[<0;7;\(beta + 1)M")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "beta\n")
    #expect(picker.inFlightAtMouseOff.isEmpty)
    #expect(!picker.screen.text.contains("^["))
    #expect(!picker.screen.text.contains(";7;"))
  }

  @Test func aClickOnTheMarkerColumnTogglesAndARightClickToo() throws {
    let picker = try start(lines: "one\ntwo\nthree\nfour\n", cursorRow: 3)
    #expect(picker.waitFor("4/4"))
    picker.click(row: try #require(row(of: "two", in: picker)), column: 0)
    #expect(picker.waitFor("(1)"))
    picker.click(row: try #require(row(of: "four", in: picker)), column: 10, button: 2)
    #expect(picker.waitFor("(2)"))
    picker.click(row: try #require(row(of: "two", in: picker)), column: 1)
    #expect(picker.waitFor("(1)"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "four\n")
  }

  @Test func theWheelScrollsThePreviewWhenOverItAndTheListElsewhere() throws {
    let picker = try start(
      ["--preview", "seq 100 | sed 's/^/p/'", "--preview-window", "right,40%"], lines: "a\nb\nc\n")
    #expect(picker.waitFor("│ p1 "))
    let top = try #require(picker.screen.lines.firstIndex { $0.contains("│ p1 ") })
    picker.wheel(up: false, row: top, column: 70)
    #expect(picker.waitForScreen { $0.lines[top].contains("│ p4 ") && !$0.text.contains("│ p1 ") })
    picker.wheel(up: false, row: try #require(row(of: "a", in: picker)), column: 5)
    #expect(pointer(on: "b", in: picker))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\n")
  }

  @Test func fullscreenNeedsNoPositionQuery() throws {
    let picker = try start(["--fullscreen"], lines: "x\ny\nz\n", answers: false)
    #expect(picker.waitFor("3/3"))
    let z = try #require(row(of: "z", in: picker))
    picker.click(row: z, column: 5)
    picker.click(row: z, column: 5)
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "z\n")
  }

  @Test func aTerminalThatNeverAnswersLeavesClicksUnplacedAndKeysWorking() throws {
    let picker = try start(lines: "x\ny\nz\n", cursorRow: 4, answers: false)
    #expect(picker.waitFor("3/3"))
    let z = try #require(row(of: "z", in: picker))
    picker.click(row: z, column: 5)
    picker.click(row: z, column: 5)
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "x\n")
  }

  @Test func noMouseLeavesTheMouseToTheTerminal() throws {
    let picker = try start(["--no-mouse"], lines: "x\ny\n")
    #expect(picker.waitFor("2/2"))
    #expect(!picker.screen.modes.contains(1000))
    let transcript = String(decoding: picker.transcript, as: UTF8.self)
    #expect(!transcript.contains("\u{1B}[?1000h") && !transcript.contains("\u{1B}[?1006h"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGSEGV])
  func mouseReportingIsOffAfterASignal(signal: Int32) throws {
    let picker = try start(lines: "x\ny\n")
    #expect(
      picker.waitForScreen { $0.text.contains("2/2") && $0.modes.contains(1000) && $0.modes.contains(1006) })
    kill(picker.pid, signal)
    // Death by the signal; a sanitizer build's own crash handler exits with an error instead.
    let status = try #require(picker.waitForExit())
    #expect(status & 0x7F == signal || (signal == SIGSEGV && status & 0x7F == 0 && (status >> 8) & 0xFF != 0))
    #expect(!picker.screen.modes.contains(1000) && !picker.screen.modes.contains(1006))
  }
}
