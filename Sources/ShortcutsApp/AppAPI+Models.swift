import Foundation
import LanguageModels
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRPC
import ShortcutsRun

/// The settings page's model endpoints, and writing a shortcut from a sentence (docs/INTELLIGENCE.md).
extension AppAPI {
    /// An endpoint as the page shows and edits it.
    static func json(_ endpoint: ModelEndpoint) -> JSONValue {
        var object: JSONObject = ["name": .string(endpoint.name), "url": .string(endpoint.url)]
        object["model"] = endpoint.model.map(JSONValue.string) ?? .null
        object["keyVariable"] = endpoint.keyVariable.map(JSONValue.string) ?? .null
        object["keyFile"] = endpoint.keyFile.map(JSONValue.string) ?? .null
        object["choices"] = .array(endpoint.choices.map(JSONValue.string))
        object["isLocal"] = .bool(endpoint.isLocal)
        return .object(object)
    }

    /// The endpoints a page sent, each checked as `shortcuts settings --model` checks it.
    static func endpoints(from value: JSONValue) throws(APIError) -> [ModelEndpoint] {
        guard let items = value.arrayValue else { throw APIError(400, "models must be a list of endpoints") }
        var endpoints = ModelEndpoints()
        for item in items {
            let name = item["name"]?.stringValue?.trimmingCharacters(in: .whitespaces) ?? ""
            let url = item["url"]?.stringValue?.trimmingCharacters(in: .whitespaces) ?? ""
            var fields = [url]
            for (key, field) in [("model", "model"), ("keyVariable", "key-env"), ("keyFile", "key-file")] {
                if let value = item[key]?.stringValue?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                    fields.append("\(field)=\(value)")
                }
            }
            for choice in item["choices"]?.arrayValue?.compactMap(\.stringValue) ?? [] { fields.append("for=\(choice)") }
            do throws(ModelSettingError) {
                let parsed = try ModelEndpoints.parse("\(name)=" + fields.joined(separator: ","))
                guard let endpoint = parsed.endpoint else { throw ModelSettingError("“\(name)”: give the endpoint's URL") }
                guard !endpoints.endpoints.contains(where: { $0.name == name }) else {
                    throw ModelSettingError("two endpoints are named “\(name)”")
                }
                endpoints.set(name, to: endpoint)
            } catch {
                throw APIError(422, error.message.replacingOccurrences(of: "--model ", with: "model "))
            }
        }
        return endpoints.endpoints
    }

    /// `POST /api/describe {description, attempts?}`: a shortcut's text written by the person's
    /// model, which compiles; 422 with the compiler's errors when no answer did.
    func describe(_ body: JSONValue) throws(APIError) -> WebResponse {
        guard let description = body["description"]?.stringValue, !description.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError(400, "describe what? (no description)")
        }
        let attempts = body["attempts"]?.numberValue.map { Int($0) } ?? 3
        guard (1...10).contains(attempts) else { throw APIError(400, "attempts takes a whole number from 1 to 10") }
        do {
            let described = try service.setup.describeShortcut(description, attempts: attempts)
            let object: JSONObject = [
                "name": .string(described.name.isEmpty ? "Described Shortcut" : described.name), "text": .string(described.text),
                "attempts": .number(Double(described.attempts)),
            ]
            return .json(200, JSONValue.object(object).text)
        } catch let failure as DescriptionFailure {
            throw APIError(422, "\(failure)")
        } catch let failure as ActionFailure {
            throw APIError(502, "couldn't write the shortcut: \(failure.message)")
        } catch {
            throw APIError(500, "\(error)")
        }
    }

    /// `POST /api/describe/save {name, text}`: adds a described shortcut to the library.
    func saveDescribed(_ body: JSONValue) throws(APIError) -> WebResponse {
        guard let name = body["name"]?.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty,
            let text = body["text"]?.stringValue
        else { throw APIError(400, "save what? (give name and text)") }
        let compiled = service.setup.compileText(text, path: name + ".sct")
        guard let workflow = compiled.workflow else {
            throw APIError(422, compiled.diagnostics.filter(\.isError).map(\.description).joined(separator: "\n"))
        }
        do {
            let entry = try library.importShortcut(ShortcutFile.write(workflow, format: .binary), source: "the app", name: name)
            return .json(201, JSONValue.object(["id": .string(entry.identifier), "name": .string(entry.name)]).text)
        } catch {
            throw APIError(error)
        }
    }
}
