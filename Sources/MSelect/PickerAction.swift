import MSelectCore

/// What a bound key does: one of fzf's actions, by a Swift name (`.selectAll`, `.toggleDown`,
/// `.accept`) or by fzf's (`PickerAction(named: "select-all")`).
public struct PickerAction: Hashable, Sendable, CustomStringConvertible {
  package let action: Action

  private init(_ action: Action) { self.action = action }

  /// An action by fzf's name (`toggle-all`, `preview-page-down`, `kill-word`, …); nil for a name that
  /// is not an action, or one that needs the command line (`forget` needs `--learn`, `bg-cancel`
  /// background commands).
  public init?(named name: String) {
    guard let action = Action(rawValue: name), !PickerAction.commandLineOnly.contains(action) else {
      return nil
    }
    self.init(action)
  }

  /// fzf's name of the action.
  public var description: String { action.rawValue }

  private static let commandLineOnly: Set<Action> = [.control(.forget), .control(.bgCancel)]

  /// Accept: the marked items, or the one under the cursor when none is marked.
  public static let accept = PickerAction(.control(.accept))
  /// End without a choice (``PickerError/cancelled``).
  public static let abort = PickerAction(.control(.abort))
  /// Clear the query; with an empty query, abort.
  public static let cancel = PickerAction(.control(.cancel))
  /// Do nothing: takes a default key away.
  public static let ignore = PickerAction(.control(.ignore))
  /// Move the cursor a line towards the top of the screen.
  public static let up = PickerAction(.motion(.up))
  /// Move the cursor a line towards the bottom of the screen.
  public static let down = PickerAction(.motion(.down))
  /// Move the cursor a page up.
  public static let pageUp = PickerAction(.motion(.pageUp))
  /// Move the cursor a page down.
  public static let pageDown = PickerAction(.motion(.pageDown))
  /// Move the cursor half a page up.
  public static let halfPageUp = PickerAction(.motion(.halfPageUp))
  /// Move the cursor half a page down.
  public static let halfPageDown = PickerAction(.motion(.halfPageDown))
  /// To the best match (the first item listed).
  public static let first = PickerAction(.motion(.first))
  /// To the last item listed.
  public static let last = PickerAction(.motion(.last))
  /// Mark or unmark the item under the cursor.
  public static let toggle = PickerAction(.marking(.toggle))
  /// Mark or unmark the item under the cursor, and move down.
  public static let toggleDown = PickerAction(.marking(.toggleDown))
  /// Mark or unmark the item under the cursor, and move up.
  public static let toggleUp = PickerAction(.marking(.toggleUp))
  /// Mark the item under the cursor.
  public static let select = PickerAction(.marking(.select))
  /// Unmark the item under the cursor.
  public static let deselect = PickerAction(.marking(.deselect))
  /// Mark every item listed (up to ``Picker/maximum``).
  public static let selectAll = PickerAction(.marking(.selectAll))
  /// Unmark every item listed.
  public static let deselectAll = PickerAction(.marking(.deselectAll))
  /// Invert the marks of the items listed.
  public static let toggleAll = PickerAction(.marking(.toggleAll))
  /// Unmark everything, listed or not.
  public static let clearSelection = PickerAction(.marking(.clearSelection))
  /// List only the marked items (again: everything).
  public static let toggleMarkedView = PickerAction(.marking(.toggleMarkedView))
  /// Show or hide the preview pane.
  public static let togglePreview = PickerAction(.preview(.togglePreview))
  /// Scroll the preview a line up.
  public static let previewUp = PickerAction(.preview(.previewUp))
  /// Scroll the preview a line down.
  public static let previewDown = PickerAction(.preview(.previewDown))
  /// Scroll the preview a page up.
  public static let previewPageUp = PickerAction(.preview(.previewPageUp))
  /// Scroll the preview a page down.
  public static let previewPageDown = PickerAction(.preview(.previewPageDown))
  /// Empty the query.
  public static let clearQuery = PickerAction(.edit(.clearQuery))
  /// Delete the word before the cursor in the query.
  public static let backwardKillWord = PickerAction(.edit(.backwardKillWord))
  /// Forgive typing mistakes, or stop.
  public static let toggleTypos = PickerAction(.view(.toggleTypos))
}
