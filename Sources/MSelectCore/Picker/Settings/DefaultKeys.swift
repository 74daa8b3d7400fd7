/// The default keys in one table: the bindings (`KeyBindings.defaults`), the key paragraph of
/// `--help` and of the manual, and the guide's key table are all made from it.
package struct DefaultKeys: Sendable {
  /// The keys as the guide's table names them.
  package let names: String
  /// What each key runs (fzf's key names).
  package let bindings: KeyValuePairs<String, [Action]>
  /// A few words for `--help` and the manual's key paragraph; nil: only in the guide.
  package let brief: String?
  /// What the guide's table says.
  package let guide: String

  private init(
    _ names: String, _ bindings: KeyValuePairs<String, [Action]>, brief: String? = nil, guide: String
  ) {
    (self.names, self.bindings, self.brief, self.guide) = (names, bindings, brief, guide)
  }

  package static let table: [DefaultKeys] = [
    DefaultKeys(
      "tab / shift-tab",
      ["tab": [.marking(.toggle), .motion(.down)], "shift-tab": [.marking(.toggle), .motion(.up)]],
      brief: "tab / shift-tab toggle and move", guide: "toggle the line and move down / up"),
    DefaultKeys(
      "shift-down / shift-up",
      ["shift-down": [.marking(.select), .motion(.down)], "shift-up": [.marking(.select), .motion(.up)]],
      brief: "shift-up / shift-down mark a range", guide: "mark the line and move (range marking)"),
    DefaultKeys(
      "alt-a / alt-d", ["alt-a": [.marking(.selectAll)], "alt-d": [.marking(.deselectAll)]],
      brief: "alt-a / alt-d mark / unmark all matches", guide: "mark / unmark all current matches"),
    DefaultKeys(
      "ctrl-t", ["ctrl-t": [.marking(.toggleAll)]], brief: "ctrl-t inverts",
      guide: "invert the marks of the current matches"),
    DefaultKeys(
      "ctrl-s", ["ctrl-s": [.marking(.toggleMarkedView)]], brief: "ctrl-s shows only the marked lines",
      guide: "show only the marked lines (review what will be returned); again to go back"),
    DefaultKeys(
      "up, down, ctrl-p/ctrl-n, ctrl-k/ctrl-j, pgup, pgdn",
      [
        "up": [.motion(.up)], "down": [.motion(.down)], "ctrl-p": [.motion(.upMatch)],
        "ctrl-n": [.motion(.downMatch)], "ctrl-k": [.motion(.up)],
        "ctrl-j": [.motion(.down)], "pgup": [.motion(.pageUp)], "pgdn": [.motion(.pageDown)],
      ],
      guide:
        "move (ctrl-p/ctrl-n, and alt-up/alt-down in fzf mode, are `up-match`/`down-match`: in raw mode, "
        + "to the next matching line)"),
    DefaultKeys(
      "printable text, paste", [:],
      guide: "edit the query (pasted text always goes into the query)"),
    DefaultKeys(
      "backspace, ctrl-h, del, left/right, ctrl-b/ctrl-f, home/end, ctrl-a/ctrl-e, alt-b/alt-f, "
        + "ctrl-left/ctrl-right, ctrl-u, ctrl-w, alt-backspace, ctrl-y",
      [
        "backspace": [.edit(.backwardDeleteChar)], "ctrl-h": [.edit(.backwardDeleteChar)],
        "del": [.edit(.deleteChar)],
        "left": [.edit(.backwardChar)], "right": [.edit(.forwardChar)], "ctrl-b": [.edit(.backwardChar)],
        "ctrl-f": [.edit(.forwardChar)],
        "home": [.edit(.beginningOfLine)], "end": [.edit(.endOfLine)], "ctrl-a": [.edit(.beginningOfLine)],
        "ctrl-e": [.edit(.endOfLine)],
        "alt-b": [.edit(.backwardWord)], "alt-f": [.edit(.forwardWord)], "ctrl-left": [.edit(.backwardWord)],
        "ctrl-right": [.edit(.forwardWord)], "ctrl-u": [.edit(.unixLineDiscard)],
        "ctrl-w": [.edit(.unixWordRubout)],
        "alt-backspace": [.edit(.backwardKillWord)], "ctrl-y": [.edit(.yank)],
      ],
      guide: "query editing"),
    DefaultKeys("enter", ["enter": [.control(.accept)]], brief: "enter accepts", guide: "accept"),
    DefaultKeys(
      "esc, ctrl-c, ctrl-g, ctrl-q",
      [
        "esc": [.control(.abort)], "ctrl-c": [.control(.abort)], "ctrl-g": [.control(.abort)],
        "ctrl-q": [.control(.abort)],
      ],
      brief: "esc, ctrl-c, ctrl-g, ctrl-q cancel", guide: "cancel (exit 130, nothing printed)"),
    DefaultKeys(
      "ctrl-l, ctrl-z", ["ctrl-l": [.control(.redraw)], "ctrl-z": [.control(.suspend)]],
      guide:
        "redraw; suspend the job (the terminal is restored; `fg` redraws). Inside the shell's own process "
        + "group (`vim $(mselect)`, a key binding), where nothing could continue it, ctrl-z does nothing, and "
        + "the key bindings bind `ctrl-z:ignore` as fzf's do"),
    DefaultKeys(
      "alt-up / alt-down, ctrl-/",
      [
        "alt-up": [.preview(.previewUp)], "alt-down": [.preview(.previewDown)],
        "ctrl-/": [.preview(.togglePreview)],
      ],
      brief: "alt-up / alt-down scroll the preview and ctrl-/ shows or hides it",
      guide: "scroll / show or hide the preview (`--preview`)"),
    DefaultKeys(
      "shift-delete", ["shift-delete": [.control(.forget)]],
      brief: "shift-delete forgets the current line's learned picks (--learn)",
      guide: "with `--learn`: forget the current line (it ranks as if never picked; `forget`)"),
    DefaultKeys(
      "alt-t", ["alt-t": [.view(.toggleTypos)]], brief: "alt-t turns --typos on or off",
      guide: "forgive typing mistakes or not (`toggle-typos`, see `--typos`; the info line shows `+typos` "
        + "while on; not bound in fzf mode)"),
    DefaultKeys(
      "mouse wheel", ["scroll-up": [.motion(.up)], "scroll-down": [.motion(.down)]],
      guide: "move through the list; over the preview pane, scroll it (3 lines a step)"),
    DefaultKeys(
      "click / double-click", ["double-click": [.control(.accept)]],
      guide: "move the cursor to the item / accept (as Enter, on that item)"),
    DefaultKeys(
      "click on the pointer or marker column, right-click", ["right-click": [.marking(.toggle)]],
      guide: "toggle the item"),
  ]

  /// Every default key and what it runs.
  package static let bindings: [Key: [Action]] = {
    var out: [Key: [Action]] = [:]
    for row in table {
      // Every name is a key (`DefaultKeysTests`).
      for (name, actions) in row.bindings { if let key = Key(name: name) { out[key] = actions } }
    }
    return out
  }()

  /// The guide's key table, in Markdown.
  package static var markdown: String {
    (["| key | action |", "|---|---|"] + table.map { "| \($0.names) | \($0.guide) |" }).joined(
      separator: "\n")
  }

  /// The short descriptions, for `--help` and the manual.
  package static var briefs: [String] { table.compactMap(\.brief) }
}
