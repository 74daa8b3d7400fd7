#if canImport(Glibc)
  import Glibc
#endif

/// A value behind a pthread mutex, for state that threads hand each other, with a condition variable
/// for the threads that wait for it to change.
///
/// Not Synchronization's `Mutex`: ThreadSanitizer cannot see the ordering its futex gives (that module
/// is not instrumented) and reported two threads taking turns as a race.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Touched only with `mutex` held.
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    changed.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func withLock<T>(_ body: (inout Value) -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }

  /// `withLock`, once `ready` holds of the value: asked again each time `notifyAll` is called.
  package func withLock<T>(waitingUntil ready: (Value) -> Bool, _ body: (inout Value) -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !ready(value) { pthread_cond_wait(changed, mutex) }
    return body(&value)
  }

  /// Has every thread waiting in `withLock(waitingUntil:)` ask again: call it after a change.
  package func notifyAll() {
    pthread_cond_broadcast(changed)
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
