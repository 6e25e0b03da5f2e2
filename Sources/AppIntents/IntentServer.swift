import Foundation
import ShortcutsContent
import ShortcutsRPC
import Synchronization

/// Serves an app's intents over the extension protocol (v1): JSON-RPC 2.0, one message per line.
///
/// Requests are handled one at a time. A line that isn't JSON gets a parse error (-32700), an
/// unknown method gets -32601, and serving goes on; it ends when the input closes or on `shutdown`.
///
/// ```swift
/// let server = await IntentServer(bundleIdentifier: "com.example.SouperTask", intents: [CreateTaskIntent.self])
/// await server.serve(LineChannel(input: 0, output: 1))
/// ```
public struct IntentServer: Sendable {
    let bundleIdentifier: String
    /// Built on the first call that needs it: `initialize` doesn't, so an extension answers its
    /// first request without reflecting over every intent first (cold start is on the host's clock).
    private let catalog: LazyCatalog
    /// What the app does with a continuation (only a running app has one).
    private let continueInApp: (@Sendable (IntentContinuation) async throws -> Void)?
    /// What this connection's host said in `initialize` it reads: entity tables, the choice outcomes.
    private let hostReadsEntityTables = HostOptions()

    public init(
        bundleIdentifier: String, intents: [any AppIntent.Type],
        continueInApp: (@Sendable (IntentContinuation) async throws -> Void)? = nil
    ) async {
        self.bundleIdentifier = bundleIdentifier
        self.continueInApp = continueInApp
        // Donations made while intents are served are this app's.
        CurrentApp.set(bundleIdentifier)
        catalog = LazyCatalog(bundleIdentifier: bundleIdentifier, intents: intents)
    }

    /// Answers requests from the channel until it closes or the host sends `shutdown`.
    public func serve(_ channel: LineChannel) async {
        await JSONRPC.serve(channel, stoppingAfter: ExtensionProtocol.Method.shutdown) { try await dispatch($0) }
    }

    private func dispatch(_ request: JSONRPC.IncomingRequest) async throws -> any Encodable & Sendable {
        switch request.method {
        case ExtensionProtocol.Method.initialize:
            // Hosts before entity tables may send no params at all.
            let params = try? request.params(ExtensionProtocol.InitializeParams.self)
            hostReadsEntityTables.entityTables.store(params?.entityTables == true, ordering: .relaxed)
            hostReadsEntityTables.choiceOutcomes.store(params?.choiceOutcomes == true, ordering: .relaxed)
            return ExtensionProtocol.InitializeResult(
                protocolVersion: ExtensionProtocol.version, bundleIdentifier: bundleIdentifier)
        case ExtensionProtocol.Method.perform:
            let result = try await IntentPerformer(
                catalog: await catalog.value, hostHandlesChoices: hostReadsEntityTables.choiceOutcomes.load(ordering: .relaxed)
            ).perform(
                try request.params(ExtensionProtocol.PerformParams.self))
            return hostReadsEntityTables.entityTables.load(ordering: .relaxed) ? EntityTablesResult(result) : result
        case ExtensionProtocol.Method.queryEntities:
            return try await catalog.value.queryEntities(try request.params(ExtensionProtocol.QueryParams.self))
        case ExtensionProtocol.Method.listOptions:
            return try await catalog.value.listOptions(try request.params(ExtensionProtocol.OptionsParams.self))
        case ExtensionProtocol.Method.continueInApp where continueInApp != nil:
            let call = try request.params(ExtensionProtocol.ContinueParams.self)
            try await continueInApp?(
                IntentContinuation(
                    formatVersion: IntentContinuation.supportedFormatVersion, bundleIdentifier: bundleIdentifier,
                    intent: call.intent, parameters: call.parameters, result: call.result))
            return JSONRPC.Empty()
        case ExtensionProtocol.Method.shutdown:
            return JSONRPC.Empty()
        default:
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.methodNotFoundCode, message: "unknown method '\(request.method)'")
        }
    }
}

/// What the host of one connection said it reads, in `initialize`.
final class HostOptions: Sendable {
    let entityTables = Atomic(false)
    let choiceOutcomes = Atomic(false)
}

/// The app's catalog, made once, when first needed.
///
/// Not an actor: asking an actor would send every call to another thread and back, the largest
/// cost of a warm call. Two first calls at once may both make it; the first one made is kept.
final class LazyCatalog: Sendable {
    private let bundleIdentifier: String
    private let intents: [any AppIntent.Type]
    private let made = Mutex<IntentCatalog?>(nil)

    init(bundleIdentifier: String, intents: [any AppIntent.Type]) {
        self.bundleIdentifier = bundleIdentifier
        self.intents = intents
    }

    var value: IntentCatalog {
        get async {
            if let catalog = made.withLock({ $0 }) { return catalog }
            let catalog = await IntentCatalog(bundleIdentifier: bundleIdentifier, intents: intents)
            return made.withLock { made in
                if let first = made { return first }
                made = catalog
                return catalog
            }
        }
    }
}
