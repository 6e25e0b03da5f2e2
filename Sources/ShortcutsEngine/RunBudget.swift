import Dispatch
import ShortcutsContent

/// What one run (with the runs it starts) has used so far, against its limits. Used on the run's
/// thread only, so its counters skip the run-time exclusivity checks (as ``RunContext``'s state).
final class RunBudget {
    let limits: RunLimits
    @exclusivity(unchecked) var actions = 0
    /// The bytes the run's variables, outputs and loop results hold, by ``Content/footprint``.
    @exclusivity(unchecked) var heldBytes = 0
    /// The run's cancellation, which carries its time limit to everything that waits.
    let cancellation: Cancellation

    /// Starts the clock: past the time limit the cancellation counts as cancelled, so even a
    /// long action (a wait, a script) stops; no timer or thread is needed.
    init(limits: RunLimits, cancellation: Cancellation) {
        self.limits = limits
        self.cancellation = cancellation
        guard limits.seconds > 0 else { return }
        let nanoseconds = UInt64(min(limits.seconds, 1e9) * 1e9)
        cancellation.limit(toUptime: DispatchTime.now().uptimeNanoseconds &+ nanoseconds)
    }

    var isPastDeadline: Bool { cancellation.isPastDeadline }

    /// The failure for a run past its time.
    var timeFailure: ActionFailure {
        ActionFailure(
            "the run went past its time limit of \(NumberText.format(limits.seconds)) s (SHORTCUTS_MAX_RUN_SECONDS, or limits.seconds in settings)",
            code: .limitExceeded)
    }

    /// Counts one executed action.
    @inline(__always)
    func countAction() throws {
        actions &+= 1
        // The clock is read every 256 actions, so a tight loop stops at its time limit too.
        if actions & 255 == 0 { try checkDeadline() }
        if limits.actions > 0, actions > limits.actions {
            throw ActionFailure(
                "the run executed more than \(limits.actions) actions, its limit (SHORTCUTS_MAX_ACTIONS, or limits.actions in settings); a loop that never ends?",
                code: .limitExceeded)
        }
    }

    /// Throws when the run is past its time limit; kept out of line, off the hot path.
    @inline(never)
    func checkDeadline() throws {
        if cancellation.isPastDeadline { throw timeFailure }
    }

    /// Checks one value an action produced against the per-value limits.
    @inline(__always)
    func checkValue(_ content: Content) throws {
        switch content {
        case .text(let text) where limits.valueBytes > 0 && text.utf8.count > limits.valueBytes:
            throw valueFailure("text of \(text.utf8.count) bytes")
        case .file(let file) where limits.valueBytes > 0 && file.data.count > limits.valueBytes:
            throw valueFailure("a file of \(file.data.count) bytes")
        case .list(let items): try checkListCount(items.count)
        default: return
        }
    }

    /// Checks the length of a list an action (or a loop's results) produced.
    @inline(__always)
    func checkListCount(_ count: Int) throws {
        guard limits.listItems > 0, count > limits.listItems else { return }
        throw ActionFailure(
            "its output is a list of \(count) items, more than one value may hold (\(limits.listItems); SHORTCUTS_MAX_LIST_ITEMS, or limits.listItems in settings)",
            code: .limitExceeded)
    }

    private func valueFailure(_ what: String) -> ActionFailure {
        ActionFailure(
            "its output is \(what), more than one value may hold (\(limits.valueBytes); SHORTCUTS_MAX_VALUE_BYTES, or limits.valueBytes in settings)",
            code: .limitExceeded)
    }

    /// Accounts for a value replacing another in a variable, output or loop result.
    @inline(__always)
    func replace(_ old: Int, with new: Int) throws {
        heldBytes += new - old
        if limits.runBytes > 0, heldBytes > limits.runBytes {
            throw ActionFailure(
                "the run holds \(heldBytes) bytes in its variables and outputs, more than its limit (\(limits.runBytes); SHORTCUTS_MAX_RUN_BYTES, or limits.runBytes in settings)",
                code: .limitExceeded)
        }
    }
}

extension Content {
    /// About how many bytes this value holds: its text, data and items, with a small cost per
    /// item, for the run's memory limit.
    var footprint: Int {
        switch self {
        case .nothing, .boolean, .number, .date: return 16
        case .text(let text): return 16 + text.utf8.count
        case .url(let url): return 16 + url.absoluteString.utf8.count
        case .file(let file): return 64 + file.data.count + file.name.utf8.count
        case .list(let items):
            var total = 16
            for item in items { total &+= item.footprint }
            return total
        case .dictionary(let dictionary):
            var total = 16
            for (key, value) in dictionary { total &+= 16 + key.utf8.count + value.footprint }
            return total
        default: return 64
        }
    }
}
