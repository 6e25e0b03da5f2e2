import Foundation

/// iCalendar (RFC 5545) as far as events and to-dos need: components, properties with their
/// parameters, text escapes, dates and date-times, line folding. Unknown properties and
/// components are kept as they were, so a file written by another program round-trips. Public
/// for the content graph's fuzz target.
public enum ICalendar {
    public struct Property: Sendable, Equatable {
        public var name: String
        public var parameters: [(String, String)]
        public var value: String

        public init(_ name: String, _ value: String, parameters: [(String, String)] = []) {
            self.name = name
            self.value = value
            self.parameters = parameters
        }

        public func parameter(_ key: String) -> String? { parameters.first { $0.0.caseInsensitiveCompare(key) == .orderedSame }?.1 }

        public static func == (a: Property, b: Property) -> Bool {
            a.name == b.name && a.value == b.value && a.parameters.map { $0.0 + "=" + $0.1 } == b.parameters.map { $0.0 + "=" + $0.1 }
        }
    }

    public struct Component: Sendable, Equatable {
        public var name: String
        public var properties: [Property] = []
        public var components: [Component] = []

        public func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        public func text(_ name: String) -> String? { first(name).map { ICalendar.unescape($0.value) } }

        /// Replaces every property named `name` with one, or removes them when `value` is nil.
        mutating func set(_ name: String, _ value: String?, parameters: [(String, String)] = []) {
            let position = properties.firstIndex { $0.name == name } ?? properties.count
            properties.removeAll { $0.name == name }
            guard let value else { return }
            properties.insert(Property(name, value, parameters: parameters), at: min(position, properties.count))
        }

        mutating func setText(_ name: String, _ text: String?) { set(name, text.map(ICalendar.escape)) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The components of a file (normally one VCALENDAR).
    public static func parse(_ text: String) throws(Failure) -> [Component] {
        var stack: [Component] = []
        var top: [Component] = []
        var number = 0
        for line in unfolded(text) {
            number += 1
            guard !line.isEmpty else { continue }
            guard let property = property(line) else { throw Failure(description: "line \(number) is not NAME:VALUE") }
            switch property.name {
            case "BEGIN":
                guard stack.count < 16 else { throw Failure(description: "components nest deeper than 16 at line \(number)") }
                stack.append(Component(name: property.value.uppercased()))
            case "END":
                guard let last = stack.popLast(), last.name == property.value.uppercased() else {
                    throw Failure(description: "END:\(property.value) at line \(number) closes nothing open")
                }
                if stack.isEmpty { top.append(last) } else { stack[stack.count - 1].components.append(last) }
            default:
                guard !stack.isEmpty else { throw Failure(description: "line \(number) is outside any component") }
                stack[stack.count - 1].properties.append(property)
            }
        }
        guard stack.isEmpty else { throw Failure(description: "\(stack.last!.name) is never closed") }
        return top
    }

    /// Content lines with folding undone (a line break followed by a space or tab continues the line).
    static func unfolded(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(line)
            }
        }
        return lines
    }

    /// `NAME;PARAM=value;PARAM="quoted:value":VALUE`.
    static func property(_ line: String) -> Property? {
        var index = line.startIndex
        var quoted = false
        var colon: String.Index?
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" { quoted.toggle() }
            if character == ":", !quoted {
                colon = index
                break
            }
            index = line.index(after: index)
        }
        guard let colon else { return nil }
        let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)
        guard let name = head.first, !name.isEmpty else { return nil }
        var parameters: [(String, String)] = []
        for parameter in head.dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            parameters.append((parameter[..<equals].uppercased(), value))
        }
        return Property(name.uppercased(), String(line[line.index(after: colon)...]), parameters: parameters)
    }

    public static func serialize(_ component: Component) -> String {
        var text = "BEGIN:\(component.name)\r\n"
        for property in component.properties {
            let parameters = property.parameters.map { key, value in
                ";" + key + "=" + (value.contains { ":;,".contains($0) } ? "\"\(value)\"" : value)
            }.joined()
            text += folded(property.name + parameters + ":" + property.value)
        }
        for inner in component.components { text += serialize(inner) }
        return text + "END:\(component.name)\r\n"
    }

    /// A content line folded at 75 octets, never inside a character.
    static func folded(_ line: String) -> String {
        var result = ""
        var width = 0
        for character in line {
            let size = String(character).utf8.count
            if width + size > 75 {
                result += "\r\n "
                width = 1
            }
            result.append(character)
            width += size
        }
        return result + "\r\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// The items of a list value (CATEGORIES, RESOURCES): split at the commas that aren't escaped, each unescaped.
    static func listItems(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var escaping = false
        for character in value {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                current.append(character)
                escaping = true
            } else if character == "," {
                items.append(unescape(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(unescape(current))
        return items.filter { !$0.isEmpty }
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: Dates

    /// A DATE or DATE-TIME property's moment, and whether it is a whole day: UTC with `Z`, in
    /// its `TZID` zone, else (floating) in `zone`.
    public static func date(_ property: Property, zone: TimeZone) -> (date: Date, allDay: Bool)? {
        let value = property.value.trimmingCharacters(in: .whitespaces)
        let digits = value.filter(\.isNumber)
        guard digits.count >= 8 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        let allDay = property.parameter("VALUE")?.uppercased() == "DATE" || !value.contains("T")
        if value.hasSuffix("Z") {
            calendar.timeZone = TimeZone(identifier: "UTC")!
        } else if let zoneName = property.parameter("TZID"), let named = TimeZone(identifier: zoneName) {
            calendar.timeZone = named
        } else {
            calendar.timeZone = zone
        }
        func number(_ from: Int, _ count: Int) -> Int? {
            let start = digits.index(digits.startIndex, offsetBy: from, limitedBy: digits.endIndex) ?? digits.endIndex
            let end = digits.index(start, offsetBy: count, limitedBy: digits.endIndex) ?? digits.endIndex
            return Int(digits[start..<end])
        }
        var parts = DateComponents(year: number(0, 4), month: number(4, 2), day: number(6, 2))
        if !allDay {
            guard digits.count >= 14 else { return nil }
            (parts.hour, parts.minute, parts.second) = (number(8, 2), number(10, 2), number(12, 2))
        }
        guard let date = calendar.date(from: parts) else { return nil }
        return (date, allDay)
    }

    /// A moment as a UTC DATE-TIME (`20261203T183000Z`).
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0)
    }

    /// The day a moment falls on in `zone`, as a DATE (`20261203`).
    static func day(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
