import Foundation

/// A value that flows between actions: what Shortcuts calls a content item.
///
/// Every action takes content as input and produces content as output. A variable holds content
/// too. A list holds several items; a single item behaves as a list of one wherever a list is
/// expected (``items``).
///
/// ```swift
/// let greeting: Content = .text("Hello")
/// print(Content.list([.number(1), .number(2.5)]).text)   // "1\n2.5"
/// ```
public enum Content: Sendable, Equatable {
    /// The absence of content: what "Nothing" outputs and an unset variable holds.
    case nothing
    case text(String)
    /// A number. Shortcuts stores decimals; a whole number shows without a decimal point.
    case number(Double)
    case boolean(Bool)
    case date(Date)
    case url(URL)
    /// An ordered dictionary with text keys; shown as text, it is JSON.
    // Dictionaries, files and entities are boxed (`indirect`), so a content value is 17 bytes,
    // not 89: the engine copies values on every step, and the common ones stay small.
    indirect case dictionary(ContentDictionary)
    case list([Content])
    indirect case file(FileContent)
    /// A typed item from an app, such as an App Intents entity.
    indirect case entity(EntityContent)

    /// The items of this content: a list's elements, nothing for ``nothing``, otherwise itself.
    public var items: [Content] {
        switch self {
        case .nothing: return []
        case .list(let items): return items
        default: return [self]
        }
    }

    /// Makes content from items: nothing for none, the item for one, a list otherwise.
    public init(items: [Content]) {
        switch items.count {
        case 0: self = .nothing
        case 1: self = items[0]
        default: self = .list(items)
        }
    }

    /// Whether this is ``nothing`` or an empty list.
    public var isNothing: Bool {
        switch self {
        case .nothing: return true
        case .list(let items): return items.isEmpty
        default: return false
        }
    }
}

/// A file's name, type and bytes, as Shortcuts passes files between actions.
public struct FileContent: Sendable, Equatable {
    /// The file name with its extension, e.g. `notes.txt`.
    public var name: String
    /// The bytes of the file.
    public var data: Data
    /// Where the file lives on disk, when it came from or went to the file system.
    public var path: String?
    /// The content type as a uniform type identifier such as `public.plain-text`, when known.
    public var typeIdentifier: String?

    public init(name: String, data: Data, path: String? = nil, typeIdentifier: String? = nil) {
        self.name = name
        self.data = data
        self.path = path
        self.typeIdentifier = typeIdentifier ?? UniformType.identifier(forFileName: name)
    }

    /// The extension of ``name`` without the dot, or an empty string.
    public var fileExtension: String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The name without its extension.
    public var baseName: String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// An item an app defines (an App Intents entity): an identifier, how to show it, and properties.
public struct EntityContent: Sendable, Equatable {
    /// The entity's type name, e.g. `TaskEntity`.
    public var typeName: String
    public var identifier: String
    /// The title people see.
    public var displayTitle: String
    public var subtitle: String?
    /// Named properties in declaration order; property aggrandizements read them.
    public var properties: ContentDictionary

    public init(
        typeName: String, identifier: String, displayTitle: String, subtitle: String? = nil,
        properties: ContentDictionary = ContentDictionary()
    ) {
        self.typeName = typeName
        self.identifier = identifier
        self.displayTitle = displayTitle
        self.subtitle = subtitle
        self.properties = properties
    }
}

extension Content {
    /// The identifier of an entity (an app's item, a reminder, a calendar…), else `nil`.
    public var entityIdentifier: String? {
        if case .entity(let entity) = self { return entity.identifier }
        return nil
    }
}
