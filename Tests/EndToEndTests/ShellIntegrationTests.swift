import Foundation
import Glibc
import Testing

/// `eval "$(mselect --bash)"` in a real bash in the pseudo-terminal. (ctrl-r and alt-c were checked by
/// hand in tmux; in this harness bash may still be running the previous line when the key arrives,
/// and the terminal then takes ctrl-r as its reprint key.)
@Suite(.serialized, .enabled(if: Tools.bash, "bash is not installed")) struct ShellIntegrationTests {
  /// A bash with the integration loaded, in a directory holding awkward names; nil without bash.
  /// `completion`: Debian's bash-completion is loaded first, as /etc/bash.bashrc loads it.
  func bash(completion: Bool = false) throws -> (PickerProcess, String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mselect-shell-\(getpid())")
      .path
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory + "/sub dir", withIntermediateDirectories: true)
    for name in ["a b.txt", "c'd.txt"] {
      _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: nil)
    }
    let bin = BinaryRunner.binary.deletingLastPathComponent().path
    let shell = try PickerProcess(
      ["-c", "cd '\(directory)' && exec /bin/bash --norc --noprofile -i </dev/tty >/dev/tty 2>&1"], rows: 30,
      columns: 100,
      environment: ["PATH": bin + ":/usr/bin:/bin", "PS1": "$ ", "HISTFILE": "/dev/null"],
      stdinIsTerminal: true,
      executable: "/bin/bash")
    if completion { shell.type(". \(ShellIntegrationTests.bashCompletion)\r") }
    shell.type("eval \"$(mselect --bash)\"\r")
    return (shell, directory)
  }

  /// Debian's bash-completion.
  static let bashCompletion = "/usr/share/bash-completion/bash_completion"

  /// Beside bash-completion, `**<TAB>` opens the picker for the commands it completes by itself
  /// (`git`, `chmod`, …, loaded when first completed) and for `unset`, which it gives `complete -v`.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: bashCompletion) && access("/usr/bin/git", X_OK) == 0,
      "bash-completion or git is not installed"))
  func doubleStarTabBesideBashCompletion() throws {
    let (shell, directory) = try bash(completion: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for command in ["git add", "chmod 644", "du -s", "gzip -k"] {
      shell.type("\(command) a**\t")
      #expect(shell.waitFor("a b.txt"), "\(command)")
      shell.type("\r")
      #expect(
        shell.waitForScreen { $0.lines.contains { $0.hasSuffix("\(command) a\\ b.txt") } }, "\(command)")
      shell.type("\u{15}")
    }
    shell.type("MSELECT_TEST_VARIABLE=1; clear\r")
    shell.type("unset MSELECT_TEST_V**\t")
    #expect(shell.waitFor("1/"))
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains { $0.hasSuffix("unset MSELECT_TEST_VARIABLE") } })
    shell.type("\u{15}exit\r")
    _ = shell.waitForExit()
  }

  /// The shell waits at its prompt (the last line written ends with bash's `$` or root's `#`).
  static func atPrompt(_ screen: ScreenEmulator) -> Bool {
    guard let last = screen.lines.last(where: { !$0.isEmpty }) else { return false }
    return last.hasSuffix("$") || last.hasSuffix("#")
  }

  @Test func ctrlTInsertsPickedPathsQuoted() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("printf '[%s]\\n' ")
    shell.send([0x14])  // ctrl-t
    #expect(shell.waitFor("3/3"))
    shell.type("a b")
    #expect(shell.waitFor("1/3"))
    shell.type("\r")
    // Keys typed before the picker is gone would be read by it.
    #expect(shell.waitForScreen { !$0.text.contains("1/3") })
    shell.type("\r")
    // The name reached printf as one argument: it was quoted in the command line.
    #expect(shell.waitForScreen { $0.lines.contains("[a b.txt]") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// As with fzf's scripts, the bindings' own defaults (a height, the reverse layout) come before the
  /// user's default options, so a layout or prompt set there wins.
  @Test func defaultOptionsWinOverTheBindingsDefaults() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("export MSELECT_DEFAULT_OPTS=\"--layout=default --prompt 'DEF> '\"\r")
    #expect(shell.waitForScreen { ShellIntegrationTests.atPrompt($0) && $0.text.contains("export") })
    shell.send([0x14])  // ctrl-t
    #expect(shell.waitFor("3/3"))
    let lines = shell.screen.lines
    let prompt = lines.lastIndex { $0.hasPrefix("DEF>") }
    let count = lines.lastIndex { $0.contains("3/3") }
    // The default layout: the count above the prompt, at the bottom.
    #expect(prompt != nil && count != nil && count! < prompt!, "\(lines)")
    shell.send([0x1B])
    #expect(shell.waitForScreen { !$0.text.contains("3/3") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// fzf's `**<TAB>`: a command with no completion of its own gets the picker on the paths below,
  /// the text before the trigger its query; the picked name goes into the line quoted.
  @Test func doubleStarTabPicksPathsQuoted() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("printf '[%s]\\n' a**\t")
    #expect(shell.waitForScreen { $0.lines.contains { $0.hasPrefix("> a") } })
    #expect(shell.waitFor("a b.txt"))
    shell.type("\r")
    #expect(shell.waitForScreen { !$0.lines.contains { $0.hasPrefix("> a") } })
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains("[a b.txt]") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// `cd **<TAB>` lists directories only, and the picked one ends with a slash.
  @Test func doubleStarTabAfterCdPicksDirectories() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("cd **\t")
    #expect(shell.waitFor("1/1"))
    #expect(!shell.screen.text.contains("a b.txt"))
    shell.type("\r")
    #expect(shell.waitForScreen { !$0.text.contains("1/1") })
    shell.type("\rpwd\r")
    #expect(shell.waitForScreen { $0.lines.contains { $0.hasSuffix("/sub dir") } })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// A completion loader (bash-completion's) that gives a command options but no function does not
  /// take the trigger away: `**<TAB>` still opens the picker after a plain TAB ran the loader.
  @Test func aLoaderWithoutAFunctionKeepsTheTrigger() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("_completion_loader() { complete -o default fake; }\r")
    shell.type("complete -F _mselect_path_completion -o default -o bashdefault fake; clear\r")
    shell.type("fake a\t\u{15}")
    shell.type("fake a**\t")
    #expect(shell.waitFor("a b.txt"))
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains { $0.hasSuffix("fake a\\ b.txt") } })
    shell.type("\u{15}exit\r")
    _ = shell.waitForExit()
  }

  /// Without the trigger, TAB completes as before (bash's own file-name completion here).
  @Test func tabWithoutTheTriggerCompletesAsBefore() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("printf '[%s]\\n' c\t")
    #expect(shell.waitForScreen { $0.lines.contains { $0.contains("c\\'d.txt") } })
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains("[c'd.txt]") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// The same `**<TAB>` in zsh (its TAB widget).
  @Test(.enabled(if: Tools.zsh, "zsh is not installed")) func doubleStarTabWorksInZsh() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("exec /usr/bin/zsh -f -i\r")
    shell.type("PS1='%% '; source <(mselect --zsh); echo shell=zsh$ZSH_VERSION\r")
    #expect(shell.waitFor("shell=zsh5"))
    shell.type("printf '[%s]\\n' a**\t")
    #expect(shell.waitFor("a b.txt"))
    shell.type("\r")
    #expect(
      shell.waitForScreen { $0.lines.contains { $0.hasSuffix("a\\ b.txt ") || $0.hasSuffix("a\\ b.txt") } })
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains("[a b.txt]") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// `unset **<TAB>` lists the shell's variables (fzf's), for the command after `;` and assignments.
  @Test(.enabled(if: Tools.zsh, "zsh is not installed")) func doubleStarTabAfterUnsetPicksVariables() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("export MSELECTFOOBAR=1\r")
    shell.type("echo foo; QUX=THUD unset MSELECTFOOBR**\t")
    #expect(shell.waitFor("1/"))
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains { $0.hasSuffix("unset MSELECTFOOBAR") } })
    shell.type("\u{15}exec /usr/bin/zsh -f -i\r")
    shell.type("PS1='%% '; source <(mselect --zsh); export MSELECTZSHVAR=1; echo shell=zsh$ZSH_VERSION\r")
    #expect(shell.waitFor("shell=zsh5"))
    shell.type("echo foo; QUX=THUD unset MSELECTZSHVR**\t")
    #expect(shell.waitFor("1/"))
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains { $0.hasSuffix("unset MSELECTZSHVAR") } })
    // Quoted command names, and triggers zsh reads as words of their own (`&`, an escaped `;`).
    for (command, trigger, typed) in [
      ("\\unset", "**", "**"), ("'unset'", "**", "**"), ("unset", "&", "&"), ("unset", ";", "\\;"),
    ] {
      shell.type("\u{15}MSELECT_COMPLETION_TRIGGER='\(trigger)'; clear\r")
      shell.type("\(command) MSELECTZSHVR\(typed)\t")
      #expect(shell.waitFor("1/"), "\(command) \(trigger)")
      shell.type("\r")
      #expect(
        shell.waitForScreen { $0.lines.contains { $0.hasSuffix("\(command) MSELECTZSHVAR") } },
        "\(command) \(trigger)")
    }
    shell.type("\u{15}exit\r")
    _ = shell.waitForExit()
  }

  /// Run as `fzf` (a link), `--bash` gives fzf's names: `FZF_CTRL_T_COMMAND` and the `fzf` command.
  @Test func fzfModeScriptsUseFzfNames() throws {
    let link = FileManager.default.temporaryDirectory.appendingPathComponent("fzf-mode-\(getpid())")
    try? FileManager.default.removeItem(at: link)
    try FileManager.default.createDirectory(at: link, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: link) }
    let fzf = link.appendingPathComponent("fzf").path
    try FileManager.default.createSymbolicLink(atPath: fzf, withDestinationPath: BinaryRunner.binary.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: fzf)
    process.arguments = ["--bash"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let script = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(script.contains("FZF_CTRL_T_COMMAND") && !script.contains("MSELECT_"))
    #expect(script.contains("| __fzf_picker \"--layout=reverse"))
    // fzf's own defaults for the bindings: its minimum height, and ctrl-z ignored.
    #expect(script.contains("--height ${FZF_TMUX_HEIGHT:-40%} --min-height 20+ --bind=ctrl-z:ignore"))
    // `--fzf` does the same for the program under its own name.
    #expect(try BinaryRunner.run(["--fzf", "--bash"]).text == script)
  }

  /// A name holding a newline is one entry of ctrl-t's list and reaches the command line whole.
  @Test func ctrlTKeepsANameWithANewlineWhole() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = FileManager.default.createFile(atPath: directory + "/two\nlines", contents: nil)
    #expect(shell.waitForScreen(ShellIntegrationTests.atPrompt))
    shell.type("printf '[%s]\\n' ")
    shell.send([0x14])  // ctrl-t
    #expect(shell.waitFor("4/4"))
    #expect(shell.waitFor("two␊lines"))
    shell.type("lines")
    #expect(shell.waitFor("1/4"))
    shell.type("\r")
    #expect(shell.waitForScreen { !$0.text.contains("1/4") })
    shell.type("\r")
    #expect(shell.waitForScreen { $0.lines.contains("[two") && $0.lines.contains("lines]") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// alt-c runs the cd as a command line of its own: the next prompt shows the new directory, and the
  /// keys work in vi mode too.
  @Test func altCShowsTheNewDirectoryAndViModeHasTheKeys() throws {
    let (shell, directory) = try bash()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(shell.waitForScreen(ShellIntegrationTests.atPrompt))
    shell.type("PS1='[\\W]$ '\r")
    #expect(shell.waitFor("[mselect-shell-"))
    shell.type("\u{1B}c")  // alt-c
    #expect(shell.waitFor("1/1"))
    shell.type("\r")
    #expect(shell.waitFor("[sub dir]$"))
    shell.type("set -o vi\r")
    #expect(shell.waitForScreen(ShellIntegrationTests.atPrompt))
    shell.send([0x14])  // ctrl-t in vi insert mode
    #expect(shell.waitForScreen { $0.lines.contains(">") })
    shell.type("\u{1B}")
    #expect(shell.waitForScreen { !$0.lines.contains(">") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  /// bash completion after `--bind KEY:` offers the actions.
  @Test func bashCompletesBindActions() throws {
    let bin = BinaryRunner.binary.deletingLastPathComponent().path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "--norc", "-c",
      #"eval "$(mselect --completion bash)"; COMP_WORDS=(mselect --bind acc); COMP_CWORD=2; _mselect_opts_completion; echo "${COMPREPLY[*]}""#,
    ]
    process.environment = ["PATH": bin + ":/usr/bin:/bin"]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text.split(separator: " ").contains("accept"), "\(text)")
  }

  /// Each shell parses its script without running it.
  private func checkScript(_ flag: String, with check: [String]) throws {
    let script = try BinaryRunner.run([flag], "")
    #expect(script.status == 0)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("mselect\(flag)-\(getpid())")
      .path
    try script.text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { unlink(path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: check[0])
    process.arguments = Array(check.dropFirst()) + [path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(flag)")
  }

  @Test func theBashScriptIsValidBash() throws { try checkScript("--bash", with: ["/bin/bash", "-n"]) }

  @Test(.enabled(if: Tools.zsh, "zsh is not installed")) func theZshScriptIsValidZsh() throws {
    try checkScript("--zsh", with: ["/usr/bin/zsh", "-n"])
  }

  @Test(.enabled(if: Tools.fish, "fish is not installed")) func theFishScriptIsValidFish() throws {
    try checkScript("--fish", with: ["/usr/bin/fish", "--no-execute"])
  }
}
