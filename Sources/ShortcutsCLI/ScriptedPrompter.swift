import Foundation
import ShortcutsEngine
import Synchronization

/// Answers a shortcut's questions from a list, one answer per question, in order.
///
/// This is what `--answers FILE` and `SHORTCUTS_ANSWERS` use, for tests and automation:
/// - Ask for Input takes the line as the answer; an empty line takes the default answer.
/// - Choose from Menu and Choose from List take an item's title (ignoring case) or its
///   1-based number; several choices are separated by commas.
/// - Show Alert takes `y`/`yes`/`ok` to continue and `n`/`no`/`cancel` to cancel.
///
/// ```text
/// Ada
/// 2
/// yes
/// ```
public final class ScriptedPrompter: Prompter, Sendable {
    private let answers: [String]
    /// How many answers have been given.
    private let used = Mutex(0)

    /// Takes the answers in order.
    public init(answers: [String]) { self.answers = answers }

    /// Reads answers from a file, one per line.
    public convenience init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("can't read the answers file \(path)")
        }
        var lines = text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        if lines.last == "" { lines.removeLast() }
        self.init(answers: lines)
    }

    private func next(for question: String) throws -> String {
        let answers = self.answers
        return try used.withLock { used throws(ActionFailure) -> String in
            guard used < answers.count else {
                throw ActionFailure(
                    "needs an answer to \"\(question)\" but the answers ran out (\(answers.count) given)",
                    code: .needsInteraction)
            }
            used += 1
            return answers[used - 1]
        }
    }

    public func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        let answer = try next(for: prompt)
        return answer.isEmpty ? (defaultAnswer ?? "") : answer
    }

    public func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        let answer = try next(for: prompt)
        let parts =
            multiple && Self.position(of: answer, in: options) == nil
            ? answer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [answer]
        return try parts.map { part in
            guard let position = Self.position(of: part, in: options) else {
                let shown = options.enumerated().map { "\($0.offset + 1) \"\($0.element)\"" }.joined(separator: ", ")
                throw ActionFailure("the answer \"\(part)\" to \"\(prompt)\" is none of the choices: \(shown)")
            }
            return position
        }
    }

    public func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        guard allowsCancel else { return true }
        let answer = try next(for: title.isEmpty ? message : title)
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes", "ok", "true", "1": return true
        case "n", "no", "cancel", "false", "0": return false
        default:
            throw ActionFailure("the answer \"\(answer)\" to \"\(title.isEmpty ? message : title)\" should be yes or no")
        }
    }

    /// The 0-based position an answer picks: a 1-based number or a title.
    static func position(of answer: String, in options: [String]) -> Int? {
        let trimmed = answer.trimmingCharacters(in: .whitespaces)
        if let exact = options.firstIndex(where: { $0.caseInsensitiveCompare(trimmed) == .orderedSame }) { return exact }
        if let number = Int(trimmed), number >= 1, number <= options.count { return number - 1 }
        return nil
    }
}
