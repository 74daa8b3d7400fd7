import Glibc
import MSelectCore

/// The controlling terminal (/dev/tty): keys come from it, the picker is drawn on it.
///
/// Raw mode saves the settings first and `restore()` puts back exactly those. The descriptor is
/// non-blocking: output waits in `pending` until the terminal takes it, so a terminal that stops
/// reading (a frozen ssh session, a paused tmux pane) never blocks the event loop, and signals are
/// still answered.
final class TTY {
  private let device: TerminalDevice
  /// The descriptor the event loop waits on for keys.
  var fd: FileDescriptor { device.descriptor }
  private var saved: termios?
  /// Output the terminal has not taken yet.
  private var pending: [UInt8] = []
  /// Bytes that undo the modes the picker set, written by the crash handler (see `CrashGuard`).
  var resetOnCrash = ""
  /// How many of the next bytes read were typed before raw mode, under a mode that turned Enter
  /// (CR) into a newline (ICRNL): read back as CR, so a query typed ahead and its Enter accept.
  private var typedAhead = 0

  /// The controlling terminal.
  convenience init() throws(TerminalError) {
    do {
      self.init(device: try ControllingTerminal())
    } catch {
      throw .unavailable(error)
    }
  }

  init(device: TerminalDevice) {
    self.device = device
  }

  deinit {
    restore()
    device.close()
  }

  /// Raw mode: no echo, no line editing, no signal keys (ctrl-c arrives as a byte), no flow control,
  /// no CR→NL translation, no output processing; reads return after one byte. `TCSANOW`, not
  /// `TCSAFLUSH`: keys already typed (ahead of the picker, or while it was stopped: a shell may send
  /// SIGCONT at any moment) are kept for the picker, as fzf keeps them (see `typedAhead`).
  func enterRawMode() throws(TerminalError) {
    do throws(SystemError) {
      // The mode the keys typed so far arrived under: the shell's, or ours before a stop.
      let current = try device.attributes()
      let original = saved ?? current
      saved = original
      CrashGuard.arm(fd: fd.rawValue, settings: original, reset: resetOnCrash)
      var raw = original
      raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON | IXOFF | INLCR | IGNCR)
      raw.c_oflag &= ~tcflag_t(OPOST)
      raw.c_cflag |= tcflag_t(CS8)
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      try device.setAttributes(raw)
      let crToNewline = current.c_iflag & tcflag_t(ICRNL) != 0 && current.c_iflag & tcflag_t(IGNCR) == 0
      typedAhead = crToNewline ? device.pendingInput() : 0
    } catch {
      throw .failed(error)
    }
  }

  /// Puts back the settings saved by `enterRawMode` (idempotent). `TCSANOW`: output still in the
  /// kernel was already processed when written, and waiting for a stalled terminal to drain would
  /// block forever.
  /// Whether this process's group is the terminal's foreground group (it may hand the terminal on).
  var isForeground: Bool { device.foregroundGroup == getpgrp() }

  /// Makes `group` the terminal's foreground process group; false when it could not.
  @discardableResult
  func setForeground(_ group: pid_t) -> Bool { device.setForeground(group) }

  func restore() {
    guard let saved else { return }
    try? device.setAttributes(saved)
    CrashGuard.disarm()
  }

  /// Forgets the saved settings after restoring them, so a later raw mode saves afresh.
  func leaveRawMode() {
    restore()
    saved = nil
  }

  /// The size in cells (24×80 if the terminal does not say).
  var size: (rows: Int, columns: Int) { device.windowSize() ?? (24, 80) }

  /// A cell's size in pixels, when the terminal says.
  var cellPixels: (width: Int, height: Int)? { device.cellPixels() }

  /// Whether output is waiting for the terminal to take it.
  var hasPendingOutput: Bool { !pending.isEmpty }

  /// Queues `text` and writes what the terminal takes now.
  func write(_ text: String) {
    pending += text.utf8
    flush()
  }

  /// Writes as much pending output as the terminal takes without waiting. A terminal that fails
  /// (hung up) takes nothing more: its output is dropped.
  func flush() {
    while !pending.isEmpty {
      let written: Int
      do {
        written = try pending.withUnsafeBytes { (bytes) throws(SystemError) in
          try device.writeSome(bytes)
        }
      } catch {
        pending.removeAll()
        return
      }
      if written == 0 { return }
      pending.removeFirst(written)
    }
  }

  /// Flushes, waiting for the terminal up to `milliseconds` in all; what it did not take by then is
  /// dropped (a stalled terminal must not keep the process from ending).
  func drain(milliseconds: Int32) {
    var left = milliseconds
    flush()
    while !pending.isEmpty && left > 0 {
      let step = min(left, 50)
      device.waitWritable(milliseconds: step)
      left -= step
      flush()
    }
    pending.removeAll()
  }

  /// What the terminal sent: nil when nothing is there, `[]` when it hung up.
  func read() throws(TerminalError) -> [UInt8]? {
    do {
      guard var bytes = try device.readAvailable(upTo: 4096) else { return nil }
      let early = min(typedAhead, bytes.count)
      for i in 0..<early where bytes[i] == 0x0A { bytes[i] = 0x0D }
      typedAhead -= early
      return bytes
    } catch {
      if error.errno == EIO { return [] }
      throw .failed(error)
    }
  }
}
