import MSelectCore

/// Every option mselect documents, in one table: `--help`, the man page and the shell completions
/// are made from it (and a test checks the parser and the guide against it).
package struct OptionInfo: Sendable {
  package enum Group: String, Sendable, CaseIterable {
    case search = "Search"
    case selection = "Selection"
    case io = "Input and output"
    case picker = "Picker"
    case preview = "Preview"
    case shell = "Shell integration"
    case general = "General"
  }

  /// Spellings: short first (`-f`), then long (`--filter`).
  package let names: [String]
  /// The argument's name (`QUERY`), nil for a flag.
  package let argument: String?
  package let help: String
  package let group: Group
  /// The values an argument takes, for completion (empty: any; `files`: a file name).
  package let values: [String]

  init(_ names: [String], _ argument: String? = nil, _ group: Group, _ help: String, values: [String] = []) {
    self.names = names
    self.argument = argument
    self.help = help
    self.group = group
    self.values = values
  }

  /// The completion marker for a file-name argument.
  package static let files = "<files>"
}

package enum OptionTable {
  package static let all: [OptionInfo] = [
    OptionInfo(["-f", "--filter"], "QUERY", .search, "print the matching lines, best first, and exit"),
    OptionInfo(["-q", "--query"], "QUERY", .search, "start with this query"),
    OptionInfo(["-e", "--exact"], nil, .search, "plain terms match exact substrings"),
    OptionInfo(
      ["-i", "--ignore-case"], nil, .search, "case-insensitive (default: smart case; +i: sensitive)"),
    OptionInfo(["--literal"], nil, .search, "do not fold Latin diacritics (a does not match á)"),
    OptionInfo(
      ["-x", "--extended"], nil, .search, "extended query syntax (default; +x: the query is one term)"),
    OptionInfo(["--disabled"], nil, .search, "the query does not filter"),
    OptionInfo(["-n", "--nth"], "FIELDS", .search, "search only these fields"),
    OptionInfo(["-d", "--delimiter"], "REGEX", .search, "field delimiter (default: runs of blanks)"),
    OptionInfo(
      ["--tiebreak"], "LIST", .search, "length,begin,end,chunk,pathname,index (default: length)",
      values: ["length", "begin", "end", "chunk", "pathname", "index"]),
    OptionInfo(
      ["--scheme"], "SCHEME", .search, "scoring: default, path (file names first) or history (input order)",
      values: ["default", "path", "history"]),
    OptionInfo(["--no-sort"], nil, .search, "keep input order (+s)"),
    OptionInfo(["--tac"], nil, .search, "reverse input order"),
    OptionInfo(["--ansi"], nil, .search, "escape sequences in lines are colors (SGR) or dropped, not text"),
    OptionInfo(["--preselect"], "LINE", .selection, "mark lines equal to LINE (repeatable)"),
    OptionInfo(
      ["--preselect-file"], "FILE", .selection, "mark lines equal to a line of FILE",
      values: [OptionInfo.files]),
    OptionInfo(["--preselect-match"], "QUERY", .selection, "mark lines the query matches"),
    OptionInfo(["--select-all"], nil, .selection, "mark every line"),
    OptionInfo(
      ["--remember"], "FILE", .selection, "lines saved in FILE open marked; the accepted ones are saved back",
      values: [OptionInfo.files]),
    OptionInfo(["--min"], "N", .selection, "require at least N marked lines"),
    OptionInfo(["--max"], "N", .selection, "allow at most N marked lines (-m, --multi=N, +m: 1)"),
    OptionInfo(
      ["--order"], "ORDER", .selection, "output order of marked lines: input (default) or selection",
      values: ["input", "selection"]),
    OptionInfo(["--batch"], nil, .selection, "no terminal: print what Enter would print right away"),
    OptionInfo(["--read0"], nil, .io, "NUL-terminated input lines"),
    OptionInfo(["--print0"], nil, .io, "NUL-terminated output lines"),
    OptionInfo(["--with-nth"], "FIELDS", .io, "show only these fields"),
    OptionInfo(["--accept-nth"], "FIELDS", .io, "print only these fields"),
    OptionInfo(["--header-lines"], "N", .io, "the first N lines are a header (never matched or printed)"),
    OptionInfo(["--header"], "TEXT", .io, "a header above the list"),
    OptionInfo(
      ["--label-delimiter"], "STR", .io,
      "LABEL<STR>VALUE lines: the label is shown and searched, the value printed"),
    OptionInfo(["-1", "--select-1"], nil, .io, "print the only match without opening the picker"),
    OptionInfo(["-0", "--exit-0"], nil, .io, "exit 1 at once when nothing matches"),
    OptionInfo(["--print-query"], nil, .io, "print the query first"),
    OptionInfo(["--expect"], "KEYS", .io, "keys that also accept; the key is printed first"),
    OptionInfo(["--height"], "N|N%|-N", .picker, "lines to use (default 50%, at least 10; -N: all but N)"),
    OptionInfo(["--fullscreen"], nil, .picker, "use the whole screen (--no-height)"),
    OptionInfo(
      ["--layout"], "LAYOUT", .picker, "reverse (default), default or reverse-list",
      values: ["reverse", "default", "reverse-list"]),
    OptionInfo(["--prompt"], "STR", .picker, "the prompt (default '> ')"),
    OptionInfo(["--pointer"], "STR", .picker, "the cursor's mark"),
    OptionInfo(["--marker"], "STR", .picker, "the marked lines' mark"),
    OptionInfo(["--unselected-prefix"], "STR", .picker, "the unmarked lines' mark (default: blanks)"),
    OptionInfo(["--ghost"], "TEXT", .picker, "dim text shown while the query is empty"),
    OptionInfo(
      ["--listen"], "[ADDR]", .picker,
      "take actions (POST /) and state requests (GET /) over HTTP: PORT, HOST:PORT or PATH.sock"),
    OptionInfo(["--timeout"], "DURATION", .picker, "give up after DURATION (30s, 1m30s, 500ms): exit 124"),
    OptionInfo(["--header-first"], nil, .picker, "the header before the prompt"),
    OptionInfo(
      ["--color"], "WHEN|SPEC", .picker, "auto, always, never, or fzf's spec (dark,fg:#cdd6f4,hl:red,...)",
      values: ["auto", "always", "never", "dark", "light", "16", "bw"]),
    OptionInfo(
      ["--border"], "STYLE", .picker, "a frame: rounded, sharp, bold, double, horizontal, ...",
      values: [
        "rounded", "sharp", "bold", "double", "block", "thinblock", "dashed", "horizontal", "vertical",
        "top", "bottom", "left", "right", "none",
      ]),
    OptionInfo(["--border-label"], "TEXT", .picker, "text in the top border"),
    OptionInfo(
      ["--border-label-pos", "--preview-label-pos"], "N[:bottom]", .picker,
      "where the label goes: 0 centered, N from the left, -N from the right"),
    OptionInfo(["--preview-label"], "TEXT", .preview, "text in the preview pane's border"),
    OptionInfo(["--margin"], "TRBL", .picker, "space outside the border"),
    OptionInfo(["--padding"], "TRBL", .picker, "space inside the border"),
    OptionInfo(
      ["--info"], "STYLE", .picker, "default, right, inline, inline-right or hidden",
      values: ["default", "right", "inline", "inline-right", "hidden"]),
    OptionInfo(
      ["--no-unicode"], nil, .picker, "ASCII only: no box drawing or symbols (default: as the locale says)"),
    OptionInfo(
      ["--separator"], "STR", .picker, "a rule of STR after the info line (fzf's default: ─; --no-separator)"),
    OptionInfo(["--bind"], "KEY:ACTION", .picker, "bind keys or events to actions (see KEYS AND ACTIONS)"),
    OptionInfo(["--cycle"], nil, .picker, "moving past an end wraps around"),
    OptionInfo(["--gutter"], "STR", .picker, "the pointer column of the other lines (fzf mode: ▌)"),
    OptionInfo(["--ellipsis"], "STR", .picker, "marks a cut line (default: …; fzf mode: ··)"),
    OptionInfo(["--hscroll-off"], "N", .picker, "columns kept in view after a match in a long line (10)"),
    OptionInfo(["--keep-right"], nil, .picker, "a long line with no match in view shows its end"),
    OptionInfo(
      ["--id-nth"], "FIELDS", .picker,
      "marks stay on lines a reload brings back (fzf mode; always so otherwise)"),
    OptionInfo(["--sync"], nil, .picker, "start actions run once the input is read and searched"),
    OptionInfo(["--track"], nil, .picker, "the cursor stays on its line when the list changes"),
    OptionInfo(["--jump-labels"], "CHARS", .picker, "the labels the jump action shows (default: fzf's)"),
    OptionInfo(["--no-mouse"], nil, .picker, "leave the mouse to the terminal (wheel, clicks)"),
    OptionInfo(["--scroll-off"], "N", .picker, "lines kept visible around the cursor (default 3)"),
    OptionInfo(["--tabstop"], "N", .picker, "columns between tab stops (default 8)"),
    OptionInfo(
      ["--history"], "FILE", .picker, "accepted queries are kept in FILE; ctrl-p / ctrl-n walk them",
      values: [OptionInfo.files]),
    OptionInfo(["--history-size"], "N", .picker, "queries kept in the history (default 1000)"),
    OptionInfo(["--preview"], "CMD", .preview, "show CMD's output for the line under the cursor"),
    OptionInfo(
      ["--with-shell"], "STR", .preview,
      "what runs the preview and execute/become/reload (default: $SHELL -c)"),
    OptionInfo(
      ["--preview-window"], "SPEC", .preview,
      "[right|left|up|down][,SIZE[%]][,border][,wrap][,hidden][,+SCROLL[OFFSETS][/DENOM]][,~N]",
      values: ["right", "left", "up", "down", "hidden", "wrap"]),
    OptionInfo(["--bash"], nil, .shell, "print the bash script: completion, ctrl-t, ctrl-r, alt-c"),
    OptionInfo(["--zsh"], nil, .shell, "print the zsh script"),
    OptionInfo(["--fish"], nil, .shell, "print the fish script"),
    OptionInfo(
      ["--fzf"], nil, .general,
      "behave as fzf: its defaults and FZF_* variables (as when run as fzf; see Coming from fzf)"),
    OptionInfo(["--man"], nil, .general, "show the manual"),
    OptionInfo(["-h", "--help"], nil, .general, "this help"),
    OptionInfo(["-V", "--version"], nil, .general, "the version"),
  ]

  /// Every action `--bind` knows, as fzf names them.
  package static var actions: [String] {
    Action.allCases.map(\.rawValue) + BoundAction.withArgument.keys.sorted().map { $0 + "(...)" } + [
      "toggle-sort"
    ]
  }

  /// Key names `--bind` knows (besides single characters, `ctrl-a`…`ctrl-z` and `alt-x`).
  package static let keyNames = [
    "enter", "tab", "btab", "esc", "bspace", "del", "up", "down", "left", "right", "home", "end", "pgup",
    "pgdn", "shift-up", "shift-down", "shift-left", "shift-right", "alt-up", "alt-down", "alt-left",
    "alt-right", "alt-enter", "alt-space", "alt-bspace", "ctrl-space", "ctrl-/", "ctrl-\\", "ctrl-]",
    "ctrl-^",
    "f1…f12", "space", "left-click", "right-click", "double-click", "scroll-up", "scroll-down",
  ]

  /// The options part of `--help`, grouped.
  package static var helpText: String {
    var out = ""
    for group in OptionInfo.Group.allCases {
      let entries = all.filter { $0.group == group }
      guard !entries.isEmpty else { continue }
      out += "\n  \(group.rawValue):\n"
      for entry in entries {
        var left = entry.names.joined(separator: ", ")
        if let argument = entry.argument { left += " " + argument }
        let padded =
          left.count < 24
          ? left + String(repeating: " ", count: 24 - left.count)
          : left + "\n" + String(repeating: " ", count: 28)
        out += "    " + padded + entry.help + "\n"
      }
    }
    return out
  }
}
