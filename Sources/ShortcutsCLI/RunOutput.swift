import Foundation
import ShortcutsContent

/// Turns a shortcut's output into bytes for standard output or `--output-path`.
///
/// Without a type, text is written as text (a list one item per line, a dictionary as JSON) and
/// a file as its raw bytes. `--output-type` (or the output file's extension) asks for a type:
/// `public.plain-text` gives text, `public.json` gives JSON, and any other type passes a file of
/// that type through and fails for content that can't be that type.
enum RunOutput {
    /// The bytes to write.
    ///
    /// - Parameter type: a uniform type identifier, or an extension such as `json`; `nil` for none.
    static func data(for content: Content, type: String?) throws -> Data {
        guard let type = type.map(normalized) else { return natural(content) }
        switch type {
        case "public.plain-text", "public.text", "public.utf8-plain-text":
            return Data(content.text.utf8)
        case "public.json":
            if case .text(let text) = content, JSONBridge.parse(text) != nil { return Data(text.utf8) }
            if case .file(let file) = content, let text = String(data: file.data, encoding: .utf8), JSONBridge.parse(text) != nil {
                return file.data
            }
            return Data(JSONBridge.text(of: content).utf8)
        case "public.data":
            return natural(content)
        default:
            if case .file(let file) = content, file.typeIdentifier == type { return file.data }
            if UniformType.isText(type), !(content.isFile) { return Data(content.text.utf8) }
            throw CommandFailure(
                "Couldn't output \(content.typeName.lowercased()) content as \(type)\(content.fileType.map { " (it is \($0))" } ?? "")")
        }
    }

    /// Checks an `--output-type` before the run: an identifier or extension this build knows.
    ///
    /// - Throws: ``UsageError`` listing the known types.
    static func check(type given: String, command: String) throws(UsageError) {
        let known = UniformType.knownIdentifiers
        let isKnown = given.contains(".") ? known.contains(given) : UniformType.knownExtensions.contains(given.lowercased())
        guard isKnown else {
            throw UsageError(
                "Unknown --output-type '\(given)'; give one of: " + known.joined(separator: ", ")
                    + " (or an extension: " + UniformType.knownExtensions.joined(separator: ", ") + ")",
                command: command)
        }
    }

    /// The output type a destination file's extension implies, or `nil`.
    static func type(forDestination path: String) -> String? {
        guard !(path as NSString).pathExtension.isEmpty else { return nil }
        let type = UniformType.identifier(forFileName: path)
        return type == "public.data" ? nil : type
    }

    private static func natural(_ content: Content) -> Data {
        if case .file(let file) = content { return file.data }
        return Data(content.text.utf8)
    }

    /// `json` → `public.json`; identifiers are kept as they are.
    private static func normalized(_ type: String) -> String {
        type.contains(".") ? type : UniformType.identifier(forFileName: "output." + type)
    }
}

extension Content {
    /// Whether this is a file, whose bytes are written exactly as they are.
    var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    fileprivate var fileType: String? {
        if case .file(let file) = self { return file.typeIdentifier }
        return nil
    }
}
