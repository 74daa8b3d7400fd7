import Glibc
import MSelectCore

/// Why the candidate lines could not be read.
package enum InputError: Error, Equatable, Sendable {
  /// No FILE and stdin is a terminal: nothing is piped in.
  case stdinIsTerminal
  /// The FILE (or stdin) could not be opened or read.
  case unreadable(String, SystemError)
  /// The file got shorter while it was read (a log rotated under it).
  case changed(String)
  /// A line longer than `LineSplitter.maxLineLength`, or a `--preselect-file` larger than
  /// `InputReader.maxPreselectFileSize` (an endless input such as /dev/zero).
  case tooLarge(String, what: String, limit: Int)

  package var message: String {
    switch self {
    case .changed(let name): "\(name) changed while being read"
    case .tooLarge(let name, let what, let limit): "\(name): \(what) is longer than \(limit >> 20) MiB"
    case .stdinIsTerminal:
      "no input: pipe lines into mselect (e.g. ls | mselect) or name a file (mselect FILE)"
    case .unreadable(let name, let error): "cannot read \(name): \(error.reason)"
    }
  }
}

/// Reads candidate lines from a file descriptor into `LineBlock`s.
package final class InputReader: PolledLineStream {
  private let fd: FileDescriptor
  /// The input's name in messages: the FILE, or "standard input".
  package let name: String
  private let ownsDescriptor: Bool
  /// The command whose output is read (`init(command:…)`), until it is stopped.
  private var producer: pid_t?
  /// The command `producer` runs, as a failure names it (nil: not named, the built-in walker).
  private var producerCommand: String?
  private var splitter: LineSplitter
  /// What ends each line read.
  package let terminator: UInt8
  /// The size of the file when it was mapped (nil: not mapped).
  private var mappedSize: Int?
  /// Bytes read so far, and the most that may be (nil: no limit).
  private var read = 0
  private var sizeLimit: Int?

  /// Whether a pipe is read into buffers advised for huge pages (see `LineSplitter.hugePages`).
  package var hugePages: Bool {
    get { splitter.hugePages }
    set { splitter.hugePages = newValue }
  }

  /// How long a streaming read may go on gathering input that is there at once (nanoseconds).
  static let gatherTime = 15_000_000
  /// Faults in buffers ahead of a large streamed pipe (nil until the input passes `warmAfter`).
  private var warmer: BufferWarmer?
  /// Bytes of a streamed pipe after which buffers are faulted in ahead (see `BufferWarmer`).
  static let warmAfter = 16 << 20
  /// When a streaming read last handed out a block (monotonic nanoseconds).
  private var lastBlock = 0

  /// The largest `--preselect-file`: saved choices are small; an endless file must end in an error.
  package static let maxPreselectFileSize = 256 << 20

  /// Opens FILE, or stdin when `path` is nil or `-`.
  package init(path: String?, terminator: UInt8) throws(InputError) {
    splitter = LineSplitter(terminator: terminator)
    self.terminator = terminator
    if let path, path != "-" {
      do {
        fd = try Syscall.open(path, O_RDONLY)
      } catch {
        throw .unreadable(path, error)
      }
      name = path
      ownsDescriptor = true
    } else {
      if Syscall.isTerminal(.standardInput) { throw .stdinIsTerminal }
      fd = .standardInput
      Syscall.widenPipe(fd, to: 1 << 20)
      name = "standard input"
      ownsDescriptor = false
    }
  }

  /// Reads what `command` prints, run as the picker's commands are (`shell`: `--with-shell`'s words):
  /// with nothing piped in, fzf lists files (`MSELECT_DEFAULT_COMMAND`, else `Walker.command`).
  /// `named`: a failure of the command is reported (`failure()`) with its text.
  package convenience init(command: [UInt8], shell: [[UInt8]]?, terminator: UInt8, named: Bool = true)
    throws(InputError)
  {
    // In a process group of its own, so that what it started goes with it (`stopProducer`).
    guard let (output, pid) = try? ShellCommand.spawnReading(command, shell: shell, ownGroup: true) else {
      throw .stdinIsTerminal
    }
    self.init(descriptor: output, name: "the default command", terminator: terminator)
    producer = pid
    if named { producerCommand = String(decoding: command, as: UTF8.self) }
  }

  /// Once the input has ended: fzf's `[Command failed: CMD]` when the named command whose output
  /// this read exited with a failure (it is reaped here: it has closed its output, so the wait is
  /// short); nil otherwise.
  package func failure() -> String? {
    guard let pid = producer else { return nil }
    producer = nil
    let status = ShellCommand.reap(pid, graceMilliseconds: 200, group: true)
    guard status != 0, let command = producerCommand else { return nil }
    return "[Command failed: \(command)]"
  }

  /// Ends the command whose output this reads, if one was started and still runs, with everything it
  /// started (as fzf stops its default command when the picker ends).
  package func stopProducer() {
    guard let pid = producer else { return }
    producer = nil
    _ = ShellCommand.reap(pid, graceMilliseconds: 0, group: true)
  }

  /// Reads `lines` given as arguments (gum's `gum choose a b c`), each ended by `terminator`: they
  /// are written to an unlinked temporary file, read as any file is.
  package convenience init(lines: [[UInt8]], terminator: UInt8) throws(InputError) {
    var bytes: [UInt8] = []
    for line in lines { bytes += line + [terminator] }
    let file: (fd: FileDescriptor, path: String)
    do {
      file = try Syscall.temporaryFile(bytes)
    } catch {
      throw .unreadable("the arguments", error)
    }
    // Unlinked at once: the file goes with its descriptor.
    unlink(file.path)
    self.init(descriptor: file.fd, name: "the arguments", terminator: terminator)
  }

  /// What ends each name the built-in file walker (`Walker.command`) lists: a NUL, as a
  /// name may hold a newline.
  package static let walkerTerminator: UInt8 = 0

  /// Reads from `descriptor` (taken over: closed with the reader), named `name` in messages.
  init(descriptor: FileDescriptor, name: String, terminator: UInt8) {
    splitter = LineSplitter(terminator: terminator)
    self.terminator = terminator
    fd = descriptor
    self.name = name
    ownsDescriptor = true
  }

  deinit {
    warmer?.stop()
    if ownsDescriptor { Syscall.close(fd) }
  }

  /// When lines a streaming read held back (to gather a larger block) are due to be shown, if any
  /// are held (monotonic nanoseconds).
  package var heldLinesDue: Int? {
    splitter.pendingLines > 0 && warmer != nil ? lastBlock + InputReader.gatherTime : nil
  }

  /// The lines held back, as a block, once they are due.
  package func takeHeldLines() -> LineBlock? {
    guard let due = heldLinesDue, Syscall.monotonicNanoseconds() >= due else { return nil }
    lastBlock = Syscall.monotonicNanoseconds()
    return splitter.takeBlock(force: true)
  }

  /// The descriptor being read, for polling.
  package var descriptor: FileDescriptor { fd }

  /// Reads once; returns the complete lines it finished (if `streaming`, or the buffer filled up),
  /// and whether the input ended. When `streaming`, it reads on while more input is there at once
  /// (up to a full buffer, or `gatherTime`): a fast producer gives few large blocks, a slow one a
  /// block per read, and lines never wait long to be shown. Gathering stops early once `interrupt`
  /// (the terminal) has something to read: a key never waits for an endless producer.
  package func readOnce(streaming: Bool, interrupt: FileDescriptor? = nil) throws(InputError) -> (
    block: LineBlock?, ended: Bool
  ) {
    let now = Syscall.monotonicNanoseconds()
    let deadline = streaming ? now + InputReader.gatherTime : 0
    if streaming && warmer == nil && read >= InputReader.warmAfter && mappedSize == nil {
      warmer = BufferWarmer(hugePages: splitter.hugePages)
    }
    repeat {
      let count = try read(into: splitter.freeSpace())
      warmer?.poke()
      if count == 0 {
        stopWarming()
        return (splitter.finish(), true)
      }
      splitter.commit(count)
      try check(partialLine: splitter.partialLineLength)
      if let limit = sizeLimit, read > limit { throw .tooLarge(name, what: "the file", limit: limit) }
    } while streaming && !splitter.isNearlyFull && Syscall.isReadable(fd)
      && Syscall.monotonicNanoseconds() < deadline && !(interrupt.map(Syscall.isReadable) ?? false)
    // Lines wait at most `gatherTime` to be shown; sooner than that they gather into larger blocks,
    // which keep the buffer they were read into instead of being copied out of it.
    let due = streaming && (now - lastBlock >= InputReader.gatherTime || warmer == nil)
    let block = splitter.takeBlock(force: due)
    if block != nil { lastBlock = Syscall.monotonicNanoseconds() }
    return (block, false)
  }

  /// Stops faulting in buffers ahead (the input ended, or the reader goes).
  private func stopWarming() {
    warmer?.stop()
    warmer = nil
  }

  /// One read(2) into `space`, counted; 0 at the end of the input.
  package func read(into space: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
    let count: Int
    do {
      count = try Syscall.read(fd, into: space)
    } catch {
      throw .unreadable(name, error)
    }
    read += count
    return count
  }

  /// Fails on a line still unended after `LineSplitter.maxLineLength` bytes (an endless input).
  package func check(partialLine length: Int) throws(InputError) {
    if length > LineSplitter.maxLineLength {
      throw .tooLarge(name, what: "a line", limit: LineSplitter.maxLineLength)
    }
  }

  /// Reads everything into a store: a regular file is mapped (no copy), anything else is read.
  package func readAll() throws(InputError) -> LineStore {
    if let mapping = mapWhole() {
      return MappedLines.store(mapping.bytes, terminator: terminator, owner: mapping)
    }
    return try readSequentially()
  }

  /// The whole input mapped into memory, when it is a non-empty regular file not read from yet.
  package func mapWhole() -> FileMapping? {
    // Mapping starts at offset 0: only use it while the descriptor is still at the start.
    guard let size = Syscall.regularFileSize(fd), size > 0, lseek(fd.rawValue, 0, SEEK_CUR) == 0 else {
      return nil
    }
    guard let mapping = try? FileMapping(fd, size: size) else { return nil }
    mappedSize = size
    return mapping
  }

  /// The whole input mapped (see `mapWhole`).
  package func wholeInput() -> (bytes: UnsafeRawBufferPointer, owner: AnyObject)? {
    mapWhole().map { ($0.bytes, $0) }
  }

  /// Reads everything with read(2).
  private func readSequentially() throws(InputError) -> LineStore {
    var store = LineStore()
    try readBlocks(soon: false) { block in
      store.append(block)
      return true
    }
    return store
  }

  /// Reads everything with read(2), handing each block of lines to `body` as it is complete (`soon`:
  /// once lines have waited a moment, see `readOnce`), until `body` returns false.
  package func readBlocks(soon: Bool, _ body: (LineBlock) -> Bool) throws(InputError) {
    while true {
      let (block, ended) = try readOnce(streaming: soon)
      if let block, !body(block) { return }
      if ended { return }
    }
  }

  /// read(2) of the descriptor from any thread, each worker kept on a CPU of its own; the first
  /// error is kept for the failure.
  package func concurrentReads() -> ConcurrentReads<InputError> {
    let (fd, name) = (fd, name)
    let errorBox = Locked<SystemError?>(nil)
    return ConcurrentReads(
      read: { space in
        do throws(SystemError) {
          return try Syscall.read(fd, into: space)
        } catch {
          let failure: SystemError = error
          errorBox.withLock { $0 = $0 ?? failure }
          return -1
        }
      },
      place: { ThreadPlacement.keep(onAllowedCPU: $0) },
      failure: { reason in
        switch reason {
        case .lineTooLong: .tooLarge(name, what: "a line", limit: LineSplitter.maxLineLength)
        case .unreadable: .unreadable(name, errorBox.withLock { $0 } ?? SystemError("read", errno: EIO))
        }
      })
  }

  /// Whether the input is a file that got shorter than what was mapped of it (then the lines read
  /// from the missing part were zeros): the caller reports it instead of a result.
  package func changedWhileMapped() -> Bool {
    guard let mappedSize else { return false }
    if MappingGuard.sawTruncation { return true }
    return (Syscall.regularFileSize(fd) ?? 0) < mappedSize
  }

  /// Reads a whole small file as lines (for `--preselect-file`).
  package static func lines(ofFile path: String, terminator: UInt8) throws(InputError) -> [[UInt8]] {
    let reader = try InputReader(path: path, terminator: terminator)
    reader.sizeLimit = maxPreselectFileSize
    if let size = Syscall.regularFileSize(reader.fd), size > maxPreselectFileSize {
      throw .tooLarge(path, what: "the file", limit: maxPreselectFileSize)
    }
    let store = try reader.readAll()
    let lines = (0..<store.count).map { store.lineBytes($0) }
    if reader.changedWhileMapped() { throw .changed(path) }
    return lines
  }
}

/// A read-only mapping of a whole file, unmapped when the last line block using it goes away.
package final class FileMapping {
  package let bytes: UnsafeRawBufferPointer

  init(_ fd: FileDescriptor, size: Int) throws(SystemError) {
    bytes = try Syscall.map(fd, size: size)
    MappingGuard.register(bytes)
  }

  deinit {
    MappingGuard.unregister(bytes)
    Syscall.unmap(bytes)
  }
}
