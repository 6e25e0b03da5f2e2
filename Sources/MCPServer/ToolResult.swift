import Foundation
import ShortcutsContent
import ShortcutsRPC

/// `tools/call` results: what a run output, or why it stopped.
///
/// Text, numbers, dates and URLs are one text block. A dictionary, an entity or a list is its JSON
/// as text and also `structuredContent` (a list as `{"items": […]}`, since MCP wants an object
/// there). An image file is an image block; a text file its text; another file an embedded
/// resource. What the run showed (an app's dialog, Show Result) follows as more text blocks.
enum ToolResult {
    /// The result of a run that finished.
    static func success(_ output: Content, shown: [String]) -> JSONValue {
        var blocks: [JSONValue] = []
        var structured: JSONValue?
        switch output {
        case .nothing:
            break
        case .dictionary, .entity, .list:
            let json = JSONBridge.text(of: output)
            blocks.append(text(json))
            if let value = JSONValue(parsing: json) {
                structured = value.objectValue != nil ? value : ["items": value]
            }
        case .file(let file):
            blocks.append(fileBlock(file))
        default:
            blocks.append(text(output.text))
        }
        blocks += shown.filter { !$0.isEmpty }.map(text)
        if blocks.isEmpty { blocks.append(text("Done; the run had no output.")) }
        var result: JSONObject = ["content": .array(blocks), "isError": false]
        if let structured { result["structuredContent"] = structured }
        return .object(result)
    }

    /// A result that tells the agent what went wrong (`isError: true`), so it can try again.
    static func failure(_ message: String) -> JSONValue {
        ["content": [text(message)], "isError": true]
    }

    private static func text(_ string: String) -> JSONValue {
        ["type": "text", "text": .string(string)]
    }

    private static func fileBlock(_ file: FileContent) -> JSONValue {
        let type = file.typeIdentifier ?? UniformType.identifier(forFileName: file.name)
        let mime = mimeType(for: type)
        if mime.hasPrefix("image/") {
            return ["type": "image", "data": .string(file.data.base64EncodedString()), "mimeType": .string(mime)]
        }
        if UniformType.isText(type), let string = String(data: file.data, encoding: .utf8) {
            return text(string)
        }
        let uri =
            file.path.map { URL(fileURLWithPath: $0).absoluteString } ?? "file:///"
            + (file.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "output")
        return [
            "type": "resource",
            "resource": ["uri": .string(uri), "mimeType": .string(mime), "blob": .string(file.data.base64EncodedString())],
        ]
    }

    /// The MIME type of a uniform type identifier, `application/octet-stream` when unknown.
    static func mimeType(for typeIdentifier: String) -> String { UniformType.mimeType(for: typeIdentifier) }
}
