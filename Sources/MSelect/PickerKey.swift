import MSelectCore

/// A key the picker can bind or accept with: `.ctrl("a")`, `.alt("x")`, `.enter`, `.f(5)`, or any of
/// fzf's key names through ``init(named:)``.
public struct PickerKey: Hashable, Sendable, CustomStringConvertible {
  package let key: Key
  /// fzf's name of the key (`ctrl-a`, `alt-x`, `enter`, `f5`), as `--bind` and `--expect` spell it.
  public let description: String

  package init(_ key: Key, name: String) {
    self.key = key
    description = name
  }

  /// A key by fzf's name (`ctrl-a`, `alt-enter`, `shift-tab`, `f5`, `ctrl-alt-x`, `space`, …);
  /// nil for a name no terminal key has.
  public init?(named name: String) {
    guard let key = Key(name: name) else { return nil }
    self.init(key, name: name.lowercased())
  }

  /// ctrl and a letter (`a`…`z`); other characters have no ctrl key of their own.
  public static func ctrl(_ letter: Character) -> PickerKey {
    PickerKey(named: "ctrl-\(letter.lowercased())") ?? PickerKey(.unknown, name: "ctrl-\(letter)")
  }

  /// alt (or the escape prefix) and a character.
  public static func alt(_ character: Character) -> PickerKey {
    PickerKey(named: "alt-\(character)") ?? PickerKey(.unknown, name: "alt-\(character)")
  }

  /// A function key, `f1` to `f12`.
  public static func f(_ number: Int) -> PickerKey {
    PickerKey(named: "f\(number)") ?? PickerKey(.unknown, name: "f\(number)")
  }

  /// Enter (return).
  public static let enter = PickerKey(.enter, name: "enter")
  /// Esc, on its own.
  public static let escape = PickerKey(.escape, name: "esc")
  /// Tab.
  public static let tab = PickerKey(.tab, name: "tab")
  /// shift and tab (back-tab).
  public static let shiftTab = PickerKey(.shiftTab, name: "shift-tab")
  /// The space bar (typed into the query unless bound).
  public static let space = PickerKey(.char(32), name: "space")
  /// Backspace.
  public static let backspace = PickerKey(.backspace, name: "bspace")
  /// Delete (forward).
  public static let delete = PickerKey(.delete, name: "del")
  /// The up arrow.
  public static let up = PickerKey(.up, name: "up")
  /// The down arrow.
  public static let down = PickerKey(.down, name: "down")
  /// The left arrow.
  public static let left = PickerKey(.left, name: "left")
  /// The right arrow.
  public static let right = PickerKey(.right, name: "right")
  /// Home.
  public static let home = PickerKey(.home, name: "home")
  /// End.
  public static let end = PickerKey(.end, name: "end")
  /// Page up.
  public static let pageUp = PickerKey(.pageUp, name: "page-up")
  /// Page down.
  public static let pageDown = PickerKey(.pageDown, name: "page-down")

  /// Two keys are the same key whatever name made them (`bspace` and `bs`); keys no terminal sends
  /// (`.ctrl("1")`) are told apart by their names.
  public static func == (lhs: PickerKey, rhs: PickerKey) -> Bool {
    lhs.key == rhs.key && (lhs.key != .unknown || lhs.description == rhs.description)
  }
  /// Hashes the key, not its name (the name too for a key no terminal sends).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    if key == .unknown { hasher.combine(description) }
  }
}
