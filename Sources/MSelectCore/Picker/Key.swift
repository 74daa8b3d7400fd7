/// A key press (or pasted text) decoded from the terminal's byte stream.
public enum Key: Hashable, Sendable {
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

  /// Parses a key name (`ctrl-a`, `alt-b`, `shift-tab`, `enter`, `f5`, `x`, …); nil if unknown.
  public init?(name: String) {
    let lower = name.lowercased()
    let aliases: [String: Key] = [
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
    if let key = aliases[lower] {
      self = key
      return
    }
    let scalars = Array(name.unicodeScalars)
    if lower.hasPrefix("ctrl-"), scalars.count == 6, let c = Character(scalars[5]).asciiValue,
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
  public var name: String {
    switch self {
    case .char(let c): Unicode.Scalar(c).map { String(Character($0)) } ?? ""
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
    case .mouse, .cursorReport, .unknown: ""
    }
  }
}
