import Glibc

/// A failed system call: which operation, and the errno it set.
package struct SystemError: Error, Equatable, Sendable {
  package let operation: String
  package let errno: Int32

  package init(_ operation: String, errno: Int32) {
    self.operation = operation
    self.errno = errno
  }

  /// The OS's description of the error, e.g. "No such file or directory".
  package var reason: String { String(cString: strerror(errno)) }

  package var message: String { "\(operation): \(reason)" }

  /// The reader of a pipe closed it (EPIPE).
  package var isBrokenPipe: Bool { errno == EPIPE }
}
