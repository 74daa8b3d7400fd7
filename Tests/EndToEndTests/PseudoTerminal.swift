import Foundation
import Glibc

/// A pseudo-terminal pair and a child process that has its slave side as controlling terminal.
///
/// The child gets a new session (posix_spawn's SETSID) and opens the slave without O_NOCTTY, which
/// makes it the controlling terminal even in CI, where the tests themselves have none. Its stdin is a
/// pipe the test writes candidates into; stdout and stderr are pipes.
final class PickerProcess {
  let pid: pid_t
  let master: Int32
  let slavePath: String
  private var inputWrite: Int32
  private let outputRead: Int32
  private let errorRead: Int32
  private(set) var screen: ScreenEmulator
  /// Whether the emulated terminal answers cursor position queries (set before the first wait).
  var answersPositionQueries: Bool {
    get { screen.answersPositionQueries }
    set { screen.answersPositionQueries = newValue }
  }
  /// A mouse report still on its way when the program switches reports off (see `ScreenEmulator`).
  var inFlightAtMouseOff: [UInt8] {
    get { screen.inFlightAtMouseOff }
    set { screen.inFlightAtMouseOff = newValue }
  }
  private(set) var transcript: [UInt8] = []
  private(set) var exitStatus: Int32?
  /// The terminal settings before the child started.
  private(set) var initialSettings = ""

  /// The settings `stty -g` reports for the pseudo-terminal.
  var sttySettings: String { PickerProcess.stty(slavePath) }

  /// `stdinIsTerminal`: the child's stdin is the terminal too (nothing piped in); `cursorRow`: where
  /// the terminal's cursor is when the child starts (as if a shell had printed that many lines), and
  /// `lineText` what is on its line before it;
  /// `typedAhead`: keys typed on the terminal, in its initial (cooked) mode, before the child starts.
  init(
    _ arguments: [String], rows: Int = 24, columns: Int = 80, environment: [String: String] = [:],
    stdinIsTerminal: Bool = false, executable: String? = nil, cursorRow: Int = 0, lineText: String = "",
    typedAhead: String = "", cellPixels: (width: Int, height: Int) = (0, 0), ambiguousColumns: Int = 1
  ) throws {
    // posix_openpt/unlockpt/ptsname are not visible from Swift's Glibc module; these are their ioctls.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
      throw POSIXError(.ENOTTY)
    }
    slavePath = "/dev/pts/\(number)"
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellPixels.width),
      ws_ypixel: UInt16(rows * cellPixels.height))
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    screen = ScreenEmulator(rows: rows, columns: columns)
    screen.ambiguousColumns = ambiguousColumns
    screen.feed(Array(repeating: 0x0A, count: cursorRow) + Array(lineText.utf8))
    // Keep a slave descriptor open in the test so settings persist between runs and stty can read them.
    _ = open(slavePath, O_RDWR | O_NOCTTY)
    initialSettings = PickerProcess.stty(slavePath)
    if !typedAhead.isEmpty {
      let keys = Array(typedAhead.utf8)
      let terminal = master
      _ = keys.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
    }

    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    var errors: [Int32] = [0, 0]
    guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else { throw POSIXError(.EMFILE) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if !stdinIsTerminal { posix_spawn_file_actions_adddup2(&actions, input[0], 0) }
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    // Opened after setsid: the slave becomes the controlling terminal (fd 3, closed by nothing).
    posix_spawn_file_actions_addopen(&actions, 3, slavePath, O_RDWR, 0)
    if stdinIsTerminal { posix_spawn_file_actions_adddup2(&actions, 3, 0) }
    for fd in [input[0], input[1], output[0], output[1], errors[0], errors[1], master] {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID
    posix_spawnattr_setflags(
      &attributes, setsid | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)

    var env = ProcessInfo.processInfo.environment
    env["MSELECT_DEFAULT_OPTS"] = nil
    env["NO_COLOR"] = nil
    env["SWIFT_BACKTRACE"] = "enable=no"
    env["TERM"] = "xterm-256color"
    env["LANG"] = "C.UTF-8"
    for (k, v) in environment { env[k] = v }
    let argv = [executable ?? BinaryRunner.binary.path] + arguments
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var child: pid_t = 0
    let rc = posix_spawn(&child, argv[0], &actions, &attributes, cArgs, cEnv)
    guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
    pid = child
    close(input[0])
    close(output[1])
    close(errors[1])
    inputWrite = input[1]
    outputRead = output[0]
    errorRead = errors[0]
    // SIGPIPE must not kill the test runner if the child exits before reading its input.
    signal(SIGPIPE, SIG_IGN)
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    if inputWrite >= 0 { close(inputWrite) }
    close(outputRead)
    close(errorRead)
    close(master)
  }

  /// Writes candidate lines to the child's stdin.
  func feed(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(inputWrite, $0.baseAddress, $0.count) }
  }

  /// Writes `line` to the child's stdin over and over from another thread, as `yes` would, until
  /// the child stops reading (it exited) or `closeInput` is called.
  func streamForever(_ line: String = "y\n") {
    let chunk = Array(String(repeating: line, count: max(1, 65536 / max(1, line.utf8.count))).utf8)
    let fd = dup(inputWrite)
    close(inputWrite)
    inputWrite = -1
    Thread.detachNewThread {
      while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
      close(fd)
    }
  }

  /// Ends the child's input.
  func closeInput() {
    if inputWrite >= 0 { close(inputWrite) }
    inputWrite = -1
  }

  /// Types on the terminal.
  func type(_ text: String) {
    send(Array(text.utf8))
  }

  /// A mouse press and release of `button` (0 left, 2 right) on the cell at `row`, `column` (from 0).
  func click(row: Int, column: Int, button: Int = 0) {
    type("\u{1B}[<\(button);\(column + 1);\(row + 1)M\u{1B}[<\(button);\(column + 1);\(row + 1)m")
  }

  /// A wheel step over the cell at `row`, `column`.
  func wheel(up: Bool, row: Int, column: Int) {
    type("\u{1B}[<\(up ? 64 : 65);\(column + 1);\(row + 1)M")
  }

  func send(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  func resize(rows: Int, columns: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(pid, SIGWINCH)
  }

  /// Reads terminal output until `condition` holds for the screen; false after `seconds` (a safety net
  /// against a hang, not a timing assertion).
  @discardableResult
  func waitForScreen(seconds: Double = 15, _ condition: (ScreenEmulator) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition(screen) {
      guard Date() < deadline else { return false }
      pump(milliseconds: 100)
    }
    return true
  }

  /// Waits until the screen shows `text` somewhere.
  @discardableResult
  func waitFor(_ text: String) -> Bool { waitForScreen { $0.text.contains(text) } }

  /// The child's peak resident memory so far in KiB (`VmHWM`; mapped input pages count), while it runs.
  var peakMemory: Int? { peakResidentMemory(of: pid) }

  /// Waits for the child to exit, draining the terminal meanwhile; returns the raw wait status.
  func waitForExit(seconds: Double = 15) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var status: Int32 = 0
      let r = waitpid(pid, &status, WNOHANG)
      if r == pid {
        drain()
        exitStatus = status
        return status
      }
      pump(milliseconds: 50)
    }
    return nil
  }

  /// Waits for the child to exit without reading the terminal (as a frozen ssh session would); the
  /// terminal output is read only once the child is gone. Returns the raw wait status.
  func waitForExitWithoutReading(seconds: Double = 15) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        drain()
        exitStatus = status
        return status
      }
      usleep(10_000)
    }
    return nil
  }

  /// Waits until the child stops (ctrl-z), draining the terminal meanwhile.
  func waitForStop(seconds: Double = 15) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid && status & 0xFF == 0x7F {
        drain()
        return true
      }
      pump(milliseconds: 50)
    }
    return false
  }

  /// What the child printed on stdout (after it exited; a child still running is killed first, so a
  /// failing test reports instead of waiting for an end of file that never comes).
  var stdout: String {
    endIfRunning()
    return String(decoding: PickerProcess.readAll(outputRead), as: UTF8.self)
  }
  var stderr: String {
    endIfRunning()
    return String(decoding: PickerProcess.readAll(errorRead), as: UTF8.self)
  }

  private func endIfRunning() {
    guard exitStatus == nil else { return }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    exitStatus = status
  }

  /// Reads whatever the child already wrote to the terminal.
  private func drain() {
    while pump(milliseconds: 20) {}
  }

  /// Reads terminal output for up to `milliseconds`; false if nothing came.
  @discardableResult
  private func pump(milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, milliseconds) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    guard n > 0 else { return false }
    transcript += buffer[..<n]
    screen.feed(Array(buffer[..<n]))
    let replies = screen.takeReplies()
    if !replies.isEmpty { send(replies) }
    return true
  }

  private static func readAll(_ fd: Int32) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { return out }
      out += buffer[..<n]
    }
  }

  static func stty(_ path: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/stty")
    process.arguments = ["-g"]
    process.standardInput = FileHandle(forReadingAtPath: path)
    let out = Pipe()
    process.standardOutput = out
    try? process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

extension PickerProcess {
  /// A picker on 24 rows and `columns`, fed `lines` (input closed), with the stty settings before it.
  static func started(_ arguments: [String], lines: String, columns: Int) throws -> (PickerProcess, String) {
    let picker = try PickerProcess(arguments, rows: 24, columns: columns)
    let before = picker.initialSettings
    picker.feed(lines)
    picker.closeInput()
    return (picker, before)
  }

  /// Waits for the exit and returns its code (nil if it was killed by a signal or did not exit).
  func exitCode() -> Int32? {
    guard let status = waitForExit() else { return nil }
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
  }

  /// Waits for the exit and returns the signal that killed it, if any.
  func exitSignal() -> Int32? {
    guard let status = waitForExit() else { return nil }
    let signal = status & 0x7F
    return signal != 0 && signal != 0x7F ? signal : nil
  }
}

/// Processes of one process group, read off /proc.
enum ProcessGroup {
  /// True once no process of `group` is alive, within `seconds`. A zombie counts as ended: an orphan
  /// waits for its new parent (init, or a container's first process that may never reap) to collect it.
  static func ends(_ group: pid_t, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if livingMembers(group).isEmpty { return true }
      usleep(5_000)
    }
    return false
  }

  /// The pids of `group`'s members that are not zombies.
  static func livingMembers(_ group: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After the command name: state, parent, process group.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
      return pid
    }
  }
}
