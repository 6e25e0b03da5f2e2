/// A fixed set of choices an intent takes or returns, shown with titles.
///
/// ```swift
/// enum Priority: String, AppEnum {
///     case low, high
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority"
///     static let caseDisplayRepresentations: [Priority: DisplayRepresentation] = [.low: "Low", .high: "High"]
/// }
/// ```
public protocol AppEnum: _IntentValue, RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue: _IntentValue, AllCases: Sendable {
    /// How the type shows, e.g. "Priority".
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How each case shows.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// The case's title, or its raw value when it has none.
    var caseTitle: String {
        Self.caseDisplayRepresentations[self]?.title.key ?? String(describing: rawValue)
    }
}

/// Offers the choices of a parameter at run time.
///
/// ```swift
/// struct ListOptionsProvider: DynamicOptionsProvider {
///     func results() async throws -> [String] { ["Inbox", "Work"] }
/// }
/// ```
public protocol DynamicOptionsProvider: Sendable {
    associatedtype DefaultValue: _IntentValue
    /// The choices.
    func results() async throws -> [DefaultValue]
    /// The choice to start with, if any.
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> DefaultValue? { nil }
}
