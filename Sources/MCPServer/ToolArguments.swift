import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsRPC

/// Turns a tool call's JSON arguments into what the engine takes: action parameters as a
/// shortcut file would hold them, and input content.
enum ToolArguments {
    /// Why the arguments can't be used; the agent sees the message and can call again.
    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// A JSON value as a parameter value: strings, numbers, Booleans, lists, and objects as
    /// dictionary fields. `null` is no value.
    static func parameterValue(_ value: JSONValue) -> ParameterValue? {
        switch value {
        case .null: return nil
        case .string(let string): return .plain(.string(string))
        case .bool(let bool): return .plain(.boolean(bool))
        case .number(let number):
            if number == number.rounded(), abs(number) < 9e15 { return .plain(.integer(Int64(number))) }
            return .plain(.real(number))
        case .array(let items): return .array(items.compactMap(parameterValue))
        case .object(let object):
            return .dictionaryField(
                object.compactMap { key, value in
                    parameterValue(value).map {
                        DictionaryItem(itemType: itemType(of: value).rawValue, key: .plain(.string(key)), value: $0)
                    }
                })
        }
    }

    private static func itemType(of value: JSONValue) -> DictionaryItem.ItemType {
        switch value {
        case .object: return .dictionary
        case .array: return .array
        case .number: return .number
        case .bool: return .boolean
        default: return .text
        }
    }

    /// Files at the given paths, as input content.
    ///
    /// - Throws: ``Problem`` naming the argument and the path that can't be read.
    static func files(_ value: JSONValue, argument: String) throws(Problem) -> [Content] {
        let paths: [String]
        switch value {
        case .string(let path): paths = [path]
        case .array(let items):
            paths = try items.map { item throws(Problem) -> String in
                guard let path = item.stringValue else { throw Problem("`\(argument)` takes file paths (strings), got \(item.text)") }
                return path
            }
        default:
            throw Problem("`\(argument)` takes a file path or a list of file paths, got \(value.text)")
        }
        return try paths.map { path throws(Problem) -> Content in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: path)
            else {
                throw Problem("`\(argument)`: can't read the file \(path) (give an absolute path to an existing, readable file)")
            }
            return .file(FileContent(name: (path as NSString).lastPathComponent, data: data, path: path))
        }
    }

    /// The strings of an array argument such as `answers`.
    static func strings(_ value: JSONValue?, argument: String) throws(Problem) -> [String] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else { throw Problem("`\(argument)` takes a list of strings, got \(value.text)") }
        return try items.map { item throws(Problem) -> String in
            switch item {
            case .string(let string): return string
            case .number, .bool: return JSONValue.array([item]).text.dropFirst().dropLast().description
            default: throw Problem("`\(argument)` takes a list of strings, got \(item.text)")
            }
        }
    }

    /// A Boolean argument such as `confirm`.
    static func flag(_ value: JSONValue?, argument: String) throws(Problem) -> Bool {
        guard let value, !value.isNull else { return false }
        guard let flag = value.boolValue else { throw Problem("`\(argument)` takes true or false, got \(value.text)") }
        return flag
    }
}
