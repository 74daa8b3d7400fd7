# mselect key bindings for bash: ctrl-t, ctrl-r, alt-c
# The picked names, quoted for the command line: the built-in walker's end with a NUL (a name may
# hold a newline), MSELECT_CTRL_T_COMMAND's with a newline. The walker is mselect's own, as fzf's
# is, so `--walker-skip` or `--walker-root` in MSELECT_CTRL_T_OPTS reach it.
__mselect_file_widget() {
  local picked
  picked="$( (if [ -n "${MSELECT_CTRL_T_COMMAND-}" ]; then eval "$MSELECT_CTRL_T_COMMAND" | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_CTRL_T_OPTS-}" --multi --print0 --binding-learn ctrl-t; else __mselect_picker "--layout=reverse --scheme path --walker=file,dir,follow,hidden" "${MSELECT_CTRL_T_OPTS-}" --walk --multi --print0 --binding-learn ctrl-t; fi) | while IFS= read -r -d '' item; do printf '%q ' "$item"; done)"
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
  # entry may span lines: its further lines start with a tab, so they show under the command, as
  # fzf shows them); shift-delete writes the numbers of the lines it takes out.
  [[ $(HISTTIMEFORMAT='' builtin history 1) =~ [[:digit:]]+ ]]
  output="$(builtin fc -lnr -2147483648 2>/dev/null | command awk -v last="$((BASH_REMATCH + 1))" '
    function entry(b) { ++n; sub(/^[ *]/, "", b); if (!seen[b]++) { gsub(/\n/, "\n\t", b); printf "%d\t%s%c", last - n, b, 0 } }
    NR == 1 { b = substr($0, 2); next }
    /^\t/ { entry(b); b = substr($0, 2); next }
    { b = b RS $0 }
    END { if (NR) entry(b) }' |
    __mselect_picker "-n2..,.. --scheme history --no-typos --bind ctrl-r:toggle-sort,alt-r:toggle-raw --read0 --multi --bind 'shift-delete:execute-silent(cat {+f1} >> \"$deletefile\")+exclude-multi'" "${MSELECT_CTRL_R_OPTS-}" -q "$READLINE_LINE")"
  # The taken-out entries leave the history, the newest first so the numbers still hold.
  if [ -s "$deletefile" ]; then
    for offset in $(command sort -rnu "$deletefile"); do builtin history -d "$offset"; done
    shopt -q histappend && builtin history -w
  fi
  command rm -f "$deletefile"
  [ -n "$output" ] || return
  # Each line loses its number or its tab (several entries picked go in one a line).
  READLINE_LINE="$(command awk '{ sub(/^[0-9]*\t/, "") } 1' <<<"$output")"
  READLINE_POINT=${#READLINE_LINE}
}
# alt-c prints the cd command; the key's macro runs it as a command line of its own (so the
# prompt shows the new directory) and puts back what was typed.
__mselect_cd__() {
  local dir
  if [ -n "${MSELECT_ALT_C_COMMAND-}" ]; then
    dir="$(eval "$MSELECT_ALT_C_COMMAND" | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_ALT_C_OPTS-}" --max 1 --binding-learn alt-c)"
  else
    dir="$(__mselect_picker "--layout=reverse --scheme path --walker=dir,follow,hidden" "${MSELECT_ALT_C_OPTS-}" --walk --max 1 --binding-learn alt-c)"
  fi && printf 'builtin cd -- %q' "$dir"
}
# Every keymap: emacs, vi-insert and vi-command (ctrl-z switches between them for the macro).
# Only where readline edits lines: a non-interactive bash (`bash -c`, a .bashrc read by
# `ssh host cmd`) would warn at each `bind`.
if [[ $- == *i* ]]; then
  bind -m emacs-standard '"\C-\e(": redraw-current-line'
  bind -m vi-command '"\C-z": emacs-editing-mode'
  bind -m vi-insert '"\C-z": emacs-editing-mode'
  bind -m emacs-standard '"\C-z": vi-editing-mode'
  for __mselect_map in emacs-standard vi-insert vi-command; do
    if [ "${MSELECT_CTRL_T_COMMAND-x}" != "" ]; then bind -m "$__mselect_map" -x '"\C-t": __mselect_file_widget'; fi
    if [ "${MSELECT_CTRL_R_COMMAND-x}" != "" ]; then bind -m "$__mselect_map" -x '"\C-r": __mselect_history_widget'; fi
  done
  unset __mselect_map
  if [ "${MSELECT_ALT_C_COMMAND-x}" != "" ]; then
    bind -m emacs-standard '"\ec": " \C-b\C-k \C-u`__mselect_cd__`\e\C-e\C-\e(\C-m\C-y\C-h\e \C-y\ey\C-x\C-x\C-d\C-y\ey\C-_"'
    bind -m vi-command '"\ec": "\C-z\ec\C-z"'
    bind -m vi-insert '"\ec": "\C-z\ec\C-z"'
  fi
fi
# Fuzzy completion, as fzf's: `vim **<TAB>`, `cd src/**<TAB>`, `kill **<TAB>`.
@MSELECT_WALK_FROM@
declare -gA __mselect_original 2>/dev/null
__mselect_triggered() {
  local trigger="${MSELECT_COMPLETION_TRIGGER-**}"
  [[ -n "$trigger" && "$1" == *"$trigger" && "$1" != *'$('* && "$1" != *'`'* ]]
}
# The picker drew on the terminal: readline redraws the line when the terminal answers this.
__mselect_redraw() {
  bind '"\e[0n": redraw-current-line' 2>/dev/null
  builtin printf '\e[5n'
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
  picked="$(command ps -ef | __mselect_comprun kill --multi --header-lines 1 -q "${cur:0:${#cur}-${#trigger}}" | command awk '{print $2}' | command tr '\n' ' ')"
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
  picked="$(__mselect_comprun "${COMP_WORDS[0]}" "${args[@]}" -q "$cur" | $post | command tr '\n' ' ')"
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
      eval "complete -F $func $options -- \"\$cmd\""
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
