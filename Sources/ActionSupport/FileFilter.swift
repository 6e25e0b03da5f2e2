import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine

/// The filter actions (Filter Files, Find Apps, Filter Locations): keep the items whose
/// properties match a predicate table, then sort and limit them. Each action names its
/// properties and how to read one of an item (``Properties``).
package enum FileFilter {
    /// The properties a filter action knows: their names (the first spelling of each is shown
    /// in messages) and how to read one of an item.
    package struct Properties: Sendable {
        package var kind: String
        package var names: [String]
        package var value: @Sendable (String, Content) -> Content
        /// Other names files give a property by (older Shortcuts' `Name` for a reminder's
        /// `Title`), to the property's own.
        package var aliases: [String: String]

        package init(
            kind: String, names: [String], aliases: [String: String] = [:], value: @escaping @Sendable (String, Content) -> Content
        ) {
            self.kind = kind
            self.names = names
            self.aliases = aliases
            self.value = value
        }

        /// The property's own spelling for a name, ignoring case.
        package func named(_ name: String) -> String? {
            if let own = names.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return own }
            return aliases.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// One condition of the table, read when the action is prepared.
    package struct Rule: Sendable {
        package var property: String
        package var comparison: Int64
        package var text: String?
        package var number: Double?
        package var unit: Int64?
        package var date: Date?
        package var anotherDate: Date?
        package var bool: Bool?
    }

    package static let sortProperties = ["Name", "File Size", "File Extension", "Creation Date", "Last Modified Date", "Random"]
    package static let ascendingOrders: Set<String> = ["A to Z", "Smallest First", "Oldest First", "Ascending"]

    /// The parameters every filter action has, after its input.
    package static func parameters(input: ParameterMetadata?, sortBy: [String]) -> [ParameterMetadata] {
        (input.map { [$0] } ?? []) + [
            ParameterMetadata(key: "WFContentItemFilter", title: "Filter", type: .condition),
            ParameterMetadata(key: "WFContentItemSortProperty", title: "Sort by", type: .enumeration, options: sortBy),
            ParameterMetadata(
                key: "WFContentItemSortOrder", title: "Order", type: .enumeration,
                options: ["A to Z", "Z to A", "Smallest First", "Biggest First", "Oldest First", "Latest First"]),
            ParameterMetadata(key: "WFContentItemLimitEnabled", title: "Limit", type: .boolean, defaultValue: "false"),
            ParameterMetadata(key: "WFContentItemLimitNumber", title: "Get Items", type: .integer, minimum: 1),
        ]
    }

    /// A filter action over `properties`; `source` gives the items when the action has no input
    /// of its own (Find Apps filters the installed apps), and `load` turns each kept item into
    /// what the action outputs (Find Photos reads only the photos it keeps).
    package static func filter(
        metadata: ActionMetadata, properties: Properties, source: (@Sendable (RunContext) throws -> Content)? = nil,
        load: (@Sendable (Content, RunContext) throws -> Content)? = nil
    ) -> ActionDefinition {
        ActionDefinition(metadata: metadata) { parameters in
            var table: PredicateTableExpression?
            if case .predicates(let found) = parameters["WFContentItemFilter"] { table = found }
            let requiresAll = table?.requiresAll ?? true
            let templates = try table?.templates.map { try template($0, properties: properties) } ?? []
            let legacyInput = parameters["WFInput"]
            let sortProperty = parameters["WFContentItemSortProperty"]
            let sortOrder = parameters["WFContentItemSortOrder"]
            let limitEnabled = parameters["WFContentItemLimitEnabled"]
            let limitNumber = parameters["WFContentItemLimitNumber"]
            return { input, run in
                let items: Content =
                    if let source { try source(run) } else { legacyInput.isAbsent ? input : try run.content(legacyInput) }
                let calendar = run.environment.calendar
                let now = run.environment.now()
                let rules = try templates.map { try $0.rule(in: run) }
                var kept = items.items.filter { item in
                    guard !rules.isEmpty else { return true }
                    let results = rules.lazy.map { matches($0, value: properties.value($0.property, item), now: now, calendar: calendar) }
                    return requiresAll ? results.allSatisfy { $0 } : results.contains(true)
                }
                if let property = try run.text(sortProperty), !property.isEmpty {
                    let ascending = ascendingOrders.contains(try run.text(sortOrder) ?? "A to Z")
                    kept = try sorted(kept, by: property, ascending: ascending, properties: properties)
                }
                if try run.bool(limitEnabled) ?? false, let limit = try run.number(limitNumber, parameter: "WFContentItemLimitNumber") {
                    kept = Array(kept.prefix(max(0, Int(limit))))
                }
                if let load { kept = try kept.map { try load($0, run) } }
                return .list(kept)
            }
        }
    }

    /// One condition as compiled: its property and operator, and its values still to evaluate
    /// (they may hold variables).
    package struct Template: Sendable {
        package var property: String
        package var comparison: Int64
        package var values: [String: ParameterExpression]

        /// The condition with its values evaluated for this run.
        package func rule(in run: RunContext) throws -> Rule {
            var rule = Rule(property: property, comparison: comparison)
            func text(_ key: String) throws -> String? {
                guard let value = values[key], !value.isAbsent else { return nil }
                let content = try run.content(value)
                return content.isNothing ? nil : content.text
            }
            rule.text = try text("String") ?? text("Enumeration")
            rule.number = try text("Number").flatMap { NumberParser.parse($0) }
            rule.unit = try values["Unit"].flatMap { try run.number($0) }.map { Int64($0) }
            rule.date = try values["Date"].flatMap { try run.content($0).date }
            rule.anotherDate = try values["AnotherDate"].flatMap { try run.content($0).date }
            rule.bool = try values["Bool"].flatMap { try run.bool($0) }
            return rule
        }
    }

    /// Reads one template: `Property`, `Operator` and the `Values` record.
    package static func template(_ template: [String: ParameterExpression], properties: Properties) throws -> Template {
        let propertyName = template["Property"]?.constantText ?? ""
        guard let property = properties.named(propertyName) else {
            throw ActionFailure(
                "can't filter \(properties.kind) by \"\(propertyName)\"; expected \(properties.names.joined(separator: ", "))",
                parameter: "WFContentItemFilter")
        }
        var comparison = ConditionCode.equals.rawValue
        if case .constant(.number(let code))? = template["Operator"] { comparison = Int64(code) }
        var values: [String: ParameterExpression] = [:]
        if case .record(let record)? = template["Values"] { values = record }
        return Template(property: property, comparison: comparison, values: values)
    }

    /// Whether an item meets a rule, by the operator codes Shortcuts writes (``ConditionCode``).
    package static func matches(_ rule: Rule, value: Content, now: Date, calendar: Calendar) -> Bool {
        let code = ConditionCode(rawValue: rule.comparison)
        switch code {
        case .hasAnyValue: return !value.isNothing && !value.text.isEmpty
        case .hasNoValue: return value.isNothing || value.text.isEmpty
        default: break
        }
        if case .date(let date) = value { return matches(rule, date: date, now: now, calendar: calendar) }
        if rule.property == FileDetails.Property.fileSize.rawValue, let size = value.number {
            // File size filters count in the unit ByteCountFormatter names: 1 bytes, 2 KB, 4 MB, 8 GB, 16 TB.
            let scale: [Int64: Double] = [1: 1, 2: 1e3, 4: 1e6, 8: 1e9, 16: 1e12]
            let limit = (rule.number ?? 0) * (scale[rule.unit ?? 1] ?? 1)
            return compare(size, limit, rule.comparison)
        }
        if case .boolean(let flag) = value { return code == .notEquals ? flag != (rule.bool ?? true) : flag == (rule.bool ?? true) }
        if case .number(let number) = value, let other = rule.number { return compare(number, other, rule.comparison) }
        let text = value.text, other = rule.text ?? ""
        switch code {
        case .equals: return text.caseInsensitiveCompare(other) == .orderedSame
        case .notEquals: return text.caseInsensitiveCompare(other) != .orderedSame
        case .beginsWith: return text.lowercased().hasPrefix(other.lowercased())
        case .endsWith: return text.lowercased().hasSuffix(other.lowercased())
        case .contains: return other.isEmpty || text.range(of: other, options: .caseInsensitive) != nil
        case .doesNotContain: return other.isEmpty || text.range(of: other, options: .caseInsensitive) == nil
        default: return false
        }
    }

    package static func compare(_ value: Double, _ other: Double, _ comparison: Int64) -> Bool {
        switch ConditionCode(rawValue: comparison) {
        case .lessThan: return value < other
        case .lessThanOrEqual: return value <= other
        case .greaterThan: return value > other
        case .greaterThanOrEqual: return value >= other
        case .equals: return value == other
        case .notEquals: return value != other
        default: return false
        }
    }

    package static func matches(_ rule: Rule, date: Date, now: Date, calendar: Calendar) -> Bool {
        // Units are NSCalendarUnit bits: 4 years, 8 months, 16 days, 32 hours, 64 minutes, 128 seconds, 8192 weeks.
        let units: [Int64: Calendar.Component] = [4: .year, 8: .month, 16: .day, 32: .hour, 64: .minute, 128: .second, 8192: .weekOfYear]
        let code = ConditionCode(rawValue: rule.comparison)
        switch code {
        case .isToday: return calendar.isDate(date, inSameDayAs: now)
        case .isInTheNext, .isInTheLast:
            let amount = Int(rule.number ?? 1)
            let component = units[rule.unit ?? 16] ?? .day
            guard let bound = calendar.date(byAdding: component, value: code == .isInTheNext ? amount : -amount, to: now) else {
                return false
            }
            return code == .isInTheNext ? date >= now && date <= bound : date <= now && date >= bound
        case .between:
            guard let lower = rule.date, let upper = rule.anotherDate else { return false }
            return date >= lower && date <= upper
        default:
            guard let other = rule.date else { return false }
            return compare(date.timeIntervalSince1970, other.timeIntervalSince1970, rule.comparison)
        }
    }

    /// Items sorted by a property; Random shuffles.
    package static func sorted(_ items: [Content], by property: String, ascending: Bool, properties: Properties) throws -> [Content] {
        if property == "Random" { return items.shuffled() }
        guard let key = properties.named(property) else {
            throw ActionFailure(
                "can't sort \(properties.kind) by \"\(property)\"; expected one of \((properties.names + ["Random"]).joined(separator: ", "))",
                parameter: "WFContentItemSortProperty")
        }
        let keyed = items.map { (item: $0, key: properties.value(key, $0)) }
        let ordered = keyed.sorted { lhs, rhs in
            switch (lhs.key, rhs.key) {
            case (.date(let a), .date(let b)): return a < b
            case (.number(let a), .number(let b)): return a < b
            default: return lhs.key.text.localizedStandardCompare(rhs.key.text) == .orderedAscending
            }
        }
        return (ascending ? ordered : ordered.reversed()).map(\.item)
    }
}
