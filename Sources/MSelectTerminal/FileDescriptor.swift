/// An open file descriptor, typed so that it is not taken for a count, a size or a process id.
///
/// The calls made on one go through `Syscall`, which retries EINTR and throws `SystemError`; this
/// type marks which numbers are descriptors where they are kept and handed on.
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  package let rawValue: Int32

  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }
}
