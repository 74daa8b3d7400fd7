import Foundation
import Glibc
import MSelectCore
import Testing

/// Values quoted for a shell are read back by that shell as exactly the original bytes, and a hostile
/// file name or query never runs anything, whichever shell runs the commands.
@Suite(.serialized) struct QuotingTests {
  /// The quoting a shell's name gives.
  static func quoting(_ shell: String) -> ShellQuoting {
    ShellQuoting(shellWords: [Array(shell.utf8), Array("-c".utf8)])
  }

  /// The shells every machine has; dash, zsh and fish have suites of their own, enabled when they
  /// are installed.
  static let standardShells = ["/bin/sh", "/bin/bash"]

  /// Strings that end quotes in one shell or another, and every byte but NUL.
  static let hostile: [[UInt8]] = {
    var list = [
      #"x\'; touch PWNED #"#, "a'b", "'", "''", #"\"#, #"\\"#, #"'\''"#, "$(touch PWNED)", "`touch PWNED`",
      "\"; touch PWNED; \"", "-n", "*", "~", "!!", "$HOME", "{}", "a\nb", "\t", "(echo)", "%s %d",
      "ünïcödé ファイル",
    ].map { Array($0.utf8) }
    list.append(Array(1...255))
    list.append([0xFF, 0xFE, 0x27, 0x5C, 0x80])
    // Pseudo-random bytes, the same each run.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<6 {
      var bytes: [UInt8] = []
      for _ in 0..<40 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(UInt8(truncatingIfNeeded: seed >> 56) | 1)
      }
      list.append(bytes)
    }
    return list
  }()

  /// What `shell -c command` prints.
  static func output(of command: [UInt8], shell: String) -> [UInt8] {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return [] }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    let words = [Array(shell.utf8), Array("-c".utf8), command]
    let argv = words.map { word -> UnsafeMutablePointer<CChar>? in
      let p = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
      for (k, b) in word.enumerated() { p[k] = CChar(bitPattern: b) }
      p[word.count] = 0
      return p
    }
    defer { argv.forEach { $0?.deallocate() } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, shell, &actions, nil, argv + [nil], environ) == 0
    close(fds[1])
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while started {
      let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      if n <= 0 { break }
      out += buffer[..<n]
    }
    close(fds[0])
    var status: Int32 = 0
    if started { waitpid(pid, &status, 0) }
    return out
  }

  @Test(arguments: standardShells) func eachShellReadsItsQuotedWordBackWhole(shell: String) throws {
    try QuotingTests.readsQuotedWordsBack(shell: shell)
  }

  /// Every hostile value, quoted for `shell`, printed by it.
  static func readsQuotedWordsBack(shell: String) throws {
    for value in QuotingTests.hostile {
      let quoted = try #require(quoting(shell).quote(value))
      let printed = QuotingTests.output(of: Array("printf %s ".utf8) + quoted, shell: shell)
      #expect(printed == value, "\(shell): \(value)")
    }
  }

  /// POSIX quoting read by fish (what every version did before fish was told apart) runs the name.
  @Test(.enabled(if: Tools.fish, "fish is not installed")) func posixQuotingIsNotEnoughForFish() throws {
    let value = Array(#"x\'; echo RAN #"#.utf8)
    let wrong = try #require(ShellQuoting.posix.quote(value))
    #expect(QuotingTests.output(of: Array("printf %s ".utf8) + wrong, shell: "/usr/bin/fish") != value)
  }

  /// In the picker, under each shell as `$SHELL`: the marked lines and the query reach the command
  /// as they are, and the names that try to run `touch` run nothing.
  @Test(arguments: standardShells) func hostileNamesReachCommandsIntactInEveryShell(shell: String) throws {
    try QuotingTests.hostileNamesReachCommandsIntact(environment: ["SHELL": shell], options: [])
  }

  /// Marks every hostile name and the query, runs a command and a reload with them under
  /// `environment` and `options`, and checks what the commands got.
  static func hostileNamesReachCommandsIntact(environment: [String: String], options: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let names = [
      #"x\'; touch \#(directory)/PWNED #"#, "a'b", #"\\"#, "$(touch \(directory)/PWNED)",
      "`touch \(directory)/PWNED`", "\"; touch \(directory)/PWNED; \"", "-n", "plain",
    ]
    let query = #"q\'; touch \#(directory)/PWNED #"#
    let out = "\(directory)/out"
    let reloaded = "\(directory)/reloaded"
    let picker = try PickerProcess(
      options + [
        "--multi", "--bind", "ctrl-a:select-all", "--bind",
        "ctrl-x:execute-silent(printf '%s\\n' {+} {q} {+f} > \(out))", "--bind",
        "ctrl-y:reload(printf '%s\\n' {} {1..} {+1} {q} > \(reloaded); echo done)",
      ], environment: environment)
    let run = "\(environment) \(options)"
    picker.feed(names.joined(separator: "\n") + "\n")
    picker.closeInput()
    #expect(picker.waitFor("\(names.count)/\(names.count)"))
    picker.send([0x01])  // ctrl-a
    #expect(picker.waitFor("(\(names.count))"))
    picker.type(query)
    #expect(picker.waitFor("0/\(names.count)"))
    picker.send([0x18])  // ctrl-x
    #expect(picker.waitForScreen { _ in access(out, F_OK) == 0 })
    picker.send([0x15])  // ctrl-u: the first line is current again
    #expect(picker.waitFor("\(names.count)/\(names.count)"))
    picker.send([0x19])  // ctrl-y
    #expect(picker.waitFor("1/1"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    let lines =
      (try? String(contentsOfFile: out, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    #expect(Array(lines.prefix(names.count + 1)) == names + [query], "\(run)")
    #expect(lines.count == names.count + 2, "\(run): the {+f} file's path")
    let fields =
      (try? String(contentsOfFile: reloaded, encoding: .utf8))?.split(separator: "\n").map(String.init)
      ?? []
    #expect(Array(fields.prefix(2)) == [names[0], names[0]], "\(run)")
    #expect(access("\(directory)/PWNED", F_OK) != 0, "\(run) ran a name")
  }

  /// A shell whose quoting is unknown runs no command with a quoted value, and says why.
  @Test func anUnknownShellIsRefusedWithAMessage() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = "\(directory)/out"
    let (picker, _) = try PickerProcess.started(
      ["--with-shell", "python3 -c", "--bind", "ctrl-x:execute-silent(open('\(out)','w').write({}))"],
      lines: "a\n", columns: 100)
    #expect(picker.waitFor("1/1"))
    picker.send([0x18])
    #expect(picker.waitFor("cannot quote values for 'python3'"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect(access(out, F_OK) != 0)
  }

  /// A `$SHELL` script of another name (a wrapper) is quoted for the shell its `#!` line names.
  @Test func aShellScriptIsQuotedForItsInterpreter() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let wrapper = "\(directory)/wrapper"
    let out = "\(directory)/out"
    try "#!/usr/bin/env bash\nprintf '%s' \"$2\" > \(out)\n".write(
      toFile: wrapper, atomically: true, encoding: .utf8)
    chmod(wrapper, 0o755)
    let (picker, _) = try PickerProcess.started(
      ["--with-shell", "\(wrapper) -c", "--bind", "ctrl-x:execute-silent:{}bar"], lines: "it's\n",
      columns: 100)
    #expect(picker.waitFor("1/1"))
    picker.send([0x18])
    // execute-silent runs in the background and its group ends with the picker: esc only once the
    // wrapper has written (on a loaded machine bash can start after esc is read).
    picker.waitForScreen { _ in !((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").isEmpty }
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "'it'\\''s'bar")
  }
}

/// A new directory under /tmp, removed by the caller.
func temporaryDirectory() throws -> String {
  var template = Array("/tmp/mselect-test-XXXXXX".utf8CString)
  guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
    throw POSIXError(.EACCES)
  }
  return String(cString: made)
}

extension QuotingTests {
  @Suite(.enabled(if: Tools.dash, "dash is not installed")) struct InDash {
    @Test func quotedWordsComeBackWhole() throws { try QuotingTests.readsQuotedWordsBack(shell: "/bin/dash") }
    @Test func hostileNamesReachCommandsIntact() throws {
      try QuotingTests.hostileNamesReachCommandsIntact(environment: ["SHELL": "/bin/dash"], options: [])
    }
  }

  @Suite(.enabled(if: Tools.zsh, "zsh is not installed")) struct InZsh {
    @Test func quotedWordsComeBackWhole() throws {
      try QuotingTests.readsQuotedWordsBack(shell: "/usr/bin/zsh")
    }
    @Test func hostileNamesReachCommandsIntact() throws {
      try QuotingTests.hostileNamesReachCommandsIntact(environment: ["SHELL": "/usr/bin/zsh"], options: [])
    }
  }

  /// fish as `$SHELL`, and through `--with-shell` both ways.
  @Suite(.enabled(if: Tools.fish, "fish is not installed")) struct InFish {
    @Test func quotedWordsComeBackWhole() throws {
      try QuotingTests.readsQuotedWordsBack(shell: "/usr/bin/fish")
    }
    @Test(arguments: [
      (["SHELL": "/usr/bin/fish"], [String]()), (["SHELL": "/bin/sh"], ["--with-shell", "fish -c"]),
      (["SHELL": "/usr/bin/fish"], ["--with-shell", "env bash -c"]),
    ])
    func hostileNamesReachCommandsIntact(environment: [String: String], options: [String]) throws {
      try QuotingTests.hostileNamesReachCommandsIntact(environment: environment, options: options)
    }
  }
}
