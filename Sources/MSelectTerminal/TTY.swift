import Glibc

/// The controlling terminal (/dev/tty): keys come from it, the picker is drawn on it.
///
/// Raw mode saves the settings first and `restore()` puts back exactly those.
final class TTY {
  let fd: Int32
  private var saved: termios?

  init() throws(TerminalError) {
    do {
      fd = try Syscall.open("/dev/tty", O_RDWR | O_NOCTTY)
    } catch {
      throw .unavailable(error)
    }
  }

  deinit {
    restore()
    Syscall.close(fd)
  }

  /// Raw mode: no echo, no line editing, no signal keys (ctrl-c arrives as a byte), no flow control,
  /// no CR→NL translation, no output processing; reads return after one byte.
  func enterRawMode() throws(TerminalError) {
    do throws(SystemError) {
      let original: termios
      if let saved {
        original = saved
      } else {
        original = try Syscall.getAttributes(fd)
      }
      saved = original
      var raw = original
      raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON | IXOFF | INLCR | IGNCR)
      raw.c_oflag &= ~tcflag_t(OPOST)
      raw.c_cflag |= tcflag_t(CS8)
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      try Syscall.setAttributes(fd, raw, when: TCSAFLUSH)
    } catch {
      throw .failed(error)
    }
  }

  /// Puts back the settings saved by `enterRawMode` (idempotent).
  func restore() {
    guard let saved else { return }
    try? Syscall.setAttributes(fd, saved)
  }

  /// Forgets the saved settings after restoring them, so a later raw mode saves afresh.
  func leaveRawMode() {
    restore()
    saved = nil
  }

  /// The size in cells (24×80 if the terminal does not say).
  var size: (rows: Int, columns: Int) { Syscall.windowSize(fd) ?? (24, 80) }

  func write(_ text: String) {
    try? Syscall.write(fd, Array(text.utf8))
  }

  func read() throws(TerminalError) -> [UInt8] {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { buffer.deallocate() }
    do {
      let n = try Syscall.read(fd, into: buffer)
      return Array(buffer[..<n])
    } catch {
      throw .failed(error)
    }
  }
}
