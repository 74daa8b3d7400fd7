import Foundation
import Glibc
import MSelectCore
import Testing

/// The picker driven through a pseudo-terminal, as a person would use it.
@Suite(.serialized) struct PickerTerminalTests {
  /// Starts the picker on `lines`, waits for its first frame, and returns it with the stty settings before.
  func start(
    _ arguments: [String] = [], lines: String, closeInput: Bool = true, rows: Int = 24, columns: Int = 80,
    environment: [String: String] = [:], waitForPrompt: Bool = true
  ) throws -> (PickerProcess, String) {
    let picker = try PickerProcess(arguments, rows: rows, columns: columns, environment: environment)
    let before = picker.initialSettings
    #expect(!before.isEmpty)
    picker.feed(lines)
    if closeInput { picker.closeInput() }
    if waitForPrompt { #expect(picker.waitForScreen { $0.lines.contains { $0.hasPrefix(">") } }) }
    return (picker, before)
  }

  @Test func enterPrintsTheLineUnderTheCursor() throws {
    let (picker, before) = try start(lines: "alpha\nbeta\ngamma\n")
    #expect(picker.waitFor("3/3"))
    picker.type("bet")
    #expect(picker.waitFor("1/3"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "beta\n")
    #expect(picker.sttySettings == before)
    #expect(picker.screen.lines.allSatisfy { $0.isEmpty })
  }

  @Test func tabMarksSeveralLinesPrintedInInputOrder() throws {
    let (picker, before) = try start(lines: "one\ntwo\nthree\nfour\n")
    #expect(picker.waitFor("4/4"))
    picker.send([0x1B, 0x5B, 0x42])  // down
    picker.type("\t\t")
    #expect(picker.waitFor("(2)"))
    picker.send([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x41])  // up ×3 to "one"
    picker.type("\t")
    #expect(picker.waitFor("(3)"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "one\ntwo\nthree\n")
    #expect(picker.sttySettings == before)
  }

  @Test(arguments: [[UInt8(0x03)], [0x07], [0x11], [0x1B]])
  func cancelKeysExit130AndRestore(key: [UInt8]) throws {
    let (picker, before) = try start(lines: "a\nb\n")
    #expect(picker.waitFor("2/2"))
    picker.send(key)
    #expect(picker.exitCode() == 130)
    #expect(picker.stdout.isEmpty)
    #expect(picker.sttySettings == before)
    #expect(picker.screen.lines.allSatisfy { $0.isEmpty })
    #expect(!picker.screen.modes.contains(2004))
    #expect(picker.screen.modes.contains(25))
  }

  @Test(arguments: [
    SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
  ])
  func signalsRestoreTheTerminalAndKill(signal: Int32) throws {
    let (picker, before) = try start(lines: "a\nb\n")
    #expect(picker.waitFor("2/2"))
    kill(picker.pid, signal)
    #expect(picker.exitSignal() == signal)
    #expect(picker.sttySettings == before)
    #expect(picker.screen.lines.allSatisfy { $0.isEmpty })
  }

  @Test(arguments: [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP])
  func crashSignalsRestoreTheTerminalFirst(signal: Int32) throws {
    let (picker, before) = try start(lines: "a\nb\n", environment: ["SWIFT_BACKTRACE": "enable=no"])
    #expect(picker.waitFor("2/2"))
    kill(picker.pid, signal)
    // The crash goes on as before: death by the signal (a sanitizer build's own handler exits with an
    // error instead), after the terminal was put back.
    let status = try #require(picker.waitForExit())
    #expect(status & 0x7F == signal || (status & 0x7F == 0 && (status >> 8) & 0xFF != 0))
    #expect(picker.sttySettings == before)
    #expect(!picker.screen.modes.contains(2004))
  }

  /// SIGTERM ends `picker` while nobody reads its terminal (within the safety net), by the signal,
  /// with the terminal settings it started with.
  func expectSIGTERMEndsItUnread(_ picker: PickerProcess, settingsBefore before: String) {
    kill(picker.pid, SIGTERM)
    let status = picker.waitForExitWithoutReading(seconds: 10)
    #expect(status != nil)
    if status == nil { kill(picker.pid, SIGKILL) }
    #expect(status.map { $0 & 0x7F } == SIGTERM)
    #expect(picker.sttySettings == before)
  }

  @Test func aStalledTerminalStillHonoursSignals() throws {
    // A terminal that stops reading (a frozen ssh session): the picker's output fills the pty, and
    // SIGTERM must still end it, with the terminal settings restored.
    let line = String(repeating: "0123456789", count: 24)
    let lines = (0..<200).map { "\($0) \(line)\n" }.joined()
    let (picker, before) = try start(lines: lines, rows: 60, columns: 250)
    #expect(picker.waitFor("200/200"))
    // ctrl-l redraws every row. Keys read together make one picture, so they come in rounds (nothing
    // on screen can be awaited: the point is that nobody reads it); ten pictures are more than the
    // pseudo-terminal holds.
    for _ in 0..<10 {
      picker.send(Array(repeating: 0x0C, count: 20))
      usleep(50_000)
    }
    expectSIGTERMEndsItUnread(picker, settingsBefore: before)
  }

  @Test func aStalledTerminalEndsOnSIGTERMAfterManyResizes() throws {
    // Each resize asks the terminal where the picture is; a terminal that stopped reading answers
    // none. Resizes queued before SIGTERM must not make it wait for those answers one by one.
    let lines = (0..<2000).map { "line \($0)\n" }.joined()
    let (picker, before) = try start(lines: lines)
    #expect(picker.waitFor("2000/2000"))
    // From here on nobody reads the terminal. The pauses let each resize arrive as a signal of its
    // own (signals sent together merge into one).
    for round in 0..<300 {
      picker.send(Array((round % 2 == 0 ? "a" : "\u{7F}").utf8))
      picker.resize(rows: 20 + round % 30, columns: 60 + round % 50)
      usleep(2000)
    }
    expectSIGTERMEndsItUnread(picker, settingsBefore: before)
  }

  @Test func preselectedLinesAppearMarked() throws {
    let (picker, _) = try start(["--preselect", "b", "--preselect", "c"], lines: "a\nb\nc\n")
    #expect(picker.waitFor("3/3 (2)"))
    #expect(picker.screen.lines.contains { $0.contains("✓ b") })
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\nc\n")
  }

  @Test func streamingInputShowsLinesAsTheyArrive() throws {
    let (picker, before) = try start(lines: "first\n", closeInput: false)
    #expect(picker.waitFor("first"))
    #expect(!picker.screen.text.contains("second"))
    picker.feed("second\n")
    #expect(picker.waitFor("second"))
    picker.closeInput()
    #expect(picker.waitFor("2/2"))
    picker.type("sec\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "second\n")
    #expect(picker.sttySettings == before)
  }

  @Test func fullWidthLinesKeepTheirLastColumn() throws {
    // 20 columns: the pointer and marker take 4, so a 16-character line fills the row exactly, and a
    // longer one ends with `…` in the last column (real terminals leave the cursor there).
    let (picker, _) = try start(
      lines: String(repeating: "x", count: 30) + "\nabcdefghijklmnop\n", columns: 20)
    #expect(picker.waitFor("2/2"))
    #expect(picker.screen.lines.contains("    abcdefghijklmnop"))
    #expect(picker.screen.lines.contains("▌   " + String(repeating: "x", count: 15) + "…"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test func aTypicalFzfOptionLineDrawsABorder() throws {
    let environment = [
      "MSELECT_DEFAULT_OPTS": "--height 40% --layout=reverse --border --info=inline --color=dark"
    ]
    let (picker, before) = try start(lines: "alpha\nbeta\n", environment: environment, waitForPrompt: false)
    #expect(picker.waitFor("2/2"))
    let lines = picker.screen.lines
    #expect(lines.first?.hasPrefix("╭") == true)
    #expect(lines.contains { $0.hasPrefix("│ ▌   alpha") })
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "alpha\n")
    #expect(picker.sttySettings == before)
  }

  /// `--color` reaches the terminal: the pointer's color, and a section's background (`list-bg`)
  /// under the list's frame.
  @Test func colorOptionsReachTheTerminal() throws {
    let (picker, _) = try start(
      ["--list-border", "--color", "pointer:#123456,list-bg:#0a0b0c,list-border:#010203"], lines: "a\nb\n",
      waitForPrompt: false)
    #expect(picker.waitFor("2/2"))
    let sent = String(decoding: picker.transcript, as: UTF8.self)
    #expect(sent.contains("38;2;18;52;86"))
    #expect(sent.contains("48;2;10;11;12"))
    #expect(sent.contains("38;2;1;2;3"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
  }

  @Test func ansiInputIsColoredOnScreenAndPlainOnStdout() throws {
    let (picker, before) = try start(["--ansi"], lines: "\u{1B}[33myellow\u{1B}[0m\nplain\n")
    #expect(picker.waitFor("2/2"))
    // The color reached the terminal as a color (the emulator never shows an escape as text).
    #expect(picker.screen.lines.contains { $0.hasSuffix("yellow") && !$0.contains("[33m") })
    #expect(String(decoding: picker.transcript, as: UTF8.self).contains("33;1;48;5;236m"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "yellow\n")
    #expect(picker.sttySettings == before)
  }

  @Test func headerLinesAlignWithTheItems() throws {
    let (picker, _) = try start(["--header-lines", "1"], lines: "PID CMD\n1 init\n")
    #expect(picker.waitFor("1/1"))
    let lines = picker.screen.lines
    let header = try #require(lines.first { $0.contains("PID") })
    let item = try #require(lines.first { $0.contains("init") })
    #expect(header.firstRange(of: "PID")?.lowerBound.utf16Offset(in: header) == 4)
    #expect(item.hasSuffix("   1 init") || item.contains(" 1 init"))
    #expect(
      DisplayWidth.of(String(header.prefix { $0 != "P" }))
        == DisplayWidth.of(String(item.prefix { $0 != "1" })))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test func resizeRedrawsAtTheNewWidth() throws {
    let long = String(repeating: "x", count: 70) + "END"
    let (picker, _) = try start(lines: long + "\n", columns: 80)
    #expect(picker.waitFor("END"))
    picker.resize(rows: 24, columns: 40)
    #expect(
      picker.waitForScreen { screen in
        screen.lines.contains { $0.hasSuffix("…") } && !screen.text.contains("END")
      })
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    // Erasing the whole screen from its top-left corner would make tmux copy the picture into its
    // scrollback (`scroll-on-clear`): neither the redraw nor the exit may leave a copy there.
    #expect(!picker.screen.history.contains { $0.hasPrefix(">") || $0.contains("1/1") })
  }

  @Test func controlBytesInLinesAreShownNotSent() throws {
    let (picker, before) = try start(lines: "evil \u{1B}]0;title\u{07} \u{1B}[2J done\n")
    #expect(picker.waitFor("done"))
    #expect(picker.screen.text.contains("^[]0;title^G"))
    // The only escape sequences on the wire are mselect's own CSI sequences.
    #expect(!picker.transcript.contains(0x07))
    #expect(!String(decoding: picker.transcript, as: UTF8.self).contains("\u{1B}]"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "evil \u{1B}]0;title\u{07} \u{1B}[2J done\n")
    #expect(picker.sttySettings == before)
  }

  @Test func minRefusesEnterWithAMessage() throws {
    let (picker, _) = try start(["--min", "2"], lines: "a\nb\nc\n")
    #expect(picker.waitFor("3/3"))
    picker.type("\r")
    #expect(picker.waitFor("select at least 2"))
    picker.type("\t\t\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "a\nb\n")
  }

  /// A `gum choose` line: labels shown with gum's prefixes, values printed, the selection preset.
  @Test func aGumChooseLineWorks() throws {
    let (picker, before) = try start(
      [
        "--no-limit", "--label-delimiter", ":", "--selected", "Banana", "--selected-prefix", "[x] ",
        "--unselected-prefix", "[ ] ", "--placeholder", "Search…", "--cursor.foreground", "212",
      ], lines: "Apple:apple-id\nBanana:ban\nCherry:c\n")
    #expect(picker.waitFor("3/3 (1)"))
    #expect(picker.screen.lines.contains { $0.hasSuffix("[x] Banana") })
    #expect(picker.screen.lines.contains { $0.hasSuffix("[ ] Cherry") })
    #expect(picker.screen.lines.contains { $0.hasPrefix("> Search…") })
    picker.type("\t\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "apple-id\nban\n")
    #expect(picker.sttySettings == before)
  }

  /// gum's `--selected` picking one: the cursor starts on the line, which Enter prints.
  @Test func gumSelectedWithLimitOneMovesTheCursor() throws {
    let (picker, _) = try start(["--limit", "1", "--selected", "c"], lines: "a\nb\nc\nd\n")
    #expect(picker.waitForScreen { $0.lines.contains { $0.hasPrefix("▌") && $0.hasSuffix(" c") } })
    #expect(!picker.screen.text.contains("(1"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "c\n")
  }

  /// gum's `--timeout`: the picker ends by itself with status 124 and the terminal restored.
  @Test func timeoutEndsThePickerWith124() throws {
    let (picker, before) = try start(["--timeout", "300ms"], lines: "a\nb\n")
    #expect(picker.exitCode() == 124)
    #expect(picker.stdout.isEmpty)
    #expect(picker.stderr == "mselect: timed out\n")
    #expect(picker.sttySettings == before)
    #expect(picker.screen.lines.allSatisfy { $0.isEmpty })
  }

  @Test func fullscreenUsesTheAlternateScreenAndLeavesIt() throws {
    let (picker, before) = try start(["--fullscreen"], lines: "a\nb\n")
    #expect(picker.waitForScreen { $0.modes.contains(1049) && $0.text.contains("2/2") })
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(!picker.screen.modes.contains(1049))
    #expect(picker.sttySettings == before)
  }

  @Test func pastedTextGoesIntoTheQuery() throws {
    let (picker, _) = try start(lines: "apple\nbanana\n")
    #expect(picker.waitFor("2/2"))
    picker.send(Array("\u{1B}[200~ban\r\u{1B}[201~".utf8))
    #expect(picker.waitFor("1/2"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "banana\n")
  }

  @Test func ctrlZStopsWithTheTerminalRestoredAndContinues() throws {
    let (picker, before) = try start(lines: "a\nb\n")
    #expect(picker.waitFor("2/2"))
    picker.send([0x1A])
    #expect(picker.waitForStop())
    #expect(picker.sttySettings == before)
    #expect(picker.screen.lines.allSatisfy { $0.isEmpty })
    kill(picker.pid, SIGCONT)
    #expect(picker.waitFor("2/2"))
    #expect(picker.sttySettings != before)
    picker.send([0x1B, 0x5B, 0x42])
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\n")
    #expect(picker.sttySettings == before)
  }

  /// Inside the shell's own process group (`vim $(mselect)`: the shell, a session leader, runs it in a
  /// command substitution) nothing would continue a stop: ctrl-z does nothing, the picker goes on.
  @Test func ctrlZInACommandSubstitutionDoesNotStop() throws {
    let picker = try PickerProcess(
      ["-c", #"x="$(printf 'a\nb\n' | "$0")"; echo "[$x]""#, BinaryRunner.binary.path], executable: "/bin/sh")
    #expect(picker.waitFor("2/2"))
    picker.send([0x1A])
    picker.send([0x1B, 0x5B, 0x42])
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "[b]\n")
  }

  /// SIGTSTP from outside (`kill -TSTP`, a job-control shell) stops the picker with the terminal
  /// restored; SIGCONT brings the picture back.
  @Test func sigtstpStopsWithTheTerminalRestoredAndContinues() throws {
    let (picker, before) = try start(lines: "a\nb\n")
    #expect(picker.waitFor("2/2"))
    kill(picker.pid, SIGTSTP)
    #expect(picker.waitForStop())
    #expect(picker.sttySettings == before)
    kill(picker.pid, SIGCONT)
    #expect(picker.waitFor("2/2"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "a\n")
  }

  /// A signal sent to mselect while an `execute` command runs in the foreground is passed to the
  /// command's whole group: both end at once, the terminal restored, nothing left running.
  @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
  func aSignalDuringExecuteEndsTheCommandToo(signal: Int32) throws {
    let file = "/tmp/mselect-execute-\(getpid())-\(signal)"
    unlink(file)
    defer { unlink(file) }
    let (picker, before) = try start(
      ["--bind", "ctrl-e:execute(echo $$ > \(file).tmp && mv \(file).tmp \(file); sleep 60)"], lines: "a\n")
    #expect(picker.waitFor("1/1"))
    picker.send([0x05])
    var group: pid_t = 0
    #expect(
      picker.waitForScreen { _ in
        group =
          pid_t(
            (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(
              in: .whitespacesAndNewlines) ?? "") ?? 0
        return group > 0
      })
    kill(picker.pid, signal)
    #expect(picker.exitSignal() == signal)
    #expect(group > 0 && ProcessGroup.ends(group), "the command's group is still running")
    #expect(picker.sttySettings == before)
    if group > 0 { kill(-group, SIGKILL) }
  }

  /// In fzf mode SIGTERM, SIGHUP and SIGINT end the picker with fzf's interrupt status, 130, the
  /// command it runs ended too.
  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func fzfModeEndsWithItsInterruptStatus(signal: Int32) throws {
    let file = "/tmp/mselect-execute-fzf-\(getpid())-\(signal)"
    unlink(file)
    defer { unlink(file) }
    let (picker, _) = try start(
      ["--fzf", "--bind", "ctrl-e:execute(touch \(file); sleep 60)"], lines: "a\n")
    #expect(picker.waitFor("1/1"))
    picker.send([0x05])
    #expect(picker.waitForScreen { _ in access(file, F_OK) == 0 })
    kill(picker.pid, signal)
    #expect(picker.exitCode() == 130)
  }

  /// Keys that arrive while the picker is stopped from outside are read when it continues: taking the
  /// terminal back after SIGCONT must not flush them (zsh sends a widget's job SIGCONT at any moment).
  @Test func keysTypedWhileStoppedAreReadAfterContinuing() throws {
    let (picker, _) = try start(lines: "a\nb\n")
    #expect(picker.waitFor("2/2"))
    kill(picker.pid, SIGSTOP)
    #expect(picker.waitForStop())
    picker.type("b\r")
    kill(picker.pid, SIGCONT)
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\n")
  }

  /// Keys typed before the picker takes the terminal are its first keys: the terminal's cooked mode
  /// turned their Enter into a newline, which is read back as Enter (not ctrl-j, a move down).
  @Test func keysTypedAheadOfThePickerAreKept() throws {
    let picker = try PickerProcess([], typedAhead: "b\r")
    picker.feed("a\nb\nc\n")
    picker.closeInput()
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\n")
  }

  /// The picker ends before the terminal answered its cursor position query (Enter typed ahead): the
  /// answer is waited for and read, not left for the shell (which, echoing it, would show `^[[1;1R`
  /// and take `1R` as typed).
  @Test func noTerminalAnswerIsLeftForTheShell() throws {
    for options in [[], ["--height", "5"], ["--no-mouse"]] {
      let picker = try PickerProcess(options, typedAhead: "a\r")
      picker.feed("a\nb\n")
      picker.closeInput()
      #expect(picker.exitCode() == 0)
      #expect(picker.stdout == "a\n")
      #expect(!picker.screen.text.contains("^["), "\(options)")
      #expect(!picker.screen.text.contains("R"), "\(options)")
    }
  }

  /// Text on the cursor's line (a shell's command line, `printf 'partial:'`) stays: the picker starts
  /// on the next line and the cursor goes back after the text at the end.
  @Test func textOnTheCursorsLineIsKept() throws {
    let picker = try PickerProcess(["--height", "5"], cursorRow: 3, lineText: "partial:")
    picker.feed("alpha\nbeta\n")
    picker.closeInput()
    #expect(picker.waitFor("2/2"))
    #expect(picker.screen.lines[3] == "partial:")
    #expect(picker.screen.lines[4].hasPrefix(">"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect(picker.screen.lines[3] == "partial:")
    #expect(picker.screen.lines[4...].allSatisfy { $0.isEmpty })
    #expect(picker.screen.cursor.row == 3 && picker.screen.cursor.column == 8)
    // On an empty line the picker starts on it, as before.
    let (plain, _) = try start(["--height", "5"], lines: "alpha\n", rows: 24)
    #expect(plain.waitFor("1/1"))
    #expect(plain.screen.lines[0].hasPrefix(">"))
    plain.type("\u{1B}")
    #expect(plain.exitCode() == 130)
  }

  @Test func heightLimitsTheRegion() throws {
    let lines = (1...100).map { "line \($0)\n" }.joined()
    let (picker, _) = try start(["--height", "5"], lines: lines, rows: 24)
    #expect(picker.waitFor("100/100"))
    #expect(picker.screen.lines.filter { !$0.isEmpty }.count == 5)
    picker.type("\u{3}")
    #expect(picker.exitCode() == 130)
  }

  @Test func selectOneFiresBeforeAnyDrawing() throws {
    let (picker, _) = try start(["-1", "-q", "b"], lines: "a\nb\n", waitForPrompt: false)
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\n")
    #expect(picker.transcript.isEmpty)
  }

  /// Nothing piped in: as fzf, the lines of `MSELECT_DEFAULT_COMMAND` (else the files below).
  @Test func terminalOnStdinRunsTheDefaultCommand() throws {
    let picker = try PickerProcess(
      [], environment: ["MSELECT_DEFAULT_COMMAND": "printf 'one\\ntwo\\n'"], stdinIsTerminal: true)
    #expect(picker.waitFor("2/2"))
    picker.type("tw\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "two\n")
    #expect(picker.sttySettings == picker.initialSettings)
    // `start:reload` gives the lines: the default command is not run at all.
    let marker = "/tmp/mselect-default-\(getpid())"
    unlink(marker)
    defer { unlink(marker) }
    let launcher = try PickerProcess(
      ["--bind", "start:reload(printf 'x\\ny\\nz\\n')"],
      environment: ["MSELECT_DEFAULT_COMMAND": "touch \(marker)"],
      stdinIsTerminal: true)
    #expect(launcher.waitFor("3/3"))
    launcher.type("\u{1B}")
    #expect(launcher.exitCode() == 130)
    #expect(access(marker, F_OK) != 0)
  }

  /// A default command that fails says so on the info line (fzf's `[Command failed: CMD]`).
  @Test func aFailingDefaultCommandIsNamed() throws {
    let picker = try PickerProcess(
      [], environment: ["MSELECT_DEFAULT_COMMAND": "echo one; exit 3"], stdinIsTerminal: true)
    #expect(picker.waitFor("[Command failed: echo one; exit 3]"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }
}
