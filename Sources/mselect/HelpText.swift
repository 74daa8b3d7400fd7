import MSelectCommandLine
import MSelectCore

/// The text of `mselect --help`: short, with examples; the options come from `OptionTable`.
let helpText =
  """
  usage: mselect [OPTIONS] [FILE]
         mselect [OPTIONS] LINE LINE...

  A multi-select filter: pick lines by fuzzy typing, tick several, print them.
  Lines come from FILE, stdin, or the words given (two or more, as gum's choose);
  keys and drawing use the terminal (/dev/tty).

  Examples:
    ls | mselect                               pick files, print the ticked ones
    git branch | mselect --max 1               pick at most one
    mselect -f 'src .swift$' files.txt         print matches, best first (no terminal)
    printf 'a\\nb\\nc\\n' | mselect --batch --preselect c --preselect a
                                               print the preselected lines (no terminal)
    eval "$(mselect --bash)"                   ctrl-t, ctrl-r, alt-c, **<TAB> and completion in bash

  Query syntax: terms are ANDed; 'exact ^prefix suffix$ ^whole$ !not; a | b is OR; \\  is a space.

  """ + OptionTable.helpText
    + """

      Also accepted, as in fzf: +i +m +s +x +e +c +1 +0 +2, -m[N], --multi[=N], fzf's --no-*,
      --reverse, --inline-info, --no-info. As in gum: --limit N, --no-limit, --selected a,b,
      --ordered, --select-if-one, --cursor, --selected-prefix, --placeholder, --value.
      Accepted and changing nothing:
    \(wrapped(OptionTable.ignoredNames, indent: "  ", width: 90))

    \(wrapped(("Keys: " + DefaultKeys.briefs.joined(separator: "; ") + ".").split(separator: " ").map(String.init), indent: "", width: 90))
    Mouse: wheel, click moves,
    double-click accepts, a click on the marker column toggles (hold shift to select text).

    --bind actions: \(OptionTable.actions.joined(separator: " "))
    --bind keys: ctrl-a...ctrl-z, alt-X, \(OptionTable.keyNames.joined(separator: " ")), a character;
    events: start load change focus result zero one every(SECONDS).

    Exit status: 0 printed, 1 nothing printed, 2 error, 124 timed out, 130 cancelled,
    141 output closed early.
    MSELECT_DEFAULT_OPTS holds options read before the command line. Run as fzf (or with --fzf),
    mselect takes fzf's defaults and FZF_* variables. See mselect --man.

    """

/// `words` joined by spaces into lines of at most `width` columns, each after `indent`.
private func wrapped(_ words: [String], indent: String, width: Int) -> String {
  var lines: [String] = []
  var line = indent
  for word in words {
    if line.count > indent.count && line.count + 1 + word.count > width {
      lines.append(line)
      line = indent
    }
    line += (line.count > indent.count ? " " : "") + word
  }
  lines.append(line)
  return lines.joined(separator: "\n")
}
