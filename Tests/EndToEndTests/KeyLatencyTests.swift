import Foundation
import Glibc
import Testing

/// Keys are never starved: Esc and ctrl-c end the picker while input streams without end, while a
/// preview prints without end, in a `reload` loop, and with stdin closed. (The waits are safety nets
/// against a hang, not timing assertions: a starved key would never be acted on.)
@Suite struct KeyLatencyTests {
  static let keys: [[UInt8]] = [[0x1B], [0x03]]

  @Test(arguments: keys)
  func keysActWhileInputStreamsWithoutEnd(key: [UInt8]) throws {
    let picker = try PickerProcess([])
    picker.streamForever()
    #expect(picker.waitForScreen { $0.text.contains("y") })
    picker.send(key)
    #expect(picker.exitCode() == 130)
  }

  /// The spinner moves while input streams (the loop then never waits for anything).
  @Test func theSpinnerMovesWhileInputStreams() throws {
    let picker = try PickerProcess([])
    picker.streamForever()
    let glyphs = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
    func spinner(_ screen: ScreenEmulator) -> Character? { screen.text.first { glyphs.contains($0) } }
    #expect(picker.waitForScreen { spinner($0) != nil })
    let first = spinner(picker.screen)
    #expect(picker.waitForScreen { spinner($0) != nil && spinner($0) != first })
    picker.send([0x03])
    #expect(picker.exitCode() == 130)
  }

  @Test(arguments: [
    ["--preview", "yes"], ["--bind", "load:reload(printf 'a\\nb\\n')"], ["--bind", "result:reload(seq 3)"],
    ["--bind", "focus:reload(seq 3)"],
  ])
  func escapeActsWhileCommandsRunWithoutEnd(arguments: [String]) throws {
    let picker = try PickerProcess(arguments)
    picker.feed("1\n2\n3\n")
    picker.closeInput()
    #expect(picker.waitForScreen { $0.text.contains("/") })
    picker.send([0x1B])
    #expect(picker.exitCode() == 130)
  }

  /// With stdin closed the terminal must not become the input (it would take the keys).
  @Test func escapeEndsAPickerWhoseStdinIsClosed() throws {
    let picker = try PickerProcess(
      ["-c", "exec \"$0\" <&-", BinaryRunner.binary.path], executable: "/bin/sh")
    #expect(picker.waitForScreen { $0.text.contains("0/0") })
    picker.send([0x1B])
    #expect(picker.exitCode() == 130)
  }
}
