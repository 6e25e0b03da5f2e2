import ShortcutsContent

/// Steps through a program's instructions. All per-run state lives in the ``RunContext``
/// and here; the program is shared and never changes.
struct Runner: ~Copyable {
    let program: Program
    let context: RunContext
    /// The previous action's output: the next action's input when its input parameter is not set.
    private var previous: Content
    /// How many actions have run; a block compares it to know whether its branch ran any.
    private var steps = 0
    /// For each open If and menu, the step count when its branch began.
    private var branchStarts: [Int] = []
    /// Who watches this run's actions: only a top-level run's, and usually nobody.
    private let observer: (any RunObserver)?
    /// Where the steps are recorded: only a top-level run's, when the run history is on.
    private let trace: RunTrace?

    init(program: Program, context: RunContext, trace: RunTrace?) {
        self.program = program
        self.context = context
        previous = context.shortcutInput
        observer = context.depth == 0 ? context.environment.observer : nil
        self.trace = context.depth == 0 ? trace : nil
    }

    mutating func run() throws(RunError) -> Content {
        // A copy of the loop for each kind of watching, so a run nobody watches or traces pays
        // nothing for either, and a traced run pays only for its recorder.
        switch (trace, observer) {
        case (nil, nil):
            var hooks = Unwatched()
            return try loop(&hooks)
        case (let trace?, nil):
            var hooks = TraceRecorder(trace, instructions: program.instructions)
            defer { hooks.end() }
            return try loop(&hooks)
        case (let trace, let observer?):
            var hooks = Watched(
                observer: observer, recorder: trace.map { TraceRecorder($0, instructions: program.instructions) })
            defer { hooks.end() }
            return try loop(&hooks)
        }
    }

    private mutating func loop<Hooks: StepHooks & ~Copyable>(_ hooks: inout Hooks) throws(RunError) -> Content {
        let instructions = program.instructions
        var pc = 0
        var current = 0
        // The cancellation flag is read on every step, the clock on every 16th (and on the first):
        // reading it on every step was 15% of a tight loop, and a run of slow actions that don't
        // watch the time themselves still stops within 16 of them past its limit.
        var clockCountdown = 1
        do {
            while pc < instructions.count {
                current = pc
                clockCountdown &-= 1
                if context.cancellation.isFlagged || (clockCountdown == 0 && context.cancellation.isPastDeadline) {
                    throw context.budget.isPastDeadline
                        ? context.budget.timeFailure : ActionFailure("the run was cancelled", code: .cancelled)
                }
                if clockCountdown == 0 { clockCountdown = 16 }
                hooks.started(pc)
                switch instructions[pc] {
                case .action(let step):
                    let input = step.input.isAbsent ? previous : try context.content(step.input)
                    let output = try step.body(input, context)
                    hooks.finished(pc, output: output)
                    try context.budget.countAction()
                    try context.budget.checkValue(output)
                    steps &+= 1
                    previous = step.passesInputThrough ? input : output
                    if let slot = step.outputSlot { try context.store(previous, inOutput: slot) }
                    if let stopped = context.stopOutput { return stopped }
                    pc += 1

                case .ifStart(let condition, let elseTarget):
                    branchStarts.append(steps)
                    pc = try context.holds(condition, input: previous) ? pc + 1 : elseTarget

                case .otherwise(let end), .menuCase(let end):
                    pc = end

                case .blockEnd(let step):
                    let start = branchStarts.removeLast()
                    previous = steps > start ? previous : .nothing
                    if let slot = step.outputSlot { try context.store(previous, inOutput: slot) }
                    pc += 1

                case .menuStart(let menu):
                    pc = try choose(menu)

                case .repeatStart(let start):
                    pc = try beginLoop(start, at: pc)

                case .repeatEnd(let start, let step):
                    // Taken out of the context while it changes, so its results grow in place
                    // instead of being copied on every iteration.
                    var loop = context.loops.removeLast()
                    try context.budget.countAction()
                    let result = steps > loop.stepsAtIterationStart ? previous : .nothing
                    let footprint = result.footprint
                    try context.hold(footprint, replacing: 0)
                    loop.resultsFootprint += footprint
                    loop.results.appendItems(of: result)
                    try context.budget.checkListCount(loop.results.count)
                    loop.position += 1
                    if loop.position < loop.count {
                        loop.stepsAtIterationStart = steps
                        if !loop.items.isEmpty { previous = loop.items[loop.position] }
                        context.loops.append(loop)
                        pc = start + 1
                    } else {
                        previous = .list(loop.results)
                        try context.hold(0, replacing: loop.resultsFootprint)
                        if let slot = step.outputSlot { try context.store(previous, inOutput: slot) }
                        pc += 1
                    }
                }
            }
        } catch {
            throw self.error(error, at: current)
        }
        return previous
    }

    private mutating func beginLoop(_ start: RepeatStart, at pc: Int) throws -> Int {
        let items: [Content]
        let count: Int
        switch start.source {
        case .count(let expression):
            let times = try context.number(expression, parameter: "WFRepeatCount") ?? 1
            guard times.isFinite, times >= 0, times <= 1e9 else {
                throw ActionFailure("can't repeat \(NumberText.format(times)) times", parameter: "WFRepeatCount")
            }
            items = []
            count = Int(times)
        case .each(let expression):
            items = (expression.isAbsent ? previous : try context.content(expression)).items
            count = items.count
        }
        guard count > 0 else {
            previous = .list([])
            if case .repeatEnd(_, let step) = program.instructions[start.end], let slot = step.outputSlot {
                try context.store(previous, inOutput: slot)
            }
            return start.end + 1
        }
        context.loops.append(RunContext.Loop(items: items, count: count, position: 0, results: [], stepsAtIterationStart: steps))
        if !items.isEmpty { previous = items[0] }
        return pc + 1
    }

    private mutating func choose(_ menu: MenuStart) throws -> Int {
        branchStarts.append(steps)
        let prompt = try context.text(menu.prompt) ?? ""
        let titles = try menu.cases.map { try context.content($0.title).text }
        guard !titles.isEmpty else { return menu.end }
        let chosen = try context.environment.prompter.choose(prompt, options: titles, multiple: false)
        guard let choice = chosen.first, titles.indices.contains(choice) else {
            throw ActionFailure("no menu item was chosen", code: .cancelled)
        }
        return menu.cases[choice].target + 1
    }

    private func error(_ error: any Error, at pc: Int) -> RunError {
        let action = pc < program.actions.count ? program.actions[pc] : nil
        var error = error
        // A run stopped by its time limit says so, whatever the action it stopped said.
        if let failure = error as? ActionFailure, failure.code == .cancelled, context.budget.isPastDeadline {
            error = context.budget.timeFailure
        }
        return RunError(
            error, shortcut: program.name, actionIndex: action == nil ? nil : pc + 1, actionIdentifier: action?.identifier,
            actionTitle: action?.title)
    }
}

/// What the runner tells as it steps: nobody (``Unwatched``), a trace (``TraceRecorder``), or
/// an observer and perhaps a trace (``Watched``). The loop is specialized for each.
protocol StepHooks: ~Copyable {
    /// The instruction at `index` is about to run.
    mutating func started(_ index: Int)
    /// The action at `index` ran and gave `output`.
    mutating func finished(_ index: Int, output: borrowing Content)
}

/// A run nobody watches.
private struct Unwatched: StepHooks {
    @inline(__always) func started(_ index: Int) {}
    @inline(__always) func finished(_ index: Int, output: borrowing Content) {}
}

/// A run an observer watches (the app), traced too when the history is on.
private struct Watched: StepHooks, ~Copyable {
    let observer: any RunObserver
    var recorder: TraceRecorder?

    mutating func started(_ index: Int) {
        recorder?.started(index)
        observer.actionStarted(index)
    }

    mutating func finished(_ index: Int, output: borrowing Content) {
        recorder?.finished(index, output: output)
        observer.actionFinished(index, output: copy output)
    }

    mutating func end() { recorder?.end() }
}

extension Instruction {
    /// Whether a trace reads the clock when this step starts: not for the steps that only move
    /// through a block, which take a few nanoseconds.
    @inline(__always)
    var isTimed: Bool {
        switch self {
        case .ifStart, .otherwise, .menuCase, .blockEnd, .repeatEnd: return false
        default: return true
        }
    }
}

extension [Content] {
    /// Appends a value's items (as ``Content/items``), without making an array for one item.
    @inline(__always)
    fileprivate mutating func appendItems(of content: Content) {
        switch content {
        case .nothing: return
        case .list(let items): append(contentsOf: items)
        default: append(content)
        }
    }
}
