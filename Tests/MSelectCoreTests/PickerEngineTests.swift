import MSelectCore
import Testing

/// The picker through its public face: lines and keys in, the screen and the outcome out.
struct PickerEngineTests {
  private func engine(_ lines: [String], settings: PickerSettings = PickerSettings()) -> PickerEngine {
    var picker = PickerEngine(settings: settings, rows: 8, columns: 40)
    picker.push(lines)
    picker.endInput()
    picker.tick()
    return picker
  }

  @Test func typingNarrowsAndEnterAcceptsTheCurrentLine() {
    var picker = engine(["apple", "banana", "cherry"])
    #expect(picker.matchCount == 3)
    picker.type("an")
    picker.tick()
    #expect(picker.query == "an")
    #expect(picker.matchCount == 1)
    let screen = picker.screen.joined(separator: "\n")
    #expect(screen.contains("banana"))
    #expect(!screen.contains("cherry"))
    #expect(picker.outcome == nil)
    picker.press("enter")
    #expect(picker.outcome == .accepted(lines: [1], key: nil))
  }

  @Test func marksComeOutInInputOrder() {
    var picker = engine(["a", "b", "c"])
    picker.type("c")
    picker.tick()
    picker.press("tab")
    picker.press("ctrl-u")
    picker.type("a")
    picker.tick()
    picker.press("tab")
    picker.press("enter")
    #expect(picker.outcome == .accepted(lines: [0, 2], key: nil))
  }

  @Test func linesPushedInSeveralPartsAreNumberedOnFromTheLast() {
    var picker = PickerEngine(rows: 8, columns: 40)
    picker.push(["one", ""])
    picker.push(bytes: [[0x74, 0x77, 0xFF], Array("three".utf8)])
    picker.endInput()
    picker.type("thr")
    picker.tick()
    picker.press("enter")
    #expect(picker.outcome == .accepted(lines: [3], key: nil))
  }

  @Test func aNameNoKeyHasIsRefused() {
    var picker = engine(["a"])
    let refused = picker.press("ctrl-1")
    #expect(!refused)
    #expect(picker.outcome == nil)
    let pressed = picker.press("esc")
    #expect(pressed)
    #expect(picker.outcome == .cancelled)
  }

  @Test func settingsShapeThePicker() {
    var settings = PickerSettings()
    settings.prompt = "pick: "
    settings.selection.max = 1
    var picker = engine(["a", "b"], settings: settings)
    let prompt = picker.screen.first { $0.hasPrefix("pick: ") }
    #expect(prompt != nil)
    picker.press("tab")
    picker.press("tab")
    picker.press("enter")
    #expect(picker.outcome == .accepted(lines: [0], key: nil))
  }
}
