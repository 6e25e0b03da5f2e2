import Foundation
import ShortcutsContent
import ShortcutsEngine
import Synchronization

/// One message of a conversation with a model: its role and its parts (text, images).
public struct ModelMessage: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case text(String)
        /// An image as a `data:` URL, as the chat-completions API takes one.
        case image(dataURL: String)
    }

    public var role: String
    public var parts: [Part]

    public init(role: String, parts: [Part]) {
        self.role = role
        self.parts = parts
    }

    public static func system(_ text: String) -> ModelMessage { ModelMessage(role: "system", parts: [.text(text)]) }
    public static func user(_ text: String) -> ModelMessage { ModelMessage(role: "user", parts: [.text(text)]) }
    public static func assistant(_ text: String) -> ModelMessage { ModelMessage(role: "assistant", parts: [.text(text)]) }

    /// The message as the API reads it: plain text content, or a list of parts when it has an image.
    var json: [String: Any] {
        if parts.allSatisfy({ if case .text = $0 { true } else { false } }) {
            let text = parts.map { if case .text(let text) = $0 { text } else { "" } }.joined()
            return ["role": role, "content": text]
        }
        let content: [[String: Any]] = parts.map {
            switch $0 {
            case .text(let text): ["type": "text", "text": text]
            case .image(let url): ["type": "image_url", "image_url": ["url": url]]
            }
        }
        return ["role": role, "content": content]
    }
}

/// How a ``ModelClient`` sends its requests: a run's HTTP (its grants, limits and cancellation),
/// or, for a command, a transport of its own. Not `Sendable`: a run's context stays on the
/// run's thread.
public struct ModelExchange {
    /// Sends a request, waiting at most the given seconds.
    public var send: (HTTPRequest, TimeInterval) throws -> HTTPResponse
    /// Where API keys named by variable are read.
    public var variables: [String: String]
    /// Told each piece of an answer as it streams in, with the asker's title.
    public var partialAnswer: (@Sendable (String, String) -> Void)?

    public init(
        variables: [String: String], partialAnswer: (@Sendable (String, String) -> Void)? = nil,
        send: @escaping (HTTPRequest, TimeInterval) throws -> HTTPResponse
    ) {
        self.send = send
        self.variables = variables
        self.partialAnswer = partialAnswer
    }

    /// Through a run: its HTTP, bounded by its value limit and stopped with it.
    public init(run: RunContext, parameter: String) {
        self.init(variables: run.environment.variables, partialAnswer: run.environment.partialAnswer) { request, timeout in
            try run.send(request, parameter: parameter, timeout: timeout)
        }
    }

    /// Through a transport of its own (a command that is not a run), stopped by `cancellation`.
    public init(
        http: any HTTPTransport, variables: [String: String], cancellation: Cancellation? = nil, limit: Int = 64 << 20,
        partialAnswer: (@Sendable (String, String) -> Void)? = nil
    ) {
        self.init(variables: variables, partialAnswer: partialAnswer) { request, timeout in
            do throws(HTTPFailure) {
                return try http.send(request, timeout: timeout, limit: limit, cancellation: cancellation)
            } catch {
                throw ActionFailure(error.message, code: error.reason == .cancelled ? .cancelled : .actionFailed, underlying: error)
            }
        }
    }
}

/// Talks to a model endpoint through the run's HTTP: the OpenAI-compatible chat-completions
/// API, streamed, with structured output under a JSON schema when an answer has a type.
///
/// Servers take a schema in one of two forms: OpenAI's and llama.cpp's `llama-server` take
/// `{"type": "json_schema", "json_schema": {…}}`, llama-cpp-python's server only
/// `{"type": "json_object", "schema": {…}}`. The standard form is tried first; when a server
/// refuses it, the other is tried and remembered for that endpoint while the process lives.
public struct ModelClient {
    /// How long one answer may take: a model on a laptop's processor is slow.
    static let answerTimeout: TimeInterval = 600

    enum SchemaForm: Sendable { case jsonSchema, jsonObject }

    /// The form each endpoint took, and the model each endpoint without one named listed first.
    private static let learned = Mutex<(forms: [String: SchemaForm], models: [String: String])>(([:], [:]))

    let exchange: ModelExchange
    public let endpoint: ModelEndpoint
    /// The action's title, for what streams to the person and for errors.
    let action: String
    /// The parameter errors about the model are reported against.
    let parameter: String?

    public init(exchange: ModelExchange, endpoint: ModelEndpoint, action: String, parameter: String?) {
        self.exchange = exchange
        self.endpoint = endpoint
        self.action = action
        self.parameter = parameter
    }

    /// A client for an action of a run, through the run's HTTP.
    public init(run: RunContext, endpoint: ModelEndpoint, action: String, parameter: String) {
        self.init(exchange: ModelExchange(run: run, parameter: parameter), endpoint: endpoint, action: action, parameter: parameter)
    }

    /// The endpoint's base URL without a trailing slash.
    public var base: String {
        var url = endpoint.url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// Asks the model; returns its whole answer's text. Each piece is told to the run's
    /// ``RunEnvironment/partialAnswer`` as it arrives.
    ///
    /// - Parameters:
    ///   - schema: the JSON schema the answer must follow, or `nil` for free text.
    ///   - maxTokens: the longest answer to let the model give (`max_tokens`), or `nil` for the server's.
    public func answer(_ messages: [ModelMessage], schema: [String: Any]? = nil, maxTokens: Int? = nil) throws -> String {
        let key = try apiKey()
        let model = try modelName(key: key)
        var form = Self.learned.withLock { $0.forms[base] } ?? .jsonSchema
        while true {
            var body: [String: Any] = ["messages": messages.map(\.json), "stream": true]
            if let model { body["model"] = model }
            if let maxTokens { body["max_tokens"] = maxTokens }
            if let schema {
                switch form {
                case .jsonSchema:
                    body["response_format"] = ["type": "json_schema", "json_schema": ["name": "answer", "strict": true, "schema": schema]]
                case .jsonObject:
                    body["response_format"] = ["type": "json_object", "schema": schema]
                }
            }
            let response = try post("chat/completions", body: body, key: key, streaming: true)
            if (200..<300).contains(response.status) {
                if schema != nil { Self.learned.withLock { $0.forms[base] = form } }
                let answer = try text(of: response)
                guard !answer.isEmpty else {
                    // llama.cpp's servers end a stream without a word when the prompt is past the model's context.
                    let length = messages.reduce(0) {
                        $0 + $1.parts.reduce(0) { if case .text(let text) = $1 { $0 + text.count } else { $0 } }
                    }
                    throw ActionFailure(
                        "the model at \(base) (endpoint “\(endpoint.name)”) gave an empty answer; is the prompt (\(length) characters) longer than the model's context?",
                        parameter: parameter)
                }
                return answer
            }
            // A server that refuses the standard form of a schema gets the other one, once.
            if schema != nil, form == .jsonSchema, (400..<600).contains(response.status), mentionsFormat(response) {
                form = .jsonObject
                continue
            }
            throw failure(response)
        }
    }

    // MARK: The exchange

    private func apiKey() throws -> String? {
        do throws(ModelSettingError) {
            return try endpoint.apiKey(in: exchange.variables)
        } catch {
            throw ActionFailure(error.message + " (shortcuts settings --model)", parameter: parameter)
        }
    }

    /// The model named for the endpoint, else the first the server lists at `/models` (llama.cpp's
    /// and Ollama's servers list what they serve), else none (a server serving one model needs none).
    private func modelName(key: String?) throws -> String? {
        if let model = endpoint.model { return model }
        if let known = Self.learned.withLock({ $0.models[base] }) { return known }
        guard let url = URL(string: base + "/models") else { throw invalidURL() }
        var request = HTTPRequest(url: url)
        if let key { request.setHeader("Authorization", "Bearer \(key)") }
        let response: HTTPResponse
        do {
            // A busy server answers it after the answers it is giving.
            response = try exchange.send(request, Self.answerTimeout)
        } catch let error as ActionFailure where error.code != .cancelled {
            throw unreachable(error)
        }
        guard (200..<300).contains(response.status),
            let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let first = (object["data"] as? [[String: Any]])?.first?["id"] as? String
        else { return nil }
        Self.learned.withLock { $0.models[base] = first }
        return first
    }

    private func post(_ path: String, body: [String: Any], key: String?, streaming: Bool) throws -> HTTPResponse {
        guard let url = URL(string: base + "/" + path) else { throw invalidURL() }
        var request = HTTPRequest(url: url, method: "POST")
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", streaming ? "text/event-stream" : "application/json")
        if let key { request.setHeader("Authorization", "Bearer \(key)") }
        request.body = try JSONSerialization.data(withJSONObject: body)
        if streaming, let tell = exchange.partialAnswer {
            let stream = EventStream()
            let action = self.action
            request.receive = { data in
                for piece in stream.pieces(adding: data) { tell(action, piece) }
            }
        }
        do {
            return try exchange.send(request, Self.answerTimeout)
        } catch let error as ActionFailure where error.code != .cancelled {
            throw unreachable(error)
        }
    }

    /// The answer's text: the streamed events' pieces joined, or a whole JSON answer's content.
    private func text(of response: HTTPResponse) throws -> String {
        let body = String(decoding: response.body, as: UTF8.self)
        if response.mimeType == "text/event-stream" || body.hasPrefix("data:") {
            var stream = EventStream.Parser()
            let text = stream.pieces(adding: body + "\n").joined()
            // A server that fails while streaming says so in an event of its own.
            if let error = stream.error {
                throw ActionFailure(
                    "the model at \(base) (endpoint “\(endpoint.name)”) failed while answering: \(error.prefix(300))", parameter: parameter)
            }
            return text
        }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let choices = object["choices"] as? [[String: Any]], let message = choices.first?["message"] as? [String: Any]
        else {
            throw ActionFailure(
                "the model at \(base) answered with something that is not a chat completion: \(body.prefix(200))", parameter: parameter)
        }
        return message["content"] as? String ?? ""
    }

    private func mentionsFormat(_ response: HTTPResponse) -> Bool {
        let body = String(decoding: response.body, as: UTF8.self).lowercased()
        return body.contains("response_format") || body.contains("json_schema") || body.contains("json_object")
    }

    private func failure(_ response: HTTPResponse) -> ActionFailure {
        var message = String(decoding: response.body.prefix(2000), as: UTF8.self)
        if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] {
            if let error = object["error"] as? [String: Any], let text = error["message"] as? String {
                message = text
            } else if let text = object["error"] as? String {
                message = text
            }
        }
        let firstLine = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return ActionFailure(
            "the model at \(base) (endpoint “\(endpoint.name)”) answered \(response.status): \(firstLine.prefix(300))", parameter: parameter
        )
    }

    private func unreachable(_ error: ActionFailure) -> ActionFailure {
        ActionFailure(
            "can't reach a model at \(base) (endpoint “\(endpoint.name)”): \(error.message); name one with shortcuts settings --model NAME=URL, or set OPENAI_BASE_URL",
            parameter: parameter, underlying: error)
    }

    private func invalidURL() -> ActionFailure {
        ActionFailure(
            "the model endpoint “\(endpoint.name)” has no usable URL (\(endpoint.url)); fix it with shortcuts settings --model",
            parameter: parameter)
    }
}

/// Reads a streamed answer (server-sent events) as it arrives: each `data:` line's piece of
/// text, until `data: [DONE]`.
public final class EventStream: Sendable {
    public struct Parser {
        private var pending = Data()
        /// The message of an error event, if the server sent one.
        public private(set) var error: String?

        /// The pieces of text in the complete lines received so far.
        public init() {}

        public mutating func pieces(adding data: Data) -> [String] {
            pending.append(data)
            var pieces: [String] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if let piece = Self.piece(in: line) {
                    pieces.append(piece)
                } else if error == nil, let message = Self.error(in: line) {
                    error = message
                }
            }
            return pieces
        }

        mutating func pieces(adding text: String) -> [String] { pieces(adding: Data(text.utf8)) }

        /// The message of a `data:` line that is an error (`{"error": {"message": …}}`), if it is one.
        static func error(in line: String) -> String? {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.hasPrefix("data:"), let data = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces).data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let error = object["error"]
            else { return nil }
            return ((error as? [String: Any])?["message"] as? String) ?? "\(error)"
        }

        /// The text a `data:` line carries (`choices[0].delta.content`), if any.
        static func piece(in line: String) -> String? {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.hasPrefix("data:") else { return nil }
            let payload = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)
            guard payload != "[DONE]", let data = payload.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let choice = (object["choices"] as? [[String: Any]])?.first
            else { return nil }
            let delta = choice["delta"] as? [String: Any] ?? choice["message"] as? [String: Any]
            guard let content = delta?["content"] as? String, !content.isEmpty else { return nil }
            return content
        }
    }

    private let parser = Mutex(Parser())

    public init() {}

    public func pieces(adding data: Data) -> [String] { parser.withLock { $0.pieces(adding: data) } }
}
