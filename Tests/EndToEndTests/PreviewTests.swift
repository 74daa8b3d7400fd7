import Foundation
import Glibc
import Testing

/// `--preview` in the pseudo-terminal: the pane follows the cursor, runs nothing it was not asked to,
/// never slows typing, and cannot talk to the terminal.
@Suite(.serialized) struct PreviewTests {
  func start(_ arguments: [String], lines: String) throws -> (PickerProcess, String) {
    try PickerProcess.started(arguments, lines: lines, columns: 100)
  }

  @Test func thePreviewFollowsTheCursor() throws {
    let (picker, before) = try start(["--preview", "echo preview:{}:{n}"], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("preview:alpha:0"))
    picker.send([0x1B, 0x5B, 0x42])  // down
    #expect(picker.waitFor("preview:beta:1"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "beta\n")
    #expect(picker.sttySettings == before)
  }

  /// A run replaced before it wrote anything is left to end (fzf's grace), so a quick command run
  /// for a line passed on the way still does what it does.
  @Test func aSilentRunIsLeftToEnd() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let log = "\(directory)/log"
    let (picker, _) = try start(
      ["--preview", "sleep 0.2; echo {} >> \(log); echo shown:{}"], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.send([0x1B, 0x5B, 0x42])  // down, while alpha's run still sleeps
    #expect(picker.waitFor("shown:beta"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    let lines = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n") ?? []
    #expect(lines.contains("alpha") && lines.contains("beta"))
  }

  /// The preview command learns the pane's size as fzf's does, and as `LINES` and `COLUMNS`, which
  /// programs such as `ls` and `bat` size their output by.
  @Test func thePreviewKnowsThePanesSize() throws {
    let (picker, _) = try start(
      ["--preview", "echo size=$LINES,$COLUMNS,$FZF_PREVIEW_LINES,$FZF_PREVIEW_COLUMNS"], lines: "a\n")
    #expect(
      picker.waitForScreen { screen in
        guard let line = screen.lines.first(where: { $0.contains("size=") }),
          let values = line.split(separator: "=").last?.split(separator: " ").first?.split(separator: ",")
        else { return false }
        return values.count == 4 && values[0] == values[2] && values[1] == values[3]
          && Int(values[0]) ?? 0 > 0
      })
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test func aHostileFileNameRunsNothing() throws {
    let marker = "/tmp/mselect-preview-\(getpid())"
    unlink(marker)
    let name = "a b'c\"d $(touch \(marker)) `touch \(marker)` -n"
    let (picker, _) = try start(["--preview", "printf '[%s]' {}"], lines: name + "\n")
    #expect(picker.waitFor("[a b'c\"d $(touch"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect(access(marker, F_OK) != 0)
  }

  @Test func aSlowPreviewDoesNotHoldTypingAndIsStopped() throws {
    let marker = "/tmp/mselect-slow-\(getpid())"
    let pids = marker + ".pids"
    unlink(marker)
    unlink(pids)
    defer { unlink(pids) }
    let (picker, _) = try start(
      ["--preview", "echo $$ >> \(pids); sleep 1; touch \(marker)"], lines: "one\ntwo\nthree\n")
    #expect(picker.waitFor("3/3"))
    picker.type("tw")
    #expect(picker.waitFor("1/3"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    // The preview's whole process group was stopped on the way out: once each group is gone (a
    // run left alive would be there until its touch), the touch never ran.
    let started = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
    let groups = started.split(separator: "\n").compactMap { pid_t($0) }
    #expect(!groups.isEmpty)
    for group in groups { #expect(ProcessGroup.ends(group)) }
    #expect(access(marker, F_OK) != 0)
  }

  @Test func anEndlessPreviewIsCappedAndTypingGoesOn() throws {
    let (picker, before) = try start(["--preview", "yes"], lines: "one\ntwo\n")
    #expect(picker.waitFor("│ y"))
    picker.type("tw")
    #expect(picker.waitFor("1/2"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "two\n")
    #expect(picker.sttySettings == before)
  }

  @Test func aPreviewCannotTalkToTheTerminal() throws {
    // OSC 52 (clipboard), a title, clearing the screen and moving the cursor: all dropped; colors stay.
    let hostile =
      "printf '\\033]52;c;aGk=\\007\\033]0;title\\007\\033[2J\\033[H\\033[5Bmoved \\033[31mred\\033[0m\\n'"
    let (picker, _) = try start(["--preview", hostile], lines: "one\ntwo\n")
    #expect(picker.waitFor("moved red"))
    let transcript = String(decoding: picker.transcript, as: UTF8.self)
    #expect(
      !transcript.contains("]52;") && !transcript.contains("]0;title") && !transcript.contains("\u{1B}[2J"))
    #expect(transcript.contains("\u{1B}[31mred"))
    #expect(picker.screen.lines.contains { $0.hasPrefix(">") })
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  /// A Sixel picture from the preview command reaches the terminal at the pane's top-left corner
  /// (FZF_PREVIEW_TOP and FZF_PREVIEW_LEFT say where), the cursor saved around it; moving on writes
  /// the cells under it again; the same bytes in a line of input never reach the terminal.
  @Test func aPictureShowsInThePaneAndGoesWhenTheCursorMoves() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let sixel = "\u{1B}Pq\"1;1;20;40#0~~~~-~~~~\u{1B}\\"
    try (sixel + "\n").write(toFile: "\(directory)/picture", atomically: true, encoding: .utf8)
    let show =
      "if [ {n} = 0 ]; then cat \(directory)/picture; else echo at=$FZF_PREVIEW_TOP,$FZF_PREVIEW_LEFT; fi"
    let picker = try PickerProcess(["--preview", show], rows: 24, columns: 80, cellPixels: (10, 20))
    picker.feed("picture\n" + sixel + "\n")
    picker.closeInput()
    #expect(picker.waitForScreen { !$0.pictures.isEmpty })
    let drawn = try #require(picker.screen.pictures.first)
    #expect(drawn.text == sixel)
    picker.send([0x1B, 0x5B, 0x42])  // down: the line holding the same bytes
    #expect(picker.waitFor("at="))
    // However often it was drawn (again when a row under it was rewritten), always at one cell.
    #expect(picker.screen.pictures.allSatisfy { $0.row == drawn.row && $0.column == drawn.column })
    let line = try #require(picker.screen.lines.first { $0.contains("at=") })
    let at = try #require(line.split(separator: "at=").last)
    #expect(at.hasPrefix("\(drawn.row),\(drawn.column)"))
    // The cells the picture covered were written again: the pane's text starts where it was.
    #expect(picker.screen.lines[drawn.row].dropFirst(drawn.column).hasPrefix("at="))
    let transcript = String(decoding: picker.transcript, as: UTF8.self)
    #expect(transcript.contains("\u{1B}7\u{1B}[?8452h" + sixel + "\u{1B}[?8452l\u{1B}8"))
    // Gone for good: not drawn again, and the line holding the same bytes never passes them.
    let shown = picker.screen.pictures.count
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect(picker.screen.pictures.count == shown)
  }

  /// The shipped helper (`share/mselect/preview`): a picture goes to chafa sized to the pane (a
  /// stand-in here, which prints a Sixel picture and what it was given), and the picture reaches the
  /// terminal; `FILE:LINE` shows the file as text. A pane down to the screen's last row gets a
  /// picture a row shorter (a Sixel picture there would scroll the screen).
  @Test(arguments: [
    ([String](), "36x10"), (["--height", "100%", "--preview-window", "right,border-none"], "39x23"),
  ])
  func thePreviewHelperShowsPicturesAndText(options: [String], size: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/mselect-preview").path
    let sixel = "\u{1B}Pq\"1;1;20;40#0~~~~-~~~~\u{1B}\\"
    let chafa =
      "#!/bin/sh\necho \"$*\" > \(directory)/given\necho chafa:\nprintf '\\033Pq\"1;1;20;40#0~~~~-~~~~\\033\\\\'\n"
    try chafa.write(toFile: "\(directory)/chafa", atomically: true, encoding: .utf8)
    chmod("\(directory)/chafa", 0o755)
    // A PNG's signature and header: enough for `file`, and the name for a machine without it.
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8)
      + [0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0]
    FileManager.default.createFile(atPath: "\(directory)/p.png", contents: Data(png))
    try "first\nsecond\n".write(toFile: "\(directory)/t.txt", atomically: true, encoding: .utf8)
    let picker = try PickerProcess(
      ["--preview", "\(helper) {}"] + options, rows: 24, columns: 80,
      environment: ["PATH": "\(directory):/usr/bin:/bin", "BAT_STYLE": "plain"], cellPixels: (10, 20))
    picker.feed("\(directory)/p.png\n\(directory)/t.txt:2\n")
    picker.closeInput()
    #expect(picker.waitFor("chafa:"))
    #expect(picker.waitForScreen { $0.pictures.contains { $0.text == sixel } })
    let given = try String(contentsOfFile: "\(directory)/given", encoding: .utf8)
    #expect(given == "-s \(size) -- \(directory)/p.png\n")
    picker.send([0x1B, 0x5B, 0x42])  // down
    #expect(picker.waitFor("second"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test func aFailingPreviewShowsItsErrorAndStatus() throws {
    let (picker, _) = try start(["--preview", "echo oops >&2; exit 3"], lines: "one\n")
    #expect(picker.waitFor("oops"))
    #expect(picker.waitFor("[exit status 3]"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test func togglePreviewAndWindowOptions() throws {
    let (picker, _) = try start(
      ["--preview", "echo P:{}", "--preview-window", "up,3,hidden", "--bind", "ctrl-/:toggle-preview"],
      lines: "one\n")
    #expect(picker.waitFor("1/1"))
    #expect(!picker.screen.text.contains("P:one"))
    picker.send([0x1F])  // ctrl-/
    #expect(picker.waitFor("P:one"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }
}
