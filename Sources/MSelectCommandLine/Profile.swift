import MSelectCore

/// Whose conventions a run follows: mselect's own, or fzf's when the program is run as `fzf` (a
/// link named so) or given `--fzf`.
///
/// This is the one place the two differ: the defaults an option line starts from (among them the
/// picker's `Flavor`: fzf's marks, keys and counting), the names of the environment variables read,
/// and the names the shell integration scripts use. Everything else (options, actions, output
/// bytes) is the same program.
package struct Profile: Sendable, Equatable {
  /// The command the shell integration runs, and the stem of its function names (`_fzf_…`).
  package let command: String
  /// The prefix of the environment variables read (`FZF_DEFAULT_OPTS`, `FZF_CTRL_T_COMMAND`, …).
  package let variablePrefix: String
  /// The option values before any option is read.
  package let defaults: Options

  /// The same profile: the same program's conventions (the defaults follow from the name).
  package static func == (a: Profile, b: Profile) -> Bool { a.command == b.command }

  /// mselect's own: the picker below the cursor on half the screen, prompt on top, any number of
  /// lines marked and printed in input order.
  package static let mselect = Profile(command: "mselect", variablePrefix: "MSELECT_", defaults: Options())

  /// fzf 0.74's: full screen, prompt at the bottom, one line picked unless `-m`, marked lines printed
  /// in the order they were marked, the marked count shown whenever several may be marked.
  package static let fzf: Profile = {
    var options = Options()
    options.picker.window.height = .fullscreen
    options.picker.window.heightAdapts = false
    options.picker.window.minHeightAddsChrome = true
    options.picker.look.scrollbar = "│"
    options.picker.window.layout = .default
    options.max = 1
    options.order = .selection
    options.picker.flavor = .fzf
    options.picker.look.chrome.separator = Chrome.defaultSeparator
    options.picker.look.chrome.separatorAuto = true
    options.picker.look.ellipsis = "··"
    options.picker.list.multiLine = true
    options.picker.look.palette.fzfTheme = true
    return Profile(command: "fzf", variablePrefix: "FZF_", defaults: options)
  }()

  /// The profile of a run: fzf's when the program's name (argv[0]'s last component) is `fzf` or an
  /// argument before `--` is `--fzf`.
  package static func of(programName: [UInt8], arguments: [[UInt8]]) -> Profile {
    let base = programName.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? programName
    if base == Array("fzf".utf8) { return .fzf }
    for word in arguments {
      if word == Array("--".utf8) { break }
      if word == Array("--fzf".utf8) { return .fzf }
    }
    return .mselect
  }

  /// The variable holding options read before the command line.
  package var defaultOptionsVariable: String { variablePrefix + "DEFAULT_OPTS" }
  /// The variable naming a file of options, read before `defaultOptionsVariable`.
  package var defaultOptionsFileVariable: String { variablePrefix + "DEFAULT_OPTS_FILE" }
  /// The variable holding the command whose lines are read when nothing is piped in.
  package var defaultCommandVariable: String { variablePrefix + "DEFAULT_COMMAND" }

  /// The options the shell integration's key bindings and completions start from, before the
  /// person's: ctrl-z ignored (as fzf's scripts do), and in fzf mode fzf's `--min-height 20+`; under
  /// mselect's name typing mistakes forgiven (ctrl-r's own options turn that off again: a history
  /// is long lines of many words, where a repaired term finds noise).
  package var bindingDefaults: String {
    command == Profile.fzf.command ? "--min-height 20+ --bind=ctrl-z:ignore" : "--bind=ctrl-z:ignore --typos"
  }

  /// How zsh's ctrl-r shows its `NUMBER<tab>COMMAND` entries: fzf shows the history number and
  /// matches the command; mselect shows the command alone.
  package var historyFields: String {
    command == Profile.fzf.command ? "--nth 2.." : "--with-nth 2.."
  }

  /// fish's ctrl-r: fzf 0.74 lists each entry after its time (seconds since 1970 and a tab), and
  /// matches and prints the command; mselect lists the command alone.
  package var fishHistory: (time: String, fields: String) {
    command == Profile.fzf.command
      ? (" --show-time=%s\\t", " --delimiter \\t --nth 2.. --accept-nth 2.. --tabstop 4") : ("", "")
  }

  /// What `--version` prints. fzf mode answers with the fzf version it follows first, as fzf's own
  /// line starts, since plugins that need a recent fzf (fzf.vim, zoxide, fzf-lua) read that number.
  package func versionLine(_ version: String) -> String {
    command == Profile.fzf.command ? "0.74.0 (mselect \(version))\n" : "mselect \(version)\n"
  }

  /// `text` (a shell script written for mselect) with this profile's command, function and
  /// variable names.
  func renaming(_ text: String) -> String {
    guard command != Profile.mselect.command else { return text }
    return text.replacing(Profile.mselect.variablePrefix, with: variablePrefix)
      .replacing(Profile.mselect.command, with: command)
  }
}
