__mselect_walk_from() {
  local root="$1" kind="$2" name=%p
  if [ "$kind" = d ]; then
    if type _mselect_compgen_dir >/dev/null 2>&1; then _mselect_compgen_dir "$root" | command tr '\n' '\0'; return; fi
  elif type _mselect_compgen_path >/dev/null 2>&1; then
    _mselect_compgen_path "$root" | command tr '\n' '\0'
    return
  fi
  [ "$root" = . ] && name=%P
  # fzf's `cd **` walks `dir,follow`: hidden directories are neither listed nor entered.
  if [ "$kind" = d ]; then
    command find -L "$root" -mindepth 1 @MSELECT_UNHIDDEN@ -type d -printf "$name/\0" 2>/dev/null
    return
  fi
  # Below the current directory, hidden entries come after the others, as the key bindings list.
  if [ "$root" = . ]; then
    @MSELECT_WALKER0@
  else
    command find -L "$root" -mindepth 1 @MSELECT_PRUNED@ \( -type d -printf "$name/\0" -o -printf "$name\0" \) 2>/dev/null
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
  builtin printf '%s
' "--height ${MSELECT_TMUX_HEIGHT:-40%} @MSELECT_BINDING_DEFAULTS@ $1"
  # fzf's MSELECT_TMUX=1 or MSELECT_TMUX_OPTS (fzf-tmux's options) in tmux: a popup.
  if [ -n "${TMUX_PANE-}" ] && { [ "${MSELECT_TMUX:-0}" != 0 ] || [ -n "${MSELECT_TMUX_OPTS-}" ]; }; then
    local q="'" tmux_options="${MSELECT_TMUX_OPTS:--d${MSELECT_TMUX_HEIGHT:-40%}}"
    builtin printf '%s
' "--tmux-options '${tmux_options//$q/}'"
  fi
  command cat "${MSELECT_DEFAULT_OPTS_FILE-}" 2>/dev/null
  builtin printf '
%s
%s
' "${MSELECT_DEFAULT_OPTS-}" "$2"
}
# `__mselect_picker LEAD TAIL ARGS...`: the picker with those defaults; ARGS (what the binding
# needs whatever the options say) come last and win. The bindings that walk ask for mselect's own
# walker (`--walk`), so the walker options in their variables reach it, as they reach fzf's.
__mselect_picker() {
  local lead="$1" tail="$2"
  shift 2
  MSELECT_DEFAULT_OPTS="$(__mselect_defaults "$lead" "$tail")" MSELECT_DEFAULT_OPTS_FILE='' mselect "$@"
}
# `__mselect_comprun CMD ARGS...`: the completion's picker, or the person's `_mselect_comprun`
# (which gets the completion's defaults in MSELECT_DEFAULT_OPTS, as fzf's `_fzf_comprun` does).
__mselect_comprun() {
  if type _mselect_comprun >/dev/null 2>&1; then
    MSELECT_DEFAULT_OPTS="$(__mselect_defaults --layout=reverse "${MSELECT_COMPLETION_OPTS-}")" \
      MSELECT_DEFAULT_OPTS_FILE='' _mselect_comprun "$@"
  else
    shift
    __mselect_picker --layout=reverse "${MSELECT_COMPLETION_OPTS-}"       ${__mselect_learn_store:+--binding-learn=$__mselect_learn_store} "$@"
  fi
}
# Host names for `ssh **`: ssh's configuration, known hosts and /etc/hosts, each once.
__mselect_list_hosts() {
  {
    command cat ~/.ssh/config ~/.ssh/config.d/* /etc/ssh/ssh_config 2>/dev/null |
      command awk 'tolower($1) == "host" || tolower($1) == "hostname" { for (i = 2; i <= NF; i++) if ($i !~ /[*?%]/) print $i }'
    command awk -F '[ ,]' '/^[^|#[:space:]]/ { sub(/^\[/, "", $1); sub(/\].*$/, "", $1); print $1 }' ~/.ssh/known_hosts 2>/dev/null
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