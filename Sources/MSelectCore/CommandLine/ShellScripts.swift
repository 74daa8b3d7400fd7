/// The shell integration `mselect --bash`, `--zsh` and `--fish` print: completion of mselect's
/// options (made from `OptionTable`) and the key bindings ctrl-t (files and directories into the
/// command line, each quoted), ctrl-r (a command from history) and alt-c (cd into a directory).
///
/// Each binding can be turned off or given another command: `MSELECT_CTRL_T_COMMAND`,
/// `MSELECT_CTRL_R_COMMAND`, `MSELECT_ALT_C_COMMAND` (set and empty: off), with extra options in
/// `MSELECT_CTRL_T_OPTS`, `MSELECT_CTRL_R_OPTS`, `MSELECT_ALT_C_OPTS`.
public enum ShellScripts {
  public enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
  }

  /// The default walker: every file and directory below the current one, without `.git`,
  /// `node_modules` and pseudo file systems, relative names; `directoryWalker` and `fileWalker` (what
  /// mselect reads with nothing piped in, as fzf's walker) keep one kind.
  static let walker = walker(selecting: "")
  static let directoryWalker = walker(selecting: "-type d ")
  package static let fileWalker = walker(selecting: "-type f ")

  /// The walker's `find` command, keeping what `test` (a `find` test and a space, or nothing) accepts.
  private static func walker(selecting test: String) -> String {
    "command find -L . -mindepth 1 \\( -name .git -o -name node_modules -o -fstype sysfs -o -fstype devtmpfs"
      + " -o -fstype proc \\) -prune -o \(test)-print 2>/dev/null | command cut -b3-"
  }

  /// Completion and key bindings.
  public static func integration(_ shell: Shell) -> String {
    completion(shell) + "\n" + bindings(shell)
  }

  /// The long options, and the ones that take a value.
  private static var longOptions: [String] {
    OptionTable.all.flatMap { $0.names }.filter { $0.hasPrefix("--") }
  }
  private static var valued: [OptionInfo] { OptionTable.all.filter { $0.argument != nil } }

  public static func completion(_ shell: Shell) -> String {
    switch shell {
    case .bash:
      var cases = ""
      for option in valued {
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
        # mselect completion for bash
        _mselect_complete() {
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
        complete -o filenames -F _mselect_complete mselect

        """
    case .zsh:
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
    case .fish:
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
  }

  public static func bindings(_ shell: Shell) -> String {
    switch shell {
    case .bash:
      return """
        # mselect key bindings for bash: ctrl-t, ctrl-r, alt-c
        __mselect_walk() {
          if [ -n "${MSELECT_CTRL_T_COMMAND-}" ]; then eval "$MSELECT_CTRL_T_COMMAND"; else \(walker); fi
        }
        __mselect_file_widget() {
          local picked
          picked="$(__mselect_walk | mselect --height 40% $MSELECT_CTRL_T_OPTS | while IFS= read -r item; do printf '%q ' "$item"; done)"
          READLINE_LINE="${READLINE_LINE:0:$READLINE_POINT}$picked${READLINE_LINE:$READLINE_POINT}"
          READLINE_POINT=$(( READLINE_POINT + ${#picked} ))
        }
        __mselect_history_widget() {
          local line
          line="$( (if [ -n "${MSELECT_CTRL_R_COMMAND-}" ]; then eval "$MSELECT_CTRL_R_COMMAND"; else HISTTIMEFORMAT= builtin history | command sed 's/^ *[0-9]*[* ] *//'; fi) | mselect --height 40% --tac --no-sort --max 1 -q "$READLINE_LINE" $MSELECT_CTRL_R_OPTS)" || return
          READLINE_LINE="$line"
          READLINE_POINT=${#line}
        }
        __mselect_cd_widget() {
          local dir
          dir="$( (if [ -n "${MSELECT_ALT_C_COMMAND-}" ]; then eval "$MSELECT_ALT_C_COMMAND"; else \(directoryWalker); fi) | mselect --height 40% --max 1 $MSELECT_ALT_C_OPTS)" || return
          builtin cd -- "$dir"
        }
        if [ "${MSELECT_CTRL_T_COMMAND-x}" != "" ]; then bind -x '"\\C-t": __mselect_file_widget'; fi
        if [ "${MSELECT_CTRL_R_COMMAND-x}" != "" ]; then bind -x '"\\C-r": __mselect_history_widget'; fi
        if [ "${MSELECT_ALT_C_COMMAND-x}" != "" ]; then bind -x '"\\ec": __mselect_cd_widget'; fi

        """
    case .zsh:
      return """
        # mselect key bindings for zsh: ctrl-t, ctrl-r, alt-c
        mselect-file-widget() {
          local item picked=""
          local walk="${MSELECT_CTRL_T_COMMAND:-\(walker)}"
          eval "$walk" | mselect --height 40% ${=MSELECT_CTRL_T_OPTS} | while IFS= read -r item; do picked+="${(q)item} "; done
          LBUFFER+="$picked"
          zle reset-prompt
        }
        mselect-history-widget() {
          local line
          line="$(fc -rln 1 | mselect --height 40% --no-sort --max 1 -q "$BUFFER" ${=MSELECT_CTRL_R_OPTS})" && BUFFER="$line" && CURSOR=$#BUFFER
          zle reset-prompt
        }
        mselect-cd-widget() {
          local dir walk="${MSELECT_ALT_C_COMMAND:-\(directoryWalker)}"
          dir="$(eval "$walk" | mselect --height 40% --max 1 ${=MSELECT_ALT_C_OPTS})" && builtin cd -- "$dir"
          zle reset-prompt
        }
        zle -N mselect-file-widget
        zle -N mselect-history-widget
        zle -N mselect-cd-widget
        if [[ "${MSELECT_CTRL_T_COMMAND-x}" != "" ]]; then bindkey '^T' mselect-file-widget; fi
        if [[ "${MSELECT_CTRL_R_COMMAND-x}" != "" ]]; then bindkey '^R' mselect-history-widget; fi
        if [[ "${MSELECT_ALT_C_COMMAND-x}" != "" ]]; then bindkey '\\ec' mselect-cd-widget; fi

        """
    case .fish:
      return """
        # mselect key bindings for fish: ctrl-t, ctrl-r, alt-c
        function mselect-file-widget
          set -l walk "\(walker)"
          set -q MSELECT_CTRL_T_COMMAND; and set walk $MSELECT_CTRL_T_COMMAND
          set -l picked (eval $walk | mselect --height 40% $MSELECT_CTRL_T_OPTS)
          for item in $picked
            commandline -i (string escape -- $item)' '
          end
          commandline -f repaint
        end
        function mselect-history-widget
          set -l line (history | mselect --height 40% --no-sort --max 1 -q (commandline) $MSELECT_CTRL_R_OPTS)
          and commandline -r -- $line
          commandline -f repaint
        end
        function mselect-cd-widget
          set -l walk "\(directoryWalker)"
          set -q MSELECT_ALT_C_COMMAND; and set walk $MSELECT_ALT_C_COMMAND
          set -l dir (eval $walk | mselect --height 40% --max 1 $MSELECT_ALT_C_OPTS)
          and cd -- $dir
          commandline -f repaint
        end
        if not set -q MSELECT_CTRL_T_COMMAND; or test -n "$MSELECT_CTRL_T_COMMAND"
          bind \\ct mselect-file-widget
        end
        if not set -q MSELECT_CTRL_R_COMMAND; or test -n "$MSELECT_CTRL_R_COMMAND"
          bind \\cr mselect-history-widget
        end
        if not set -q MSELECT_ALT_C_COMMAND; or test -n "$MSELECT_ALT_C_COMMAND"
          bind \\ec mselect-cd-widget
        end

        """
    }
  }
}

extension String {
  /// The text with single quotes and brackets made safe for the scripts' quoted help strings.
  fileprivate func replacingQuotes() -> String {
    String(map { c -> Character in c == "'" ? "’" : c == "[" ? "(" : c == "]" ? ")" : c })
  }
}
