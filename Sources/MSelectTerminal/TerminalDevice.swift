import Glibc
import MSelectCore

/// What the picker asks of its terminal: its modes, its size, the keys typed and the frames drawn.
///
/// The seam where tests put a terminal of their own: `TTY`'s logic (raw mode and putting back
/// exactly what it found, keys typed ahead, output a stalled terminal does not take) runs in process
/// against it. `ControllingTerminal` is the real one.
package protocol TerminalDevice: AnyObject {
  /// The descriptor the event loop waits on.
  var descriptor: FileDescriptor { get }
  /// The terminal's modes now.
  func attributes() throws(SystemError) -> termios
  /// Sets the modes at once (`TCSANOW`: a stalled terminal must not keep the picker waiting).
  func setAttributes(_ attributes: termios) throws(SystemError)
  /// Bytes typed and not read yet (0 when it does not say).
  func pendingInput() -> Int
  /// The size in cells, when the terminal says.
  func windowSize() -> (rows: Int, columns: Int)?
  /// A cell's size in pixels, when the terminal says.
  func cellPixels() -> (width: Int, height: Int)?
  /// Writes what the terminal takes without waiting; returns how much it took.
  func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int
  /// Waits up to `milliseconds` for the terminal to take output.
  func waitWritable(milliseconds: Int32)
  /// What the terminal sent, up to `count` bytes: nil when nothing is there, `[]` at its end.
  func readAvailable(upTo count: Int) throws(SystemError) -> [UInt8]?
  /// The terminal's foreground process group.
  var foregroundGroup: pid_t { get }
  /// Makes `group` the foreground process group; false when it could not.
  func setForeground(_ group: pid_t) -> Bool
  /// Closes the descriptor.
  func close()
}

/// The controlling terminal, `/dev/tty`, opened non-blocking.
final class ControllingTerminal: TerminalDevice {
  let descriptor: FileDescriptor

  init() throws(SystemError) {
    let fd = try Syscall.open("/dev/tty", O_RDWR | O_NOCTTY)
    do {
      try Syscall.setNonBlocking(fd)
    } catch {
      Syscall.close(fd)
      throw error
    }
    descriptor = fd
  }

  func attributes() throws(SystemError) -> termios { try Syscall.getAttributes(descriptor) }
  func setAttributes(_ attributes: termios) throws(SystemError) {
    try Syscall.setAttributes(descriptor, attributes, when: TCSANOW)
  }
  func pendingInput() -> Int { Syscall.pendingInput(descriptor) }
  func windowSize() -> (rows: Int, columns: Int)? { Syscall.windowSize(descriptor) }
  func cellPixels() -> (width: Int, height: Int)? { Syscall.cellPixels(descriptor) }
  func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
    try Syscall.writeSome(descriptor, bytes)
  }
  func waitWritable(milliseconds: Int32) {
    _ = try? Syscall.poll([(descriptor, Int16(POLLOUT))], timeoutMilliseconds: milliseconds)
  }
  func readAvailable(upTo count: Int) throws(SystemError) -> [UInt8]? {
    try Syscall.readAvailable(descriptor, upTo: count)
  }
  var foregroundGroup: pid_t { tcgetpgrp(descriptor.rawValue) }

  /// SIGTTOU is ignored meanwhile: a background group takes the terminal back this way.
  func setForeground(_ group: pid_t) -> Bool {
    let previous = signal(SIGTTOU, SIG_IGN)
    defer { signal(SIGTTOU, previous) }
    return tcsetpgrp(descriptor.rawValue, group) == 0
  }

  func close() { Syscall.close(descriptor) }
}
