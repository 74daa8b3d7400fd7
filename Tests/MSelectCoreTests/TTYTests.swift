import Glibc
import MSelectCore
import Testing

@testable import MSelectTerminal

/// The terminal's logic against a terminal of the test's own: raw mode and putting back exactly what
/// was found, keys typed ahead, output a terminal does not take.
@Suite struct TTYTests {
  /// A terminal in memory: its modes, the keys waiting, how much output it takes a write.
  final class FakeTerminal: TerminalDevice {
    let descriptor = FileDescriptor(rawValue: -1)
    var modes: termios
    var modesSet = 0
    var typed: [UInt8] = []
    /// The most bytes one write takes (0: none, the terminal is stalled); nil: a write fails.
    var takes: Int? = .max
    var written: [UInt8] = []
    var waited: Int32 = 0
    var readError: Int32?
    var closed = false

    init(modes: termios) { self.modes = modes }

    func attributes() throws(SystemError) -> termios { modes }
    func setAttributes(_ attributes: termios) throws(SystemError) {
      modes = attributes
      modesSet += 1
    }
    func pendingInput() -> Int { typed.count }
    func windowSize() -> (rows: Int, columns: Int)? { nil }
    func cellPixels() -> (width: Int, height: Int)? { nil }
    func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
      guard let takes else { throw SystemError("write", errno: EIO) }
      let n = min(takes, bytes.count)
      written += bytes.prefix(n)
      return n
    }
    func waitWritable(milliseconds: Int32) { waited += milliseconds }
    func readAvailable(upTo count: Int) throws(SystemError) -> [UInt8]? {
      if let readError { throw SystemError("read", errno: readError) }
      guard !typed.isEmpty else { return nil }
      defer { typed.removeFirst(min(count, typed.count)) }
      return Array(typed.prefix(count))
    }
    var foregroundGroup: pid_t { getpgrp() }
    func setForeground(_ group: pid_t) -> Bool { true }
    func close() { closed = true }
  }

  /// A shell's cooked mode: echo, line editing, signal keys, CR read as NL, output processed.
  private static var cooked: termios {
    var t = termios()
    t.c_iflag = tcflag_t(ICRNL | IXON | BRKINT)
    t.c_oflag = tcflag_t(OPOST | ONLCR)
    t.c_lflag = tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    t.c_cflag = tcflag_t(CREAD)
    return t
  }

  private func same(_ a: termios, _ b: termios) -> Bool {
    a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag && a.c_cflag == b.c_cflag
  }

  @Test func rawModeTurnsOffEchoLinesAndSignalsAndRestoreGivesBackWhatWasThere() throws {
    let device = FakeTerminal(modes: Self.cooked)
    let tty = TTY(device: device)
    try tty.enterRawMode()
    #expect(device.modes.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
    #expect(device.modes.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(device.modes.c_oflag & tcflag_t(OPOST) == 0)
    tty.restore()
    #expect(same(device.modes, Self.cooked))
  }

  /// Raw mode entered again (after a stop and SIGCONT) keeps the modes found the first time: the
  /// shell gets its own back, not the picker's.
  @Test func rawModeAgainKeepsTheFirstModesFound() throws {
    let device = FakeTerminal(modes: Self.cooked)
    let tty = TTY(device: device)
    try tty.enterRawMode()
    try tty.enterRawMode()
    tty.restore()
    #expect(same(device.modes, Self.cooked))
  }

  /// After leaving raw mode, the next one saves the modes found then.
  @Test func leavingForgetsTheSavedModes() throws {
    let device = FakeTerminal(modes: Self.cooked)
    let tty = TTY(device: device)
    try tty.enterRawMode()
    tty.leaveRawMode()
    var other = Self.cooked
    other.c_lflag &= ~tcflag_t(ECHO)
    device.modes = other
    try tty.enterRawMode()
    tty.restore()
    #expect(same(device.modes, other))
    let before = device.modesSet
    tty.leaveRawMode()
    tty.restore()
    #expect(device.modesSet == before + 1)
  }

  /// Keys typed before raw mode under a mode that read Enter as NL come back as CR (they accept);
  /// those typed after are left alone.
  @Test func enterTypedAheadReadsAsCarriageReturn() throws {
    let device = FakeTerminal(modes: Self.cooked)
    device.typed = Array("ab\n".utf8)
    let tty = TTY(device: device)
    try tty.enterRawMode()
    device.typed += [0x0A]
    #expect(try tty.read() == [0x61, 0x62, 0x0D, 0x0A])
    #expect(try tty.read() == nil)
  }

  @Test func aHungUpTerminalReadsAsTheEndAndOtherErrorsThrow() throws {
    let device = FakeTerminal(modes: Self.cooked)
    let tty = TTY(device: device)
    device.readError = EIO
    #expect(try tty.read() == [])
    device.readError = EBADF
    #expect(throws: TerminalError.self) { try tty.read() }
  }

  /// Output goes out in order as the terminal takes it; what a stalled terminal does not take waits,
  /// and is dropped after the time `drain` gives it; a failing terminal takes nothing more.
  @Test func outputWaitsForTheTerminalAndIsDroppedWhenItStalls() {
    let device = FakeTerminal(modes: Self.cooked)
    let tty = TTY(device: device)
    device.takes = 2
    tty.write("hello")
    #expect(device.written == Array("hello".utf8))
    #expect(!tty.hasPendingOutput)
    device.takes = 0
    tty.write("stuck")
    #expect(tty.hasPendingOutput)
    tty.drain(milliseconds: 120)
    #expect(!tty.hasPendingOutput)
    #expect(device.waited == 120)
    device.takes = nil
    tty.write("gone")
    #expect(!tty.hasPendingOutput)
  }

  /// Every way out of a `TTY` puts the modes back and closes the terminal.
  @Test func goingAwayRestoresAndCloses() throws {
    let device = FakeTerminal(modes: Self.cooked)
    var tty: TTY? = TTY(device: device)
    try tty?.enterRawMode()
    tty = nil
    #expect(same(device.modes, Self.cooked))
    #expect(device.closed)
  }
}
