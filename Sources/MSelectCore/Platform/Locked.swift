#if canImport(Glibc)
  import Glibc
#endif

/// A value behind a pthread mutex, for state that threads hand each other.
///
/// Not Synchronization's `Mutex`: ThreadSanitizer cannot see the ordering its futex gives (that module
/// is not instrumented) and reported two threads taking turns as a race.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Touched only with `mutex` held.
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func withLock<T>(_ body: (inout Value) -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }
}

extension Locked {
  /// Everything in a list, leaving it empty.
  package func takeAll<Element>() -> [Element] where Value == [Element] {
    withLock { list in
      defer { list = [] }
      return list
    }
  }
}
