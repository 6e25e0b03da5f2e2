import CTimestamp
import Foundation
import ShortcutsContent

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
/// step costs a tick read and a few stores, with no reference counting or exclusivity checks.
///
/// Steps are timed by the CPU's tick counter, turned into nanoseconds at the end against the
/// monotonic clock over the whole run. Past the kept steps, the steps that only move through
/// blocks (Otherwise, End If, End Repeat, a menu's items) are counted without reading the
/// clock; their few nanoseconds go to the step before them.
struct TraceRecorder: StepHooks, ~Copyable {
    private let trace: RunTrace
    private let actionCount: Int
    private let counts: UnsafeMutablePointer<Int>
    private let ticks: UnsafeMutablePointer<UInt64>
    private var steps: [RunTrace.Step] = []
    private var tickStarts: [UInt64] = []
    private var total = 0
    private var open = -1
    private var openStart: UInt64 = 0
    private let startTicks: UInt64
    private let startNanoseconds: UInt64
    private let usesTicks: Bool
    private let stepLimit: Int
    private let previews: Bool

    init(_ trace: RunTrace, actionCount: Int) {
        self.trace = trace
        stepLimit = trace.stepLimit
        previews = trace.previews
        self.actionCount = actionCount
        counts = .allocate(capacity: max(actionCount, 1))
        counts.initialize(repeating: 0, count: max(actionCount, 1))
        ticks = .allocate(capacity: max(actionCount, 1))
        ticks.initialize(repeating: 0, count: max(actionCount, 1))
        steps.reserveCapacity(min(trace.stepLimit, 64))
        usesTicks = TickSource.isReliable
        startNanoseconds = shortcuts_timestamp_ns()
        startTicks = usesTicks ? shortcuts_timestamp_ticks() : startNanoseconds
        openStart = startTicks
    }

    deinit {
        counts.deallocate()
        ticks.deallocate()
    }

    @inline(__always)
    private func now() -> UInt64 { usesTicks ? shortcuts_timestamp_ticks() : shortcuts_timestamp_ns() }

    /// The action at `index` starts; the step before it ends now (unless this step only moves
    /// through a block and the kept steps are behind).
    @inline(__always)
    mutating func started(_ index: Int, _ instruction: borrowing Instruction) {
        counts[index] &+= 1
        total &+= 1
        guard total <= stepLimit || instruction.isTimed else { return }
        let now = now()
        if open >= 0 { ticks[open] &+= now &- openStart }
        open = index
        openStart = now
        if total <= stepLimit {
            steps.append(RunTrace.Step(index: index, startNanoseconds: 0, durationNanoseconds: 0))
            tickStarts.append(now)
        }
    }

    /// The action running now gave `output`.
    @inline(__always)
    mutating func finished(_ index: Int, output: Content) {
        guard total <= stepLimit, !steps.isEmpty else { return }
        let last = steps.count - 1
        steps[last].outputType = output.typeName
        if previews { steps[last].outputPreview = RunTrace.preview(of: output) }
    }

    /// The run ended, whether it finished or failed: the figures go into the trace.
    mutating func end() {
        let endTicks = now()
        let endNanoseconds = shortcuts_timestamp_ns()
        if open >= 0 { ticks[open] &+= endTicks &- openStart }
        let elapsed = endNanoseconds &- startNanoseconds
        let tickSpan = endTicks &- startTicks
        let scale = usesTicks ? (tickSpan > 0 ? Double(elapsed) / Double(tickSpan) : 0) : 1
        func nanoseconds(_ ticks: UInt64) -> UInt64 { UInt64((Double(ticks) * scale).rounded()) }
        for position in steps.indices {
            let start = tickStarts[position]
            let end = position + 1 < tickStarts.count ? tickStarts[position + 1] : endTicks
            steps[position].startNanoseconds = nanoseconds(start &- startTicks)
            steps[position].durationNanoseconds = nanoseconds(end &- start)
        }
        trace.steps = steps
        trace.totalSteps = total
        trace.durationNanoseconds = elapsed
        trace.profile = (0..<actionCount).compactMap { index in
            counts[index] > 0
                ? RunTrace.ActionProfile(index: index, count: counts[index], totalNanoseconds: nanoseconds(ticks[index])) : nil
        }
    }
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
