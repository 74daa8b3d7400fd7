import Testing

@testable import MSelectCore

/// Keys and events by name, as `unbind(…)` and its kin take them.
private func triggers(_ names: String...) -> [KeyBindings.Trigger] {
  names.compactMap(KeyBindings.Trigger.init(name:))
}

/// fzf's `--bind` grammar as fzf reads it, on values taken from fzf's manual and users' configurations.
@Suite struct BindSpecTests {
  /// The first binding's keys and actions, or nil when the value is refused.
  private func parse(_ spec: String) -> (triggers: [String], actions: [BoundAction], appends: Bool)? {
    guard let first = try? BindSpec.parse(spec).first else { return nil }
    return (first.triggers, first.actions, first.appends)
  }

  @Test(arguments: [
    // An argument's closing character followed by `+`, `,` or the end ends it, not the first one.
    (
      "enter:execute(echo (a))+abort", ["enter"],
      [BoundAction.execute("echo (a)"), .action(.control(.abort))]
    ),
    ("ctrl-a,ctrl-b:select-all", ["ctrl-a", "ctrl-b"], [.action(.marking(.selectAll))]),
    ("CTRL-A:Select-All", ["CTRL-A"], [.action(.marking(.selectAll))]),
    ("ctrl-d:delete-char/eof", ["ctrl-d"], [.action(.control(.deleteCharOrEnd))]),
    ("bs:backward-delete-char/eof", ["bs"], [.action(.control(.backwardDeleteCharOrEnd))]),
    ("ctrl-p:prev-history", ["ctrl-p"], [.action(.view(.previousHistory))]),
    ("ctrl-a:change-prompt:a+b,c", ["ctrl-a"], [.change(.prompt, "a+b,c")]),
    ("ctrl-r:transform-query(echo x)", ["ctrl-r"], [.transform(.query, "echo x")]),
    ("ctrl-r:bg-transform-header[date]", ["ctrl-r"], [.backgroundTransform(.header, "date")]),
    ("ctrl-t:transform:echo accept", ["ctrl-t"], [.transform(nil, "echo accept")]),
    ("alt-p:preview(cat {})", ["alt-p"], [.preview("cat {}")]),
    (
      "ctrl-f:unbind(change,ctrl-f)+rebind(ctrl-r)", ["ctrl-f"],
      [.unbind(triggers("change", "ctrl-f")), .rebind(triggers("ctrl-r"))]
    ),
    ("ctrl-x:trigger(ctrl-a)", ["ctrl-x"], [.trigger(triggers("ctrl-a"))]),
    ("ctrl-s:search<needle>", ["ctrl-s"], [.change(.search, "needle")]),
    ("ctrl-m:change-multi", ["ctrl-m"], [.changeMulti(nil)]),
    ("ctrl-m:change-multi(3)", ["ctrl-m"], [.changeMulti(3)]),
    ("::accept", [":"], [.action(.control(.accept))]),
    ("+:accept", ["+"], [.action(.control(.accept))]),
    ("a:put", ["a"], [.put("a")]),
    ("ctrl-/:change-preview-window(down|hidden|)", ["ctrl-/"], [.changePreviewWindow("down|hidden|")]),
    ("start:reload:ls -l | sort", ["start"], [.reload("ls -l | sort")]),
    ("focus:transform-header:file --brief {}", ["focus"], [.transform(.header, "file --brief {}")]),
  ])
  func readsFzfsForms(spec: String, triggers: [String], actions: [BoundAction]) {
    let parsed = parse(spec)
    #expect(parsed?.triggers == triggers)
    #expect(parsed?.actions == actions)
  }

  @Test func aListStartingWithPlusAddsToTheKeysActions() {
    var bindings = KeyBindings()
    try! bindings.apply("ctrl-a:select-all")
    try! bindings.apply("ctrl-a:+accept")
    #expect(
      bindings.actions(for: .ctrl(UInt8(ascii: "a"))) == [
        .action(.marking(.selectAll)), .action(.control(.accept)),
      ])
    try! bindings.apply("ctrl-a:first")
    #expect(bindings.actions(for: .ctrl(UInt8(ascii: "a"))) == [.action(.motion(.first))])
  }

  @Test(arguments: [
    "ctrl-a:fly", "ctrl-a:execute(ls", "ctrl-a", ":accept", "ctrl-a:select-all+", "ctrl-b:put",
    // A key that does not exist in `unbind(…)` and its kin, or none.
    "start:unbind(foo)", "ctrl-a:rebind(ctrl-b,ctlr-c)", "ctrl-a:toggle-bind()", "load:unbind()+accept",
    // A choice of `change-preview-window(…)` that is no `--preview-window` spec.
    "ctrl-a:change-preview-window(foo)", "ctrl-a:change-preview-window(bogus|right)",
  ])
  func refusesWhatFzfRefuses(spec: String) {
    #expect(throws: OptionError.self) {
      var bindings = KeyBindings()
      try bindings.apply(spec)
    }
  }

  @Test(arguments: [
    "start:unbind(ctrl-a,start,every(2))", "ctrl-a:rebind(,)", "ctrl-a:toggle-bind(change, load)",
    // As fzf: `trigger(…)` passes over what it does not know when it runs.
    "start:trigger(foo)",
    "ctrl-/:change-preview-window(down,50%,border-top|hidden|)", "ctrl-a:change-preview-window()",
    "ctrl-a:change-preview-window(right,50%,<80(up,60%))",
  ])
  func takesWhatFzfTakes(spec: String) {
    var bindings = KeyBindings()
    #expect(throws: Never.self) { try bindings.apply(spec) }
  }

  /// What `transform(…)` prints: actions without a key.
  @Test func transformOutputIsAnActionList() throws {
    #expect(
      try BindSpec.actions("change-header:Invalid selection") == [.change(.header, "Invalid selection")])
    #expect(
      try BindSpec.actions("rebind(change)+change-prompt(1> )+disable-search") == [
        .rebind(triggers("change")), .change(.prompt, "1> "), .action(.view(.disableSearch)),
      ])
  }
}

/// What the picker draws, as text.
private func screen(_ h: Harness) -> String { Renderer().render(h.state).text.joined(separator: "\n") }

/// The actions fzf has beyond moving and marking, on the state machine.
@Suite struct FzfActionTests {
  @Test func cancelClearsTheQueryThenAborts() {
    let h = Harness(["a", "b"], ["--bind", "esc:cancel"])
    h.type("a")
    h.press(.escape)
    #expect(h.query == "" && h.state.outcome == nil)
    h.press(.escape)
    #expect(h.state.outcome == .cancelled)
  }

  @Test func deleteCharOrEndAbortsOnAnEmptyQuery() {
    let h = Harness(["a"], ["--bind", "ctrl-d:delete-char/eof,bs:backward-delete-char/eof"])
    h.type("ab")
    h.press(.backspace, ctrl("a"), ctrl("d"))
    #expect(h.query == "" && h.state.outcome == nil)
    h.press(.backspace)
    #expect(h.state.outcome == .cancelled)
  }

  @Test func unbindRebindAndToggleBind() {
    let h = Harness(
      ["a", "b"],
      [
        "--bind",
        "ctrl-x:unbind(ctrl-a,change),ctrl-y:rebind(ctrl-a),ctrl-z:toggle-bind(ctrl-a),ctrl-a:select-all",
      ])
    h.press(ctrl("x"), ctrl("a"))
    #expect(h.state.selection.count == 0)
    h.press(ctrl("y"), ctrl("a"))
    #expect(h.state.selection.count == 2)
    h.press(ctrl("z"), alt("d"), ctrl("a"))
    #expect(h.state.selection.count == 0)
    h.press(ctrl("z"), ctrl("a"))
    #expect(h.state.selection.count == 2)
    // An unbound printable key types itself again.
    let typing = Harness(["a"], ["--bind", "x:select-all,ctrl-u:unbind(x)"])
    typing.press(ctrl("u"))
    typing.type("x")
    #expect(typing.query == "x")
  }

  @Test func triggerRunsAnotherBindingOnce() {
    let h = Harness(["a", "b"], ["--bind", "ctrl-a:select-all+trigger(ctrl-t),ctrl-t:trigger(ctrl-a)+down"])
    h.press(ctrl("t"))
    // ctrl-t ran ctrl-a (select-all), whose own trigger of ctrl-t was not run again; then down.
    #expect(h.state.selection.count == 2)
    #expect(h.current == "b")
  }

  @Test func searchCanBePausedAndOverridden() {
    let h = Harness(["apple", "banana", "cherry"], ["--bind", "ctrl-s:toggle-search,ctrl-n:search(an)"])
    h.type("e")
    #expect(h.listed == ["apple", "cherry"])
    h.press(ctrl("s"))
    h.type("r")
    // Paused: the list stays the one for `e`.
    #expect(h.listed == ["apple", "cherry"])
    h.press(ctrl("s"))
    #expect(h.listed == ["cherry"])
    h.press(ctrl("n"))
    #expect(h.listed == ["banana"])
    #expect(h.query == "er")
    // Typing drops the override.
    h.press(.backspace)
    #expect(h.listed == ["apple", "cherry"])
    // `--disabled` starts paused, with every line; enable-search filters by what is typed.
    let disabled = Harness(["apple", "banana"], ["--disabled", "--bind", "ctrl-e:enable-search"])
    disabled.type("ban")
    #expect(disabled.listed == ["apple", "banana"])
    disabled.press(ctrl("e"))
    #expect(disabled.listed == ["banana"])
    // New input while paused is listed whole (fzf's ripgrep launchers reload on a paused search).
    let reloading = Harness(["apple", "banana"], ["--bind", "ctrl-d:disable-search"])
    reloading.type("ban")
    reloading.press(ctrl("d"))
    reloading.reset()
    reloading.add(["cherry", "apple"])
    reloading.state.handle(.inputEnded)
    reloading.settle()
    #expect(reloading.listed == ["cherry", "apple"])
  }

  /// A `transform` hands its command to the driver and holds the actions after it until the output
  /// comes back.
  @Test func transformsSetWhatTheirCommandPrints() {
    let h = Harness(["a", "b"], ["--bind", "ctrl-t:transform-prompt(echo {q})+change-query(b)"])
    h.type("x")
    h.press(ctrl("t"))
    let work = h.state.takeWork()
    #expect(work.map(\.command) == [.transform(command: Array("echo 'x'".utf8))])
    #expect(work.first?.environment["FZF_QUERY"] == "x")
    #expect(work.first?.environment["FZF_KEY"] == "ctrl-t")
    #expect(work.first?.environment["FZF_CURRENT_ITEM"] == nil)
    #expect(work.first?.environment["FZF_DIRECTION"] == "down")
    #expect(work.first?.environment["FZF_INPUT_STATE"] == "enabled")
    #expect(h.query == "x")
    h.state.handle(.transformed(Array("new> \nignored\n".utf8)))
    h.settle()
    #expect(h.state.settings.look.prompt == "new> ")
    #expect(h.query == "b")
    #expect(h.listed == ["b"])

    let actions = Harness(["a", "b"], ["--bind", "enter:transform:echo whatever"])
    actions.press(enter)
    actions.state.handle(.transformed(Array("change-header(pick one)+down\n".utf8)))
    #expect(actions.state.settings.look.header == "pick one")
    #expect(actions.current == "b")
    #expect(actions.state.outcome == nil)
    actions.press(enter)
    actions.state.handle(.transformed(Array("nonsense\n".utf8)))
    #expect(actions.state.info.message?.contains("nonsense") == true)
  }

  @Test func waitHoldsTheRestUntilTheSearchIsDone() {
    let h = Harness(["xa", "b", "a"], ["--bind", "ctrl-w:change-query(a)+wait+last"], stream: true)
    h.press(ctrl("w"))
    // The input has not ended: `last` waits, and typing is ignored meanwhile.
    #expect(h.listed == ["a", "xa"])
    #expect(h.state.cursor == 0)
    h.type("z")
    #expect(h.query == "a")
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.current == "xa")
  }

  @Test func excludedLinesLeaveTheList() {
    let h = Harness(["a1", "a2", "a3", "b"], ["--bind", "ctrl-x:exclude,ctrl-y:exclude-multi"])
    h.press(ctrl("x"))
    #expect(h.listed == ["a2", "a3", "b"])
    h.press(tab, tab, ctrl("y"))
    #expect(h.listed == ["b"])
    #expect(h.state.selection.count == 0)
    // They stay out of later searches.
    h.type("a")
    #expect(h.listed.isEmpty)
  }

  @Test func headerCanBeHiddenAndChanged() {
    let h = Harness(
      ["TITLE", "a", "b"],
      ["--header-lines", "1", "--header", "top", "--bind", "ctrl-h:toggle-header,ctrl-c:change-header(new)"])
    #expect(h.state.headerCount == 2)
    h.press(ctrl("h"))
    #expect(h.state.headerCount == 0)
    #expect(!screen(h).contains("TITLE"))
    h.press(ctrl("h"), ctrl("c"))
    #expect(h.state.settings.look.header == "new")
    #expect(screen(h).contains("new"))
  }

  @Test func changeNthRotatesThroughItsChoices() {
    let h = Harness(["a b", "b a"], ["--bind", "ctrl-n:change-nth(2|1|)"])
    h.type("b")
    #expect(Set(h.listed) == ["a b", "b a"])
    h.press(ctrl("n"))
    #expect(h.listed == ["a b"])
    h.press(ctrl("n"))
    #expect(h.listed == ["b a"])
    h.press(ctrl("n"))
    #expect(Set(h.listed) == ["a b", "b a"])
  }

  @Test func changeMultiSetsTheLimit() {
    let h = Harness(["a", "b", "c"], ["--bind", "ctrl-o:change-multi(1),ctrl-u:change-multi"])
    h.press(ctrl("o"), tab, tab)
    #expect(h.state.selection.count == 1)
    h.press(ctrl("u"), alt("a"))
    #expect(h.state.selection.count == 3)
  }

  @Test func offsetScrollsWithoutMovingTheCursorUntilItMust() {
    let h = Harness(
      (1...40).map { "l\($0)" },
      ["--scroll-off", "0", "--bind", "ctrl-e:offset-down,ctrl-y:offset-up,ctrl-m:offset-middle"],
      rows: 12)
    h.press(ctrl("e"))
    #expect(h.state.offset == 1)
    #expect(h.current == "l2")
    h.press(ctrl("y"))
    #expect(h.state.offset == 0)
    #expect(h.current == "l2")
    h.state.handle(.key(.ctrl(UInt8(ascii: "m"))))
    #expect(h.state.offset == 0)
    h.press(.pageDown, .pageDown, ctrl("m"))
    let visible = h.state.listRows
    #expect(h.state.cursor - h.state.offset == (visible - 1) / 2)
  }

  @Test func movesToTheNextMarkedLine() {
    let h = Harness(["a", "b", "c", "d"], ["--bind", "ctrl-n:down-selected,ctrl-p:up-selected"])
    h.press(.down, tab)
    h.press(.down, tab)
    // Marks on b and d; the cursor past d.
    h.press(.up, .up, .up, .up)
    #expect(h.current == "a")
    h.press(ctrl("n"))
    #expect(h.current == "b")
    h.press(ctrl("n"))
    #expect(h.current == "d")
    // Past the last one it wraps around, as fzf's next-selected does.
    h.press(ctrl("n"))
    #expect(h.current == "b")
    h.press(ctrl("p"))
    #expect(h.current == "d")
  }

  @Test func jumpMovesToALabelledLine() {
    let h = Harness(
      ["a", "b", "c"], ["--bind", "ctrl-j:jump,ctrl-k:jump-accept,jump-cancel:change-prompt(no> )"])
    h.press(ctrl("j"))
    #expect(h.state.mode == .jumping(accepts: false))
    #expect(screen(h).hasSuffix("d   c"))
    h.type("d")
    #expect(h.current == "c")
    #expect(h.query == "")
    h.press(ctrl("j"))
    h.type("z")
    #expect(h.state.settings.look.prompt == "no> ")
    #expect(h.current == "c")
    h.press(ctrl("k"))
    h.type("s")
    #expect(h.accepted() == ["b"])
  }

  @Test func printQueryAndAcceptOrPrintQuery() {
    let h = Harness(["a"], ["--bind", "enter:accept-or-print-query"])
    h.type("zz")
    h.press(enter)
    #expect(h.state.outbox.printed == ["zz"])
    #expect(h.accepted() == [])
    let matching = Harness(["a"], ["--bind", "enter:accept-or-print-query"])
    matching.press(enter)
    #expect(matching.accepted() == ["a"])
    #expect(matching.state.outbox.printed.isEmpty)
  }

  @Test func replaceQueryTakesTheCurrentLine() {
    let h = Harness(["alpha", "beta"], ["--bind", "ctrl-r:replace-query"])
    h.press(.down, ctrl("r"))
    #expect(h.query == "beta")
    #expect(h.listed == ["beta"])
  }

  @Test func closeHidesThePreviewThenAborts() {
    let h = Harness(["a"], ["--preview", "cat {}", "--bind", "esc:close"])
    h.press(.escape)
    #expect(h.state.previewLayout == nil && h.state.outcome == nil)
    h.press(.escape)
    #expect(h.state.outcome == .cancelled)
  }

  @Test func previewActionShowsAnotherCommand() {
    let h = Harness(["a", "b"], ["--bind", "ctrl-v:preview(echo {})"])
    #expect(h.state.previewLayout == nil)
    h.press(ctrl("v"))
    #expect(h.state.previewLayout != nil)
    let commands = h.state.takeCommands()
    guard case .preview(_, let command, _, _, _) = commands.last else {
      Issue.record("no preview started: \(commands)")
      return
    }
    #expect(command == Array("echo 'a'".utf8))
  }

  /// The preview commands a harness's state queued, oldest first.
  private func previewRuns(_ h: Harness) -> [String] {
    h.state.takeCommands().compactMap {
      guard case .preview(_, let command, _, _, _) = $0 else { return nil }
      return String(decoding: command, as: UTF8.self)
    }
  }

  /// fzf's: `preview(…)` runs once; moving on runs `--preview`'s command, and so does
  /// `refresh-preview`.
  @Test func previewActionRunsOnceBesideTheDefault() {
    let h = Harness(
      ["a", "b"], ["--preview", "echo [{}]", "--bind", "ctrl-v:preview(echo ={}=),ctrl-r:refresh-preview"])
    #expect(previewRuns(h).last == "echo ['a']")
    h.press(ctrl("v"))
    #expect(previewRuns(h) == ["echo ='a'="])
    h.press(ctrl("r"))
    #expect(previewRuns(h) == ["echo ['a']"])
    h.press(ctrl("v"), .down)
    #expect(previewRuns(h) == ["echo ='a'=", "echo ['b']"])
  }

  /// Without `--preview`, what `preview(…)` showed stays: moving runs nothing, nor does
  /// `refresh-preview`.
  @Test func previewActionWithoutDefaultStays() {
    let h = Harness(["a", "b"], ["--bind", "ctrl-v:preview(echo ={}=),ctrl-r:refresh-preview"])
    h.press(ctrl("v"))
    #expect(previewRuns(h) == ["echo ='a'="])
    h.press(ctrl("r"), .down)
    #expect(previewRuns(h).isEmpty)
    #expect(h.state.previewLayout != nil)
  }

  /// fzf's rotation: each press takes the next `|` set, on top of `--preview-window`'s own.
  @Test func changePreviewWindowTurnsThroughItsSets() {
    let h = Harness(
      ["a"],
      [
        "--preview", "cat {}", "--preview-window", "right,40%", "--bind",
        "ctrl-/:change-preview-window(down|hidden|)",
      ],
      columns: 80)
    #expect(h.state.previewLayout?.position == .right)
    h.press(ctrl("/"))
    #expect(h.state.previewLayout?.position == .down)
    #expect(h.state.settings.preview.size == .percent(40))
    h.press(ctrl("/"))
    #expect(h.state.previewLayout == nil)
    h.press(ctrl("/"))
    #expect(h.state.previewLayout?.position == .right)
    h.press(ctrl("/"))
    #expect(h.state.previewLayout?.position == .down)
  }

  /// `--track` keeps the cursor on its line while the query changes; `track-current` does it for the
  /// current line until the cursor is moved.
  @Test func trackingKeepsTheCursorsLine() {
    let h = Harness(["apple", "apricot", "banana", "avocado"], ["--track", "--no-sort"])
    h.press(.down, .down, .down)
    #expect(h.current == "avocado")
    h.type("a")
    #expect(h.current == "avocado")
    h.type("v")
    #expect(h.current == "avocado")
    h.press(.backspace, .backspace)
    #expect(h.current == "avocado")
    h.type("zz")
    #expect(h.current == nil)
    let once = Harness(["apple", "apricot", "banana"], ["--no-sort", "--bind", "ctrl-t:track-current"])
    once.press(.down, ctrl("t"))
    once.type("p")
    #expect(once.current == "apricot")
    once.press(.backspace, .up)
    once.type("p")
    #expect(once.current == "apple")
    // Without tracking a new query starts at the top.
    let plain = Harness(["apple", "apricot", "banana"], ["--no-sort"])
    plain.press(.down)
    plain.type("p")
    #expect(plain.current == "apple")
  }

  @Test func eventsForMarksBackspaceAndResize() {
    let h = Harness(
      ["a", "b"],
      ["--bind", "multi:change-prompt(marked> ),backward-eof:change-header(eof),resize:change-query(r)"])
    h.press(tab)
    #expect(h.state.settings.look.prompt == "marked> ")
    h.press(.backspace)
    #expect(h.state.settings.look.header == "eof")
    h.state.handle(.resize(rows: 30, columns: 50))
    #expect(h.query == "r")
  }

  @Test func bellAndPreviewWrapAndLookOnlyActions() {
    let h = Harness(
      ["a"],
      [
        "--preview", "cat {}", "--bind",
        "ctrl-b:bell,ctrl-w:toggle-preview-wrap,ctrl-x:toggle-wrap+toggle-hscroll+track-current+toggle-raw",
      ])
    _ = h.state.takeCommands()
    h.press(ctrl("b"))
    #expect(h.state.takeCommands().contains(.bell))
    h.press(ctrl("w"))
    #expect(h.state.settings.preview.wrap)
    h.press(ctrl("x"))
    #expect(h.state.outcome == nil)
  }

  /// The line under the cursor goes to commands whole, unless it is too long to pass.
  @Test(arguments: [(1000, true), (70000, false)])
  func theCurrentItemIsPassedWhenItFits(length: Int, passed: Bool) {
    let line = String(repeating: "a", count: length)
    let h = Harness([line], ["--layout", "default", "--bind", "ctrl-t:execute-silent(true)"])
    h.press(ctrl("t"))
    let environment = h.state.takeWork().first?.environment
    #expect(environment?["FZF_CURRENT_ITEM"] == (passed ? line : nil))
    #expect(environment?["FZF_DIRECTION"] == "up")
  }

  /// A bare `put` printed by a transform types the key that ran it; before any action, the action
  /// commands see is `start`.
  @Test func aTransformsPutTypesItsKey() {
    let h = Harness(["a", "b"], ["--bind", "x:transform:echo put"])
    h.press(.char(UInt32(UInt8(ascii: "x"))))
    let work = h.state.takeWork()
    #expect(work.first?.environment["FZF_ACTION"] == "start")
    h.state.handle(.transformed(Array("put\n".utf8)))
    h.settle()
    #expect(h.query == "x")
  }

  /// `bg-transform…` runs while the picker goes on: keys work meanwhile, the output is taken when
  /// it comes, in the order the commands end; `bg-cancel` drops what is still running.
  @Test func backgroundTransformsLetThePickerGoOn() {
    let h = Harness(
      ["a", "b"],
      ["--bind", "x:bg-transform-header(echo H)+bg-transform(echo change-query:q),c:bg-cancel"])
    h.press(.char(UInt32(UInt8(ascii: "x"))))
    let ids = h.state.takeCommands().compactMap { command -> Int? in
      guard case .backgroundTransform(let id, _) = command else { return nil }
      return id
    }
    #expect(ids.count == 2)
    h.press(.char(UInt32(UInt8(ascii: "b"))))
    #expect(h.query == "b")
    h.state.handle(.backgroundTransformed(id: ids[1], output: Array("change-query:q\n".utf8)))
    h.settle()
    #expect(h.query == "q")
    h.state.handle(.backgroundTransformed(id: ids[0], output: Array("H\n".utf8)))
    #expect(h.state.settings.look.header == "H")
    h.press(.char(UInt32(UInt8(ascii: "x"))), .char(UInt32(UInt8(ascii: "c"))))
    let later = h.state.takeCommands()
    #expect(later.contains { if case .cancelBackground = $0 { true } else { false } })
    for case .backgroundTransform(let id, _) in later {
      h.state.handle(.backgroundTransformed(id: id, output: Array("change-query:late\n".utf8)))
    }
    #expect(h.query == "q")
  }

  /// fzf's `reload`: the old lines show until the new input comes, or until the query changes.
  @Test func reloadKeepsTheOldLinesUntilNewInput() {
    let h = Harness(["a1", "a2"], ["--bind", "x:reload(true)"])
    h.replace()
    #expect(h.listed == ["a1", "a2"])
    h.add(["b1"])
    #expect(h.listed == ["b1"])
    h.replace()
    h.press(.char(UInt32(UInt8(ascii: "b"))))
    #expect(h.listed.isEmpty)
  }

  /// fzf's: the cursor stays on its line when the header lines change (on the first line when its
  /// own became a header line).
  @Test func theCursorKeepsItsLineAcrossHeaderLines() {
    let h = Harness(
      (1...10).map(String.init),
      ["--header-lines", "3", "--bind", "a:change-header-lines(5),b:change-header-lines(1)"], profile: .fzf)
    #expect(h.current == "4")
    h.press(.char(UInt32(UInt8(ascii: "a"))))
    #expect(h.current == "6")
    h.press(.char(UInt32(UInt8(ascii: "b"))))
    #expect(h.current == "6" && h.state.listCount == 9)
  }

  /// An empty `change-with-nth()` brings back `--with-nth`'s fields; marks on lines the new fields
  /// no longer list go.
  @Test func withNthChangesRestoreAndPrune() {
    let h = Harness(
      ["one match x", "two miss y", "three match z"],
      ["--with-nth", "2", "--multi", "-q", "match", "--bind", "ctrl-a:select-all,a:change-with-nth(3|)"],
      profile: .fzf)
    h.press(ctrl("a"))
    #expect(h.state.selection.count == 2)
    h.press(.char(UInt32(UInt8(ascii: "a"))))
    #expect(h.state.listCount == 0 && h.state.selection.count == 0)
    h.press(.char(UInt32(UInt8(ascii: "a"))))
    #expect(h.state.listCount == 2)
  }

  /// `transform-with-nth` while a search with the old fields runs: that search's result, coming
  /// after, is not taken for the new fields' (it would stand, the query and lines being the same).
  @Test func aSearchWithTheOldFieldsIsDropped() {
    let h = Harness(
      [], ["--with-nth", "1", "-q", "^bravo$", "--bind", "space:transform-with-nth(echo 2)"], stream: true,
      profile: .fzf)
    var splitter = LineSplitter(terminator: 10)
    splitter.append(Array("alpha bravo charlie\ndelta echo foxtrot\ngolf hotel india\n".utf8))
    h.state.handle(.input(splitter.takeBlock(force: true)!))
    h.state.handle(.inputEnded)
    let stale = h.state.nextSearch()
    #expect(stale != nil)
    h.state.handle(.key(.char(0x20)))
    h.state.handle(.transformed(Array("2\n".utf8)))
    if let found = stale?.run(preview: { _ in }) { h.state.handle(.searched(found)) }
    h.settle()
    #expect(h.state.listCount == 1)
    #expect(h.current == "alpha bravo charlie")
  }

  /// Keys typed after Enter, while the list of the query is still being searched, cannot undo it:
  /// Enter picks from that list and the picker ends (fzf's shell tests type their next command
  /// line right behind the key that closes the picker).
  @Test func keysAfterEnterDoNotUndoIt() {
    let h = Harness(["echo to-keep", "echo another", "other"], ["-q", "kezz"], profile: .fzf)
    #expect(h.state.listCount == 0)
    h.state.handle(.key(.backspace))
    h.state.handle(.key(.backspace))
    let search = h.state.nextSearch()
    #expect(search != nil)
    h.state.handle(.key(enter))
    for c in "Prepare[0]".unicodeScalars { h.state.handle(.key(.char(c.value))) }
    if let found = search?.run(preview: { _ in }) { h.state.handle(.searched(found)) }
    h.settle()
    #expect(h.accepted() == ["echo to-keep"])
  }

  /// Keys typed while a transform runs wait for its output: they act on the state it leaves.
  @Test func keysWaitForATransform() {
    let h = Harness(
      (1...1000).map(String.init), ["--bind", "change:transform-search:echo {q}{q}"], profile: .fzf)
    h.type("1")
    h.state.handle(.transformed(Array("11\n".utf8)))
    h.settle()
    #expect(h.state.listCount == 28)
    h.press(.backspace, .char(UInt32(UInt8(ascii: "0"))))
    h.state.handle(.transformed(Array("\n".utf8)))
    h.settle()
    #expect(h.query == "0")
    h.state.handle(.transformed(Array("00\n".utf8)))
    h.settle()
    #expect(h.state.listCount == 10)
  }

  /// fzf's: after `reload`, the cursor is where it was in the list once the new input is there.
  @Test func reloadKeepsTheCursorsPlace() {
    let h = Harness((1...100).map(String.init), ["--bind", "x:reload(true)"], profile: .fzf)
    h.press(.up, .up, .up)
    #expect(h.current == "4")
    h.replace()
    h.add((1...100).map { "n\($0)" })
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.current == "n4")
  }

  /// `result-final` comes once the input has ended; an event during a transform waits for it.
  @Test func resultFinalWaitsForTheResultsTransform() {
    let h = Harness(
      ["1", "2"],
      ["--bind", "result:transform-header(echo R),result-final:transform-footer(echo F)"], stream: true,
      profile: .fzf)
    _ = h.state.takeWork()
    h.state.handle(.transformed(Array("R\n".utf8)))
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.state.settings.look.header == "R")
    #expect(h.state.mode.defersKeys)
    h.state.handle(.transformed(Array("F\n".utf8)))
    #expect(h.state.settings.look.footer == "F")
  }

  /// `toggle-hscroll`: a long line no longer scrolls to its match.
  @Test func hscrollCanBeTurnedOff() {
    let line = String(repeating: "=", count: 200) + "0123456789"
    let h = Harness(
      [line], ["-q", "0", "--hscroll-off", "3", "--bind", "space:toggle-hscroll"], columns: 40, profile: .fzf)
    func row() -> String { Renderer().render(h.state).text.first { $0.contains("=") } ?? "" }
    #expect(row().contains("0123··"))
    h.press(.char(32))
    #expect(row().hasSuffix("=··"))
  }

  /// `FZF_IDLE_TIME` and `FZF_IDLE_TIME_MS`: how long no key came, as the driver says with the
  /// `every(…)` event; 0 for a command a key runs.
  @Test func idleTimeReachesCommands() {
    let h = Harness(
      ["a"], ["--bind", "every(1):execute-silent(true)", "--bind", "space:execute-silent(x)"], profile: .fzf)
    _ = h.state.takeWork()
    h.state.handle(.every(1000, idleMilliseconds: 2500))
    let timed = h.state.takeWork()
    #expect(timed.count == 1)
    #expect(
      timed.first?.environment["FZF_IDLE_TIME"] == "2"
        && timed.first?.environment["FZF_IDLE_TIME_MS"] == "2500")
    h.press(.char(32))
    #expect(h.state.takeWork().first?.environment["FZF_IDLE_TIME_MS"] == "0")
  }

  /// `pos(0)` is the first line, as `pos(1)` is; `change-query` does nothing while the input is hidden.
  @Test func positionZeroAndAHiddenQuery() {
    let h = Harness(
      (1...10).map(String.init), ["--no-input", "--bind", "a:last+pos(0),b:change-query(5)"], profile: .fzf)
    h.press(.char(UInt32(UInt8(ascii: "a"))))
    #expect(h.state.cursor == 0)
    h.press(.char(UInt32(UInt8(ascii: "b"))))
    #expect(h.query == "" && h.state.listCount == 10)
  }

  /// The actions that run commands are not the last action commands see (fzf's `FZF_ACTION`).
  @Test func commandsAreNotTheLastAction() {
    let h = Harness(["a"], ["--bind", "x:first+execute-silent(true)+execute-silent(true)"])
    h.press(.char(UInt32(UInt8(ascii: "x"))))
    #expect(h.state.takeWork().map { $0.environment["FZF_ACTION"] } == ["first", "first"])
  }
}
