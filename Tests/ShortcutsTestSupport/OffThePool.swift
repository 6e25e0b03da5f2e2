import Foundation

/// Runs blocking work (waiting for a process, say) on a Dispatch thread and awaits its result,
/// so the few threads that run Swift tasks (one per core) stay free for the tests that need them
/// meanwhile, such as an in-process server answering another test.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: Result { try body() }) }
    }
    return try result.get()
}
