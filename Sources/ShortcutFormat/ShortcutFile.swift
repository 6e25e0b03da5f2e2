import FoundationEssentials
import PropertyList

/// Reading and writing `.shortcut` files: unsigned (binary or XML property lists) and signed.
public enum ShortcutFile {
    /// What a file holds, told from its first bytes rather than its name.
    public enum Kind: Sendable, Equatable {
        /// A binary or XML property list: an unsigned shortcut, or an Automator document
        /// (converted as it is read).
        case propertyList
        /// An Apple Encrypted Archive (`AEA1`): a signed shortcut.
        case signed
        /// UTF-8 text that is not a property list: shortcut text.
        case text
    }

    /// Tells a file's kind from its content.
    public static func kind(of data: Data) -> Kind {
        if data.starts(with: Array("AEA1".utf8)) { return .signed }
        if data.starts(with: Array("bplist".utf8)) { return .propertyList }
        // XML property lists may open with a byte order mark and white space.
        let head = String(decoding: data.prefix(256), as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if head.hasPrefix("<?xml") || head.hasPrefix("<!DOCTYPE plist") || head.hasPrefix("<plist") { return .propertyList }
        // Anything that is not text is reported as the property list it fails to be.
        let isText = !data.contains(0) && String(validating: data, as: UTF8.self) != nil
        return isText ? .text : .propertyList
    }

    /// Reads a shortcut from a file's bytes: an unsigned property list or a signed file.
    ///
    /// - Parameter path: the file's path, used only in error messages.
    /// - Throws: ``ShortcutFileError`` when the file is not a shortcut, or is signed and its
    ///   signature does not match.
    public static func read(_ data: Data, path: String) throws(ShortcutFileError) -> (workflow: Workflow, format: PropertyListFormat) {
        let document = try open(data, path: path)
        return (document.workflow, document.format)
    }

    /// Opens a shortcut file, signed or not, and says who signed it.
    ///
    /// ```swift
    /// let document = try ShortcutFile.open(data, path: "Downloads/Hello.shortcut")
    /// print(document.signature?.summary() ?? "unsigned")
    /// ```
    /// - Parameters:
    ///   - ignoringSignature: read a signed file whose signature, MACs or checksums do not match
    ///     (the mismatch is then in ``ShortcutDocument/signature``) instead of refusing it.
    ///   - checkingSignature: check a signed file at all; false reads it without libcrypto, for
    ///     files whose signature was checked before (the library's, at import).
    /// - Throws: ``ShortcutFileError`` naming the file and what failed.
    public static func open(
        _ data: Data, path: String, ignoringSignature: Bool = false, checkingSignature: Bool = true
    ) throws(ShortcutFileError) -> ShortcutDocument {
        if kind(of: data) == .signed {
            let signed = try SignedShortcutReader.read(
                [UInt8](data), path: path, ignoringSignature: ignoringSignature, checkingSignature: checkingSignature)
            var document = try unsigned(Data(signed.propertyList), path: path)
            document.signature = signed.signature
            return document
        }
        return try unsigned(data, path: path)
    }

    private static func unsigned(_ data: Data, path: String) throws(ShortcutFileError) -> ShortcutDocument {
        let decoded: (value: PropertyListValue, format: PropertyListFormat)
        do {
            decoded = try PropertyList.decode(data)
        } catch {
            throw ShortcutFileError(
                .notAPropertyList, path: path, message: "\(path) is not a shortcut: it is not a property list (\(error.message)).")
        }
        guard let root = decoded.value.dictionaryValue else {
            throw ShortcutFileError(.notAShortcut, path: path, message: "\(path) is not a shortcut: its property list is not a dictionary.")
        }
        if AutomatorWorkflow.isDocument(root) {
            return ShortcutDocument(workflow: AutomatorWorkflow.workflow(from: root), format: decoded.format, isAutomatorWorkflow: true)
        }
        guard let list = root["WFWorkflowActions"]?.arrayValue else {
            throw ShortcutFileError(.notAShortcut, path: path, message: "\(path) is not a shortcut: it has no WFWorkflowActions list.")
        }
        var actions: [WorkflowAction] = []
        actions.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            guard let fields = item.dictionaryValue, let action = WorkflowAction(propertyList: fields) else {
                throw ShortcutFileError(
                    .notAShortcut, path: path, message: "\(path): action \(index + 1) has no WFWorkflowActionIdentifier.")
            }
            actions.append(action)
        }
        var settings = root
        settings["WFWorkflowActions"] = nil
        return ShortcutDocument(workflow: Workflow(actions: actions, settings: settings), format: decoded.format)
    }

    /// The property list of a workflow, with `WFWorkflowActions` where the file had it.
    public static func propertyList(of workflow: Workflow) -> PropertyListValue {
        var root = PropertyListDictionary()
        root["WFWorkflowActions"] = .array(workflow.actions.map { .dictionary($0.propertyList) })
        for (key, value) in workflow.settings { root[key] = value }
        return .dictionary(root)
    }

    /// The file bytes of a workflow in the given format.
    public static func write(_ workflow: Workflow, format: PropertyListFormat = .binary) -> Data {
        PropertyList.encode(propertyList(of: workflow), format: format)
    }
}

/// A shortcut as read from a file, with its signature when it is signed.
public struct ShortcutDocument: Sendable {
    public var workflow: Workflow
    /// The encoding of the property list (inside the archive, for a signed file).
    public var format: PropertyListFormat
    /// Who signed the file and what was checked; nil for an unsigned file.
    public var signature: ShortcutSignature?
    /// Whether the file is an Automator workflow, converted as it was read.
    public var isAutomatorWorkflow = false
}

/// Why a file could not be read as a shortcut.
public struct ShortcutFileError: Error, CustomStringConvertible, Sendable {
    /// The kind of problem; more may be added.
    public struct Code: Hashable, Sendable {
        let name: String
        /// A signed file whose container can't be read (encrypted, or malformed).
        public static let unreadableSignedFile = Code(name: "unreadableSignedFile")
        /// A signed file cut short.
        public static let truncated = Code(name: "truncated")
        /// A signed file whose signature, MACs or checksums do not match: it was changed.
        public static let signatureMismatch = Code(name: "signatureMismatch")
        public static let notAPropertyList = Code(name: "notAPropertyList")
        public static let notAShortcut = Code(name: "notAShortcut")
    }

    public var code: Code
    public var path: String
    public var message: String

    public init(_ code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { message }
}
