import MSelectCore
import Testing

@testable import MSelect

/// What the embedded picker's typed values become in the picker's settings, and how a picker
/// configured with them behaves (driven without a terminal).
struct EmbeddedPickerSettingsTests {
  /// Runs a picker's settings over its labels with `keys`, searching as asked; the outcome.
  private func outcome(_ picker: Picker<String>, keys: [Key]) throws -> PickerState.Outcome? {
    var state = PickerState(settings: try picker.makeSettings(), rows: 20, columns: 60)
    var splitter = LineSplitter(terminator: 10)
    splitter.append(Array(picker.items.map(picker.label).joined(separator: "\n").utf8) + [10])
    if let block = splitter.takeBlock(force: true) { state.handle(.input(block)) }
    state.handle(.inputEnded)
    func settle() {
      while let request = state.nextSearch() {
        if let result = request.run() { state.handle(.searched(result)) }
      }
    }
    settle()
    for key in keys {
      state.handle(.key(key))
      settle()
    }
    return state.outcome
  }

  @Test func preselectedItemsOpenMarkedAndComeOutInInputOrder() throws {
    var picker = Picker(["a", "b", "c", "d"])
    picker.preselected = { $0 == "d" || $0 == "b" }
    #expect(try outcome(picker, keys: [.enter]) == .accepted(lines: [1, 3], key: nil))
  }

  @Test func markingOrderIsKeptWhenAskedFor() throws {
    var picker = Picker(["a", "b", "c"])
    picker.outputInMarkingOrder = true
    // Move to c, mark it, go back up to a, mark it.
    let keys: [Key] = [.down, .down, .tab, .up, .up, .up, .tab, .enter]
    #expect(try outcome(picker, keys: keys) == .accepted(lines: [2, 0], key: nil))
    picker.outputInMarkingOrder = false
    #expect(try outcome(picker, keys: keys) == .accepted(lines: [0, 2], key: nil))
  }

  @Test func theQueryNarrowsAndBindingsReplaceDefaults() throws {
    var picker = Picker(["apple", "banana", "cherry"])
    picker.query = "an"
    picker.bindings[.ctrl("a")] = [.selectAll]
    // Only banana matches: select-all marks it alone.
    #expect(try outcome(picker, keys: [.ctrl(UInt8(ascii: "a")), .enter]) == .accepted(lines: [1], key: nil))
  }

  @Test func forgivingTyposFindsAMistypedWord() throws {
    var picker = Picker(["firefox", "thunderbird"])
    picker.query = "fierfox"
    #expect(try outcome(picker, keys: [.enter]) != .accepted(lines: [0], key: nil))
    picker.forgivesTypos = true
    #expect(try outcome(picker, keys: [.enter]) == .accepted(lines: [0], key: nil))
  }

  @Test func anAcceptKeyEndsThePickerAndIsNamed() throws {
    var picker = Picker(["one", "two"])
    picker.acceptKeys = [.ctrl("o")]
    #expect(
      try outcome(picker, keys: [.down, .ctrl(UInt8(ascii: "o"))]) == .accepted(lines: [1], key: "ctrl-o"))
  }

  @Test func theMinimumHoldsEnterBack() throws {
    var picker = Picker(["one", "two", "three"])
    picker.minimum = 2
    #expect(try outcome(picker, keys: [.tab, .enter]) == nil)
    #expect(try outcome(picker, keys: [.tab, .tab, .enter]) == .accepted(lines: [0, 1], key: nil))
  }

  @Test func theMaximumRefusesMoreMarks() throws {
    var picker = Picker(["one", "two", "three"])
    picker.maximum = 2
    #expect(try outcome(picker, keys: [.tab, .tab, .tab, .enter]) == .accepted(lines: [0, 1], key: nil))
  }

  @Test func aPreviewAsksForTheLineIndex() throws {
    var picker = Picker(["x"])
    #expect(try picker.makeSettings().preview.command == nil)
    picker.preview = { $0 }
    picker.previewPosition = .bottom
    picker.previewSize = 30
    let settings = try picker.makeSettings()
    #expect(settings.preview.command == "{n}")
    #expect(settings.preview.position == .down)
  }

  @Test func escapeCancels() throws {
    #expect(try outcome(Picker(["one"]), keys: [.escape]) == .cancelled)
  }

  @Test(arguments: [
    (Picker<String>.Height.percent(0), "height must be 1% to 100%, not 0%"),
    (.rows(0), "height must be 1 row or more, not 0"),
  ])
  func badHeightsAreRefused(height: Picker<String>.Height, message: String) {
    var picker = Picker(["a"])
    picker.height = height
    #expect(throws: PickerError.invalidConfiguration(message)) { try picker.makeSettings() }
  }

  @Test func badLimitsAreRefused() {
    var picker = Picker(["a"])
    picker.minimum = 3
    picker.maximum = 2
    #expect(throws: PickerError.invalidConfiguration("minimum (3) is more than maximum (2)")) {
      try picker.makeSettings()
    }
    picker.minimum = nil
    picker.maximum = 0
    #expect(throws: PickerError.invalidConfiguration("maximum must be 1 or more, not 0")) {
      try picker.makeSettings()
    }
  }

  @Test func keysHaveFzfNames() {
    #expect(PickerKey(named: "ctrl-a") == .ctrl("a"))
    #expect(PickerKey(named: "alt-x") == .alt("x"))
    #expect(PickerKey(named: "f5") == .f(5))
    #expect(PickerKey(named: "no-such-key") == nil)
    #expect(PickerKey.ctrl("A").description == "ctrl-a")
    // Keys no terminal sends are not one another.
    #expect(PickerKey.ctrl("1") != .alt("\u{1}"))
    #expect(PickerKey.ctrl("1") == .ctrl("1"))
    #expect(Set([PickerKey.ctrl("1"), .f(13)]).count == 2)
  }

  /// Actions by fzf's names are the Swift-named ones; names that are no action, or that need the
  /// command line, are nil.
  @Test func actionsByName() {
    #expect(PickerAction(named: "select-all") == .selectAll)
    #expect(PickerAction(named: "toggle-down") == .toggleDown)
    #expect(PickerAction(named: "kill-word")?.description == "kill-word")
    #expect(PickerAction(named: "forget") == nil)
    #expect(PickerAction(named: "bg-cancel") == nil)
    #expect(PickerAction(named: "select-everything") == nil)
    #expect(PickerAction.accept.description == "accept")
  }

  @Test func aKeyNoTerminalSendsIsAnError() {
    var picker = Picker(["a"])
    picker.bindings = [.ctrl("1"): [.selectAll]]
    #expect(throws: PickerError.invalidConfiguration("no terminal key is ctrl-1")) {
      try picker.makeSettings()
    }
    picker.bindings = [:]
    picker.acceptKeys = [.f(13)]
    #expect(throws: PickerError.invalidConfiguration("no terminal key is f13")) { try picker.makeSettings() }
  }
}
