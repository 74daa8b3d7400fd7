import MSelectCore

/// The shell integration `mselect --bash`, `--zsh` and `--fish` print: completion of mselect's
/// options (made from `OptionTable`) and the key bindings ctrl-t (files and directories into the
/// command line, each quoted), ctrl-r (a command from history) and alt-c (cd into a directory).
/// The bindings are the files of the `shell` folder (embedded at build time by the EmbedShellScripts
/// plugin, as `embedded`), their `@MSELECT_…@` placeholders filled in here.
///
/// Each binding can be turned off or given another command: `MSELECT_CTRL_T_COMMAND`,
/// `MSELECT_CTRL_R_COMMAND`, `MSELECT_ALT_C_COMMAND` (set and empty: off), with extra options in
/// `MSELECT_CTRL_T_OPTS`, `MSELECT_CTRL_R_OPTS`, `MSELECT_ALT_C_OPTS`.
package enum ShellScripts {
  package enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
  }

  /// `**` completion's walker below the current directory, as fzf's walker lists (`--walker
  /// file,dir,follow,hidden`; the key bindings run mselect's own walker): every file and directory
  /// below the current one, without `.git`,
  /// `node_modules` and pseudo file systems, relative names, directories ending with `/`, a dangling
  /// symbolic link listed as a file, each name ended by a NUL (a name may hold a newline). Hidden
  /// entries come after the others (fzf's walker reaches them late): a second walk lists them.
  static let walker0 = twoPassWalker(printing: "\\( -type d -printf '%P/\\0' -o -printf '%P\\0' \\)")

  /// What no walker lists.
  static let prunedNames =
    "-name .git -o -name node_modules -o -fstype sysfs -o -fstype devtmpfs -o -fstype proc"

  /// The `find` expression that leaves out what no walker lists (the walker's test follows it).
  static let pruned = "\\( \(prunedNames) \\) -prune -o"
  /// The same, hidden entries left out too (fzf's walker without `hidden`).
  static let unhidden = "\\( \(prunedNames) -o -name '.*' \\) -prune -o"

  /// A walk that prints with `action` what is not hidden, then a walk that prints what is hidden (a
  /// hidden name, or below one).
  private static func twoPassWalker(printing action: String) -> String {
    "{ command find -L . -mindepth 1 \\( \(prunedNames) -o -name '.*' \\) -prune -o \(action) 2>/dev/null; "
      + "command find -L . -mindepth 1 \(pruned) -path '*/.*' \(action) 2>/dev/null; }"
  }

  /// What the key bindings' pickers add to their own defaults, as fzf's scripts do (a placeholder
  /// in the scripts, filled in by `integration`): ctrl-z is ignored, since a picker stopped inside a
  /// key binding's command substitution would leave the shell waiting for it.
  static let bindingDefaultsMark = "@MSELECT_BINDING_DEFAULTS@"

  /// How zsh's ctrl-r shows its NUMBER<tab>COMMAND entries (a placeholder filled in by
  /// `integration`): the command alone under mselect's name, the number before it as fzf shows it.
  static let historyFieldsMark = "@MSELECT_HISTORY_FIELDS@"
  /// fish's ctrl-r: what `history` prints before each entry, and how the picker shows and prints
  /// such entries (placeholders filled in by `integration`; fzf shows each entry's time).
  static let fishHistoryTimeMark = "@MSELECT_FISH_HISTORY_TIME@"
  static let fishHistoryFieldsMark = "@MSELECT_FISH_HISTORY_FIELDS@"

  /// A script of the `shell` folder with the walkers in place of their placeholders; `@MSELECT_WALK_FROM@`
  /// takes `shell/walk-from.sh`, the `**` completion's functions (bash and zsh alike):
  /// `__mselect_walk_from DIR [d]` lists what is below DIR as fzf's walker does (only directories with
  /// `d`; directories end with `/`; each name ended by a NUL), named as from the current directory, or
  /// by `_mselect_compgen_path DIR` / `_mselect_compgen_dir DIR` when the person defined them (fzf's
  /// `_fzf_compgen_*` hooks); `__mselect_complete_paths BASE [d] CMD` runs the picker on them (for
  /// CMD's completion) and prints the picked names, each ended by a NUL.
  private static func filled(_ script: String) -> String {
    script.replacing("@MSELECT_WALK_FROM@", with: embedded["walk-from.sh"] ?? "")
      .replacing("@MSELECT_WALKER0@", with: walker0)
      .replacing("@MSELECT_PRUNED@", with: pruned)
      .replacing("@MSELECT_UNHIDDEN@", with: unhidden)
  }

  /// Completion and key bindings, with `profile`'s command and variable names.
  package static func integration(_ shell: Shell, profile: Profile = .mselect) -> String {
    profile.renaming(
      (optionCompletion(shell) + "\n" + bindings(shell))
        .replacing(bindingDefaultsMark, with: profile.bindingDefaults)
        .replacing(historyFieldsMark, with: profile.historyFields)
        .replacing(fishHistoryTimeMark, with: profile.fishHistory.time)
        .replacing(fishHistoryFieldsMark, with: profile.fishHistory.fields))
  }

  /// The long options, and the ones that take a value.
  private static var longOptions: [String] {
    OptionTable.all.flatMap { $0.names }.filter { $0.hasPrefix("--") }
  }
  private static var valued: [OptionInfo] { OptionTable.all.filter { $0.argument != nil } }

  /// The completion of the program's options, with `profile`'s command name.
  package static func completion(_ shell: Shell, profile: Profile = .mselect) -> String {
    profile.renaming(optionCompletion(shell))
  }

  private static func optionCompletion(_ shell: Shell) -> String {
    switch shell {
    case .bash: bashCompletion()
    case .zsh: zshCompletion()
    case .fish: fishCompletion()
    }
  }

  /// bash: a case a valued option (its values, or files), `--bind`'s actions, else the options.
  private static func bashCompletion() -> String {
    var cases = ""
    // `--bind` has a case of its own below (its actions), which a generic one would shadow.
    for option in valued where !option.names.contains("--bind") {
      let words = option.values == [OptionInfo.files] ? nil : option.values
      let pattern = option.names.joined(separator: "|")
      if let words, !words.isEmpty {
        cases +=
          "    \(pattern)) COMPREPLY=( $(compgen -W '\(words.joined(separator: " "))' -- \"$cur\") ); return ;;\n"
      } else if option.values == [OptionInfo.files] {
        cases += "    \(pattern)) COMPREPLY=( $(compgen -f -- \"$cur\") ); return ;;\n"
      } else {
        cases += "    \(pattern)) return ;;\n"
      }
    }
    return """
      # mselect completion for bash (its own options; `_mselect_complete` is the `**` API below)
      _mselect_opts_completion() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        case "$prev" in
      \(cases)    --bind) COMPREPLY=( $(compgen -W '\(OptionTable.actions.filter { !$0.hasSuffix("(...)") }.joined(separator: " "))' -- "${cur##*:}") ); return ;;
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=( $(compgen -W '\(longOptions.joined(separator: " "))' -- "$cur") )
        else
          COMPREPLY=( $(compgen -f -- "$cur") )
        fi
      }
      complete -o filenames -F _mselect_opts_completion mselect

      """
  }

  /// zsh: an `_arguments` spec a long option, with its help and values.
  private static func zshCompletion() -> String {
    var specs = ""
    for option in OptionTable.all {
      for name in option.names where name.hasPrefix("--") {
        let help = option.help.replacingQuotes()
        if option.argument == nil {
          specs += "    '\(name)[\(help)]'\n"
        } else if option.values == [OptionInfo.files] {
          specs += "    '\(name)=[\(help)]:file:_files'\n"
        } else if !option.values.isEmpty {
          specs += "    '\(name)=[\(help)]:value:(\(option.values.joined(separator: " ")))'\n"
        } else {
          specs += "    '\(name)=[\(help)]:value: '\n"
        }
      }
    }
    return """
      # mselect completion for zsh
      _mselect() {
        _arguments -s \\
      \(specs.split(separator: "\n").map { $0 + " \\" }.joined(separator: "\n"))
          '*:file:_files'
      }
      (( $+functions[compdef] )) && compdef _mselect mselect

      """
  }

  /// fish: a `complete` line an option, with its help and values.
  private static func fishCompletion() -> String {
    var lines = "# mselect completion for fish\ncomplete -c mselect -f\n"
    for option in OptionTable.all {
      var line = "complete -c mselect"
      for name in option.names {
        line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
      }
      if option.argument != nil {
        line += option.values == [OptionInfo.files] ? " -r -F" : " -x"
        if !option.values.isEmpty && option.values != [OptionInfo.files] {
          line += " -a '\(option.values.joined(separator: " "))'"
        }
      }
      line += " -d '\(option.help.replacingQuotes())'"
      lines += line + "\n"
    }
    return lines + "complete -c mselect -F\n"
  }

  /// The key bindings (and for bash and zsh the `**` completion), from `shell/key-bindings.SHELL`.
  package static func bindings(_ shell: Shell) -> String {
    filled(embedded["key-bindings.\(shell.rawValue)"] ?? "")
  }
}

extension String {
  /// The text with single quotes and brackets made safe for the scripts' quoted help strings.
  fileprivate func replacingQuotes() -> String {
    String(map { c -> Character in c == "'" ? "’" : c == "[" ? "(" : c == "]" ? ")" : c })
  }
}
