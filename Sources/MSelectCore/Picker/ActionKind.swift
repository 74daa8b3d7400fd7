/// An action sorted by what it acts on, each kind an enum of its own: `Action.kind` places every
/// action and each of `PickerState.perform`'s functions switches over its kind without a default, so
/// the compiler names an action that is given no place or no handling.
enum ActionKind {
  case ending(Ending), motion(Motion), marking(Marking), preview(Pane), view(View), edit(QueryEditor.Edit)

  /// Accepting and cancelling, and handing work to the driver or holding keys.
  enum Ending {
    case cancel, deleteCharOrEnd, backwardDeleteCharOrEnd, acceptOrPrintQuery, printQuery, close, bell,
      forget, wait, jump, jumpAccept, bgCancel, accept, acceptNonEmpty, abort, redraw, suspend, ignore
  }
  /// Moving the cursor and the view, and tracking a line.
  enum Motion {
    case best, upMatch, downMatch, upSelected, downSelected, offsetUp, offsetDown, offsetMiddle,
      toggleTrack, trackCurrent, untrackCurrent, toggleTrackCurrent, up, down, pageUp, pageDown, halfPageUp,
      halfPageDown, first, last
  }
  /// Marking lines, the review view, and taking lines out of the list.
  enum Marking {
    case exclude, excludeMulti, toggle, toggleDown, toggleUp, toggleIn, toggleOut, select, deselect,
      selectAll, deselectAll, toggleAll, clearSelection, toggleMarkedView
  }
  /// The preview pane: shown or hidden, scrolled, run again, wrapped.
  enum Pane {
    case togglePreviewWrap, togglePreviewWrapWord, togglePreview, previewUp, previewDown, previewPageUp,
      previewPageDown, showPreview, hidePreview, refreshPreview, previewHalfPageUp, previewHalfPageDown,
      previewTop,
      previewBottom
  }
  /// What the picker shows and searches.
  enum View {
    case replaceQuery, enableSearch, disableSearch, toggleSearch, toggleHeader, showHeader, hideHeader,
      toggleInput, showInput, hideInput, toggleMultiLine, toggleHscroll, toggleRaw, enableRaw, disableRaw,
      toggleWrap,
      toggleWrapWord, previousHistory, nextHistory, toggleTypos
  }
}

extension Action {
  /// Which kind the action is: one exhaustive list, so a new action must be given a place.
  // Kept whole: a table, a line per action.
  var kind: ActionKind {
    switch self {
    case .cancel: .ending(.cancel)
    case .deleteCharOrEnd: .ending(.deleteCharOrEnd)
    case .backwardDeleteCharOrEnd: .ending(.backwardDeleteCharOrEnd)
    case .acceptOrPrintQuery: .ending(.acceptOrPrintQuery)
    case .printQuery: .ending(.printQuery)
    case .close: .ending(.close)
    case .bell: .ending(.bell)
    case .forget: .ending(.forget)
    case .wait: .ending(.wait)
    case .jump: .ending(.jump)
    case .jumpAccept: .ending(.jumpAccept)
    case .bgCancel: .ending(.bgCancel)
    case .accept: .ending(.accept)
    case .acceptNonEmpty: .ending(.acceptNonEmpty)
    case .abort: .ending(.abort)
    case .redraw: .ending(.redraw)
    case .suspend: .ending(.suspend)
    case .ignore: .ending(.ignore)
    case .best: .motion(.best)
    case .upMatch: .motion(.upMatch)
    case .downMatch: .motion(.downMatch)
    case .upSelected: .motion(.upSelected)
    case .downSelected: .motion(.downSelected)
    case .offsetUp: .motion(.offsetUp)
    case .offsetDown: .motion(.offsetDown)
    case .offsetMiddle: .motion(.offsetMiddle)
    case .toggleTrack: .motion(.toggleTrack)
    case .trackCurrent: .motion(.trackCurrent)
    case .untrackCurrent: .motion(.untrackCurrent)
    case .toggleTrackCurrent: .motion(.toggleTrackCurrent)
    case .up: .motion(.up)
    case .down: .motion(.down)
    case .pageUp: .motion(.pageUp)
    case .pageDown: .motion(.pageDown)
    case .halfPageUp: .motion(.halfPageUp)
    case .halfPageDown: .motion(.halfPageDown)
    case .first: .motion(.first)
    case .last: .motion(.last)
    case .exclude: .marking(.exclude)
    case .excludeMulti: .marking(.excludeMulti)
    case .toggle: .marking(.toggle)
    case .toggleDown: .marking(.toggleDown)
    case .toggleUp: .marking(.toggleUp)
    case .toggleIn: .marking(.toggleIn)
    case .toggleOut: .marking(.toggleOut)
    case .select: .marking(.select)
    case .deselect: .marking(.deselect)
    case .selectAll: .marking(.selectAll)
    case .deselectAll: .marking(.deselectAll)
    case .toggleAll: .marking(.toggleAll)
    case .clearSelection: .marking(.clearSelection)
    case .toggleMarkedView: .marking(.toggleMarkedView)
    case .togglePreviewWrap: .preview(.togglePreviewWrap)
    case .togglePreviewWrapWord: .preview(.togglePreviewWrapWord)
    case .togglePreview: .preview(.togglePreview)
    case .previewUp: .preview(.previewUp)
    case .previewDown: .preview(.previewDown)
    case .previewPageUp: .preview(.previewPageUp)
    case .previewPageDown: .preview(.previewPageDown)
    case .showPreview: .preview(.showPreview)
    case .hidePreview: .preview(.hidePreview)
    case .refreshPreview: .preview(.refreshPreview)
    case .previewHalfPageUp: .preview(.previewHalfPageUp)
    case .previewHalfPageDown: .preview(.previewHalfPageDown)
    case .previewTop: .preview(.previewTop)
    case .previewBottom: .preview(.previewBottom)
    case .replaceQuery: .view(.replaceQuery)
    case .enableSearch: .view(.enableSearch)
    case .disableSearch: .view(.disableSearch)
    case .toggleSearch: .view(.toggleSearch)
    case .toggleHeader: .view(.toggleHeader)
    case .showHeader: .view(.showHeader)
    case .hideHeader: .view(.hideHeader)
    case .toggleInput: .view(.toggleInput)
    case .showInput: .view(.showInput)
    case .hideInput: .view(.hideInput)
    case .toggleMultiLine: .view(.toggleMultiLine)
    case .toggleHscroll: .view(.toggleHscroll)
    case .toggleRaw: .view(.toggleRaw)
    case .enableRaw: .view(.enableRaw)
    case .disableRaw: .view(.disableRaw)
    case .toggleWrap: .view(.toggleWrap)
    case .toggleWrapWord: .view(.toggleWrapWord)
    case .previousHistory: .view(.previousHistory)
    case .nextHistory: .view(.nextHistory)
    case .toggleTypos: .view(.toggleTypos)
    case .backwardChar: .edit(.backwardChar)
    case .forwardChar: .edit(.forwardChar)
    case .beginningOfLine: .edit(.beginningOfLine)
    case .endOfLine: .edit(.endOfLine)
    case .backwardWord: .edit(.backwardWord)
    case .forwardWord: .edit(.forwardWord)
    case .backwardSubword: .edit(.backwardSubword)
    case .forwardSubword: .edit(.forwardSubword)
    case .backwardDeleteChar: .edit(.backwardDeleteChar)
    case .deleteChar: .edit(.deleteChar)
    case .killWord: .edit(.killWord)
    case .backwardKillWord: .edit(.backwardKillWord)
    case .killSubword: .edit(.killSubword)
    case .backwardKillSubword: .edit(.backwardKillSubword)
    case .unixWordRubout: .edit(.unixWordRubout)
    case .unixLineDiscard: .edit(.unixLineDiscard)
    case .killLine: .edit(.killLine)
    case .yank: .edit(.yank)
    case .clearQuery: .edit(.clearQuery)
    }
  }
}
