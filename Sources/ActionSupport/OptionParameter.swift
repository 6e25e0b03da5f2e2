import Foundation
import ShortcutsContent
import ShortcutsEngine

/// A choice among fixed values, as an enumeration parameter stores it (`UPPERCASE`, `Item At Index`…).
///
/// Conforming enums list Apple's values as raw values; ``aliases`` adds spellings other tools
/// write (`...` for `…`). Matching ignores case when no value matches exactly.
package protocol ParameterOption: RawRepresentable<String>, CaseIterable, Sendable {
    /// Other spellings, lowercased, for values some files write differently.
    static var aliases: [String: Self] { get }
}

extension ParameterOption {
    package static var aliases: [String: Self] { [:] }

    /// The option a file's text names, or `nil` when it names none.
    package init?(named name: String) {
        if let exact = Self(rawValue: name) {
            self = exact
            return
        }
        let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let match = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) ?? Self.aliases[folded] {
            self = match
            return
        }
        return nil
    }
}

/// An enumeration parameter, parsed once when the action is prepared.
///
/// A constant value is parsed at prepare time; a variable is read and parsed on each run. A
/// constant that names no option fails when the action runs, not when the shortcut compiles, so
/// a shortcut whose broken action never runs still works.
///
/// ```swift
/// let mode = OptionParameter(parameters, "WFEncodeMode", default: EncodeMode.encode)
/// return { input, run in switch try mode.value(in: run) { … } }
/// ```
package struct OptionParameter<Option: ParameterOption>: Sendable {
    private enum Source: Sendable {
        case constant(Option)
        case invalid(String)
        case variable(ParameterExpression)
    }

    package let key: String
    private let source: Source
    private let defaultValue: Option

    package init(_ parameters: CompiledParameters, _ key: String, default defaultValue: Option) {
        self.key = key
        self.defaultValue = defaultValue
        let expression = parameters[key]
        if expression.isAbsent {
            source = .constant(defaultValue)
        } else if let text = expression.constantText {
            source = Option(named: text).map(Source.constant) ?? .invalid(text)
        } else {
            source = .variable(expression)
        }
    }

    /// The option when it is known without running (a constant or the default).
    package var constant: Option? {
        if case .constant(let option) = source { return option }
        return nil
    }

    /// The option for this run.
    ///
    /// - Throws: ``ActionFailure`` naming the parameter when the value is not one of the options.
    package func value(in run: RunContext) throws -> Option {
        switch source {
        case .constant(let option): return option
        case .invalid(let text): throw failure(text)
        case .variable(let expression):
            guard let text = try run.text(expression), !text.isEmpty else { return defaultValue }
            guard let option = Option(named: text) else { throw failure(text) }
            return option
        }
    }

    private func failure(_ text: String) -> ActionFailure {
        let choices = Option.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return ActionFailure("expected one of \(choices), got \"\(text.prefix(60))\"", parameter: key)
    }
}

extension ParameterMetadata {
    /// An enumeration parameter listing every option of a ``ParameterOption`` type.
    package static func option<Option: ParameterOption>(
        _ key: String, title: String, default defaultValue: Option, description: String = ""
    ) -> ParameterMetadata {
        ParameterMetadata(
            key: key, title: title, description: description, type: .enumeration,
            options: Option.allCases.map(\.rawValue), defaultValue: defaultValue.rawValue)
    }
}
