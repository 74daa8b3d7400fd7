import Foundation
import Glibc
import Testing

/// The key bindings' option variables (`*_CTRL_T_OPTS`, `*_ALT_C_OPTS`, `*_CTRL_R_OPTS`) read as a
/// shell reads them, in each shell: quotes, escapes, line breaks and comments reach the program whole.
///
/// The widgets run without a terminal: the options hold `--filter`, so the picker prints its matches
/// at once, and what the widget did with them is printed.
@Suite struct ShellOptionsTests {
  /// The options each binding gets: a quoted query and header, an escaped space, a comment and a line
  /// break, as people write them in fzf's style.
  static let options =
    #"--filter 'a b' --header "pick \"one\"" --prompt my\ prompt # the rest is a comment --bogus"#
    + "\n--no-sort"

  /// Runs `script` with `shell`, in a directory holding `a b.txt`, `x.txt` and `sub dir/`, the binary
  /// first on PATH under `name`; what it printed.
  func run(
    _ shell: String, _ flags: [String], _ script: String, name: String = "mselect", directories: [String] = []
  ) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mselect-opts-\(getpid())-\(URL(fileURLWithPath: shell).lastPathComponent)-\(name)-\(UInt32.random(in: 0...UInt32.max))"
    ).path
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(
      atPath: directory + "/work/sub dir", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for name in directories {
      try FileManager.default.createDirectory(
        atPath: directory + "/work/" + name, withIntermediateDirectories: true)
    }
    for file in ["a b.txt", "x.txt", ".hidden"] {
      _ = FileManager.default.createFile(atPath: directory + "/work/" + file, contents: nil)
    }
    try FileManager.default.createDirectory(
      atPath: directory + "/work/new\nline", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/work/dangling", withDestinationPath: "nowhere")
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/bin/" + name, withDestinationPath: BinaryRunner.binary.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = flags + [script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory + "/work")
    let prefix = name == "fzf" ? "FZF_" : "MSELECT_"
    process.environment = [
      "PATH": directory + "/bin:/usr/bin:/bin", "HOME": directory, prefix + "CTRL_T_OPTS": Self.options,
      prefix + "ALT_C_OPTS": "--filter 'sub d'  # a directory\n", prefix + "CTRL_R_OPTS": Self.options,
      "XDG_CONFIG_HOME": directory, "XDG_DATA_HOME": directory,
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
  }

  static let bash = """
    eval "$(mselect --bash)"
    MSELECT_CTRL_T_COMMAND='printf "%s\\n" "a b.txt" x.txt'
    READLINE_LINE="ls "; READLINE_POINT=3
    __mselect_file_widget
    printf 'ctrl-t [%s]\\n' "$READLINE_LINE"
    MSELECT_CTRL_R_COMMAND='printf "%s\\n" "echo a b" "true"'
    READLINE_LINE=""
    __mselect_history_widget
    printf 'ctrl-r [%s]\\n' "$READLINE_LINE"
    printf 'alt-c [%s]\\n' "$(__mselect_cd__)"
    """

  static let zsh = """
    source <(mselect --zsh)
    zle() { :; }
    MSELECT_CTRL_T_COMMAND='printf "%s\\n" "a b.txt" x.txt'
    LBUFFER="ls "
    mselect-file-widget
    print -r -- "ctrl-t [$LBUFFER]"
    mselect-cd-widget
    print -r -- "alt-c [${PWD:t}]"
    """

  static let fish = """
    mselect --fish | source
    function commandline; end
    set -x MSELECT_CTRL_T_COMMAND 'printf "%s\\n" "a b.txt" x.txt'
    set -l picked (eval $MSELECT_CTRL_T_COMMAND | __mselect_picker "--layout=reverse" "$MSELECT_CTRL_T_OPTS" --multi)
    echo "ctrl-t [$picked]"
    mselect-cd-widget
    echo "alt-c ["(basename $PWD)"]"
    """

  static let shells: [(path: String, flags: [String], script: String, expected: [String])] = [
    (
      "/bin/bash", ["--norc", "--noprofile", "-c"], bash,
      [#"ctrl-t [ls a\ b.txt ]"#, "ctrl-r [echo a b]", "alt-c [builtin cd -- sub\\ dir/]"]
    ),
    ("/usr/bin/zsh", ["-f", "-c"], zsh, [#"ctrl-t [ls a\ b.txt ]"#, "alt-c [sub dir]"]),
    ("/usr/bin/fish", ["--no-config", "-c"], fish, ["ctrl-t [a b.txt]", "alt-c [sub dir]"]),
  ]

  @Test(arguments: ["mselect", "fzf"])
  func quotedOptionsReachTheProgramWhole(name: String) throws {
    var tried = 0
    for (path, flags, script, expected) in Self.shells where access(path, X_OK) == 0 {
      tried += 1
      let rename = { (text: String) in
        name == "fzf" ? text.replacing("mselect", with: "fzf").replacing("MSELECT_", with: "FZF_") : text
      }
      let output = try run(path, flags, rename(script), name: name)
      for line in expected {
        #expect(output.split(separator: "\n").contains(Substring(line)), "\(path) as \(name): \(output)")
      }
    }
    #expect(tried == Self.shells.count, "bash, zsh and fish are needed (CI installs them)")
  }

  /// In tmux (`TMUX_PANE`), `*_TMUX=1` and `*_TMUX_OPTS` (fzf-tmux's options) give the bindings' pickers
  /// a popup, as fzf's scripts do; elsewhere, or without them, nothing changes.
  @Test func tmuxVariablesGiveTheBindingsAPopup() throws {
    let scripts: [(String, [String], String)] = [
      ("/bin/bash", ["--norc", "--noprofile", "-c"], #"eval "$(mselect --bash)"; "#),
      ("/usr/bin/zsh", ["-f", "-c"], "source <(mselect --zsh); "),
      ("/usr/bin/fish", ["--no-config", "-c"], "mselect --fish | source; "),
    ]
    var tried = 0
    for (path, flags, load) in scripts where access(path, X_OK) == 0 {
      tried += 1
      let fish = path.hasSuffix("fish")
      func defaults(_ assignments: String) throws -> [String] {
        let set =
          fish ? assignments.replacing("export ", with: "set -x ").replacing("=", with: " ") : assignments
        return try run(path, flags, load + set + "; __mselect_defaults LEAD TAIL").split(separator: "\n")
          .map(String.init)
      }
      #expect(
        try defaults("export TMUX_PANE=%1; export MSELECT_TMUX_OPTS='-p 80%,60%'").contains(
          "--tmux-options '-p 80%,60%'"), "\(path)")
      #expect(
        try defaults("export TMUX_PANE=%1; export MSELECT_TMUX=1").contains("--tmux-options '-d40%'"),
        "\(path)")
      #expect(try !defaults("export MSELECT_TMUX=1").contains { $0.contains("--tmux-options") }, "\(path)")
    }
    #expect(tried == scripts.count, "bash, zsh and fish are needed (CI installs them)")
  }

  /// The walkers list as fzf's does: directories end with `/`, hidden entries come after the others,
  /// a dangling link is listed; a name with a newline is one entry and one word for ctrl-t, alt-c and
  /// `**` in each shell.
  static let walkers: [(path: String, flags: [String], script: String, expected: [String])] = [
    (
      "/bin/bash", ["--norc", "--noprofile", "-c"],
      #"""
      eval "$(mselect --bash)"
      MSELECT_CTRL_T_OPTS="--filter ''"; READLINE_LINE=""; READLINE_POINT=0
      __mselect_file_widget; printf 'ctrl-t [%s]\n' "$READLINE_LINE"
      MSELECT_ALT_C_OPTS="--filter ^new"; printf 'alt-c [%s]\n' "$(__mselect_cd__)"
      MSELECT_COMPLETION_OPTS="--filter ^new"
      __mselect_complete_paths "" d cd | while IFS= read -r -d '' item; do printf '** [%s]\n' "$item"; done
      """#,
      [
        #"alt-c [builtin cd -- $'new\nline/']"#,
        "** [new", "line/]",
      ]
    ),
    (
      "/usr/bin/zsh", ["-f", "-c"],
      #"""
      source <(mselect --zsh); zle() { :; }
      MSELECT_ALT_C_OPTS="--filter ^new"; mselect-cd-widget; print -r -- "alt-c [${PWD:t}]"; cd ..
      MSELECT_COMPLETION_OPTS="--filter ^new"
      __mselect_complete_paths "" d cd | while IFS= read -r -d '' item; do print -r -- "** [$item]"; done
      """#,
      ["alt-c [new", "line]", "** [new", "line/]"]
    ),
    (
      "/usr/bin/fish", ["--no-config", "-c"],
      #"""
      mselect --fish | source; function commandline; end
      set MSELECT_ALT_C_OPTS "--filter ^new"; mselect-cd-widget; echo "alt-c ["(basename $PWD | string collect)"]"
      """#,
      ["alt-c [new", "line]"]
    ),
  ]

  @Test func theWalkersListAsFzfsDoes() throws {
    for (path, flags, script, expected) in Self.walkers where access(path, X_OK) == 0 {
      let output = try run(path, flags, script)
      let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for line in expected {
        #expect(lines.contains(line), "\(path): \(output)")
      }
    }
    // ctrl-t (bash): each name quoted as one word, directories with `/`, the hidden one last (the
    // others in the order the file system gives).
    try #require(Tools.bash, "bash is not installed")
    let output = try run("/bin/bash", ["--norc", "--noprofile", "-c"], Self.walkers[0].script)
    let line = output.split(separator: "\n").first { $0.hasPrefix("ctrl-t [") }.map(String.init) ?? ""
    // Split at the spaces between words, not at the escaped ones (`a\ b.txt`).
    let words = String(line.dropFirst("ctrl-t [".count).dropLast(2)).replacing("\\ ", with: "\u{1}")
      .split(separator: " ").map { $0.replacing("\u{1}", with: "\\ ") }
    #expect(
      Set(words) == [#"a\ b.txt"#, "dangling", #"$'new\nline/'"#, #"sub\ dir/"#, "x.txt", ".hidden"],
      "\(line)")
    #expect(words.last == ".hidden")
  }

  /// The walker options in the bindings' variables reach the walker (fzf README's
  /// `FZF_CTRL_T_OPTS="--walker-skip .git,node_modules,target"`), in each shell and as fzf.
  @Test(arguments: ["mselect", "fzf"])
  func theBindingsWalkerTakesItsVariablesOptions(name: String) throws {
    let prefix = name == "fzf" ? "FZF" : "MSELECT"
    let shells: [(String, [String], String)] = [
      (
        "/bin/bash", ["--norc", "--noprofile", "-c"],
        """
        eval "$(\(name) --bash)"
        \(prefix)_CTRL_T_OPTS="--filter '' --walker-skip target"; READLINE_LINE=""; READLINE_POINT=0
        __\(name)_file_widget; printf 'ctrl-t [%s]\\n' "$READLINE_LINE"
        """
      ),
      (
        "/usr/bin/zsh", ["-f", "-c"],
        """
        source <(\(name) --zsh); zle() { :; }
        \(prefix)_CTRL_T_OPTS="--filter '' --walker-skip target"; \(name)-file-widget; print -r -- "ctrl-t [$LBUFFER]"
        """
      ),
    ]
    for (path, flags, script) in shells where access(path, X_OK) == 0 {
      let output = try run(path, flags, script, name: name, directories: ["target/debug", "src"])
      let line = output.split(separator: "\n").first { $0.hasPrefix("ctrl-t [") } ?? ""
      #expect(line.contains("src/") && line.contains("x.txt"), "\(path): \(output)")
      #expect(!line.contains("target"), "\(path): \(output)")
    }
  }

  /// Hostile directory names reach `cd` and the command line whole through alt-c and `**`, in each
  /// shell: a `$`, a `;`, a quote.
  @Test func hostileNamesReachCdWhole() throws {
    let names = ["$HOME1", "a;b2", "'q3"]
    let shells: [(String, [String], String, [String])] = [
      (
        "/bin/bash", ["--norc", "--noprofile", "-c"],
        #"""
        eval "$(mselect --bash)"
        for q in OME1 b2 q3; do
          MSELECT_ALT_C_OPTS="--filter $q"; (eval "$(__mselect_cd__)" && printf 'alt-c [%s]\n' "${PWD##*/}")
          MSELECT_COMPLETION_OPTS="--filter $q"
          __mselect_complete_paths "" d cd | while IFS= read -r -d '' item; do printf '** [%s]\n' "$item"; done
        done
        """#, names.map { "alt-c [\($0)]" } + names.map { "** [\($0)/]" }
      ),
      (
        "/usr/bin/zsh", ["-f", "-c"],
        #"""
        source <(mselect --zsh); zle() { :; }
        for q in OME1 b2 q3; do
          MSELECT_ALT_C_OPTS="--filter $q"; (mselect-cd-widget; print -r -- "alt-c [${PWD:t}]")
          MSELECT_COMPLETION_OPTS="--filter $q"
          __mselect_complete_paths "" d cd | while IFS= read -r -d '' item; do print -r -- "** [$item]"; done
        done
        """#, names.map { "alt-c [\($0)]" } + names.map { "** [\($0)/]" }
      ),
      (
        "/usr/bin/fish", ["--no-config", "-c"],
        #"""
        mselect --fish | source; function commandline; end
        for q in OME1 b2 q3
          set MSELECT_ALT_C_OPTS "--filter $q"
          begin; mselect-cd-widget; echo "alt-c ["(basename $PWD)"]"; cd ..; end
        end
        """#, names.map { "alt-c [\($0)]" }
      ),
    ]
    for (path, flags, script, expected) in shells {
      // Not a skip: CI installs every shell, and a machine without one should say so.
      guard access(path, X_OK) == 0 else {
        Issue.record("\(path) is not installed")
        continue
      }
      let output = try run(path, flags, script, directories: names)
      let lines = output.split(separator: "\n").map(String.init)
      for line in expected {
        #expect(lines.contains(line), "\(path): \(output)")
      }
    }
  }

  /// `#` lines in the default options are comments (forgit writes its options so), and a binding's
  /// options come after them on lines of their own.
  @Test func commentLinesInTheDefaultOptionsAreNotLines() throws {
    let result = try BinaryRunner.run(
      ["-f", ""], input: Array("b\na\n".utf8),
      environment: ["MSELECT_DEFAULT_OPTS": "# sort as given\n--tac # newest first\n#--bogus\n"])
    #expect(result.text == "a\nb\n")
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// In a non-interactive bash (`bash -c`, a .bashrc read by `ssh host cmd`) the script says nothing.
  @Test(.enabled(if: access("/bin/bash", X_OK) == 0)) func nonInteractiveBashPrintsNothing() throws {
    let output = try run("/bin/bash", ["--norc", "-c"], #"eval "$(mselect --bash)"; echo done"#)
    #expect(output == "done\n")
  }
}
