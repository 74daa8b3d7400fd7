/// What a key or an event runs: a plain action, or one that takes an argument (fzf's
/// `execute(…)`, `reload(…)`, `change-prompt(…)`, …).
package enum BoundAction: Hashable, Sendable {
  case action(Action)
  /// Run a command on the terminal (the picker steps aside), then come back.
  case execute(String)
  /// Run a command without leaving the picker; its output is discarded.
  case executeSilent(String)
  /// Put the terminal back and replace mselect by the command.
  case become(String)
  /// Replace the candidates by the command's output (marks stay on lines that come back);
  /// `sync` (`reload-sync`): the old ones stay listed until the command has ended.
  case reload(String, sync: Bool = false)
  /// Print this line before the accepted lines.
  case print(String)
  case changePreview(String)
  case changePreviewWindow(String)
  case toggleSort
  /// Put the text into the query at the cursor (`put(…)`).
  case put(String)
  /// Move the cursor to the Nth line of the list (`pos(N)`: from 1; negative counts from the end).
  case position(Int)
  /// Set a piece of the picker's state to the text (`change-prompt(…)`, `change-header(…)`, …).
  case change(Setting, String)
  /// Run the command and set `target` to the first line of its output (`transform-query(…)`, …);
  /// with no target (`transform(…)`) its output is a list of actions to run.
  case transform(Setting?, String)
  /// `bg-transform…(…)`: the same, the command running while the picker goes on; its output is
  /// taken when it ends (unless `bg-cancel` came first).
  case backgroundTransform(Setting?, String)
  /// Take the bindings of these keys and events away (`unbind(…)`), give them back (`rebind(…)`),
  /// or flip them (`toggle-bind(…)`).
  case unbind([KeyBindings.Trigger])
  case rebind([KeyBindings.Trigger])
  case toggleBind([KeyBindings.Trigger])
  /// Run what these keys and events are bound to (`trigger(…)`).
  case trigger([KeyBindings.Trigger])
  /// Show this command's output in the preview pane (`preview(…)`), until the cursor moves on.
  case preview(String)
  /// `change-multi`: marking allowed without a limit (nil), or up to N lines (0: no marking).
  case changeMulti(Int?)

  /// What `change-…(…)` and `transform-…(…)` set.
  package enum Setting: String, Hashable, Sendable, CaseIterable {
    case query, prompt, header, search, pointer
    case borderLabel = "border-label"
    case headerLines = "header-lines"
    case previewLabel = "preview-label"
    case listLabel = "list-label"
    case inputLabel = "input-label"
    case headerLabel = "header-label"
    case footerLabel = "footer-label"
    case footer, ghost, nth
    case withNth = "with-nth"
  }

  /// The actions that take an argument, by fzf's names (the `change-` and `transform-` families are
  /// added from `Setting`).
  package static let withArgument: [String: @Sendable (String) -> BoundAction] = {
    var table: [String: @Sendable (String) -> BoundAction] = [
      "execute": { .execute($0) }, "execute-silent": { .executeSilent($0) },
      // fzf's old `execute-multi`: `{}` stands for the marked lines, as `{+}` does.
      "execute-multi": { .execute($0.replacing("{}", with: "{+}")) }, "become": { .become($0) },
      "reload": { .reload($0) },
      "reload-sync": { .reload($0, sync: true) }, "print": { .print($0) },
      "change-preview": { .changePreview($0) },
      "change-preview-window": { .changePreviewWindow($0) }, "put": { .put($0) },
      "pos": { .position(Int($0.filter { $0 != " " }) ?? 1) }, "transform": { .transform(nil, $0) },
      "bg-transform": { .backgroundTransform(nil, $0) }, "preview": { .preview($0) },
      "search": { .change(.search, $0) },
      // No number: no limit; a word that is not a number changes nothing (as in fzf).
      "change-multi": { text in
        let digits = text.filter { $0 != " " }
        if digits.isEmpty { return .changeMulti(nil) }
        return Int(digits).map { .changeMulti(max(0, $0)) } ?? .action(.control(.ignore))
      },
    ]
    for setting in Setting.allCases {
      table["change-" + setting.rawValue] = { .change(setting, $0) }
      table["transform-" + setting.rawValue] = { .transform(setting, $0) }
      table["bg-transform-" + setting.rawValue] = { .backgroundTransform(setting, $0) }
    }
    // `search(…)` has no `change-` form.
    table["change-search"] = nil
    return table
  }()

  /// The action's name, as fzf names it (what commands get in `FZF_ACTION`).
  var name: String {
    switch self {
    case .action(let action): action.rawValue
    case .execute: "execute"
    case .executeSilent: "execute-silent"
    case .become: "become"
    case .reload(_, let sync): sync ? "reload-sync" : "reload"
    case .print: "print"
    case .changePreview: "change-preview"
    case .changePreviewWindow: "change-preview-window"
    case .toggleSort: "toggle-sort"
    case .put: "put"
    case .position: "pos"
    case .change(let setting, _): setting == .search ? "search" : "change-" + setting.rawValue
    case .transform(let setting, _): setting.map { "transform-" + $0.rawValue } ?? "transform"
    case .backgroundTransform(let setting, _): setting.map { "bg-transform-" + $0.rawValue } ?? "bg-transform"
    case .unbind: "unbind"
    case .rebind: "rebind"
    case .toggleBind: "toggle-bind"
    case .trigger: "trigger"
    case .preview: "preview"
    case .changeMulti: "change-multi"
    }
  }

  /// The actions whose argument names keys and events, parsed when they are bound (`BindSpec`).
  package static let withTriggers: [String: @Sendable ([KeyBindings.Trigger]) -> BoundAction] = [
    "unbind": { .unbind($0) }, "rebind": { .rebind($0) }, "toggle-bind": { .toggleBind($0) },
    "trigger": { .trigger($0) },
  ]

  /// Whether an action of this name takes an argument.
  package static func takesArgument(_ name: String) -> Bool {
    withArgument[name] != nil || withTriggers[name] != nil
  }

  /// The keys and events of `unbind(…)` and its kin: comma-separated, a lone `,` allowed.
  static func names(_ list: String) -> [String] {
    if list == "," { return [","] }
    var names = list.split(separator: ",", omittingEmptySubsequences: true).map {
      $0.trimming { $0 == " " }
    }
    if list.hasPrefix(",,") || list.hasSuffix(",,") || list.contains(",,,") { names.append(",") }
    return names.filter { !$0.isEmpty }
  }
}

extension StringProtocol {
  /// The text without the leading and trailing characters `trimmed` accepts.
  package func trimming(while trimmed: (Character) -> Bool) -> String {
    String(drop(while: trimmed).reversed().drop(while: trimmed).reversed())
  }
}

/// Events `--bind` can name instead of a key (fzf's).
package enum BindEvent: String, Hashable, Sendable, CaseIterable {
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
  /// A search result for the query is complete and the input has ended (fzf's `result-final`).
  case resultFinal = "result-final"
  /// The input has ended and the query matches no line (fzf's `zero:abort`).
  case zero
  /// The input has ended and the query matches exactly one line (fzf's `one:accept`).
  case one
  /// The marks changed (fzf's `multi`).
  case multi
  /// The terminal was resized.
  case resize
  /// backspace on an empty query (fzf's `backward-eof`).
  case backwardEOF = "backward-eof"
  /// A left click on a header or footer row (`FZF_CLICK_HEADER_LINE`, `…_WORD`, … say where).
  case clickHeader = "click-header"
  case clickFooter = "click-footer"
  /// A jump label was typed after `jump`, or something else was.
  case jump
  case jumpCancel = "jump-cancel"
}
