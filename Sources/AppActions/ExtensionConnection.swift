import Foundation
import ShortcutsContent
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

/// One app's extension as the host sees it: the running process (or none, or the running app's
/// connection when it registered), the lock that serializes calls, and the idle timer that ends it.
/// Unchecked `Sendable`: the process and idle timer are under `lock`, which also serializes calls to the extension.
final class ExtensionConnection: @unchecked Sendable {
    let bundleIdentifier: String
    private let configuration: ExtensionHost.Configuration
    private let lock = NSLock()
    private var process: ExtensionProcess?
    /// When the process ends for being idle (``IdleStop``), by the uptime clock.
    private var idle: IdleStop

    init(bundleIdentifier: String, configuration: ExtensionHost.Configuration) {
        self.bundleIdentifier = bundleIdentifier
        self.configuration = configuration
        idle = IdleStop(period: configuration.idleSeconds)
    }

    var isRunning: Bool { lock.withLock { process != nil } }
    var processIdentifier: Int32? { lock.withLock { process?.pid } }
    var isAttached: Bool { lock.withLock { process?.isAttached ?? false } }

    func start(_ manifest: AppManifest) throws(ExtensionError) {
        lock.lock()
        defer { lock.unlock() }
        _ = try running(manifest)
        scheduleIdleStop()
    }

    func call<Params: Codable & Sendable, Result: Codable & Sendable>(
        _ manifest: AppManifest, method: String, params: Params, as type: Result.Type, activity: String,
        isCancelled: (() -> Bool)? = nil
    ) throws(ExtensionError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        let process = try running(manifest)
        defer { scheduleIdleStop() }
        do {
            return try process.call(
                method, params: params, as: type, timeout: configuration.callTimeoutSeconds, isCancelled: isCancelled)
        } catch {
            throw failure(error, process: process, activity: activity)
        }
    }

    /// Sends later calls to a running app's connection instead of a spawned extension, which is
    /// ended if one is running. Waits for a call in progress to finish.
    func attach(channel: LineChannel, processIdentifier: Int32) {
        let replaced = lock.withLock { () -> ExtensionProcess? in
            let old = process
            process = ExtensionProcess.attached(channel: channel, processIdentifier: processIdentifier)
            return old
        }
        replaced?.stop(grace: 1)
    }

    /// Forgets the running app's connection, if calls go to one, so the next call starts the
    /// extension. Waits for a call in progress to finish.
    func detach() {
        lock.withLock {
            if process?.isAttached == true { process = nil }
        }
    }

    func stop() {
        lock.withLock {
            process?.stop(grace: 0.2)
            process = nil
        }
    }

    // MARK: Private, with the lock held

    /// The process to call, initialized: the attached app, the running extension, or a newly started one.
    private func running(_ manifest: AppManifest) throws(ExtensionError) -> ExtensionProcess {
        if let process, process.isInitialized { return process }
        let candidate: ExtensionProcess
        if let process { candidate = process } else { candidate = try spawn(manifest) }
        let answer: ExtensionProtocol.InitializeResult
        do {
            answer = try candidate.call(
                ExtensionProtocol.Method.initialize, params: ExtensionProtocol.InitializeParams(entityTables: true, choiceOutcomes: true),
                as: ExtensionProtocol.InitializeResult.self, timeout: configuration.callTimeoutSeconds)
        } catch {
            throw failure(error, process: candidate, activity: "starting")
        }
        let who = Self.name(of: candidate, bundleIdentifier: bundleIdentifier)
        guard answer.protocolVersion == ExtensionProtocol.version else {
            discard(candidate, grace: 0.2)
            throw ExtensionError(
                .protocolMismatch, bundleIdentifier: bundleIdentifier,
                message:
                    "\(who) speaks extension protocol version \(answer.protocolVersion); this shortcuts speaks version \(ExtensionProtocol.version)"
            )
        }
        guard answer.bundleIdentifier == bundleIdentifier else {
            discard(candidate, grace: 0.2)
            throw ExtensionError(
                .protocolMismatch, bundleIdentifier: bundleIdentifier,
                message:
                    "\(manifest.executable) answered as \(answer.bundleIdentifier), not \(bundleIdentifier); its manifest is out of date (run the app once)"
            )
        }
        candidate.isInitialized = true
        process = candidate
        return candidate
    }

    private func spawn(_ manifest: AppManifest) throws(ExtensionError) -> ExtensionProcess {
        do {
            return try ExtensionProcess.spawn(
                executable: manifest.executable, arguments: manifest.extensionArguments, environment: configuration.environment)
        } catch {
            throw ExtensionError(
                .launchFailed, bundleIdentifier: bundleIdentifier,
                message:
                    "couldn't start \(bundleIdentifier)'s extension \(manifest.executable): \(error) (run the app once so it writes its manifest again)"
            )
        }
    }

    /// How errors name who failed: the extension, or the running app by its process id.
    private static func name(of process: ExtensionProcess, bundleIdentifier: String) -> String {
        process.isAttached ? "\(bundleIdentifier) (the running app, pid \(process.pid))" : "\(bundleIdentifier)'s extension"
    }

    /// Turns a failed call into an error naming the app and the activity, ending the process
    /// (or letting go of the running app) when it is dead or can't be trusted any more, so the
    /// next call starts the extension again.
    private func failure(_ error: ExtensionProcess.CallFailure, process failed: ExtensionProcess, activity: String) -> ExtensionError {
        let app = Self.name(of: failed, bundleIdentifier: bundleIdentifier)
        switch error {
        case .remote(let object):
            return ExtensionError(.remoteError, bundleIdentifier: bundleIdentifier, message: "\(app) failed \(activity): \(object.message)")
        case .cancelled(let answered):
            // An extension still busy with a cancelled request is stopped (off this thread, so
            // the run ends now) and the next call starts it again; a running app is left to
            // finish, its late answer skipped.
            if !answered, !failed.isAttached {
                if process === failed { process = nil }
                DispatchQueue.global().async { failed.stop(grace: 1) }
            }
            return ExtensionError(
                .cancelled, bundleIdentifier: bundleIdentifier, message: "the run was cancelled while \(app) was \(activity)")
        case .invalidMessage(let detail):
            discard(failed, grace: 0)
            return ExtensionError(
                .invalidMessage, bundleIdentifier: bundleIdentifier, message: "\(app) broke the protocol while \(activity): \(detail)")
        case .channel(.timedOut(let seconds)):
            discard(failed, grace: 0)
            let ending = failed.isAttached ? "its connection was closed" : "it was stopped"
            return ExtensionError(
                .timedOut, bundleIdentifier: bundleIdentifier,
                message:
                    "\(app) did not answer within \(Self.format(seconds)) s while \(activity); \(ending) (SHORTCUTS_EXTENSION_TIMEOUT_SECONDS sets the limit)"
            )
        case .channel(let channelFailure):
            let status = discard(failed, grace: 1)
            var message =
                failed.isAttached
                ? "\(app) quit or closed its connection while \(activity); later calls use its extension"
                : "\(app) \(ExtensionProcess.describe(status: status)) while \(activity)"
            if case .closed = channelFailure {} else { message += " (\(channelFailure))" }
            let said = failed.recentErrorOutput()
            if !said.isEmpty { message += "; it said: " + Self.lastLines(of: said) }
            return ExtensionError(.exited, bundleIdentifier: bundleIdentifier, message: message)
        }
    }

    /// Stops a failed process (or disconnects a failed running app) and forgets it; returns its
    /// wait status (-1 for a running app, which isn't this host's child).
    @discardableResult
    private func discard(_ failed: ExtensionProcess, grace: Double) -> Int32 {
        if process === failed { process = nil }
        failed.disconnect()
        return failed.stop(grace: grace)
    }

    private func scheduleIdleStop() {
        perform(idle.used(at: Self.now()))
    }

    /// Does what the idle rules say, with the lock held.
    private func perform(_ action: IdleStop.Action) {
        switch action {
        case .nothing: break
        case .arm(let nanoseconds):
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) { [weak self] in
                self?.idleTimerFired()
            }
        case .stop:
            process?.stop(grace: 1)
            process = nil
        }
    }

    /// Ends the process if it has been idle long enough, or looks again when it will have been.
    private func idleTimerFired() {
        lock.withLock {
            let hasProcess = process.map { !$0.isAttached } ?? false
            perform(idle.timerFired(at: Self.now(), hasProcess: hasProcess))
        }
    }

    /// The uptime clock, in nanoseconds.
    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func lastLines(of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).suffix(3)
        return lines.joined(separator: " / ")
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
