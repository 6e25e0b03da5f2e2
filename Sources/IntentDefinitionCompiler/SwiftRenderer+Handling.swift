extension SwiftRenderer {
    /// The `…IntentHandling` protocol: each method in completion-handler and async form, with
    /// defaults that bridge one form to the other, so a handler implements whichever it likes.
    func renderHandling(_ intent: SwiftModel.Intent, into out: inout CodeWriter) {
        let name = intent.className
        let response = name + "Response"
        let methods = handlingMethods(intent)
        out.line()
        out.doc("Handles \(name): resolve its parameters, confirm, and handle.")
        out.block("public protocol \(name)Handling: AnyObject") { out in
            for method in methods {
                out.line("func \(method.completionSignature)")
                out.line("func \(method.asyncSignature)")
            }
            out.line("func confirm(intent: \(name), completion: @escaping (\(response)) -> Void)")
            out.line("func confirm(intent: \(name)) async -> \(response)")
            out.line("func handle(intent: \(name), completion: @escaping (\(response)) -> Void)")
            out.line("func handle(intent: \(name)) async -> \(response)")
        }
        out.line()
        out.block("extension \(name)Handling") { out in
            for method in methods {
                out.block("public func \(method.completionSignature)") { out in out.line(method.defaultCompletion) }
                out.block("public func \(method.asyncSignature)") { out in
                    for line in method.bridge { out.line(line) }
                }
            }
            for (verb, code) in [("confirm", "ready"), ("handle", "failure")] {
                out.block("public func \(verb)(intent: \(name), completion: @escaping (\(response)) -> Void)") { out in
                    out.line("completion(\(response)(code: .\(code), userActivity: nil))")
                }
                out.block("public func \(verb)(intent: \(name)) async -> \(response)") { out in
                    out.line(
                        "await withIntentCompletion { \(verb)(intent: intent, completion: $0) }")
                }
            }
        }
    }

    /// One resolve or options method of the protocol.
    struct HandlingMethod {
        var completionSignature: String
        var asyncSignature: String
        var defaultCompletion: String
        var bridge: [String]
        /// The call the schema's binding makes, and what wraps its result.
        var bindingKey: String
        var bindingCall: String
        var isOptions: Bool
    }

    func handlingMethods(_ intent: SwiftModel.Intent) -> [HandlingMethod] {
        var methods: [HandlingMethod] = []
        for parameter in intent.parameters {
            let stem = SwiftNames.capitalized(parameter.key)
            let identifierStem = SwiftNames.identifier(stem).replacingOccurrences(of: "`", with: "")
            if parameter.supportsResolution {
                let result = SwiftTypes.resolutionResult(parameter)
                let returned = parameter.isList ? "[\(result)]" : result
                methods.append(
                    HandlingMethod(
                        completionSignature:
                            "resolve\(identifierStem)(for intent: \(intent.className), with completion: @escaping (\(returned)) -> Void)",
                        asyncSignature: "resolve\(identifierStem)(for intent: \(intent.className)) async -> \(returned)",
                        defaultCompletion: parameter.isList ? "completion([])" : "completion(\(result).notImplemented())",
                        bridge: ["await withIntentCompletion { resolve\(identifierStem)(for: intent, with: $0) }"],
                        bindingKey: parameter.key,
                        bindingCall: parameter.isList
                            ? "await handler.resolve\(identifierStem)(for: intent)"
                            : "[await handler.resolve\(identifierStem)(for: intent)]",
                        isOptions: false))
            }
            if parameter.hasDynamicOptions, let element = SwiftTypes.optionsElement(parameter.kind) {
                let collection = "INObjectCollection<\(element)>"
                let search = parameter.supportsSearch ? ", searchTerm: String?" : ""
                let searchArgument = parameter.supportsSearch ? ", searchTerm: searchTerm" : ""
                methods.append(
                    HandlingMethod(
                        completionSignature:
                            "provide\(identifierStem)OptionsCollection(for intent: \(intent.className)\(search), with completion: @escaping (\(collection)?, Error?) -> Void)",
                        asyncSignature:
                            "provide\(identifierStem)OptionsCollection(for intent: \(intent.className)\(search)) async throws -> \(collection)",
                        defaultCompletion: "completion(nil, INOptionsNotProvided(parameter: \(SwiftNames.literal(parameter.key))))",
                        bridge: [
                            "try await withIntentCompletion(missing: INOptionsNotProvided(parameter: \(SwiftNames.literal(parameter.key)))) {",
                            "    provide\(identifierStem)OptionsCollection(for: intent\(searchArgument), with: $0)",
                            "}",
                        ],
                        bindingKey: parameter.key,
                        bindingCall:
                            "try await handler.provide\(identifierStem)OptionsCollection(for: intent\(searchArgument)).allItems.map { $0 as Any }",
                        isOptions: true))
            }
        }
        return methods
    }
}
