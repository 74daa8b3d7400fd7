import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// Every option that takes a number, at the extremes of what can be typed: each is refused with a
/// message or gives a result at once, in the filter and in the picker, never a trap or a hang.
@Suite struct NumericExtremesTests {
  /// Values a script or a fuzzer may pass where a number is expected.
  static let extremes = [
    "0", "-1", "1", "2147483648", "9223372036854775807", "-9223372036854775808", "18446744073709551616",
    "1e3", "",
    "99999999999999999999%", "100%", "-5%",
  ]

  /// The options of the table that take a number, found by trying it: `5` is taken and a word is not
  /// (and `--multi`, whose number the parser reads itself).
  static let numeric: [String] =
    ["--multi"]
    + (OptionTable.all + OptionTable.hidden).flatMap { info -> [String] in
      if case .nothing = info.takes { return [] }
      return info.names.filter { name in
        let takesFive = (try? OptionParser.parse([Array("\(name)=5".utf8)])) != nil
        let takesWord = (try? OptionParser.parse([Array("\(name)=word".utf8)])) != nil
        return name.hasPrefix("--") && takesFive && !takesWord
      }
    }

  @Test func theTableHasNumericOptions() {
    // The search above finds them (a change to how options parse must not empty the test).
    for name in [
      "--header-lines", "--min", "--max", "--height", "--scroll-off", "--tabstop", "--freeze-left",
      "--border-label-pos", "--multi",
    ] {
      #expect(Self.numeric.contains(name))
    }
  }

  @Test(arguments: numeric) func extremesEndAtOnce(_ name: String) {
    // Tabs: `--tabstop` expands each.
    let lines = (0..<30).map { "line \($0)\tof the input" }
    for value in Self.extremes {
      let options: Options
      do {
        options = try OptionParser.parse([Array("\(name)=\(value)".utf8)])
      } catch {
        #expect(!error.message.isEmpty, "\(name)=\(value)")
        continue
      }
      let text = lines.map { $0 + "\n" }.joined()
      let bytes = Array(text.utf8)
      let found = bytes.withUnsafeBytes {
        Filter.run(
          Array("line".utf8), in: .bytes($0, terminator: 10, owner: Holder()),
          settings: options.searchSettings
        )
        .lines.count
      }
      #expect(found <= lines.count, "\(name)=\(value)")
      guard let settings = try? options.pickerSettings(unicode: true, colors: false) else { continue }
      var state = PickerState(settings: settings, rows: 24, columns: 80)
      state.handle(.input(LineStore(lines: lines.map(\.utf8)).blocks[0]))
      state.handle(.inputEnded)
      for key: Key in [.char(0x6C), .down, .tab, .pageDown, .shiftUp, .up, .end, .home, .backspace] {
        settle(&state)
        state.handle(.key(key))
      }
      settle(&state)
      state.handle(.resize(rows: 3, columns: 5))
      let frame = Renderer().render(state)
      #expect(frame.rows.count <= 24, "\(name)=\(value)")
    }
  }

  /// Runs the searches the state asks for, as the search thread does.
  private func settle(_ state: inout PickerState) {
    while let request = state.nextSearch() {
      if let result = request.run(preview: { _ in }) { state.handle(.searched(result)) }
    }
  }
}

/// An owner for bytes the test holds itself.
private final class Holder {}
