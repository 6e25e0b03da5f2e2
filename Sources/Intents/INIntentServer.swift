import Foundation
import ShortcutsContent
import ShortcutsRPC

/// Serves an app's SiriKit intents over the extension protocol (v1), the same protocol App
/// Intents apps serve, so `shortcuts` runs both alike.
///
/// ```swift
/// let server = INIntentServer(bundleIdentifier: "com.example.Pizza", definitions: [IntentsIntentDefinition.schema],
///                             dispatch: .intentsExtension(IntentHandler()))
/// await server.serve(LineChannel(input: 0, output: 1))
/// ```
public struct INIntentServer {
    let bundleIdentifier: String
    let definitions: [INIntentDefinitionSchema]
    let dispatch: INIntentDispatch
    let coding: INValueCoding

    public init(bundleIdentifier: String, definitions: [INIntentDefinitionSchema], dispatch: INIntentDispatch) {
        self.bundleIdentifier = bundleIdentifier
        self.definitions = definitions
        self.dispatch = dispatch
        coding = INValueCoding(definitions: definitions)
        // Interactions donated while intents are served are this app's.
        INCurrentApp.current.withLock {
            $0 = INCurrentApp.App(bundleIdentifier: bundleIdentifier, definitions: definitions, coding: coding)
        }
    }

    /// Answers requests until the channel closes or the host sends `shutdown`.
    public func serve(_ channel: LineChannel) async {
        // The dispatch table is the app's and is only read; serving happens on one thread at a time.
        nonisolated(unsafe) let server = self
        await JSONRPC.serve(channel, stoppingAfter: ExtensionProtocol.Method.shutdown) { try await server.dispatch($0) }
    }

    /// The response to one line (nil for a notification) and whether serving should end.
    public func handle(_ line: Data) async -> (response: Data?, isShutdown: Bool) {
        let (response, method) = await JSONRPC.answer(line, with: { try await dispatch($0) })
        return (response, method == ExtensionProtocol.Method.shutdown)
    }

    /// Runs a method and returns its result.
    private func dispatch(_ request: JSONRPC.IncomingRequest) async throws -> any Encodable & Sendable {
        switch request.method {
        case ExtensionProtocol.Method.initialize:
            return ExtensionProtocol.InitializeResult(protocolVersion: ExtensionProtocol.version, bundleIdentifier: bundleIdentifier)
        case ExtensionProtocol.Method.perform:
            let call = try request.params(ExtensionProtocol.PerformParams.self)
            let performer = INIntentPerformer(schema: try intent(named: call.intent), coding: coding, dispatch: dispatch)
            return try await performer.perform(call)
        case ExtensionProtocol.Method.listOptions:
            return ExtensionProtocol.OptionsResult(options: try await options(try request.params(ExtensionProtocol.OptionsParams.self)))
        case ExtensionProtocol.Method.queryEntities:
            return try await queryEntities(try request.params(ExtensionProtocol.QueryParams.self))
        case ExtensionProtocol.Method.shutdown:
            return JSONRPC.Empty()
        default:
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.methodNotFoundCode, message: "unknown method '\(request.method)'")
        }
    }

    func intent(named name: String) throws(JSONRPC.ErrorObject) -> INIntentSchema {
        if let found = definitions.lazy.flatMap(\.intents).first(where: { $0.className == name }) { return found }
        let known = definitions.flatMap(\.intents).map(\.className).joined(separator: ", ")
        throw JSONRPC.ErrorObject(
            code: JSONRPC.ErrorObject.invalidParamsCode, message: "this app has no intent named '\(name)' (it has: \(known))")
    }

    /// The choices a parameter's `provide…OptionsCollection` offers for a fresh intent.
    func options(_ call: ExtensionProtocol.OptionsParams) async throws -> [ExtensionProtocol.Option] {
        let schema = try intent(named: call.intent)
        guard let parameter = schema.parameters.first(where: { $0.name == call.parameter }) else {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode, message: "the intent \(call.intent) has no parameter '\(call.parameter)'")
        }
        let intent = schema.makeIntent()
        guard let handler = dispatch.handler(for: intent), let provide = schema.bind(handler, intent)?.provideOptions[parameter.name] else {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode, message: "\(call.intent) offers no options for '\(call.parameter)'")
        }
        return try await provide(call.searchTerm).map { item in
            let value: Any = (item as? NSString).map { String(describing: $0) } ?? item
            return ExtensionProtocol.Option(
                value: coding.content(of: value, for: parameter), title: coding.title(of: value, for: parameter),
                subtitle: (item as? INObject)?.subtitleString)
        }
    }

    /// Custom-type values by identifier or text, from the first parameter of that type with options;
    /// without one, text stands for a value with that identifier and title.
    func queryEntities(_ query: ExtensionProtocol.QueryParams) async throws -> ExtensionProtocol.QueryResult {
        let candidates = definitions.flatMap(\.intents).flatMap { intent in
            intent.parameters.filter { $0.type == .object(query.entityType) && $0.hasDynamicOptions }.map { (intent, $0) }
        }
        guard let (intent, parameter) = candidates.first else {
            guard let text = query.matching, let type = coding.types[query.entityType] else {
                return ExtensionProtocol.QueryResult(entities: [])
            }
            return ExtensionProtocol.QueryResult(entities: [.entity(coding.entity(type.make(text, text)))])
        }
        let options = try await options(
            ExtensionProtocol.OptionsParams(intent: intent.className, parameter: parameter.name, searchTerm: query.matching))
        let found = options.map(\.value).filter { value in
            guard case .entity(let entity) = value else { return false }
            if let identifiers = query.identifiers { return identifiers.contains(entity.identifier) }
            if let text = query.matching { return entity.displayTitle.localizedCaseInsensitiveContains(text) }
            return true
        }
        return ExtensionProtocol.QueryResult(entities: found)
    }
}
