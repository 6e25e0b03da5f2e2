import Synchronization

/// An option a person chooses among when an intent asks, while it performs, with
/// ``AppIntent/requestChoice(between:dialog:)`` (Apple's, iOS/macOS 26).
///
/// ```swift
/// let archive = IntentChoiceOption(title: "Archive")
/// let delete = IntentChoiceOption(title: "Delete", style: .destructive)
/// switch try await requestChoice(between: [.cancel, archive, delete], dialog: "Archive or delete it?") {
/// case delete: try store.delete(note)
/// default: try store.archive(note)
/// }
/// ```
public struct IntentChoiceOption: Sendable, Hashable {
    /// What an option means, which decides how it is shown: a destructive one is marked, a cancel
    /// one is listed last and cancels the intent when chosen.
    public struct Style: Sendable, Hashable {
        let name: String

        /// An ordinary option.
        public static var `default`: Style { Style(name: "default") }
        /// An option that changes or deletes data.
        public static var destructive: Style { Style(name: "destructive") }
        /// An option that leaves things as they are and cancels the intent.
        public static var cancel: Style { Style(name: "cancel") }
    }

    /// The text people see.
    public let title: LocalizedStringResource
    public let style: Style

    public init(title: LocalizedStringResource, style: Style = .default) {
        self.title = title
        self.style = style
    }

    /// The system's Cancel option: choosing it makes `requestChoice` throw a cancellation.
    public static var cancel: IntentChoiceOption { IntentChoiceOption(title: "Cancel", style: .cancel) }

    public static func == (lhs: IntentChoiceOption, rhs: IntentChoiceOption) -> Bool {
        lhs.title.key == rhs.title.key && lhs.style == rhs.style
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(title.key)
        hasher.combine(style)
    }
}

extension AppIntent {
    /// An option of ``requestChoice(between:dialog:)``.
    public typealias Option = IntentChoiceOption

    /// Asks the person to choose among options while the intent performs, and gives the one chosen.
    ///
    /// As with Apple's other requests, `perform()` stops here while the host asks, then runs again
    /// from the top with the answer, so the requests before this one are answered at once. Cancel
    /// options are listed last, as platforms place them; choosing one throws
    /// `AppIntentError.userCancelled`, which ends the run as cancelled unless the intent catches it.
    ///
    /// - Throws: when the run can't ask (the host reports which action wanted a choice), or the
    ///   person cancelled.
    public func requestChoice(between options: [IntentChoiceOption], dialog: IntentDialog? = nil) async throws -> IntentChoiceOption {
        guard !options.isEmpty else { throw ChoiceProblem("requestChoice(between:) needs at least one option") }
        if let index = PerformContext.current?.choices.next() {
            guard options.indices.contains(index) else {
                throw ChoiceProblem(
                    "the host chose option \(index + 1) of \(options.count); perform() asked for a different choice this time")
            }
            let chosen = options[index]
            if chosen.style == .cancel { throw AppIntentError.userCancelled }
            return chosen
        }
        throw AppIntentError(kind: .choice(options: options, dialog: dialog))
    }
}

/// The answers a call carries to an intent's `requestChoice` calls, taken in the order it asks.
final class ChoiceAnswers: Sendable {
    private let state: Mutex<(answers: [Int], taken: Int)>

    init(_ answers: [Int]) { state = Mutex((answers, 0)) }

    /// The next answer, or nil when the intent asks more than the host has answered.
    func next() -> Int? {
        state.withLock { state in
            guard state.taken < state.answers.count else { return nil }
            defer { state.taken += 1 }
            return state.answers[state.taken]
        }
    }

    /// Starts again from the first answer, for a `perform()` run again from the top.
    func rewind() { state.withLock { $0.taken = 0 } }
}

/// A `requestChoice` call that can't be answered as made.
struct ChoiceProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
