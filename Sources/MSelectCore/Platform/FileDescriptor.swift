/// An open file descriptor, typed so that it is not taken for a count, a size or a process id.
///
/// The calls made on one go through MSelectTerminal's `Syscall`, which retries EINTR and throws
/// `SystemError`; this type marks which numbers are descriptors where they are kept and handed on
/// (here too: what the picker waits on for more input).
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  package let rawValue: Int32

  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Where the lines come from, unless `--input` or a command says otherwise.
  package static let standardInput = FileDescriptor(rawValue: 0)
  /// Where the picked lines go.
  package static let standardOutput = FileDescriptor(rawValue: 1)
  /// Where messages go.
  package static let standardError = FileDescriptor(rawValue: 2)
}
