/// Something the picker can do in response to a key (fzf's action names, for `--bind`).
public enum Action: String, Sendable, CaseIterable {
  case accept
  case abort
  case up, down
  case pageUp = "page-up"
  case pageDown = "page-down"
  case first, last
  case toggle
  case toggleDown = "toggle-down"
  case toggleUp = "toggle-up"
  case select, deselect
  case selectAll = "select-all"
  case deselectAll = "deselect-all"
  case toggleAll = "toggle-all"
  case toggleMarkedView = "toggle-marked-view"
  case backwardChar = "backward-char"
  case forwardChar = "forward-char"
  case beginningOfLine = "beginning-of-line"
  case endOfLine = "end-of-line"
  case backwardWord = "backward-word"
  case forwardWord = "forward-word"
  case backwardDeleteChar = "backward-delete-char"
  case deleteChar = "delete-char"
  case killWord = "kill-word"
  case backwardKillWord = "backward-kill-word"
  case unixLineDiscard = "unix-line-discard"
  case unixWordRubout = "unix-word-rubout"
  case killLine = "kill-line"
  case yank
  case clearQuery = "clear-query"
  case previousHistory = "previous-history"
  case nextHistory = "next-history"
  case clearSelection = "clear-selection"
  case redraw = "clear-screen"
  case suspend
  case togglePreview = "toggle-preview"
  case previewUp = "preview-up"
  case previewDown = "preview-down"
  case previewPageUp = "preview-page-up"
  case previewPageDown = "preview-page-down"
  case previewTop = "preview-top"
  case previewBottom = "preview-bottom"
  case previewHalfPageUp = "preview-half-page-up"
  case previewHalfPageDown = "preview-half-page-down"
  case showPreview = "show-preview"
  case hidePreview = "hide-preview"
  /// Runs the preview again for the line under the cursor.
  case refreshPreview = "refresh-preview"
  case halfPageUp = "half-page-up"
  case halfPageDown = "half-page-down"
  /// `accept`, unless there is nothing to accept (no line under the cursor and nothing marked).
  case acceptNonEmpty = "accept-non-empty"
  /// Toggle, then move towards the prompt (`toggle-out`: away from it), as fzf's.
  case toggleIn = "toggle-in"
  case toggleOut = "toggle-out"
  case ignore
}
