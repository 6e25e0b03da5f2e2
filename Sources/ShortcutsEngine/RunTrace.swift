import CTimestamp
import Foundation
import ShortcutsContent
import Synchronization

/// What a run did, step by step: the first steps in full (which action, when, for how long, what
/// it gave) and, for every action, how many times it ran and for how long in all (its profile).
///
/// A loop can run an action millions of times, so only the first ``stepLimit`` steps are kept;
/// the profile's counts stay exact whatever the run's length. Pass one to
/// ``Engine/run(_:input:environment:cancellation:trace:)`` and read it when the run returns or
/// throws, on the same thread: it is not `Sendable`, the running thread owns it.
///
/// ```swift
/// let trace = RunTrace(stepLimit: 1_000)
/// _ = try? engine.run(program, environment: environment, trace: trace)
/// print(trace.totalSteps, trace.profile.first?.count ?? 0)
/// ```
public final class RunTrace {
    /// One action as it ran.
    public struct Step: Sendable, Equatable {
        /// The action's index in the shortcut, counting from 0 (control-flow actions included).
        public var index: Int
        /// When it started, from the run's start.
        public var startNanoseconds: UInt64
        public var durationNanoseconds: UInt64
        /// Its output's type (``Content/typeName``), or `nil` for a control-flow step, which gives none.
        public var outputType: String?
        /// A short rendering of its output, or `nil` when previews are off or it gave none.
        public var outputPreview: String?

        public init(
            index: Int, startNanoseconds: UInt64, durationNanoseconds: UInt64, outputType: String? = nil,
            outputPreview: String? = nil
        ) {
            self.index = index
            self.startNanoseconds = startNanoseconds
            self.durationNanoseconds = durationNanoseconds
            self.outputType = outputType
            self.outputPreview = outputPreview
        }
    }

    /// How often one action ran in the whole run, and for how long in all.
    public struct ActionProfile: Sendable, Equatable {
        public var index: Int
        public var count: Int
        public var totalNanoseconds: UInt64

        public init(index: Int, count: Int, totalNanoseconds: UInt64) {
            self.index = index
            self.count = count
            self.totalNanoseconds = totalNanoseconds
        }
    }

    /// How many steps are kept in full.
    public let stepLimit: Int
    /// Whether the kept steps carry a preview of their output.
    public let previews: Bool
    /// The first ``stepLimit`` steps, in the order they ran.
    public internal(set) var steps: [Step] = []
    /// Every step the run took, kept or not.
    public internal(set) var totalSteps = 0
    /// How long the run took, from its first step to its end.
    public internal(set) var durationNanoseconds: UInt64 = 0
    /// For every action that ran, in the shortcut's order.
    public internal(set) var profile: [ActionProfile] = []

    public init(stepLimit: Int = 1_000, previews: Bool = true) {
        self.stepLimit = max(0, stepLimit)
        self.previews = previews
    }

    // MARK: Previews

    /// The longest preview, in characters.
    public static let previewLength = 80

    /// A short, one-line rendering of content that reads nothing and converts nothing: a text's
    /// start, a number, a list's size, a file's name.
    public static func preview(of content: Content) -> String {
        switch content {
        case .nothing: return ""
        case .text(let text): return shortened(text)
        case .number, .boolean, .date, .url: return shortened(content.text)
        case .dictionary(let dictionary): return "\(dictionary.count) \(dictionary.count == 1 ? "key" : "keys")"
        case .list(let items):
            // The first few items' previews, as many as fit.
            var text = "\(items.count) \(items.count == 1 ? "item" : "items")"
            for (position, item) in items.prefix(8).enumerated() {
                text += (position == 0 ? ": " : ", ") + preview(of: item)
                if text.count > previewLength { break }
            }
            return shortened(text)
        case .file(let file):
            return shortened(file.name) + " (\(ByteCountFormatter.string(fromByteCount: Int64(file.data.count), countStyle: .file)))"
        case .entity(let entity): return shortened(entity.displayTitle)
        }
    }

    private static func shortened(_ text: String) -> String {
        var line = text.prefix(previewLength + 1).map { $0.isNewline ? " " : String($0) }.joined()
        if line.count > previewLength {
            line = String(line.prefix(previewLength - 1)) + "…"
        }
        return line
    }
}

/// Records a run's steps into a ``RunTrace`` as the runner goes: a value the runner holds, so a
/// step costs a clock read and a few stores, with no reference counting or exclusivity checks.
///
/// The kept steps are timed by the CPU's tick counter, turned into nanoseconds at the end
/// against the monotonic clock over the whole run. Past them only the profile is kept, timed by
/// ``ProfileClock`` (a millisecond clock read in one load): a step gets 0 or a whole tick, so
/// an action's total over many steps is right on average and a long step is timed to within a
/// millisecond. Steps that only move through blocks (If's test, Otherwise, End If, End Repeat, a
/// menu's items) are then counted without reading the clock; their time goes to the step before them.
struct TraceRecorder: StepHooks, ~Copyable {
    private let trace: RunTrace
    private let actionCount: Int
    private let counts: UnsafeMutablePointer<Int>
    /// Per instruction: whether a step of it is timed (``Instruction/isTimed``), worked out once
    /// so a step doesn't look at its instruction (passing it cost a copy per step).
    private let timed: UnsafeMutablePointer<Bool>
    /// Per action: tick-counter time of its kept steps, and coarse nanoseconds of the rest.
    private let ticks: UnsafeMutablePointer<UInt64>
    private let coarse: UnsafeMutablePointer<UInt64>
    private var steps: [RunTrace.Step] = []
    private var tickStarts: [UInt64] = []
    private var total = 0
    private var open = -1
    /// When the open step started: in ticks while steps are kept, in coarse nanoseconds after.
    private var openStart: UInt64 = 0
    /// When the first step past the kept ones started, in ticks.
    private var keptEnd: UInt64?
    private let startTicks: UInt64
    private let startNanoseconds: UInt64
    private let usesTicks: Bool
    private let stepLimit: Int
    private let previews: Bool
    /// Whether the millisecond clock runs for this run (once steps are past the kept ones).
    private var usesProfileClock = false

    init(_ trace: RunTrace, instructions: [Instruction]) {
        self.trace = trace
        stepLimit = trace.stepLimit
        previews = trace.previews
        actionCount = instructions.count
        let capacity = max(actionCount, 1)
        counts = .allocate(capacity: capacity)
        counts.initialize(repeating: 0, count: capacity)
        timed = .allocate(capacity: capacity)
        timed.initialize(repeating: false, count: capacity)
        for (index, instruction) in instructions.enumerated() { timed[index] = instruction.isTimed }
        ticks = .allocate(capacity: capacity)
        ticks.initialize(repeating: 0, count: capacity)
        coarse = .allocate(capacity: capacity)
        coarse.initialize(repeating: 0, count: capacity)
        steps.reserveCapacity(min(trace.stepLimit, 64))
        usesTicks = TickSource.isReliable
        startNanoseconds = shortcuts_timestamp_ns()
        startTicks = usesTicks ? shortcuts_timestamp_ticks() : startNanoseconds
        openStart = startTicks
    }

    deinit {
        counts.deallocate()
        timed.deallocate()
        ticks.deallocate()
        coarse.deallocate()
        if usesProfileClock { ProfileClock.release() }
    }

    @inline(__always)
    private func fine() -> UInt64 { usesTicks ? shortcuts_timestamp_ticks() : shortcuts_timestamp_ns() }

    /// The action at `index` starts; the step before it ends now.
    @inline(__always)
    mutating func started(_ index: Int) {
        counts[index] &+= 1
        total &+= 1
        if total > stepLimit {
            guard timed[index] || total == stepLimit &+ 1 else { return }
            if usesProfileClock {
                // Most steps see no tick: then only which step is open changes.
                let now = shortcuts_profile_clock_read()
                if now != openStart {
                    coarse[open] &+= now &- openStart
                    openStart = now
                }
                open = index
            } else {
                // The last kept step ends here, on the tick counter; the millisecond clock starts.
                let end = fine()
                keptEnd = end
                if open >= 0 { ticks[open] &+= end &- openStart }
                ProfileClock.acquire()
                usesProfileClock = true
                open = index
                openStart = shortcuts_profile_clock_read()
            }
            return
        }
        let now = fine()
        if open >= 0 { ticks[open] &+= now &- openStart }
        open = index
        openStart = now
        steps.append(RunTrace.Step(index: index, startNanoseconds: 0, durationNanoseconds: 0))
        tickStarts.append(now)
    }

    /// The action running now gave `output`.
    @inline(__always)
    mutating func finished(_ index: Int, output: borrowing Content) {
        guard total <= stepLimit, !steps.isEmpty else { return }
        let last = steps.count - 1
        steps[last].outputType = output.typeName
        if previews { steps[last].outputPreview = RunTrace.preview(of: copy output) }
    }

    /// The run ended, whether it finished or failed: the figures go into the trace.
    mutating func end() {
        let endTicks = fine()
        let endCoarse = usesProfileClock ? shortcuts_profile_clock_read() : 0
        let endNanoseconds = shortcuts_timestamp_ns()
        if open >= 0 {
            if keptEnd == nil { ticks[open] &+= endTicks &- openStart } else { coarse[open] &+= endCoarse &- openStart }
        }
        open = -1
        let elapsed = endNanoseconds &- startNanoseconds
        let tickSpan = endTicks &- startTicks
        let scale = usesTicks ? (tickSpan > 0 ? Double(elapsed) / Double(tickSpan) : 0) : 1
        func nanoseconds(_ ticks: UInt64) -> UInt64 { UInt64((Double(ticks) * scale).rounded()) }
        for position in steps.indices {
            let start = tickStarts[position]
            let end = position + 1 < tickStarts.count ? tickStarts[position + 1] : keptEnd ?? endTicks
            steps[position].startNanoseconds = nanoseconds(start &- startTicks)
            steps[position].durationNanoseconds = nanoseconds(end &- start)
        }
        trace.steps = steps
        trace.totalSteps = total
        trace.durationNanoseconds = elapsed
        trace.profile = (0..<actionCount).compactMap { index in
            guard counts[index] > 0 else { return nil }
            return RunTrace.ActionProfile(
                index: index, count: counts[index], totalNanoseconds: nanoseconds(ticks[index]) &+ coarse[index])
        }
    }
}

/// A clock for profiling long runs that costs one load to read (`shortcuts_profile_clock_read`):
/// a thread stores the monotonic time in it every millisecond while some run needs it, and
/// stops when none does.
///
/// A step timed with it gets 0 or a whole number of milliseconds; summed over many steps, an
/// action's time is right on average (a step of a tenth of a millisecond has one chance in ten
/// to see a tick), and a step of seconds is timed to the millisecond.
enum ProfileClock {
    private static let users = Mutex<(count: Int, ticking: Bool)>((0, false))

    /// Starts the clock's thread if no run uses it yet; each call needs a ``release()``.
    static func acquire() {
        shortcuts_profile_clock_tick()
        let starts = users.withLock { users -> Bool in
            users.count += 1
            guard !users.ticking else { return false }
            users.ticking = true
            return true
        }
        guard starts else { return }
        Thread.detachNewThread {
            while users.withLock({ users -> Bool in
                if users.count == 0 { users.ticking = false }
                return users.ticking
            }) {
                shortcuts_profile_clock_tick()
                usleep(1_000)
            }
        }
    }

    static func release() { users.withLock { $0.count -= 1 } }
}

/// Whether the CPU's tick counter can time steps: on x86-64 only when the kernel itself keeps
/// time with it (its clock source is `tsc`, so it is constant-rate and in step across cores).
enum TickSource {
    static let isReliable: Bool = {
        #if arch(x86_64)
            let path = "/sys/devices/system/clocksource/clocksource0/current_clocksource"
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
            return source.trimmingCharacters(in: .whitespacesAndNewlines) == "tsc"
        #elseif arch(arm64)
            return true
        #else
            return false
        #endif
    }()
}
