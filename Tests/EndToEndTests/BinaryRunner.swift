import Foundation

/// Runs the built `mselect` binary through pipes and collects what it printed.
struct BinaryRunner {
  /// The result of one run.
  struct Result {
    var stdout: [UInt8]
    var stderr: String
    var status: Int32

    var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  /// `$MSELECT_BINARY` (so `.ci/run` can test the binary `scripts/install` ships), else the binary next
  /// to the test bundle in the build directory.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["MSELECT_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var dir = exe.deletingLastPathComponent()
    // The test runner may live inside a .xctest bundle directory.
    while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("mselect").path)
      && dir.path != "/"
    {
      dir = dir.deletingLastPathComponent()
    }
    return dir.appendingPathComponent("mselect")
  }()

  /// Runs `mselect arguments` with `input` on stdin (nil: stdin is /dev/null).
  ///
  /// `withoutTerminal` starts it in a new session (setsid), where /dev/tty cannot be opened;
  /// `executable` runs another program the same way (a link named `fzf`, an example package).
  static func run(
    _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:],
    withoutTerminal: Bool = false, executable: URL = binary
  ) throws -> Result {
    // A child that exits before reading all its input must not kill the test runner.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    if withoutTerminal {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
      process.arguments = ["-w", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    var env = ProcessInfo.processInfo.environment
    env["MSELECT_DEFAULT_OPTS"] = nil
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardInput = input == nil ? FileHandle(forReadingAtPath: "/dev/null") : stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    try process.run()
    // Feed stdin and drain both outputs concurrently so large data cannot deadlock the pipes.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    DispatchQueue.global().async(group: group) { out = stdoutPipe.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { err = stderrPipe.fileHandleForReading.readDataToEndOfFile() }
    if let input {
      let handle = stdinPipe.fileHandleForWriting
      try? handle.write(contentsOf: Data(input))
      try? handle.close()
    }
    group.wait()
    process.waitUntilExit()
    return Result(
      stdout: Array(out), stderr: String(decoding: err, as: UTF8.self), status: process.terminationStatus)
  }

  /// `run` with text input.
  static func run(_ arguments: [String], _ input: String, environment: [String: String] = [:]) throws
    -> Result
  {
    try run(arguments, input: Array(input.utf8), environment: environment)
  }
}

/// A temporary file holding `bytes`, removed by the caller.
func temporaryFile(_ bytes: [UInt8]) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("mselect-test-\(UUID().uuidString)")
  try Data(bytes).write(to: url)
  return url
}

/// Runs `mselect arguments` (stdin and stdout on /dev/null) with its data segment limited to `limit`
/// bytes (`ulimit -d`: heap and private writable mappings, not the mapped input); returns its exit
/// status, or 128 + the signal that ended it.
func runWithDataLimit(_ limit: Int, _ arguments: [String]) throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments =
    ["-c", "ulimit -d \(limit >> 10) && exec \"$0\" \"$@\"", BinaryRunner.binary.path] + arguments
  var environment = ProcessInfo.processInfo.environment
  environment["MSELECT_DEFAULT_OPTS"] = nil
  environment["SWIFT_BACKTRACE"] = "enable=no"
  process.environment = environment
  process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
  process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
  process.standardError = FileHandle(forWritingAtPath: "/dev/null")
  try process.run()
  process.waitUntilExit()
  return process.terminationReason == .uncaughtSignal
    ? 128 + process.terminationStatus : process.terminationStatus
}

/// Whether this process runs under a sanitizer (whose shadow memory no data limit allows).
let underSanitizer =
  dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
  || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

/// The peak resident memory of the running process `pid` in KiB (`VmHWM` in /proc; mapped pages
/// count). Read while it runs: the rusage of a spawned child would include its parent's memory,
/// which the child shares until it executes its program.
func peakResidentMemory(of pid: pid_t) -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return nil }
  return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).dropLast(3))
}

/// Whether `process` waits in a write to a pipe (true when the kernel does not say what it waits in).
private func blockedWriting(_ process: pid_t) -> Bool {
  guard let wait = try? String(contentsOfFile: "/proc/\(process)/wchan", encoding: .utf8), wait != "0"
  else { return true }
  return wait.contains("pipe_write")
}

/// Runs `mselect arguments` (stdin on /dev/null) and returns its exit status and its peak resident
/// memory in KiB up to its first output: read while it waits to write the rest (its output must
/// exceed a pipe's buffer), which comes after it has searched and ranked.
func runMeasuringMemory(_ arguments: [String]) throws -> (status: Int32, peakKiB: Int) {
  var output: [Int32] = [0, 0]
  guard pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, output[1], 1)
  posix_spawn_file_actions_addclose(&actions, output[0])
  posix_spawn_file_actions_addclose(&actions, output[1])
  let argv = [BinaryRunner.binary.path] + arguments
  let cArgs = argv.map { strdup($0) } + [nil]
  let environment: [String] = ["SWIFT_BACKTRACE=enable=no", "LANG=C.UTF-8"]
  let cEnv = environment.map { strdup($0) } + [nil]
  defer {
    cArgs.forEach { free($0) }
    cEnv.forEach { free($0) }
  }
  var child: pid_t = 0
  let rc = posix_spawn(&child, argv[0], &actions, nil, cArgs, cEnv)
  close(output[1])
  defer { close(output[0]) }
  guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
  // The pipe fills and the child blocks in its output: still alive, its search and sort behind it.
  // (A child that ended first is left unreaped, and has no memory to read: 0.) mselect widens the
  // pipe for a long result, whose pages are not all full when it blocks: where the kernel says what
  // the child waits in, that is waited for.
  var size: Int32 = 0
  var entry = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
  var info = siginfo_t()
  while poll(&entry, 1, 50) >= 0, ioctl(output[0], UInt(FIONREAD), &size) == 0,
    size < 65536 || !blockedWriting(child)
  {
    info = siginfo_t()
    if waitid(P_PID, id_t(child), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_signo != 0 { break }
    usleep(1000)
  }
  let peak = peakResidentMemory(of: child) ?? 0
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while buffer.withUnsafeMutableBytes({ read(output[0], $0.baseAddress, $0.count) }) > 0 {}
  var status: Int32 = 0
  while waitpid(child, &status, 0) < 0 && errno == EINTR {}
  return ((status >> 8) & 0xFF, peak)
}
