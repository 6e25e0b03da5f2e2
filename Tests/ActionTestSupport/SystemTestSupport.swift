import BuiltinActions
import DesktopBus
import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsPlatform
import Testing

/// Builds small shortcuts, compiles them with the built-in catalog and runs them in an
/// environment the test controls (clock, time zone, prompter, working directory).
public enum SystemTest {
    /// 2026-05-28 20:26:40 UTC, a Thursday: the fixed "now" of the date tests.
    public static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// An action with plain parameters; `uuid` lets later actions use its output.
    public static func action(_ identifier: String, _ parameters: [String: ParameterValue] = [:], uuid: String? = nil) -> WorkflowAction {
        var action = WorkflowAction(identifier: "is.workflow.actions." + identifier)
        for key in parameters.keys.sorted() { action.parameters[key] = parameters[key] }
        if let uuid { action.uuid = uuid }
        return action
    }

    public static func text(_ string: String) -> ParameterValue { .plain(.string(string)) }
    public static func number(_ value: Double) -> ParameterValue { .plain(.real(value)) }
    public static func bool(_ value: Bool) -> ParameterValue { .plain(.boolean(value)) }
    public static func date(_ value: Date) -> ParameterValue { .plain(.date(value)) }
    /// The output of the action with a UUID, as a magic variable.
    public static func output(of uuid: String) -> ParameterValue { .attachment(TokenAttachment(.actionOutput(uuid: uuid, name: nil))) }
    public static func quantity(_ magnitude: Double, _ unit: String) -> ParameterValue {
        .quantity(magnitude: number(magnitude), unit: unit)
    }

    /// An environment with a fixed clock, time zone and region (English, US), this machine's
    /// programs, buses and details, HTTP through libcurl unless `http` says otherwise (`nil`: a run without a network;
    /// the web tests' servers are real, on 127.0.0.1), and no other live side effects.
    public static func environment(
        prompter: any Prompter = NoInteraction(), timeZone: String = "UTC", now: Date = SystemTest.now,
        workingDirectory: String = NSTemporaryDirectory(), allowsRunningScripts: Bool = false,
        variables: [String: String] = [:], clipboard: any Clipboard = MemoryClipboard(),
        show: @escaping @Sendable (String) -> Void = { _ in }, notify: @escaping @Sendable (String, String) -> Void = { _, _ in },
        openURL: @escaping @Sendable (URL) throws -> Void = { _ in }, http: (any HTTPTransport)? = CurlTransport()
    ) -> RunEnvironment {
        var all = ProcessInfo.processInfo.environment
        all["TZ"] = timeZone
        // English (US) whatever the machine's locale, unless a test names another.
        for key in all.keys where key.hasPrefix("LC_") { all[key] = nil }
        all["LANG"] = "en_US.UTF-8"
        for (key, value) in variables { all[key] = value }
        var environment = RunEnvironment(
            prompter: prompter, clipboard: clipboard, notify: notify, show: show, openURL: openURL,
            allowsRunningScripts: allowsRunningScripts, workingDirectory: workingDirectory, variables: all, now: { now })
        environment.http = http
        environment.programs = LocalPrograms()
        environment.deviceDetails = LiveSystem.deviceDetails
        environment.buses = SystemBuses()
        return environment
    }

    /// Compiles and runs actions; the output is the last action's.
    public static func run(
        _ actions: [WorkflowAction], input: Content = .nothing, environment: RunEnvironment = environment(),
        cancellation: Cancellation = Cancellation()
    ) throws(RunError) -> Content {
        let engine = Engine(sources: [Builtins.catalog])
        let program = try engine.compile(Workflow(actions: actions), name: "test")
        return try engine.run(program, input: input, environment: environment, cancellation: cancellation)
    }

    /// Runs one action with parameters and input.
    public static func run(
        _ identifier: String, _ parameters: [String: ParameterValue] = [:], input: Content = .nothing,
        environment: RunEnvironment = environment()
    ) throws(RunError) -> Content {
        try run([action(identifier, parameters)], input: input, environment: environment)
    }

    /// The error a run throws, or a test failure when it succeeds.
    public static func failure(_ body: () throws -> Content, sourceLocation: SourceLocation = #_sourceLocation) -> RunError? {
        do {
            let output = try body()
            Issue.record("expected an error, got \(output)", sourceLocation: sourceLocation)
            return nil
        } catch let error as RunError {
            return error
        } catch {
            Issue.record("expected a RunError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// A prompter that answers from a script and records what it was asked.
public final class ScriptedPrompter: Prompter, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String]
    private var confirmations: [Bool]
    private var choices: [[Int]]
    public private(set) var asked: [(prompt: String, defaultAnswer: String?, inputType: String)] = []
    public private(set) var confirmed: [(title: String, message: String, allowsCancel: Bool)] = []

    public init(answers: [String] = [], confirmations: [Bool] = [], choices: [[Int]] = []) {
        self.answers = answers
        self.confirmations = confirmations
        self.choices = choices
    }

    public func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        try lock.withLock {
            asked.append((prompt, defaultAnswer, inputType))
            guard !answers.isEmpty else { throw ActionFailure("the script has no answer for \"\(prompt)\"") }
            return answers.removeFirst()
        }
    }

    public func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        try lock.withLock {
            guard !choices.isEmpty else { throw ActionFailure("the script has no choice for \"\(prompt)\"") }
            return choices.removeFirst()
        }
    }

    public func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        lock.withLock {
            confirmed.append((title, message, allowsCancel))
            return confirmations.isEmpty ? true : confirmations.removeFirst()
        }
    }
}

/// A temporary directory removed when the test is done with it.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "shortcuts-system-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a text file under the directory and returns its full path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    public func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }
}
