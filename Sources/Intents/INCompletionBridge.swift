/// Waits for the one answer a completion-handler intent method gives.
///
/// Swift's importer writes this bridge for each of Apple's completion-handler
/// methods, so a handler may implement either form. The answer (a resolution
/// result, a response, an options collection) is a class that is not `Sendable`:
/// the bridge hands it on across the completion call as the importer does,
/// trusting the handler not to keep changing an answer it has given.
public func withIntentCompletion<Answer>(
    _ start: (@escaping (Answer) -> Void) -> Void
) async -> Answer {
    await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
        start { answer in
            nonisolated(unsafe) let given = answer
            continuation.resume(returning: given)
        }
    }
}

/// Waits for the answer of an options method, whose completion gives the
/// collection or an error; neither is `missing`.
public func withIntentCompletion<Answer>(
    missing: @autoclosure @escaping @Sendable () -> any Error,
    _ start: (@escaping (Answer?, (any Error)?) -> Void) -> Void
) async throws -> Answer {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
        start { answer, error in
            if let answer {
                nonisolated(unsafe) let given = answer
                continuation.resume(returning: given)
            } else {
                continuation.resume(throwing: error ?? missing())
            }
        }
    }
}
