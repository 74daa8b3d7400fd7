/// Reads fzf's `--bind` syntax: `KEY:ACTION[+ACTION…]`, bindings separated by commas.
///
/// As in fzf: an argument in `(…)`, `[…]`, `{…}`, `<…>` or between two of `~!@#$%^&*;/|` ends at the
/// first closing character followed by `+`, `,` or the end, so it may hold commas, colons, `+` and the
/// closing character itself; `ACTION:ARGUMENT` takes the rest of the value; several keys may share
/// one list (`ctrl-a,ctrl-b:select-all`); a list starting with `+` adds to the key's actions
/// (`ctrl-a:+accept`); `::`, `,:` and `+:` bind the colon, comma and plus keys; names are
/// case-insensitive.
enum BindSpec {
  /// One `KEY:ACTIONS` pair (or several keys sharing it).
  struct Binding {
    var triggers: [String]
    var actions: [BoundAction]
    /// The list began with `+`: the actions go after the ones the keys already have.
    var appends: Bool
  }

  /// The bindings of one `--bind` value, in order.
  static func parse(_ spec: String) throws(OptionError) -> [Binding] {
    let original = Array(spec)
    let masked = escapeKeys(mask(original))
    var bindings: [Binding] = []
    var keys: [String] = []
    for pair in split(masked, on: ",") {
      let colon = masked[pair].firstIndex(of: ":")
      let keyEnd = colon ?? pair.upperBound
      guard keyEnd > pair.lowerBound else { throw fail(spec, "a key name before ':'") }
      keys.append(keyName(masked[pair.lowerBound..<keyEnd], original[pair.lowerBound..<keyEnd]))
      guard let colon else { continue }
      let list = (colon + 1)..<pair.upperBound
      let (actions, appends) = try actionList(
        masked: Array(masked[list]), original: Array(original[list]), keys: keys, spec: spec)
      bindings.append(Binding(triggers: keys, actions: actions, appends: appends))
      keys = []
    }
    guard keys.isEmpty else { throw fail(spec, "actions for \(keys.joined(separator: ", "))") }
    return bindings
  }

  /// A list of actions without a key (what `transform(…)` prints): `ACTION[+ACTION…]`; `key`: the
  /// key that ran the transform (a bare `put` types it).
  static func actions(_ text: String, key: String? = nil) throws(OptionError) -> [BoundAction] {
    let original = Array(":" + text)
    let masked = Array(mask(original).dropFirst())
    return try actionList(masked: masked, original: Array(text), keys: key.map { [$0] } ?? [], spec: text)
      .actions
  }

  /// Markers the masked text uses for the colon, comma and plus keys.
  private static let colonKey: Character = "\u{1}"
  private static let commaKey: Character = "\u{2}"
  private static let plusKey: Character = "\u{3}"

  /// The value with every argument blanked out, so that only the structure's separators are left.
  private static func mask(_ s: [Character]) -> [Character] {
    var masked = s
    var i = 0
    while i < s.count {
      guard s[i] == ":" || s[i] == "+", let name = argumentAction(s, at: i + 1) else {
        i += 1
        continue
      }
      let open = i + 1 + name
      guard open < s.count else { break }
      if s[open] == ":" {
        for k in open..<s.count { masked[k] = " " }
        break
      }
      guard let close = closer(of: s[open]) else {
        i = open
        continue
      }
      // The first closing character followed by `+`, `,` or the end.
      var end = open + 1
      while end < s.count
        && !(s[end] == close && (end + 1 == s.count || s[end + 1] == "+" || s[end + 1] == ","))
      {
        end += 1
      }
      guard end < s.count else { break }
      for k in open...end { masked[k] = " " }
      i = end + 1
    }
    return masked
  }

  /// The length of the longest action taking an argument whose name starts at `start`, if any.
  private static func argumentAction(_ s: [Character], at start: Int) -> Int? {
    var name = ""
    var best: Int?
    var k = start
    while k < s.count, s[k].isLetter || s[k] == "-" {
      name += s[k].lowercased()
      k += 1
      if BoundAction.takesArgument(name) { best = k - start }
    }
    return best
  }

  /// The character closing an argument opened by `open`, or nil when `open` opens none.
  private static func closer(of open: Character) -> Character? {
    switch open {
    case "(": ")"
    case "[": "]"
    case "{": "}"
    case "<": ">"
    case "~", "!", "@", "#", "$", "%", "^", "&", "*", ";", "/", "|": open
    default: nil
    }
  }

  /// fzf's spellings of the colon, comma and plus keys, replaced by markers.
  private static func escapeKeys(_ masked: [Character]) -> [Character] {
    var s = masked
    func replace(_ pattern: [Character], _ replacement: [Character]) {
      var i = 0
      while i + pattern.count <= s.count {
        if Array(s[i..<(i + pattern.count)]) == pattern {
          s.replaceSubrange(i..<(i + pattern.count), with: replacement)
          i += pattern.count
        } else {
          i += 1
        }
      }
    }
    replace([",", ",", ","], [",", commaKey, ","])
    replace([",", ":", ","], [",", colonKey, ","])
    replace([":", ":"], [colonKey, ":"])
    replace([",", ":"], [commaKey, ":"])
    replace(["+", ":"], [plusKey, ":"])
    return s
  }

  /// The key or event name of a pair (a marker stands for the colon, comma or plus key).
  private static func keyName(_ masked: ArraySlice<Character>, _ original: ArraySlice<Character>) -> String {
    if masked.count == 1, let c = masked.first {
      switch c {
      case colonKey: return ":"
      case commaKey: return ","
      case plusKey: return "+"
      default: break
      }
    }
    return String(original)
  }

  /// The ranges of `s` between `separator`s.
  private static func split(_ s: [Character], on separator: Character) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for (k, c) in s.enumerated() where c == separator {
      ranges.append(start..<k)
      start = k + 1
    }
    ranges.append(start..<s.count)
    return ranges
  }

  /// The actions of one list; `keys` are the keys it is for (`put` without an argument types the key).
  private static func actionList(
    masked: [Character], original: [Character], keys: [String], spec: String
  ) throws(OptionError) -> (actions: [BoundAction], appends: Bool) {
    var actions: [BoundAction] = []
    var appends = false
    for (index, range) in split(masked, on: "+").enumerated() {
      let text = String(original[range])
      let name = text.lowercased()
      if name.isEmpty {
        guard index == 0 else { throw fail(spec, "an action after '+'") }
        appends = true
      } else if let action = Action(rawValue: name) ?? KeyBindings.aliases[name] {
        actions.append(.action(action))
      } else if name == "toggle-sort" {
        actions.append(.toggleSort)
      } else if name == "change-multi" {
        actions.append(.changeMulti(nil))
      } else if name == "put" {
        guard keys.count == 1, keys[0].count == 1 else {
          throw fail(spec, "put with a printable key, or put(TEXT)")
        }
        actions.append(.put(keys[0]))
      } else if let action = try argumentAction(
        text, masked: Array(masked[range]) != Array(original[range]), spec)
      {
        actions.append(action)
      } else {
        throw fail(spec, "a known action (\(text) is not one)")
      }
    }
    return (actions, appends)
  }

  /// `NAME(ARGUMENT)`, `NAME:ARGUMENT` and the like; nil when `text` is not one. `masked`: the
  /// argument was found whole (its closing character in place).
  private static func argumentAction(_ text: String, masked: Bool, _ spec: String) throws(OptionError)
    -> BoundAction?
  {
    let s = Array(text)
    let nameLength = s.prefix { $0.isLetter || $0 == "-" }.count
    let name = String(s[..<nameLength]).lowercased()
    guard nameLength < s.count, BoundAction.takesArgument(name) else { return nil }
    let argument: String
    if s[nameLength] == ":" {
      argument = String(s[(nameLength + 1)...])
    } else {
      guard let close = closer(of: s[nameLength]) else { return nil }
      guard masked, s.count >= nameLength + 2, s[s.count - 1] == close else {
        throw fail(spec, "a closing \(close) for \(String(s[...nameLength]))")
      }
      argument = String(s[(nameLength + 1)..<(s.count - 1)])
    }
    if let make = BoundAction.withTriggers[name] { return make(try triggers(argument, of: name, spec)) }
    return BoundAction.withArgument[name].map { $0(argument) }
  }

  /// The keys and events `unbind(…)` and its kin name. As fzf, `unbind`, `rebind` and `toggle-bind`
  /// take only names that exist (one mistyped would leave on a binding meant off); `trigger`'s
  /// unknown names are passed over.
  private static func triggers(_ argument: String, of name: String, _ spec: String) throws(OptionError)
    -> [KeyBindings.Trigger]
  {
    let names = BoundAction.names(argument)
    guard !names.isEmpty || name == "trigger" else { throw fail(spec, "keys or events for \(name)(…)") }
    var triggers: [KeyBindings.Trigger] = []
    for word in names {
      if let trigger = KeyBindings.Trigger(name: word) {
        triggers.append(trigger)
      } else if name != "trigger" {
        throw fail(spec, "keys or events for \(name)(…) (\(word) is not one), e.g. ctrl-a")
      }
    }
    return triggers
  }

  private static func fail(_ spec: String, _ expected: String) -> OptionError {
    .invalidValue(option: "--bind", value: spec, expected: expected)
  }
}
