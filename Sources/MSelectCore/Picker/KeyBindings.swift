/// Which actions each key runs: the defaults, then `--bind` on top.
package struct KeyBindings: Sendable {
  package private(set) var table: [Key: [BoundAction]]

  /// The default keys (listed in docs/guide.md).
  package static let defaults: [Key: [Action]] = [
    .enter: [.accept], .escape: [.abort], .ctrl(UInt8(ascii: "c")): [.abort],
    .ctrl(UInt8(ascii: "g")): [.abort],
    .ctrl(UInt8(ascii: "q")): [.abort],
    // ctrl-p / ctrl-n move as up / down do, but in raw mode only to matching lines (fzf's).
    .up: [.up], .ctrl(UInt8(ascii: "p")): [.upMatch], .ctrl(UInt8(ascii: "k")): [.up],
    .down: [.down], .ctrl(UInt8(ascii: "n")): [.downMatch], .ctrl(UInt8(ascii: "j")): [.down],
    .pageUp: [.pageUp], .pageDown: [.pageDown], .wheel(up: true): [.up], .wheel(up: false): [.down],
    .doubleClick: [.accept], .rightClick: [.toggle],
    .tab: [.toggle, .down], .shiftTab: [.toggle, .up],
    .shiftDown: [.select, .down], .shiftUp: [.select, .up],
    .alt(UInt32(UInt8(ascii: "a"))): [.selectAll], .alt(UInt32(UInt8(ascii: "d"))): [.deselectAll],
    .ctrl(UInt8(ascii: "t")): [.toggleAll], .ctrl(UInt8(ascii: "s")): [.toggleMarkedView],
    .left: [.backwardChar], .ctrl(UInt8(ascii: "b")): [.backwardChar],
    .right: [.forwardChar], .ctrl(UInt8(ascii: "f")): [.forwardChar],
    .home: [.beginningOfLine], .ctrl(UInt8(ascii: "a")): [.beginningOfLine],
    .end: [.endOfLine], .ctrl(UInt8(ascii: "e")): [.endOfLine],
    .alt(UInt32(UInt8(ascii: "b"))): [.backwardWord], .ctrlLeft: [.backwardWord],
    .alt(UInt32(UInt8(ascii: "f"))): [.forwardWord], .ctrlRight: [.forwardWord],
    .backspace: [.backwardDeleteChar], .ctrl(UInt8(ascii: "h")): [.backwardDeleteChar],
    .delete: [.deleteChar], .altBackspace: [.backwardKillWord],
    .ctrl(UInt8(ascii: "u")): [.unixLineDiscard], .ctrl(UInt8(ascii: "w")): [.unixWordRubout],
    .ctrl(UInt8(ascii: "y")): [.yank], .ctrl(UInt8(ascii: "l")): [.redraw],
    .ctrl(UInt8(ascii: "z")): [.suspend],
    // The preview pane: not shift-up/down (fzf's), which mark ranges here.
    .altUp: [.previewUp], .altDown: [.previewDown], .ctrl(UInt8(ascii: "/")): [.togglePreview],
    // What `--learn` learned of the line under the cursor (nothing happens without it).
    .special("shift-delete"): [.forget],
    .alt(UInt32(UInt8(ascii: "t"))): [.toggleTypos],
  ]

  /// fzf's keys where they differ from mselect's (nil: unbound): alt-d kills a word, ctrl-d deletes
  /// (or aborts on an empty query), shift-up/down scroll the preview, shift-left/right move by
  /// words; no select-all, toggle-all, review or typos keys.
  package static let fzfChanges: [Key: [Action]?] = [
    .alt(UInt32(UInt8(ascii: "a"))): nil, .alt(UInt32(UInt8(ascii: "d"))): [.killWord],
    .ctrl(UInt8(ascii: "t")): nil, .ctrl(UInt8(ascii: "s")): nil, .alt(UInt32(UInt8(ascii: "t"))): nil,
    .ctrl(UInt8(ascii: "d")): [.deleteCharOrEnd],
    .shiftUp: [.previewUp], .shiftDown: [.previewDown], .altUp: [.upMatch], .altDown: [.downMatch],
    .shiftLeft: [.backwardWord], .shiftRight: [.forwardWord],
    // One action each, as fzf binds them: without --multi they neither mark nor move.
    .tab: [.toggleDown], .shiftTab: [.toggleUp],
  ]

  package init(_ flavor: PickerSettings.Flavor = .mselect) {
    var keys = KeyBindings.defaults
    if flavor == .fzf {
      for (key, actions) in KeyBindings.fzfChanges { keys[key] = actions }
    }
    table = keys.mapValues { $0.map(BoundAction.action) }
  }

  /// What the events (`start`, `load`, `change`, `focus`, `result`, …) run.
  package private(set) var events: [BindEvent: [BoundAction]] = [:]

  /// What fzf's `every(SECONDS)` events run, by their interval in milliseconds.
  package private(set) var timers: [Int: [BoundAction]] = [:]

  /// A key or an event, as `--bind`, `unbind(…)` and `trigger(…)` name them.
  package enum Trigger: Hashable, Sendable {
    case key(Key)
    case event(BindEvent)
    /// `every(SECONDS)`: a timer, in milliseconds (at least 10).
    case every(Int)

    /// Parses a key or event name (case-insensitive); nil if it is neither.
    package init?(name: String) {
      let lower = name.lowercased()
      if lower.hasPrefix("every(") && lower.hasSuffix(")") {
        guard let seconds = Double(lower.dropFirst(6).dropLast()), seconds > 0, seconds < 1e6 else {
          return nil
        }
        self = .every(max(10, Int((seconds * 1000).rounded())))
      } else if let event = BindEvent(rawValue: lower) {
        self = .event(event)
      } else if let key = Key(name: name) {
        self = .key(key)
      } else {
        return nil
      }
    }
  }

  /// Applies a `--bind` value (`KEY:ACTION[+ACTION],…`); throws naming the bad part.
  package mutating func apply(_ spec: String) throws(OptionError) {
    for binding in try BindSpec.parse(spec) {
      for name in binding.triggers {
        guard let trigger = Trigger(name: name) else {
          throw .invalidValue(
            option: "--bind", value: spec, expected: "a key or event name (\(name) is not one), e.g. ctrl-a")
        }
        let before = binding.appends ? self[trigger] ?? [] : []
        self[trigger] = before + binding.actions
      }
    }
  }

  /// What a key or an event runs (nil: nothing bound).
  package subscript(trigger: Trigger) -> [BoundAction]? {
    get {
      switch trigger {
      case .key(let key): table[key]
      case .event(let event): events[event]
      case .every(let interval): timers[interval]
      }
    }
    set {
      switch trigger {
      case .key(let key): table[key] = newValue
      case .event(let event): events[event] = newValue
      case .every(let interval): timers[interval] = newValue
      }
    }
  }

  /// Action names accepted besides the canonical ones (fzf spells some differently).
  static let aliases: [String: Action] = [
    "review": .toggleMarkedView, "prev-history": .previousHistory, "clear-multi": .clearSelection,
    "top": .first, "track": .trackCurrent, "line-discard": .unixLineDiscard, "word-rubout": .unixWordRubout,
    "prev-selected": .upSelected, "next-selected": .downSelected,
  ]

  /// The actions for `key`; printable characters not bound insert themselves.
  package func actions(for key: Key) -> [BoundAction]? { table[key] }

  /// Whether a key or event runs `toggle-sort` (fzf then shows the sort state on the info line).
  var bindsToggleSort: Bool {
    table.values.joined().contains(.toggleSort) || events.values.joined().contains(.toggleSort)
      || timers.values.joined().contains(.toggleSort)
  }
}
