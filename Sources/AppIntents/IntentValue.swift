import Foundation
import ShortcutsContent

/// A type an intent's parameter or result can hold: text, numbers, dates, URLs, files, entities,
/// enumerations, and optionals and arrays of them.
///
/// The module conforms the built-in types; ``AppEntity`` and ``AppEnum`` types conform through
/// their protocols. `UnwrappedType` is the value without its optionality (a parameter's `default`).
public protocol _IntentValue: Sendable {
    /// The type without `Optional`.
    associatedtype UnwrappedType = Self
    /// The type a person chooses or enters (the unwrapped type).
    associatedtype ValueType = UnwrappedType
}

extension String: _IntentValue {}
extension Int: _IntentValue {}
extension Double: _IntentValue {}
extension Decimal: _IntentValue {}
extension Bool: _IntentValue {}
extension Date: _IntentValue {}
extension DateComponents: _IntentValue {}
extension URL: _IntentValue {}

extension Optional: _IntentValue where Wrapped: _IntentValue {
    public typealias UnwrappedType = Wrapped
    public typealias ValueType = Wrapped
}

extension Array: _IntentValue where Element: _IntentValue {}

/// A value that crosses the protocol as content, for the types this module knows itself.
protocol ContentConvertible: SendableMetatype {
    /// The parameter type the manifest states.
    static var parameterType: ParameterMetadata.ValueType { get }
    /// The content type name (`Text`, `Number`…) for output types and entity properties.
    static var contentTypeName: String { get }
    /// Makes a value from content, or nil when the content can't be one.
    static func value(from content: Content) -> Self?
    var content: Content { get }
}

extension String: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .text }
    static var contentTypeName: String { "Text" }
    static func value(from content: Content) -> String? { content.isNothing ? nil : content.text }
    var content: Content { .text(self) }
}

extension Int: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .integer }
    static var contentTypeName: String { "Number" }
    static func value(from content: Content) -> Int? {
        guard let number = content.number, number.isFinite, number.rounded() == number else { return nil }
        return Int(exactly: number)
    }
    var content: Content { .number(Double(self)) }
}

extension Double: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .number }
    static var contentTypeName: String { "Number" }
    static func value(from content: Content) -> Double? { content.number }
    var content: Content { .number(self) }
}

extension Decimal: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .number }
    static var contentTypeName: String { "Number" }
    static func value(from content: Content) -> Decimal? { content.number.map { Decimal($0) } }
    var content: Content { .number(NSDecimalNumber(decimal: self).doubleValue) }
}

extension Bool: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .boolean }
    static var contentTypeName: String { "Boolean" }
    static func value(from content: Content) -> Bool? { content.boolean }
    var content: Content { .boolean(self) }
}

extension Date: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .date }
    static var contentTypeName: String { "Date" }
    static func value(from content: Content) -> Date? { content.date }
    var content: Content { .date(self) }
}

extension DateComponents: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .date }
    static var contentTypeName: String { "Date" }
    static func value(from content: Content) -> DateComponents? {
        content.date.map { Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: $0) }
    }
    var content: Content { Calendar.current.date(from: self).map(Content.date) ?? .nothing }
}

extension URL: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .url }
    static var contentTypeName: String { "URL" }
    static func value(from content: Content) -> URL? { content.url }
    var content: Content { .url(self) }
}

/// `Optional`, seen through a type-erased lens.
protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    static func wrapping(_ value: Any?) -> Any
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static func wrapping(_ value: Any?) -> Any { value as? Wrapped as Any }
    var wrapped: Any? { self.map { $0 as Any } }
}

/// `Array`, seen through a type-erased lens.
protocol ArrayValue {
    static var elementType: Any.Type { get }
    static func making(_ elements: [Any]) -> Any
    var elements: [Any] { get }
}

extension Array: ArrayValue {
    static var elementType: Any.Type { Element.self }
    static func making(_ elements: [Any]) -> Any { elements.compactMap { $0 as? Element } }
    var elements: [Any] { map { $0 as Any } }
}
