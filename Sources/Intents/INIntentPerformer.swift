import Foundation
import ShortcutsContent
import ShortcutsRPC

/// Performs one `intent.perform` call following SiriKit's lifecycle: set the values, resolve each
/// parameter the handler resolves, confirm, handle, and turn the outcome into a protocol result.
///
/// Resolution results map to outcomes: `needsValue` → needsValue, `disambiguation(with:)` →
/// disambiguation, `confirmationRequired(with:)` → confirmationRequired (until the host confirms
/// the parameter), `unsupported(forReason:)` → unsupported with the reason's message.
struct INIntentPerformer {
    let schema: INIntentSchema
    let coding: INValueCoding
    let dispatch: INIntentDispatch

    func perform(_ call: ExtensionProtocol.PerformParams) async throws(JSONRPC.ErrorObject) -> ExtensionProtocol.PerformResult {
        let intent = schema.makeIntent()
        let names = schema.parameters.map(\.name)
        if let unknown = call.parameters.keys.sorted().first(where: { !names.contains($0) }) {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode,
                message: "the intent \(schema.className) has no parameter '\(unknown)' (it has: \(names.joined(separator: ", ")))")
        }
        for parameter in schema.parameters {
            guard let content = call.parameters[parameter.name] else { continue }
            do {
                intent.setStoredValue(try coding.value(from: content, for: parameter), forKey: parameter.name)
            } catch {
                return ExtensionProtocol.PerformResult(outcome: .unsupported, parameter: parameter.name, message: error.message)
            }
        }
        let calls = try bind(intent)
        for parameter in schema.parameters {
            guard let resolve = calls.resolve[parameter.name] else { continue }
            let results = await resolve()
            if let stop = apply(results, to: parameter, of: intent, confirmed: call.confirmedParameters.contains(parameter.name)) {
                return stop
            }
        }
        let confirmation = await calls.confirm()
        if let code = code(confirmation.rawCode),
            !code.isSuccess || confirmation.rawCode == INStandardResponseCode.failureRequiringAppLaunch.rawValue
        {
            return outcome(of: confirmation, code: code, intent: intent)
        }
        if schema.requiresConfirmation && !call.confirmed {
            return ExtensionProtocol.PerformResult(outcome: .confirmationRequired, dialog: "Do you want to \(schema.title.lowercased())?")
        }
        let response = await calls.handle()
        guard let code = code(response.rawCode) else {
            return ExtensionProtocol.PerformResult(
                outcome: .failure, message: "\(schema.className)'s handler responded with the unknown code \(response.rawCode)")
        }
        return outcome(of: response, code: code, intent: intent)
    }

    private func bind(_ intent: INIntent) throws(JSONRPC.ErrorObject) -> INIntentHandlerCalls {
        guard let handler = dispatch.handler(for: intent) else {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.internalErrorCode, message: "the app returned no handler for \(schema.className)")
        }
        guard let calls = schema.bind(handler, intent) else {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.internalErrorCode,
                message: "the handler for \(schema.className) (\(type(of: handler))) doesn't adopt \(schema.className)Handling")
        }
        return calls
    }

    /// Applies a parameter's resolution: stores resolved values, or returns what stops the intent.
    private func apply(
        _ results: [INIntentResolutionResult], to parameter: INParameterSchema, of intent: INIntent, confirmed: Bool
    ) -> ExtensionProtocol.PerformResult? {
        var resolved: [Any] = []
        for result in results {
            switch result.outcome {
            case .success(let value):
                resolved.append(stored(value, for: parameter))
            case .notImplemented, .notRequired:
                continue
            case .needsValue:
                return ExtensionProtocol.PerformResult(
                    outcome: .needsValue, parameter: parameter.name,
                    dialog: render(parameter.promptDialog, intent: intent) ?? "What’s the \(parameter.title.lowercased())?")
            case .disambiguation(let values):
                let options = values.map {
                    ExtensionProtocol.Option(
                        value: coding.content(of: stored($0, for: parameter), for: parameter), title: coding.title(of: $0, for: parameter),
                        subtitle: ($0 as? INObject)?.subtitleString)
                }
                return ExtensionProtocol.PerformResult(
                    outcome: .disambiguation, parameter: parameter.name,
                    dialog: render(parameter.disambiguationDialog, intent: intent) ?? "Which \(parameter.title.lowercased())?",
                    options: options)
            case .confirmationRequired(let value):
                if confirmed {
                    if let value { resolved.append(stored(value, for: parameter)) }
                    continue
                }
                let shown = value.map { coding.title(of: $0, for: parameter) } ?? ""
                if let value { intent.setStoredValue(stored(value, for: parameter), forKey: parameter.name) }
                return ExtensionProtocol.PerformResult(
                    outcome: .confirmationRequired, parameter: parameter.name,
                    dialog: render(parameter.confirmationDialog, intent: intent) ?? "Just to confirm, you wanted ‘\(shown)’?")
            case .unsupported(let reason):
                let message = reason.flatMap { parameter.unsupportedReasons[$0] }.map {
                    render($0, intent: intent, extra: ["displayName": parameter.title]) ?? $0
                }
                return ExtensionProtocol.PerformResult(
                    outcome: .unsupported, parameter: parameter.name, message: message ?? "\(parameter.title): that value isn’t supported")
            }
        }
        if !resolved.isEmpty {
            let value: Any? = parameter.isList ? coding.value(list: resolved, for: parameter) : resolved.first
            intent.setStoredValue(value, forKey: parameter.name)
        }
        return nil
    }

    /// A resolved value as the generated property stores it (numbers as `NSNumber`, enums as raw values).
    private func stored(_ value: Any, for parameter: INParameterSchema) -> Any {
        switch parameter.type {
        case .integer: return (value as? Int).map { NSNumber(value: $0) } ?? value
        case .decimal, .duration: return (value as? Double).map { NSNumber(value: $0) } ?? value
        case .boolean: return (value as? Bool).map { NSNumber(value: $0) } ?? value
        default: return value
        }
    }

    private func code(_ rawCode: Int) -> INResponseCodeSchema? {
        if let declared = schema.responseCodes.first(where: { $0.rawValue == rawCode }) { return declared }
        guard let standard = INStandardResponseCode(rawValue: rawCode) else { return nil }
        let isSuccess = [.ready, .continueInApp, .inProgress, .success].contains(standard)
        return INResponseCodeSchema(rawValue: rawCode, name: standard.name, isSuccess: isSuccess, dialog: nil)
    }

    /// The protocol result for a response.
    private func outcome(of response: INIntentResponse, code: INResponseCodeSchema, intent: INIntent) -> ExtensionProtocol.PerformResult {
        let responseValues = responseValues(response)
        let dialog = code.dialog.flatMap { render($0, values: responseValues, contents: responseContents(response)) }
        let opensApp =
            response.rawCode == INStandardResponseCode.continueInApp.rawValue
            || response.rawCode == INStandardResponseCode.failureRequiringAppLaunch.rawValue
        guard code.isSuccess else {
            return ExtensionProtocol.PerformResult(
                outcome: .failure, message: dialog ?? "\(schema.title) failed (\(code.name))", opensApp: opensApp ? true : nil)
        }
        var value: Content?
        if let output = schema.outputParameter, let parameter = schema.responseParameters.first(where: { $0.name == output }) {
            value = coding.content(of: response.storedValue(forKey: output), for: parameter)
        } else if opensApp {
            value = .entity(INResponseCoding.entity(of: response, code: code, values: responseValues, coding: coding, schema: schema))
        }
        return ExtensionProtocol.PerformResult(outcome: .success, dialog: dialog, value: value, opensApp: opensApp ? true : nil)
    }

    private func responseValues(_ response: INIntentResponse) -> [String: String] {
        var values: [String: String] = [:]
        for parameter in schema.responseParameters {
            guard let value = response.storedValue(forKey: parameter.name) else { continue }
            values[parameter.name] = coding.content(of: value, for: parameter).text
        }
        return values
    }

    /// The response's values as content, for placeholders that reach into one (`${flag.countryName}`).
    private func responseContents(_ response: INIntentResponse) -> [String: Content] {
        var contents: [String: Content] = [:]
        for parameter in schema.responseParameters {
            guard let value = response.storedValue(forKey: parameter.name) else { continue }
            contents[parameter.name] = coding.content(of: value, for: parameter)
        }
        return contents
    }

    /// A format string with `${name}` placeholders filled from the intent's values.
    private func render(_ format: String?, intent: INIntent, extra: [String: String] = [:]) -> String? {
        var contents: [String: Content] = [:]
        for parameter in schema.parameters {
            guard let value = intent.storedValue(forKey: parameter.name) else { continue }
            contents[parameter.name] = coding.content(of: value, for: parameter)
        }
        return format.flatMap {
            render($0, values: extra.merging(contents.mapValues(\.text)) { _, fromIntent in fromIntent }, contents: contents)
        }
    }

    /// Fills `${name}` from `values`, and `${name.property…}` (a custom type's property, as
    /// Xcode's templates allow) by going into `contents`' entity properties.
    private func render(_ format: String, values: [String: String], contents: [String: Content] = [:]) -> String? {
        guard !format.isEmpty else { return nil }
        var text = ""
        var rest = Substring(format)
        while let start = rest.range(of: "${") {
            text += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            let name = String(rest[start.upperBound..<end])
            text += values[name] ?? Self.text(at: name, in: contents) ?? ""
            rest = rest[rest.index(after: end)...]
        }
        return text + rest
    }

    /// The text at a dotted path into content: an entity's properties, a dictionary's keys.
    static func text(at path: String, in contents: [String: Content]) -> String? {
        let parts = path.split(separator: ".").map(String.init)
        guard let first = parts.first, var current = contents[first] else { return nil }
        for part in parts.dropFirst() {
            switch current {
            case .entity(let entity):
                guard let next = entity.properties[part] else { return nil }
                current = next
            case .dictionary(let dictionary):
                guard let next = dictionary[part] else { return nil }
                current = next
            default: return nil
            }
        }
        return current.text
    }
}
