import MSelectCore

/// The manual page (roff), made from `OptionTable` and a few fixed sections; `docs/mselect.1` is this
/// text, checked in (a test keeps it current: regenerate with `mselect --man-roff > docs/mselect.1`).
package enum ManPage {
  /// The whole page: its sections in order.
  package static func roff(version: String) -> String {
    [header(version: version), options(), querySyntax, keysAndActions(), commands, environment, ending]
      .joined()
  }

  /// The title, name, synopsis and description.
  private static func header(version: String) -> String {
    """
    .TH MSELECT 1 "" "mselect \(version)" "User Commands"
    .ad l
    .SH NAME
    mselect \\- a multi-select filter for the terminal and for scripts
    .SH SYNOPSIS
    .B mselect
    [\\fIOPTIONS\\fR] [\\fIFILE\\fR]
    .br
    .B mselect
    [\\fIOPTIONS\\fR] \\fILINE\\fR \\fILINE\\fR...
    .SH DESCRIPTION
    mselect reads lines from FILE or standard input and opens a picker on the terminal (/dev/tty):
    narrow the list by fuzzy typing, mark several lines with tab, press enter, and exactly the marked
    lines (or the line under the cursor, when none was marked) are printed on standard output.
    Without a terminal, \\fB\\-\\-filter\\fR ranks lines and \\fB\\-\\-batch\\fR prints a preselected set.
    Output is the exact bytes of the input lines.

    """
  }

  /// A section per group of the option table.
  private static func options() -> String {
    var out = ""
    for group in OptionInfo.Group.allCases {
      let entries = OptionTable.all.filter { $0.group == group }
      guard !entries.isEmpty else { continue }
      out += ".SH \(group.rawValue.uppercased())\n"
      for entry in entries {
        let names = entry.names.map { "\\fB" + escape($0) + "\\fR" }.joined(separator: ", ")
        out += ".TP\n" + names + (entry.argument.map { " \\fI" + escape($0) + "\\fR" } ?? "") + "\n"
        out += escape(entry.help) + "\n"
      }
    }
    return out
  }

  private static let querySyntax =
    """
    .SH QUERY SYNTAX
    Terms separated by spaces must all match: \\fBabc\\fR fuzzy, \\fB'abc\\fR exact, \\fB^abc\\fR prefix,
    \\fBabc$\\fR suffix, \\fB!abc\\fR not; \\fBa | b\\fR matches either; \\fB\\e\\fR before a space makes it literal.
    Smart case: an uppercase letter makes a term case-sensitive.
    .PP
    With \\fB\\-\\-typos\\fR a fuzzy term of 5 characters or more also matches a line that holds it with
    a typing mistake (12 or more: two). Such a line's highlight tells what was repaired: the characters
    typed right are drawn as any match, the line's character where a key was typed wrong, or the two
    where two keys were swapped, in the \\fBtypo\\fR color (orange and underlined; reverse video without
    colors; \\fB\\-\\-color typo:COLOR\\fR). A key typed in excess has no character of the line to mark.
    A line that holds the query as typed ranks above one repaired the same way.

    """

  /// The default keys, the mouse, and `--bind`'s events, actions and key names.
  private static func keysAndActions() -> String {
    """
    .SH KEYS AND ACTIONS
    \(escape(DefaultKeys.briefs.joined(separator: "; ") + "."))
    .PP
    Mouse (off with \\fB\\-\\-no\\-mouse\\fR): the wheel moves through the list, or scrolls the preview
    when over it; a click moves the cursor to the item, a double-click accepts, a click on the pointer or
    marker column or a right-click toggles. Hold shift to select text with the terminal's own selection.
    .PP
    \\fB\\-\\-bind\\fR KEY[,KEY...]:ACTION[+ACTION],... binds keys or the events \(BindEvent.allCases.map(\.rawValue).joined(separator: ", ")),
    as fzf reads it (KEY:+ACTION adds to what KEY does).
    Actions: \(escape(OptionTable.actions.joined(separator: " "))).
    Arguments go in parentheses (or [], {}, <>, or between two of ~!@#$%^&*;/|), ended by the first
    closing character followed by +, a comma or the end; ACTION:ARGUMENT takes the rest.
    transform(CMD) runs the actions CMD prints; transform\\-query(CMD) and the like set the query
    (prompt, header, ...) to what CMD prints. Keys: ctrl-a...ctrl-z, alt-X, \(escape(OptionTable.keyNames.joined(separator: " "))).

    """
  }

  private static let commands =
    """
    .SH PREVIEW AND COMMANDS
    Commands of \\fB\\-\\-preview\\fR, execute, execute-silent, become, reload and transform run through $SHELL \\-c
    (\\fB\\-\\-with\\-shell\\fR STR: STR's words, the command appended) with placeholders, each value single-quoted for the shell: {} the line, {+} the marked lines,
    {q} the query, {n} the line's index, {1}, {\\-1}, {2..} fields, {+1} a field of each marked line,
    {*} every listed line, {fzf:query}, {fzf:prompt}, {fzf:action}; flags r (unquoted), s (fields keep
    their whitespace), f (the values in a temporary file, its path given: {+f}); \\e{q} stays {q}.
    They get FZF_QUERY, FZF_PROMPT, FZF_MATCH_COUNT, FZF_SELECT_COUNT, FZF_TOTAL_COUNT, FZF_POS,
    FZF_LINES, FZF_COLUMNS, FZF_KEY and FZF_ACTION in their environment, as fzf's do.
    A preview command's Sixel, Kitty graphics and iTerm2 inline pictures are drawn in the pane (an
    outline when one does not fit) and wiped when the cursor moves; share/mselect/preview shows a file
    as text or, through chafa, kitten icat or imgcat, as a picture.

    """

  private static let environment =
    """
    .SH ENVIRONMENT
    .TP
    .B MSELECT_DEFAULT_OPTS, MSELECT_DEFAULT_OPTS_FILE
    Options read before the command line: the file's, then the variable's. Run as
    .B fzf
    (or with --fzf), FZF_DEFAULT_OPTS_FILE, FZF_DEFAULT_OPTS and FZF_DEFAULT_COMMAND are read instead,
    and fzf's defaults apply.
    .TP
    .B MSELECT_DEFAULT_COMMAND
    With nothing piped in and no FILE, the command whose lines are the candidates (else the files
    below the current directory).
    .TP
    .B NO_COLOR
    No colors (bold, underline and reverse only).
    .TP
    .B RUNEWIDTH_EASTASIAN
    Set to 1: as \\fB\\-\\-ambidouble\\fR, ambiguous-width characters take two columns (fzf reads it too).
    .TP
    .B MSELECT_CTRL_T_COMMAND, MSELECT_CTRL_T_OPTS
    The command that lists files for ctrl-t in the shell integration (\\fBeval "$(mselect \\-\\-bash)"\\fR,
    \\fB\\-\\-zsh\\fR, \\fB\\-\\-fish\\fR), and extra options for the picker; set and empty: no ctrl-t binding.
    .TP
    .B MSELECT_CTRL_R_COMMAND, MSELECT_CTRL_R_OPTS
    The same for ctrl-r (a command from history).
    .TP
    .B MSELECT_ALT_C_COMMAND, MSELECT_ALT_C_OPTS
    The same for alt-c (cd into a directory).
    .TP
    .B MSELECT_COMPLETION_TRIGGER, MSELECT_COMPLETION_OPTS
    bash and zsh: a word ending in the trigger (default \\fB**\\fR; empty: off) and TAB pick paths
    below it (\\fBvim src/**\\fR), directories after cd, pushd and rmdir, processes after kill;
    extra options for that picker.
    .TP
    .B FZF_API_KEY, MSELECT_API_KEY
    With \\fB\\-\\-listen\\fR: the key requests must carry in their x-api-key header (needed for an
    address other than localhost; an empty one is no key). Without a key, requests from web pages
    (an Origin header, Sec\\-Fetch\\-Site other than none) and for another host name are refused;
    a TCP port is open to every local user, a PATH.sock socket only to you. Commands get FZF_PORT
    or FZF_SOCK, where the picker listens.
    .TP
    .B FZF_PREVIEW_LINES, FZF_PREVIEW_COLUMNS, LINES, COLUMNS
    Set for preview commands: the pane's size (also as MSELECT_PREVIEW_LINES and MSELECT_PREVIEW_COLUMNS).
    .TP
    .B FZF_PREVIEW_TOP, FZF_PREVIEW_LEFT
    Set for preview commands: the screen row and column (from 0) where the pane's text starts.
    .TP
    .B MSELECT_PREVIEW_FORMAT
    Read by the preview helper (share/mselect/preview): chafa's format (sixel, kitty, iterm or
    symbols) where chafa's guess is wrong.
    .TP
    .B SHELL
    Runs commands (\\fB$SHELL \\-c\\fR; /bin/sh when unset) unless \\fB\\-\\-with\\-shell\\fR is given. Values are quoted
    for POSIX shells or fish, told apart by name; with any other shell, commands that need a quoted
    value are not run.

    """

  /// Exit status, examples, see also.
  private static let ending =
    """
    .SH EXIT STATUS
    0 something was printed; 1 no match or nothing selected; 2 error; 124 \\fB\\-\\-timeout\\fR passed;
    130 the picker was cancelled; 141 standard output was closed early.
    .SH EXAMPLES
    .nf
    ls | mselect
    git log \\-\\-oneline \\-\\-color=always | mselect \\-\\-ansi \\-\\-accept\\-nth 1 \\-\\-preview 'git show {1}'
    printf 'a\\en b\\en' | mselect \\-\\-batch \\-\\-preselect a
    .fi
    .SH SEE ALSO
    fzf(1), fzy(1)

    """

  /// Text made safe for roff: backslashes and leading dots or quotes, and `-` as a minus sign. A
  /// comma or `|` may end a line (`\:`): a long syntax such as `--preview-window`'s has no space to
  /// break at, and troff warned that it could not fit an 80-column line.
  private static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case ",", "|": out += "\(c)\\:"
      default: out.append(c)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }
}
