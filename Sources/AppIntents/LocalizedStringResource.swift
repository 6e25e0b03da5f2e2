import Foundation

/// A string people see, written as a literal, as in Apple's App Intents.
///
/// There is no localisation on Linux: the resource's text is its key, with interpolations filled in.
///
/// ```swift
/// static let title: LocalizedStringResource = "Create Task"
/// let greeting = LocalizedStringResource("Hello, \(name)")
/// ```
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text, interpolations included.
    public var key: String
    /// The key with each interpolation written as `%@`, as a strings file would hold it.
    public var defaultValue: String

    /// A resource whose key is also its text, as Apple's `init(_:table:locale:bundle:comment:)`
    /// makes one; the table, locale and comment are accepted and have no effect (Linux has no
    /// strings tables for it to look in).
    public init(_ key: String, table: String? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        self.key = key
        self.defaultValue = key
    }

    public init(_ key: String, defaultValue: String, comment: String? = nil) {
        self.key = defaultValue
        self.defaultValue = defaultValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(stringInterpolation.text)
    }

    public var description: String { key }

    /// A literal's interpolations: values as they print, and Apple's placeholders for a format
    /// filled in later, such as `TypeDisplayRepresentation`'s count (`"\(placeholder: .int) tasks"`).
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation<Value>(_ value: Value) { text += String(describing: value) }

        /// A value filled in later: written as its format specifier (`%lld` for `.int`), as the key
        /// of a strings file holds it.
        public mutating func appendInterpolation(placeholder: Placeholder) { text += placeholder.specifier }
    }

    /// The kind of a value a format fills in later (Foundation's `String.LocalizationValue.Placeholder`).
    public enum Placeholder: Sendable {
        case int, uint, float, double, object

        var specifier: String {
            switch self {
            case .int: "%lld"
            case .uint: "%llu"
            case .float: "%f"
            case .double: "%lf"
            case .object: "%@"
            }
        }
    }
}

extension String {
    /// The text of a resource (there is no translation on Linux).
    public init(localized resource: LocalizedStringResource) {
        self = resource.key
    }
}

/// A type whose value has a text people see, used for thrown errors' messages.
///
/// ```swift
/// enum TaskError: Error, CustomLocalizedStringResourceConvertible {
///     case pastDueDate
///     var localizedStringResource: LocalizedStringResource { "Due date must be in the future." }
/// }
/// ```
public protocol CustomLocalizedStringResourceConvertible {
    /// The text people see.
    var localizedStringResource: LocalizedStringResource { get }
}

/// How an action describes itself in Shortcuts: a text, a category and search keywords.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringInterpolation {
    public var descriptionText: LocalizedStringResource
    public var categoryName: LocalizedStringResource?
    public var searchKeywords: [LocalizedStringResource]
    /// The name of the action's output in the editor (e.g. "Created Task").
    public var resultValueName: LocalizedStringResource?

    public init(
        _ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
        searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource? = nil
    ) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
        self.resultValueName = resultValueName
    }

    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}

/// What an intent says to the person: a full text, and a shorter supporting one for small displays.
///
/// ```swift
/// return .result(dialog: "Created \(task.title).")
/// ```
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The full text, shown or spoken.
    public var full: LocalizedStringResource
    public var supporting: LocalizedStringResource
    public var systemImageName: String?

    public init(_ full: LocalizedStringResource) {
        self.init(full: full, supporting: full)
    }

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource, systemImageName: String? = nil) {
        self.full = full
        self.supporting = supporting
        self.systemImageName = systemImageName
    }

    /// A dialog with a symbol (an SF Symbol's name on Apple's systems; kept, not drawn, here).
    public init(full: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: full, systemImageName: systemImageName)
    }

    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}
