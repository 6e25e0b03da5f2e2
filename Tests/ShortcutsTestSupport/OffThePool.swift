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

/// What is in a pipe now, without waiting for its end: after the process that wrote it has
/// exited, a process another test started meanwhile may still hold the pipe's write end (the
/// children Foundation starts inherit it), so reading to the end could wait for minutes.
public func drainWithoutWaiting(_ pipe: Pipe) -> String {
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        data.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: data, as: UTF8.self)
}
