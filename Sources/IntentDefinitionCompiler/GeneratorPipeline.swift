import Foundation

/// Runs the generator's stages on one file: parse → translate → render.
///
/// ```swift
/// let output = try GeneratorPipeline.generate(fileAt: URL(fileURLWithPath: "Intents.intentdefinition"))
/// try output.source.write(to: outputDirectory.appendingPathComponent(output.fileName), atomically: true, encoding: .utf8)
/// ```
public enum GeneratorPipeline {
    /// What one run produced: the Swift source, its file name, and the diagnostics.
    public struct Output: Sendable {
        public var fileName: String
        public var source: String
        public var diagnostics: [Diagnostic]
    }

    /// The generated file's name for a definition: `Intents.intentdefinition` → `Intents.swift`.
    public static func outputFileName(forDefinition fileName: String) -> String {
        let base = fileName.hasSuffix(".intentdefinition") ? String(fileName.dropLast(".intentdefinition".count)) : fileName
        return base + ".swift"
    }

    /// Generates from a file, with the localised titles beside it.
    ///
    /// - Throws: ``IntentDefinitionError`` when the file can't be read, isn't an intent
    ///   definition, or has errors (listed in the error's message).
    public static func generate(fileAt url: URL) throws(IntentDefinitionError) -> Output {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw IntentDefinitionError(
                code: .unreadable, fileName: url.lastPathComponent, message: "can't read the file: \(error.localizedDescription)")
        }
        return try generate(data, fileName: url.lastPathComponent, strings: LocalizedStrings.beside(url))
    }

    /// Generates from a file's bytes.
    public static func generate(
        _ data: Data, fileName: String, strings: LocalizedStrings = LocalizedStrings()
    ) throws(IntentDefinitionError) -> Output {
        var parser = IntentDefinitionParser(fileName: fileName)
        let definition = try parser.parse(data)
        var translator = IntentDefinitionTranslator(strings: strings)
        let model = translator.translate(definition)
        let diagnostics = parser.diagnostics + translator.diagnostics
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw IntentDefinitionError(
                code: .invalidDefinition, fileName: fileName,
                message: "\(errors.count) problem\(errors.count == 1 ? "" : "s"); nothing generated\n"
                    + errors.map(\.description).joined(separator: "\n"))
        }
        return Output(fileName: outputFileName(forDefinition: fileName), source: SwiftRenderer().render(model), diagnostics: diagnostics)
    }
}
