/// Which actions each key runs: the defaults, then `--bind` on top.
package struct KeyBindings: Sendable {
  /// Whose default keys lie under `changed`.
  private let flavor: PickerSettings.Flavor
  /// The keys `--bind` gave other actions than the defaults (nil: the key runs nothing).
  private var changed: [Key: [BoundAction]?] = [:]

  /// The default keys (`DefaultKeys`, the table the help, the manual and the guide are made from).
  package static var defaults: [Key: [Action]] { DefaultKeys.bindings }

  /// fzf's keys where they differ from mselect's (nil: unbound): alt-d kills a word, ctrl-d deletes
  /// (or aborts on an empty query), shift-up/down scroll the preview, shift-left/right move by
  /// words; no select-all, toggle-all, review or typos keys.
  package static let fzfChanges: [Key: [Action]?] = [
    .alt(UInt32(UInt8(ascii: "a"))): nil, .alt(UInt32(UInt8(ascii: "d"))): [.edit(.killWord)],
    .ctrl(UInt8(ascii: "t")): nil, .ctrl(UInt8(ascii: "s")): nil, .alt(UInt32(UInt8(ascii: "t"))): nil,
    .ctrl(UInt8(ascii: "d")): [.control(.deleteCharOrEnd)],
    .shiftUp: [.preview(.previewUp)], .shiftDown: [.preview(.previewDown)], .altUp: [.motion(.upMatch)],
    .altDown: [.motion(.downMatch)],
    .shiftLeft: [.edit(.backwardWord)], .shiftRight: [.edit(.forwardWord)],
    // One action each, as fzf binds them: without --multi they neither mark nor move.
    .tab: [.marking(.toggleDown)], .shiftTab: [.marking(.toggleUp)],
    // fzf 0.68's: word wrap of the list on and off (mselect's ctrl-/ shows or hides the preview).
    Key(name: "ctrl-/")!: [.view(.toggleWrapWord)], .alt(UInt32(UInt8(ascii: "/"))): [.view(.toggleWrapWord)],
  ]

  package init(_ flavor: PickerSettings.Flavor = .mselect) {
    self.flavor = flavor
  }

  // Each flavor's keys, made when a picker first looks a key up (`mselect -f` never does): made from
  // their names, they were a sixth of its start.
  private static let mselectKeys = KeyBindings.defaults.mapValues { $0.map(BoundAction.action) }
  private static let fzfKeys: [Key: [BoundAction]] = {
    var keys = KeyBindings.defaults
    for (key, actions) in KeyBindings.fzfChanges { keys[key] = actions }
    return keys.mapValues { $0.map(BoundAction.action) }
  }()

  /// Every key bound and what it runs.
  private var table: [Key: [BoundAction]] {
    var keys = flavor == .fzf ? KeyBindings.fzfKeys : KeyBindings.mselectKeys
    for (key, actions) in changed { keys[key] = actions }
    return keys
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
      try KeyBindings.checkArguments(of: binding.actions, in: spec)
    }
  }

  /// As fzf: each of `change-preview-window(…)`'s `|`-separated choices is a `--preview-window` spec.
  private static func checkArguments(of actions: [BoundAction], in spec: String) throws(OptionError) {
    for case .changePreviewWindow(let choices) in actions {
      for choice in choices.split(separator: "|", omittingEmptySubsequences: false) {
        var preview = PreviewSettings()
        do throws(PreviewSettings.SpecError) {
          try preview.update(String(choice))
        } catch {
          throw .invalidValue(
            option: "--bind", value: spec, expected: "a preview window spec (\(error.message))")
        }
      }
    }
  }

  /// What a key or an event runs (nil: nothing bound).
  package subscript(trigger: Trigger) -> [BoundAction]? {
    get {
      switch trigger {
      case .key(let key): actions(for: key)
      case .event(let event): events[event]
      case .every(let interval): timers[interval]
      }
    }
    set {
      switch trigger {
      case .key(let key): changed[key] = .some(newValue)
      case .event(let event): events[event] = newValue
      case .every(let interval): timers[interval] = newValue
      }
    }
  }

  /// Action names accepted besides the canonical ones (fzf spells some differently).
  static let aliases: [String: Action] = [
    "review": .marking(.toggleMarkedView), "prev-history": .view(.previousHistory),
    "clear-multi": .marking(.clearSelection),
    "top": .motion(.first), "track": .motion(.trackCurrent), "line-discard": .edit(.unixLineDiscard),
    "word-rubout": .edit(.unixWordRubout),
    "prev-selected": .motion(.upSelected), "next-selected": .motion(.downSelected),
  ]

  /// The actions for `key`; printable characters not bound insert themselves.
  package func actions(for key: Key) -> [BoundAction]? {
    if let actions = changed[key] { return actions }
    return flavor == .fzf ? KeyBindings.fzfKeys[key] : KeyBindings.mselectKeys[key]
  }

  /// Whether a key or event runs `toggle-sort` (fzf then shows the sort state on the info line).
  var bindsToggleSort: Bool {
    table.values.joined().contains(.toggleSort) || events.values.joined().contains(.toggleSort)
      || timers.values.joined().contains(.toggleSort)
  }
}
