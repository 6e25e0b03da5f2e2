import ShortcutsContent

/// Checks a written value against what its parameter takes, where the written form makes a
/// mismatch certain (text where a number goes, a number where a Boolean goes). Variables are
/// never refused: their content is only known when the shortcut runs.
enum TypeCheck {
    static func check(_ value: ValueSyntax, against parameter: ParameterMetadata?, label: String, log: inout DiagnosticLog) {
        guard let parameter else { return }
        let found = description(of: value)
        switch parameter.type {
        case .number, .integer:
            switch value {
            case .integer, .real, .variable, .tagged: return
            case .string(let parts, _):
                if parts.count == 1, case .literal(let text) = parts[0], Double(text) != nil { return }
                if parts.contains(where: { if case .interpolation = $0 { true } else { false } }) { return }
            default: break
            }
            log.error("'\(label)' takes a number, found \(found)", at: value.position)
        case .boolean:
            switch value {
            case .boolean, .variable, .tagged: return
            default: log.error("'\(label)' takes true or false, found \(found)", at: value.position)
            }
        case .enumeration where !parameter.options.isEmpty:
            guard case .string(let parts, _) = value, parts.count == 1, case .literal(let text) = parts[0],
                !parameter.options.contains(text)
            else { return }
            let choices = parameter.options.map { "\"\($0)\"" }.joined(separator: ", ")
            let suggestion =
                Suggestion.closest(to: text, among: parameter.options).map { "; did you mean \"\($0)\"?" } ?? " (it takes \(choices))"
            log.warning("\"\(text)\" is not one of the choices of '\(label)'\(suggestion)", at: value.position)
        default: return
        }
    }

    private static func description(of value: ValueSyntax) -> String {
        switch value {
        case .string: return "text"
        case .integer, .real: return "a number"
        case .boolean: return "a Boolean"
        case .none: return "none"
        case .variable: return "a variable"
        case .list: return "a list"
        case .dictionary: return "a dictionary"
        case .tagged(let tag, _, _): return "#\(tag)"
        }
    }
}
