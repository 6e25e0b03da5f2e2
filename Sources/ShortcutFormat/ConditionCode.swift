/// The comparisons of `WFCondition` (an If's condition) and of a filter's `Operator`, by the
/// numeric codes Shortcuts writes, each with the words its editor shows. The one list the engine,
/// the filters, the text language and the app read.
public enum ConditionCode: Int64, CaseIterable, Sendable {
    case lessThan = 0, lessThanOrEqual = 1, greaterThan = 2, greaterThanOrEqual = 3
    case equals = 4, notEquals = 5, beginsWith = 8, endsWith = 9
    case contains = 99, doesNotContain = 999, hasAnyValue = 100, hasNoValue = 101
    case isInTheNext = 1000, isInTheLast = 1001, isToday = 1002, between = 1003

    /// As Shortcuts' editor words it: `is greater than`, `does not contain`…
    public var phrase: String {
        switch self {
        case .lessThan: "is less than"
        case .lessThanOrEqual: "is less than or equal to"
        case .greaterThan: "is greater than"
        case .greaterThanOrEqual: "is greater than or equal to"
        case .equals: "is"
        case .notEquals: "is not"
        case .beginsWith: "begins with"
        case .endsWith: "ends with"
        case .contains: "contains"
        case .doesNotContain: "does not contain"
        case .hasAnyValue: "has any value"
        case .hasNoValue: "does not have any value"
        case .isInTheNext: "is in the next"
        case .isInTheLast: "is in the last"
        case .isToday: "is today"
        case .between: "is between"
        }
    }

    /// The code an iOS 12 file names instead (`Equals`, `Contains`, `Is Greater Than`…).
    public init?(name: String) {
        switch name {
        case "Equals", "Is": self = .equals
        case "Contains": self = .contains
        case "Is Greater Than": self = .greaterThan
        case "Is Less Than": self = .lessThan
        case "Begins With": self = .beginsWith
        case "Ends With": self = .endsWith
        case "Does Not Contain": self = .doesNotContain
        case "Is Not": self = .notEquals
        default: return nil
        }
    }
}
