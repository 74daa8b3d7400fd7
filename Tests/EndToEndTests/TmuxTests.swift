import Foundation
import Glibc
import Testing

/// A tmux server of its own (`-L`), one window running bash, driven as a person would: keys typed,
/// the window resized, the screen read back. Real terminals re-wrap and keep scrollback as the
/// emulator of `PseudoTerminal` does not. Nil when tmux is not installed.
final class Tmux {
  let socket = "mselect-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

  init?(columns: Int = 100, rows: Int = 30) {
    guard access("/usr/bin/tmux", X_OK) == 0 else { return nil }
    let bin = BinaryRunner.binary.deletingLastPathComponent().path
    run(
      "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "env", "PATH=\(bin):/usr/bin:/bin", "PS1=$ ",
      "HISTFILE=/dev/null", "MSELECT_DEFAULT_OPTS=", "bash", "--norc", "--noprofile")
    run("set-option", "-g", "window-size", "manual")
    #expect(waitFor { $0.contains("$") })
  }

  deinit { run("kill-server") }

  /// Runs `tmux -L socket arguments…`.
  func run(_ arguments: String...) {
    _ = run(arguments, capturing: false)
  }

  /// Runs tmux; returns what it printed when `capturing` (never for a command that may start the
  /// server: the server would hold the pipe open). posix_spawn and waitpid, not Foundation's
  /// Process, which does not see the client end once it has started the server.
  private func run(_ arguments: [String], capturing: Bool) -> String {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return "" }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capturing {
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    // Signals as a login gives them: none blocked, none ignored (the test runner's threads block
    // some, and a server started from here would hand that on to the shell and the picker).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let started = posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ) == 0
    close(fds[1])
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while started && capturing {
      let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      if n <= 0 { break }
      out += buffer[..<n]
    }
    close(fds[0])
    var status: Int32 = 0
    if started { while waitpid(pid, &status, 0) == -1 && errno == EINTR {} }
    return String(decoding: out, as: UTF8.self)
  }

  /// Types `text` (then Enter when `enter`).
  func type(_ text: String, enter: Bool = false) {
    run("send-keys", "-l", text)
    if enter { run("send-keys", "Enter") }
  }

  func key(_ name: String) { run("send-keys", name) }

  /// Types each command with Enter, then waits until the shell has run them all and reads keys
  /// again. Keys sent earlier could reach the terminal while a command runs, where its line
  /// discipline takes ctrl-r (reprint) and ctrl-u for itself; the prompt after a screen cleared by
  /// the last command is drawn only once readline has the terminal.
  func runAll(_ commands: [String]) {
    for command in commands { type(command, enter: true) }
    type("clear; echo all-run", enter: true)
    #expect(
      waitFor { screen in
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["all-run", "$"]
      }, "\(screen)")
  }

  func resize(columns: Int, rows: Int) {
    run("resize-window", "-x", "\(columns)", "-y", "\(rows)")
  }

  /// The visible screen.
  var screen: String { run(["capture-pane", "-p"], capturing: true) }
  /// The scrollback and the screen.
  var scrollback: String { run(["capture-pane", "-p", "-S", "-1000"], capturing: true) }

  /// Waits until `condition` holds for the screen; false after 15 s (a safety net, not a timing).
  @discardableResult
  func waitFor(_ condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(15)
    while !condition(screen) {
      guard Date() < deadline else { return false }
      usleep(20_000)
    }
    return true
  }
}

/// The picker in tmux, beside the shell: what a person sees before, during and after.
@Suite(.serialized, .enabled(if: Tools.tmux, "tmux is not installed")) struct TmuxTests {
  /// Resizing to a tiny window and back (tmux pulls rows back from its scrollback as it grows) leaves
  /// no old rows on the screen once the picker is gone.
  @Test(arguments: ["--height 40% --preview 'seq 50'", "--layout default --preview 'seq 50'", "--height 10"])
  func aTinyWindowAndBackLeavesNothing(options: String) throws {
    let tmux = try #require(Tmux())
    tmux.type("clear; seq 100 | mselect \(options); echo done", enter: true)
    #expect(tmux.waitFor { $0.contains("100/100") })
    // Drawn anew at each size: the counts once, and the preview's text and the count's row both
    // reaching the preview pane at the middle of the new width. The old picture, re-wrapped or pulled
    // back from the scrollback, may show either but not both: tmux sends the second of two quick
    // resizes up to 250 ms late, and until then the screen holds old rows only.
    func redrawn(columns: Int, rows: Int) -> (String) -> Bool {
      { screen in
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let counts = lines.filter { $0.contains("100/100") }
        guard lines.count <= rows + 1, counts.count == 1 else { return false }
        guard options.contains("preview") else { return true }
        func paneAtMiddle(_ line: Substring, after mark: String) -> Bool {
          guard let bar = line.range(of: mark) else { return false }
          let column = line[..<bar.lowerBound].count
          return column >= columns / 2 - 2 && column <= columns / 2 + 2
        }
        return lines.contains { paneAtMiddle($0, after: "│ 1 ") } && paneAtMiddle(counts[0], after: "│")
      }
    }
    tmux.resize(columns: 30, rows: 8)
    #expect(tmux.waitFor(redrawn(columns: 30, rows: 8)), "\(tmux.screen)")
    tmux.resize(columns: 100, rows: 30)
    #expect(tmux.waitFor(redrawn(columns: 100, rows: 30)), "\(tmux.screen)")
    tmux.key("Escape")
    #expect(tmux.waitFor { $0.contains("done") })
    let left = tmux.screen.split(separator: "\n").filter { line in
      ["/100", "│", "▌", "─", ">"].contains { line.contains($0) }
    }
    #expect(left.isEmpty, "\(left)")
  }

  /// Text on the shell's line stays, and so do the lines above the picker.
  @Test func textBeforeThePickerStays() throws {
    let tmux = try #require(Tmux())
    tmux.type(
      "clear; echo above; printf 'partial:'; seq 100 | mselect --height 8; echo; echo rc=$?", enter: true)
    #expect(tmux.waitFor { $0.contains("100/100") })
    #expect(tmux.screen.split(separator: "\n").prefix(2).map(String.init) == ["above", "partial:"])
    tmux.key("Enter")
    #expect(tmux.waitFor { $0.contains("rc=0") })
    #expect(tmux.screen.split(separator: "\n").prefix(3).map(String.init) == ["above", "partial:1", "rc=0"])
  }

  /// A resize keeps what is above the inline picker (on the screen, or in the scrollback where the
  /// terminal's re-wrapping pushed it), whether the width or the height changes, and leaves no row of
  /// the older picture behind.
  @Test(arguments: ["", "--layout default"])
  func aResizeKeepsTheTextAbove(options: String) throws {
    let tmux = try #require(Tmux())
    tmux.type(
      "clear; for i in 1 2 3 4 5; do echo above$i; done; seq 100 | mselect \(options); echo done", enter: true
    )
    #expect(tmux.waitFor { $0.contains("100/100") })
    let above = (1...5).map { "above\($0)" }
    // The lines above, each once and in order, then the picture (once) or what followed it.
    func kept(_ end: String) -> (String) -> Bool {
      { _ in
        let lines = tmux.scrollback.split(separator: "\n").map(String.init)
        guard let first = lines.firstIndex(of: "above1"), lines.count >= first + 6 else { return false }
        return Array(lines[first..<(first + 5)]) == above && lines.filter { $0.hasPrefix("above") }.count == 5
          && lines.filter { $0.contains("100/100") }.count == (end == "done" ? 0 : 1)
          && lines[(first + 5)...].contains { $0.contains(end) }
      }
    }
    tmux.resize(columns: 70, rows: 30)
    #expect(tmux.waitFor(kept("100/100")), "\(tmux.scrollback)")
    tmux.resize(columns: 70, rows: 24)
    #expect(tmux.waitFor(kept("100/100")), "\(tmux.scrollback)")
    tmux.resize(columns: 100, rows: 30)
    #expect(tmux.waitFor(kept("100/100")), "\(tmux.scrollback)")
    tmux.key("Escape")
    #expect(tmux.waitFor(kept("done")), "\(tmux.scrollback)")
  }

  /// Enter pressed twice at once: the picker's terminal queries are all answered while it reads, so
  /// the shell gets the second Enter and nothing else (no `1Rclear`, no `^[[`).
  @Test func nothingLeaksIntoTheShell() throws {
    let tmux = try #require(Tmux())
    // Each round's lines are its own (`done3 rc=`, `next3`): a wait met by the round before would
    // send the next keys while this picker is still starting.
    for round in 0..<10 {
      tmux.type("clear; seq 100 | mselect; echo done\(round) rc=$?", enter: true)
      tmux.key("Enter")
      tmux.key("Enter")
      #expect(
        tmux.waitFor { $0.split(separator: "\n").contains { $0.hasPrefix("done\(round) rc=") } },
        "\(tmux.screen)")
      tmux.type("echo next\(round)", enter: true)
      #expect(
        tmux.waitFor { $0.split(separator: "\n").contains { $0 == "next\(round)" } }, "\(tmux.screen)")
      let screen = tmux.screen
      #expect(!screen.contains("^[") && !screen.contains("R") && !screen.contains("not found"), "\(screen)")
    }
  }

  /// fish's ctrl-t reads the token under the cursor as fzf's does: an option's `-o=` stays in front,
  /// the walk starts in the directory the token names and the rest is the query; the token is replaced.
  @Test(.enabled(if: Tools.fish, "fish is not installed"))
  func fishCtrlTReplacesTheTokenUnderTheCursor() throws {
    let tmux = try #require(Tmux())
    let directory = NSTemporaryDirectory() + "mselect-fish-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: directory + "/sub/SECURITY.md", contents: nil)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    tmux.type("fish --no-config", enter: true)
    tmux.type("mselect --fish | source; function fish_prompt; echo -n 'fish> '; end; clear", enter: true)
    // (The screen as read has no blanks at the ends of its lines.)
    #expect(tmux.waitFor { $0.hasPrefix("fish>") })
    tmux.type("some-command -o=\(directory)/sub/SECURI")
    tmux.key("C-t")
    // The directory itself is listed too, as fzf's walker lists another root (fzf: 1/2).
    #expect(tmux.waitFor { $0.contains("1/2") }, "\(tmux.screen)")
    tmux.key("Enter")
    #expect(
      tmux.waitFor { screen in
        screen.split(separator: "\n").contains { $0 == "fish> some-command -o=\(directory)/sub/SECURITY.md" }
      }, "\(tmux.screen)")
  }

  /// ctrl-t learns in a store of its own: the file picked comes first the next time, marked.
  @Test func ctrlTLearnsWhatIsPicked() throws {
    let tmux = try #require(Tmux())
    let directory = try temporaryDirectory()
    for name in ["aa-first", "bb-second", "cc-third"] {
      _ = FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: nil)
    }
    tmux.type(
      "export XDG_STATE_HOME=\(directory)/state; cd \(directory); eval \"$(mselect --bash)\"; clear",
      enter: true)
    #expect(tmux.waitFor { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }, "\(tmux.screen)")
    tmux.key("C-t")
    #expect(tmux.waitFor { $0.contains("cc-third") }, "\(tmux.screen)")
    tmux.type("cc")
    #expect(tmux.waitFor { $0.contains(" 1/") }, "\(tmux.screen)")
    tmux.key("Enter")
    #expect(tmux.waitFor { $0.contains("$ cc-third") }, "\(tmux.screen)")
    #expect(FileManager.default.fileExists(atPath: "\(directory)/state/mselect/learn/ctrl-t"))
    tmux.key("C-u")
    tmux.key("C-t")
    // The empty query lists the learned file first, marked.
    #expect(
      tmux.waitFor { screen in
        let rows = screen.split(separator: "\n").filter { $0.contains("-first") || $0.contains("-third") }
        return rows.first?.contains("• cc-third") == true
      }, "\(tmux.screen)")
    tmux.key("Escape")
  }

  /// bash's ctrl-r ranks the history by the query (fzf's history scheme), not by recency alone, and
  /// lists a command once however often it was run.
  @Test func ctrlRRanksTheHistory() throws {
    let tmux = try #require(Tmux())
    tmux.runAll(["eval \"$(mselect --bash)\"", "echo git status", "true g i t s t", "true g i t s t"])
    tmux.key("C-r")
    #expect(tmux.waitFor { $0.contains("/") && $0.contains(">") })
    tmux.type("gitst")
    #expect(
      tmux.waitFor { screen in
        let rows = screen.split(separator: "\n").filter { $0.hasPrefix("▌ ") || $0.hasPrefix("    ") }
        return rows.first?.hasSuffix("echo git status") == true
          && rows.filter { $0.contains("g i t s t") }.count == 1
      }, "\(tmux.screen)")
    tmux.key("Enter")
    #expect(tmux.waitFor { $0.contains("$ echo git status") }, "\(tmux.screen)")
  }

  /// bash's ctrl-r, as fzf's: shift-delete takes the current or marked entries out of the list and
  /// out of the history; an entry over several lines is one entry, put back whole.
  @Test func ctrlRDeletesEntriesAndKeepsMultilineOnesWhole() throws {
    let tmux = try #require(Tmux())
    tmux.runAll([
      "eval \"$(mselect --bash)\"", "echo to-keep", "echo to-delete-1", "echo to-delete-2", "echo \"foo",
      "bar\"",
    ])
    tmux.key("C-r")
    #expect(tmux.waitFor { $0.contains("/") })
    tmux.type("to-delete")
    #expect(tmux.waitFor { $0.contains(" 2/") }, "\(tmux.screen)")
    tmux.key("S-Delete")
    #expect(tmux.waitFor { $0.contains(" 1/") }, "\(tmux.screen)")
    tmux.key("S-Delete")
    #expect(tmux.waitFor { $0.contains(" 0/") }, "\(tmux.screen)")
    tmux.key("Escape")
    #expect(tmux.waitFor { !$0.contains(" 0/") })
    tmux.type("history | grep -c 'to-delete-[0-9]'", enter: true)
    #expect(tmux.waitFor { $0.split(separator: "\n").contains("0") }, "\(tmux.screen)")
    tmux.type("clear", enter: true)
    // At the prompt again (typed while a command runs, ctrl-r is the terminal's reprint key).
    #expect(tmux.waitFor { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }, "\(tmux.screen)")
    tmux.key("C-r")
    #expect(tmux.waitFor { $0.contains("/") }, "\(tmux.screen)")
    tmux.type("foo bar")
    #expect(tmux.waitFor { $0.contains(" 1/") }, "\(tmux.screen)")
    tmux.key("Enter")
    // The entry on the command line, whole, and the picker gone: only then is Enter bash's (a key
    // typed while the picker still reads the terminal is the picker's).
    #expect(tmux.waitFor { $0.contains("$ echo \"foo") && !$0.contains(" 1/") }, "\(tmux.screen)")
    tmux.key("Enter")
    #expect(tmux.waitFor { $0.split(separator: "\n").suffix(3).contains("bar") }, "\(tmux.screen)")
  }

  /// `--tmux`: inside tmux the picker opens in a popup on the attached client, reads what is piped
  /// in, and its choice and exit status come back to the command line that ran it.
  @Test func tmuxOpensAPopupAndHandsBackTheChoice() throws {
    let tmux = try #require(Tmux())
    let file = "/tmp/mselect-popup-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    // A client to show the popup on (display-popup needs one).
    let client = try PickerProcess(
      ["-L", tmux.socket, "attach"], rows: 30, columns: 100, environment: ["TMUX": ""], stdinIsTerminal: true,
      executable: "/usr/bin/tmux")
    defer { kill(client.pid, SIGKILL) }
    tmux.type("seq 10 | mselect --tmux 60% > \(file); echo status=$? >> \(file)", enter: true)
    // The popup: 60% of the window, the picker's own rounded border around it.
    #expect(
      client.waitForScreen { $0.text.contains("10/10") && $0.text.contains("╭") }, "\(client.screen.text)")
    client.type("3\r")
    #expect(
      tmux.waitFor { _ in (try? String(contentsOfFile: file, encoding: .utf8)) == "3\nstatus=0\n" },
      "\((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")")
  }
}
