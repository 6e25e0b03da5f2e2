/// Spelling names as Swift identifiers.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self",
        "throw", "throws", "true", "try", "await", "async",
    ]

    /// The name, back-quoted when it is a keyword; characters Swift can't take become `_`.
    static func identifier(_ name: String) -> String {
        var cleaned = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if cleaned.first?.isNumber ?? true { cleaned = "_" + cleaned }
        return keywords.contains(cleaned) ? "`\(cleaned)`" : cleaned
    }

    /// Whether a name from a definition can be a generated type's name as it is: ASCII letters,
    /// digits and `_`, not starting with a digit, not a keyword. Xcode refuses other names too.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        return allowed && !keywords.contains(name) && name.count <= 200
    }

    /// `dueDate` → `DueDate`, as method and class names embed parameter names.
    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The names in a format string's `${name}` placeholders, in order.
    static func placeholders(in format: String) -> [String] {
        var names: [String] = []
        var rest = Substring(format)
        while let start = rest.range(of: "${"), let end = rest[start.upperBound...].firstIndex(of: "}") {
            names.append(String(rest[start.upperBound..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return names
    }

    /// A Swift string literal for any text.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}

/// The Swift spellings of a value's kind.
enum SwiftTypes {
    /// The stored element type (`NSNumber` for numbers, `Int` raw values for enumerations).
    static func storage(_ kind: SwiftModel.Value.Kind) -> String {
        switch kind {
        case .string: return "String"
        case .integer, .decimal, .boolean, .duration: return "NSNumber"
        case .dateComponents: return "DateComponents"
        case .file: return "INFile"
        case .url: return "URL"
        case .placemark: return "CLPlacemark"
        case .currency: return "INCurrencyAmount"
        case .object(let name): return name
        case .enumeration: return "Int"
        }
    }

    /// The element type people see (`NSNumber`, an enumeration…).
    static func element(_ kind: SwiftModel.Value.Kind) -> String {
        if case .enumeration(let name, _) = kind { return name }
        return storage(kind)
    }

    /// The property type: `T?`, `[T]?`, or a plain enumeration.
    static func property(_ value: SwiftModel.Value) -> String {
        if value.isList { return "[\(element(value.kind))]?" }
        if case .enumeration(let name, _) = value.kind { return name }
        return element(value.kind) + "?"
    }

    /// A non-optional parameter type, as response factories take values.
    static func argument(_ value: SwiftModel.Value) -> String {
        value.isList ? "[\(element(value.kind))]" : element(value.kind)
    }

    /// The resolution result class of one value.
    static func resolutionResult(_ value: SwiftModel.Value) -> String {
        if let override = value.resultClassOverride { return override }
        return baseResolutionResult(value.kind)
    }

    static func baseResolutionResult(_ kind: SwiftModel.Value.Kind) -> String {
        switch kind {
        case .string: return "INStringResolutionResult"
        case .integer: return "INIntegerResolutionResult"
        case .decimal: return "INDoubleResolutionResult"
        case .boolean: return "INBooleanResolutionResult"
        case .duration: return "INTimeIntervalResolutionResult"
        case .dateComponents: return "INDateComponentsResolutionResult"
        case .file: return "INFileResolutionResult"
        case .url: return "INURLResolutionResult"
        case .placemark: return "INPlacemarkResolutionResult"
        case .currency: return "INCurrencyAmountResolutionResult"
        case .object(let name), .enumeration(let name, _): return name + "ResolutionResult"
        }
    }

    /// The element type of an options collection, or nil when the kind can't have options.
    static func optionsElement(_ kind: SwiftModel.Value.Kind) -> String? {
        switch kind {
        case .string: return "NSString"
        case .integer, .decimal: return "NSNumber"
        case .file: return "INFile"
        case .placemark: return "CLPlacemark"
        case .object(let name): return name
        case .boolean, .duration, .dateComponents, .url, .currency, .enumeration: return nil
        }
    }

    /// The runtime schema's `ValueType`.
    static func schema(_ kind: SwiftModel.Value.Kind) -> String {
        switch kind {
        case .string: return ".string"
        case .integer: return ".integer"
        case .decimal: return ".decimal"
        case .boolean: return ".boolean"
        case .duration: return ".duration"
        case .dateComponents: return ".dateComponents"
        case .file: return ".file"
        case .url: return ".url"
        case .placemark: return ".placemark"
        case .currency: return ".currency"
        case .object(let name): return ".object(\(SwiftNames.literal(name)))"
        case .enumeration(let name, _): return ".enumeration(\(SwiftNames.literal(name)))"
        }
    }
}
