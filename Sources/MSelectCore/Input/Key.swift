/// A key press (or pasted text) decoded from the terminal's byte stream.
package enum Key: Hashable, Sendable {
  /// A printable character.
  case char(UInt32)
  /// ctrl plus a letter `a`…`z` (given as the lowercase letter's code).
  case ctrl(UInt8)
  /// alt (ESC prefix) plus a printable character.
  case alt(UInt32)
  case enter, tab, shiftTab, backspace, altBackspace, delete, insert, escape, ctrlSpace
  case up, down, left, right, home, end, pageUp, pageDown
  case shiftUp, shiftDown, shiftLeft, shiftRight
  case altUp, altDown, altLeft, altRight, ctrlLeft, ctrlRight
  case function(Int)
  /// Text that arrived inside a bracketed paste.
  case paste([UInt8])
  /// A mouse wheel step over the list: true for up (what `scroll-up` / `scroll-down` bind).
  case wheel(up: Bool)
  /// Mouse presses on a list item (bindable: `left-click`, `right-click`, `double-click`).
  case leftClick, rightClick, doubleClick
  /// A mouse report as the terminal sent it (the session finds what lies under it).
  case mouse(MouseEvent)
  /// The terminal's answer to a cursor position query (`CSI 6n`): row and column from 1.
  case cursorReport(row: Int, column: Int)
  /// A sequence mselect does not know; ignored.
  case unknown
  /// A key fzf names that has no case of its own here, by its canonical name: `ctrl-up`,
  /// `alt-shift-home`, `ctrl-alt-x`, `shift-delete`, … (modifier order: ctrl, alt, shift).
  case special(String)

  /// The keys with modifiers that `special` covers: these bases, with any of ctrl, alt and shift.
  static let modifiable = ["up", "down", "left", "right", "home", "end", "delete", "page-up", "page-down"]

  /// The canonical name of `ctrl`, `alt` and `shift` (in any order, with fzf's other spellings of
  /// the base) on one of `modifiable`; nil when `name` is not such a name.
  static func modifiedName(_ name: String) -> String? {
    // Most names end otherwise (`ctrl-a`, `alt-x`): theirs are not split.
    guard
      modifiable.contains(where: name.hasSuffix) || ["del", "pgup", "pgdn"].contains(where: name.hasSuffix)
    else { return nil }
    var parts = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    var modifiers: Set<String> = []
    while parts.count > 1, ["ctrl", "alt", "shift"].contains(parts[0]) {
      modifiers.insert(parts.removeFirst())
    }
    let spellings = ["del": "delete", "pgup": "page-up", "pgdn": "page-down"]
    let base = spellings[parts.joined(separator: "-")] ?? parts.joined(separator: "-")
    guard !modifiers.isEmpty, modifiable.contains(base) else { return nil }
    return (["ctrl", "alt", "shift"].filter(modifiers.contains) + [base]).joined(separator: "-")
  }

  /// Key names with no pattern to them, and fzf's other spellings (made once: built for each name
  /// read, they were most of the cost of reading the default keys' names).
  private static let aliases: [String: Key] = [
    "enter": .enter, "return": .enter, "tab": .tab, "btab": .shiftTab, "shift-tab": .shiftTab,
    "bspace": .backspace, "bs": .backspace, "backspace": .backspace, "alt-bspace": .altBackspace,
    "alt-backspace": .altBackspace, "del": .delete, "delete": .delete, "insert": .insert, "esc": .escape,
    "escape": .escape, "ctrl-space": .ctrlSpace, "space": .char(32), "up": .up, "down": .down,
    "left": .left,
    "right": .right, "home": .home, "end": .end, "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown,
    "page-down": .pageDown, "shift-up": .shiftUp, "shift-down": .shiftDown, "shift-left": .shiftLeft,
    "shift-right": .shiftRight, "alt-up": .altUp, "alt-down": .altDown, "alt-left": .altLeft,
    "alt-right": .altRight, "ctrl-left": .ctrlLeft, "ctrl-right": .ctrlRight, "scroll-up": .wheel(up: true),
    "scroll-down": .wheel(up: false), "left-click": .leftClick, "right-click": .rightClick,
    "double-click": .doubleClick, "ctrl-/": .ctrl(UInt8(ascii: "/")),
    "ctrl-_": .ctrl(UInt8(ascii: "/")),
    "ctrl-\\": .ctrl(UInt8(ascii: "\\")), "ctrl-]": .ctrl(UInt8(ascii: "]")),
    "ctrl-^": .ctrl(UInt8(ascii: "^")), "alt-enter": .alt(0x0D), "alt-return": .alt(0x0D),
    "alt-space": .alt(0x20),
  ]

  /// Backspace with modifiers, as fzf spells it.
  private static let otherNames: [String: Key] = [
    "ctrl-bs": Key.ctrl(UInt8(ascii: "h")), "ctrl-bspace": .ctrl(UInt8(ascii: "h")),
    "ctrl-backspace": .ctrl(UInt8(ascii: "h")), "ctrl-6": .ctrl(UInt8(ascii: "^")),
    "alt-bs": .altBackspace, "ctrl-alt-bs": .altBackspace, "ctrl-alt-bspace": .altBackspace,
    "ctrl-alt-backspace": .altBackspace,
  ]

  /// Parses a key name (`ctrl-a`, `alt-b`, `shift-tab`, `enter`, `f5`, `x`, …); nil if unknown.
  package init?(name: String) {
    let lower = name.lowercased()
    if let key = Key.aliases[lower] {
      self = key
      return
    }
    if let canonical = Key.modifiedName(lower) {
      self = Key.aliases[canonical] ?? .special(canonical)
      return
    }
    if let key = Key.otherNames[lower] {
      self = key
      return
    }
    // Mouse and preview events fzf tells apart and mselect does not report: bindable, never sent.
    if [
      "shift-left-click", "shift-right-click", "shift-scroll-up", "shift-scroll-down", "preview-scroll-up",
      "preview-scroll-down",
    ].contains(lower) {
      self = .special(lower)
      return
    }
    let scalars = Array(name.unicodeScalars)
    let ctrlAlt = ["ctrl-alt-", "alt-ctrl-"].first { lower.hasPrefix($0) }
    if let ctrlAlt, scalars.count == ctrlAlt.count + 1, let c = Character(scalars[ctrlAlt.count]).asciiValue,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c | 0x20)
    {
      self =
        c | 0x20 == UInt8(ascii: "h")
        ? .altBackspace : .special("ctrl-alt-" + String(UnicodeScalar(c | 0x20)))
    } else if lower.hasPrefix("ctrl-"), scalars.count == 6, let c = Character(scalars[5]).asciiValue,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c | 0x20)
    {
      self = .ctrl(c | 0x20)
    } else if lower.hasPrefix("alt-"), scalars.count == 5 {
      self = .alt(scalars[4].value)
    } else if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) {
      self = .function(n)
    } else if scalars.count == 1, scalars[0].value >= 0x20 {
      self = .char(scalars[0].value)
    } else {
      return nil
    }
  }

  /// The key's name as `--bind` spells it (what commands get in `FZF_KEY`).
  package var name: String {
    switch self {
    case .char(let c): c == 32 ? "space" : Unicode.Scalar(c).map { String(Character($0)) } ?? ""
    case .ctrl(let c): "ctrl-" + String(UnicodeScalar(c))
    case .alt(let c):
      c == 0x0D
        ? "alt-enter"
        : c == 0x20 ? "alt-space" : "alt-" + (Unicode.Scalar(c).map { String(Character($0)) } ?? "")
    case .enter: "enter"
    case .tab: "tab"
    case .shiftTab: "shift-tab"
    case .backspace: "bspace"
    case .altBackspace: "alt-bspace"
    case .delete: "delete"
    case .insert: "insert"
    case .escape: "esc"
    case .ctrlSpace: "ctrl-space"
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .home: "home"
    case .end: "end"
    case .pageUp: "page-up"
    case .pageDown: "page-down"
    case .shiftUp: "shift-up"
    case .shiftDown: "shift-down"
    case .shiftLeft: "shift-left"
    case .shiftRight: "shift-right"
    case .altUp: "alt-up"
    case .altDown: "alt-down"
    case .altLeft: "alt-left"
    case .altRight: "alt-right"
    case .ctrlLeft: "ctrl-left"
    case .ctrlRight: "ctrl-right"
    case .function(let n): "f\(n)"
    case .paste: ""
    case .wheel(let up): up ? "scroll-up" : "scroll-down"
    case .leftClick: "left-click"
    case .rightClick: "right-click"
    case .doubleClick: "double-click"
    case .special(let name): name
    case .mouse, .cursorReport, .unknown: ""
    }
  }
}
