import Glibc
import MSelectCore

/// The system calls that more than one part of mselect makes, each retrying EINTR and throwing
/// `SystemError` on failure. Calls that belong to one concern stay in its file (`SavedFile`'s
/// locks and renames, `TemporaryFiles`, the terminal's in `TTY`), all in this module.
package enum Syscall {
  /// Runs `call` until it does not fail with EINTR; -1 becomes a `SystemError`.
  @inline(__always)
  package static func retrying<T: BinaryInteger>(_ operation: @autoclosure () -> String, _ call: () -> T)
    throws(SystemError) -> T
  {
    while true {
      let result = call()
      if result != -1 { return result }
      let code = Glibc.errno
      if code == EINTR { continue }
      throw SystemError(operation(), errno: code)
    }
  }

  package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemError)
    -> FileDescriptor
  {
    FileDescriptor(rawValue: try retrying("open \(path)") { Glibc.open(path, flags | O_CLOEXEC, mode) })
  }

  /// `count` bytes from the kernel's random source (/dev/urandom: getrandom(2) is not in Swift's
  /// Glibc module).
  package static func randomBytes(_ count: Int) throws(SystemError) -> [UInt8] {
    let fd = try open("/dev/urandom", O_RDONLY)
    defer { close(fd) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
    defer { buffer.deallocate() }
    var filled = 0
    while filled < count {
      let got = try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      guard got > 0 else { throw SystemError("read /dev/urandom", errno: EIO) }
      filled += got
    }
    return Array(buffer)
  }

  /// Makes the directory `path` and those above it that are missing, user-only (mkdir -p).
  package static func makeDirectories(_ path: String) throws(SystemError) {
    var made = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      made += part
      if mkdir(made, 0o700) != 0 && errno != EEXIST { throw SystemError("mkdir \(made)", errno: errno) }
      made += "/"
    }
  }

  package static func close(_ fd: FileDescriptor) {
    // EINTR on close must not be retried on Linux: the descriptor is already gone.
    _ = Glibc.close(fd.rawValue)
  }

  /// Reads up to `buffer.count` bytes; 0 means end of input.
  package static func read(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemError) -> Int
  {
    try retrying("read") { Glibc.read(fd.rawValue, buffer.baseAddress, buffer.count) }
  }

  /// Writes all of `bytes`, continuing after partial writes.
  package static func write(_ fd: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      offset += try retrying("write") {
        Glibc.write(fd.rawValue, bytes.baseAddress! + offset, bytes.count - offset)
      }
    }
  }

  package static func write(_ fd: FileDescriptor, _ bytes: [UInt8]) throws(SystemError) {
    let failure = bytes.withUnsafeBytes { b -> SystemError? in
      do throws(SystemError) {
        try write(fd, b)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Writes what the descriptor takes now (it must be non-blocking); returns the bytes written, 0 when
  /// it would block.
  package static func writeSome(_ fd: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(SystemError)
    -> Int
  {
    guard bytes.count > 0 else { return 0 }
    while true {
      let result = Glibc.write(fd.rawValue, bytes.baseAddress, bytes.count)
      if result >= 0 { return result }
      let code = Glibc.errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return 0 }
      throw SystemError("write", errno: code)
    }
  }

  /// Reads what is there now (the descriptor must be non-blocking); nil when nothing is, `[]` at the end.
  package static func readAvailable(_ fd: FileDescriptor, upTo count: Int) throws(SystemError) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    while true {
      let result = buffer.withUnsafeMutableBytes { Glibc.read(fd.rawValue, $0.baseAddress, $0.count) }
      if result >= 0 { return Array(buffer[..<result]) }
      let code = Glibc.errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return nil }
      throw SystemError("read", errno: code)
    }
  }

  /// Makes reads and writes on `fd` return at once instead of waiting.
  package static func setNonBlocking(_ fd: FileDescriptor) throws(SystemError) {
    let flags = try retrying("fcntl") { fcntl(fd.rawValue, F_GETFL) }
    _ = try retrying("fcntl") { fcntl(fd.rawValue, F_SETFL, flags | O_NONBLOCK) }
  }

  package static func isTerminal(_ fd: FileDescriptor) -> Bool { isatty(fd.rawValue) == 1 }

  /// Nanoseconds on the monotonic clock.
  package static func monotonicNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
  }

  /// Whether a read from `fd` would return at once (input waiting, or its end).
  package static func isReadable(_ fd: FileDescriptor) -> Bool {
    var entry = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
    return Glibc.poll(&entry, 1, 0) > 0
  }

  /// Asks for a pipe buffer of `size` bytes when `fd` is a pipe (fewer, larger reads; the writer
  /// blocks less often). Best effort: the system may refuse or give less.
  package static func widenPipe(_ fd: FileDescriptor, to size: Int32) {
    var info = stat()
    guard fstat(fd.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
    _ = fcntl(fd.rawValue, setPipeSize, size)
  }

  /// Makes freed blocks of `bytes` or more go back to the system at once. glibc raises its own
  /// threshold each time a large block is freed, so a long-lived process that replaces large arrays
  /// keeps the largest it ever freed in its heap. Best effort (another C library ignores it).
  package static func returnFreedBlocks(atLeast bytes: Int32) {
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>, which Glibc's module leaves out
    _ = cMallopt(mmapThreshold, bytes)
  }

  /// The CPUs the calling thread may run on, in increasing order (up to 1,024 of them: a larger
  /// machine's set does not fit the mask, and the call fails).
  package static func threadCPUs() throws(SystemError) -> [Int] {
    var mask = [UInt64](repeating: 0, count: cpuMaskWords)
    _ = try retrying("sched_getaffinity") {
      mask.withUnsafeMutableBytes { cSchedGetaffinity(0, $0.count, $0.baseAddress!) }
    }
    var cpus: [Int] = []
    for (word, bits) in mask.enumerated() {
      var rest = bits
      while rest != 0 {
        cpus.append(word * 64 + rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
    return cpus
  }

  /// Lets the calling thread run on `cpus` only.
  package static func setThreadCPUs(_ cpus: [Int]) throws(SystemError) {
    var mask = [UInt64](repeating: 0, count: cpuMaskWords)
    for cpu in cpus where cpu >= 0 && cpu < cpuMaskWords * 64 { mask[cpu / 64] |= 1 << UInt64(cpu % 64) }
    _ = try retrying("sched_setaffinity") {
      mask.withUnsafeBytes { cSchedSetaffinity(0, $0.count, $0.baseAddress!) }
    }
  }

  /// 64-bit words of a CPU mask: glibc's `cpu_set_t` size.
  private static let cpuMaskWords = 16

  /// The size of a regular file, or nil for pipes, terminals and the like.
  package static func regularFileSize(_ fd: FileDescriptor) -> Int? {
    var info = stat()
    guard fstat(fd.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Maps `size` bytes of a file read-only. Pages fault in as the matching threads reach them, in parallel
  /// (measured faster than MAP_POPULATE, which loads them all on this thread first).
  package static func map(_ fd: FileDescriptor, size: Int) throws(SystemError) -> UnsafeRawBufferPointer {
    guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd.rawValue, 0), p != MAP_FAILED else {
      throw SystemError("mmap", errno: Glibc.errno)
    }
    return UnsafeRawBufferPointer(start: p, count: size)
  }

  package static func unmap(_ bytes: UnsafeRawBufferPointer) {
    _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
  }

  package static func pipe() throws(SystemError) -> (read: FileDescriptor, write: FileDescriptor) {
    var fds: [Int32] = [0, 0]
    _ = try retrying("pipe") { Glibc.pipe(&fds) }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
  }

  /// A listening TCP socket on `host` (an IPv4 address or `localhost`) and `port` (0: any free one),
  /// non-blocking; returns it and the port it got.
  package static func listenTCP(host: String, port: Int) throws(SystemError) -> (
    fd: FileDescriptor, port: Int
  ) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    let name = host == "localhost" ? "127.0.0.1" : host
    guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else {
      throw SystemError("listen on \(host)", errno: EADDRNOTAVAIL)
    }
    let fd = FileDescriptor(
      rawValue: try retrying("socket") {
        socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      })
    do throws(SystemError) {
      var on: Int32 = 1
      _ = setsockopt(fd.rawValue, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
      try listen(fd, at: address, "\(host):\(port)")
      var bound = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = try retrying("getsockname") {
        withUnsafeMutablePointer(to: &bound) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd.rawValue, $0, &length) }
        }
      }
      return (fd, Int(UInt16(bigEndian: bound.sin_port)))
    } catch {
      close(fd)
      throw error
    }
  }

  /// The local and the peer port of a TCP connection (IPv4 or IPv6); nil for another kind.
  package static func tcpPorts(_ fd: FileDescriptor) -> (local: Int, peer: Int)? {
    func port(_ call: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32) -> Int? {
      var storage = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let result = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, &length) }
      }
      guard result == 0 else { return nil }
      let family = Int32(storage.ss_family)
      return withUnsafePointer(to: &storage) { pointer in
        switch family {
        case AF_INET:
          pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            Int(UInt16(bigEndian: $0.pointee.sin_port))
          }
        case AF_INET6:
          pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            Int(UInt16(bigEndian: $0.pointee.sin6_port))
          }
        default: nil
        }
      }
    }
    guard let local = port({ getsockname(fd.rawValue, $0, $1) }),
      let peer = port({ getpeername(fd.rawValue, $0, $1) })
    else {
      return nil
    }
    return (local, peer)
  }

  /// The bytes of a small file that reports no size (`/proc`), up to `limit`; nil when unreadable.
  package static func readProcFile(_ path: String, limit: Int = 16 << 20) -> [UInt8]? {
    guard let fd = try? open(path, O_RDONLY) else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while bytes.count < limit {
      let n =
        (try? chunk.withUnsafeMutableBytes { (buffer) throws(SystemError) in try read(fd, into: buffer) })
        ?? 0
      if n <= 0 { break }
      bytes += chunk[..<n]
    }
    return bytes
  }

  /// A listening Unix socket at `path` (readable and writable by the user only), non-blocking.
  package static func listenUnix(path: String) throws(SystemError) -> FileDescriptor {
    guard let address = unixAddress(path) else { throw SystemError("listen on \(path)", errno: ENAMETOOLONG) }
    let fd = FileDescriptor(
      rawValue: try retrying("socket") {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      })
    do throws(SystemError) {
      try listen(fd, at: address, path) { _ = chmod(path, 0o600) }
      return fd
    } catch {
      close(fd)
      throw error
    }
  }

  /// Binds socket `fd` to `address` (a `sockaddr_in` or `sockaddr_un`, named `name` in errors), runs
  /// `bound` (before anyone can connect), listens and makes it non-blocking.
  private static func listen<Address>(
    _ fd: FileDescriptor, at address: Address, _ name: String, bound: () -> Void = {}
  ) throws(SystemError) {
    _ = try retrying("bind \(name)") {
      withUnsafePointer(to: address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd.rawValue, $0, socklen_t(MemoryLayout<Address>.size))
        }
      }
    }
    bound()
    _ = try retrying("listen") { Glibc.listen(fd.rawValue, 16) }
    try setNonBlocking(fd)
  }

  /// A new file in `$TMPDIR` (else /tmp) holding `bytes`, readable by the user only, and its path;
  /// the descriptor is at the start of the file.
  package static func temporaryFile(_ bytes: [UInt8]) throws(SystemError) -> (
    fd: FileDescriptor, path: String
  ) {
    let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/mselect-XXXXXX").utf8CString)
    let fd = FileDescriptor(
      rawValue: try retrying("mkstemp \(directory)") {
        template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      })
    _ = fcntl(fd.rawValue, F_SETFD, FD_CLOEXEC)
    let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    do throws(SystemError) {
      try write(fd, bytes)
      _ = try retrying("lseek") { lseek(fd.rawValue, 0, SEEK_SET) }
      return (fd, path)
    } catch {
      unlink(path)
      close(fd)
      throw error
    }
  }

  /// The type bits (`S_IFSOCK`, `S_IFREG`, …) of what is at `path` itself (a symbolic link is not
  /// followed); nil when nothing is there.
  package static func fileType(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  /// Whether something accepts connections on the Unix socket at `path`.
  package static func unixSocketAnswers(_ path: String) -> Bool {
    guard var address = unixAddress(path) else { return false }
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard probe >= 0 else { return false }
    defer { close(FileDescriptor(rawValue: probe)) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
  }

  /// The address of the Unix socket at `path`; nil when the path is too long for one.
  private static func unixAddress(_ path: String) -> sockaddr_un? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (k, byte) in bytes.enumerated() { raw[k] = byte }
    }
    return address
  }

  /// A connection waiting on listening socket `fd`, non-blocking; nil when none is.
  package static func accept(_ fd: FileDescriptor) -> FileDescriptor? {
    while true {
      let client = Glibc.accept(fd.rawValue, nil, nil)
      if client >= 0 {
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        try? setNonBlocking(FileDescriptor(rawValue: client))
        return FileDescriptor(rawValue: client)
      }
      if Glibc.errno == EINTR || Glibc.errno == ECONNABORTED { continue }
      return nil
    }
  }

  /// Waits until one of the descriptors has one of its events (`POLLIN`, `POLLOUT`); returns the
  /// events each has (hangups and errors count as all of them). An interrupted wait returns none.
  package static func poll(_ entries: [(fd: FileDescriptor, events: Int16)], timeoutMilliseconds: Int32)
    throws(SystemError) -> [Int16]
  {
    var fds = entries.map { pollfd(fd: $0.fd.rawValue, events: $0.events, revents: 0) }
    let count = Glibc.poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
    if count == -1 {
      if Glibc.errno == EINTR { return fds.map { _ in 0 } }
      throw SystemError("poll", errno: Glibc.errno)
    }
    let failed = Int16(POLLHUP | POLLERR | POLLNVAL)
    return fds.map { $0.revents & failed != 0 ? $0.events : $0.revents & $0.events }
  }

  /// Waits for any of `fds` to become readable; returns the readiness flags per descriptor.
  package static func poll(_ fds: [FileDescriptor], timeoutMilliseconds: Int32) throws(SystemError) -> [Bool]
  {
    var entries = fds.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
    let count = Glibc.poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
    if count == -1 {
      if Glibc.errno == EINTR { return fds.map { _ in false } }
      throw SystemError("poll", errno: Glibc.errno)
    }
    return entries.map { $0.revents != 0 }
  }

  /// The bytes waiting to be read from a terminal (FIONREAD); 0 if it does not say.
  package static func pendingInput(_ fd: FileDescriptor) -> Int {
    var count: Int32 = 0
    guard ioctl(fd.rawValue, UInt(FIONREAD), &count) == 0 else { return 0 }
    return Int(max(count, 0))
  }

  package static func getAttributes(_ fd: FileDescriptor) throws(SystemError) -> termios {
    var t = termios()
    _ = try retrying("tcgetattr") { tcgetattr(fd.rawValue, &t) }
    return t
  }

  package static func setAttributes(_ fd: FileDescriptor, _ t: termios, when: Int32 = TCSADRAIN)
    throws(SystemError)
  {
    var t = t
    _ = try retrying("tcsetattr") { tcsetattr(fd.rawValue, when, &t) }
  }

  /// Reads what is available without blocking (the descriptor must be non-blocking); 0 if nothing.
  package static func drain(_ fd: FileDescriptor) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd.rawValue, $0.baseAddress, $0.count) }
      if n > 0 {
        out += buffer[..<n]
        continue
      }
      if n == -1 && Glibc.errno == EINTR { continue }
      return out
    }
  }

  /// The terminal's size in cells, or nil when it cannot be asked.
  package static func windowSize(_ fd: FileDescriptor) -> (rows: Int, columns: Int)? {
    var size = winsize()
    guard ioctl(fd.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return nil
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// A cell's size in pixels, from the terminal's size in pixels (nil when it gives none, as many do).
  package static func cellPixels(_ fd: FileDescriptor) -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(fd.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
      size.ws_xpixel > 0,
      size.ws_ypixel > 0
    else { return nil }
    return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
  }
}

/// glibc's `sched_getaffinity(2)` and `sched_setaffinity(2)` (thread 0: the calling one): declared by
/// hand, since the Glibc module leaves out what <sched.h> declares only for `_GNU_SOURCE`.
@_silgen_name("sched_getaffinity")
private func cSchedGetaffinity(_ thread: Int32, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32
@_silgen_name("sched_setaffinity")
private func cSchedSetaffinity(_ thread: Int32, _ size: Int, _ mask: UnsafeRawPointer) -> Int32

/// glibc's `mallopt(3)`: declared by hand, since the Glibc module does not import <malloc.h>.
@_silgen_name("mallopt")
private func cMallopt(_ parameter: Int32, _ value: Int32) -> Int32
