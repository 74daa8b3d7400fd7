import Foundation
import Glibc
import Testing

/// `execute`, `execute-silent`, `become`, `reload`, `change-*`, `print` and `--bind` events, in the
/// pseudo-terminal.
@Suite(.serialized) struct ActionTests {
  func start(_ arguments: [String], lines: String) throws -> (PickerProcess, String) {
    try PickerProcess.started(arguments, lines: lines, columns: 80)
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func executeRunsOnTheTerminalAndComesBackToTheSameState() throws {
    let file = "/tmp/mselect-execute-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    let (picker, before) = try start(
      ["--bind", "ctrl-e:execute(printf 'ran:%s:' {} > \(file); stty -g >> \(file))"], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.type("\t")
    picker.type("be")
    #expect(picker.waitFor("1/2 (1)"))
    picker.send([0x05])  // ctrl-e
    #expect(picker.waitForScreen { _ in self.contents(file)?.hasSuffix("\n") == true })
    // The command saw the line and a terminal in its normal (cooked) settings.
    #expect(contents(file) == "ran:beta:" + before)
    #expect(picker.waitFor("1/2 (1)"))
    #expect(picker.screen.lines.contains { $0.hasPrefix("> be") })
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "alpha\n")
    #expect(picker.sttySettings == before)
  }

  /// Enter typed while an `execute` command runs (and does not read it) is the picker's once the
  /// command ends, handled at once: no other event needs to come first.
  @Test func aKeyTypedDuringExecuteActsWhenItEnds() throws {
    let file = "/tmp/mselect-execute-ahead-\(getpid())"
    unlink(file)
    unlink(file + ".go")
    defer {
      unlink(file)
      unlink(file + ".go")
    }
    let (picker, _) = try start(
      ["--bind", "ctrl-e:execute(touch \(file); while [ ! -e \(file).go ]; do sleep 0.01; done)"],
      lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.send([0x05])
    #expect(picker.waitForScreen { _ in access(file, F_OK) == 0 })
    picker.type("\r")
    #expect(FileManager.default.createFile(atPath: file + ".go", contents: nil))
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "alpha\n")
  }

  @Test func executeSilentTakesEverythingInItsParentheses() throws {
    let file = "/tmp/mselect-silent-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    // The `+` inside the parentheses belongs to the command: one action, then `toggle`.
    let (picker, _) = try start(
      ["--bind", "ctrl-x:execute-silent(echo {+} > \(file))+toggle"], lines: "a b\nc\n")
    #expect(picker.waitFor("2/2"))
    picker.send([0x18])  // ctrl-x
    #expect(picker.waitFor("(1)"))
    #expect(contents(file) == "a b\n")
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test func becomeExitsWithTheCommandsStatus() throws {
    let (picker, before) = try start(["--bind", "enter:become(printf '%s' {}; exit 7)"], lines: "alpha\n")
    #expect(picker.waitFor("1/1"))
    picker.type("\r")
    #expect(picker.exitCode() == 7)
    #expect(picker.stdout == "alpha")
    #expect(picker.sttySettings == before)
    #expect(!picker.screen.modes.contains(2004))
  }

  /// `--with-shell` runs the commands (here `reload`, `become` and the preview) instead of `$SHELL -c`:
  /// the words are split like a shell's, the first found in PATH, the command appended.
  @Test func withShellRunsTheCommands() throws {
    let (picker, _) = try start(
      [
        "--with-shell", "env MSELECT_SHELL_MARK='from with-shell' sh -c", "--preview",
        "echo pre:$MSELECT_SHELL_MARK",
        "--bind", "ctrl-r:reload(echo re:$MSELECT_SHELL_MARK)", "--bind",
        "enter:become(printf %s \"$MSELECT_SHELL_MARK\")",
      ], lines: "a\n")
    #expect(picker.waitFor("pre:from with-shell"))
    picker.send([0x12])  // ctrl-r
    #expect(picker.waitFor("re:from with-shell"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "from with-shell")
  }

  @Test func reloadKeepsMarksOnLinesThatComeBack() throws {
    let (picker, _) = try start(["--bind", "ctrl-r:reload(printf 'b\\nc\\nd\\n')"], lines: "a\nb\nc\n")
    #expect(picker.waitFor("3/3"))
    picker.send([0x1B, 0x5B, 0x42])  // down to b
    picker.type("\t")
    #expect(picker.waitFor("(1)"))
    picker.send([0x12])  // ctrl-r
    #expect(picker.waitForScreen { $0.text.contains("3/3 (1)") && $0.text.contains("d") })
    #expect(picker.screen.lines.contains { $0.contains("✓ b") })
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\n")
  }

  @Test func changePromptQueryAndPrint() throws {
    let (picker, _) = try start(
      [
        "--bind", "ctrl-p:change-prompt(new> )+change-query(bet)", "--bind", "enter:print(hello)+accept",
      ], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.send([0x10])  // ctrl-p
    #expect(picker.waitFor("new> bet"))
    #expect(picker.waitFor("1/2"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "hello\nbeta\n")
  }

  /// `transform-*` runs its command with fzf's variables and takes its output; `transform` runs the
  /// actions its command prints.
  @Test func transformsRunTheirCommands() throws {
    let (picker, _) = try start(
      [
        "--bind",
        "ctrl-t:transform-prompt(printf '%s/%s> ' \"$FZF_QUERY\" \"$FZF_MATCH_COUNT\")+transform:echo 'change-query(be)'",
      ], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.type("al")
    #expect(picker.waitFor("1/2"))
    picker.send([0x14])  // ctrl-t
    #expect(picker.waitFor("al/1> be"))
    #expect(picker.waitFor("1/2"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "beta\n")
  }

  /// A transform or execute-silent whose command never ends blocks the picker, as fzf's does, but
  /// not the signals: a SIGTERM still restores the terminal and ends mselect, and the command.
  @Test(arguments: ["transform", "execute-silent"])
  func aHungCommandStillHonoursSignals(action: String) throws {
    let file = "/tmp/mselect-hung-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    // The command writes its pid, then becomes a minute's sleep (killed at the end of the test).
    let (picker, before) = try start(
      ["--bind", "ctrl-t:\(action)(sh -c 'echo $$ > \(file).tmp; mv \(file).tmp \(file); exec sleep 60')"],
      lines: "a\nb\n")
    #expect(picker.waitFor("2/2"))
    picker.send([0x14])  // ctrl-t
    #expect(picker.waitForScreen { _ in self.contents(file)?.hasSuffix("\n") == true })
    kill(picker.pid, SIGTERM)
    #expect(picker.exitSignal() == SIGTERM)
    #expect(picker.sttySettings == before)
    let pid = try #require(contents(file).flatMap { Int32($0.filter(\.isNumber)) })
    #expect(picker.waitForScreen { _ in LeftoversTests.isGone(pid) })
    kill(pid, SIGKILL)
  }

  /// `{+f}` hands the marked lines over in a file, removed when its command ends.
  @Test func filePlaceholdersHoldTheMarkedLines() throws {
    let file = "/tmp/mselect-plusf-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    let (picker, _) = try start(
      ["--bind", "ctrl-y:execute-silent(cat {+f} > \(file); echo {+f} >> \(file))"],
      lines: "alpha\nbeta\ngamma\n")
    #expect(picker.waitFor("3/3"))
    picker.type("\t\t")
    #expect(picker.waitFor("(2)"))
    picker.send([0x19])  // ctrl-y
    #expect(picker.waitForScreen { _ in self.contents(file)?.hasPrefix("alpha\nbeta\n/") == true })
    let listFile = contents(file)?.split(separator: "\n").last.map(String.init) ?? ""
    #expect(listFile.hasPrefix("/"))
    #expect(picker.waitForScreen { _ in access(listFile, F_OK) != 0 })
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  /// `accept-or-print-query` with nothing matching prints the query and exits 0, as fzf's does.
  @Test func acceptOrPrintQueryPrintsTheQuery() throws {
    let (picker, _) = try start(["--bind", "enter:accept-or-print-query"], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.type("zzz")
    #expect(picker.waitFor("0/2"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "zzz\n")
  }

  /// fzf's "switch between ripgrep mode and fzf mode" pattern: `--disabled` with `change:reload`,
  /// then `unbind(change)` and `enable-search` to filter what was found, `rebind` to go back.
  @Test func searchModesSwitchWithUnbindAndEnableSearch() throws {
    let (picker, _) = try start(
      [
        "--disabled", "--bind", "change:reload(printf '%s1\\n%s2\\nzz\\n' {q} {q})",
        "--bind", "ctrl-f:unbind(change)+enable-search+clear-query+change-prompt(fzf> )",
        "--bind", "ctrl-r:rebind(change)+disable-search+change-prompt(rg> )",
      ], lines: "start\n")
    #expect(picker.waitFor("1/1"))
    picker.type("ab")
    #expect(picker.waitFor("3/3"))
    #expect(picker.waitFor("ab2"))
    picker.send([0x06])  // ctrl-f
    #expect(picker.waitFor("fzf>"))
    picker.type("z")
    #expect(picker.waitFor("1/3"))
    picker.send([0x12])  // ctrl-r
    #expect(picker.waitFor("rg> z"))
    picker.type("q")
    #expect(picker.waitFor("zq2"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test func eventsRunTheirActions() throws {
    let (picker, _) = try start(
      ["--bind", "start:change-query(be)", "--bind", "load:change-prompt(loaded> )"], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("loaded> be"))
    #expect(picker.waitFor("1/2"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  @Test(arguments: [
    ("ctrl-a:fly", "fly is not one"), ("ctrl-a:execute(ls", "a closing )"),
    ("nokey:accept", "nokey is not one"),
  ])
  func badBindingsAreNamedBeforeThePickerOpens(spec: String, message: String) throws {
    let r = try BinaryRunner.run(["--bind", spec, "-f", "a"], "a\n")
    #expect(r.status == 2)
    #expect(r.stderr.contains(message))
    #expect(r.stderr.contains(spec))
  }

  @Test func rememberKeepsTheChoiceForNextTime() throws {
    let file = "/tmp/mselect-remember-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    var (picker, _) = try start(["--remember", file], lines: "a\nb\nc\n")
    #expect(picker.waitFor("3/3"))
    picker.send([0x1B, 0x5B, 0x42])  // down
    picker.type("\t\t")
    #expect(picker.waitFor("(2)"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(contents(file) == "b\nc\n")
    // Next time they open marked; a cancel changes nothing.
    (picker, _) = try start(["--remember", file], lines: "a\nb\nc\nd\n")
    #expect(picker.waitFor("4/4 (2)"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect(contents(file) == "b\nc\n")
    // Scripts get the same set.
    let batch = try BinaryRunner.run(["--batch", "--remember", file], "c\nd\nb\n")
    #expect(batch.text == "c\nb\n")
  }

  @Test func historyKeepsAcceptedQueries() throws {
    let file = "/tmp/mselect-history-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    var (picker, _) = try start(["--history", file], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.type("bet")
    #expect(picker.waitFor("1/2"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(contents(file) == "bet\n")
    (picker, _) = try start(["--history", file], lines: "alpha\nbeta\n")
    #expect(picker.waitFor("2/2"))
    picker.send([0x10])  // ctrl-p
    #expect(picker.waitFor("> bet"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }
}
