/// What a key or an event runs: a plain action, or one that takes an argument (fzf's
/// `execute(…)`, `reload(…)`, `change-prompt(…)`, …).
public enum BoundAction: Hashable, Sendable {
  case action(Action)
  /// Run a command on the terminal (the picker steps aside), then come back.
  case execute(String)
  /// Run a command without leaving the picker; its output is discarded.
  case executeSilent(String)
  /// Put the terminal back and replace mselect by the command.
  case become(String)
  /// Replace the candidates by the command's output (marks stay on lines that come back).
  case reload(String)
  case changePrompt(String)
  case changeQuery(String)
  /// Print this line before the accepted lines.
  case print(String)
  case changePreview(String)
  case changePreviewWindow(String)
  case toggleSort
  /// Put the text into the query at the cursor (`put(…)`).
  case put(String)
  /// Move the cursor to the Nth line of the list (`pos(N)`: from 1; negative counts from the end).
  case position(Int)

  /// The actions that take an argument, by fzf's names.
  static let withArgument: [String: @Sendable (String) -> BoundAction] = [
    "execute": { .execute($0) }, "execute-silent": { .executeSilent($0) }, "become": { .become($0) },
    "reload": { .reload($0) }, "reload-sync": { .reload($0) }, "change-prompt": { .changePrompt($0) },
    "change-query": { .changeQuery($0) }, "print": { .print($0) }, "change-preview": { .changePreview($0) },
    "change-preview-window": { .changePreviewWindow($0) }, "put": { .put($0) },
    "pos": { .position(Int($0.filter { $0 != " " }) ?? 1) },
  ]
}

/// Events `--bind` can name instead of a key (fzf's).
public enum BindEvent: String, Hashable, Sendable, CaseIterable {
  /// The picker opened.
  case start
  /// The input ended (also after a reload).
  case load
  /// The query changed.
  case change
  /// The line under the cursor changed.
  case focus
  /// A search result for the query is complete.
  case result
  /// The input has ended and the query matches no line (fzf's `zero:abort`).
  case zero
  /// The input has ended and the query matches exactly one line (fzf's `one:accept`).
  case one
}

/// Reads fzf's `--bind` syntax: `KEY:ACTION[+ACTION…]`, bindings separated by commas; an argument in
/// `(…)`, `[…]`, `{…}`, `<…>` or between two of `~!@#$%^&*;/|` may hold commas, colons and `+`;
/// `ACTION:ARGUMENT` takes the rest of the spec.
enum BindSpec {
  /// The bindings of one `--bind` value, in order.
  static func parse(_ spec: String) throws(OptionError) -> [(trigger: String, actions: [BoundAction])] {
    var result: [(String, [BoundAction])] = []
    let s = Array(spec)
    var i = 0
    func fail(_ expected: String) -> OptionError {
      .invalidValue(option: "--bind", value: spec, expected: expected)
    }
    while i < s.count {
      // The key or event: up to the first colon (a key may itself be `:` only in the form `::`).
      var key = ""
      if s[i] == ":" {
        key = ":"
        i += 1
      }
      while i < s.count && s[i] != ":" {
        key.append(s[i])
        i += 1
      }
      guard i < s.count, !key.isEmpty else { throw fail("KEY:ACTION, e.g. ctrl-a:select-all") }
      i += 1
      var actions: [BoundAction] = []
      while true {
        var name = ""
        while i < s.count, s[i].isLetter || s[i] == "-" {
          name.append(s[i])
          i += 1
        }
        guard !name.isEmpty else { throw fail("an action after \(key):") }
        if let make = BoundAction.withArgument[name] {
          guard i < s.count else { throw fail("an argument for \(name), e.g. \(name)(...)") }
          let open = s[i]
          if open == ":" {
            actions.append(make(String(s[(i + 1)...])))
            i = s.count
            break
          }
          let closers: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
          let close = closers[open] ?? open
          guard closers[open] != nil || "~!@#$%^&*;/|".contains(open) else {
            throw fail("\(name) with its argument in parentheses, e.g. \(name)(...)")
          }
          guard let end = s[(i + 1)...].firstIndex(of: close) else {
            throw fail("a closing \(close) for \(name)\(open)")
          }
          actions.append(make(String(s[(i + 1)..<end])))
          i = end + 1
        } else if name == "toggle-sort" {
          actions.append(.toggleSort)
        } else if let action = Action(rawValue: name) ?? KeyBindings.aliases[name] {
          actions.append(.action(action))
        } else {
          throw fail("a known action (\(name) is not one; see mselect --help)")
        }
        guard i < s.count, s[i] == "+" else { break }
        i += 1
      }
      result.append((key, actions))
      if i < s.count {
        guard s[i] == "," else { throw fail("a comma between bindings") }
        i += 1
      }
    }
    return result
  }
}
