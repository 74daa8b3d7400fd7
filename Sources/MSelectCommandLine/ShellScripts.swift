import MSelectCore

/// The shell integration `mselect --bash`, `--zsh` and `--fish` print: completion of mselect's
/// options (made from `OptionTable`) and the key bindings ctrl-t (files and directories into the
/// command line, each quoted), ctrl-r (a command from history) and alt-c (cd into a directory).
///
/// Each binding can be turned off or given another command: `MSELECT_CTRL_T_COMMAND`,
/// `MSELECT_CTRL_R_COMMAND`, `MSELECT_ALT_C_COMMAND` (set and empty: off), with extra options in
/// `MSELECT_CTRL_T_OPTS`, `MSELECT_CTRL_R_OPTS`, `MSELECT_ALT_C_OPTS`.
package enum ShellScripts {
  package enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
  }

  /// The key bindings' walkers, as fzf's walker lists (`--walker file,dir,follow,hidden`): every
  /// file and directory below the current one (`directoryWalker0`: the directories), without `.git`,
  /// `node_modules` and pseudo file systems, relative names, directories ending with `/`, a dangling
  /// symbolic link listed as a file, each name ended by a NUL (a name may hold a newline). Hidden
  /// entries come after the others (fzf's walker reaches them late): a second walk lists them.
  static let walker0 = twoPassWalker(printing: "\\( -type d -printf '%P/\\0' -o -printf '%P\\0' \\)")
  static let directoryWalker0 = twoPassWalker(printing: "-type d -printf '%P/\\0'")

  /// What no walker lists.
  static let prunedNames =
    "-name .git -o -name node_modules -o -fstype sysfs -o -fstype devtmpfs -o -fstype proc"

  /// The `find` expression that leaves out what no walker lists (the walker's test follows it).
  static let pruned = "\\( \(prunedNames) \\) -prune -o"

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

  /// Shell functions (bash and zsh alike) for `**` completion: `__mselect_walk_from DIR [d]` lists
  /// what is below DIR as fzf's walker does (only directories with `d`; directories end with `/`;
  /// each name ended by a NUL), named as from the current directory, or by `_mselect_compgen_path DIR`
  /// / `_mselect_compgen_dir DIR` when the person defined them (fzf's `_fzf_compgen_*` hooks);
  /// `__mselect_complete_paths BASE [d] CMD` runs the picker on them (for CMD's completion) and
  /// prints the picked names, each ended by a NUL.
  static let walkFrom = """
    __mselect_walk_from() {
      local root="$1" kind="$2" name=%p
      if [ "$kind" = d ]; then
        if type _mselect_compgen_dir >/dev/null 2>&1; then _mselect_compgen_dir "$root" | command tr '\\n' '\\0'; return; fi
      elif type _mselect_compgen_path >/dev/null 2>&1; then
        _mselect_compgen_path "$root" | command tr '\\n' '\\0'
        return
      fi
      # Below the current directory, hidden entries come after the others, as the key bindings list.
      if [ "$root" = . ]; then
        if [ "$kind" = d ]; then \(directoryWalker0); else \(walker0); fi
        return
      fi
      if [ "$kind" = d ]; then
        command find -L "$root" -mindepth 1 \(pruned) -type d -printf "$name/\\0" 2>/dev/null
      else
        command find -L "$root" -mindepth 1 \(pruned) \\( -type d -printf "$name/\\0" -o -printf "$name\\0" \\) 2>/dev/null
      fi
    }
    # Fuzzy completion: the text before the trigger names a directory and a query, split as fzf splits
    # it (`src/ma` is `ma` below `src`); prints the picked names, each ended by a NUL.
    # fzf's completion API, for your own `**` completions: a function `_mselect_complete_CMD` (zsh
    # finds it; in bash `complete -F` names it) calls `_mselect_complete [OPTIONS] -- "$@" < <(LIST)`
    # (or the older `_mselect_complete "OPTIONS" "$@"`) to pick from LIST; `_mselect_complete_CMD_post`,
    # when defined, filters what was picked; `_mselect_comprun CMD OPTIONS`, when defined, runs the
    # picker in place of `mselect`.
    # The options the key bindings and completions run the picker with, as fzf's scripts make them:
    # their own defaults (a height, unless MSELECT_TMUX_HEIGHT says another; LEAD) first, then
    # MSELECT_DEFAULT_OPTS_FILE's and MSELECT_DEFAULT_OPTS's options, then TAIL (the binding's
    # own *_OPTS), each on lines of its own: the program reads them as a shell would (quotes,
    # comments), so nothing is split here.
    __mselect_defaults() {
      builtin printf '%s\n' "--height ${MSELECT_TMUX_HEIGHT:-40%} \(bindingDefaultsMark) $1"
      # fzf's MSELECT_TMUX=1 or MSELECT_TMUX_OPTS (fzf-tmux's options) in tmux: a popup.
      if [ -n "${TMUX_PANE-}" ] && { [ "${MSELECT_TMUX:-0}" != 0 ] || [ -n "${MSELECT_TMUX_OPTS-}" ]; }; then
        local q="'" tmux_options="${MSELECT_TMUX_OPTS:--d${MSELECT_TMUX_HEIGHT:-40%}}"
        builtin printf '%s\n' "--tmux-options '${tmux_options//$q/}'"
      fi
      command cat "${MSELECT_DEFAULT_OPTS_FILE-}" 2>/dev/null
      builtin printf '\n%s\n%s\n' "${MSELECT_DEFAULT_OPTS-}" "$2"
    }
    # `__mselect_picker LEAD TAIL ARGS...`: the picker with those defaults; ARGS (what the binding
    # needs whatever the options say) come last and win.
    __mselect_picker() {
      local lead="$1" tail="$2"
      shift 2
      MSELECT_DEFAULT_OPTS="$(__mselect_defaults "$lead" "$tail")" MSELECT_DEFAULT_OPTS_FILE= mselect "$@"
    }
    # `__mselect_comprun CMD ARGS...`: the completion's picker, or the person's `_mselect_comprun`
    # (which gets the completion's defaults in MSELECT_DEFAULT_OPTS, as fzf's `_fzf_comprun` does).
    __mselect_comprun() {
      if type _mselect_comprun >/dev/null 2>&1; then
        MSELECT_DEFAULT_OPTS="$(__mselect_defaults --layout=reverse "${MSELECT_COMPLETION_OPTS-}")" \\
          MSELECT_DEFAULT_OPTS_FILE= _mselect_comprun "$@"
      else
        shift
        __mselect_picker --layout=reverse "${MSELECT_COMPLETION_OPTS-}" \
          ${__mselect_learn_store:+--binding-learn=$__mselect_learn_store} "$@"
      fi
    }
    # Host names for `ssh **`: ssh's configuration, known hosts and /etc/hosts, each once.
    __mselect_list_hosts() {
      {
        command cat ~/.ssh/config ~/.ssh/config.d/* /etc/ssh/ssh_config 2>/dev/null |
          command awk 'tolower($1) == "host" || tolower($1) == "hostname" { for (i = 2; i <= NF; i++) if ($i !~ /[*?%]/) print $i }'
        command awk -F '[ ,]' '/^[^|#[:space:]]/ { sub(/^\\[/, "", $1); sub(/\\].*$/, "", $1); print $1 }' ~/.ssh/known_hosts 2>/dev/null
        command awk '!/^[[:space:]]*(#|$)/ { for (i = 2; i <= NF; i++) { if ($i ~ /^#/) break; print $i } }' /etc/hosts 2>/dev/null
      } | command awk '!seen[$0]++'
    }
    __mselect_complete_paths() {
      local base="$1" kind="$2" cmd="$3" dir="" leftover
      case "$base" in */*) dir="$base" ;; esac
      while [ -n "$dir" ] && [ ! -d "$dir" ]; do
        dir="$(command dirname -- "$dir")"
        case "$dir" in */) ;; *) dir="$dir/" ;; esac
      done
      leftover="${base#"$dir"}"
      leftover="${leftover#/}"
      [ -z "$dir" ] && dir=.
      [ "$dir" != / ] && dir="${dir%/}"
      # One directory to go to (fzf's), any number of paths.
      local multi=--multi
      [ "$kind" = d ] && multi=
      # Paths learn (`--learn`) in a store of their own, when the built-in picker runs.
      local __mselect_learn_store=completion
      __mselect_walk_from "$dir" "$kind" |
        __mselect_comprun "$cmd" --scheme path $multi --read0 --print0 -q "$leftover"
    }
    """

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
    case .bash:
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

  package static func bindings(_ shell: Shell) -> String {
    switch shell {
    case .bash:
      return """
        # mselect key bindings for bash: ctrl-t, ctrl-r, alt-c
        # The picked names, quoted for the command line: the walker's end with a NUL (a name may hold a
        # newline), MSELECT_CTRL_T_COMMAND's with a newline.
        __mselect_file_widget() {
          local picked
          picked="$( (if [ -n "${MSELECT_CTRL_T_COMMAND-}" ]; then eval "$MSELECT_CTRL_T_COMMAND" | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_CTRL_T_OPTS-}" --multi --print0 --binding-learn ctrl-t; else \(walker0) | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_CTRL_T_OPTS-}" --multi --read0 --print0 --binding-learn ctrl-t; fi) | while IFS= read -r -d '' item; do printf '%q ' "$item"; done)"
          READLINE_LINE="${READLINE_LINE:0:$READLINE_POINT}$picked${READLINE_LINE:$READLINE_POINT}"
          READLINE_POINT=$(( READLINE_POINT + ${#picked} ))
        }
        __mselect_history_widget() {
          local output deletefile offset
          if [ -n "${MSELECT_CTRL_R_COMMAND-}" ]; then
            output="$(eval "$MSELECT_CTRL_R_COMMAND" | __mselect_picker "--scheme history --bind ctrl-r:toggle-sort" "${MSELECT_CTRL_R_OPTS-}" --max 1 -q "$READLINE_LINE")" || return
            READLINE_LINE="$output"
            READLINE_POINT=${#output}
            return
          fi
          deletefile="$(command mktemp)" || return
          # Each entry once, newest first, numbered as `history -d` counts them and NUL-ended (an
          # entry may span lines); shift-delete writes the numbers of the lines it takes out.
          [[ $(HISTTIMEFORMAT='' builtin history 1) =~ [[:digit:]]+ ]]
          output="$(builtin fc -lnr -2147483648 2>/dev/null | command awk -v last="$((BASH_REMATCH + 1))" '
            function entry(b) { ++n; sub(/^[ *]/, "", b); if (!seen[b]++) printf "%d\\t%s%c", last - n, b, 0 }
            NR == 1 { b = substr($0, 2); next }
            /^\\t/ { entry(b); b = substr($0, 2); next }
            { b = b RS $0 }
            END { if (NR) entry(b) }' |
            __mselect_picker "-n2..,.. --scheme history --no-typos --bind ctrl-r:toggle-sort,alt-r:toggle-raw --read0 --multi --bind 'shift-delete:execute-silent(cat {+f1} >> \\\"$deletefile\\\")+exclude-multi'" "${MSELECT_CTRL_R_OPTS-}" -q "$READLINE_LINE")"
          # The taken-out entries leave the history, the newest first so the numbers still hold.
          if [ -s "$deletefile" ]; then
            for offset in $(command sort -rnu "$deletefile"); do builtin history -d "$offset"; done
            shopt -q histappend && builtin history -w
          fi
          command rm -f "$deletefile"
          [ -n "$output" ] || return
          READLINE_LINE="${output#*$'\\t'}"
          READLINE_POINT=${#READLINE_LINE}
        }
        # alt-c prints the cd command; the key's macro runs it as a command line of its own (so the
        # prompt shows the new directory) and puts back what was typed.
        __mselect_cd__() {
          local dir
          if [ -n "${MSELECT_ALT_C_COMMAND-}" ]; then
            dir="$(eval "$MSELECT_ALT_C_COMMAND" | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_ALT_C_OPTS-}" --max 1 --binding-learn alt-c)"
          else
            dir="$(\(directoryWalker0) | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_ALT_C_OPTS-}" --max 1 --binding-learn alt-c --read0)"
          fi && printf 'builtin cd -- %q' "$dir"
        }
        # Every keymap: emacs, vi-insert and vi-command (ctrl-z switches between them for the macro).
        # Only where readline edits lines: a non-interactive bash (`bash -c`, a .bashrc read by
        # `ssh host cmd`) would warn at each `bind`.
        if [[ $- == *i* ]]; then
          bind -m emacs-standard '"\\C-\\e(": redraw-current-line'
          bind -m vi-command '"\\C-z": emacs-editing-mode'
          bind -m vi-insert '"\\C-z": emacs-editing-mode'
          bind -m emacs-standard '"\\C-z": vi-editing-mode'
          for __mselect_map in emacs-standard vi-insert vi-command; do
            if [ "${MSELECT_CTRL_T_COMMAND-x}" != "" ]; then bind -m "$__mselect_map" -x '"\\C-t": __mselect_file_widget'; fi
            if [ "${MSELECT_CTRL_R_COMMAND-x}" != "" ]; then bind -m "$__mselect_map" -x '"\\C-r": __mselect_history_widget'; fi
          done
          unset __mselect_map
          if [ "${MSELECT_ALT_C_COMMAND-x}" != "" ]; then
            bind -m emacs-standard '"\\ec": " \\C-b\\C-k \\C-u`__mselect_cd__`\\e\\C-e\\C-\\e(\\C-m\\C-y\\C-h\\e \\C-y\\ey\\C-x\\C-x\\C-d\\C-y\\ey\\C-_"'
            bind -m vi-command '"\\ec": "\\C-z\\ec\\C-z"'
            bind -m vi-insert '"\\ec": "\\C-z\\ec\\C-z"'
          fi
        fi
        # Fuzzy completion, as fzf's: `vim **<TAB>`, `cd src/**<TAB>`, `kill **<TAB>`.
        \(walkFrom)
        declare -gA __mselect_original 2>/dev/null
        __mselect_triggered() {
          local trigger="${MSELECT_COMPLETION_TRIGGER-**}"
          [[ -n "$trigger" && "$1" == *"$trigger" && "$1" != *'$('* && "$1" != *'`'* ]]
        }
        # The picker drew on the terminal: readline redraws the line when the terminal answers this.
        __mselect_redraw() {
          bind '"\\e[0n": redraw-current-line' 2>/dev/null
          builtin printf '\\e[5n'
        }
        # Without the trigger: the command's own completion, else bash-completion's loader, else the default.
        __mselect_fallback() {
          local cmd="$1" ours="$2" spec loader re=' -F ([^ ]+) '
          shift 2
          if [ -n "${__mselect_original[$cmd]-}" ]; then
            # `-`: the command has no function of its own; bash's default completion follows.
            [ "${__mselect_original[$cmd]}" = - ] || "${__mselect_original[$cmd]}" "$@"
            return
          fi
          for loader in _comp_load __load_completion _completion_loader ""; do
            [ -n "$loader" ] && type "$loader" >/dev/null 2>&1 && break
          done
          [ -n "$loader" ] || return 0
          "$loader" "$cmd" >/dev/null 2>&1
          spec="$(complete -p "$cmd" 2>/dev/null)"
          if [[ $spec =~ $re && ${BASH_REMATCH[1]} != "$ours" ]]; then
            __mselect_original[$cmd]="${BASH_REMATCH[1]}"
            eval "${spec/ -F ${BASH_REMATCH[1]} / -F $ours }"
            return 124
          elif [[ -n $spec && ! $spec =~ $re ]]; then
            # The loader gave the command options but no function (`complete -o default CMD`):
            # the trigger keeps working, with those options.
            __mselect_original[$cmd]=-
            eval "${spec% *} -F $ours ${spec##* }"
          fi
        }
        __mselect_path_completion_with() {
          local kind="$1" ours="$2" cur="${COMP_WORDS[COMP_CWORD]}" trigger="${MSELECT_COMPLETION_TRIGGER-**}"
          shift 2
          if ! __mselect_triggered "$cur"; then
            __mselect_fallback "${COMP_WORDS[0]}" "$ours" "$@"
            return
          fi
          local base="${cur:0:${#cur}-${#trigger}}" picked
          eval "base=$base" 2>/dev/null || return
          picked="$(__mselect_complete_paths "$base" "$kind" "${COMP_WORDS[0]}" | while IFS= read -r -d '' item; do
            [ "$kind" = d ] && item="${item%/}/"
            printf '%q ' "$item"
          done)"
          picked="${picked% }"
          COMPREPLY=("${picked:-$cur}")
          __mselect_redraw
          return 0
        }
        _mselect_path_completion() { __mselect_path_completion_with "" _mselect_path_completion "$@"; }
        _mselect_dir_completion() { __mselect_path_completion_with d _mselect_dir_completion "$@"; }
        _mselect_proc_completion() {
          local cur="${COMP_WORDS[COMP_CWORD]}" trigger="${MSELECT_COMPLETION_TRIGGER-**}" picked
          if ! __mselect_triggered "$cur"; then
            __mselect_fallback "${COMP_WORDS[0]}" _mselect_proc_completion "$@"
            return
          fi
          picked="$(command ps -ef | __mselect_comprun kill --multi --header-lines 1 -q "${cur:0:${#cur}-${#trigger}}" | command awk '{print $2}' | command tr '\\n' ' ')"
          picked="${picked% }"
          COMPREPLY=("${picked:-$cur}")
          __mselect_redraw
          return 0
        }
        _mselect_complete() {
          local args=() i post cur="${COMP_WORDS[COMP_CWORD]}" trigger="${MSELECT_COMPLETION_TRIGGER-**}" picked
          for ((i = 1; i <= $#; i++)); do [ "${!i}" = -- ] && break; done
          if ((i <= $#)); then
            args=("${@:1:i-1}")
          else
            eval "args=($1)"
          fi
          post="${FUNCNAME[1]}_post"
          type -t "$post" >/dev/null 2>&1 || post="command cat"
          __mselect_triggered "$cur" || return 0
          cur="${cur:0:${#cur}-${#trigger}}"
          picked="$(__mselect_comprun "${COMP_WORDS[0]}" "${args[@]}" -q "$cur" | $post | command tr '\\n' ' ')"
          picked="${picked% }"
          COMPREPLY=("${picked:-$cur}")
          __mselect_redraw
          return 0
        }
        # `unset **`, `export **`, `unalias **`, `ssh **`: the words a lister prints, picked.
        __mselect_word_completion_with() {
          local lister="$1" ours="$2" cur="${COMP_WORDS[COMP_CWORD]}" trigger="${MSELECT_COMPLETION_TRIGGER-**}" picked
          shift 2
          if ! __mselect_triggered "$cur"; then
            __mselect_fallback "${COMP_WORDS[0]}" "$ours" "$@"
            return
          fi
          local query="${cur:0:${#cur}-${#trigger}}" user=""
          # `ssh user@host`: the user stays, the host is picked. bash splits the word at `@`, but
          # readline replaces the `@` too (one of its special prefixes), so it is given back.
          if [ "$lister" = __mselect_list_hosts ]; then
            if [[ $query == *@* ]]; then
              user="${query%%@*}@"
              query="${query#*@}"
            elif [ "${COMP_WORDS[COMP_CWORD-1]}" = @ ]; then
              user=@
            fi
          fi
          picked="$("$lister" | __mselect_comprun "${COMP_WORDS[0]}" --multi -q "$query" | while IFS= read -r item; do printf '%s ' "$user$item"; done)"
          picked="${picked% }"
          COMPREPLY=("${picked:-$cur}")
          __mselect_redraw
          return 0
        }
        __mselect_list_variables() { compgen -v; }
        __mselect_list_aliases() { compgen -a; }
        _mselect_var_completion() { __mselect_word_completion_with __mselect_list_variables _mselect_var_completion "$@"; }
        _mselect_alias_completion() { __mselect_word_completion_with __mselect_list_aliases _mselect_alias_completion "$@"; }
        _mselect_host_completion() {
          # After an option (`ssh -i **`): a file.
          case "${COMP_WORDS[COMP_CWORD-1]}" in
          -?*) __mselect_path_completion_with "" _mselect_host_completion "$@" ;;
          *) __mselect_word_completion_with __mselect_list_hosts _mselect_host_completion "$@" ;;
          esac
        }
        # Wraps each command's completion: its own still runs without the trigger.
        __mselect_define() {
          local func="$1" options="$2" cmd spec re=' -F ([^ ]+) '
          shift 2
          for cmd in "$@"; do
            spec="$(complete -p "$cmd" 2>/dev/null)"
            if [[ $spec =~ $re ]]; then
              [ "${BASH_REMATCH[1]}" = "$func" ] && continue
              __mselect_original[$cmd]="${BASH_REMATCH[1]}"
              eval "${spec/ -F ${BASH_REMATCH[1]} / -F $func }"
            elif [ -n "$spec" ]; then
              # Options but no function (bash-completion's `complete -v unset`): ours is added, the
              # options still complete without the trigger.
              __mselect_original[$cmd]=-
              eval "${spec% *} -F $func ${spec##* }"
            else
              eval "complete -F $func $options -- \\"\\$cmd\\""
            fi
          done
        }
        if [ "${MSELECT_COMPLETION_TRIGGER-x}" != "" ]; then
          # fzf's list (and nano, python3): a command bash-completion completes by itself (git, chmod,
          # gcc, …) must have ours wrapped around its own, or the trigger reaches its completion.
          __mselect_define _mselect_path_completion "-o default -o bashdefault" ${MSELECT_COMPLETION_PATH_COMMANDS-awk bat cat code diff diff3 emacs emacsclient ex file ftp g++ gcc gvim head hg hx java javac ld less more mvim nano nvim patch perl python python3 ruby sed sftp sort source tail tee uniq vi view vim wc xdg-open basename bunzip2 bzip2 chmod chown curl cp dirname du find git grep gunzip gzip jar ln ls mv open rm rsync scp svn tar unzip zip}
          __mselect_define _mselect_dir_completion "-o bashdefault -o nospace -o dirnames" ${MSELECT_COMPLETION_DIR_COMMANDS-cd pushd rmdir}
          __mselect_define _mselect_proc_completion "-o default -o bashdefault" kill
          __mselect_define _mselect_var_completion "-o default -o bashdefault" ${MSELECT_COMPLETION_VAR_COMMANDS-export unset printenv}
          __mselect_define _mselect_alias_completion "-o default -o bashdefault" unalias
          __mselect_define _mselect_host_completion "-o default -o bashdefault" ssh telnet
          # Any other command too, unless something (bash-completion's loader) has the default already.
          [ -n "$(complete -p -D 2>/dev/null)" ] || complete -D -F _mselect_path_completion -o default -o bashdefault 2>/dev/null
        fi

        """
    case .zsh:
      return zshBindings
    case .fish:
      return fishBindings
    }
  }
}

extension String {
  /// The text with single quotes and brackets made safe for the scripts' quoted help strings.
  fileprivate func replacingQuotes() -> String {
    String(map { c -> Character in c == "'" ? "’" : c == "[" ? "(" : c == "]" ? ")" : c })
  }
}
