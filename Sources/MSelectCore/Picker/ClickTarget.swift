/// What a mouse press on a cell of the frame lands on (the frame's areas say which cells).
package enum ClickTarget: Equatable, Sendable {
  /// The item at list position `position`; `marker`: on its pointer or marker column.
  case item(position: Int, marker: Bool)
  /// The preview pane (its border included).
  case preview
  /// A row of the header (fzf's numbering: from the top, the header lines and `--header` as one
  /// block) or of the footer, and the column in its text (both from 1).
  case header(line: Int, column: Int)
  case footer(line: Int, column: Int)
}
