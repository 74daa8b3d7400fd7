import Glibc
import MSelectCore

/// A non-blocking pipe that wakes the event loop's poll: another thread or a signal handler writes a
/// byte, the loop reads what arrived.
final class WakePipe: Sendable {
  let readEnd: FileDescriptor
  let writeEnd: FileDescriptor

  init() throws(TerminalError) {
    do {
      (readEnd, writeEnd) = try Syscall.pipe()
    } catch {
      throw .failed(error)
    }
  }

  deinit {
    Syscall.close(readEnd)
    Syscall.close(writeEnd)
  }

  /// Wakes the reader (a full pipe already will, so a failed write is fine).
  func wake(_ byte: UInt8 = 1) {
    var byte = byte
    _ = write(writeEnd.rawValue, &byte, 1)
  }

  /// The bytes written since the last call.
  func drain() -> [UInt8] { Syscall.drain(readEnd) }
}
