/// How the picker looks: its marks, its texts around the list, its colors and its frame.
package struct LookSettings: Sendable {
  package var prompt = "> "
  package var pointer = "▌ "
  package var marker = "✓ "
  /// What the pointer column shows on the other lines (`--gutter`; nil: blanks).
  package var gutter: String?
  /// The pointer column of the other lines in raw mode (`--gutter-raw`; fzf's `▖`).
  package var gutterRaw = "▖"
  /// The marks of an item over several rows (`--multi-line`): top, middle and bottom.
  package var markerMultiLine = ["╻", "┃", "╹"]
  /// What an unmarked line shows in the marker column (nil: blanks as wide as `marker`).
  package var unmarked: String?
  /// Dim text shown in place of an empty query (`--ghost`).
  package var ghost = ""
  /// Text above the list (`--header`). A newline at its end ends its last line, as in fzf: it
  /// adds no blank row (`--header=$'Press CTRL-R to reload\n\n'` has one).
  package var header: String? {
    didSet { header = header.map(LookSettings.lastLineEnded) }
  }
  /// Text on the list's other side (`--footer`), its last newline dropped as the header's.
  package var footer: String? {
    didSet { footer = footer.map(LookSettings.lastLineEnded) }
  }

  /// `text` without the one newline that ends its last line.
  private static func lastLineEnded(_ text: String) -> String {
    text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
  /// The header goes before the prompt (`--header-first`).
  package var headerFirst = false
  /// The prompt and the info are shown and the query can be typed (`--no-input`: neither; `search`
  /// still searches).
  package var inputShown = true
  /// Info line style, border, label, margin and padding.
  package var chrome = Chrome()
  /// Colors given with `--color`.
  package var palette = Palette()
  /// Whether colors are used (else bold, underline and reverse only).
  package var colors = true
  /// What marks a line cut short (`--ellipsis`; nil: `…`, fzf mode's `··`).
  package var ellipsis: String?
  /// The scrollbar's glyph, drawn at the list's right edge when it does not fit (`--scrollbar`; fzf
  /// mode's `│`); nil: none.
  package var scrollbar: String?
  /// The line in the last row of each `--gap` (nil: `┈`, `-` without Unicode).
  package var gapLine: String?
  /// What starts a wrapped row of the preview (`--preview-wrap-sign`; nil: `↳ `, or `> `
  /// without Unicode).
  package var previewWrapSign: String?
  /// `--highlight-line`: under fzf's name the current line's background runs the whole row (fzf's
  /// paints its text only); mselect's always does.
  package var highlightLine = false
  /// What starts a wrapped row of a list item (`--wrap-sign`; nil: `↳ `, or `> ` without Unicode).
  package var wrapSign: String?
  /// `--learn-marker`: drawn before the lines what was learned lifts (nil: none).
  package var learnMarker: String?

  package init() {}

  /// The ellipsis as drawn: fzf's `··` is `..` where the locale is not UTF-8.
  func ellipsis(unicode: Bool) -> String {
    guard let ellipsis else { return "…" }
    return !unicode && ellipsis == "··" ? ".." : ellipsis
  }

  /// The number of `--header` rows.
  var headerTextRows: Int {
    header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0
  }

  /// The number of `--footer` rows.
  var footerRows: Int {
    guard let footer, !footer.isEmpty else { return 0 }
    return footer.split(separator: "\n", omittingEmptySubsequences: false).count
  }
}
