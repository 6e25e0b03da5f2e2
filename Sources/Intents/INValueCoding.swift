import Foundation
import ShortcutsContent

/// Why content couldn't become a parameter's value.
struct INValueProblem: Error {
    var message: String
}

/// Converts between content (what the host sends) and the values generated properties store.
struct INValueCoding {
    let types: [String: INTypeSchema]
    let enums: [String: INEnumSchema]

    init(definitions: [INIntentDefinitionSchema]) {
        var types: [String: INTypeSchema] = [:]
        var enums: [String: INEnumSchema] = [:]
        for definition in definitions {
            for type in definition.types { types[type.name] = type }
            for enumeration in definition.enums { enums[enumeration.name] = enumeration }
        }
        self.types = types
        self.enums = enums
    }

    // MARK: Content → stored value

    /// The stored value for content: a list for list parameters, nil for nothing.
    func value(from content: Content, for parameter: INParameterSchema) throws(INValueProblem) -> Any? {
        if content.isNothing { return nil }
        if parameter.isList {
            var values: [Any] = []
            for item in content.items { values.append(try single(item, for: parameter)) }
            return value(list: values, for: parameter)
        }
        return try single(content.items.count == 1 ? content.items[0] : content, for: parameter)
    }

    private func single(_ content: Content, for parameter: INParameterSchema) throws(INValueProblem) -> Any {
        func expected(_ what: String) -> INValueProblem {
            INValueProblem(message: "\(parameter.title) expects \(what), got \(content.typeName.lowercased()) “\(content.text.prefix(80))”")
        }
        switch parameter.type {
        case .string:
            return content.text
        case .integer:
            guard let number = content.number, number == number.rounded(), abs(number) < 1e15 else { throw expected("a whole number") }
            return NSNumber(value: Int(number))
        case .decimal, .duration:
            guard let number = content.number else { throw expected("a number") }
            return NSNumber(value: number)
        case .boolean:
            guard let value = content.boolean else { throw expected("true or false") }
            return NSNumber(value: value)
        case .dateComponents:
            guard let date = content.date else { throw expected("a date") }
            return Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        case .url:
            guard let url = content.url else { throw expected("a URL") }
            return url
        case .file:
            let file = content.file(named: parameter.title)
            if let path = file.path {
                return INFile(fileURL: URL(fileURLWithPath: path), filename: file.name, typeIdentifier: file.typeIdentifier)
            }
            return INFile(data: file.data, filename: file.name, typeIdentifier: file.typeIdentifier)
        case .placemark:
            return CLPlacemark(name: content.text)
        case .currency:
            let parts = content.text.split(separator: " ")
            guard let amount = parts.first.flatMap({ Decimal(string: String($0)) }) else { throw expected("an amount such as “12.50 EUR”") }
            return INCurrencyAmount(amount: NSDecimalNumber(decimal: amount), currencyCode: parts.count > 1 ? String(parts[1]) : "USD")
        case .enumeration(let name):
            return try enumCase(content, in: name, parameter: parameter).rawValue
        case .object(let name):
            return try object(content, of: name, parameter: parameter)
        }
    }

    func enumCase(_ content: Content, in name: String, parameter: INParameterSchema) throws(INValueProblem) -> INEnumSchema.Case {
        guard let schema = enums[name] else { throw INValueProblem(message: "the enumeration \(name) is not in the app's definitions") }
        let text = content.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let found = schema.cases.first(where: { $0.name == text })
            ?? schema.cases.first(where: {
                $0.title.caseInsensitiveCompare(text) == .orderedSame || $0.name.caseInsensitiveCompare(text) == .orderedSame
            })
            ?? Int(text).flatMap({ raw in schema.cases.first { $0.rawValue == raw } })
        {
            return found
        }
        let choices = schema.cases.filter { $0.rawValue != 0 }.map(\.title).joined(separator: ", ")
        throw INValueProblem(message: "\(parameter.title) expects one of \(choices), got “\(text.prefix(80))”")
    }

    /// A custom-type value from an entity (with its properties) or from text (identifier and title).
    func object(_ content: Content, of name: String, parameter: INParameterSchema) throws(INValueProblem) -> INObject {
        // An Object parameter that names no type holds a plain INObject: an identifier and a title.
        if name == "INObject", types[name] == nil {
            guard case .entity(let entity) = content else { return INObject(identifier: content.text, display: content.text) }
            let object = INObject(identifier: entity.identifier, display: entity.displayTitle)
            object.subtitleString = entity.subtitle
            return object
        }
        guard let schema = types[name] else { throw INValueProblem(message: "the type \(name) is not in the app's definitions") }
        guard case .entity(let entity) = content else {
            return schema.make(content.text, content.text)
        }
        let object = schema.make(entity.identifier, entity.displayTitle)
        object.subtitleString = entity.subtitle
        for property in schema.properties {
            let value = entity.properties[property.name]
            if let value, let stored = try? self.value(from: value, for: property) {
                object.setStoredValue(stored, forKey: property.name)
            }
        }
        return object
    }

    /// Lists are stored with their element type, so generated `[T]?` properties read them back.
    func value(list values: [Any], for parameter: INParameterSchema) -> Any {
        switch parameter.type {
        case .string: return values.compactMap { $0 as? String }
        case .integer, .decimal, .boolean, .duration: return values.compactMap { $0 as? NSNumber }
        case .dateComponents: return values.compactMap { $0 as? DateComponents }
        case .url: return values.compactMap { $0 as? URL }
        case .file: return values.compactMap { $0 as? INFile }
        case .placemark: return values.compactMap { $0 as? CLPlacemark }
        case .currency: return values.compactMap { $0 as? INCurrencyAmount }
        case .enumeration: return values.compactMap { $0 as? Int }
        case .object: return values.compactMap { $0 as? INObject }
        }
    }

    // MARK: Stored value → content

    /// Content for a stored value (or a resolution result's value) of a parameter's type.
    func content(of value: Any?, for parameter: INParameterSchema) -> Content {
        guard let value else { return .nothing }
        if let list = value as? [Any], !(value is String) {
            return .list(list.map { content(of: $0, for: parameter) })
        }
        switch value {
        case let number as NSNumber:
            if case .enumeration(let name) = parameter.type { return enumContent(number.intValue, in: name) }
            if parameter.type == .boolean { return .boolean(number.boolValue) }
            return .number(number.doubleValue)
        case let number as Int:
            if case .enumeration(let name) = parameter.type { return enumContent(number, in: name) }
            return .number(Double(number))
        case let number as Double: return .number(number)
        case let flag as Bool: return .boolean(flag)
        case let text as String: return .text(text)
        case let components as DateComponents:
            return (Calendar.current.date(from: components)).map(Content.date) ?? .nothing
        case let url as URL: return .url(url)
        case let file as INFile:
            return .file(FileContent(name: file.filename, data: file.data, path: file.fileURL?.path, typeIdentifier: file.typeIdentifier))
        case let object as INObject: return .entity(entity(object))
        case let amount as INCurrencyAmount:
            return .text("\(amount.amount?.stringValue ?? "") \(amount.currencyCode ?? "")".trimmingCharacters(in: .whitespaces))
        default: return .text(String(describing: value))
        }
    }

    private func enumContent(_ rawValue: Int, in name: String) -> Content {
        guard let found = enums[name]?.cases.first(where: { $0.rawValue == rawValue }) else { return .number(Double(rawValue)) }
        return found.rawValue == 0 ? .nothing : .text(found.name)
    }

    /// An object as an entity, with its generated properties.
    func entity(_ object: INObject) -> EntityContent {
        let typeName = String(describing: type(of: object))
        var properties = ContentDictionary()
        for property in types[typeName]?.properties ?? [] {
            properties[property.name] = content(of: object.storedValue(forKey: property.name), for: property)
        }
        return EntityContent(
            typeName: typeName, identifier: object.identifier ?? object.displayString, displayTitle: object.displayString,
            subtitle: object.subtitleString, properties: properties)
    }

    /// The title people see for a value.
    func title(of value: Any, for parameter: INParameterSchema) -> String {
        if let object = value as? INObject { return object.displayString }
        if case .enumeration(let name) = parameter.type, let raw = (value as? Int) ?? (value as? NSNumber)?.intValue {
            return enums[name]?.cases.first { $0.rawValue == raw }?.title ?? String(raw)
        }
        return content(of: value, for: parameter).text
    }
}
