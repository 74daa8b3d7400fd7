# mselect key bindings for fish: ctrl-t, ctrl-r, alt-c, shift-tab
# The options the key bindings run the picker with, as fzf's scripts make them: their own
# defaults (a height, unless MSELECT_TMUX_HEIGHT says another; LEAD) first, then
# MSELECT_DEFAULT_OPTS_FILE's and MSELECT_DEFAULT_OPTS's options, then TAIL (the binding's own
# *_OPTS), each on lines of its own: the program reads them as a shell would (quotes, comments).
function __mselect_defaults
  set -l height 40%
  set -q MSELECT_TMUX_HEIGHT; and set height $MSELECT_TMUX_HEIGHT
  printf '%s
' "--height $height @MSELECT_BINDING_DEFAULTS@ $argv[1]"
  # fzf's MSELECT_TMUX=1 or MSELECT_TMUX_OPTS (fzf-tmux's options) in tmux: a popup.
  if set -q TMUX_PANE; and begin; set -q MSELECT_TMUX_OPTS; or test -n "$MSELECT_TMUX" -a "$MSELECT_TMUX" != 0; end
    set -l tmux_options -d$height
    set -q MSELECT_TMUX_OPTS; and set tmux_options $MSELECT_TMUX_OPTS
    printf '%s
' "--tmux-options "(string escape -- "$tmux_options")
  end
  test -n "$MSELECT_DEFAULT_OPTS_FILE"; and command cat -- $MSELECT_DEFAULT_OPTS_FILE 2>/dev/null
  printf '
%s
%s
' "$MSELECT_DEFAULT_OPTS" "$argv[2]"
end
# `__mselect_picker LEAD TAIL ARGS...`: the picker with those defaults; ARGS (what the binding
# needs whatever the options say) come last and win.
function __mselect_picker
  set -l defaults (__mselect_defaults $argv[1] $argv[2] | string collect)
  set -e argv[1..2]
  MSELECT_DEFAULT_OPTS=$defaults MSELECT_DEFAULT_OPTS_FILE= mselect $argv
end
# ctrl-t reads the token under the cursor as fzf's does: an option's `-o=` or `-o` in front
# (not after ` -- `), then a path: the longest directory it names is where the walk starts,
# the rest is the query; the token is replaced by the prefix and the picked names.
function mselect-file-widget
  set -l token (commandline --current-token --tokenize | string collect -N)
  set -l prefix
  if not string match -q -- '* -- *' (string sub -l (commandline -C) -- (commandline))
    set prefix (string match -r -- '^-[^\s=]+=|^-(?!-)\S' $token)
  end
  # One element, empty or not: it goes before each picked name.
  set -q prefix[1]; or set prefix ''
  set -l query (string sub -s (math (string length -- "$prefix") + 1) -- $token)
  # `~`, `~user` and `$VAR` at the front are expanded, as the shell would.
  if string match -qr -- '^~|^\$\w' $query
    eval set query (string escape -n -- $query | string replace -r -- '^\\\\(?=~)|\\\\(?=\$\w)' '')
  end
  set -l dir .
  if test -n "$query"
    set query (path normalize -- $query)
    set dir $query
    while not path is -d -- $dir
      set dir (path dirname -- $dir)
    end
    if test "$dir" != .; or string match -qr -- '^\.(/|$)' $query
      set query (string replace -r -- '^'(string escape --style=regex -- $dir)'/?' '' $query)
    end
  end
  set -l picked
  if set -q MSELECT_CTRL_T_COMMAND
    set picked (begin; cd -- $dir; and eval $MSELECT_CTRL_T_COMMAND; end | __mselect_picker "--layout=reverse --scheme path" "$MSELECT_CTRL_T_OPTS" --multi --print0 --binding-learn ctrl-t -q "$query" | string split0)
  else
    # mselect's walker from that directory (below another one, names start with it; directories
    # end with a slash), so MSELECT_CTRL_T_OPTS' walker options reach it.
    set picked (__mselect_picker "--layout=reverse --scheme path --walker=file,dir,follow,hidden --walker-root="(string escape -- $dir) "$MSELECT_CTRL_T_OPTS" --walk --multi --print0 --binding-learn ctrl-t -q "$query" | string split0)
  end
  and commandline -rt -- (string join -- ' ' $prefix(string escape -n -- $picked))' '
  commandline -f repaint
end
# ctrl-r: entries NUL-ended (one over several lines is one entry, shown with `␊`); the picked
# ones replace the command line, one a line.
function mselect-history-widget
  set -l picked (builtin history -z@MSELECT_FISH_HISTORY_TIME@ | __mselect_picker "--scheme history --no-typos --bind ctrl-r:toggle-sort --multi --no-multi-line" "$MSELECT_CTRL_R_OPTS" --read0 --print0@MSELECT_FISH_HISTORY_FIELDS@ -q (commandline | string collect) | string split0)
  and commandline -r -- $picked
  commandline -f repaint
end
# alt-c: the walker's names end with a NUL (a name may hold a newline), MSELECT_ALT_C_COMMAND's
# with a newline.
function mselect-cd-widget
  set -l dir
  if set -q MSELECT_ALT_C_COMMAND
    set dir (eval $MSELECT_ALT_C_COMMAND | __mselect_picker "--layout=reverse --scheme path" "$MSELECT_ALT_C_OPTS" --max 1 --binding-learn alt-c)
  else
    set dir (__mselect_picker "--layout=reverse --scheme path --walker=dir,follow,hidden" "$MSELECT_ALT_C_OPTS" --walk --max 1 --binding-learn alt-c --print0 | string split0)
  end
  test -n "$dir"; and cd -- $dir
  commandline -f repaint
end
# shift-tab: fish's own completions of the command line, picked (the token under the cursor
# replaced by the picked ones); in fish's completion pager it goes on searching there.
function mselect-completion
  if commandline --paging-mode
    commandline -f complete-and-search
    return
  end
  set -l list (complete -C --escape -- (commandline -pc))
  if test -n "$list"
    set -l picked (string join -- \n $list | __mselect_picker --layout=reverse "$MSELECT_COMPLETION_OPTS" --multi --delimiter \t --accept-nth 1 --tabstop 24)
    and begin
      # No space after one directory: its contents may come next.
      set -l tail ' '
      test (count $picked) -eq 1; and string match -q -- '*/' $picked; and set tail ''
      commandline -rt -- (string join -- ' ' $picked)$tail
    end
  end
  commandline -f repaint
end
bind -k btab mselect-completion
bind -M insert -k btab mselect-completion
if not set -q MSELECT_CTRL_T_COMMAND; or test -n "$MSELECT_CTRL_T_COMMAND"
  bind \ct mselect-file-widget
  bind -M insert \ct mselect-file-widget
end
if not set -q MSELECT_CTRL_R_COMMAND; or test -n "$MSELECT_CTRL_R_COMMAND"
  bind \cr mselect-history-widget
  bind -M insert \cr mselect-history-widget
end
if not set -q MSELECT_ALT_C_COMMAND; or test -n "$MSELECT_ALT_C_COMMAND"
  bind \ec mselect-cd-widget
  bind -M insert \ec mselect-cd-widget
end
