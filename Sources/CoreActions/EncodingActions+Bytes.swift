import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFBase64LineBreakMode`.
enum Base64LineBreaks: String, ParameterOption {
    case none = "None"
    case every64 = "Every 64 Characters"
    case every76 = "Every 76 Characters"
}

/// `WFHashType`.
enum HashType: String, ParameterOption {
    case md5 = "MD5"
    case sha1 = "SHA1"
    case sha256 = "SHA256"
    case sha512 = "SHA512"

    static var aliases: [String: HashType] { ["sha-1": .sha1, "sha-256": .sha256, "sha-512": .sha512] }

    var algorithm: Digest.Algorithm {
        switch self {
        case .md5: return .md5
        case .sha1: return .sha1
        case .sha256: return .sha256
        case .sha512: return .sha512
        }
    }
}

extension EncodingActions {
    /// The bytes of an item: a file's data, anything else's text as UTF-8.
    static func bytes(of item: Content) -> Data {
        if case .file(let file) = item { return file.data }
        return Data(item.text.utf8)
    }

    static let base64 = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.base64encode", title: "Base64 Encode",
            description: "Encodes or decodes text or files using Base64 encoding. Decoded bytes that are UTF-8 become text, others a file.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true, isList: true),
                .option("WFEncodeMode", title: "Mode", default: EncodeMode.encode),
                .option("WFBase64LineBreakMode", title: "Line Breaks", default: Base64LineBreaks.every76),
            ],
            inputParameter: "WFInput", outputType: "Text", outputName: "Base64 Encoded")
    ) { parameters in
        let mode = OptionParameter(parameters, "WFEncodeMode", default: EncodeMode.encode)
        let lineBreaks = OptionParameter(parameters, "WFBase64LineBreakMode", default: Base64LineBreaks.every76)
        return { input, run in
            if try mode.value(in: run) == .decode {
                return Content(items: try input.items.map(decodeBase64))
            }
            let options: Data.Base64EncodingOptions
            switch try lineBreaks.value(in: run) {
            case .none: options = []
            case .every64: options = [.lineLength64Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]
            case .every76: options = [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]
            }
            return Content(items: input.items.map { .text(bytes(of: $0).base64EncodedString(options: options)) })
        }
    }

    private static func decodeBase64(_ item: Content) throws -> Content {
        var text = item.text.filter { !$0.isWhitespace }
        // Accept the URL-safe alphabet and missing padding too.
        text = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        if text.count % 4 != 0 { text += String(repeating: "=", count: 4 - text.count % 4) }
        guard let data = Data(base64Encoded: text) else {
            throw ActionFailure("\(item.quotedForError) is not Base64 text", parameter: "WFInput")
        }
        if let string = String(data: data, encoding: .utf8) { return .text(string) }
        return .file(FileContent(name: "Base64 Decoded", data: data, typeIdentifier: "public.data"))
    }

    static let hash = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.hash", title: "Generate Hash",
            description: "Generates an MD5, SHA1, SHA256 or SHA512 hash of text (its UTF-8 bytes) or a file, as lowercase hexadecimal.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true, isList: true),
                .option("WFHashType", title: "Type", default: HashType.md5),
            ],
            inputParameter: "WFInput", outputType: "Text", outputName: "Hash", keywords: ["md5", "sha", "checksum", "digest"])
    ) { parameters in
        let type = OptionParameter(parameters, "WFHashType", default: HashType.md5)
        return { input, run in
            let algorithm = try type.value(in: run).algorithm
            return Content(items: input.items.map { .text(Digest.hex(algorithm, of: Array(bytes(of: $0)))) })
        }
    }
}
