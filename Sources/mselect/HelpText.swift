/// The text of `mselect --help`: short, with examples.
let helpText = """
  usage: mselect [OPTIONS] [FILE]

  A multi-select filter: pick lines by fuzzy typing, tick several, print them.
  Lines come from FILE or stdin; keys and drawing use the terminal (/dev/tty).

  Examples:
    ls | mselect                               pick files, print the ticked ones
    git branch | mselect --max 1               pick at most one
    mselect -f 'src .swift$' files.txt         print matches, best first (no terminal)
    printf 'a\\nb\\nc\\n' | mselect --batch --preselect c --preselect a
                                               print the preselected lines (no terminal)

  Search:
    -f, --filter QUERY      print matching lines, best first, and exit
    -q, --query QUERY       start with this query
    -e, --exact             plain terms match exact substrings
    -i / +i                 case-insensitive / case-sensitive (default: smart case)
    --literal               do not fold Latin diacritics (a does not match á)
    --nth FIELDS            search only these fields
    -d, --delimiter STR     field delimiter (default: runs of blanks)
    --tiebreak LIST         length,begin,end,index (default: length)
    --no-sort, --tac        keep / reverse input order
    +x, --no-extended       the whole query is one term (no operators)
    --disabled              the query does not filter
    Query syntax: terms are ANDed; 'exact ^prefix suffix$ ^whole$ !not; a | b is OR; \\  is a space.

  Selection:
    --preselect LINE        mark lines equal to LINE (repeatable)
    --preselect-file FILE   mark lines equal to a line of FILE
    --preselect-match QUERY mark lines the query matches
    --select-all            mark every line
    --min N, --max N        require at least / allow at most N marked lines
    --order input|selection output order of marked lines (default: input)
    --batch                 no terminal: print what Enter would print right away

  Input and output:
    --read0, --print0       NUL-terminated input / output lines
    --with-nth FIELDS       show only these fields
    --accept-nth FIELDS     print only these fields
    --header-lines N        first N lines are a header (never matched or printed)
    --header TEXT           a header line above the list
    -1, --select-1          print the only match without opening the picker
    -0, --exit-0            exit 1 at once when nothing matches
    --print-query           print the query first
    --expect KEYS           comma list of keys that also accept; the key is printed first

  Picker:
    --height N|N%           lines to use (default 50%), --fullscreen for the whole screen
    --layout default|reverse|reverse-list, --reverse
    --prompt STR, --pointer STR, --marker STR, --header TEXT, --header-first
    --color auto|always|never (NO_COLOR is honoured), or fzf's spec (dark,fg:#cdd6f4,hl:red,...)
    --border[=STYLE], --border-label TEXT, --margin TRBL, --padding TRBL
    --info default|right|inline|inline-right|hidden, --cycle, --scroll-off N, --tabstop N
    --bind KEY:ACTION[+ACTION],...

  Keys: tab / shift-tab toggle; shift-up/down mark a range; alt-a / alt-d (de)select all
  matches; ctrl-t invert; ctrl-s review the marked lines; enter accept; esc, ctrl-c cancel.

  Exit status: 0 printed, 1 nothing printed, 2 error, 130 cancelled.
  MSELECT_DEFAULT_OPTS holds options read before the command line. fzf's look-only options
  (--no-mouse, --scrollbar, --tmux, ...) are accepted and change nothing; see the README.

  """
