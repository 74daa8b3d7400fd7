import Glibc
import Synchronization

/// Writing results and messages to the standard streams.
package enum StandardStreams {
  /// Writes all of `bytes` to stdout in as few calls as the kernel allows.
  package static func writeStandardOutput(_ bytes: [UInt8]) throws(SystemError) {
    widenBeforeWriting(bytes.count)
    try Syscall.write(.standardOutput, bytes)
  }

  package static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    widenBeforeWriting(bytes.count)
    try Syscall.write(.standardOutput, bytes)
  }

  /// Writes a message to stderr; failures are ignored (there is nowhere left to report them).
  package static func writeStandardError(_ text: String) {
    try? Syscall.write(.standardError, Array(text.utf8))
  }

  /// What a pipe holds unless asked for more. Output that outgrows it widens a pipe to 1 MiB first: a
  /// long result then goes out in a few writes, not in steps as the reader takes each 64 KiB, and
  /// mselect ends while its reader still reads (`--typos` queries over Debian's package list printed
  /// up to 12 % sooner to a reader in Python).
  private static let pipeBuffer = 64 << 10

  /// Bytes written to stdout so far.
  private static let written = Atomic<Int>(0)

  /// Widens stdout's pipe (if it is one) when `count` more bytes take the output past `pipeBuffer`.
  private static func widenBeforeWriting(_ count: Int) {
    let before = written.add(count, ordering: .relaxed).oldValue
    if before <= pipeBuffer && before + count > pipeBuffer { Syscall.widenPipe(.standardOutput, to: 1 << 20) }
  }
}
