import Foundation
import ShortcutsEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Asks questions on the terminal (`/dev/tty`), so standard input and output stay free for data.
///
/// Menus and lists show numbered choices; alerts ask y/n; Ask for Input reads a line, and an
/// empty line takes the default answer. End of input (Ctrl-D) cancels the shortcut.
/// Unchecked `Sendable`: holds the terminal's `FILE` pointer, which isn't `Sendable`; `lock` makes one question at a time use it.
public final class TerminalPrompter: Prompter, @unchecked Sendable {
    private let input: UnsafeMutablePointer<FILE>
    private let output: Int32
    private let lock = NSLock()

    /// Opens the controlling terminal, or returns `nil` when there is none.
    public init?() {
        guard let file = fopen("/dev/tty", "r+") else { return nil }
        input = file
        output = fileno(file)
    }

    deinit { fclose(input) }

    public func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        try lock.withLock {
            let hint = defaultAnswer.map { $0.isEmpty ? "" : " [\($0)]" } ?? ""
            say((prompt.isEmpty ? "Answer" : prompt) + hint + ": ")
            let line = try readAnswer()
            return line.isEmpty ? (defaultAnswer ?? "") : line
        }
    }

    public func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        try lock.withLock {
            if !prompt.isEmpty { say(prompt + "\n") }
            for (position, option) in options.enumerated() { say("  \(position + 1). \(option)\n") }
            while true {
                say(multiple ? "Choose (numbers separated by commas): " : "Choose 1–\(options.count): ")
                let line = try readAnswer()
                let parts = multiple ? line.split(separator: ",").map(String.init) : [line]
                let positions = parts.compactMap { ScriptedPrompter.position(of: $0, in: options) }
                if !positions.isEmpty, positions.count == parts.count { return positions }
                say("Please answer with a number from 1 to \(options.count).\n")
            }
        }
    }

    public func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        try lock.withLock {
            say([title, message].filter { !$0.isEmpty }.joined(separator: "\n") + "\n")
            guard allowsCancel else {
                say("[Return to continue] ")
                _ = try readAnswer()
                return true
            }
            while true {
                say("Continue? [y/n] ")
                switch try readAnswer().lowercased() {
                case "y", "yes", "ok": return true
                case "n", "no", "cancel": return false
                default: continue
                }
            }
        }
    }

    private func say(_ text: String) { Console.write(Data(text.utf8), to: output) }

    /// Reads one line; end of input cancels the run.
    private func readAnswer() throws -> String {
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        guard getline(&line, &capacity, input) >= 0, let line else {
            say("\n")
            throw ActionFailure("cancelled at the terminal", code: .cancelled)
        }
        var text = String(cString: line)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
