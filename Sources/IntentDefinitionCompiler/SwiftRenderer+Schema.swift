extension SwiftRenderer {
    /// The intent's schema: titles, parameters, response, and the binding to its handler.
    func renderSchema(_ intent: SwiftModel.Intent, model: SwiftModel, into out: inout CodeWriter) {
        let name = intent.className
        let methods = handlingMethods(intent)
        out.line()
        out.block("extension \(name)") { out in
            out.doc("What the `Intents` runtime needs to serve \(name).")
            out.line("public static let intentSchema = INIntentSchema(")
            out.line("    className: \(SwiftNames.literal(name)), title: \(SwiftNames.literal(intent.title)),")
            out.line("    description: \(SwiftNames.literal(intent.description)),")
            out.line("    parameters: \(schemaList(intent.parameters)),")
            out.line("    inputParameter: \(optionalLiteral(intent.inputParameter)), requiresConfirmation: \(intent.requiresConfirmation),")
            out.line("    responseCodes: [")
            for code in intent.codes where !code.isStandard || code.dialog != nil {
                out.line(
                    "        INResponseCodeSchema(rawValue: \(code.rawValue), name: \(SwiftNames.literal(code.name)), isSuccess: \(code.isSuccess), dialog: \(optionalLiteral(code.dialog))),"
                )
            }
            out.line("    ],")
            out.line("    responseParameters: \(schemaList(intent.responseParameters)),")
            out.line("    outputParameter: \(optionalLiteral(intent.outputParameter)),")
            out.line("    makeIntent: { \(name)() }, makeResponse: { \(name)Response() },")
            out.line("    bind: { handler, intent in")
            out.line("        guard let handler = handler as? any \(name)Handling, let intent = intent as? \(name) else { return nil }")
            out.line("        return INIntentHandlerCalls(")
            let resolves = methods.filter { !$0.isOptions }
            let options = methods.filter(\.isOptions)
            out.line("            resolve: [" + (resolves.isEmpty ? ":]," : ""))
            for method in resolves { out.line("                \(SwiftNames.literal(method.bindingKey)): { \(method.bindingCall) },") }
            if !resolves.isEmpty { out.line("            ],") }
            out.line("            provideOptions: [" + (options.isEmpty ? ":]," : ""))
            for method in options {
                out.line("                \(SwiftNames.literal(method.bindingKey)): { searchTerm in \(method.bindingCall) },")
            }
            if !options.isEmpty { out.line("            ],") }
            out.line("            confirm: { await handler.confirm(intent: intent) },")
            out.line("            handle: { await handler.handle(intent: intent) })")
            out.line("    })")
        }
    }

    /// The file's schema: every intent, type and enumeration.
    func renderDefinition(_ model: SwiftModel, into out: inout CodeWriter) {
        out.line()
        out.doc("Everything \(model.sourceFile) defines, for `IntentDefinitionApplication.intentDefinitions`.")
        out.block("public enum \(model.schemaName)") { out in
            out.line("public static let schema = INIntentDefinitionSchema(")
            out.line("    sourceFile: \(SwiftNames.literal(model.sourceFile)),")
            out.line("    intents: [\(model.intents.map { "\($0.className).intentSchema" }.joined(separator: ", "))],")
            out.line("    types: [")
            for type in model.types {
                out.line("        INTypeSchema(")
                out.line("            name: \(SwiftNames.literal(type.name)), title: \(SwiftNames.literal(type.title)),")
                out.line("            properties: \(schemaList(type.properties)),")
                out.line("            make: { \(type.name)(identifier: $0, display: $1) }),")
            }
            out.line("    ],")
            out.line("    enums: [")
            for enumeration in model.enums {
                let cases = enumeration.cases.map {
                    ".init(rawValue: \($0.rawValue), name: \(SwiftNames.literal($0.name)), title: \(SwiftNames.literal($0.title)))"
                }
                out.line(
                    "        INEnumSchema(name: \(SwiftNames.literal(enumeration.name)), title: \(SwiftNames.literal(enumeration.title)), cases: [\(cases.joined(separator: ", "))]),"
                )
            }
            out.line("    ])")
        }
    }

    private func schemaList(_ values: [SwiftModel.Value]) -> String {
        guard !values.isEmpty else { return "[]" }
        return "[\n" + values.map { "        " + schema($0) + ",\n" }.joined() + "    ]"
    }

    /// One `INParameterSchema(...)`, with only the arguments that differ from their defaults.
    private func schema(_ value: SwiftModel.Value) -> String {
        var arguments = [
            "name: \(SwiftNames.literal(value.key))", "title: \(SwiftNames.literal(value.title))", "type: \(SwiftTypes.schema(value.kind))",
        ]
        if value.isList { arguments.append("isList: true") }
        for (label, kind) in [
            ("promptDialog", "Primary"), ("disambiguationDialog", "DisambiguationIntroduction"), ("confirmationDialog", "Confirmation"),
        ] {
            if let prompt = value.prompts[kind] { arguments.append("\(label): \(SwiftNames.literal(prompt))") }
        }
        if !value.unsupportedReasons.isEmpty {
            let entries = value.unsupportedReasons.enumerated().map { "\($0 + 1): \(SwiftNames.literal($1))" }
            arguments.append("unsupportedReasons: [\(entries.joined(separator: ", "))]")
        }
        if let minimum = value.minimum { arguments.append("minimum: \(minimum)") }
        if let maximum = value.maximum { arguments.append("maximum: \(maximum)") }
        if let defaultValue = value.defaultValue { arguments.append("defaultValue: \(SwiftNames.literal(defaultValue))") }
        if value.hasDynamicOptions { arguments.append("hasDynamicOptions: true") }
        return "INParameterSchema(\(arguments.joined(separator: ", ")))"
    }

    private func optionalLiteral(_ text: String?) -> String {
        text.map(SwiftNames.literal) ?? "nil"
    }
}
