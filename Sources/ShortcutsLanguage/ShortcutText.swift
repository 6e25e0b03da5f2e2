import ShortcutFormat
import ShortcutsContent

/// Shortcuts written as text: compiling, checking, decompiling and formatting.
///
/// The language knows actions only through the metadata passed in (built-in, engine and app
/// actions); it knows nothing of running them.
///
/// ```swift
/// let language = ShortcutText(metadata: engine.sources.flatMap(\.allMetadata))
/// let result = language.compile(#"greeting = Text "Hello, \(ShortcutInput)!""#, path: "Hello.sct")
/// if let workflow = result.workflow { … }          // nil when there are errors
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// let text = language.decompile(workflow)           // formatted text that compiles back to it
/// ```
public struct ShortcutText: Sendable {
    /// The extension of shortcut text files: `Hello.sct`.
    public static let fileExtension = "sct"
    /// How deep blocks may nest in text. Deeper blocks of a shortcut decompile as their plain
    /// actions, which compile back to the same shortcut.
    public static let maximumBlockDepth = 100
    /// How deep values (lists, dictionaries, parenthesized arguments) may nest in text: as
    /// deep as a property list may (`PropertyList.maximumDepth`).
    public static let maximumValueDepth = 512

    public let vocabulary: Vocabulary

    public init(metadata: [ActionMetadata]) {
        vocabulary = Vocabulary(metadata: metadata)
    }

    /// Whether a path names a shortcut text file (by its extension).
    public static func isTextFile(_ path: String) -> Bool {
        path.lowercased().hasSuffix("." + fileExtension)
    }

    /// Compiles text into a workflow; the workflow is `nil` when any diagnostic is an error.
    public func compile(_ source: String, path: String? = nil) -> (workflow: Workflow?, diagnostics: [Diagnostic]) {
        var parser = Parser(source, path: path)
        let file = parser.parseFile()
        var compiler = TextCompiler(vocabulary: vocabulary, log: parser.log)
        let workflow = compiler.compile(file)
        let diagnostics = compiler.log.diagnostics.sorted { $0.position < $1.position }
        return (diagnostics.contains(where: \.isError) ? nil : workflow, diagnostics)
    }

    /// Compiles text into a workflow, throwing its errors.
    ///
    /// - Throws: ``LanguageError`` with every diagnostic when any is an error.
    public func workflow(from source: String, path: String? = nil) throws(LanguageError) -> Workflow {
        let result = compile(source, path: path)
        guard let workflow = result.workflow else { throw LanguageError(diagnostics: result.diagnostics) }
        return workflow
    }

    /// Every problem in the text, without producing a workflow.
    public func check(_ source: String, path: String? = nil) -> [Diagnostic] {
        compile(source, path: path).diagnostics
    }

    /// The text of a workflow, already formatted; compiling it gives back the same workflow
    /// (with new UUIDs in place of the old ones).
    public func decompile(_ workflow: Workflow) -> String {
        var decompiler = Decompiler(vocabulary: vocabulary, workflow: workflow)
        var printer = Printer()
        printer.print(decompiler.decompile())
        return printer.output
    }

    /// The text in canonical layout, comments and blank lines kept.
    ///
    /// - Throws: ``LanguageError`` when the text doesn't parse (names are not checked).
    public static func format(_ source: String, path: String? = nil) throws(LanguageError) -> String {
        var parser = Parser(source, path: path)
        let file = parser.parseFile()
        guard !parser.log.hasErrors else { throw LanguageError(diagnostics: parser.log.diagnostics) }
        var printer = Printer()
        printer.print(file)
        return printer.output
    }
}
