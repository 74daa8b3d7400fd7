/// Something the picker can do in response to a key, declared once: each family is an enum of fzf's
/// action names (its raw values, for `--bind`), and every function that acts on an action switches
/// over a family without a `default:`, so the compiler names each place a new action must reach.
package enum Action: Hashable, Sendable {
  case control(Control)
  case motion(Motion)
  case marking(Marking)
  case preview(Pane)
  case view(View)
  case edit(Edit)

  /// Accepting and cancelling, and handing work to the driver or holding keys.
  package enum Control: String, Sendable, CaseIterable {
    case accept, abort
    /// `accept`, unless there is nothing to accept (no line under the cursor and nothing marked).
    case acceptNonEmpty = "accept-non-empty"
    /// `accept`; when nothing matches and nothing is marked, print the query instead.
    case acceptOrPrintQuery = "accept-or-print-query"
    /// Print the query and end.
    case printQuery = "print-query"
    /// Clear the query; with an empty query, abort.
    case cancel
    /// `delete-char` / `backward-delete-char`, aborting on an empty query.
    case deleteCharOrEnd = "delete-char/eof"
    case backwardDeleteCharOrEnd = "backward-delete-char/eof"
    /// Hide the preview pane; without one, abort.
    case close
    case redraw = "clear-screen"
    case suspend, ignore, bell
    /// Drops the line under the cursor from what `--learn` learned (it ranks as if never picked).
    case forget
    /// Hold the actions after it until the search of the current query is complete.
    case wait
    /// Labels on the visible lines; typing one moves there (`jump-accept`: and accepts).
    case jump
    case jumpAccept = "jump-accept"
    /// fzf's cancelling of background transforms, which mselect does not run: does nothing.
    case bgCancel = "bg-cancel"

    /// Whether the action's effect depends on the lines listed (see `Action.actsOnTheList`).
    var actsOnTheList: Bool {
      switch self {
      case .jump, .jumpAccept: true
      // Accepting waits its own way (`pendingAccept`).
      case .accept, .abort, .acceptNonEmpty, .acceptOrPrintQuery, .printQuery, .cancel, .deleteCharOrEnd,
        .backwardDeleteCharOrEnd, .close, .redraw, .suspend, .ignore, .bell, .forget, .wait, .bgCancel:
        false
      }
    }
  }

  /// Moving the cursor and the view, and tracking a line.
  package enum Motion: String, Sendable, CaseIterable {
    case up, down
    case pageUp = "page-up"
    case pageDown = "page-down"
    case halfPageUp = "half-page-up"
    case halfPageDown = "half-page-down"
    case first, last
    /// The best match (`first` outside raw mode).
    case best
    /// `up` and `down`; in raw mode, to the next line that matches.
    case upMatch = "up-match"
    case downMatch = "down-match"
    /// To the next marked line above or below the cursor.
    case upSelected = "up-selected"
    case downSelected = "down-selected"
    /// Scroll the list a line without moving the cursor off the screen (vim's ctrl-y and ctrl-e), or
    /// put the cursor's line in the middle.
    case offsetUp = "offset-up"
    case offsetDown = "offset-down"
    case offsetMiddle = "offset-middle"
    /// `--track` on or off; the current line kept under the cursor until the cursor is moved.
    case toggleTrack = "toggle-track"
    case toggleTrackCurrent = "toggle-track-current"
    case trackCurrent = "track-current"
    case untrackCurrent = "untrack-current"

    /// Whether the action's effect depends on the lines listed (see `Action.actsOnTheList`).
    var actsOnTheList: Bool {
      switch self {
      case .up, .down, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .first, .last, .best, .upMatch,
        .downMatch, .upSelected, .downSelected, .offsetUp, .offsetDown, .offsetMiddle:
        true
      case .toggleTrack, .toggleTrackCurrent, .trackCurrent, .untrackCurrent: false
      }
    }
  }

  /// Marking lines, the review view, and taking lines out of the list.
  package enum Marking: String, Sendable, CaseIterable {
    case toggle
    case toggleDown = "toggle-down"
    case toggleUp = "toggle-up"
    /// Toggle, then move towards the prompt (`toggle-out`: away from it), as fzf's.
    case toggleIn = "toggle-in"
    case toggleOut = "toggle-out"
    case select, deselect
    case selectAll = "select-all"
    case deselectAll = "deselect-all"
    case toggleAll = "toggle-all"
    case clearSelection = "clear-selection"
    case toggleMarkedView = "toggle-marked-view"
    /// Take the line under the cursor (`exclude-multi`: the marked lines, else that one) out of the
    /// list until the input is reloaded.
    case exclude
    case excludeMulti = "exclude-multi"

    /// Whether the action marks or unmarks lines (what fzf's single mode ignores).
    var marks: Bool {
      switch self {
      case .toggle, .toggleDown, .toggleUp, .toggleIn, .toggleOut, .select, .deselect, .selectAll,
        .deselectAll, .toggleAll:
        true
      case .clearSelection, .toggleMarkedView, .exclude, .excludeMulti: false
      }
    }

    /// Whether the action's effect depends on the lines listed (see `Action.actsOnTheList`).
    var actsOnTheList: Bool {
      switch self {
      case .toggle, .toggleDown, .toggleUp, .toggleIn, .toggleOut, .select, .deselect, .selectAll,
        .deselectAll, .toggleAll, .exclude, .excludeMulti:
        true
      case .clearSelection, .toggleMarkedView: false
      }
    }
  }

  /// The preview pane: shown or hidden, scrolled, run again, wrapped.
  package enum Pane: String, Sendable, CaseIterable {
    case togglePreview = "toggle-preview"
    case showPreview = "show-preview"
    case hidePreview = "hide-preview"
    /// Runs the preview again for the line under the cursor.
    case refreshPreview = "refresh-preview"
    case previewUp = "preview-up"
    case previewDown = "preview-down"
    case previewPageUp = "preview-page-up"
    case previewPageDown = "preview-page-down"
    case previewHalfPageUp = "preview-half-page-up"
    case previewHalfPageDown = "preview-half-page-down"
    case previewTop = "preview-top"
    case previewBottom = "preview-bottom"
    /// Wrap the preview's long lines (or stop).
    case togglePreviewWrap = "toggle-preview-wrap"
    case togglePreviewWrapWord = "toggle-preview-wrap-word"
  }

  /// What the picker shows and searches.
  package enum View: String, Sendable, CaseIterable {
    /// The query becomes the line under the cursor.
    case replaceQuery = "replace-query"
    case previousHistory = "previous-history"
    case nextHistory = "next-history"
    /// Typing stops (starts again) changing the list (`--disabled` starts with it stopped).
    case enableSearch = "enable-search"
    case disableSearch = "disable-search"
    case toggleSearch = "toggle-search"
    /// Typing mistakes forgiven (`--typos`) or not; on, the info line says `+typos`.
    case toggleTypos = "toggle-typos"
    /// Show or hide the header (`--header` and `--header-lines`).
    case toggleHeader = "toggle-header"
    case showHeader = "show-header"
    case hideHeader = "hide-header"
    /// Show or hide the input line (`--no-input`).
    case toggleInput = "toggle-input"
    case showInput = "show-input"
    case hideInput = "hide-input"
    /// Long lines wrapped (by words), scrolled sideways, items of several lines, raw mode.
    case toggleWrap = "toggle-wrap"
    case toggleWrapWord = "toggle-wrap-word"
    case toggleHscroll = "toggle-hscroll"
    case toggleMultiLine = "toggle-multi-line"
    case toggleRaw = "toggle-raw"
    case enableRaw = "enable-raw"
    case disableRaw = "disable-raw"
  }

  /// Editing the query line, as readline does.
  package enum Edit: String, Sendable, CaseIterable {
    case backwardChar = "backward-char"
    case forwardChar = "forward-char"
    case beginningOfLine = "beginning-of-line"
    case endOfLine = "end-of-line"
    case backwardWord = "backward-word"
    case forwardWord = "forward-word"
    case backwardSubword = "backward-subword"
    case forwardSubword = "forward-subword"
    case backwardDeleteChar = "backward-delete-char"
    case deleteChar = "delete-char"
    case killWord = "kill-word"
    case backwardKillWord = "backward-kill-word"
    case killSubword = "kill-subword"
    case backwardKillSubword = "backward-kill-subword"
    case unixWordRubout = "unix-word-rubout"
    case unixLineDiscard = "unix-line-discard"
    case killLine = "kill-line"
    case yank
    case clearQuery = "clear-query"
  }

  /// Whether the action marks or unmarks lines (what fzf's single mode ignores).
  var marks: Bool {
    if case .marking(let marking) = self { return marking.marks }
    return false
  }

  /// Whether what the action does depends on the lines listed (moving, marking), so a key bound to it
  /// waits for the list of what was typed.
  var actsOnTheList: Bool {
    switch self {
    case .control(let action): action.actsOnTheList
    case .motion(let action): action.actsOnTheList
    case .marking(let action): action.actsOnTheList
    case .preview, .view, .edit: false
    }
  }
}

extension Action: CaseIterable, RawRepresentable {
  /// Every action, family by family.
  package static var allCases: [Action] {
    Control.allCases.map(Action.control) + Motion.allCases.map(Action.motion)
      + Marking.allCases.map(Action.marking) + Pane.allCases.map(Action.preview)
      + View.allCases.map(Action.view) + Edit.allCases.map(Action.edit)
  }

  /// The action fzf's name names.
  package init?(rawValue name: String) {
    let found =
      Control(rawValue: name).map(Action.control) ?? Motion(rawValue: name).map(Action.motion)
      ?? Marking(rawValue: name).map(Action.marking) ?? Pane(rawValue: name).map(Action.preview)
      ?? View(rawValue: name).map(Action.view) ?? Edit(rawValue: name).map(Action.edit)
    guard let found else { return nil }
    self = found
  }

  /// fzf's name of the action.
  package var rawValue: String {
    switch self {
    case .control(let action): action.rawValue
    case .motion(let action): action.rawValue
    case .marking(let action): action.rawValue
    case .preview(let action): action.rawValue
    case .view(let action): action.rawValue
    case .edit(let action): action.rawValue
    }
  }
}
