import Foundation

/// A language model Use Model and the Writing Tools actions reach: a server speaking the
/// OpenAI-compatible chat-completions API (llama.cpp's server, Ollama, LM Studio, vLLM, hosted
/// services), named by the person in `shortcuts settings --model`.
///
/// ```json
/// { "name" : "local", "url" : "http://127.0.0.1:8080/v1", "model" : "SmolLM2", "choices" : ["on-device"] }
/// ```
public struct ModelEndpoint: Codable, Equatable, Sendable {
    /// The person's name for it (`local`, `work`).
    public var name: String
    /// The API's base URL, ending before `/chat/completions` (`http://127.0.0.1:8080/v1`).
    public var url: String
    /// The model to ask for; `nil` takes the first one the server lists at `/models`.
    public var model: String?
    /// The environment variable that holds the API key (never the key itself).
    public var keyVariable: String?
    /// A file that holds the API key (its first line).
    public var keyFile: String?
    /// Which of Use Model's choices it answers (``ModelChoice`` raw values).
    public var choices: [String]

    public init(
        name: String, url: String, model: String? = nil, keyVariable: String? = nil, keyFile: String? = nil, choices: [String] = []
    ) {
        self.name = name
        self.url = url
        self.model = model
        self.keyVariable = keyVariable
        self.keyFile = keyFile
        self.choices = choices
    }

    enum CodingKeys: String, CodingKey { case name, url, model, keyVariable, keyFile, choices }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        url = try container.decode(String.self, forKey: .url)
        model = try container.decodeIfPresent(String.self, forKey: .model)
        keyVariable = try container.decodeIfPresent(String.self, forKey: .keyVariable)
        keyFile = try container.decodeIfPresent(String.self, forKey: .keyFile)
        choices = try container.decodeIfPresent([String].self, forKey: .choices) ?? []
    }

    /// The API key: from ``keyVariable`` in `variables`, else ``keyFile``'s first line; `nil`
    /// when neither is set (local servers need none).
    ///
    /// - Throws: a message naming the variable or file when the one named is empty or unreadable.
    public func apiKey(in variables: [String: String]) throws(ModelSettingError) -> String? {
        if let keyVariable {
            guard let key = variables[keyVariable], !key.isEmpty else {
                throw ModelSettingError("the model endpoint “\(name)” takes its key from $\(keyVariable), which is not set")
            }
            return key
        }
        if let keyFile {
            guard let data = FileManager.default.contents(atPath: keyFile),
                let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first, !line.isEmpty
            else {
                throw ModelSettingError("the model endpoint “\(name)” takes its key from \(keyFile), which can't be read or is empty")
            }
            return line.trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Whether the endpoint is on this machine (loopback), so text sent to it stays here.
    public var isLocal: Bool {
        guard let host = URL(string: url)?.host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.") || host == "0.0.0.0"
    }

    /// The host a prompt goes to, for questions and errors.
    public var host: String { URL(string: url)?.host ?? url }
}

/// A model setting that can't be used: the message says which and why.
public struct ModelSettingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Use Model's choice of model (`WFLLMModel`: Private Cloud Compute, On-Device, ChatGPT), as
/// the person maps it to endpoints (`for=` in `shortcuts settings --model`).
public enum ModelChoice: String, CaseIterable, Sendable {
    case onDevice = "on-device"
    case privateCloud = "private-cloud"
    case chatGPT = "chatgpt"
}

/// The endpoints the person named, and how a run picks one.
///
/// An action asking for a choice gets the endpoint that lists it, else the first endpoint named
/// (the default). With none named, it is `OPENAI_BASE_URL` with `OPENAI_API_KEY` when set, as
/// OpenAI's own clients do, else llama.cpp's server on this machine (`http://127.0.0.1:8080/v1`).
public struct ModelEndpoints: Equatable, Sendable {
    /// llama.cpp's server's default address.
    public static let localDefault = "http://127.0.0.1:8080/v1"

    public var endpoints: [ModelEndpoint]

    public init(_ endpoints: [ModelEndpoint] = []) { self.endpoints = endpoints }

    /// The endpoint for a choice (`nil`: the default one).
    public func endpoint(for choice: ModelChoice?, variables: [String: String]) -> ModelEndpoint {
        if let choice, let listed = endpoints.first(where: { $0.choices.contains(choice.rawValue) }) { return listed }
        if let first = endpoints.first { return first }
        if let base = variables["OPENAI_BASE_URL"], !base.isEmpty {
            return ModelEndpoint(
                name: "OPENAI_BASE_URL", url: base, model: variables["OPENAI_MODEL"].flatMap { $0.isEmpty ? nil : $0 },
                keyVariable: variables["OPENAI_API_KEY"].map { _ in "OPENAI_API_KEY" })
        }
        return ModelEndpoint(name: "local", url: Self.localDefault, keyVariable: variables["OPENAI_API_KEY"].map { _ in "OPENAI_API_KEY" })
    }

    /// Reads `--model` assignments: `NAME=URL` followed by `,model=ID`, `,key-env=VARIABLE`,
    /// `,key-file=PATH` and `,for=CHOICE` (repeatable), or `NAME=default` to forget one.
    ///
    /// ```
    /// local=http://127.0.0.1:8080/v1,model=SmolLM2,for=on-device
    /// ```
    /// - Returns: the endpoint, or `nil` with its name when it is to be removed.
    public static func parse(_ assignment: String) throws(ModelSettingError) -> (name: String, endpoint: ModelEndpoint?) {
        let usage =
            "--model \(assignment): give NAME=URL, then any of ,model=ID ,key-env=VARIABLE ,key-file=PATH ,for=\(ModelChoice.allCases.map(\.rawValue).joined(separator: "|")), or NAME=default to remove it"
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(",") else { throw ModelSettingError(usage) }
        let name = parts[0]
        if parts[1] == "default" { return (name, nil) }
        var fields = parts[1].split(separator: ",", omittingEmptySubsequences: true).map(String.init)
        guard !fields.isEmpty else { throw ModelSettingError(usage) }
        let url = fields.removeFirst()
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
            throw ModelSettingError("--model \(assignment): \(url) is not an http or https URL")
        }
        var endpoint = ModelEndpoint(name: name, url: url)
        for field in fields {
            let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, !pair[1].isEmpty else { throw ModelSettingError(usage) }
            switch pair[0] {
            case "model": endpoint.model = pair[1]
            case "key-env": endpoint.keyVariable = pair[1]
            case "key-file": endpoint.keyFile = pair[1]
            case "for":
                guard let choice = ModelChoice(rawValue: pair[1]) else {
                    throw ModelSettingError(
                        "--model \(assignment): for=\(pair[1]) is not one of \(ModelChoice.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                endpoint.choices.append(choice.rawValue)
            default: throw ModelSettingError(usage)
            }
        }
        return (name, endpoint)
    }

    /// Adds an endpoint, replacing one of the same name, or removes it (`nil`).
    public mutating func set(_ name: String, to endpoint: ModelEndpoint?) {
        if let index = endpoints.firstIndex(where: { $0.name == name }) {
            if let endpoint { endpoints[index] = endpoint } else { endpoints.remove(at: index) }
        } else if let endpoint {
            endpoints.append(endpoint)
        }
    }
}

/// A shortcut allowed to send prompts to a model endpoint that isn't on this machine
/// (`shortcuts settings --allow-model`, or "Always Allow" on a terminal).
public struct ModelAccess: Codable, Equatable, Sendable {
    /// The shortcut's library identifier: the grant follows it through renames.
    public var identifier: String
    /// Its name when the grant was made, for people reading the list.
    public var name: String
    /// The endpoint's URL: a grant is for where the text goes, so it lapses if the endpoint moves.
    public var url: String

    public init(identifier: String, name: String, url: String) {
        self.identifier = identifier
        self.name = name
        self.url = url
    }
}
