import FoundationEssentials
import PropertyList

/// Reading and writing `.shortcut` files (unsigned: binary or XML property lists).
public enum ShortcutFile {
    /// Reads a shortcut from a file's bytes.
    ///
    /// - Parameter path: the file's path, used only in error messages.
    /// - Throws: ``ShortcutFileError`` when the file is signed, not a property list, or not a shortcut.
    public static func read(_ data: Data, path: String) throws(ShortcutFileError) -> (workflow: Workflow, format: PropertyListFormat) {
        if data.starts(with: Array("AEA1".utf8)) {
            throw ShortcutFileError(
                .signed, path: path,
                message: """
                    \(path) is a signed shortcut (Apple Encrypted Archive, "AEA1"); only unsigned shortcuts \
                    can be read here. To get an unsigned copy, share the shortcut as an iCloud link \
                    (https://www.icloud.com/shortcuts/<id>), open \
                    https://www.icloud.com/shortcuts/api/records/<id> and download the file at \
                    fields.shortcut.value.downloadURL: that is the unsigned property list.
                    """)
        }
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
        return (Workflow(actions: actions, settings: settings), decoded.format)
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

/// Why a file could not be read as a shortcut.
public struct ShortcutFileError: Error, CustomStringConvertible, Sendable {
    /// The kind of problem; more may be added.
    public struct Code: Hashable, Sendable {
        let name: String
        public static let signed = Code(name: "signed")
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
