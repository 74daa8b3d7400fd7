import Glibc

/// Writing results and messages to the standard streams.
package enum StandardStreams {
  /// Writes all of `bytes` to stdout in as few calls as the kernel allows.
  package static func writeStandardOutput(_ bytes: [UInt8]) throws(SystemError) {
    try Syscall.write(1, bytes)
  }

  package static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    try Syscall.write(1, bytes)
  }

  /// Writes a message to stderr; failures are ignored (there is nowhere left to report them).
  package static func writeStandardError(_ text: String) {
    try? Syscall.write(2, Array(text.utf8))
  }
}
