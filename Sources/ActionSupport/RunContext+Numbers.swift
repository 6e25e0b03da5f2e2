import ShortcutsContent
import ShortcutsEngine

/// Reading numbers from parameters with the bounds an action allows.
extension RunContext {
    /// A whole number from a parameter, `fallback` when it is empty, refused outside `range`.
    package func wholeNumber(
        _ expression: ParameterExpression, parameter: String, in range: ClosedRange<Int>, default fallback: Int, what: String
    )
        throws -> Int
    {
        let value = try number(expression, parameter: parameter) ?? Double(fallback)
        guard value.isFinite, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw ActionFailure("\(what) is \(range.lowerBound) to \(range.upperBound), not \(value.formatted())", parameter: parameter)
        }
        return Int(value)
    }

    /// A number from a parameter kept within `range` (a slider's value), `fallback` when it is
    /// empty; one that isn't a finite number is refused, naming the parameter.
    package func boundedNumber(
        _ expression: ParameterExpression, parameter: String, in range: ClosedRange<Double>, default fallback: Double?
    )
        throws -> Double?
    {
        guard let value = try number(expression, parameter: parameter) ?? fallback else { return nil }
        guard value.isFinite else {
            throw ActionFailure(
                "expected a number from \(NumberText.format(range.lowerBound)) to \(NumberText.format(range.upperBound)), got \(NumberText.format(value))",
                parameter: parameter)
        }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

extension RunContext {
    /// A parameter's value, or the action's input when the parameter isn't set, as an input
    /// parameter takes it.
    package func content(_ parameters: CompiledParameters, _ key: String, orInput input: Content) throws -> Content {
        parameters[key].isAbsent ? input : try content(parameters[key])
    }
}
