#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`: ``withLock(_:)`` is the only way to reach it.
///
/// Why not the standard library's `Synchronization.Mutex`: on Linux its lock is a futex driven from inside the
/// Synchronization library, which ThreadSanitizer does not see, so every access under it is reported as a race
/// (`swift test --sanitize=thread` fails on correct code). ThreadSanitizer intercepts pthread mutexes, so the
/// concurrency tests stay meaningful; an uncontended lock and unlock costs about the same (two atomic
/// operations).
///
/// `@unchecked Sendable`: the value is read and written only between `pthread_mutex_lock` and
/// `pthread_mutex_unlock` on the one mutex this object owns; both pointers are allocated in `init`, never
/// escape, and are freed in `deinit`, when no other reference (so no other thread) can be using them.
final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    init(_ initialValue: consuming Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not call back into this object.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value.pointee)
    }
}
