import Foundation
import RunHistory
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary

extension RunSetup {
    /// The run history these runs are recorded in (`$XDG_STATE_HOME/shortcuts/runs.sqlite`).
    public var history: RunHistory { RunHistory(path: RunHistory.defaultPath(in: variables)) }

    /// The writer that records the service's runs off their threads (``HistoryWriter``); reads
    /// of the history in the service flush it first, so a client sees its own runs.
    public var historyWriter: HistoryWriter {
        HistoryWriter.shared(for: history, warn: { [warn] in warn("Warning: \($0)") })
    }

    /// Whether runs are recorded: the settings' choice, unless `SHORTCUTS_HISTORY` says otherwise.
    public func recordsHistory(_ settings: HistorySettings) -> Bool { settings.isEnabled(in: variables) }
}

/// One run being recorded in the history: its row when it starts, its end and trace when it
/// ends, then the shortcut's runs past the retention pruned. The history failing never fails
/// the run; it is a warning. The service hands both to its ``HistoryWriter`` so its runs never
/// wait for the database; the other front ends (one run per process, mostly) write them at once.
struct HistoryRecording {
    let history: RunHistory
    /// The service's background writer, or `nil` to write at once.
    let writer: HistoryWriter?
    let settings: HistorySettings
    let id: String
    let shortcut: RunningShortcut
    let trace: RunTrace
    let warn: @Sendable (String) -> Void

    /// Starts recording, or gives `nil` when the history is off or can't be written (warned).
    static func start(
        _ setup: RunSetup, settings: HistorySettings, id: String, trigger: String, shortcut: RunningShortcut, input: Content
    ) -> HistoryRecording? {
        guard setup.recordsHistory(settings) else { return nil }
        let history = setup.history
        let record = RunRecord(
            id: id, shortcut: shortcut.name, identifier: shortcut.identifier, fileHash: shortcut.fileHash, trigger: trigger,
            start: Date(), input: input.isNothing ? nil : summary(of: input, previews: settings.previews))
        let writer = setup.caller == .service ? setup.historyWriter : nil
        if let writer {
            writer.submit(.begin(record))
        } else {
            do {
                try history.begin(record)
            } catch {
                setup.warn("Warning: this run isn't recorded in the history: \(error.message)")
                return nil
            }
        }
        return HistoryRecording(
            history: history, writer: writer, settings: settings, id: id, shortcut: shortcut,
            trace: RunTrace(stepLimit: settings.traceSteps, previews: settings.previews), warn: setup.warn)
    }

    func finish(_ program: Program, output: Content) {
        record(
            program, status: .succeeded, failure: nil,
            output: output.isNothing ? nil : Self.summary(of: output, previews: settings.previews))
    }

    func finish(_ program: Program, error: RunError) {
        let failure = RunRecord.Failure(
            actionIndex: error.actionIndex, identifier: error.actionIdentifier, parameter: error.parameter, message: error.message,
            code: error.code.name)
        record(program, status: error.code == .cancelled ? .cancelled : .failed, failure: failure, output: nil)
    }

    private func record(_ program: Program, status: RunRecord.Status, failure: RunRecord.Failure?, output: RunRecord.Summary?) {
        let ending = RunEnding(
            id: id, status: status, failure: failure, output: output, trace: trace, identifier: program.actionIdentifier(at:),
            retention: RunEnding.Retention(
                keepPerShortcut: settings.keepRuns, keepDays: settings.keepDays, shortcut: shortcut.name,
                identifier: shortcut.identifier))
        if let writer {
            writer.submit(.finish(ending))
            return
        }
        do {
            try history.finish(ending)
        } catch {
            warn("Warning: the end of run \(id) isn't recorded in the history: \(error.message)")
        }
    }

    static func summary(of content: Content, previews: Bool) -> RunRecord.Summary {
        RunRecord.Summary(type: content.typeName, preview: previews ? RunTrace.preview(of: content) : nil)
    }
}
