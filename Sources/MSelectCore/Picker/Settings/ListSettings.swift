/// How the list shows its lines and how the cursor moves through them.
package struct ListSettings: Sendable {
  /// The fields shown of each line (`--with-nth`), split like the searched ones.
  package var shownFields: FieldSpec?
  /// fzf's raw mode (`--raw`): every line listed in input order, those that do not match dimmed.
  package var raw = false
  /// An item holding line breaks takes a row per line (`--multi-line`).
  package var multiLine = false
  /// A line too long for its row goes on over the next rows (`--wrap`), breaking at spaces where it
  /// can (`--wrap-word`).
  package var wrap = false
  package var wrapWord = false
  /// When the list changes (a new query, new input), the cursor stays on the line it was on if that
  /// line is still listed (`--track`; fzf's, for browsing logs).
  package var track = false
  /// Moving past either end wraps around (`--cycle`).
  package var cycle = false
  /// Lines kept visible above and below the cursor when scrolling (`--scroll-off`).
  package var scrollOff = 3
  /// Long lines scroll to show their match (`--no-hscroll`, `toggle-hscroll`: they show from the start).
  package var hscroll = true
  /// How many columns after a match stay in view when a long line scrolls to show it
  /// (`--hscroll-off`).
  package var hscrollOff = 10
  /// A long line with no match to show is cut on the left, its end kept (`--keep-right`).
  package var keepRight = false
  /// The first and last fields a long line keeps in view (`--freeze-left`, `--freeze-right`).
  package var freezeLeft = 0
  package var freezeRight = 0
  /// Empty rows after each item (`--gap`), the last of them holding `LookSettings.gapLine`.
  package var gap = 0
  /// Columns between tab stops (`--tabstop`).
  package var tabstop = 8
  /// Marks stay on the lines a reload brings back (fzf: only with `--id-nth`).
  package var marksSurviveReload = true
  /// The fields that name a line across reloads (`--id-nth`): marks and a tracked cursor follow the
  /// line with the same ones. Nil: the whole line (as printed).
  package var idNth: FieldSpec?

  package init() {}
}
