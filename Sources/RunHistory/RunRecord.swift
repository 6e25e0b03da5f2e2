import Foundation
import ShortcutsEngine

/// One run as the history keeps it: what ran, what started it, when, and how it ended.
public struct RunRecord: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Still going, or its process ended before it could say (see ``RunHistory/sweepUnfinished()``).
        case running, succeeded, failed, cancelled
    }

    /// Where a failed run stopped, as the service reports errors.
    public struct Failure: Sendable, Equatable {
        /// The action's position, counting from 1 as the editor does.
        public var actionIndex: Int?
        public var identifier: String?
        public var parameter: String?
        public var message: String
        /// The kind of failure (`actionFailed`, `needsInteraction`, `unfinished`…).
        public var code: String

        public init(actionIndex: Int? = nil, identifier: String? = nil, parameter: String? = nil, message: String, code: String) {
            self.actionIndex = actionIndex
            self.identifier = identifier
            self.parameter = parameter
            self.message = message
            self.code = code
        }
    }

    /// A short description of content: its type and, when previews are on, its start.
    public struct Summary: Sendable, Equatable {
        public var type: String
        public var preview: String?

        public init(type: String, preview: String?) {
            self.type = type
            self.preview = preview
        }
    }

    public var id: String
    /// The shortcut's name, and its identifier in the library (`nil` for a file run as it is).
    public var shortcut: String
    public var identifier: String?
    /// A hash of the shortcut's file (FNV-1a, 64 bits, in hex), to tell its versions apart.
    public var fileHash: String?
    /// What started it: `command line`, `socket`, `D-Bus`, `app`, `MCP`, `automation`…
    public var trigger: String
    public var start: Date
    public var end: Date?
    public var status: Status
    public var failure: Failure?
    public var input: Summary?
    public var output: Summary?
    /// How many steps the run took (actions run, loops counted each time), once it ended.
    public var steps: Int?
    /// The process that ran it.
    public var processID: Int32

    /// The hash the history keeps of a shortcut's file: FNV-1a, 64 bits, as 16 hex digits.
    public static func fileHash(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public init(
        id: String, shortcut: String, identifier: String?, fileHash: String?, trigger: String, start: Date, end: Date? = nil,
        status: Status = .running, failure: Failure? = nil, input: Summary? = nil, output: Summary? = nil, steps: Int? = nil,
        processID: Int32 = getpid()
    ) {
        self.id = id
        self.shortcut = shortcut
        self.identifier = identifier
        self.fileHash = fileHash
        self.trigger = trigger
        self.start = start
        self.end = end
        self.status = status
        self.failure = failure
        self.input = input
        self.output = output
        self.steps = steps
        self.processID = processID
    }
}

/// A run with its trace: the first steps in full, and how often and how long each action ran.
public struct RunDetails: Sendable, Equatable {
    /// One step as it ran.
    public struct Step: Sendable, Equatable {
        /// Which step of the run it was, counting from 1.
        public var position: Int
        /// The action's position in the shortcut, counting from 1.
        public var actionIndex: Int
        public var identifier: String
        /// From the run's start.
        public var startNanoseconds: Int64
        public var durationNanoseconds: Int64
        public var output: RunRecord.Summary?

        public init(
            position: Int, actionIndex: Int, identifier: String, startNanoseconds: Int64, durationNanoseconds: Int64,
            output: RunRecord.Summary?
        ) {
            self.position = position
            self.actionIndex = actionIndex
            self.identifier = identifier
            self.startNanoseconds = startNanoseconds
            self.durationNanoseconds = durationNanoseconds
            self.output = output
        }
    }

    /// How often one action ran in the whole run, and for how long in all.
    public struct Profile: Sendable, Equatable {
        public var actionIndex: Int
        public var identifier: String
        public var count: Int
        public var totalNanoseconds: Int64

        public init(actionIndex: Int, identifier: String, count: Int, totalNanoseconds: Int64) {
            self.actionIndex = actionIndex
            self.identifier = identifier
            self.count = count
            self.totalNanoseconds = totalNanoseconds
        }
    }

    public var run: RunRecord
    public var steps: [Step]
    public var profile: [Profile]

    public init(run: RunRecord, steps: [Step], profile: [Profile]) {
        self.run = run
        self.steps = steps
        self.profile = profile
    }
}

/// Which runs to list.
public struct RunQuery: Sendable, Equatable {
    /// A shortcut's name or identifier (either matches, ignoring case).
    public var shortcut: String?
    /// Only runs that ended so (`failed` for `--failed`).
    public var status: RunRecord.Status?
    public var since: Date?
    /// The most runs to give, newest first.
    public var limit = 50

    public init(shortcut: String? = nil, status: RunRecord.Status? = nil, since: Date? = nil, limit: Int = 50) {
        self.shortcut = shortcut
        self.status = status
        self.since = since
        self.limit = limit
    }
}

/// One change to the history: a run started, or a run ended.
public enum HistoryChange: Sendable {
    case begin(RunRecord)
    case finish(RunEnding)
}

/// How a run ended, with its trace and the retention to apply to its shortcut's runs.
public struct RunEnding: Sendable {
    /// How many runs a shortcut keeps, and for how many days; 0 keeps every run.
    public struct Retention: Sendable, Equatable {
        public var keepPerShortcut: Int
        public var keepDays: Int
        /// The shortcut's identifier, or its name when it has none: what its runs share.
        public var shortcutKey: String

        public init(keepPerShortcut: Int, keepDays: Int, shortcut: String, identifier: String?) {
            self.keepPerShortcut = keepPerShortcut
            self.keepDays = keepDays
            shortcutKey = identifier ?? shortcut
        }
    }

    public var id: String
    public var end: Date
    public var status: RunRecord.Status
    public var failure: RunRecord.Failure?
    public var output: RunRecord.Summary?
    public var totalSteps: Int?
    public var steps: [RunTrace.Step]
    public var profile: [RunTrace.ActionProfile]
    /// The identifier of each action the trace names, by its index (from 0).
    public var identifiers: [Int: String]
    public var retention: Retention?

    /// - Parameter identifier: names the action at an index
    ///   (``ShortcutsEngine/Program/actionIdentifier(at:)``).
    public init(
        id: String, end: Date = Date(), status: RunRecord.Status, failure: RunRecord.Failure? = nil,
        output: RunRecord.Summary? = nil, trace: RunTrace?, identifier: (Int) -> String?, retention: Retention? = nil
    ) {
        self.id = id
        self.end = end
        self.status = status
        self.failure = failure
        self.output = output
        totalSteps = trace?.totalSteps
        steps = trace?.steps ?? []
        profile = trace?.profile ?? []
        var identifiers: [Int: String] = [:]
        for index in profile.map(\.index) { identifiers[index] = identifier(index) }
        self.identifiers = identifiers
        self.retention = retention
    }
}
