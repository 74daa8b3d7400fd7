# mselect key bindings for zsh: ctrl-t, ctrl-r, alt-c
# $history and $commands are zsh/parameter's.
zmodload zsh/parameter 2>/dev/null
mselect-file-widget() {
  local item picked=""
  # The built-in walker's names end with a NUL (a name may hold a newline), MSELECT_CTRL_T_COMMAND's
  # with a newline; the walker is mselect's own, so MSELECT_CTRL_T_OPTS' `--walker-skip` reaches it.
  if [[ -n "${MSELECT_CTRL_T_COMMAND-}" ]]; then
    eval "$MSELECT_CTRL_T_COMMAND" | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_CTRL_T_OPTS-}" --multi --print0 --binding-learn ctrl-t
  else
    __mselect_picker "--layout=reverse --scheme path --walker=file,dir,follow,hidden" "${MSELECT_CTRL_T_OPTS-}" --walk --multi --print0 --binding-learn ctrl-t
  fi | while IFS= read -r -d '' item; do picked+="${(q)item} "; done
  LBUFFER+="$picked"
  zle reset-prompt
}
# The history newest first, each entry once (its newest), as NUMBER<tab>COMMAND ended by a NUL:
# an entry may span several lines. Several picked entries go into the line one a line.
mselect-history-widget() {
  local ret
  local -a picked
  picked=("${(@0)$(
    { (( ${#history} )) && printf '%s\t%s\0' "${(@kv)history}" } | command sort -z -t $'\t' -k1,1nr |
      command awk 'BEGIN { RS = ORS = "\0" } { t = $0; sub(/^[^\t]*\t/, "", t) } !seen[t]++' |
      __mselect_picker "--scheme history --no-typos --bind ctrl-r:toggle-sort --multi" "${MSELECT_CTRL_R_OPTS-}" --read0 --print0 --delimiter '\t' @MSELECT_HISTORY_FIELDS@ --accept-nth 2.. -q "$BUFFER"
  )}")
  ret=$?
  picked=("${(@)picked:#}")
  if (( ${#picked} )); then
    BUFFER="${(pj:\n:)picked}"
    CURSOR=$#BUFFER
  fi
  zle reset-prompt
  return $ret
}
mselect-cd-widget() {
  local dir ret
  # The walker's names end with a NUL (a name may hold a newline), MSELECT_ALT_C_COMMAND's with a newline.
  if [[ -n "${MSELECT_ALT_C_COMMAND-}" ]]; then
    dir="$(eval "$MSELECT_ALT_C_COMMAND" | __mselect_picker "--layout=reverse --scheme path" "${MSELECT_ALT_C_OPTS-}" --max 1 --binding-learn alt-c)"
  else
    dir="$(__mselect_picker "--layout=reverse --scheme path --walker=dir,follow,hidden" "${MSELECT_ALT_C_OPTS-}" --walk --max 1 --binding-learn alt-c)"
  fi
  ret=$?
  [ -n "$dir" ] && builtin cd -- "$dir"
  zle reset-prompt
  return $ret
}
zle -N mselect-file-widget
zle -N mselect-history-widget
zle -N mselect-cd-widget
# Every keymap: emacs, viins and vicmd.
for __mselect_map in emacs viins vicmd; do
  if [[ "${MSELECT_CTRL_T_COMMAND-x}" != "" ]]; then bindkey -M $__mselect_map '^T' mselect-file-widget; fi
  if [[ "${MSELECT_CTRL_R_COMMAND-x}" != "" ]]; then bindkey -M $__mselect_map '^R' mselect-history-widget; fi
  if [[ "${MSELECT_ALT_C_COMMAND-x}" != "" ]]; then bindkey -M $__mselect_map '\ec' mselect-cd-widget; fi
done
unset __mselect_map
# Fuzzy completion, as fzf's: `vim **<TAB>`, `cd src/**<TAB>`, `kill **<TAB>`; any other TAB does
# what it did before.
@MSELECT_WALK_FROM@
if [[ -z "${__mselect_default_completion-}" ]]; then
  __mselect_default_completion="$(bindkey '^I')"
  __mselect_default_completion="${__mselect_default_completion##* }"
  [[ "$__mselect_default_completion" == (undefined-key|mselect-completion) ]] && __mselect_default_completion=expand-or-complete
fi
_mselect_complete() {
  local -a args
  local lbuf post picked i=${@[(i)--]}
  if (( i <= $# )); then
    args=("${@[1,i-1]}")
    lbuf="${@[i+1]}"
  else
    eval "args=($1)"
    lbuf="$2"
  fi
  post="${funcstack[2]}_post"
  (( $+functions[$post] )) || post="command cat"
  picked="$(__mselect_comprun "${${(z)lbuf}[1]}" "${args[@]}" -q "$prefix" | ${=post} | command tr '\n' ' ')"
  [[ -n "$picked" ]] && LBUFFER="$lbuf$picked"
}
mselect-completion() {
  setopt localoptions noshwordsplit noksh_arrays noposixbuiltins
  local trigger="${MSELECT_COMPLETION_TRIGGER-**}" tokens prefix lbuf item picked="" cmd
  tokens=(${(z)LBUFFER})
  # A trigger zsh reads as a word of its own (`&`, `;`) is part of the word it ends.
  if (( ${#tokens} > 1 )) && [[ "$LBUFFER" == *"${tokens[-2]}${tokens[-1]}" ]]; then
    tokens[-2]="${tokens[-2]}${tokens[-1]}"
    tokens=("${(@)tokens[1,-2]}")
  fi
  if [[ -z "$trigger" || ${#tokens} -lt 2 || "$LBUFFER" != *"$trigger" ]]; then
    zle "$__mselect_default_completion"
    return
  fi
  prefix="${tokens[-1]:0:-${#trigger}}"
  [[ "$prefix" == *('$('|'`'|'<('|'>(')* ]] && return
  setopt localoptions nonomatch
  # Expanded as the shell would (`~/`, `$HOME`); what cannot be (a word ending in a
  # backslash, before an escaped `;` trigger) is only unquoted.
  eval "prefix=$prefix" 2>/dev/null || prefix="${(Q)prefix}"
  lbuf="${LBUFFER:0:-${#tokens[-1]}}"
  # The command of the last one on the line (`echo a; X=1 unset V**`: unset).
  local i=${#tokens}
  while (( i > 1 )) && [[ "${tokens[i-1]}" != (';'|'&&'|'||'|'|'|'|&'|'&'|'('|'{'|'!'|then|do|else) ]]; do (( i-- )); done
  while (( i < ${#tokens} )) && [[ "${tokens[i]}" == [A-Za-z_]*=* ]]; do (( i++ )); done
  cmd="${(Q)tokens[i]}"
  if (( $+functions[_mselect_complete_$cmd] )); then
    # Your own completion for the command (fzf's API, above).
    prefix="$prefix" _mselect_complete_$cmd "$lbuf"
    zle reset-prompt
    return
  fi
  if [[ " ${MSELECT_COMPLETION_DIR_COMMANDS-cd pushd rmdir} " == *" $cmd "* ]]; then
    __mselect_complete_paths "$prefix" d "$cmd" | while IFS= read -r -d '' item; do picked+="${(q)item%/}/ "; done
    # As fzf's: no space after a directory (its contents may come next).
    picked="${picked% }"
  elif [[ "$cmd" == kill ]]; then
    picked="$(command ps -ef | __mselect_comprun kill --multi --header-lines 1 -q "$prefix" | command awk '{print $2}' | command tr '\n' ' ')"
  elif [[ "$cmd" == (unset|export|unalias|ssh|telnet) && ! ( "$cmd" == (ssh|telnet) && "${tokens[-2]}" == -* ) ]]; then
    local user="" words
    case "$cmd" in
    unset|export) words="$(print -rl -- ${(k)parameters})" ;;
    unalias) words="$(print -rl -- ${(k)aliases})" ;;
    *)
      words="$(__mselect_list_hosts)"
      if [[ "$prefix" == *@* ]]; then user="${prefix%%@*}@"; prefix="${prefix#*@}"; fi
      ;;
    esac
    picked="$(print -r -- "$words" | __mselect_comprun "$cmd" --multi -q "$prefix" | while IFS= read -r item; do print -rn -- "$user$item "; done)"
  else
    __mselect_complete_paths "$prefix" "" "$cmd" | while IFS= read -r -d '' item; do picked+="${(q)item} "; done
  fi
  [[ -n "$picked" ]] && LBUFFER="$lbuf$picked"
  zle reset-prompt
}
if [[ "${MSELECT_COMPLETION_TRIGGER-x}" != "" ]]; then
  zle -N mselect-completion
  bindkey '^I' mselect-completion
fi
