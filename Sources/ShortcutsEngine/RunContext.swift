import Foundation
import ShortcutFormat
import ShortcutsContent
import Synchronization

/// The state of one run of a shortcut, which actions read and change: variables, outputs, the
/// loops they are in, and the environment.
///
/// One run uses one context on one thread. Its changing state is marked
/// `@exclusivity(unchecked)`: the engine's loop reads and writes it on every step, and checking
/// each access at run time cost a tenth of the engine's time (`perf`, docs/PERFORMANCE.md); the
/// one-thread rule above is what keeps the accesses apart.
public final class RunContext {
    public let environment: RunEnvironment
    /// The shortcut's input.
    public let shortcutInput: Content
    /// The running shortcut's name or file.
    public let shortcutName: String?
    let engine: Engine
    /// How many Run Shortcut levels this run is inside.
    let depth: Int
    @exclusivity(unchecked) var outputs: [Content]
    @exclusivity(unchecked) var variables: [Content]
    @exclusivity(unchecked) var loops: [Loop] = []
    /// What the run (with the one that started it) has used, against its limits.
    let budget: RunBudget
    /// How far the run may go: an action that makes big values (Extract Archive) stops at them.
    public var limits: RunLimits { budget.limits }
    /// The footprints of ``outputs`` and ``variables``, and their sum, for the memory limit.
    @exclusivity(unchecked) private var outputFootprints: [Int]
    @exclusivity(unchecked) private var variableFootprints: [Int]
    @exclusivity(unchecked) private(set) var heldBytes = 0
    /// Set by Stop This Shortcut and Stop and Output.
    @exclusivity(unchecked) var stopOutput: Content?
    /// The cancellation flag shared with whoever may cancel the run.
    public let cancellation: Cancellation

    struct Loop {
        var items: [Content]
        var count: Int
        var position: Int
        var results: [Content]
        var stepsAtIterationStart: Int
        /// The footprint of ``results``, held by the run until the loop ends.
        var resultsFootprint = 0
    }

    init(
        program: Program, engine: Engine, input: Content, environment: RunEnvironment, depth: Int, cancellation: Cancellation,
        budget: RunBudget
    ) {
        self.environment = environment
        self.shortcutInput = input
        self.shortcutName = program.name
        self.engine = engine
        self.depth = depth
        self.cancellation = cancellation
        self.budget = budget
        outputs = Array(repeating: .nothing, count: program.outputSlotCount)
        variables = Array(repeating: .nothing, count: program.variableSlotCount)
        outputFootprints = Array(repeating: 0, count: program.outputSlotCount)
        variableFootprints = Array(repeating: 0, count: program.variableSlotCount)
    }

    /// Stores an action's output for later references to it.
    ///
    /// - Throws: ``ActionFailure`` when the run would hold more than its limit.
    func store(_ content: Content, inOutput slot: Int) throws {
        let footprint = content.footprint
        try hold(footprint, replacing: outputFootprints[slot])
        outputFootprints[slot] = footprint
        outputs[slot] = content
    }

    /// Counts bytes the run now holds in place of others.
    func hold(_ new: Int, replacing old: Int) throws {
        heldBytes += new - old
        try budget.replace(old, with: new)
    }

    /// Gives back what this context held, when its run (started with Run Shortcut) ends.
    func release() {
        budget.heldBytes -= heldBytes
        heldBytes = 0
    }

    // MARK: Variables

    /// A named variable's value.
    public func variable(slot: Int) -> Content { variables[slot] }

    /// Sets a named variable.
    ///
    /// - Throws: ``ActionFailure`` when the run would hold more than its limit.
    public func setVariable(slot: Int, to content: Content) throws {
        let footprint = content.footprint
        try hold(footprint, replacing: variableFootprints[slot])
        variableFootprints[slot] = footprint
        variables[slot] = content
    }

    /// Whether someone has cancelled this run.
    public var isCancelled: Bool { cancellation.isCancelled }

    /// Throws the run's cancellation (or time-limit) failure once it is cancelled: actions that
    /// work through many items look at it between them.
    public func checkCancelled() throws {
        if cancellation.isCancelled {
            throw budget.isPastDeadline ? budget.timeFailure : ActionFailure("the run was cancelled", code: .cancelled)
        }
    }

    /// Waits, waking early with a cancellation failure when the run is cancelled (Wait, polling).
    public func wait(seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            try checkCancelled()
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return }
            Thread.sleep(forTimeInterval: min(remaining, Cancellation.pollInterval))
        }
    }

    /// Ends the run; its output is the given content.
    public func stop(output: Content) { stopOutput = output }

    /// Runs another shortcut with input and returns its output (Run Shortcut).
    public func runShortcut(named name: String, input: Content) throws -> Content {
        guard depth < Engine.maximumRunShortcutDepth else {
            throw ActionFailure(
                "Run Shortcut went \(Engine.maximumRunShortcutDepth) levels deep; a shortcut that runs itself must stop somewhere",
                code: .runShortcutFailed)
        }
        guard let workflow = environment.findShortcut(name) else {
            throw ActionFailure("there is no shortcut named \"\(name)\" in the library", code: .runShortcutFailed)
        }
        let program: Program
        do {
            program = try engine.compile(workflow, name: name)
        } catch {
            throw ActionFailure("\"\(name)\" can't run: \(error)", code: .runShortcutFailed, underlying: error)
        }
        // The shortcut it runs reaches what that shortcut was allowed, and the input it is given.
        var called = environment
        called.fileAccess = environment.fileAccess.forShortcut(named: name)
        called.fileAccess.allowItems(in: input, passedBy: environment.fileAccess)
        do {
            return try engine.run(
                program, input: input, environment: called, depth: depth + 1, cancellation: cancellation, budget: budget)
        } catch {
            throw ActionFailure("in \(error)", code: error.code, underlying: error)
        }
    }

    // MARK: Evaluating parameters

    /// The content of an expression; ``Content/nothing`` when it is absent.
    public func content(_ expression: ParameterExpression) throws -> Content {
        switch expression {
        case .absent: return .nothing
        case .constant(let content): return content
        case .reference(let reference, let aggrandizements):
            let value = try resolve(reference)
            return aggrandizements.isEmpty ? value : try apply(aggrandizements, to: value)
        case .text(let pieces):
            var text = ""
            for piece in pieces {
                switch piece {
                case .literal(let literal): text += literal
                case .reference(let reference, let aggrandizements):
                    let value = try resolve(reference)
                    text += (aggrandizements.isEmpty ? value : try apply(aggrandizements, to: value)).text
                }
            }
            return .text(text)
        case .dictionary(let entries):
            var dictionary = ContentDictionary()
            for entry in entries {
                let key = try content(entry.key).text
                var value = try content(entry.value)
                switch entry.itemType {
                case 3: value = value.number.map(Content.number) ?? value
                case 4: value = value.boolean.map(Content.boolean) ?? value
                default: break
                }
                dictionary[key] = value
            }
            return .dictionary(dictionary)
        case .list(let items):
            return .list(try items.map { try content($0) })
        case .quantity(let magnitude, let unit):
            let amount = try content(magnitude)
            return unit.map { .text(amount.text + " " + $0) } ?? amount
        case .record(let entries):
            var dictionary = ContentDictionary()
            for key in entries.keys.sorted() { dictionary[key] = try content(entries[key] ?? .absent) }
            return .dictionary(dictionary)
        case .predicates:
            return .nothing
        case .structured(let value):
            return .text("\(value.propertyList)")
        }
    }

    /// The content graph for this run: downloads through the environment's ``RunEnvironment/download``
    /// (else its ``RunEnvironment/http``, bounded and stopped with the run), local files through
    /// its ``RunEnvironment/fileAccess``.
    public var graph: ContentGraph {
        let access = environment.fileAccess
        var download = environment.download
        if download == nil, let http = environment.http {
            let (limit, cancellation) = (limits.valueBytes, cancellation)
            download = { url in
                do throws(HTTPFailure) {
                    return try http.send(HTTPRequest(url: url), timeout: Self.httpTimeout, limit: limit, cancellation: cancellation)
                        .file(requested: url)
                } catch {
                    throw ActionFailure(
                        "can't get \(url.absoluteString): \(error.message)", code: error.reason == .cancelled ? .cancelled : .actionFailed,
                        underlying: error)
                }
            }
        }
        return ContentGraph(download: download, pageImages: environment.pageImages) { path in
            try access.check(path, .read, parameter: nil)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ActionFailure("can't read \(path): there is no such file, or it isn't a file this run may read")
            }
            return FileContent(name: URL(fileURLWithPath: path).lastPathComponent, data: data, path: path)
        }
    }

    /// Converts content to the class an action needs, through the content graph (a URL is
    /// downloaded when the class needs its contents; text is read as a URL, a number, a date…).
    ///
    /// - Throws: ``ActionFailure`` naming `parameter`, the class the content had and the one it needed.
    public func convert(_ content: Content, to target: ContentClass, parameter: String?) throws -> Content {
        do {
            return try graph.convert(content, to: target)
        } catch {
            throw error.failure(parameter: parameter)
        }
    }

    /// The text of an expression, or `nil` when it is absent.
    public func text(_ expression: ParameterExpression) throws -> String? {
        if case .absent = expression { return nil }
        if case .constant(.text(let text)) = expression { return text }
        return try content(expression).text
    }

    /// The number of an expression, or `nil` when it is absent.
    ///
    /// - Throws: ``ActionFailure`` naming `parameter` when the value is not a number.
    public func number(_ expression: ParameterExpression, parameter: String? = nil) throws -> Double? {
        switch expression {
        case .absent: return nil
        case .constant(.number(let number)): return number
        default:
            let value = try content(expression)
            if value.isNothing { return nil }
            guard let number = value.number else {
                throw ActionFailure("expected a number, got \"\(value.text.prefix(60))\"", parameter: parameter)
            }
            return number
        }
    }

    /// The Boolean of an expression, or `nil` when it is absent.
    public func bool(_ expression: ParameterExpression) throws -> Bool? {
        switch expression {
        case .absent: return nil
        case .constant(.boolean(let value)): return value
        default: return try content(expression).boolean
        }
    }

    /// The value of a variable.
    func resolve(_ reference: Reference) throws -> Content {
        switch reference {
        case .output(let slot): return outputs[slot]
        case .variable(let slot): return variables[slot]
        case .shortcutInput: return shortcutInput
        case .currentDate: return .date(environment.now())
        case .clipboard: return try environment.clipboard.read()
        case .ask(let prompt):
            return .text(try environment.prompter.ask(prompt ?? "Ask for input", defaultAnswer: nil, inputType: "Text"))
        case .deviceDetails: return environment.deviceDetails("Device Name")
        case .repeatItem(let depth):
            guard depth <= loops.count else { return .nothing }
            let loop = loops[depth - 1]
            return loop.items.isEmpty ? .number(Double(loop.position + 1)) : loop.items[loop.position]
        case .repeatIndex(let depth):
            guard depth <= loops.count else { return .nothing }
            return .number(Double(loops[depth - 1].position + 1))
        case .missingOutput, .unsupported: return .nothing
        }
    }

    /// Applies aggrandizements in order: coercion, property, dictionary value, date format.
    func apply(_ aggrandizements: [Aggrandizement], to value: Content) throws -> Content {
        var value = value
        for aggrandizement in aggrandizements {
            switch aggrandizement {
            case .coercion(let itemClass):
                guard let contentClass = ContentClass(rawValue: itemClass) else { continue }
                do {
                    value = try graph.coerce(value, to: contentClass)
                } catch {
                    throw error.failure(parameter: nil)
                }
            case .property(let name, _):
                if let read = environment.contentProperty {
                    let items = value.items.map { read($0, name) ?? $0.property(name) }
                    value = if case .list = value { .list(items) } else { Content(items: items) }
                } else {
                    value = value.property(name)
                }
            case .dictionaryValue(let key):
                value = value.value(forKeyPath: key)
            case .dateFormat(let format):
                let style = DateText.Style(rawValue: format.dateStyle ?? "Medium") ?? .medium
                let time = DateText.Style(rawValue: format.timeStyle ?? "None") ?? .none
                value = Content(
                    items: value.items.compactMap { item in
                        item.date.map {
                            .text(
                                DateText.format(
                                    $0, dateStyle: style, timeStyle: time, pattern: format.format,
                                    includeISOTime: format.includeISOTime ?? false))
                        }
                    })
            case .other:
                continue
            }
        }
        return value
    }
}

/// A flag that cancels a run between actions.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    /// Uptime in nanoseconds past which the run counts as cancelled (its time limit), or `UInt64.max`.
    private let deadline = Atomic<UInt64>(.max)

    /// How often waits, scripts and downloads look at the flag: a cancelled run stops within
    /// this, plus a script's grace (``docs/SECURITY.md``: within 100 ms).
    public static let pollInterval: Double = 0.02

    public init() {}

    /// Asks the run to stop before its next action.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether the run was cancelled or is past its time limit. Waits, scripts and downloads
    /// look at it while they run; the engine's loop looks at ``isFlagged`` on every step and
    /// at the time every few hundred.
    public var isCancelled: Bool { isFlagged || isPastDeadline }

    /// Whether someone cancelled the run, without reading the clock.
    var isFlagged: Bool { flag.load(ordering: .relaxed) }

    /// Whether the run's time limit has passed.
    var isPastDeadline: Bool {
        let deadline = deadline.load(ordering: .relaxed)
        return deadline != .max && DispatchTime.now().uptimeNanoseconds >= deadline
    }

    /// Sets the time limit, keeping an earlier one (a nested run's can't extend its caller's).
    func limit(toUptime nanoseconds: UInt64) {
        var current = deadline.load(ordering: .relaxed)
        while nanoseconds < current {
            let (exchanged, original) = deadline.compareExchange(expected: current, desired: nanoseconds, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
