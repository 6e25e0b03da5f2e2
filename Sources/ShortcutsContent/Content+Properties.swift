import Foundation

extension Content {
    /// A property of the content, as a property aggrandizement reads it (`Name`, `File Size`,
    /// `Day`, `Host`…). Property names match case-insensitively; a list gives each item's property.
    public func property(_ name: String) -> Content {
        if case .list(let items) = self { return .list(items.map { $0.property(name) }) }
        let key = name.lowercased()
        switch self {
        case .file(let file):
            switch key {
            case "name": return .text(file.baseName)
            case "file extension", "extension": return .text(file.fileExtension)
            case "file size", "size": return .number(Double(file.data.count))
            case "file path", "path": return file.path.map(Content.text) ?? .nothing
            case "type", "file type": return .text(file.typeIdentifier ?? "public.data")
            case "creation date", "last modified date":
                guard let path = file.path,
                    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                else { return .nothing }
                let date = attributes[key == "creation date" ? .creationDate : .modificationDate] as? Date
                return date.map(Content.date) ?? .nothing
            default: break
            }
        case .date(let date):
            let calendar = DateContext.calendar
            let components: [String: Calendar.Component] = [
                "year": .year, "month": .month, "day": .day, "hour": .hour, "minute": .minute,
                "second": .second, "weekday": .weekday, "week of year": .weekOfYear, "era": .era,
            ]
            if let component = components[key] { return .number(Double(calendar.component(component, from: date))) }
            if key == "day of week" {
                return .text(DateText.format(date, dateStyle: .custom, pattern: "EEEE"))
            }
            if key == "time zone" { return .text(calendar.timeZone.identifier) }
            if key == "unix timestamp" || key == "timestamp" { return .number(date.timeIntervalSince1970.rounded(.down)) }
        case .url(let url):
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            switch key {
            case "scheme": return components?.scheme.map(Content.text) ?? .nothing
            case "host": return components?.host.map(Content.text) ?? .nothing
            case "path": return components.map { .text($0.path) } ?? .nothing
            case "query": return components?.query.map(Content.text) ?? .nothing
            case "fragment": return components?.fragment.map(Content.text) ?? .nothing
            case "port": return components?.port.map { .number(Double($0)) } ?? .nothing
            case "user": return components?.user.map(Content.text) ?? .nothing
            case "password": return components?.password.map(Content.text) ?? .nothing
            default: break
            }
        case .dictionary(let dictionary):
            switch key {
            case "keys": return .list(dictionary.keys.map(Content.text))
            case "values": return .list(dictionary.values)
            case "count": return .number(Double(dictionary.count))
            default: return dictionary[name] ?? .nothing
            }
        case .text(let text):
            switch key {
            case "name": return .text(text)
            case "count", "length": return .number(Double(text.count))
            default: break
            }
        case .entity(let entity):
            switch key {
            case "id", "identifier": return .text(entity.identifier)
            case "name", "title": if entity.properties[name] == nil { return .text(entity.displayTitle) }
            default: break
            }
            // Files name properties by title ("Due Date"); apps by Swift name (dueDate).
            let wanted = key.filter { $0 != " " }
            for (property, value) in entity.properties where property.lowercased().filter({ $0 != " " }) == wanted {
                return value
            }
            return .nothing
        default: break
        }
        if key == "name" { return .text(text) }
        return .nothing
    }

    /// The value for a key of a dictionary, or for a dot-separated key path (`user.name`) when no
    /// key matches whole. Text holding JSON works too; a list gives each item's value.
    public func value(forKeyPath keyPath: String) -> Content {
        if case .list(let items) = self { return Content(items: items.map { $0.value(forKeyPath: keyPath) }) }
        guard let dictionary = self.dictionary else { return .nothing }
        if let value = dictionary[keyPath] { return value }
        guard keyPath.contains(".") else { return .nothing }
        var current: Content = .dictionary(dictionary)
        for part in keyPath.split(separator: ".") {
            if case .list(let items) = current, let position = Int(part) {
                guard position >= 1, position <= items.count else { return .nothing }
                current = items[position - 1]
                continue
            }
            guard let next = current.dictionary?[String(part)] else { return .nothing }
            current = next
        }
        return current
    }
}
