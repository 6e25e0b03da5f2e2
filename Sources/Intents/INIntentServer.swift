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
    }

    /// Answers requests until the channel closes or the host sends `shutdown`.
    public func serve(_ channel: LineChannel) async {
        while true {
            guard let line = try? channel.readLine() else { return }
            let (response, isShutdown) = await handle(line)
            if let response {
                guard (try? channel.writeLine(response)) != nil else { return }
            }
            if isShutdown { return }
        }
    }

    /// The response to one line (nil for a notification) and whether serving should end.
    public func handle(_ line: Data) async -> (response: Data?, isShutdown: Bool) {
        guard let envelope = try? JSONRPC.decode(JSONRPC.Envelope.self, from: line) else {
            return (errorLine(nil, JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.parseErrorCode, message: "the line is not a JSON-RPC message")), false)
        }
        guard let method = envelope.method else {
            return (errorLine(envelope.id, JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidRequestCode, message: "a request needs a method")), false)
        }
        let isShutdown = method == ExtensionProtocol.Method.shutdown
        do {
            let result = try await dispatch(method, line)
            guard let id = envelope.id else { return (nil, isShutdown) }
            return (try result(id), isShutdown)
        } catch let error as JSONRPC.ErrorObject {
            return (envelope.id == nil ? nil : errorLine(envelope.id, error), isShutdown)
        } catch {
            let failure = JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.internalErrorCode, message: String(describing: error))
            return (envelope.id == nil ? nil : errorLine(envelope.id, failure), isShutdown)
        }
    }

    /// Runs a method; returns how to encode its response for an id.
    private func dispatch(_ method: String, _ line: Data) async throws -> (JSONRPC.ID) throws -> Data {
        switch method {
        case ExtensionProtocol.Method.initialize:
            return encoder(ExtensionProtocol.InitializeResult(protocolVersion: ExtensionProtocol.version, bundleIdentifier: bundleIdentifier))
        case ExtensionProtocol.Method.perform:
            let call = try params(ExtensionProtocol.PerformParams.self, line)
            let performer = INIntentPerformer(schema: try intent(named: call.intent), coding: coding, dispatch: dispatch)
            return encoder(try await performer.perform(call))
        case ExtensionProtocol.Method.listOptions:
            let call = try params(ExtensionProtocol.OptionsParams.self, line)
            return encoder(ExtensionProtocol.OptionsResult(options: try await options(call)))
        case ExtensionProtocol.Method.queryEntities:
            return encoder(try await queryEntities(try params(ExtensionProtocol.QueryParams.self, line)))
        case ExtensionProtocol.Method.shutdown:
            return encoder(JSONRPC.Empty())
        default:
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.methodNotFoundCode, message: "unknown method '\(method)'")
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
            guard let text = query.matching, let type = coding.types[query.entityType] else { return ExtensionProtocol.QueryResult(entities: []) }
            return ExtensionProtocol.QueryResult(entities: [.entity(coding.entity(type.make(text, text)))])
        }
        let options = try await options(ExtensionProtocol.OptionsParams(intent: intent.className, parameter: parameter.name, searchTerm: query.matching))
        let found = options.map(\.value).filter { value in
            guard case .entity(let entity) = value else { return false }
            if let identifiers = query.identifiers { return identifiers.contains(entity.identifier) }
            if let text = query.matching { return entity.displayTitle.localizedCaseInsensitiveContains(text) }
            return true
        }
        return ExtensionProtocol.QueryResult(entities: found)
    }

    private func encoder<Result: Codable & Sendable>(_ result: Result) -> (JSONRPC.ID) throws -> Data {
        { id in try JSONRPC.encode(JSONRPC.Response(id: id, result: result)) }
    }

    private func params<Params: Codable & Sendable>(_ type: Params.Type, _ line: Data) throws -> Params {
        guard let request = try? JSONRPC.decode(JSONRPC.Request<Params>.self, from: line), let params = request.params else {
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidParamsCode, message: "the params are missing or not valid")
        }
        return params
    }

    private func errorLine(_ id: JSONRPC.ID?, _ error: JSONRPC.ErrorObject) -> Data {
        (try? JSONRPC.encode(JSONRPC.ErrorResponse(id: id, error: error))) ?? Data()
    }
}
