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
  /// Clear the query; with an empty query, abort.
  case cancel
  /// `delete-char` / `backward-delete-char`, aborting on an empty query.
  case deleteCharOrEnd = "delete-char/eof"
  case backwardDeleteCharOrEnd = "backward-delete-char/eof"
  /// `accept`; when nothing matches and nothing is marked, print the query instead.
  case acceptOrPrintQuery = "accept-or-print-query"
  /// Print the query and end.
  case printQuery = "print-query"
  /// The best match (`first`: mselect has no raw mode where the two differ).
  case best
  /// `up` and `down` (fzf's raw mode, where they skip lines that do not match, is not mselect's).
  case upMatch = "up-match"
  case downMatch = "down-match"
  /// To the next marked line above or below the cursor.
  case upSelected = "up-selected"
  case downSelected = "down-selected"
  /// Hide the preview pane; without one, abort.
  case close
  /// Scroll the list a line without moving the cursor off the screen (vim's ctrl-y and ctrl-e), or
  /// put the cursor's line in the middle.
  case offsetUp = "offset-up"
  case offsetDown = "offset-down"
  case offsetMiddle = "offset-middle"
  /// The query becomes the line under the cursor.
  case replaceQuery = "replace-query"
  /// Take the line under the cursor (`exclude-multi`: the marked lines, else that one) out of the
  /// list until the input is reloaded.
  case exclude
  case excludeMulti = "exclude-multi"
  /// Typing stops (starts again) changing the list (`--disabled` starts with it stopped).
  case enableSearch = "enable-search"
  case disableSearch = "disable-search"
  case toggleSearch = "toggle-search"
  /// Show or hide the header (`--header` and `--header-lines`).
  case toggleHeader = "toggle-header"
  case showHeader = "show-header"
  case hideHeader = "hide-header"
  case bell
  /// Drops the line under the cursor from what `--learn` learned (it ranks as if never picked).
  case forget
  /// Word motions and kills that also stop inside words: at camelCase humps, digits and `_`.
  case killSubword = "kill-subword"
  case backwardKillSubword = "backward-kill-subword"
  case forwardSubword = "forward-subword"
  case backwardSubword = "backward-subword"
  /// Wrap the preview's long lines (or stop).
  case togglePreviewWrap = "toggle-preview-wrap"
  case togglePreviewWrapWord = "toggle-preview-wrap-word"
  /// Typing mistakes forgiven (`--typos`) or not; on, the info line says `+typos`.
  case toggleTypos = "toggle-typos"
  /// Hold the actions after it until the search of the current query is complete.
  case wait
  /// fzf's look-only actions for what mselect does not draw (wrapped list lines, horizontal scroll,
  /// multi-line items, raw mode, the hidden input line, background transforms): accepted, so that
  /// configurations load, and do nothing.
  case toggleWrap = "toggle-wrap"
  case toggleWrapWord = "toggle-wrap-word"
  case toggleHscroll = "toggle-hscroll"
  case toggleMultiLine = "toggle-multi-line"
  case toggleRaw = "toggle-raw"
  case enableRaw = "enable-raw"
  case disableRaw = "disable-raw"
  case toggleInput = "toggle-input"
  case showInput = "show-input"
  case hideInput = "hide-input"
  case bgCancel = "bg-cancel"
  /// `--track` on or off; the current line kept under the cursor until the cursor is moved.
  case toggleTrack = "toggle-track"
  case toggleTrackCurrent = "toggle-track-current"
  case trackCurrent = "track-current"
  case untrackCurrent = "untrack-current"
  /// Labels on the visible lines; typing one moves there (`jump-accept`: and accepts).
  case jump
  case jumpAccept = "jump-accept"

  /// Whether the action marks or unmarks lines (what fzf's single mode ignores).
  var marks: Bool {
    switch self {
    case .toggle, .toggleDown, .toggleUp, .toggleIn, .toggleOut, .select, .deselect, .selectAll,
      .deselectAll, .toggleAll:
      true
    default: false
    }
  }
}

extension Action {
  /// The query edit this action is, if it is one.
  package var edit: QueryEditor.Edit? {
    if case .edit(let edit) = kind { return edit }
    return nil
  }
}
