import Foundation
import ShortcutsContent

/// A file an intent takes or returns: its bytes, name and type.
///
/// ```swift
/// @Parameter(title: "Image", supportedContentTypes: [.image])
/// var image: IntentFile
/// ```
public struct IntentFile: _IntentValue, Sendable, Hashable {
    /// The file's bytes (read from ``fileURL`` when the file was made from one).
    public var data: Data
    /// The file name with its extension.
    public var filename: String
    /// The uniform type identifier, e.g. `public.png`.
    public var typeIdentifier: String?
    /// Where the file is on disk, when it is there.
    public var fileURL: URL?
    /// Whether the file was deleted after the intent used it (kept for source compatibility).
    public var removedOnCompletion = false

    /// Makes a file from bytes; without a type, the type its name's extension says.
    public init(data: Data, filename: String, type: UTType? = nil) {
        self.init(data: data, filename: filename, typeIdentifier: type?.identifier)
    }

    /// Makes a file from bytes, with its type as an identifier.
    public init(data: Data, filename: String, typeIdentifier: String?) {
        self.data = data
        self.filename = filename
        self.typeIdentifier = typeIdentifier ?? UniformType.identifier(forFileName: filename)
    }

    /// Makes a file from one on disk; its bytes are read now (an unreadable file has no bytes).
    public init(fileURL: URL, filename: String? = nil, type: UTType? = nil) {
        self.init(fileURL: fileURL, filename: filename, typeIdentifier: type?.identifier)
    }

    /// Makes a file from one on disk, with its type as an identifier.
    public init(fileURL: URL, filename: String? = nil, typeIdentifier: String?) {
        let name = filename ?? fileURL.lastPathComponent
        self.init(data: (try? Data(contentsOf: fileURL)) ?? Data(), filename: name, typeIdentifier: typeIdentifier)
        self.fileURL = fileURL
    }

    /// The file's uniform type.
    public var type: UTType? { typeIdentifier.flatMap(UTType.init) }
}

extension IntentFile: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .file }
    static var contentTypeName: String { "File" }

    static func value(from content: Content) -> IntentFile? {
        guard !content.isNothing else { return nil }
        let file = content.file()
        var intentFile = IntentFile(data: file.data, filename: file.name, typeIdentifier: file.typeIdentifier)
        intentFile.fileURL = file.path.map { URL(fileURLWithPath: $0) }
        return intentFile
    }

    var content: Content {
        .file(FileContent(name: filename, data: data, path: fileURL?.path, typeIdentifier: typeIdentifier))
    }
}
