import ShortcutFormat
import ShortcutsContent

/// Compiles and runs shortcuts against a list of action sources.
///
/// ```swift
/// let engine = Engine(sources: [BuiltinActions.catalog])
/// let program = try engine.compile(workflow, name: "Greeting")
/// let output = try engine.run(program, input: .text("World"), environment: RunEnvironment())
/// ```
public struct Engine: Sendable {
    /// How deep Run Shortcut may nest before the run fails.
    public static let maximumRunShortcutDepth = 32

    /// Where actions come from, asked in order; the engine's own actions (variables, Stop,
    /// Run Shortcut…) come first.
    public let sources: [any ActionSource]

    public init(sources: [any ActionSource]) {
        self.sources = [CoreActions.catalog] + sources
    }

    /// The description of an action, from the first source that has it.
    public func metadata(for identifier: String) -> ActionMetadata? {
        for source in sources {
            if let definition = source.definition(for: identifier) { return definition.metadata }
        }
        return nil
    }

    /// Compiles a workflow into a program.
    ///
    /// - Throws: ``RunError`` when blocks don't match or an action's parameters can't be prepared.
    public func compile(_ workflow: Workflow, name: String? = nil) throws(RunError) -> Program {
        var compiler = Compiler(sources: sources, shortcutName: name)
        return try compiler.compile(workflow)
    }

    /// Runs a program with input and returns its output.
    ///
    /// The output is what Stop and Output gave, or else the last action's output.
    /// - Parameter trace: where the run's steps are recorded (the run history), or `nil`.
    /// - Throws: ``RunError`` naming the action that failed.
    public func run(
        _ program: Program, input: Content = .nothing, environment: RunEnvironment = RunEnvironment(),
        cancellation: Cancellation = Cancellation(), trace: RunTrace? = nil
    ) throws(RunError) -> Content {
        let budget = RunBudget(limits: environment.limits, cancellation: cancellation)
        return try run(
            program, input: input, environment: environment, depth: 0, cancellation: cancellation, budget: budget, trace: trace)
    }

    func run(
        _ program: Program, input: Content, environment: RunEnvironment, depth: Int, cancellation: Cancellation, budget: RunBudget,
        trace: RunTrace? = nil
    ) throws(RunError) -> Content {
        let context = RunContext(
            program: program, engine: self, input: input, environment: environment, depth: depth,
            cancellation: cancellation, budget: budget)
        defer { context.release() }
        var runner = Runner(program: program, context: context, trace: trace)
        return try DateContext.with(timeZone: environment.lazyTimeZone, locale: environment.locale, fileText: environment.fileText) {
            () throws(RunError) -> Content in
            try runner.run()
        }
    }
}
